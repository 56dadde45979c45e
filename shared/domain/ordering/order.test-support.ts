// Fixtures for the ordering unit tests: a clock-free timeline, actors, valid commands and the
// reachable order situations the transition tables walk through.
import type { Actor, OrderEvent } from '../../contracts/events/order.events.ts'
import type { CreateOrder, LifecycleCommand, LifecycleCommandType, OrderState } from './order.decider.ts'
import { decide, evolve, foldOrder } from './order.decider.ts'
import { isBareCommandType, ORDER_ACTIONS } from './order-actions.ts'

export const T0 = '2025-03-29T10:00:00.000Z'

/** T0 plus `minutes`, as an ISO string. */
export function at(minutes: number): string {
  return new Date(Date.parse(T0) + minutes * 60_000).toISOString()
}

export const staff: Actor = { kind: 'staff', id: 'user-7', name: 'Anna Muster' }
export const customer: Actor = { kind: 'customer' }
export const system: Actor = { kind: 'system', name: 'payment-provider' }

export const ORDER_ID = 'order-1'

export type OrderKind = { isDelivery?: boolean; isDineIn?: boolean; isOnlinePayment?: boolean }

export function createOrderCommand(kind: OrderKind = {}, overrides: Partial<CreateOrder> = {}): CreateOrder {
  const isDineIn = kind.isDineIn ?? false
  return {
    type: 'CreateOrder',
    at: T0,
    actor: customer,
    orderId: ORDER_ID,
    uid: 'uid-1',
    hash: 'hash-1',
    branchId: 'branch-1',
    isDelivery: kind.isDelivery ?? false,
    isDineIn,
    tableIdentifier: isDineIn ? 'T4' : null,
    customer: {
      firstName: 'Erika',
      lastName: 'Mustermann',
      email: 'erika@example.org',
      phone: '+41 79 000 00 00',
    },
    items: [
      {
        itemId: 'item-1',
        productUid: 'prod-pizza',
        name: 'Pizza Margherita',
        amount: 2,
        unit: 'piece',
        unitPrice: 1450,
        total: 2900,
      },
      {
        itemId: 'item-2',
        productUid: 'prod-salad',
        name: 'Salat',
        amount: 250,
        unit: 'gram',
        unitPrice: 3,
        total: 750,
      },
    ],
    appointment: '2025-03-29T12:30:00+01:00',
    comment: 'Bitte klingeln',
    paymentMethod: kind.isOnlinePayment ? 'online-provider-a' : 'cash',
    isOnlinePayment: kind.isOnlinePayment ?? false,
    pricing: { totalGross: 3650 },
    ...overrides,
  }
}

export const COUNTER_APPOINTMENT = '2025-03-29T13:15:00+01:00'

/** A valid command of each kind, issued by whoever may issue it in the product. */
export function lifecycleCommand(type: LifecycleCommandType, when: string): LifecycleCommand {
  // A bare row's command is its name (staff's: the decider does not look at who sends it).
  if (isBareCommandType(type)) return { type, at: when, actor: staff }
  switch (type) {
    case 'RejectOrder':
      return { type, at: when, actor: staff, message: 'Leider sind wir heute ausgebucht.' }
    case 'CancelOrder':
      return { type, at: when, actor: staff, reason: 'Kunde hat angerufen' }
    case 'FailOrder':
      return { type, at: when, actor: system, reason: 'payment failed' }
    case 'MarkPaid':
      return { type, at: when, actor: system, reference: 'psp-123' }
    case 'ProposeCounterAppointment':
      return { type, at: when, actor: staff, appointment: COUNTER_APPOINTMENT }
    case 'AcceptCounterAppointment':
    case 'RejectCounterAppointment':
      return { type, at: when, actor: customer }
    case 'AnswerQuestionnaire':
      return {
        type,
        at: when,
        actor: customer,
        rating: 5,
        foodRating: 4,
        serviceRating: 5,
        processRating: 3,
        comment: 'Sehr fein',
      }
    case 'ChangeOrderItem':
      return {
        type,
        at: when,
        actor: staff,
        item: {
          itemId: 'item-1',
          productUid: 'prod-pizza',
          name: 'Pizza Margherita',
          amount: 3,
          unit: 'piece',
          unitPrice: 1450,
          total: 4350,
        },
        pricing: { totalGross: 5100 },
      }
    case 'RemoveOrderItem':
      // The pizza goes; the salad (750) stays.
      return { type, at: when, actor: staff, itemId: 'item-1', pricing: { totalGross: 750 } }
    case 'RefundPayment':
      return { type, at: when, actor: system, refundNumber: 1, attempt: 1, reference: 're_1' }
    case 'FailRefund':
      return {
        type,
        at: when,
        actor: system,
        refundNumber: 1,
        attempt: 1,
        reason: 'Charge has already been refunded.',
        kind: 'refused',
      }
    case 'RetryRefund':
      return { type, at: when, actor: staff, refundNumber: 1 }
    case 'UndoStatusChange':
      return { type, at: when, actor: staff }
  }
}

/** Every lifecycle command: the order-action table's rows, in its order. */
export const LIFECYCLE_COMMAND_TYPES = Object.keys(ORDER_ACTIONS) as readonly LifecycleCommandType[]

/** The events of an order created as `kind` that then went through `steps`, one minute apart. */
export function historyOf(kind: OrderKind, steps: readonly LifecycleCommandType[]): OrderEvent[] {
  const events: OrderEvent[] = []
  let state: OrderState | null = null
  const apply = (produced: OrderEvent[]) => {
    for (const event of produced) {
      events.push(event)
      state = evolve(state, event)
    }
  }
  apply(decide(createOrderCommand(kind), state))
  steps.forEach((type, index) => {
    apply(decide(lifecycleCommand(type, at(index + 1)), state))
  })
  return events
}

export function stateOf(kind: OrderKind, steps: readonly LifecycleCommandType[]): OrderState {
  const state = foldOrder(historyOf(kind, steps))
  if (!state) throw new Error('the history did not create an order')
  return state
}

export const TAKEAWAY: OrderKind = {}
export const DELIVERY: OrderKind = { isDelivery: true }
export const DINE_IN: OrderKind = { isDineIn: true }
export const TAKEAWAY_ONLINE: OrderKind = { isOnlinePayment: true }
export const DELIVERY_ONLINE: OrderKind = { isDelivery: true, isOnlinePayment: true }

export type Scenario = { name: string; kind: OrderKind; steps: LifecycleCommandType[] }

/** Every situation worth telling apart: each status, each payment state, each dialogue state. */
export const SCENARIOS = {
  awaiting: { name: 'awaiting confirmation (takeaway, cash)', kind: TAKEAWAY, steps: [] },
  awaitingPaymentPending: {
    name: 'awaiting confirmation, online payment pending',
    kind: TAKEAWAY_ONLINE,
    steps: [],
  },
  awaitingPaid: { name: 'awaiting confirmation, paid online', kind: TAKEAWAY_ONLINE, steps: ['MarkPaid'] },
  awaitingProposed: {
    name: 'awaiting confirmation, counter-appointment proposed (delivery)',
    kind: DELIVERY,
    steps: ['ProposeCounterAppointment'],
  },
  awaitingReproposed: {
    name: 'awaiting confirmation, counter-appointment proposed twice',
    kind: TAKEAWAY,
    steps: ['ProposeCounterAppointment', 'ProposeCounterAppointment'],
  },
  confirmedTakeaway: { name: 'confirmed (takeaway)', kind: TAKEAWAY, steps: ['ConfirmOrder'] },
  confirmedDelivery: { name: 'confirmed (delivery)', kind: DELIVERY, steps: ['ConfirmOrder'] },
  confirmedDineIn: { name: 'confirmed (dine-in)', kind: DINE_IN, steps: ['ConfirmOrder'] },
  confirmedByCounterAppointment: {
    name: 'confirmed by accepting the counter-appointment (delivery)',
    kind: DELIVERY,
    steps: ['ProposeCounterAppointment', 'AcceptCounterAppointment'],
  },
  confirmedPaid: {
    name: 'confirmed, paid online (delivery)',
    kind: DELIVERY_ONLINE,
    steps: ['MarkPaid', 'ConfirmOrder'],
  },
  confirmedAnswered: {
    name: 'confirmed, questionnaire answered (takeaway)',
    kind: TAKEAWAY,
    steps: ['ConfirmOrder', 'AnswerQuestionnaire'],
  },
  ready: { name: 'ready for pickup (takeaway)', kind: TAKEAWAY, steps: ['ConfirmOrder', 'MarkInDelivery'] },
  readyDineIn: { name: 'ready (dine-in)', kind: DINE_IN, steps: ['ConfirmOrder', 'MarkInDelivery'] },
  inDelivery: { name: 'in delivery', kind: DELIVERY, steps: ['ConfirmOrder', 'MarkInDelivery'] },
  completed: { name: 'completed (takeaway)', kind: TAKEAWAY, steps: ['ConfirmOrder', 'CompleteOrder'] },
  completedPaid: {
    name: 'completed, paid online',
    kind: TAKEAWAY_ONLINE,
    steps: ['MarkPaid', 'ConfirmOrder', 'MarkInDelivery', 'CompleteOrder'],
  },
  completedAnswered: {
    name: 'completed, questionnaire answered',
    kind: TAKEAWAY,
    steps: ['ConfirmOrder', 'CompleteOrder', 'AnswerQuestionnaire'],
  },
  completedFromDelivery: {
    name: 'completed from in delivery',
    kind: DELIVERY,
    steps: ['ConfirmOrder', 'MarkInDelivery', 'CompleteOrder'],
  },
  delivered: {
    name: 'delivered',
    kind: DELIVERY,
    steps: ['ConfirmOrder', 'MarkInDelivery', 'MarkDelivered'],
  },
  rejected: { name: 'rejected (cash)', kind: TAKEAWAY, steps: ['RejectOrder'] },
  rejectedPaid: { name: 'rejected, paid online', kind: TAKEAWAY_ONLINE, steps: ['MarkPaid', 'RejectOrder'] },
  rejectedPaymentPending: {
    name: 'rejected, online payment pending',
    kind: TAKEAWAY_ONLINE,
    steps: ['RejectOrder'],
  },
  rejectedWhileProposed: {
    name: 'rejected while a counter-appointment was pending',
    kind: TAKEAWAY,
    steps: ['ProposeCounterAppointment', 'RejectOrder'],
  },
  canceled: { name: 'canceled before confirmation (cash)', kind: TAKEAWAY, steps: ['CancelOrder'] },
  canceledPaid: {
    name: 'canceled after confirmation, paid online',
    kind: DELIVERY_ONLINE,
    steps: ['MarkPaid', 'ConfirmOrder', 'CancelOrder'],
  },
  canceledInDelivery: {
    name: 'canceled in delivery',
    kind: DELIVERY,
    steps: ['ConfirmOrder', 'MarkInDelivery', 'CancelOrder'],
  },
  canceledByCounterAppointment: {
    name: 'canceled by rejecting the counter-appointment',
    kind: TAKEAWAY,
    steps: ['ProposeCounterAppointment', 'RejectCounterAppointment'],
  },
  canceledRefunded: {
    name: 'canceled, paid online and refunded',
    kind: TAKEAWAY_ONLINE,
    steps: ['MarkPaid', 'CancelOrder', 'RefundPayment'],
  },
  canceledPaidLate: {
    name: 'canceled while payment pending, paid afterwards',
    kind: TAKEAWAY_ONLINE,
    steps: ['CancelOrder', 'MarkPaid'],
  },
  failedPayment: { name: 'failed: online payment failed', kind: TAKEAWAY_ONLINE, steps: ['FailOrder'] },
  failedCash: { name: 'failed: system failure (cash)', kind: TAKEAWAY, steps: ['FailOrder'] },
  failedPaid: {
    name: 'failed after the payment arrived',
    kind: TAKEAWAY_ONLINE,
    steps: ['MarkPaid', 'FailOrder'],
  },
  failedPaidLate: {
    name: 'failed, then the payment arrived after all',
    kind: TAKEAWAY_ONLINE,
    steps: ['FailOrder', 'MarkPaid'],
  },
} satisfies Record<string, Scenario>

export type ScenarioName = keyof typeof SCENARIOS
