// Undo of the last status change (issue 18, point 10): staff take back a forward step they just
// made (confirm, ready / in delivery, complete, delivered) within 10 s. Never a rewrite: the
// decider appends OrderStatusChangeUndone, evolve puts the status back and drops the undone step
// from the timeline (the status page follows). Ends (reject, cancel, fail) are not undoable: the
// customer was told, a refund may be under way. Pure: the decider passes the command's time.

import type { OrderEventType, OrderStatusChangeUndone } from '../../contracts/events/order.events.ts'
import { UNDOABLE_ORDER_EVENTS } from '../../contracts/events/order.events.ts'
import type { OrderStatus } from './order.machine.ts'

/** How long after a status change staff may take it back (by the events' times). */
export const UNDO_WINDOW_MS = 10_000

export type UndoableEventType = (typeof UNDOABLE_ORDER_EVENTS)[number]

/** The status change that can still be taken back: the order's last event, when it was one. */
export type LastStatusChange = {
  undone: UndoableEventType
  /** The status before the change (where an undo goes back to). */
  from: OrderStatus
  /** The status it made. */
  to: OrderStatus
  at: string
}

const UNDOABLE = new Set<OrderEventType>(UNDOABLE_ORDER_EVENTS)

/**
 * What evolve remembers of an event: a forward step staff made (its status changed), else
 * nothing. Any other event (an item change, a payment, a rating, an undo) ends the chance to undo.
 */
export function statusChangeOf(
  event: { type: OrderEventType; at: string },
  before: OrderStatus,
  after: OrderStatus,
): LastStatusChange | undefined {
  if (!UNDOABLE.has(event.type) || before === after) return undefined
  return { undone: event.type as UndoableEventType, from: before, to: after, at: event.at }
}

export type UndoDecision =
  | { ok: true; undone: UndoableEventType; from: OrderStatus; to: OrderStatus }
  /** The catalogue key (ordering `error.reason.*`) of why not. */
  | { ok: false; reason: 'error.reason.nothingToUndo' | 'error.reason.undoExpired' }

/** Whether the last status change can be undone at `at` (the command's time), and how. */
export function decideUndo(
  state: { lastStatusChange?: LastStatusChange | undefined; lifecycle: { status: OrderStatus } },
  at: string,
): UndoDecision {
  const last = state.lastStatusChange
  if (!last || last.to !== state.lifecycle.status) return { ok: false, reason: 'error.reason.nothingToUndo' }
  const age = Date.parse(at) - Date.parse(last.at)
  if (!(age <= UNDO_WINDOW_MS)) return { ok: false, reason: 'error.reason.undoExpired' }
  return { ok: true, undone: last.undone, from: last.to, to: last.from }
}

/**
 * The timeline after an undo: the undone step leaves (the view's "isConfirmed", "isInDelivery",
 * "isCompleted" follow the timeline), else the status it went back to is added.
 */
export function timelineAfterUndo<S extends { status: OrderStatus; at: string }>(
  timeline: readonly S[],
  event: Pick<OrderStatusChangeUndone, 'from' | 'to' | 'at'>,
  step: (status: OrderStatus, at: string) => S,
): S[] {
  const last = timeline.at(-1)
  const before = timeline.at(-2)
  if (last?.status === event.from && before?.status === event.to) return timeline.slice(0, -1)
  return [...timeline, step(event.to, event.at)]
}
