import type { LeadTime, LeadTimeType } from './lead-time.ts'
import type { OpeningHoursRule, OpeningHoursRuleType } from './opening-hours.ts'
import { instantOf } from './zoned-time.ts'

export const ZURICH = 'Europe/Zurich'
export const NEW_YORK = 'America/New_York'
export const AUCKLAND = 'Pacific/Auckland'

export function open(type: OpeningHoursRuleType, from: string, to: string, date?: string): OpeningHoursRule {
  return date === undefined ? { type, isClosed: false, from, to } : { type, date, isClosed: false, from, to }
}

export function closed(type: OpeningHoursRuleType, date?: string): OpeningHoursRule {
  return date === undefined
    ? { type, isClosed: true, from: '00:00', to: '00:00' }
    : { type, date, isClosed: true, from: '00:00', to: '00:00' }
}

export function lead(leadTimeType: LeadTimeType, leadTimeValue: number, isLeadTimeEnabled = true): LeadTime {
  return { isLeadTimeEnabled, leadTimeType, leadTimeValue }
}

/** Instant of a Zurich wall-clock time, '2026-03-27 10:00'. */
export function zurich(dateTime: string): number {
  return local(dateTime, ZURICH)
}

export function local(dateTime: string, timeZone: string): number {
  const [date, time] = dateTime.split(' ') as [string, string]
  return instantOf(date, time, timeZone)
}

export function utc(iso: string): number {
  return Date.parse(iso)
}

/** Mon–Sat 08:00–18:00, Sunday closed: the bakery most tests use. */
export const BAKERY: OpeningHoursRule[] = [open('daily', '08:00', '18:00'), closed('sunday')]
