import { t } from '../../i18n/index.ts'
import type { LeadTime } from './lead-time.ts'
import type { OpenState, OpenStateOptions, OpenStatus } from './open-state.ts'
import { openStateAt } from './open-state.ts'
import type { OpeningHoursRule } from './opening-hours.ts'
import { isOpenAt, mergeIntervals, openIntervalsBetween, pickupWindow } from './opening-hours.ts'
import { SLOT_HORIZON_DAYS, WEEKDAY_NAMES } from './scheduling.constants.ts'
import type { Availability, BusyMode, ClosedNow } from './time-slots.ts'
import { computeAvailability } from './time-slots.ts'
import { DAY_MS, type InstantInput, type LocalTime, toEpochMs } from './zoned-time.ts'

/** The scheduling fields of a branch (spec §3) plus its IANA time zone. */
export interface BranchHours {
  timeZone: string
  openingHours: readonly OpeningHoursRule[]
  deliveryHours?: readonly OpeningHoursRule[] | null
  isDeliveryHoursEnabled?: boolean | null
  /** 'HH:MM': pickup starts here when it lies inside the shift (see pickupWindow). */
  orderableFrom?: LocalTime | null
  closedMessage?: string | null
  /**
   * While closed, the branch takes orders for a later time (pre-orders) or quotation requests.
   * Only an explicit `isPreorderEnabled: false` (without quotations) makes a closed branch take
   * no order at all; absent counts as taking them (callers that only ask about hours).
   */
  isPreorderEnabled?: boolean | null
  isQuotationRequired?: boolean | null
}

export { ORDER_TYPES } from '../common/vocabulary.ts'

import type { ORDER_TYPES } from '../common/vocabulary.ts'
export type OrderType = (typeof ORDER_TYPES)[number]

/**
 * Delivery hours when enabled, else opening hours (spec §4). Enabled delivery hours are used
 * even when the list is empty: days default to closed, so that means "no delivery".
 */
export function deliveryRulesOf(branch: BranchHours): readonly OpeningHoursRule[] {
  return branch.isDeliveryHoursEnabled === true ? (branch.deliveryHours ?? []) : branch.openingHours
}

/** The hours an order type is scheduled in: delivery → delivery rules, others → opening hours. */
export function rulesForOrderType(branch: BranchHours, orderType: OrderType): readonly OpeningHoursRule[] {
  return orderType === 'delivery' ? deliveryRulesOf(branch) : branch.openingHours
}

/** Takeaway orders can be picked up from the branch's orderableFrom on; the others any time open. */
export function pickupFromFor(
  branch: Pick<BranchHours, 'orderableFrom'>,
  orderType: OrderType,
): LocalTime | null {
  return orderType === 'takeaway' ? (branch.orderableFrom ?? null) : null
}

export function isDeliveryOpenAt(branch: BranchHours, now: InstantInput): boolean {
  return isOpenAt(deliveryRulesOf(branch), branch.timeZone, now)
}

/** Spec §4: open if opening hours apply now, or delivery hours are enabled and apply. */
export function isOpenForOrderingAt(branch: BranchHours, now: InstantInput): boolean {
  if (isOpenAt(branch.openingHours, branch.timeZone, now)) return true
  return branch.isDeliveryHoursEnabled === true && isOpenAt(branch.deliveryHours ?? [], branch.timeZone, now)
}

export interface BranchOpenState {
  opening: OpenState
  delivery: OpenState
  isOpenForOrdering: boolean
  isDeliveryOpen: boolean
}

/** Both states the menu page's notices need (closed / delivery closed, each with its next opening). */
export function branchOpenState(
  branch: BranchHours,
  now: InstantInput,
  options: OpenStateOptions = {},
): BranchOpenState {
  const opening = openStateAt(branch.openingHours, branch.timeZone, now, options)
  const delivery =
    branch.isDeliveryHoursEnabled === true
      ? openStateAt(branch.deliveryHours ?? [], branch.timeZone, now, options)
      : opening
  return {
    opening,
    delivery,
    isOpenForOrdering: opening.isOpen || (branch.isDeliveryHoursEnabled === true && delivery.isOpen),
    isDeliveryOpen: delivery.isOpen,
  }
}

/**
 * Whether the branch takes an order of this type now, the checkout's rule (spec §5 "Submit
 * buttons"): open for it (delivery: the delivery hours; the others: open for ordering), or it
 * takes later orders while closed (pre-orders, quotation requests). `paused`: the busy mode's
 * pause answers instead (it has its own later-times rule).
 */
export function takesOrdersNow(branch: BranchHours, orderType: OrderType, now: InstantInput): boolean {
  if (branch.isQuotationRequired === true || branch.isPreorderEnabled !== false) return true
  return orderType === 'delivery' ? isDeliveryOpenAt(branch, now) : isOpenForOrderingAt(branch, now)
}

/**
 * When a branch that takes no order now takes one of this type again: the next start of its
 * delivery hours (delivery) or of its opening or enabled delivery hours (the others); null when
 * none lies within the slot horizon.
 */
export function nextOrderingStart(
  branch: BranchHours,
  orderType: OrderType,
  now: InstantInput,
): number | null {
  const from = toEpochMs(now)
  const schedules =
    orderType === 'delivery'
      ? [deliveryRulesOf(branch)]
      : branch.isDeliveryHoursEnabled === true
        ? [branch.openingHours, branch.deliveryHours ?? []]
        : [branch.openingHours]
  // A week at a time: the next opening is nearly always within the first.
  for (let start = from; start < from + SLOT_HORIZON_DAYS * DAY_MS; start += 7 * DAY_MS) {
    const intervals = mergeIntervals(
      schedules.flatMap((rules) => openIntervalsBetween(rules, branch.timeZone, start, start + 7 * DAY_MS)),
    )
    const next = intervals.find((interval) => interval.start > from)
    if (next !== undefined) return next.start
  }
  return null
}

/**
 * Availability for an order type: delivery is scheduled in delivery hours, the rest in opening
 * hours. A branch that takes no order now (closed, without pre-orders or quotations) offers no
 * time at all, as the checkout refuses every order then (issue 18: the answer promised
 * "frühestens Freitag 11:00" for an order the checkout would refuse); the pause of a busy
 * branch answers on its own terms.
 */
export function branchAvailability(
  branch: BranchHours,
  orderType: OrderType,
  now: InstantInput,
  options: {
    leadTimes?: readonly LeadTime[]
    horizonDays?: number
    stepMinutes?: number
    /** The branch's busy mode now (shared/domain/operations `busyModeOf`). */
    busy?: BusyMode | null
  } = {},
): Availability {
  const busy = options.busy ?? null
  const paused = busy !== null && busy.pausedUntil !== null && busy.pausedUntil > toEpochMs(now)
  const closedNow: ClosedNow | null =
    paused || takesOrdersNow(branch, orderType, now)
      ? null
      : { opensAt: nextOrderingStart(branch, orderType, now) }
  return computeAvailability({
    hours: rulesForOrderType(branch, orderType),
    timeZone: branch.timeZone,
    now,
    pickupFrom: pickupFromFor(branch, orderType),
    ...options,
    closedNow,
  })
}

// ---------------------------------------------------------------------------------------------
// Branch card (spec §2 "Branch list").

/** A card line: the catalogue key and parameters, and the text in the requested locale. */
export interface CardText {
  /** null for the branch's own closedMessage, which is not a catalogue text. */
  key: string | null
  params: Record<string, string>
  text: string
}

export interface BranchCard {
  status: OpenStatus
  isClosingSoon: boolean
  /** 'Offen heute …', 'Öffnet {day} um {from} Uhr', the closedMessage, or 'Geschlossen'. */
  hours: CardText
  /** 'Abholung {from} Uhr bis {to} Uhr' while open; null when closed or no pickup is left. */
  pickup: CardText | null
  /** 'Schliesst bald' while closing soon. */
  closingSoon: CardText | null
  state: OpenState
}

function text(key: string, params: Record<string, string>, locale?: string): CardText {
  return { key, params, text: t(key, params, locale) }
}

/**
 * The card's status texts. Open: 'Offen heute {from} Uhr bis {to} Uhr' for the shift in
 * progress plus the pickup window. Closed: with a next opening today the same 'Offen heute'
 * text for that shift, on another day 'Öffnet {day} um {from} Uhr'; with none within the
 * horizon the branch's closedMessage, or 'Geschlossen' without one.
 */
export function branchCard(
  branch: BranchHours,
  now: InstantInput,
  options: OpenStateOptions & { locale?: string } = {},
): BranchCard {
  const { locale } = options
  const state = openStateAt(branch.openingHours, branch.timeZone, now, options)
  const closingSoon = state.isClosingSoon ? text('scheduling:card.closingSoon', {}, locale) : null
  if (state.isOpen && state.shift !== null) {
    const { from, to } = state.shift
    const pickup = pickupWindow(state.shift, branch.orderableFrom)
    return {
      status: state.status,
      isClosingSoon: state.isClosingSoon,
      hours: text('scheduling:card.openToday', { from, to }, locale),
      pickup: pickup === null ? null : text('scheduling:card.pickup', { ...pickup }, locale),
      closingSoon,
      state,
    }
  }
  let hours: CardText
  const next = state.nextOpening
  if (next === null) {
    const message = branch.closedMessage?.trim() ?? ''
    hours =
      message === '' ? text('scheduling:card.closed', {}, locale) : { key: null, params: {}, text: message }
  } else if (next.isToday) {
    hours = text('scheduling:card.openToday', { from: next.time, to: next.shift.to }, locale)
  } else {
    const day = t(`scheduling:weekday.${WEEKDAY_NAMES[next.isoWeekday - 1]}`, {}, locale)
    hours = text('scheduling:card.opensOn', { day, from: next.time }, locale)
  }
  return { status: state.status, isClosingSoon: false, hours, pickup: null, closingSoon, state }
}
