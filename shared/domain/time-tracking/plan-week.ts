/**
 * The week plan's calendar arithmetic (issue 20; docs/time-tracking.md "The week plan"): ISO
 * weeks as '2027-W12', a shift from local times in the branch's zone (an end at or before the
 * start is the next day), a shift moved to another day with its wall-clock times kept, and the
 * copy of one week's shifts into another (DST-safe: built from local times, never by adding
 * 7 × 24 hours). Used by the back-office's week plan and by POST /api/working-schedules/copy-week.
 */
import {
  addDays,
  daysBetween,
  instantOf,
  isoWeekOf,
  type LocalDate,
  localDateOf,
  startOfIsoWeek,
  wallClockOf,
} from '../scheduling/zoned-time.ts'

/** An ISO week as text: '2027-W12' (week 1 is the week with the year's first Thursday). */
export type IsoWeekKey = string

const WEEK_KEY = /^(\d{4})-W(\d{2})$/

/** The Monday of ISO week `week` of ISO year `year`. */
export function mondayOfIsoWeek(year: number, week: number): LocalDate {
  const firstMonday = startOfIsoWeek(`${String(year).padStart(4, '0')}-01-04`)
  return addDays(firstMonday, (week - 1) * 7)
}

/** '2027-W12' → its Monday ('2027-03-22'); null for anything else (or week 53 of a 52-week year). */
export function mondayOfWeekKey(key: unknown): LocalDate | null {
  if (typeof key !== 'string') return null
  const match = WEEK_KEY.exec(key)
  if (!match) return null
  const year = Number(match[1])
  const week = Number(match[2])
  if (week < 1 || week > 53) return null
  const monday = mondayOfIsoWeek(year, week)
  return weekKeyOf(monday) === key ? monday : null
}

/** The ISO week of a local day as '2027-W12'. */
export function weekKeyOf(date: LocalDate): IsoWeekKey {
  const { year, week } = isoWeekOf(date)
  return `${String(year).padStart(4, '0')}-W${String(week).padStart(2, '0')}`
}

/** The week `weeks` after (or before, negative) the given one. */
export function addWeeks(key: IsoWeekKey, weeks: number): IsoWeekKey {
  const monday = mondayOfWeekKey(key)
  if (monday === null) throw new RangeError(`Invalid ISO week: ${key}`)
  return weekKeyOf(addDays(monday, weeks * 7))
}

/** Monday to Sunday of a week. */
export function daysOfWeek(monday: LocalDate): LocalDate[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** A shift's instants (ISO, UTC). */
export type ShiftTimes = { start: string; end: string }

/**
 * The shift from `startTime` to `endTime` ('HH:MM') on local `date` in `timeZone`; an end at or
 * before the start is on the next day (a night shift 22:00–06:00).
 */
export function shiftFromLocal(
  date: LocalDate,
  startTime: string,
  endTime: string,
  timeZone: string,
): ShiftTimes {
  const endDate = endTime <= startTime ? addDays(date, 1) : date
  return {
    start: new Date(instantOf(date, startTime, timeZone)).toISOString(),
    end: new Date(instantOf(endDate, endTime, timeZone)).toISOString(),
  }
}

/** A shift's local day and wall-clock times in `timeZone` ('06:00', '14:00'). */
export function localShift(
  shift: ShiftTimes,
  timeZone: string,
): { date: LocalDate; startTime: string; endTime: string; endDate: LocalDate } {
  const start = wallClockOf(Date.parse(shift.start), timeZone)
  const end = wallClockOf(Date.parse(shift.end), timeZone)
  return { date: start.date, startTime: start.time, endTime: end.time, endDate: end.date }
}

/**
 * The shift moved to local `date` with the same wall-clock start and end (and the end as many
 * days after the start as before): 06:00–14:00 stays 06:00–14:00 across a DST change.
 */
export function moveShiftToDay(shift: ShiftTimes, date: LocalDate, timeZone: string): ShiftTimes {
  const local = localShift(shift, timeZone)
  const endDays = daysBetween(local.date, local.endDate)
  return {
    start: new Date(instantOf(date, local.startTime, timeZone)).toISOString(),
    end: new Date(instantOf(addDays(date, endDays), local.endTime, timeZone)).toISOString(),
  }
}

/** The plan entry fields a copy keeps. */
export type PlannedShift = ShiftTimes & {
  userId: string
  branchId: string
  breakMinutes: number
  note?: string | null | undefined
}

const sameShift = (a: PlannedShift, b: PlannedShift) =>
  a.userId === b.userId &&
  a.branchId === b.branchId &&
  Date.parse(a.start) === Date.parse(b.start) &&
  Date.parse(a.end) === Date.parse(b.end) &&
  a.breakMinutes === b.breakMinutes

/**
 * The shifts of week `from` (Monday; a shift belongs to the local day it starts on) moved by
 * whole weeks to week `to`, on the same weekday with the same wall-clock times, less those that
 * would repeat an `existing` shift (same user, branch, start, end and break) or each other.
 */
export function copyWeekShifts<S extends PlannedShift>(
  shifts: readonly S[],
  existing: readonly PlannedShift[],
  from: LocalDate,
  to: LocalDate,
  timeZone: string,
): PlannedShift[] {
  const offset = daysBetween(from, to)
  const last = addDays(from, 6)
  const made: PlannedShift[] = []
  const sorted = [...shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  for (const shift of sorted) {
    const day = localDateOf(Date.parse(shift.start), timeZone)
    if (day < from || day > last) continue
    const moved: PlannedShift = {
      userId: shift.userId,
      branchId: shift.branchId,
      breakMinutes: shift.breakMinutes,
      note: shift.note ?? null,
      ...moveShiftToDay(shift, addDays(day, offset), timeZone),
    }
    if (existing.some((e) => sameShift(e, moved)) || made.some((m) => sameShift(m, moved))) continue
    made.push(moved)
  }
  return made
}
