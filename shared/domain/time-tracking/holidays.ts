/**
 * Holiday balances (spec §7 GET /time-sheets/holiday-balances; docs/time-tracking.md "Holiday
 * balances"): a holiday absence counts its Monday-to-Friday days (public holidays are not known
 * to the shop: plan them as no absence, or give the entry's `days`), or the `days` it names.
 * Days before today are taken, today and later planned. Only the days inside the year count; an
 * absence with `days` over a year boundary is shared in proportion to its calendar days.
 */
import { addDays, daysBetween, isoWeekdayOf } from '../scheduling/zoned-time.ts'

export type Absence = { from: string; to: string; days: number | null }

/** Monday to Friday between from and to, inclusive (local dates). */
export function weekdaysBetween(from: string, to: string): number {
  let count = 0
  for (let day = from; day <= to; day = addDays(day, 1)) if (isoWeekdayOf(day) <= 5) count++
  return count
}

const clampDay = (day: string, from: string, to: string) => (day < from ? from : day > to ? to : day)

/** The taken and planned days of one absence within `year`, `today` the first planned day. */
export function absenceDays(
  absence: Absence,
  year: number,
  today: string,
): { taken: number; planned: number } {
  const first = `${year}-01-01`
  const last = `${year}-12-31`
  if (absence.to < first || absence.from > last) return { taken: 0, planned: 0 }
  const from = clampDay(absence.from, first, last)
  const to = clampDay(absence.to, first, last)
  const part = (a: string, b: string): number => {
    if (b < a) return 0
    if (absence.days === null) return weekdaysBetween(a, b)
    // An explicit count is spread evenly over the absence's calendar days.
    const total = daysBetween(absence.from, absence.to) + 1
    return (absence.days * (daysBetween(a, b) + 1)) / total
  }
  const lastTaken = addDays(today, -1)
  const taken = part(from, lastTaken < to ? lastTaken : to)
  const planned = part(today > from ? today : from, to)
  return { taken: round(taken), planned: round(planned) }
}

/** Half days stay exact; spread counts are kept to two decimals. */
const round = (n: number) => Math.round(n * 100) / 100

export type HolidayFigures = {
  entitlementDays: number | null
  takenDays: number
  plannedDays: number
  balanceDays: number | null
}

export function holidayBalance(
  entitlementDays: number | null,
  absences: readonly Absence[],
  year: number,
  today: string,
): HolidayFigures {
  let taken = 0
  let planned = 0
  for (const a of absences) {
    const d = absenceDays(a, year, today)
    taken += d.taken
    planned += d.planned
  }
  taken = round(taken)
  planned = round(planned)
  return {
    entitlementDays,
    takenDays: taken,
    plannedDays: planned,
    balanceDays: entitlementDays === null ? null : round(entitlementDays - taken - planned),
  }
}
