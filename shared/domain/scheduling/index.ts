export type { BranchCard, BranchHours, BranchOpenState, CardText, OrderType } from './branch-hours.ts'
export {
  branchAvailability,
  branchCard,
  branchOpenState,
  deliveryRulesOf,
  isDeliveryOpenAt,
  isOpenForOrderingAt,
  nextOrderingStart,
  ORDER_TYPES,
  pickupFromFor,
  rulesForOrderType,
  takesOrdersNow,
} from './branch-hours.ts'
export type { BranchWeek, BranchWeekDay, WeekHours } from './branch-week.ts'
export { branchWeek } from './branch-week.ts'
export { endOfBusinessDay } from './business-day.ts'
export type { LeadTime, LeadTimeType } from './lead-time.ts'
export { earliestStart, LEAD_TIME_TYPES, leadTimeEarliest } from './lead-time.ts'
export type { NextOpening, OpenState, OpenStateOptions, OpenStatus } from './open-state.ts'
export { openStateAt } from './open-state.ts'
export type {
  DayHours,
  Interval,
  LocalInterval,
  OpeningHoursRule,
  OpeningHoursRuleType,
  OpeningSchedule,
  ScheduleInput,
  Shift,
} from './opening-hours.ts'
export {
  compileSchedule,
  hoursOn,
  isOpenAt,
  mergeIntervals,
  OPENING_HOURS_RULE_TYPES,
  openIntervalsBetween,
  pickupPartOf,
  pickupWindow,
  shiftsBetween,
  shiftsOn,
  toLocalInterval,
  toSchedule,
  weekHours,
} from './opening-hours.ts'
export type { WeekdayName } from './scheduling.constants.ts'
export {
  CLOSING_SOON_MINUTES,
  NEXT_OPENING_HORIZON_DAYS,
  NEXT_OPENING_STEP_MINUTES,
  SLOT_HORIZON_DAYS,
  SLOT_STEP_MINUTES,
  WEEKDAY_NAMES,
} from './scheduling.constants.ts'
export type {
  Availability,
  AvailabilityDay,
  AvailabilityPause,
  AvailabilityQuery,
  BusyMode,
  ClosedNow,
  DayUnavailableReason,
  SchedulingText,
  SlotCheck,
  SlotWindow,
  UnavailableReason,
} from './time-slots.ts'
export {
  availabilityDays,
  busyNotice,
  checkAppointment,
  checkDay,
  checkSlot,
  computeAvailability,
  dayOf,
  firstAvailableSlot,
  firstSlotAtOrAfter,
  isSlotAvailable,
  slotMessageKey,
  slotsOfWindow,
  slotsOn,
  UNAVAILABLE_REASONS,
  unavailableMessage,
} from './time-slots.ts'
export type {
  CalendarWeek,
  InstantInput,
  IsoWeek,
  IsoWeekday,
  LocalDate,
  LocalTime,
  WallClock,
} from './zoned-time.ts'
export {
  addDays,
  addLocalDays,
  DAY_MS,
  daysBetween,
  daysInMonth,
  formatLocalDate,
  formatTimeOfDay,
  HOUR_MS,
  instantOf,
  instantOfLocalMs,
  isLocalDate,
  isoWeekdayOf,
  isoWeekOf,
  isSameIsoWeek,
  isValidTimeZone,
  localDateOf,
  localDateToMs,
  localMsOf,
  MINUTE_MS,
  monthCalendar,
  offsetMsAt,
  parseTimeOfDay,
  startOfIsoWeek,
  startOfLocalDay,
  toEpochMs,
  wallClockOf,
} from './zoned-time.ts'
