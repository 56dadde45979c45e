import type { DayHours, ScheduleInput, Shift } from './opening-hours.ts'
import { hoursOn, mergeIntervals, shiftsBetween, toSchedule } from './opening-hours.ts'
import { CLOSING_SOON_MINUTES, NEXT_OPENING_HORIZON_DAYS } from './scheduling.constants.ts'
import type { InstantInput, IsoWeekday, LocalDate, LocalTime } from './zoned-time.ts'
import {
  addDays,
  addLocalDays,
  isoWeekdayOf,
  localDateOf,
  MINUTE_MS,
  toEpochMs,
  wallClockOf,
} from './zoned-time.ts'

// Branch open state (spec §4): open while the current time lies inside an interval, closing
// soon while fewer than 60 minutes remain, otherwise closed.
//
// Boundaries: an interval is half-open, from ≤ now < to: at 18:00 a shop open until 18:00 is
// closed, at 08:00 a shop opening at 08:00 is open. Closing soon is strict: with exactly 60
// minutes left the shop is plain open, with 59:59 left it is closing soon. "Remaining" is the
// continuous opening time, so back-to-back or overlapping intervals (a 24-hour shop, 11–14
// followed by 14–22, Friday 22–02 followed by Saturday 00–…) do not flag "closing soon" at
// their seam.
//
// Next opening: the original searched forward in 30-minute steps (spec §9). Stepping only
// approximates the true opening (a 10:15 opening would be reported as whatever step first
// lands inside it, and an interval shorter than a step could be missed), so the search here
// walks the intervals themselves and reports the exact start of the next interval, within the
// same horizon; that is the limit of the stepped search as the step shrinks.

export type OpenStatus = 'open' | 'closingSoon' | 'closed'

export interface NextOpening {
  at: number
  date: LocalDate
  time: LocalTime
  isoWeekday: IsoWeekday
  /** True when it is on the local date of `now` (the card then says "Offen heute …"). */
  isToday: boolean
  shift: Shift
}

export interface OpenState {
  status: OpenStatus
  isOpen: boolean
  isClosingSoon: boolean
  now: number
  /** The configured hours of the local date of `now`. */
  today: DayHours
  /** The configured interval containing `now` (the latest-starting one if several do). */
  shift: Shift | null
  /** End of the continuous opening time containing `now`; null when closed or open past the horizon. */
  closesAt: number | null
  /** Start of the next interval when closed; null when open or none within the horizon. */
  nextOpening: NextOpening | null
}

export interface OpenStateOptions {
  /** How far ahead the next opening is searched, in local calendar days; default 7. */
  horizonDays?: number
  /** Default 60 (spec §9). */
  closingSoonMinutes?: number
}

export function openStateAt(
  hours: ScheduleInput,
  timeZone: string,
  now: InstantInput,
  options: OpenStateOptions = {},
): OpenState {
  const nowMs = toEpochMs(now)
  const horizonDays = options.horizonDays ?? NEXT_OPENING_HORIZON_DAYS
  const closingSoonMs = (options.closingSoonMinutes ?? CLOSING_SOON_MINUTES) * MINUTE_MS
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid instant')
  if (!Number.isInteger(horizonDays) || horizonDays < 1)
    throw new RangeError('horizonDays must be a whole number ≥ 1')
  const schedule = toSchedule(hours)
  const today = localDateOf(nowMs, timeZone)
  const horizonEnd = addLocalDays(nowMs, horizonDays, timeZone)
  // One day before today (its interval may run past midnight) to one day past the horizon
  // (so the continuous opening time reaching the horizon is known to reach past it).
  const shifts = shiftsBetween(
    schedule,
    addDays(today, -1),
    addDays(localDateOf(horizonEnd, timeZone), 1),
    timeZone,
  )
  const merged = mergeIntervals(shifts)
  const current = merged.find((interval) => interval.start <= nowMs && nowMs < interval.end)

  let shift: Shift | null = null
  for (const candidate of shifts) if (candidate.start <= nowMs && nowMs < candidate.end) shift = candidate

  if (current !== undefined) {
    const closesAt = current.end > horizonEnd ? null : current.end
    const isClosingSoon = closesAt !== null && closesAt - nowMs < closingSoonMs
    return {
      status: isClosingSoon ? 'closingSoon' : 'open',
      isOpen: true,
      isClosingSoon,
      now: nowMs,
      today: hoursOn(schedule, today),
      shift,
      closesAt,
      nextOpening: null,
    }
  }

  const next = merged.find((interval) => interval.start > nowMs && interval.start < horizonEnd)
  const nextShift =
    next === undefined ? undefined : shifts.find((candidate) => candidate.start === next.start)
  let nextOpening: NextOpening | null = null
  if (next !== undefined && nextShift !== undefined) {
    const date = localDateOf(next.start, timeZone)
    nextOpening = {
      at: next.start,
      date,
      // The real wall clock: it differs from shift.from only when a DST gap moved the opening.
      time: wallClockOf(next.start, timeZone).time,
      isoWeekday: isoWeekdayOf(date),
      isToday: date === today,
      shift: nextShift,
    }
  }
  return {
    status: 'closed',
    isOpen: false,
    isClosingSoon: false,
    now: nowMs,
    today: hoursOn(schedule, today),
    shift: null,
    closesAt: null,
    nextOpening,
  }
}
