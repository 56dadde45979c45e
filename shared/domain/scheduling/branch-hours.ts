import { t } from '../../i18n/index.ts'
import type { LeadTime } from './lead-time.ts'
import type { OpenState, OpenStateOptions, OpenStatus } from './open-state.ts'
import { openStateAt } from './open-state.ts'
import type { OpeningHoursRule } from './opening-hours.ts'
import { isOpenAt, pickupWindow } from './opening-hours.ts'
import { WEEKDAY_NAMES } from './scheduling.constants.ts'
import type { Availability, BusyMode } from './time-slots.ts'
import { computeAvailability } from './time-slots.ts'
import type { InstantInput, LocalTime } from './zoned-time.ts'

/** The scheduling fields of a branch (spec §3) plus its IANA time zone. */
export interface BranchHours {
  timeZone: string
  openingHours: readonly OpeningHoursRule[]
  deliveryHours?: readonly OpeningHoursRule[] | null
  isDeliveryHoursEnabled?: boolean | null
  /** 'HH:MM': pickup starts here when it lies inside the shift (see pickupWindow). */
  orderableFrom?: LocalTime | null
  closedMessage?: string | null
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

/** Availability for an order type: delivery is scheduled in delivery hours, the rest in opening hours. */
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
  return computeAvailability({
    hours: rulesForOrderType(branch, orderType),
    timeZone: branch.timeZone,
    now,
    pickupFrom: pickupFromFor(branch, orderType),
    ...options,
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
  /** 'Schließt bald' while closing soon. */
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
