import { type OrderType, orderTypeOf } from '@shop/shared/domain/common'
import type { OrderStatus, PublicOrderView } from '@shop/shared/domain/ordering'
import { formatLocalDate, wallClockOf } from '@shop/shared/domain/scheduling/zoned-time.ts'

// The status page's view model: everything here reads the public order view the server built
// with the shared lifecycle machine (status, timeline, allowedActions); nothing decides a
// transition on its own. Type-only imports from the ordering domain keep xstate out of the chunk.

/** The public order as the API and the socket deliver it (`version` beside the view). */
export type StatusOrder = PublicOrderView & { version: number }

/**
 * The newer of two copies: a stale socket message or a slow reload never wins. The ticket
 * number is drawn once by the server's read model, after the order was stored, and never
 * changes: a copy made without it (an answer written before the number was drawn) keeps the
 * number already known, and at the same version a copy with the number fills it in (issue 18:
 * the number vanished after accepting a new time or sending a rating).
 */
export function newerOrder(current: StatusOrder | undefined, next: StatusOrder): StatusOrder {
  if (!current) return next
  const fillsTicket = current.ticketNumber === null && next.ticketNumber !== null
  if (current.version > next.version || (current.version === next.version && !fillsTicket)) return current
  return next.ticketNumber === null && current.ticketNumber !== null
    ? { ...next, ticketNumber: current.ticketNumber }
    : next
}

/** Rejected, canceled and failed end the flow; the customer sees them as cancelled (spec §4). */
export function isCancelled(order: Pick<StatusOrder, 'isRejected' | 'isCanceled' | 'isFailed'>): boolean {
  return order.isRejected || order.isCanceled || order.isFailed
}

/** No further status change will come (spec §4: the page stops reloading). */
export function isSettled(
  order: Pick<StatusOrder, 'isCompleted' | 'isRejected' | 'isCanceled' | 'isFailed'>,
) {
  return order.isCompleted || isCancelled(order)
}

/** The status the customer is shown: a rejection reads as a cancellation. */
export function displayStatus(status: OrderStatus): OrderStatus {
  return status === 'rejected' ? 'canceled' : status
}

export type StepState = 'done' | 'current' | 'upcoming' | 'ended'
export type TimelineEntry = { status: OrderStatus; state: StepState; at: string | null }

/** The lifecycle path of spec §4 for this order type. */
function pathOf(order: Pick<StatusOrder, 'isDelivery' | 'status'>): OrderStatus[] {
  return [
    'awaitingConfirmation',
    'confirmed',
    order.isDelivery ? 'inDelivery' : 'ready',
    order.status === 'delivered' ? 'delivered' : 'completed',
  ]
}

/**
 * The timeline: the lifecycle steps done, current and upcoming. A step the shop skipped (a
 * confirmed order completed without 'ready') is left out once a later step is reached; an
 * order that ended early shows what happened and then its end.
 */
export function timelineOf(
  order: Pick<StatusOrder, 'isDelivery' | 'status' | 'timeline' | 'isRejected' | 'isCanceled' | 'isFailed'>,
): TimelineEntry[] {
  const reachedAt = new Map<OrderStatus, string>()
  for (const step of order.timeline) if (!reachedAt.has(step.status)) reachedAt.set(step.status, step.at)
  const path = pathOf(order)
  if (isCancelled(order)) {
    const done: TimelineEntry[] = path
      .filter((status) => reachedAt.has(status))
      .map((status) => ({ status, state: 'done', at: reachedAt.get(status) ?? null }))
    return [
      ...done,
      { status: displayStatus(order.status), state: 'ended', at: reachedAt.get(order.status) ?? null },
    ]
  }
  const current = path.indexOf(order.status)
  const finished = order.status === 'completed' || order.status === 'delivered'
  const entries: TimelineEntry[] = []
  path.forEach((status, index) => {
    const at = reachedAt.get(status) ?? null
    if (index < current) {
      if (at !== null || index < 2) entries.push({ status, state: 'done', at })
    } else if (index === current) {
      entries.push({ status, state: finished ? 'done' : 'current', at })
    } else {
      entries.push({ status, state: 'upcoming', at: null })
    }
  })
  return entries
}

/** Spec §4: the shop proposed another time and the order is neither confirmed nor rejected. */
export function showsCounterAppointment(
  order: Pick<StatusOrder, 'counterAppointment' | 'isConfirmed' | 'isRejected' | 'allowedActions'>,
): boolean {
  return (
    order.counterAppointment !== null &&
    !order.isConfirmed &&
    !order.isRejected &&
    order.allowedActions.includes('confirm-counter-appointment')
  )
}

export type QuestionnaireState = 'hidden' | 'open' | 'answered'

/** Spec §5: a completed order that is not yet rated, when the reviews plugin is on. */
export function questionnaireState(
  order: Pick<StatusOrder, 'isCompleted' | 'questionnaireRating' | 'allowedActions'>,
  enabled: boolean,
): QuestionnaireState {
  if (!enabled) return 'hidden'
  if (order.questionnaireRating !== null) return 'answered'
  if (order.isCompleted && order.allowedActions.includes('questionnaire')) return 'open'
  return 'hidden'
}

/** Spec §2: the payment link while an online payment is awaited. */
export function payNowUrl(order: Pick<StatusOrder, 'paymentRedirectUrl' | 'paymentStatus'>): string | null {
  return order.paymentStatus === 'awaiting' && order.paymentRedirectUrl ? order.paymentRedirectUrl : null
}

export type OrderKind = OrderType

export function orderKindOf(order: Pick<StatusOrder, 'isDelivery' | 'isDineIn'>): OrderKind {
  return orderTypeOf(order)
}

/** 'DD.MM.YYYY HH:mm' in the branch's zone (spec §9). */
export function formatDateTime(iso: string, timeZone: string): { date: string; time: string } {
  const wall = wallClockOf(Date.parse(iso), timeZone)
  return { date: formatLocalDate(wall.date), time: wall.time }
}

/** 'HH:mm' in the branch's zone. */
export function formatTime(iso: string, timeZone: string): string {
  return wallClockOf(Date.parse(iso), timeZone).time
}
