import type { RESOURCE_SCHEMAS, ResourceType } from '@shop/shared/contracts'

/**
 * A schema input with its nullable fields optional: those are preprocessed (absent or blank
 * becomes null), so their input type is `unknown` yet their key is required.
 */
type Loose<T> = T extends readonly (infer U)[]
  ? Loose<U>[]
  : T extends object
    ? { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & {
        [K in keyof T as unknown extends T[K] ? never : K]: Loose<T[K]>
      }
    : T

/**
 * What a demo object is written as: the input of its resource's create schema (the same body
 * POST /api/{resource} takes). Fields with defaults and nullable fields may be left out;
 * everything is parsed with the schema before anything is written.
 */
export type DemoInput<T extends ResourceType> = Loose<(typeof RESOURCE_SCHEMAS)[T]['create']['_zod']['input']>

/** Resolves a demo key ('branch:zuerich-altstadt') to the id the object is created with. */
export type IdOf = (key: string) => string

/** The three demo branches, in the order they are created (the first one takes the demo orders). */
export const BRANCH_KEYS = ['zuerich-altstadt', 'winterthur', 'lausanne'] as const
export type BranchKey = (typeof BRANCH_KEYS)[number]

/** Local calendar date ('YYYY-MM-DD') in the shop's time zone. */
export function localDate(at: Date, timeZone = 'Europe/Zurich'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at)
}

/** The next date (today included) that falls on the given month and day, as 'YYYY-MM-DD'. */
export function nextDateOf(now: Date, month: number, day: number): string {
  const today = localDate(now)
  const year = Number(today.slice(0, 4))
  const candidate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  return candidate >= today ? candidate : `${year + 1}${candidate.slice(4)}`
}

/** A local date and time in Zürich as an ISO date-time with its offset (+01:00 or +02:00). */
export function zurichDateTime(date: string, time: string): string {
  const noon = new Date(`${date}T12:00:00Z`)
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' })
      .formatToParts(noon)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+01:00'
  const offset = name === 'GMT' ? '+00:00' : name.replace('GMT', '')
  return `${date}T${time}:00${offset}`
}
