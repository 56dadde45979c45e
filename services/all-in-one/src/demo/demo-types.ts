import type { RESOURCE_SCHEMAS, ResourceType } from '@shop/shared/contracts'

/**
 * What a demo object is written as: the input of its resource's create schema (the same body
 * POST /api/{resource} takes). Fields with defaults may be left out; everything is parsed with
 * the schema before anything is written.
 */
export type DemoInput<T extends ResourceType> = (typeof RESOURCE_SCHEMAS)[T]['create']['_zod']['input']

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
