import { t } from '../../i18n/index.ts'
import type { LeadTime } from './lead-time.ts'
import { earliestStart } from './lead-time.ts'
import type { Interval, ScheduleInput } from './opening-hours.ts'
import { mergeIntervals, pickupPartOf, shiftsBetween, toSchedule } from './opening-hours.ts'
import { SLOT_HORIZON_DAYS, SLOT_STEP_MINUTES } from './scheduling.constants.ts'
import type { InstantInput, IsoWeekday, LocalDate, LocalTime } from './zoned-time.ts'
import {
  addDays,
  DAY_MS,
  daysBetween,
  formatLocalDate,
  isoWeekdayOf,
  isoWeekOf,
  localDateOf,
  MINUTE_MS,
  offsetMsAt,
  startOfLocalDay,
  toEpochMs,
  wallClockOf,
} from './zoned-time.ts'

// Available appointment times (spec §9 "Available time slots", §5 checkout "Appointment").
//
// Definitions:
// - A slot is an instant t with now ≤ t, earliest ≤ t (earliest = now + the largest lead time),
//   inside an opening interval (start ≤ t < end: the closing time itself is no slot, so nothing
//   is accepted after the last real slot), before the horizon, whose local wall clock is a
//   multiple of the step counted from local midnight (hh:00, hh:05, … for step 5; a step that
//   does not divide 60 still restarts at midnight every day and never drifts with "now").
// - Slots are grouped by the local calendar date of the slot itself, which is what the date
//   picker selects: a shop open Friday 22:00–02:00 offers Friday 22:00–23:55 and Saturday
//   00:00–01:55, although the interval belongs to Friday's rule.
// - Windows are maximal runs of slots with a constant UTC offset, so a run is exactly
//   `first + k × step`; a DST change splits a window (spring: 00:00–01:55 and 03:00–23:55).
// - The horizon covers `horizonDays` local calendar days starting with today.
// The work is per day on intervals (a handful of zone conversions per day), never per minute.

export const UNAVAILABLE_REASONS = [
  'in-past',
  'beyond-horizon',
  'closed-day',
  'before-lead-time',
  'no-slots-day',
  'outside-hours',
  'off-step',
  'appointment-required',
  'no-slots',
  'paused',
  'closed-now',
] as const
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number]
/** Reasons a whole day can have. */
export type DayUnavailableReason =
  | 'in-past'
  | 'beyond-horizon'
  | 'closed-day'
  | 'before-lead-time'
  | 'no-slots-day'
  | 'paused'
  | 'closed-now'

const REASON_KEYS: Readonly<Record<UnavailableReason, string>> = {
  'in-past': 'scheduling:unavailable.inPast',
  'beyond-horizon': 'scheduling:unavailable.beyondHorizon',
  'closed-day': 'scheduling:unavailable.closedDay',
  'before-lead-time': 'scheduling:unavailable.beforeLeadTime',
  'no-slots-day': 'scheduling:unavailable.noSlotsDay',
  'outside-hours': 'scheduling:unavailable.outsideHours',
  'off-step': 'scheduling:unavailable.offStep',
  'appointment-required': 'scheduling:unavailable.appointmentRequired',
  'no-slots': 'scheduling:unavailable.noSlots',
  paused: 'scheduling:unavailable.paused',
  'closed-now': 'scheduling:unavailable.closedNow',
}

/** A pause that lasts until no opening time is left: "no more online orders today". */
const PAUSED_UNTIL_CLOSING_KEY = 'scheduling:unavailable.pausedUntilClosing'

/**
 * The message of a reason when a chosen instant (an appointment) is refused. Spec §5 has one
 * text for a time outside the opening hours, and a time on a closed day is such a time: it
 * answers the spec's text, while the day itself (date picker, availability) keeps its own.
 */
const SLOT_REASON_KEYS: Readonly<Record<UnavailableReason, string>> = {
  ...REASON_KEYS,
  'closed-day': REASON_KEYS['outside-hours'],
}

/** The catalogue key (namespace:key) of a refused appointment's reason. */
export function slotMessageKey(reason: UnavailableReason, availability?: Availability): string {
  if (reason === 'paused' && availability?.pause?.resumesAt === null) return PAUSED_UNTIL_CLOSING_KEY
  return SLOT_REASON_KEYS[reason]
}

/**
 * A branch's busy mode (shared/domain/operations makes it from the branch's operations at a
 * moment). Paused: it takes no order for a time before `pausedUntil`, and no order "as soon as
 * possible"; with `laterTimes` (it takes pre-orders or quotation requests) a time from then on
 * stays possible, without it nothing is. Extra preparation time is a lead time of every order
 * while it lasts.
 */
export interface BusyMode {
  /** Epoch ms; null (or past) when not paused. */
  pausedUntil: number | null
  laterTimes: boolean
  /** Minutes added to every order's earliest time; 0 for none. */
  extraMinutes: number
  /** Epoch ms; null (or past) when no extra time applies. */
  extraUntil: number | null
}

/** The pause of an availability: while it lasts, as computed with the busy mode. */
export interface AvailabilityPause {
  until: number
  /** A time from `until` on can still be ordered (pre-orders or quotations). */
  laterTimes: boolean
  /**
   * When orders are taken again today: the pause's end, or the next opening after it that day;
   * null when no opening time of the day is left by then ("no more online orders today").
   */
  resumesAt: number | null
}

export interface SlotWindow {
  date: LocalDate
  /** First slot (epoch ms). */
  first: number
  /** Last slot, inclusive (epoch ms). */
  last: number
  /** Wall clock of the first and last slot: the "Verfügbare Zeiten:" entry 'from – to'. */
  from: LocalTime
  to: LocalTime
  count: number
}

export interface AvailabilityDay {
  date: LocalDate
  isoWeekday: IsoWeekday
  isoWeek: number
  isAvailable: boolean
  reason: DayUnavailableReason | null
  windows: SlotWindow[]
}

export interface AvailabilityQuery {
  /** Opening hours, or delivery hours for delivery (see rulesForOrderType). */
  hours: ScheduleInput
  timeZone: string
  now: InstantInput
  leadTimes?: readonly LeadTime[]
  /** Default 180 (spec §9). */
  horizonDays?: number
  /** Default 5 (spec §9); whole minutes, 1–1440. */
  stepMinutes?: number
  /**
   * 'HH:MM': within a shift, nothing before this time of day (the branch's orderableFrom, for
   * takeaway: orders can be picked up from then on; see pickupPartOf).
   */
  pickupFrom?: LocalTime | null
  /** The branch's busy mode at `now` (paused, extra preparation time); none when absent. */
  busy?: BusyMode | null
  /**
   * The branch takes no order now (closed, and it takes no pre-orders or quotation requests):
   * no time is offered at all, since the checkout would refuse each (issue 18). `opensAt`: when
   * it takes orders again (null: not within the search horizon).
   */
  closedNow?: ClosedNow | null
}

/** A branch that takes no order now, and when it does again (epoch ms; null: not in sight). */
export interface ClosedNow {
  opensAt: number | null
}

export interface Availability {
  timeZone: string
  now: number
  /** now plus the largest lead time, before rounding to the step. */
  earliest: number
  today: LocalDate
  horizonDays: number
  /** First instant beyond the horizon: local midnight after the last day. */
  horizonEnd: number
  stepMinutes: number
  /** Every local date from today on, horizonDays of them. */
  days: AvailabilityDay[]
  /** All windows in time order. */
  windows: SlotWindow[]
  /** Continuous opening time between the start of today and the horizon end. */
  openIntervals: Interval[]
  /**
   * The first available slot: the ASAP appointment; null when there is none. While paused it is
   * the first time that can be chosen, but no order "as soon as possible" is taken (`pause`).
   */
  firstSlot: number | null
  /** The pause in force at `now`; null when not paused. */
  pause: AvailabilityPause | null
  /** The extra preparation time in force at `now`; null without. */
  preparation: { extraMinutes: number; until: number } | null
  /** The branch takes no order now: no day is available (`AvailabilityQuery.closedNow`). */
  closedNow: ClosedNow | null
}

export type SlotCheck =
  | { isAvailable: true; slot: number }
  | {
      isAvailable: false
      reason: UnavailableReason
      message: string
      params: Record<string, string>
    }

export function computeAvailability(query: AvailabilityQuery): Availability {
  const { timeZone } = query
  const now = toEpochMs(query.now)
  const horizonDays = query.horizonDays ?? SLOT_HORIZON_DAYS
  const stepMinutes = query.stepMinutes ?? SLOT_STEP_MINUTES
  if (!Number.isFinite(now)) throw new RangeError('now must be a valid instant')
  if (!Number.isInteger(horizonDays) || horizonDays < 1) {
    throw new RangeError('horizonDays must be a whole number ≥ 1')
  }
  if (!Number.isInteger(stepMinutes) || stepMinutes < 1 || stepMinutes > 1440) {
    throw new RangeError('stepMinutes must be a whole number from 1 to 1440')
  }
  const stepMs = stepMinutes * MINUTE_MS
  const busy = query.busy ?? null
  const closedNow = query.closedNow ?? null
  const preparation =
    busy !== null && busy.extraMinutes > 0 && busy.extraUntil !== null && busy.extraUntil > now
      ? { extraMinutes: busy.extraMinutes, until: busy.extraUntil }
      : null
  // Extra preparation time is one more lead time (in minutes) of every order.
  const leadTimes = [
    ...(query.leadTimes ?? []),
    ...(preparation === null
      ? []
      : [
          {
            isLeadTimeEnabled: true,
            leadTimeType: 'minutes' as const,
            leadTimeValue: preparation.extraMinutes,
          },
        ]),
  ]
  const pausedUntil =
    busy !== null && busy.pausedUntil !== null && busy.pausedUntil > now ? busy.pausedUntil : null
  const laterTimes = pausedUntil !== null && busy?.laterTimes === true
  // While paused nothing before its end; without later times nothing at all.
  const earliest = Math.max(earliestStart(now, leadTimes, timeZone), pausedUntil ?? now)
  const today = localDateOf(now, timeZone)
  const dayStarts: number[] = []
  for (let index = 0; index <= horizonDays; index++) {
    dayStarts.push(startOfLocalDay(addDays(today, index), timeZone))
  }
  const startOfToday = dayStarts[0]!
  const horizonEnd = dayStarts[horizonDays]!

  // One day back: yesterday's interval may run past midnight into today.
  const allShifts = shiftsBetween(
    toSchedule(query.hours),
    addDays(today, -1),
    addDays(today, horizonDays - 1),
    timeZone,
  )
  const shifts = query.pickupFrom
    ? allShifts.flatMap((shift) => pickupPartOf(shift, query.pickupFrom, timeZone) ?? [])
    : allShifts
  const openIntervals = mergeIntervals(shifts)
    .map((interval) => ({
      start: Math.max(interval.start, startOfToday),
      end: Math.min(interval.end, horizonEnd),
    }))
    .filter((interval) => interval.end > interval.start)

  const days: AvailabilityDay[] = []
  const windows: SlotWindow[] = []
  let cursor = 0
  for (let index = 0; index < horizonDays; index++) {
    const date = addDays(today, index)
    const dayStart = dayStarts[index]!
    const dayEnd = dayStarts[index + 1]!
    while (cursor < openIntervals.length && openIntervals[cursor]!.end <= dayStart) cursor++
    const pieces: Interval[] = []
    for (let scan = cursor; scan < openIntervals.length && openIntervals[scan]!.start < dayEnd; scan++) {
      const interval = openIntervals[scan]!
      pieces.push({ start: Math.max(interval.start, dayStart), end: Math.min(interval.end, dayEnd) })
    }
    const dayWindows: SlotWindow[] = []
    // A day without any opening time is closed; one whose opening time is all over (today
    // after closing) or too short for a step has no slots; one whose remaining opening time
    // ends before the lead time allows is 'before-lead-time'.
    let reason: DayUnavailableReason | null = null
    if (pieces.length === 0) reason = 'closed-day'
    else if (!pieces.some((piece) => piece.end > now)) reason = 'no-slots-day'
    else if (closedNow !== null) reason = 'closed-now'
    else if (pausedUntil !== null && (!laterTimes || !pieces.some((piece) => piece.end > pausedUntil)))
      reason = 'paused'
    else if (!pieces.some((piece) => piece.end > earliest)) reason = 'before-lead-time'
    else {
      for (const piece of pieces) {
        const start = Math.max(piece.start, earliest)
        if (start >= piece.end) continue
        for (const segment of constantOffsetSegments(start, piece.end, timeZone)) {
          const window = slotWindowOf(date, segment, stepMs, timeZone)
          if (window !== null) dayWindows.push(window)
        }
      }
      if (dayWindows.length === 0) reason = 'no-slots-day'
    }
    windows.push(...dayWindows)
    days.push({
      date,
      isoWeekday: isoWeekdayOf(date),
      isoWeek: isoWeekOf(date).week,
      isAvailable: reason === null,
      reason,
      windows: dayWindows,
    })
  }
  return {
    timeZone,
    now,
    earliest,
    today,
    horizonDays,
    horizonEnd,
    stepMinutes,
    days,
    windows,
    openIntervals,
    firstSlot: windows[0]?.first ?? null,
    pause:
      pausedUntil === null
        ? null
        : { until: pausedUntil, laterTimes, resumesAt: resumesAt(openIntervals, pausedUntil, dayStarts[1]!) },
    preparation,
    closedNow,
  }
}

/** The pause's end when open then, else the next opening before `dayEnd`; null when none is left. */
function resumesAt(openIntervals: readonly Interval[], until: number, dayEnd: number): number | null {
  for (const interval of openIntervals) {
    if (interval.end <= until) continue
    const start = Math.max(interval.start, until)
    return start < dayEnd ? start : null
  }
  return null
}

interface Segment extends Interval {
  offset: number
}

/** Splits [start, end) where the UTC offset changes (binary search: DST changes are rare). */
function constantOffsetSegments(start: number, end: number, timeZone: string): Segment[] {
  const segments: Segment[] = []
  let from = start
  let offset = offsetMsAt(from, timeZone)
  while (offsetMsAt(end - 1, timeZone) !== offset) {
    let low = from
    let high = end - 1
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2)
      if (offsetMsAt(middle, timeZone) === offset) low = middle
      else high = middle
    }
    segments.push({ start: from, end: high, offset })
    from = high
    offset = offsetMsAt(from, timeZone)
  }
  segments.push({ start: from, end, offset })
  return segments
}

/** Grid points of one constant-offset segment, counted in local time from local midnight. */
function slotWindowOf(
  date: LocalDate,
  segment: Segment,
  stepMs: number,
  timeZone: string,
): SlotWindow | null {
  const localStart = segment.start + segment.offset
  const localEnd = segment.end + segment.offset
  const anchor = Math.floor(localStart / DAY_MS) * DAY_MS
  const firstLocal = anchor + Math.ceil((localStart - anchor) / stepMs) * stepMs
  const lastLocal = anchor + (Math.ceil((localEnd - anchor) / stepMs) - 1) * stepMs
  if (firstLocal > lastLocal) return null
  const first = firstLocal - segment.offset
  const last = lastLocal - segment.offset
  return {
    date,
    first,
    last,
    from: wallClockOf(first, timeZone).time,
    to: wallClockOf(last, timeZone).time,
    count: (lastLocal - firstLocal) / stepMs + 1,
  }
}

/** The slots of one window. */
export function slotsOfWindow(window: SlotWindow, stepMinutes: number): number[] {
  const stepMs = stepMinutes * MINUTE_MS
  return Array.from({ length: window.count }, (_, index) => window.first + index * stepMs)
}

/** All slots of a local date (empty outside the horizon). */
export function slotsOn(availability: Availability, date: LocalDate): number[] {
  const day = dayOf(availability, date)
  return day === null ? [] : day.windows.flatMap((window) => slotsOfWindow(window, availability.stepMinutes))
}

/** The day entry of a local date, or null outside [today, horizon). */
export function dayOf(availability: Availability, date: LocalDate): AvailabilityDay | null {
  const index = daysBetween(availability.today, date)
  return availability.days[index] ?? null
}

/**
 * `count` local dates from `from`, each answered: a day of the horizon as computed, a day
 * before today as 'in-past' and a day past the horizon as 'beyond-horizon' (never left out,
 * so a client asking for a range gets every date of it).
 */
export function availabilityDays(
  availability: Availability,
  from: LocalDate,
  count: number,
): AvailabilityDay[] {
  const days: AvailabilityDay[] = []
  for (let index = 0; index < count; index++) {
    const date = addDays(from, index)
    const day = date < availability.today ? null : dayOf(availability, date)
    if (day !== null) {
      days.push(day)
      continue
    }
    days.push({
      date,
      isoWeekday: isoWeekdayOf(date),
      isoWeek: isoWeekOf(date).week,
      isAvailable: false,
      reason: date < availability.today ? 'in-past' : 'beyond-horizon',
      windows: [],
    })
  }
  return days
}

/** Index of the last window whose first slot is at or before `instant`, or -1. */
function windowIndexAtOrBefore(windows: readonly SlotWindow[], instant: number): number {
  let low = 0
  let high = windows.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (windows[middle]!.first <= instant) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

/** True when `instant` is one of the available slots. O(log n). */
export function isSlotAvailable(availability: Availability, instant: InstantInput): boolean {
  const ms = toEpochMs(instant)
  if (!Number.isFinite(ms)) return false
  const window = availability.windows[windowIndexAtOrBefore(availability.windows, ms)]
  if (window === undefined || ms > window.last) return false
  return (ms - window.first) % (availability.stepMinutes * MINUTE_MS) === 0
}

/** The first slot at or after `instant` (for "next possible time" proposals), or null. */
export function firstSlotAtOrAfter(availability: Availability, instant: InstantInput): number | null {
  const ms = toEpochMs(instant)
  const stepMs = availability.stepMinutes * MINUTE_MS
  const index = windowIndexAtOrBefore(availability.windows, ms)
  const window = availability.windows[index]
  if (window !== undefined && ms <= window.last) {
    return ms <= window.first ? window.first : window.first + Math.ceil((ms - window.first) / stepMs) * stepMs
  }
  return availability.windows[index + 1]?.first ?? null
}

/** The ASAP slot: the first available one, or null. */
export function firstAvailableSlot(availability: Availability): number | null {
  return availability.firstSlot
}

function isInside(intervals: readonly Interval[], ms: number): boolean {
  let low = 0
  let high = intervals.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const interval = intervals[middle]!
    if (ms < interval.start) high = middle - 1
    else if (ms >= interval.end) low = middle + 1
    else return true
  }
  return false
}

/** A German (or `locale`) text for a reason, with the parameters it needs. */
export function unavailableMessage(
  reason: UnavailableReason,
  availability: Availability,
  locale?: string,
): { message: string; params: Record<string, string> } {
  const params = reasonParams(reason, availability)
  const key =
    reason === 'paused' && availability.pause?.resumesAt === null
      ? PAUSED_UNTIL_CLOSING_KEY
      : REASON_KEYS[reason]
  return { message: t(key, params, locale), params }
}

function reasonParams(reason: UnavailableReason, availability: Availability): Record<string, string> {
  switch (reason) {
    case 'beyond-horizon':
    case 'no-slots':
      return { days: String(availability.horizonDays) }
    case 'off-step':
      return { step: String(availability.stepMinutes) }
    case 'before-lead-time': {
      const earliest = availability.firstSlot ?? availability.earliest
      const clock = wallClockOf(earliest, availability.timeZone)
      return { date: formatLocalDate(clock.date), time: clock.time }
    }
    case 'paused': {
      const resumes = availability.pause?.resumesAt ?? null
      return resumes === null ? {} : { time: wallClockOf(resumes, availability.timeZone).time }
    }
    default:
      return {}
  }
}

function unavailable(reason: UnavailableReason, availability: Availability, locale?: string): SlotCheck {
  const params = reasonParams(reason, availability)
  return {
    isAvailable: false,
    reason,
    message: t(slotMessageKey(reason, availability), params, locale),
    params,
  }
}

/**
 * Whether `instant` can be booked, and if not, the first reason in this order: in the past,
 * beyond the horizon, closed that day, before the lead time, no slots that day, outside the
 * opening hours, not on the minute step.
 */
export function checkSlot(availability: Availability, instant: InstantInput, locale?: string): SlotCheck {
  const ms = toEpochMs(instant)
  if (!Number.isFinite(ms)) return unavailable('outside-hours', availability, locale)
  if (isSlotAvailable(availability, ms)) return { isAvailable: true, slot: ms }
  if (ms < availability.now) return unavailable('in-past', availability, locale)
  if (ms >= availability.horizonEnd) return unavailable('beyond-horizon', availability, locale)
  const day = dayOf(availability, localDateOf(ms, availability.timeZone))
  if (day?.reason === 'closed-day') return unavailable('closed-day', availability, locale)
  if (availability.closedNow !== null) return unavailable('closed-now', availability, locale)
  const pause = availability.pause
  if (pause !== null && (!pause.laterTimes || ms < pause.until))
    return unavailable('paused', availability, locale)
  if (ms < availability.earliest) return unavailable('before-lead-time', availability, locale)
  if (day === null || day.windows.length === 0) return unavailable('no-slots-day', availability, locale)
  if (!isInside(availability.openIntervals, ms)) return unavailable('outside-hours', availability, locale)
  return unavailable('off-step', availability, locale)
}

/** Whether a local date can be picked (date picker), with the day's reason when not. */
export function checkDay(
  availability: Availability,
  date: LocalDate,
  locale?: string,
): { isAvailable: true } | { isAvailable: false; reason: DayUnavailableReason; message: string } {
  const day = dayOf(availability, date)
  let reason: DayUnavailableReason | null
  if (date < availability.today) reason = 'in-past'
  else if (day === null) reason = 'beyond-horizon'
  else reason = day.reason
  if (reason === null) return { isAvailable: true }
  return { isAvailable: false, reason, message: unavailableMessage(reason, availability, locale).message }
}

/**
 * The checkout appointment (spec §5): required when the branch requires one; otherwise a
 * missing appointment means "as soon as possible" and resolves to the first slot, except while
 * the branch is paused (busy mode): then only a chosen time can be ordered, if any.
 */
export function checkAppointment(
  availability: Availability,
  appointment: InstantInput | null | undefined,
  options: { isAppointmentRequired?: boolean; locale?: string } = {},
): SlotCheck {
  if (appointment === null || appointment === undefined) {
    if (options.isAppointmentRequired === true)
      return unavailable('appointment-required', availability, options.locale)
    if (availability.closedNow !== null) return unavailable('closed-now', availability, options.locale)
    if (availability.pause !== null) return unavailable('paused', availability, options.locale)
    return availability.firstSlot === null
      ? unavailable('no-slots', availability, options.locale)
      : { isAvailable: true, slot: availability.firstSlot }
  }
  return checkSlot(availability, appointment, options.locale)
}

/** A catalogue key (namespace:key) with its parameters, for the caller to translate. */
export interface SchedulingText {
  key: string
  params: Record<string, string>
}

/**
 * What a storefront says about a busy branch (an availability computed with its busy mode): the
 * pause, with when orders are taken again (the checkout's own refusal text), else the first time
 * the extra preparation time leaves ("frühestens um 12:45"); null when neither is in force.
 */
export function busyNotice(
  availability: Availability,
  orderType: 'takeaway' | 'delivery' | 'dineIn',
): SchedulingText | null {
  if (availability.pause !== null) {
    return { key: slotMessageKey('paused', availability), params: reasonParams('paused', availability) }
  }
  if (availability.preparation === null || availability.firstSlot === null) return null
  const clock = wallClockOf(availability.firstSlot, availability.timeZone)
  return clock.date === availability.today
    ? { key: `scheduling:busy.extra.${orderType}`, params: { time: clock.time } }
    : {
        key: `scheduling:busy.extraOn.${orderType}`,
        params: { date: formatLocalDate(clock.date), time: clock.time },
      }
}
