import { describe, expect, expectTypeOf, it } from 'vitest'
import type { OrderEvent, OrderEventType, RefundReason } from '../../contracts/events/order.events.ts'
import { orderEventSchema } from '../../contracts/events/order.events.ts'
import type {
  LifecycleCommandInput,
  LifecycleCommandType,
  OrderCommand,
  OrderState,
} from './order.decider.ts'
import { decide, evolve, foldOrder, initialOrderState, orderDecider } from './order.decider.ts'
import { OrderRuleError } from './order.errors.ts'
import type { OrderLifecycle, OrderStatus } from './order.machine.ts'
import type { ScenarioName } from './order.test-support.ts'
import {
  at,
  COUNTER_APPOINTMENT,
  createOrderCommand,
  customer,
  DELIVERY,
  DINE_IN,
  historyOf,
  LIFECYCLE_COMMAND_TYPES,
  lifecycleCommand,
  ORDER_ID,
  SCENARIOS,
  staff,
  stateOf,
  system,
  T0,
  TAKEAWAY,
  TAKEAWAY_ONLINE,
} from './order.test-support.ts'

// --- given / when / then -------------------------------------------------------------------

function given(events: OrderEvent[]) {
  const state = foldOrder(events)
  return {
    when(command: OrderCommand) {
      const run = () => decide(command, state)
      return {
        thenEmits(expected: OrderEvent[]): OrderState | null {
          const produced = run()
          expect(produced).toEqual(expected)
          return produced.reduce<OrderState | null>(evolve, state)
        },
        thenThrows(code: OrderRuleError['code'], message?: string | RegExp, field?: string): OrderRuleError {
          let caught: unknown
          try {
            run()
          } catch (error) {
            caught = error
          }
          expect(caught).toBeInstanceOf(OrderRuleError)
          const error = caught as OrderRuleError
          expect(error.code).toBe(code)
          if (typeof message === 'string') expect(error.message).toBe(message)
          else if (message) expect(error.message).toMatch(message)
          if (field !== undefined) expect(error.field).toBe(field)
          return error
        },
      }
    },
  }
}

// --- the oracle: written out by hand, independent of the machine ------------------------------

const WHEN = at(100)

type Allowed = Partial<Record<LifecycleCommandType, Partial<OrderLifecycle>>>

const AWAITING_WITH_PROPOSAL: Allowed = {
  RejectOrder: { status: 'rejected', counterAppointment: 'withdrawn' },
  CancelOrder: { status: 'canceled', counterAppointment: 'withdrawn' },
  FailOrder: { status: 'failed', counterAppointment: 'withdrawn' },
  ProposeCounterAppointment: {},
  AcceptCounterAppointment: { status: 'confirmed', counterAppointment: 'accepted' },
  RejectCounterAppointment: { status: 'canceled', counterAppointment: 'rejected' },
  ChangeOrderItem: {},
  RemoveOrderItem: {},
}

const CONFIRMED = (inDeliveryStatus: OrderStatus, editable = true): Allowed => ({
  ...(editable ? { ChangeOrderItem: {} } : {}),
  // Removing makes any order cheaper: a paid one too (it gets the difference back).
  RemoveOrderItem: {},
  CancelOrder: { status: 'canceled' },
  MarkInDelivery: { status: inDeliveryStatus },
  CompleteOrder: { status: 'completed' },
  AnswerQuestionnaire: { questionnaire: 'answered' },
})

const READY: Allowed = {
  CancelOrder: { status: 'canceled' },
  CompleteOrder: { status: 'completed' },
  AnswerQuestionnaire: { questionnaire: 'answered' },
}

const ANSWER_ONLY: Allowed = { AnswerQuestionnaire: { questionnaire: 'answered' } }
// The cancel, reject, failure or late payment asked for refund 1: the provider pays it back or not.
const REFUND_ONLY: Allowed = { RefundPayment: { payment: 'refunded' }, FailRefund: {} }
const NOTHING: Allowed = {}

/** For each situation: the commands that are legal and what they change in the lifecycle. */
const ALLOWED: Record<ScenarioName, Allowed> = {
  awaiting: {
    ConfirmOrder: { status: 'confirmed' },
    RejectOrder: { status: 'rejected' },
    CancelOrder: { status: 'canceled' },
    FailOrder: { status: 'failed' },
    ProposeCounterAppointment: { counterAppointment: 'proposed' },
    ChangeOrderItem: {},
    RemoveOrderItem: {},
  },
  awaitingPaymentPending: {
    RejectOrder: { status: 'rejected' },
    CancelOrder: { status: 'canceled' },
    FailOrder: { status: 'failed', payment: 'failed' },
    MarkPaid: { payment: 'paid' },
  },
  awaitingPaid: {
    ConfirmOrder: { status: 'confirmed' },
    RejectOrder: { status: 'rejected' },
    CancelOrder: { status: 'canceled' },
    FailOrder: { status: 'failed' },
    ProposeCounterAppointment: { counterAppointment: 'proposed' },
    RemoveOrderItem: {},
  },
  awaitingProposed: AWAITING_WITH_PROPOSAL,
  awaitingReproposed: AWAITING_WITH_PROPOSAL,
  confirmedTakeaway: CONFIRMED('ready'),
  confirmedDelivery: CONFIRMED('inDelivery'),
  confirmedDineIn: CONFIRMED('ready'),
  confirmedByCounterAppointment: CONFIRMED('inDelivery'),
  confirmedPaid: CONFIRMED('inDelivery', false),
  confirmedAnswered: {
    ChangeOrderItem: {},
    RemoveOrderItem: {},
    CancelOrder: { status: 'canceled' },
    MarkInDelivery: { status: 'ready' },
    CompleteOrder: { status: 'completed' },
  },
  ready: READY,
  readyDineIn: READY,
  inDelivery: { ...READY, MarkDelivered: { status: 'delivered' } },
  completed: ANSWER_ONLY,
  completedPaid: ANSWER_ONLY,
  completedAnswered: NOTHING,
  completedFromDelivery: ANSWER_ONLY,
  delivered: ANSWER_ONLY,
  rejected: NOTHING,
  rejectedPaid: REFUND_ONLY,
  rejectedPaymentPending: { MarkPaid: { payment: 'paid' } },
  rejectedWhileProposed: NOTHING,
  canceled: NOTHING,
  canceledPaid: REFUND_ONLY,
  canceledInDelivery: NOTHING,
  canceledByCounterAppointment: NOTHING,
  canceledRefunded: NOTHING,
  canceledPaidLate: REFUND_ONLY,
  // The provider took the money after reporting a failure: recorded, so it can be refunded.
  failedPayment: { MarkPaid: { payment: 'paid' } },
  failedCash: NOTHING,
  failedPaid: REFUND_ONLY,
  failedPaidLate: REFUND_ONLY,
}

/** The commands that make a refund due, and the reason its request (refund 1 of 3650) gives. */
const REFUND_REQUESTED: Partial<Record<ScenarioName, Partial<Record<LifecycleCommandType, RefundReason>>>> = {
  awaitingPaid: {
    RejectOrder: 'rejected',
    CancelOrder: 'canceled',
    FailOrder: 'failed',
    RemoveOrderItem: 'itemRemoved',
  },
  confirmedPaid: { CancelOrder: 'canceled', RemoveOrderItem: 'itemRemoved' },
  rejectedPaymentPending: { MarkPaid: 'latePayment' },
  failedPayment: { MarkPaid: 'latePayment' },
}

/** What a request asks back when it is not all of it (3650): the removed pizza's 2900. */
const REFUND_AMOUNT: Partial<Record<LifecycleCommandType, number>> = { RemoveOrderItem: 2900 }

const EVENT_OF: Record<LifecycleCommandType, OrderEventType> = {
  ConfirmOrder: 'OrderConfirmed',
  RejectOrder: 'OrderRejected',
  CancelOrder: 'OrderCanceled',
  MarkInDelivery: 'OrderMarkedInDelivery',
  CompleteOrder: 'OrderCompleted',
  MarkDelivered: 'OrderDelivered',
  FailOrder: 'OrderFailed',
  MarkPaid: 'OrderPaid',
  RefundPayment: 'OrderRefunded',
  FailRefund: 'OrderRefundFailed',
  RetryRefund: 'OrderRefundRequested',
  ProposeCounterAppointment: 'CounterAppointmentProposed',
  AcceptCounterAppointment: 'CounterAppointmentAccepted',
  RejectCounterAppointment: 'CounterAppointmentRejected',
  AnswerQuestionnaire: 'QuestionnaireAnswered',
  ChangeOrderItem: 'OrderItemChanged',
  RemoveOrderItem: 'OrderItemRemoved',
  UndoStatusChange: 'OrderStatusChangeUndone',
}

const PAYLOAD_OF: Partial<Record<LifecycleCommandType, Record<string, unknown>>> = {
  RejectOrder: { message: 'Leider sind wir heute ausgebucht.' },
  CancelOrder: { reason: 'Kunde hat angerufen' },
  FailOrder: { reason: 'payment failed' },
  MarkPaid: { reference: 'psp-123' },
  RefundPayment: { refundNumber: 1, attempt: 1, amount: 3650, reference: 're_1' },
  FailRefund: {
    refundNumber: 1,
    attempt: 1,
    amount: 3650,
    reason: 'Charge has already been refunded.',
    kind: 'refused',
  },
  ProposeCounterAppointment: { appointment: COUNTER_APPOINTMENT },
  AcceptCounterAppointment: { appointment: COUNTER_APPOINTMENT },
  RejectCounterAppointment: { appointment: COUNTER_APPOINTMENT },
  AnswerQuestionnaire: { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment: 'Sehr fein' },
  ChangeOrderItem: {
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
  },
  RemoveOrderItem: {
    itemId: 'item-1',
    item: {
      itemId: 'item-1',
      productUid: 'prod-pizza',
      name: 'Pizza Margherita',
      amount: 2,
      unit: 'piece',
      unitPrice: 1450,
      total: 2900,
    },
    pricing: { totalGross: 750 },
  },
}

const STATUS_DE: Record<OrderStatus, string> = {
  awaitingConfirmation: 'Wartet auf Bestätigung',
  confirmed: 'Bestätigt',
  ready: 'Abholbereit',
  inDelivery: 'In Zustellung',
  completed: 'Abgeschlossen',
  delivered: 'Zugestellt',
  rejected: 'Abgelehnt',
  canceled: 'Storniert',
  failed: 'Fehlgeschlagen',
}

function actionDe(type: LifecycleCommandType, isDelivery: boolean): string {
  const labels: Record<LifecycleCommandType, string> = {
    ConfirmOrder: 'Bestätigen',
    RejectOrder: 'Ablehnen',
    CancelOrder: 'Stornieren',
    MarkInDelivery: isDelivery ? 'In Zustellung geben' : 'Als abholbereit markieren',
    CompleteOrder: 'Abschliessen',
    MarkDelivered: 'Als zugestellt markieren',
    FailOrder: 'Als fehlgeschlagen markieren',
    MarkPaid: 'Zahlung verbuchen',
    RefundPayment: 'Zahlung rückerstatten',
    FailRefund: 'Fehlgeschlagene Rückerstattung verbuchen',
    RetryRefund: 'Rückerstattung erneut versuchen',
    ProposeCounterAppointment: 'Anderen Termin vorschlagen',
    AcceptCounterAppointment: 'Terminvorschlag annehmen',
    RejectCounterAppointment: 'Terminvorschlag ablehnen',
    AnswerQuestionnaire: 'Bewertung senden',
    ChangeOrderItem: 'Artikel ändern',
    RemoveOrderItem: 'Artikel entfernen',
    UndoStatusChange: 'Statusänderung rückgängig machen',
  }
  return labels[type]
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

// --- the full table: every situation × every command ---------------------------------------

describe('order decider: every command in every situation', () => {
  for (const [name, scenario] of Object.entries(SCENARIOS) as [
    ScenarioName,
    (typeof SCENARIOS)[ScenarioName],
  ][]) {
    describe(`given an order ${scenario.name}`, () => {
      const history = historyOf(scenario.kind, scenario.steps)
      const before = foldOrder(history) as OrderState

      for (const type of LIFECYCLE_COMMAND_TYPES) {
        const change = ALLOWED[name][type]
        const command = lifecycleCommand(type, WHEN)

        if (change) {
          it(`when ${type}, then ${EVENT_OF[type]} and ${JSON.stringify(change)}`, () => {
            const expected = {
              type: EVENT_OF[type],
              orderId: ORDER_ID,
              at: WHEN,
              actor: command.actor,
              ...PAYLOAD_OF[type],
            } as OrderEvent
            const reason = REFUND_REQUESTED[name]?.[type]
            const request: OrderEvent[] = reason
              ? [
                  {
                    type: 'OrderRefundRequested',
                    orderId: ORDER_ID,
                    at: WHEN,
                    actor: command.actor,
                    refundNumber: 1,
                    attempt: 1,
                    amount: REFUND_AMOUNT[type] ?? 3650,
                    reason,
                  },
                ]
              : []
            const after = given(history)
              .when(command)
              .thenEmits([expected, ...request]) as OrderState

            expect(orderEventSchema.parse(expected)).toEqual(expected)
            expect(after.lifecycle).toEqual({ ...before.lifecycle, ...change })
            expect(after.updatedAt).toBe(WHEN)
            const statusChanged = after.lifecycle.status !== before.lifecycle.status
            expect(after.timeline).toEqual(
              statusChanged
                ? [...before.timeline, { status: after.lifecycle.status, at: WHEN }]
                : before.timeline,
            )
          })
        } else {
          it(`when ${type}, then it is refused as an illegal transition`, () => {
            const action = actionDe(type, before.isDelivery)
            const status = STATUS_DE[before.lifecycle.status]
            given(history)
              .when(command)
              .thenThrows(
                'illegal_transition',
                new RegExp(
                  `^${escapeRegExp(`Die Aktion „${action}“ ist bei einer Bestellung im Status „${status}“ nicht möglich.`)}`,
                ),
              )
          })
        }
      }

      it('when CreateOrder again, then it is refused: the order exists', () => {
        given(history)
          .when(createOrderCommand(scenario.kind))
          .thenThrows('already_exists', 'Die Bestellung existiert bereits.')
      })
    })
  }
})

// --- creation ------------------------------------------------------------------------------

describe('order decider: CreateOrder', () => {
  it('given no order, when CreateOrder, then OrderCreated with the normalised order', () => {
    const command = createOrderCommand(TAKEAWAY)
    const state = given([])
      .when(command)
      .thenEmits([
        {
          type: 'OrderCreated',
          orderId: ORDER_ID,
          at: T0,
          actor: customer,
          uid: 'uid-1',
          hash: 'hash-1',
          branchId: 'branch-1',
          isDelivery: false,
          isDineIn: false,
          tableIdentifier: null,
          customer: {
            firstName: 'Erika',
            lastName: 'Mustermann',
            email: 'erika@example.org',
            phone: '+41 79 000 00 00',
          },
          items: command.items,
          appointment: '2025-03-29T12:30:00+01:00',
          comment: 'Bitte klingeln',
          paymentMethod: 'cash',
          isOnlinePayment: false,
          pricing: { totalGross: 3650 },
        },
      ])
    expect(state?.lifecycle).toEqual({
      status: 'awaitingConfirmation',
      payment: 'notRequired',
      counterAppointment: 'none',
      questionnaire: 'open',
    })
    expect(state?.timeline).toEqual([{ status: 'awaitingConfirmation', at: T0 }])
  })

  it('given no order, when CreateOrder with online payment, then the payment is awaited', () => {
    const state = given([]).when(createOrderCommand(TAKEAWAY_ONLINE)).thenEmits([expect.anything()])
    expect(state?.lifecycle.payment).toBe('awaiting')
  })

  it('fills defaults: blank optionals become null, the payment method defaults to cash', () => {
    const command = createOrderCommand(DELIVERY, {
      tableIdentifier: 'T9',
      comment: '   ',
      paymentMethod: undefined,
      appointment: null,
      customer: { firstName: ' Erika ', lastName: 'Mustermann' },
    })
    const [event] = decide(command, initialOrderState)
    expect(event).toMatchObject({
      tableIdentifier: null,
      comment: null,
      paymentMethod: 'cash',
      appointment: null,
      customer: { firstName: 'Erika', lastName: 'Mustermann', email: null, phone: null },
    })
    expect(orderEventSchema.safeParse(event).success).toBe(true)
  })

  it('a delivery keeps its area’s id and fee terms; an order from before has none', () => {
    const terms = {
      id: 'a-zentrum',
      area: 'Zentrum',
      price: 500,
      tax: 8.1,
      free: false,
      freeFromOrderValue: 5000,
      minimumOrderValue: null,
    }
    const command = createOrderCommand(DELIVERY, { deliveryArea: 'Zentrum', deliveryTerms: terms })
    const [event] = decide(command, null)
    expect(event).toMatchObject({ deliveryArea: 'Zentrum', deliveryTerms: terms })
    expect(orderEventSchema.safeParse(event).success).toBe(true)
    expect(foldOrder([event!])?.deliveryTerms).toEqual(terms)
    // A takeaway never carries delivery terms, and an event without them folds to null.
    const [takeaway] = decide(createOrderCommand(TAKEAWAY, { deliveryTerms: terms }), null)
    expect(takeaway).toMatchObject({ deliveryTerms: null })
    const { deliveryTerms: _none, ...old } = event as OrderEvent & { deliveryTerms?: unknown }
    expect(foldOrder([old as OrderEvent])?.deliveryTerms).toBeNull()
  })

  it('keeps the table of a dine-in order', () => {
    const [event] = decide(createOrderCommand(DINE_IN), null)
    expect(event).toMatchObject({ isDineIn: true, tableIdentifier: 'T4' })
  })

  const invalid: [string, Parameters<typeof createOrderCommand>[1], string, string][] = [
    [
      'delivery and dine-in at once',
      { isDelivery: true, isDineIn: true, tableIdentifier: 'T1' },
      'isDineIn',
      'Eine Bestellung kann nicht zugleich Lieferung und Dine In sein.',
    ],
    [
      'dine-in without a table',
      { isDineIn: true, tableIdentifier: ' ' },
      'tableIdentifier',
      'Dieser Wert sollte nicht leer sein.',
    ],
    [
      'a blank first name',
      { customer: { firstName: '', lastName: 'M' } },
      'customer.firstName',
      'Dieser Wert sollte nicht leer sein.',
    ],
    ['no items', { items: [] }, 'items', 'Diese Sammlung sollte 1 oder mehr Elemente enthalten.'],
    [
      'an amount of 0',
      {
        items: [
          { itemId: 'i', productUid: 'p', name: 'n', amount: 0, unit: 'piece', unitPrice: 1, total: 0 },
        ],
      },
      'items.0.amount',
      'Dieser Wert sollte grösser als 0 sein.',
    ],
    [
      'a unit price that is not whole cents',
      {
        items: [
          { itemId: 'i', productUid: 'p', name: 'n', amount: 1, unit: 'piece', unitPrice: 1.5, total: 2 },
        ],
      },
      'items.0.unitPrice',
      'Dieser Wert sollte vom Typ int sein.',
    ],
    [
      'a negative item total',
      {
        items: [
          { itemId: 'i', productUid: 'p', name: 'n', amount: 1, unit: 'piece', unitPrice: 1, total: -1 },
        ],
      },
      'items.0.total',
      'Dieser Wert sollte 0 oder mehr sein.',
    ],
    [
      'a total that is not cents',
      { pricing: { totalGross: 36.5 } },
      'pricing.totalGross',
      'Dieser Wert sollte vom Typ int sein.',
    ],
    [
      'an appointment that is no date-time',
      { appointment: 'tomorrow' },
      'appointment',
      'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
    ],
    [
      'an appointment without offset',
      { appointment: '2025-03-29T12:30:00' },
      'appointment',
      'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
    ],
    [
      'a request time that is no date-time',
      { at: '29.03.2025' },
      'at',
      'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
    ],
    ['a blank order id', { orderId: ' ' }, 'orderId', 'Dieser Wert sollte nicht leer sein.'],
  ]
  it.each(invalid)(
    'given no order, when CreateOrder with %s, then it is refused as invalid',
    (_, overrides, field, message) => {
      given([]).when(createOrderCommand(TAKEAWAY, overrides)).thenThrows('invalid', message, field)
    },
  )
})

// --- commands on a missing order -----------------------------------------------------------

describe('order decider: commands on a missing order', () => {
  it.each(LIFECYCLE_COMMAND_TYPES)('given no order, when %s, then not_found', (type) => {
    given([])
      .when(lifecycleCommand(type, WHEN))
      .thenThrows('not_found', 'Die Bestellung wurde nicht gefunden.')
  })
})

// --- payload rules of legal commands --------------------------------------------------------

describe('order decider: payloads', () => {
  const awaiting = historyOf(TAKEAWAY, [])
  const confirmed = historyOf(TAKEAWAY, ['ConfirmOrder'])

  it('refuses a rejection without a message', () => {
    given(awaiting)
      .when({ type: 'RejectOrder', at: WHEN, actor: staff, message: '  ' })
      .thenThrows('invalid', 'Dieser Wert sollte nicht leer sein.', 'message')
  })

  it('trims the rejection message', () => {
    given(awaiting)
      .when({ type: 'RejectOrder', at: WHEN, actor: staff, message: ' Ausgebucht ' })
      .thenEmits([
        { type: 'OrderRejected', orderId: ORDER_ID, at: WHEN, actor: staff, message: 'Ausgebucht' },
      ])
  })

  it('records a cancellation without a reason as null', () => {
    given(awaiting)
      .when({ type: 'CancelOrder', at: WHEN, actor: staff })
      .thenEmits([{ type: 'OrderCanceled', orderId: ORDER_ID, at: WHEN, actor: staff, reason: null }])
  })

  it('refuses a failure without a reason', () => {
    given(awaiting)
      .when({ type: 'FailOrder', at: WHEN, actor: system, reason: '' })
      .thenThrows('invalid', 'Dieser Wert sollte nicht leer sein.', 'reason')
  })

  it('records a payment without a reference as null', () => {
    given(historyOf(TAKEAWAY_ONLINE, []))
      .when({ type: 'MarkPaid', at: WHEN, actor: system })
      .thenEmits([{ type: 'OrderPaid', orderId: ORDER_ID, at: WHEN, actor: system, reference: null }])
  })

  it('refuses a counter-appointment that is no date-time', () => {
    given(awaiting)
      .when({ type: 'ProposeCounterAppointment', at: WHEN, actor: staff, appointment: '13:15' })
      .thenThrows('invalid', 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.', 'appointment')
  })

  it('refuses a command whose time is no date-time', () => {
    given(awaiting)
      .when({ type: 'ConfirmOrder', at: 'now', actor: staff })
      .thenThrows('invalid', 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.', 'at')
  })

  const ratings: [string, number, string][] = [
    ['rating', 0, 'Dieser Wert sollte 1 oder mehr sein.'],
    ['foodRating', 6, 'Dieser Wert sollte 5 oder weniger sein.'],
    ['serviceRating', 2.5, 'Dieser Wert sollte vom Typ int sein.'],
    ['processRating', Number.NaN, 'Dieser Wert sollte vom Typ int sein.'],
  ]
  it.each(ratings)('refuses a questionnaire with %s = %s', (field, value, message) => {
    const command = { ...lifecycleCommand('AnswerQuestionnaire', WHEN), [field]: value } as OrderCommand
    given(confirmed).when(command).thenThrows('invalid', message, field)
  })

  it('refuses a questionnaire comment over 2000 characters', () => {
    const command = {
      ...lifecycleCommand('AnswerQuestionnaire', WHEN),
      comment: 'x'.repeat(2001),
    } as OrderCommand
    given(confirmed)
      .when(command)
      .thenThrows(
        'invalid',
        'Diese Zeichenkette ist zu lang. Sie sollte höchstens 2000 Zeichen haben.',
        'comment',
      )
  })

  it('stores a blank questionnaire comment as null', () => {
    const command = { ...lifecycleCommand('AnswerQuestionnaire', WHEN), comment: ' ' } as OrderCommand
    const state = given(confirmed)
      .when(command)
      .thenEmits([
        {
          type: 'QuestionnaireAnswered',
          orderId: ORDER_ID,
          at: WHEN,
          actor: customer,
          rating: 5,
          foodRating: 4,
          serviceRating: 5,
          processRating: 3,
          comment: null,
        },
      ])
    expect(state?.questionnaire).toEqual({
      rating: 5,
      foodRating: 4,
      serviceRating: 5,
      processRating: 3,
      comment: null,
      answeredAt: WHEN,
    })
  })
})

// --- why a refusal happened -----------------------------------------------------------------

describe('order decider: refusal messages', () => {
  const cases: [string, OrderEvent[], LifecycleCommandType, string][] = [
    [
      'confirming while the online payment is pending',
      historyOf(TAKEAWAY_ONLINE, []),
      'ConfirmOrder',
      'Die Aktion „Bestätigen“ ist bei einer Bestellung im Status „Wartet auf Bestätigung“ nicht möglich. Die Online-Zahlung ist noch ausstehend.',
    ],
    [
      'proposing a time while the online payment is pending',
      historyOf(TAKEAWAY_ONLINE, []),
      'ProposeCounterAppointment',
      'Die Aktion „Anderen Termin vorschlagen“ ist bei einer Bestellung im Status „Wartet auf Bestätigung“ nicht möglich. Die Online-Zahlung ist noch ausstehend.',
    ],
    [
      'confirming while a counter-appointment is pending',
      historyOf(TAKEAWAY, ['ProposeCounterAppointment']),
      'ConfirmOrder',
      'Die Aktion „Bestätigen“ ist bei einer Bestellung im Status „Wartet auf Bestätigung“ nicht möglich. Ein Terminvorschlag wartet noch auf die Antwort der Kundschaft.',
    ],
    [
      'accepting a counter-appointment nobody proposed',
      historyOf(TAKEAWAY, []),
      'AcceptCounterAppointment',
      'Die Aktion „Terminvorschlag annehmen“ ist bei einer Bestellung im Status „Wartet auf Bestätigung“ nicht möglich. Es liegt kein offener Terminvorschlag vor.',
    ],
    [
      'answering the questionnaire twice',
      historyOf(TAKEAWAY, ['ConfirmOrder', 'AnswerQuestionnaire']),
      'AnswerQuestionnaire',
      'Die Aktion „Bewertung senden“ ist bei einer Bestellung im Status „Bestätigt“ nicht möglich. Die Bewertung wurde bereits abgegeben.',
    ],
    [
      'refunding a paid order that is still running',
      historyOf(TAKEAWAY_ONLINE, ['MarkPaid', 'ConfirmOrder']),
      'RefundPayment',
      'Die Aktion „Zahlung rückerstatten“ ist bei einer Bestellung im Status „Bestätigt“ nicht möglich. Es ist keine solche Rückerstattung offen.',
    ],
    [
      'recording a payment for a cash order',
      historyOf(TAKEAWAY, []),
      'MarkPaid',
      'Die Aktion „Zahlung verbuchen“ ist bei einer Bestellung im Status „Wartet auf Bestätigung“ nicht möglich. Der Zahlungsstatus ist „Keine Online-Zahlung“.',
    ],
    [
      'confirming a canceled order',
      historyOf(TAKEAWAY, ['CancelOrder']),
      'ConfirmOrder',
      'Die Aktion „Bestätigen“ ist bei einer Bestellung im Status „Storniert“ nicht möglich.',
    ],
    [
      'marking a takeaway order ready twice',
      historyOf(TAKEAWAY, ['ConfirmOrder', 'MarkInDelivery']),
      'MarkInDelivery',
      'Die Aktion „Als abholbereit markieren“ ist bei einer Bestellung im Status „Abholbereit“ nicht möglich.',
    ],
    [
      'sending a delivery out twice',
      historyOf(DELIVERY, ['ConfirmOrder', 'MarkInDelivery']),
      'MarkInDelivery',
      'Die Aktion „In Zustellung geben“ ist bei einer Bestellung im Status „In Zustellung“ nicht möglich.',
    ],
  ]
  it.each(cases)('explains %s', (_, history, type, message) => {
    const error = given(history).when(lifecycleCommand(type, WHEN)).thenThrows('illegal_transition', message)
    expect(error.field).toBeUndefined()
    expect(error.name).toBe('OrderRuleError')
  })
})

// --- evolve ---------------------------------------------------------------------------------

describe('command types', () => {
  it('lets a caller build a command without its context and keep the variant fields', () => {
    const input: LifecycleCommandInput = { type: 'RejectOrder', message: 'Ausgebucht' }
    expectTypeOf(input).toExtend<LifecycleCommandInput>()
    expectTypeOf<{ type: 'CancelOrder'; reason: string }>().toExtend<LifecycleCommandInput>()
    expectTypeOf<{ type: 'RejectOrder' }>().not.toExtend<LifecycleCommandInput>()
    const command = { ...input, at: WHEN, actor: staff } as OrderCommand
    expect(decide(command, foldOrder(historyOf(TAKEAWAY, [])))).toHaveLength(1)
  })
})

describe('order evolve and fold', () => {
  it('folds nothing to no order', () => {
    expect(foldOrder([])).toBeNull()
    expect(orderDecider.initialState()).toBeNull()
  })

  it('records each status change in the timeline, with its time', () => {
    const state = stateOf(DELIVERY, ['ConfirmOrder', 'MarkInDelivery', 'MarkDelivered'])
    expect(state.timeline).toEqual([
      { status: 'awaitingConfirmation', at: T0 },
      { status: 'confirmed', at: at(1) },
      { status: 'inDelivery', at: at(2) },
      { status: 'delivered', at: at(3) },
    ])
    expect(state.createdAt).toBe(T0)
    expect(state.updatedAt).toBe(at(3))
  })

  it('does not add a timeline step for events that leave the status alone', () => {
    const state = stateOf(TAKEAWAY_ONLINE, ['MarkPaid'])
    expect(state.timeline).toEqual([{ status: 'awaitingConfirmation', at: T0 }])
    expect(state.paymentReference).toBe('psp-123')
    expect(state.updatedAt).toBe(at(1))
  })

  it('keeps the first creation when a second one is in the history', () => {
    const history = historyOf(TAKEAWAY, [])
    const second = { ...(history[0] as OrderEvent), uid: 'other' } as OrderEvent
    expect(foldOrder([...history, second])?.uid).toBe('uid-1')
  })

  it('ignores events before the creation', () => {
    expect(evolve(null, { type: 'OrderConfirmed', orderId: ORDER_ID, at: T0, actor: staff })).toBeNull()
  })

  it('keeps the lifecycle but takes the data of an event the machine would refuse', () => {
    const state = stateOf(TAKEAWAY, ['CancelOrder'])
    const next = evolve(state, {
      type: 'OrderRejected',
      orderId: ORDER_ID,
      at: WHEN,
      actor: staff,
      message: 'Zu spät',
    })
    expect(next?.lifecycle).toEqual(state.lifecycle)
    expect(next?.rejectionMessage).toBe('Zu spät')
    expect(next?.timeline).toEqual(state.timeline)
  })

  it('does not mutate the state it is given', () => {
    const state = stateOf(TAKEAWAY, [])
    const snapshot = structuredClone(state)
    evolve(state, { type: 'OrderConfirmed', orderId: ORDER_ID, at: WHEN, actor: staff })
    expect(state).toEqual(snapshot)
  })

  it('produces JSON-serialisable events that survive a round trip through the store', () => {
    const history = historyOf(DELIVERY, [
      'ProposeCounterAppointment',
      'AcceptCounterAppointment',
      'MarkInDelivery',
    ])
    const roundTripped = JSON.parse(JSON.stringify(history)) as OrderEvent[]
    expect(roundTripped).toEqual(history)
    expect(foldOrder(roundTripped)).toEqual(foldOrder(history))
    for (const event of roundTripped) expect(orderEventSchema.parse(event)).toEqual(event)
  })

  it('remembers the proposed time and the rejection message', () => {
    expect(stateOf(TAKEAWAY, ['ProposeCounterAppointment']).counterAppointment).toBe(COUNTER_APPOINTMENT)
    expect(stateOf(TAKEAWAY, ['RejectOrder']).rejectionMessage).toBe('Leider sind wir heute ausgebucht.')
    expect(stateOf(TAKEAWAY, ['CancelOrder']).cancelReason).toBe('Kunde hat angerufen')
    expect(stateOf(TAKEAWAY, ['FailOrder']).failureReason).toBe('payment failed')
  })
})
