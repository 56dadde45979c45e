import type { InstantInput, LocalDate } from './zoned-time.ts'
import { addDays, HOUR_MS, localDateOf, MINUTE_MS, startOfLocalDay, toEpochMs } from './zoned-time.ts'

export { LEAD_TIME_TYPES } from '../common/vocabulary.ts'

import type { LEAD_TIME_TYPES } from '../common/vocabulary.ts'
export type LeadTimeType = (typeof LEAD_TIME_TYPES)[number]

/** A product's lead time (spec §3 product fields). */
export interface LeadTime {
  isLeadTimeEnabled: boolean
  leadTimeType: LeadTimeType
  leadTimeValue: number
}

/**
 * The earliest instant one item's lead time allows, or `now` when it has none.
 *
 * - minutes and hours are elapsed time: 2 hours is 7,200,000 ms even when the clock jumps in
 *   between (ordering at 01:30 on the spring-forward night with 2 hours gives 04:30 CEST).
 * - days and weeks count calendar days of the branch's zone and mean "from the start of the
 *   n-th next local day": 1 day = from tomorrow's opening, whatever the time of the order
 *   (a bakery's "order one day ahead"), 1 week = from the same weekday next week at opening.
 *   Not 24 h, which would make the slot depend on the minute the customer ordered and push a
 *   17:00 order for "1 day" to 17:00 the next day, past most bakeries' closing time. The days
 *   are calendar days, not opening days: a closed day in between still counts. Fractions of
 *   a day round up to whole days.
 * Disabled, zero, negative or non-finite lead times are ignored.
 */
export function leadTimeEarliest(now: InstantInput, leadTime: LeadTime, timeZone: string): number {
  const nowMs = toEpochMs(now)
  if (leadTime?.isLeadTimeEnabled !== true) return nowMs
  const value = Number(leadTime.leadTimeValue)
  if (!Number.isFinite(value) || value <= 0) return nowMs
  switch (leadTime.leadTimeType) {
    case 'minutes':
      return nowMs + value * MINUTE_MS
    case 'hours':
      return nowMs + value * HOUR_MS
    case 'days':
      return startOfNthNextDay(nowMs, Math.ceil(value), timeZone)
    case 'weeks':
      return startOfNthNextDay(nowMs, Math.ceil(value * 7), timeZone)
    default:
      return nowMs
  }
}

function startOfNthNextDay(nowMs: number, days: number, timeZone: string): number {
  const today: LocalDate = localDateOf(nowMs, timeZone)
  return Math.max(nowMs, startOfLocalDay(addDays(today, days), timeZone))
}

/** The earliest start over all items: now plus the LARGEST lead time (compared as instants). */
export function earliestStart(now: InstantInput, leadTimes: readonly LeadTime[], timeZone: string): number {
  let earliest = toEpochMs(now)
  for (const leadTime of leadTimes ?? []) {
    earliest = Math.max(earliest, leadTimeEarliest(now, leadTime, timeZone))
  }
  return earliest
}
