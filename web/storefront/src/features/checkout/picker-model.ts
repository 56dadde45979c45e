import type { Availability } from '@shop/shared/contracts'
import {
  addDays,
  daysInMonth,
  formatTimeOfDay,
  instantOf,
  isoWeekdayOf,
  type LocalDate,
  monthCalendar,
  parseTimeOfDay,
  wallClockOf,
} from '@shop/shared/domain/scheduling'

// The date and time pickers' view models over GET /api/branches/{id}/availability: the server
// computes the days, windows and slots (the same rules the checkout validates with); the
// pickers only lay them out and test a chosen time against the answered windows.

/** The availability answer (GET /api/branches/{id}/availability), as its contract says. */
export type AvailabilityAnswer = Pick<
  Availability,
  'timeZone' | 'stepMinutes' | 'earliest' | 'firstSlot' | 'days'
> &
  // The busy mode (issue 17): a paused branch takes nothing as soon as possible.
  Partial<Pick<Availability, 'pause' | 'preparation'>>
export type AvailabilityDay = Availability['days'][number]
/** One window of the availability answer: wall clock of the first and last slot, and the instants. */
export type AvailabilityWindow = AvailabilityDay['windows'][number]

// --- date picker ----------------------------------------------------------------------------

export type DayState = 'past' | 'unavailable' | 'available'

export type CalendarCell = {
  date: LocalDate
  day: number
  inMonth: boolean
  state: DayState
  /** The server's reason text for an unavailable day (e.g. 'An diesem Tag haben wir leider geschlossen.'). */
  message: string | null
}

export type CalendarMonth = {
  year: number
  month: number
  weeks: { isoWeek: number; cells: CalendarCell[] }[]
}

/** 'YYYY-MM' of a local date. */
export const monthOf = (date: LocalDate) => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
})

export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/**
 * A month laid out Mo–So with ISO week numbers (the 'KW' column). Days before today are past;
 * days the answer does not hold (beyond the horizon) or marks unavailable are unavailable.
 */
export function calendarMonth(
  year: number,
  month: number,
  days: readonly AvailabilityDay[],
  today: LocalDate,
): CalendarMonth {
  const byDate = new Map(days.map((day) => [day.date, day]))
  return {
    year,
    month,
    weeks: monthCalendar(year, month).map((week) => ({
      isoWeek: week.isoWeek.week,
      cells: week.dates.map((date) => {
        const answer = byDate.get(date)
        const state: DayState =
          date < today
            ? 'past'
            : answer?.isAvailable && answer.windows.length > 0
              ? 'available'
              : 'unavailable'
        return {
          date,
          day: Number(date.slice(8, 10)),
          inMonth: monthOf(date).month === month,
          state,
          message: state === 'unavailable' ? (answer?.message ?? null) : null,
        }
      }),
    })),
  }
}

/** The months the picker can show: from today's month to the month of the last answered day. */
export function monthRange(days: readonly AvailabilityDay[], today: LocalDate) {
  const first = monthOf(today)
  const lastDate = days.at(-1)?.date ?? today
  const last = monthOf(lastDate > today ? lastDate : today)
  return { first, last }
}

export const compareMonths = (a: { year: number; month: number }, b: { year: number; month: number }) =>
  a.year * 12 + a.month - (b.year * 12 + b.month)

/**
 * Keyboard moves in the grid: arrows by a day or a week, Home/End to the week's start or end,
 * PageUp/PageDown by a month (clamped to the month's length).
 */
export function moveDate(date: LocalDate, key: string): LocalDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1)
    case 'ArrowRight':
      return addDays(date, 1)
    case 'ArrowUp':
      return addDays(date, -7)
    case 'ArrowDown':
      return addDays(date, 7)
    case 'Home':
      return addDays(date, 1 - isoWeekdayOf(date))
    case 'End':
      return addDays(date, 7 - isoWeekdayOf(date))
    case 'PageUp':
    case 'PageDown': {
      const { year, month } = monthOf(date)
      const next = addMonths(year, month, key === 'PageUp' ? -1 : 1)
      const day = Math.min(Number(date.slice(8, 10)), daysInMonth(next.year, next.month))
      return `${String(next.year).padStart(4, '0')}-${String(next.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    }
    default:
      return null
  }
}

// --- time picker ----------------------------------------------------------------------------

/** Minutes since midnight moved by `delta` minutes, wrapping around the day. */
export function stepMinutes(minutes: number, delta: number): number {
  return (((minutes + delta) % 1440) + 1440) % 1440
}

/** The instant of a wall-clock time on a day in the branch's zone. */
export function instantAt(date: LocalDate, minutes: number, timeZone: string): number {
  return instantOf(date, formatTimeOfDay(minutes), timeZone)
}

/** True when the time is one of the day's slots: inside a window and on its step. */
export function isInWindows(
  date: LocalDate,
  minutes: number,
  day: Pick<AvailabilityDay, 'windows'> | undefined,
  timeZone: string,
  step: number,
): boolean {
  if (!day) return false
  const at = instantAt(date, minutes, timeZone)
  return day.windows.some((window) => {
    const first = Date.parse(window.first)
    const last = Date.parse(window.last)
    return at >= first && at <= last && (at - first) % (step * 60_000) === 0
  })
}

/**
 * Where the time picker starts: the chosen appointment's time on its own day, else the day's
 * first slot (the first window's start), else the shop's usual noon.
 */
export function initialMinutes(
  date: LocalDate,
  day: Pick<AvailabilityDay, 'windows'> | undefined,
  appointment: string | null,
  timeZone: string,
): number {
  if (appointment) {
    const clock = wallClockOf(Date.parse(appointment), timeZone)
    if (clock.date === date) return clock.hour * 60 + clock.minute
  }
  const first = day?.windows[0]?.from
  return (first ? parseTimeOfDay(first) : null) ?? 12 * 60
}

/** The local date of an ISO instant in the branch's zone. */
export function dateOf(iso: string, timeZone: string): LocalDate {
  return wallClockOf(Date.parse(iso), timeZone).date
}

export function timeOf(iso: string, timeZone: string): string {
  return wallClockOf(Date.parse(iso), timeZone).time
}
