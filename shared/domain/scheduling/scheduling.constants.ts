// Business constants of spec §9 ("Opening hours", "Available time slots").

/** A branch is 'closing soon' while fewer than this many minutes of opening time remain. */
export const CLOSING_SOON_MINUTES = 60
/** Step of the original next-opening search; see nextOpening in open-state.ts for how it is honoured. */
export const NEXT_OPENING_STEP_MINUTES = 30
/** How far ahead the card looks for the next opening. */
export const NEXT_OPENING_HORIZON_DAYS = 7
/** How far ahead available time slots are searched. */
export const SLOT_HORIZON_DAYS = 180
/** Slot start times are multiples of this many minutes of the local day; also the time picker's minute step. */
export const SLOT_STEP_MINUTES = 5

export { WEEKDAYS as WEEKDAY_NAMES, type Weekday as WeekdayName } from '../common/vocabulary.ts'
