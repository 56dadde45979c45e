// Time-zone arithmetic on top of the built-in Intl.DateTimeFormat only. Instants are epoch
// milliseconds (JSON-friendly, cheap to compare); calendar dates are 'YYYY-MM-DD' strings and
// times of day 'HH:MM' strings, always meant in the branch's own IANA zone, never in UTC or in
// the zone of the machine running the code.

export const MINUTE_MS = 60_000
export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

/** An instant: a Date or epoch milliseconds. Results are always epoch milliseconds. */
export type InstantInput = Date | number
/** A calendar date in the branch's zone, 'YYYY-MM-DD'. */
export type LocalDate = string
/** A wall-clock time of day, 'HH:MM' (24-hour). */
export type LocalTime = string
/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7

export interface WallClock {
  date: LocalDate
  time: LocalTime
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  millisecond: number
  isoWeekday: IsoWeekday
  /** UTC offset in minutes at that instant (east positive: Europe/Zurich in summer is 120). */
  offsetMinutes: number
}

export interface IsoWeek {
  /** The ISO week-numbering year; differs from the calendar year around New Year. */
  year: number
  week: number
}

export function toEpochMs(instant: InstantInput): number {
  return typeof instant === 'number' ? instant : instant.getTime()
}

// ---------------------------------------------------------------------------------------------
// Formatter cache: creating an Intl.DateTimeFormat costs far more than using one, and slot
// computation converts thousands of instants per request.

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false: some engines print midnight as '24' with the latter.
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** True for a time-zone name this runtime knows ('Europe/Zurich', 'UTC', …). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone === '') return false
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

// Civil-date arithmetic in plain integers (H. Hinnant's days_from_civil / civil_from_days):
// building Date objects for every calendar step was the slot search's hottest path.

/** Days since 1970-01-01 of a proleptic-Gregorian date (month 1–12; day may overflow). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146097 + dayOfEra - 719468
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const dayOfEra = z - era * 146097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1,
  }
}

/** UTC epoch ms of a proleptic-Gregorian date-time (unlike Date.UTC, years 0–99 stay as they are). */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return daysFromCivil(year, month, day) * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000
}

/** Exact wall clock of `ms` as local milliseconds: one formatToParts call (the slow part). */
function exactLocalMs(ms: number, timeZone: string): number {
  let year = 0
  let month = 1
  let day = 1
  let hour = 0
  let minute = 0
  let second = 0
  let beforeChrist = false
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value)
        break
      case 'month':
        month = Number(part.value)
        break
      case 'day':
        day = Number(part.value)
        break
      case 'hour':
        hour = Number(part.value) % 24
        break
      case 'minute':
        minute = Number(part.value)
        break
      case 'second':
        second = Number(part.value)
        break
      case 'era':
        beforeChrist = part.value.startsWith('B')
        break
    }
  }
  if (beforeChrist) year = 1 - year
  // The formatter has whole seconds; carry the sub-second part over from the instant.
  return utcMs(year, month, day, hour, minute, second) + (((ms % 1000) + 1000) % 1000)
}

// Offset cache. formatToParts costs microseconds, and 180 days of slots need thousands of
// conversions, almost all on days without a DST change. So the offset is cached at each UTC
// midnight; when the offsets at both ends of a UTC day agree, the whole day has that offset
// (tzdata never changes a zone's offset and back within one day), and only the few days with
// a change pay for exact conversions. Bounded, because a long-running server sees many dates.
const OFFSET_CACHE_LIMIT = 50_000
const offsetCaches = new Map<string, Map<number, number>>()

function offsetAtUtcDay(dayIndex: number, timeZone: string): number {
  let cache = offsetCaches.get(timeZone)
  if (cache === undefined) {
    cache = new Map()
    offsetCaches.set(timeZone, cache)
  }
  let offset = cache.get(dayIndex)
  if (offset === undefined) {
    const ms = dayIndex * DAY_MS
    offset = exactLocalMs(ms, timeZone) - ms
    if (cache.size >= OFFSET_CACHE_LIMIT) cache.clear()
    cache.set(dayIndex, offset)
  }
  return offset
}

/** UTC offset of `timeZone` at `instant`, in milliseconds (local = instant + offset). */
export function offsetMsAt(instant: InstantInput, timeZone: string): number {
  const ms = toEpochMs(instant)
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant')
  const dayIndex = Math.floor(ms / DAY_MS)
  const atStart = offsetAtUtcDay(dayIndex, timeZone)
  if (atStart === offsetAtUtcDay(dayIndex + 1, timeZone)) return atStart
  return exactLocalMs(ms, timeZone) - ms
}

/**
 * The wall clock of `instant` in `timeZone`, encoded as if it were a UTC instant ("local
 * milliseconds"). Arithmetic on local milliseconds is calendar arithmetic without any zone.
 */
export function localMsOf(instant: InstantInput, timeZone: string): number {
  const ms = toEpochMs(instant)
  return ms + offsetMsAt(ms, timeZone)
}

/**
 * The instant whose wall clock in `timeZone` reads `localMs` (see localMsOf).
 *
 * - DST gap (the wall clock jumps, e.g. Europe/Zurich 2026-03-29 02:00 → 03:00): a local time
 *   that does not exist is read with the offset in force before the jump, so it moves forward by
 *   the length of the gap: 02:30 becomes 03:30 CEST. This is RFC 5545's and Temporal's
 *   'compatible' rule; it keeps durations, so an interval 02:00–02:30 still lasts 30 minutes.
 * - DST overlap (the wall clock repeats, e.g. 2026-10-25 02:00–02:59 twice): the earlier of
 *   the two instants is taken (02:30 CEST, not 02:30 CET); a shop opening "at 02:30" opens
 *   the first time the clock shows 02:30.
 */
export function instantOfLocalMs(localMs: number, timeZone: string): number {
  if (!Number.isFinite(localMs)) throw new RangeError('Invalid local time')
  // Offsets a day either side: the true instant lies within ±14 h of localMs, so these are
  // the offsets before and after any transition near it (zones never change twice in 48 h).
  const before = offsetMsAt(localMs - DAY_MS, timeZone)
  const after = offsetMsAt(localMs + DAY_MS, timeZone)
  if (before === after) {
    const candidate = localMs - before
    // Guard against a transition and its reversal inside the window (never seen in tzdata,
    // but cheap to check): fall through to the exact path when the guess does not read back.
    if (offsetMsAt(candidate, timeZone) === before) return candidate
  }
  const withBefore = localMs - before
  const withAfter = localMs - after
  const beforeValid = offsetMsAt(withBefore, timeZone) === before
  const afterValid = offsetMsAt(withAfter, timeZone) === after
  if (beforeValid && afterValid) return Math.min(withBefore, withAfter)
  if (beforeValid) return withBefore
  if (afterValid) return withAfter
  return withBefore
}

/** The instant of local `date` + `time` ('HH:MM', '24:00' = next midnight) in `timeZone`. */
export function instantOf(date: LocalDate, time: LocalTime, timeZone: string): number {
  const minutes = parseTimeOfDay(time, { allowEndOfDay: true })
  if (minutes === null) throw new RangeError(`Invalid time of day: ${time}`)
  return instantOfLocalMs(localDateToMs(date) + minutes * MINUTE_MS, timeZone)
}

/** The first instant of local `date` (local midnight, or the first existing time after it). */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  return instantOfLocalMs(localDateToMs(date), timeZone)
}

export function wallClockOf(instant: InstantInput, timeZone: string): WallClock {
  const ms = toEpochMs(instant)
  const local = localMsOf(ms, timeZone)
  const dayNumber = Math.floor(local / DAY_MS)
  const { year, month, day } = civilFromDays(dayNumber)
  const msOfDay = local - dayNumber * DAY_MS
  const hour = Math.floor(msOfDay / HOUR_MS)
  const minute = Math.floor((msOfDay % HOUR_MS) / MINUTE_MS)
  return {
    date: formatDayNumber(dayNumber),
    time: `${pad2(hour)}:${pad2(minute)}`,
    year,
    month,
    day,
    hour,
    minute,
    second: Math.floor((msOfDay % MINUTE_MS) / 1000),
    millisecond: msOfDay % 1000,
    isoWeekday: isoWeekdayOfMs(local),
    offsetMinutes: Math.round((local - ms) / MINUTE_MS),
  }
}

/** The calendar date of `instant` in `timeZone`. */
export function localDateOf(instant: InstantInput, timeZone: string): LocalDate {
  return localDateFromMs(localMsOf(instant, timeZone))
}

/** The same wall-clock time `days` calendar days later (DST-safe: not days × 24 h). */
export function addLocalDays(instant: InstantInput, days: number, timeZone: string): number {
  return instantOfLocalMs(localMsOf(instant, timeZone) + days * DAY_MS, timeZone)
}

// ---------------------------------------------------------------------------------------------
// Calendar dates ('YYYY-MM-DD') without any zone.

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const LOCAL_TIME = /^(\d{2}):(\d{2})$/

/** Days since 1970-01-01 of a valid 'YYYY-MM-DD', or null. */
function dayNumberOf(value: unknown): number | null {
  if (typeof value !== 'string' || !LOCAL_DATE.test(value)) return null
  const year = Number(value.slice(0, 4))
  const month = Number(value.slice(5, 7))
  const day = Number(value.slice(8, 10))
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return daysFromCivil(year, month, day)
}

export function isLocalDate(value: unknown): value is LocalDate {
  return dayNumberOf(value) !== null
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** Local midnight of `date` in local milliseconds. Throws on a malformed date. */
export function localDateToMs(date: LocalDate): number {
  const dayNumber = dayNumberOf(date)
  if (dayNumber === null) throw new RangeError(`Invalid local date: ${date}`)
  return dayNumber * DAY_MS
}

function formatDayNumber(dayNumber: number): LocalDate {
  const { year, month, day } = civilFromDays(dayNumber)
  const yearText = year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0')
  return `${yearText}-${pad2(month)}-${pad2(day)}`
}

/** The calendar date of local milliseconds. */
export function localDateFromMs(localMs: number): LocalDate {
  return formatDayNumber(Math.floor(localMs / DAY_MS))
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return formatDayNumber(localDateToMs(date) / DAY_MS + days)
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return (localDateToMs(to) - localDateToMs(from)) / DAY_MS
}

function isoWeekdayOfMs(localMs: number): IsoWeekday {
  // 1970-01-01 was a Thursday (ISO 4).
  return (((((Math.floor(localMs / DAY_MS) + 3) % 7) + 7) % 7) + 1) as IsoWeekday
}

export function isoWeekdayOf(date: LocalDate): IsoWeekday {
  return isoWeekdayOfMs(localDateToMs(date))
}

/** The Monday of the ISO week containing `date`. */
export function startOfIsoWeek(date: LocalDate): LocalDate {
  return addDays(date, 1 - isoWeekdayOf(date))
}

/** ISO 8601 week: weeks start on Monday; week 1 is the week holding the year's first Thursday. */
export function isoWeekOf(date: LocalDate): IsoWeek {
  const thursday = addDays(date, 4 - isoWeekdayOf(date))
  const year = Number(thursday.slice(0, 4))
  const dayOfYear = daysBetween(`${thursday.slice(0, 4)}-01-01`, thursday)
  return { year, week: Math.floor(dayOfYear / 7) + 1 }
}

export function isSameIsoWeek(a: LocalDate, b: LocalDate): boolean {
  return startOfIsoWeek(a) === startOfIsoWeek(b)
}

export interface CalendarWeek {
  isoWeek: IsoWeek
  /** Monday to Sunday; days outside the month are included so every row has seven. */
  dates: LocalDate[]
}

/** The rows of a month calendar (Mo–So) with their ISO week numbers, for the date picker's KW column. */
export function monthCalendar(year: number, month: number): CalendarWeek[] {
  const first = `${String(year).padStart(4, '0')}-${pad2(month)}-01`
  const last = addDays(first, daysInMonth(year, month) - 1)
  const weeks: CalendarWeek[] = []
  for (let monday = startOfIsoWeek(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push({
      isoWeek: isoWeekOf(monday),
      dates: Array.from({ length: 7 }, (_, index) => addDays(monday, index)),
    })
  }
  return weeks
}

// ---------------------------------------------------------------------------------------------
// Times of day ('HH:MM').

/**
 * Minutes since midnight of 'HH:MM', or null when malformed. '24:00' (1440) is accepted only
 * with allowEndOfDay, because it can end an interval but never start one.
 */
export function parseTimeOfDay(value: unknown, options: { allowEndOfDay?: boolean } = {}): number | null {
  if (typeof value !== 'string') return null
  const match = LOCAL_TIME.exec(value)
  if (match === null) return null
  const hours = Number(match[1])
  const minutes = Number(match[2])
  if (hours === 24 && minutes === 0 && options.allowEndOfDay === true) return 1440
  if (hours > 23 || minutes > 59) return null
  return hours * 60 + minutes
}

/** 'HH:MM' of minutes since midnight; values past midnight wrap (1500 → '01:00'). */
export function formatTimeOfDay(minutes: number): LocalTime {
  const wrapped = ((Math.floor(minutes) % 1440) + 1440) % 1440
  return `${pad2(Math.floor(wrapped / 60))}:${pad2(wrapped % 60)}`
}

/** 'DD.MM.YYYY', the product's date format (spec §9). */
export function formatLocalDate(date: LocalDate): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`
}

function pad2(value: number): string {
  return String(value).padStart(2, '0')
}
