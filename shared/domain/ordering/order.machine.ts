/**
 * The order lifecycle: the one place that says which transitions are legal. The server asks
 * it before deciding a command; clients ask it for status, timeline and allowed actions.
 *
 * Four parallel regions, because payment, the counter-appointment dialogue and the rating
 * move independently of the kitchen status but are constrained by it:
 *
 * - status: awaitingConfirmation → confirmed → inDelivery (delivery) | ready (takeaway,
 *   dine-in) → completed; delivery orders may end as `delivered` instead, which counts as
 *   completed (the views set isCompleted for it, the questionnaire is open for it).
 *   rejected, canceled and failed end the flow.
 * - Confirming needs a settled payment: an online payment that is still pending may yet
 *   fail, and FAIL is only possible before confirmation, so confirming first would leave a
 *   confirmed order that was never paid. For the same reason the shop cannot propose a
 *   counter-appointment while the payment is pending (accepting it confirms the order).
 * - Confirming is refused while a counter-appointment is pending: the shop asked the
 *   customer, the customer's answer decides. Accepting it confirms the order (the shop
 *   proposed the time itself), rejecting it cancels the order. Proposing again while one is
 *   pending replaces it. When the order ends otherwise first, the proposal is `withdrawn`.
 * - A payment failure is one domain event (OrderFailed → FAIL): the status region moves
 *   awaitingConfirmation → failed and the payment region awaiting → failed in the same step.
 * - A payment that arrives after the order was canceled or rejected, or after the payment
 *   failed (a late success at the provider), is still recorded (the money is there), so it
 *   can be refunded; the order stays where it is. Refunds only go paid → refunded, and only when
 *   the order was not fulfilled (canceled, rejected, failed); money back on a fulfilled order
 *   is a goodwill matter outside the lifecycle. A partial refund (an item of a paid order got
 *   cheaper), a refund still asked for and a failed one leave the payment `paid`
 *   (RECORD_REFUND); the order's `refunds` say which is open.
 * - Items of an online order change only once it is paid (then only to a lower total, refunded).
 * - Staff can take back their last forward step (confirm, ready / in delivery, complete, delivered)
 *   within 10 s (UNDO_STATUS_CHANGE, allowed in those statuses; which step and whether it is still
 *   in time is the order's data: order.undo.ts). Ends (reject, cancel, fail) are never undone:
 *   the customer was told, a refund may be under way.
 * - The questionnaire can be answered once, and only when the shop accepted the order and it
 *   was not canceled afterwards (status confirmed, ready, inDelivery, completed, delivered).
 *
 * Only the status finals are `type: 'final'`: a final payment or questionnaire state would let
 * the whole parallel machine reach `done` and stop accepting events.
 */
import { and, initialTransition, not, or, setup, stateIn, transition } from 'xstate'

export {
  COUNTER_APPOINTMENT_STATUSES,
  type CounterAppointmentStatus,
  FINAL_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  QUESTIONNAIRE_STATUSES,
  type QuestionnaireStatus,
} from './order-vocabulary.ts'

import type {
  CounterAppointmentStatus,
  OrderStatus,
  PaymentStatus,
  QuestionnaireStatus,
} from './order-vocabulary.ts'

/** The machine's state value; kept in the order state so checks need no replay. */
export type OrderLifecycle = {
  status: OrderStatus
  payment: PaymentStatus
  counterAppointment: CounterAppointmentStatus
  questionnaire: QuestionnaireStatus
}

/** What the guards need to know about the order; fixed when the order is created. */
export type OrderMachineContext = {
  isDelivery: boolean
  isOnlinePayment: boolean
}

export const ORDER_MACHINE_EVENT_TYPES = [
  'CONFIRM',
  'REJECT',
  'CANCEL',
  'IN_DELIVERY',
  'COMPLETE',
  'DELIVERED',
  'FAIL',
  'PAYMENT_SUCCEEDED',
  'REFUND',
  'RECORD_REFUND',
  'PROPOSE_COUNTER_APPOINTMENT',
  'ACCEPT_COUNTER_APPOINTMENT',
  'REJECT_COUNTER_APPOINTMENT',
  'ANSWER_QUESTIONNAIRE',
  'EDIT_ITEM',
  'UNDO_STATUS_CHANGE',
] as const
export type OrderMachineEventType = (typeof ORDER_MACHINE_EVENT_TYPES)[number]
// Events carry no payload: legality never depends on the data, only on the state.
export type OrderMachineEvent = { type: OrderMachineEventType }

export const orderMachine = setup({
  types: {
    context: {} as OrderMachineContext,
    input: {} as OrderMachineContext,
    events: {} as OrderMachineEvent,
  },
  guards: {
    isDelivery: ({ context }) => context.isDelivery,
    isOnlinePayment: ({ context }) => context.isOnlinePayment,
    isAwaitingConfirmation: stateIn({ status: 'awaitingConfirmation' }),
    isPaymentPending: stateIn({ payment: 'awaiting' }),
    hasPendingCounterAppointment: stateIn({ counterAppointment: 'proposed' }),
    wasAcceptedByShop: or([
      stateIn({ status: 'confirmed' }),
      stateIn({ status: 'ready' }),
      stateIn({ status: 'inDelivery' }),
      stateIn({ status: 'completed' }),
      stateIn({ status: 'delivered' }),
    ]),
    mayEditItems: or([not('isOnlinePayment'), stateIn({ payment: 'paid' })]),
    isUnfulfilled: or([
      stateIn({ status: 'canceled' }),
      stateIn({ status: 'rejected' }),
      stateIn({ status: 'failed' }),
    ]),
  },
}).createMachine({
  id: 'order',
  type: 'parallel',
  context: ({ input }) => ({ isDelivery: input.isDelivery, isOnlinePayment: input.isOnlinePayment }),
  states: {
    status: {
      initial: 'awaitingConfirmation',
      states: {
        awaitingConfirmation: {
          on: {
            CONFIRM: {
              target: 'confirmed',
              guard: and([not('isPaymentPending'), not('hasPendingCounterAppointment')]),
            },
            REJECT: { target: 'rejected' },
            CANCEL: { target: 'canceled' },
            FAIL: { target: 'failed' },
            ACCEPT_COUNTER_APPOINTMENT: { target: 'confirmed', guard: 'hasPendingCounterAppointment' },
            REJECT_COUNTER_APPOINTMENT: { target: 'canceled', guard: 'hasPendingCounterAppointment' },
            // An online payment covers the price it was opened for: its items change only once it
            // is paid, and only to a lower total (decide refuses more; the difference is refunded).
            EDIT_ITEM: { target: 'awaitingConfirmation', guard: 'mayEditItems' },
          },
        },
        confirmed: {
          on: {
            IN_DELIVERY: [{ target: 'inDelivery', guard: 'isDelivery' }, { target: 'ready' }],
            COMPLETE: { target: 'completed' },
            CANCEL: { target: 'canceled' },
            EDIT_ITEM: { target: 'confirmed', guard: 'mayEditItems' },
            // Undo: the region stays here for the machine; which status it goes back to is the
            // undone change's (data: the decider and evolve, order.undo.ts).
            UNDO_STATUS_CHANGE: { target: 'confirmed' },
          },
        },
        ready: {
          on: {
            COMPLETE: { target: 'completed' },
            CANCEL: { target: 'canceled' },
            UNDO_STATUS_CHANGE: { target: 'ready' },
          },
        },
        inDelivery: {
          on: {
            COMPLETE: { target: 'completed' },
            DELIVERED: { target: 'delivered' },
            CANCEL: { target: 'canceled' },
            UNDO_STATUS_CHANGE: { target: 'inDelivery' },
          },
        },
        // A completion can be taken back for 10 s (the status region alone is final here).
        completed: { type: 'final', on: { UNDO_STATUS_CHANGE: { target: 'completed' } } },
        delivered: { type: 'final', on: { UNDO_STATUS_CHANGE: { target: 'delivered' } } },
        rejected: { type: 'final' },
        canceled: { type: 'final' },
        failed: { type: 'final' },
      },
    },
    payment: {
      // Transient: the initial payment state depends on the order, not on the chart.
      initial: 'undetermined',
      states: {
        undetermined: {
          always: [{ target: 'awaiting', guard: 'isOnlinePayment' }, { target: 'notRequired' }],
        },
        notRequired: {},
        awaiting: {
          on: {
            PAYMENT_SUCCEEDED: { target: 'paid' },
            FAIL: { target: 'failed', guard: 'isAwaitingConfirmation' },
          },
        },
        paid: {
          on: {
            REFUND: { target: 'refunded', guard: 'isUnfulfilled' },
            // A refund asked for, paid back in part, or failed: the money is (partly) still there.
            RECORD_REFUND: { target: 'paid' },
          },
        },
        refunded: {},
        failed: {
          on: {
            // The provider took the money after all: recorded, refundable (the order stays failed).
            PAYMENT_SUCCEEDED: { target: 'paid' },
          },
        },
      },
    },
    counterAppointment: {
      initial: 'none',
      states: {
        none: {
          on: {
            PROPOSE_COUNTER_APPOINTMENT: {
              target: 'proposed',
              guard: and(['isAwaitingConfirmation', not('isPaymentPending')]),
            },
          },
        },
        proposed: {
          on: {
            PROPOSE_COUNTER_APPOINTMENT: {
              target: 'proposed',
              reenter: true,
              guard: 'isAwaitingConfirmation',
            },
            ACCEPT_COUNTER_APPOINTMENT: { target: 'accepted' },
            REJECT_COUNTER_APPOINTMENT: { target: 'rejected' },
            REJECT: { target: 'withdrawn' },
            CANCEL: { target: 'withdrawn' },
            FAIL: { target: 'withdrawn' },
          },
        },
        accepted: {},
        rejected: {},
        withdrawn: {},
      },
    },
    questionnaire: {
      initial: 'open',
      states: {
        open: {
          on: {
            ANSWER_QUESTIONNAIRE: { target: 'answered', guard: 'wasAcceptedByShop' },
          },
        },
        answered: {},
      },
    },
  },
})

export type OrderMachineSnapshot = ReturnType<typeof orderMachine.resolveState>

function toLifecycle(snapshot: OrderMachineSnapshot): OrderLifecycle {
  return { ...(snapshot.value as OrderLifecycle) }
}

// The machine is pure and its state space is small (a few hundred lifecycle × context
// combinations), so answers are memoised: resolving an xstate snapshot costs far more than a
// map lookup, and every order command, projection row and view asks these questions.
const MEMO_LIMIT = 10_000
const memo = new Map<string, unknown>()
function remember<T>(key: string, compute: () => T): T {
  if (memo.has(key)) return memo.get(key) as T
  const value = compute()
  if (memo.size >= MEMO_LIMIT) memo.clear()
  memo.set(key, value)
  return value
}
const keyOf = (lifecycle: OrderLifecycle, context: OrderMachineContext) =>
  `${lifecycle.status}|${lifecycle.payment}|${lifecycle.counterAppointment}|${lifecycle.questionnaire}|${context.isDelivery ? 1 : 0}${context.isOnlinePayment ? 1 : 0}`

/** The lifecycle of a freshly created order. */
export function initialLifecycle(context: OrderMachineContext): OrderLifecycle {
  const lifecycle = remember(`init|${context.isDelivery ? 1 : 0}${context.isOnlinePayment ? 1 : 0}`, () => {
    const [snapshot] = initialTransition(orderMachine, context)
    return toLifecycle(snapshot)
  })
  return { ...lifecycle }
}

/** Rebuilds a machine snapshot from a stored lifecycle, without replaying events. */
export function restoreSnapshot(
  lifecycle: OrderLifecycle,
  context: OrderMachineContext,
): OrderMachineSnapshot {
  return orderMachine.resolveState({ value: lifecycle, context: { ...context } })
}

export function canApply(
  lifecycle: OrderLifecycle,
  context: OrderMachineContext,
  event: OrderMachineEvent,
): boolean {
  return remember(`can|${keyOf(lifecycle, context)}|${event.type}`, () =>
    restoreSnapshot(lifecycle, context).can(event),
  )
}

/** The lifecycle after `event`, or null when the machine refuses it. */
export function nextLifecycle(
  lifecycle: OrderLifecycle,
  context: OrderMachineContext,
  event: OrderMachineEvent,
): OrderLifecycle | null {
  const next = remember(`next|${keyOf(lifecycle, context)}|${event.type}`, () => {
    const snapshot = restoreSnapshot(lifecycle, context)
    if (!snapshot.can(event)) return null
    const [after] = transition(orderMachine, snapshot, event)
    return toLifecycle(after)
  })
  return next === null ? null : { ...next }
}

/** Every machine event the lifecycle accepts now, in declaration order. */
export function allowedMachineEvents(
  lifecycle: OrderLifecycle,
  context: OrderMachineContext,
): OrderMachineEventType[] {
  const allowed = remember(`allowed|${keyOf(lifecycle, context)}`, () => {
    const snapshot = restoreSnapshot(lifecycle, context)
    return ORDER_MACHINE_EVENT_TYPES.filter((type) => snapshot.can({ type }))
  })
  return [...allowed]
}

export { isFinalStatus } from './order-vocabulary.ts'
