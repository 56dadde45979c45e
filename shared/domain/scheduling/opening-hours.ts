import type { WeekdayName } from './scheduling.constants.ts'
import { WEEKDAY_NAMES } from './scheduling.constants.ts'
import type { IsoWeekday, LocalDate, LocalTime } from './zoned-time.ts'
import {
  addDays,
  daysBetween,
  formatTimeOfDay,
  instantOf,
  instantOfLocalMs,
  isLocalDate,
  isoWeekdayOf,
  localDateOf,
  localDateToMs,
  MINUTE_MS,
  parseTimeOfDay,
} from './zoned-time.ts'

export const OPENING_HOURS_RULE_TYPES = ['once', 'daily', ...WEEKDAY_NAMES] as const
export type OpeningHoursRuleType = (typeof OPENING_HOURS_RULE_TYPES)[number]

/** One opening-hours rule as stored on a branch (spec §3). */
export interface OpeningHoursRule {
  type: OpeningHoursRuleType
  /** 'YYYY-MM-DD'; only for type 'once'. */
  date?: LocalDate | null
  isClosed: boolean
  /** 'HH:MM'. */
  from: LocalTime
  /** 'HH:MM'; a value ≤ from, or '24:00', ends on the next day (see toLocalInterval). */
  to: LocalTime
}

/** An opening interval of one local day, in minutes since that day's midnight. */
export interface LocalInterval {
  from: LocalTime
  /** End as shown: wraps past midnight ('02:00'); exactly midnight reads '24:00'. */
  to: LocalTime
  fromMinutes: number
  /** Exclusive end; above 1440 when the interval runs into the next day (at most fromMinutes + 1440). */
  toMinutes: number
  /** True when the interval ends after the midnight following its day. */
  isOvernight: boolean
}

export interface DayHours {
  date: LocalDate
  isoWeekday: IsoWeekday
  isClosed: boolean
  /** Sorted, overlapping and touching intervals merged. */
  intervals: LocalInterval[]
}

/** A half-open span of instants [start, end), epoch milliseconds. */
export interface Interval {
  start: number
  end: number
}

/** A configured opening interval with the local day it belongs to and its instants. */
export interface Shift extends Interval {
  date: LocalDate
  from: LocalTime
  to: LocalTime
}

/**
 * `to` ≤ `from` means the interval runs past midnight into the next day (22:00–02:00), and so
 * does '24:00'/'00:00' as a closing time; `to` = `from` is therefore a full 24 hours
 * ('00:00'–'00:00' or '00:00'–'24:00' is a 24-hour shop). The interval belongs to the day it
 * starts on: the rule for Friday decides about Friday 22:00 – Saturday 02:00.
 * Returns null when a time is malformed.
 */
export function toLocalInterval(from: LocalTime, to: LocalTime): LocalInterval | null {
  const fromMinutes = parseTimeOfDay(from)
  let toMinutes = parseTimeOfDay(to, { allowEndOfDay: true })
  if (fromMinutes === null || toMinutes === null) return null
  if (toMinutes <= fromMinutes) toMinutes += 1440
  return makeInterval(fromMinutes, toMinutes)
}

function makeInterval(fromMinutes: number, toMinutes: number): LocalInterval {
  return {
    from: formatTimeOfDay(fromMinutes),
    to: toMinutes === 1440 ? '24:00' : formatTimeOfDay(toMinutes),
    fromMinutes,
    toMinutes,
    isOvernight: toMinutes > 1440,
  }
}

function mergeLocalIntervals(intervals: readonly LocalInterval[]): LocalInterval[] {
  const sorted = [...intervals].sort((a, b) => a.fromMinutes - b.fromMinutes || a.toMinutes - b.toMinutes)
  const merged: LocalInterval[] = []
  for (const interval of sorted) {
    const last = merged[merged.length - 1]
    if (last !== undefined && interval.fromMinutes <= last.toMinutes) {
      if (interval.toMinutes > last.toMinutes) {
        merged[merged.length - 1] = makeInterval(last.fromMinutes, interval.toMinutes)
      }
    } else {
      merged.push(interval)
    }
  }
  return merged
}

// ---------------------------------------------------------------------------------------------
// Rule resolution (spec §5: "days default to closed. A daily rule overrides all days. A weekday
// rule sets that day and replaces earlier hours, but a rule with isClosed false adds to the
// existing intervals. A once rule applies only if its date falls in the current ISO week.")
//
// Interpretation. Rules apply in list order. Each day keeps its intervals and the kind of rule
// that last set them: default < daily < weekday < once.
// - isClosed true closes the day(s) the rule covers (no intervals), whatever was there.
// - isClosed false, when the day was last set by a rule of ANOTHER kind, replaces its hours
//   ("sets that day and replaces earlier hours": a weekday rule replaces the daily hours, a once
//   rule replaces the weekday hours, a daily rule overrides every day).
// - isClosed false, when the day was last set by a rule of the SAME kind, adds its interval
//   ("adds to the existing intervals"): that is how split shifts are written.
// Example: [daily 08:00–18:00, monday 11:00–14:00, monday 17:00–22:00, saturday closed,
//           once 2026-04-06 closed]
//   Tuesday–Friday and Sunday 08:00–18:00; Monday 11:00–14:00 and 17:00–22:00 (the first Monday
//   rule replaced the daily hours, the second added to them); Saturday closed; Easter Monday
//   2026-04-06 closed, but only in its own ISO week: other Mondays keep their split shift.
// Reading "adds" literally for every open weekday rule (Monday = 08–18 + 11–14 + 17–22) would
// make "replaces earlier hours" meaningless, and replacing always would make split shifts
// impossible; this reading gives both sentences a job.
// "The current ISO week" is the week of the day being resolved: resolving 2026-04-06 applies
// the once rules dated in that week to their weekday, which is exactly the rules dated
// 2026-04-06. A once rule for another week never changes this week's hours.

/** 0 default, 1 daily, 2 weekday, 3 once: the kind of rule that last set a day. */
export type RuleKind = 0 | 1 | 2 | 3
const KIND_DEFAULT: RuleKind = 0

export interface ParsedOpeningHoursRule {
  kind: RuleKind
  /** ISO weekday for weekday rules, 0 for daily and once. */
  weekday: number
  date: LocalDate | null
  isClosed: boolean
  interval: LocalInterval | null
}

/** Rules compiled once for repeated lookups (slot search resolves up to 181 days). */
export interface OpeningSchedule {
  readonly rules: readonly OpeningHoursRule[]
  /** Parsed rules in order; malformed rules are left out (validate with openingHoursRuleSchema). */
  readonly parsed: readonly ParsedOpeningHoursRule[]
  /** Hours per ISO weekday (index 1–7) from daily and weekday rules only. */
  readonly weekly: readonly (readonly LocalInterval[])[]
  /** Dates that have once rules. */
  readonly onceDates: ReadonlySet<LocalDate>
}

function parseRule(rule: OpeningHoursRule): ParsedOpeningHoursRule | null {
  if (rule === null || typeof rule !== 'object') return null
  const isClosed = rule.isClosed === true
  const interval = isClosed ? null : toLocalInterval(rule.from, rule.to)
  if (!isClosed && interval === null) return null
  if (rule.type === 'daily') return { kind: 1, weekday: 0, date: null, isClosed, interval }
  if (rule.type === 'once') {
    if (!isLocalDate(rule.date)) return null
    return { kind: 3, weekday: 0, date: rule.date, isClosed, interval }
  }
  const index = WEEKDAY_NAMES.indexOf(rule.type as WeekdayName)
  if (index < 0) return null
  return { kind: 2, weekday: index + 1, date: null, isClosed, interval }
}

function applies(rule: ParsedOpeningHoursRule, weekday: number, date: LocalDate | null): boolean {
  if (rule.kind === 1) return true
  if (rule.kind === 2) return rule.weekday === weekday
  return date !== null && rule.date === date
}

function resolve(
  parsed: readonly ParsedOpeningHoursRule[],
  weekday: number,
  date: LocalDate | null,
): LocalInterval[] {
  let kind: RuleKind = KIND_DEFAULT
  let intervals: LocalInterval[] = []
  for (const rule of parsed) {
    if (!applies(rule, weekday, date)) continue
    if (rule.isClosed || rule.interval === null) intervals = []
    else if (rule.kind === kind) intervals.push(rule.interval)
    else intervals = [rule.interval]
    kind = rule.kind
  }
  return mergeLocalIntervals(intervals)
}

export function compileSchedule(rules: readonly OpeningHoursRule[]): OpeningSchedule {
  const parsed = (rules ?? []).map(parseRule).filter((rule): rule is ParsedOpeningHoursRule => rule !== null)
  const weekly: LocalInterval[][] = [[]]
  for (let weekday = 1; weekday <= 7; weekday++) weekly.push(resolve(parsed, weekday, null))
  const onceDates = new Set<LocalDate>()
  for (const rule of parsed) if (rule.date !== null) onceDates.add(rule.date)
  return { rules, parsed, weekly, onceDates }
}

/** Accepts compiled or raw rules, so callers with one lookup need not compile. */
export type ScheduleInput = OpeningSchedule | readonly OpeningHoursRule[]

export function toSchedule(input: ScheduleInput): OpeningSchedule {
  return Array.isArray(input) ? compileSchedule(input) : (input as OpeningSchedule)
}

/** The configured hours of one local date (intervals starting on that date). */
export function hoursOn(input: ScheduleInput, date: LocalDate): DayHours {
  const schedule = toSchedule(input)
  const isoWeekday = isoWeekdayOf(date)
  const intervals = schedule.onceDates.has(date)
    ? resolve(schedule.parsed, isoWeekday, date)
    : [...(schedule.weekly[isoWeekday] ?? [])]
  return { date, isoWeekday, isClosed: intervals.length === 0, intervals }
}

/** Monday to Sunday of the ISO week containing `referenceDate`, once rules of that week applied. */
export function weekHours(input: ScheduleInput, referenceDate: LocalDate): DayHours[] {
  const schedule = toSchedule(input)
  const monday = addDays(referenceDate, 1 - isoWeekdayOf(referenceDate))
  return Array.from({ length: 7 }, (_, index) => hoursOn(schedule, addDays(monday, index)))
}

/**
 * The configured intervals of `date` as instants. Ends past midnight land on the next day.
 * Times in a DST gap move forward, times in an overlap take the earlier instant (see
 * instantOfLocalMs); an interval that maps to nothing (02:30–03:00 on the spring-forward
 * day) is dropped.
 */
export function shiftsOn(input: ScheduleInput, date: LocalDate, timeZone: string): Shift[] {
  const day = hoursOn(input, date)
  const midnight = localDateToMs(date)
  const shifts: Shift[] = []
  for (const interval of day.intervals) {
    const start = instantOfLocalMs(midnight + interval.fromMinutes * MINUTE_MS, timeZone)
    const end = instantOfLocalMs(midnight + interval.toMinutes * MINUTE_MS, timeZone)
    if (end > start) shifts.push({ date, from: interval.from, to: interval.to, start, end })
  }
  return shifts
}

/** Configured shifts of the local dates `firstDate` … `lastDate` (inclusive), sorted by start. */
export function shiftsBetween(
  input: ScheduleInput,
  firstDate: LocalDate,
  lastDate: LocalDate,
  timeZone: string,
): Shift[] {
  const schedule = toSchedule(input)
  const shifts: Shift[] = []
  const days = daysBetween(firstDate, lastDate)
  for (let index = 0; index <= days; index++) {
    shifts.push(...shiftsOn(schedule, addDays(firstDate, index), timeZone))
  }
  // A start moved forward out of a DST gap can pass a later interval's start.
  return shifts.sort((a, b) => a.start - b.start || a.end - b.end)
}

/** Overlapping and touching intervals merged: one entry per stretch of continuous opening time. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start)
  const merged: Interval[] = []
  for (const interval of sorted) {
    const last = merged[merged.length - 1]
    if (last !== undefined && interval.start <= last.end) {
      if (interval.end > last.end) last.end = interval.end
    } else {
      merged.push({ start: interval.start, end: interval.end })
    }
  }
  return merged
}

/**
 * Continuous opening time overlapping [from, to), clipped to it. Looks one day back, because
 * the previous day's interval may still be open after midnight.
 */
export function openIntervalsBetween(
  input: ScheduleInput,
  timeZone: string,
  from: number,
  to: number,
): Interval[] {
  if (!(to > from)) return []
  const shifts = shiftsBetween(
    input,
    addDays(localDateOf(from, timeZone), -1),
    localDateOf(to, timeZone),
    timeZone,
  )
  return mergeIntervals(shifts)
    .map((interval) => ({ start: Math.max(interval.start, from), end: Math.min(interval.end, to) }))
    .filter((interval) => interval.end > interval.start)
}

/** True when `instant` lies inside an opening interval: from ≤ instant < to. */
export function isOpenAt(input: ScheduleInput, timeZone: string, instant: number | Date): boolean {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  const today = localDateOf(ms, timeZone)
  const schedule = toSchedule(input)
  for (const date of [addDays(today, -1), today]) {
    for (const shift of shiftsOn(schedule, date, timeZone)) {
      if (shift.start <= ms && ms < shift.end) return true
    }
  }
  return false
}

/**
 * The pickup window of a shift: it starts at orderableFrom when that time lies inside the
 * shift (for a shift past midnight, 00:30 counts as inside 22:00–02:00), at the shift's start
 * when orderableFrom is earlier or unset, and there is none when orderableFrom is at or after
 * the shift's end.
 */
export function pickupWindow(
  shift: Pick<Shift, 'from' | 'to'>,
  orderableFrom: LocalTime | null | undefined,
): { from: LocalTime; to: LocalTime } | null {
  const interval = toLocalInterval(shift.from, shift.to)
  if (interval === null) return null
  const orderable = parseTimeOfDay(orderableFrom ?? null)
  if (orderable === null) return { from: interval.from, to: interval.to }
  let start = orderable
  if (start < interval.fromMinutes && start + 1440 < interval.toMinutes) start += 1440
  if (start < interval.fromMinutes) return { from: interval.from, to: interval.to }
  if (start >= interval.toMinutes) return null
  return { from: formatTimeOfDay(start), to: interval.to }
}

/**
 * A shift as far as orders can be picked up (the branch's orderableFrom): its start moved to the
 * pickup time (see pickupWindow), or null when no pickup falls inside it.
 */
export function pickupPartOf(
  shift: Shift,
  orderableFrom: LocalTime | null | undefined,
  timeZone: string,
): Shift | null {
  const window = pickupWindow(shift, orderableFrom)
  if (window === null) return null
  if (window.from === shift.from) return shift
  let start = instantOf(shift.date, window.from, timeZone)
  // A pickup time after midnight in a shift that runs past it: the next day's clock.
  if (start < shift.start) start = instantOf(addDays(shift.date, 1), window.from, timeZone)
  return start < shift.end ? { ...shift, from: window.from, start } : null
}
