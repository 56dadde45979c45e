import { describe, expect, it } from 'vitest'
import type { OrderStatus, PaymentStatus } from './order.machine.ts'
import type { ScenarioName } from './order.test-support.ts'
import { at, COUNTER_APPOINTMENT, DELIVERY, SCENARIOS, stateOf, T0, TAKEAWAY } from './order.test-support.ts'
import type { CustomerAction, StaffAction } from './order.views.ts'
import {
  customerActions,
  isFinal,
  paymentStatusOf,
  staffActions,
  statusOf,
  toBoardOrderView,
  toPublicOrderView,
} from './order.views.ts'

const FLAGS = [
  'isConfirmed',
  'isRejected',
  'isCompleted',
  'isCanceled',
  'isFailed',
  'isInDelivery',
  'isDelivered',
  'isPaid',
  'isRefunded',
] as const
type Flag = (typeof FLAGS)[number]

type Expected = {
  status: OrderStatus
  payment: PaymentStatus
  staff: StaffAction[]
  customer: CustomerAction[]
  /** The flags that are true; every other one is false. */
  flags: Flag[]
  final: boolean
}

const AWAITING_STAFF: StaffAction[] = ['cancel', 'confirm', 'reject', 'counter-appointment']
const CONFIRMED_STAFF: StaffAction[] = ['cancel', 'in-delivery', 'completed']

const EXPECTED: Record<ScenarioName, Expected> = {
  awaiting: {
    status: 'awaitingConfirmation',
    payment: 'notRequired',
    staff: AWAITING_STAFF,
    customer: [],
    flags: [],
    final: false,
  },
  awaitingPaymentPending: {
    status: 'awaitingConfirmation',
    payment: 'awaiting',
    staff: ['cancel', 'reject'],
    customer: [],
    flags: [],
    final: false,
  },
  awaitingPaid: {
    status: 'awaitingConfirmation',
    payment: 'paid',
    staff: AWAITING_STAFF,
    customer: [],
    flags: ['isPaid'],
    final: false,
  },
  awaitingProposed: {
    status: 'awaitingConfirmation',
    payment: 'notRequired',
    staff: ['cancel', 'reject', 'counter-appointment'],
    customer: ['confirm-counter-appointment', 'reject-counter-appointment'],
    flags: [],
    final: false,
  },
  awaitingReproposed: {
    status: 'awaitingConfirmation',
    payment: 'notRequired',
    staff: ['cancel', 'reject', 'counter-appointment'],
    customer: ['confirm-counter-appointment', 'reject-counter-appointment'],
    flags: [],
    final: false,
  },
  confirmedTakeaway: {
    status: 'confirmed',
    payment: 'notRequired',
    staff: CONFIRMED_STAFF,
    customer: ['questionnaire'],
    flags: ['isConfirmed'],
    final: false,
  },
  confirmedDelivery: {
    status: 'confirmed',
    payment: 'notRequired',
    staff: CONFIRMED_STAFF,
    customer: ['questionnaire'],
    flags: ['isConfirmed'],
    final: false,
  },
  confirmedDineIn: {
    status: 'confirmed',
    payment: 'notRequired',
    staff: CONFIRMED_STAFF,
    customer: ['questionnaire'],
    flags: ['isConfirmed'],
    final: false,
  },
  confirmedByCounterAppointment: {
    status: 'confirmed',
    payment: 'notRequired',
    staff: CONFIRMED_STAFF,
    customer: ['questionnaire'],
    flags: ['isConfirmed'],
    final: false,
  },
  confirmedPaid: {
    status: 'confirmed',
    payment: 'paid',
    staff: CONFIRMED_STAFF,
    customer: ['questionnaire'],
    flags: ['isConfirmed', 'isPaid'],
    final: false,
  },
  confirmedAnswered: {
    status: 'confirmed',
    payment: 'notRequired',
    staff: CONFIRMED_STAFF,
    customer: [],
    flags: ['isConfirmed'],
    final: false,
  },
  ready: {
    status: 'ready',
    payment: 'notRequired',
    staff: ['cancel', 'completed'],
    customer: ['questionnaire'],
    flags: ['isConfirmed', 'isInDelivery'],
    final: false,
  },
  readyDineIn: {
    status: 'ready',
    payment: 'notRequired',
    staff: ['cancel', 'completed'],
    customer: ['questionnaire'],
    flags: ['isConfirmed', 'isInDelivery'],
    final: false,
  },
  inDelivery: {
    status: 'inDelivery',
    payment: 'notRequired',
    staff: ['cancel', 'completed', 'delivered'],
    customer: ['questionnaire'],
    flags: ['isConfirmed', 'isInDelivery'],
    final: false,
  },
  completed: {
    status: 'completed',
    payment: 'notRequired',
    staff: [],
    customer: ['questionnaire'],
    flags: ['isConfirmed', 'isCompleted'],
    final: true,
  },
  completedPaid: {
    status: 'completed',
    payment: 'paid',
    staff: [],
    customer: ['questionnaire'],
    flags: ['isConfirmed', 'isInDelivery', 'isCompleted', 'isPaid'],
    final: true,
  },
  completedAnswered: {
    status: 'completed',
    payment: 'notRequired',
    staff: [],
    customer: [],
    flags: ['isConfirmed', 'isCompleted'],
    final: true,
  },
  completedFromDelivery: {
    status: 'completed',
    payment: 'notRequired',
    staff: [],
    customer: ['questionnaire'],
    flags: ['isConfirmed', 'isInDelivery', 'isCompleted'],
    final: true,
  },
  delivered: {
    status: 'delivered',
    payment: 'notRequired',
    staff: [],
    customer: ['questionnaire'],
    flags: ['isConfirmed', 'isInDelivery', 'isCompleted', 'isDelivered'],
    final: true,
  },
  rejected: {
    status: 'rejected',
    payment: 'notRequired',
    staff: [],
    customer: [],
    flags: ['isRejected'],
    final: true,
  },
  rejectedPaid: {
    status: 'rejected',
    payment: 'paid',
    staff: [],
    customer: [],
    flags: ['isRejected', 'isPaid'],
    final: true,
  },
  rejectedPaymentPending: {
    status: 'rejected',
    payment: 'awaiting',
    staff: [],
    customer: [],
    flags: ['isRejected'],
    final: true,
  },
  rejectedWhileProposed: {
    status: 'rejected',
    payment: 'notRequired',
    staff: [],
    customer: [],
    flags: ['isRejected'],
    final: true,
  },
  canceled: {
    status: 'canceled',
    payment: 'notRequired',
    staff: [],
    customer: [],
    flags: ['isCanceled'],
    final: true,
  },
  canceledPaid: {
    status: 'canceled',
    payment: 'paid',
    staff: [],
    customer: [],
    flags: ['isConfirmed', 'isCanceled', 'isPaid'],
    final: true,
  },
  canceledInDelivery: {
    status: 'canceled',
    payment: 'notRequired',
    staff: [],
    customer: [],
    flags: ['isConfirmed', 'isInDelivery', 'isCanceled'],
    final: true,
  },
  canceledByCounterAppointment: {
    status: 'canceled',
    payment: 'notRequired',
    staff: [],
    customer: [],
    flags: ['isCanceled'],
    final: true,
  },
  canceledRefunded: {
    status: 'canceled',
    payment: 'refunded',
    staff: [],
    customer: [],
    flags: ['isCanceled', 'isPaid', 'isRefunded'],
    final: true,
  },
  canceledPaidLate: {
    status: 'canceled',
    payment: 'paid',
    staff: [],
    customer: [],
    flags: ['isCanceled', 'isPaid'],
    final: true,
  },
  failedPayment: {
    status: 'failed',
    payment: 'failed',
    staff: [],
    customer: [],
    flags: ['isFailed'],
    final: true,
  },
  failedCash: {
    status: 'failed',
    payment: 'notRequired',
    staff: [],
    customer: [],
    flags: ['isFailed'],
    final: true,
  },
  failedPaid: {
    status: 'failed',
    payment: 'paid',
    staff: [],
    customer: [],
    flags: ['isFailed', 'isPaid'],
    final: true,
  },
  failedPaidLate: {
    status: 'failed',
    payment: 'paid',
    staff: [],
    customer: [],
    flags: ['isFailed', 'isPaid'],
    final: true,
  },
}

describe('order views in every situation', () => {
  for (const [name, scenario] of Object.entries(SCENARIOS) as [
    ScenarioName,
    (typeof SCENARIOS)[ScenarioName],
  ][]) {
    const expected = EXPECTED[name]
    it(`given an order ${scenario.name}, then status ${expected.status}, payment ${expected.payment}, its flags and actions`, () => {
      const state = stateOf(scenario.kind, scenario.steps)
      const view = toPublicOrderView(state)
      const board = toBoardOrderView(state)

      expect(statusOf(state)).toBe(expected.status)
      expect(paymentStatusOf(state)).toBe(expected.payment)
      expect(isFinal(state)).toBe(expected.final)
      expect(staffActions(state)).toEqual(expected.staff)
      expect(customerActions(state)).toEqual(expected.customer)

      expect(view.status).toBe(expected.status)
      expect(view.paymentStatus).toBe(expected.payment)
      expect(view.allowedActions).toEqual(expected.customer)
      const flags = Object.fromEntries(FLAGS.map((flag) => [flag, expected.flags.includes(flag)]))
      expect(view).toMatchObject(flags)

      expect(board.status).toBe(expected.status)
      expect(board.allowedActions).toEqual(expected.staff)
      expect(board).toMatchObject(flags)
      expect(board.timeline.at(-1)?.status).toBe(expected.status)
    })
  }
})

describe('staff order view', () => {
  it("leaves out the customer's status-link hash (staff could act as the customer with it)", () => {
    const board = toBoardOrderView(stateOf(TAKEAWAY, []))
    expect(board).not.toHaveProperty('hash')
    expect(JSON.stringify(board)).not.toContain('hash-1')
  })
})

describe('public order view', () => {
  it('has exactly the status-view fields of the spec plus status, payment, items, total, timeline and actions', () => {
    const view = toPublicOrderView(stateOf(TAKEAWAY, []))
    expect(Object.keys(view).sort()).toEqual(
      [
        'id',
        'uid',
        'hash',
        'ticketNumber',
        'isConfirmed',
        'isRejected',
        'isCompleted',
        'isCanceled',
        'isFailed',
        'isInDelivery',
        'isDelivered',
        'isDelivery',
        'isDineIn',
        'tableIdentifier',
        'isPaid',
        'isRefunded',
        'refund',
        'paymentMethod',
        'appointment',
        'appointmentDate',
        'counterAppointment',
        'rejectionMessage',
        'cancelReason',
        'questionnaireRating',
        'branch',
        'paymentRedirectUrl',
        'status',
        'paymentStatus',
        'items',
        'totalGross',
        'totalPayable',
        'pricing',
        'isPreorder',
        'isQuotation',
        'createdAt',
        'timeline',
        'allowedActions',
      ].sort(),
    )
  })

  it('shows a new order as the customer placed it', () => {
    const view = toPublicOrderView(stateOf(TAKEAWAY, []))
    expect(view).toEqual({
      id: 'order-1',
      uid: 'uid-1',
      hash: 'hash-1',
      ticketNumber: null,
      isConfirmed: false,
      isRejected: false,
      isCompleted: false,
      isCanceled: false,
      isFailed: false,
      isInDelivery: false,
      isDelivered: false,
      isDelivery: false,
      isDineIn: false,
      tableIdentifier: null,
      isPaid: false,
      isRefunded: false,
      refund: null,
      paymentMethod: 'cash',
      appointment: true,
      appointmentDate: '2025-03-29T12:30:00+01:00',
      counterAppointment: null,
      rejectionMessage: null,
      cancelReason: null,
      questionnaireRating: null,
      branch: { id: 'branch-1' },
      paymentRedirectUrl: null,
      status: 'awaitingConfirmation',
      paymentStatus: 'notRequired',
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
      totalGross: 3650,
      // An order from before cash rounding (no cashRounding): what is paid is its total.
      totalPayable: 3650,
      pricing: { totalGross: 3650 },
      isPreorder: false,
      isQuotation: false,
      createdAt: T0,
      timeline: [{ status: 'awaitingConfirmation', at: T0 }],
      allowedActions: [],
    })
  })

  it('says "as soon as possible" with appointment false and no date', () => {
    const state = { ...stateOf(TAKEAWAY, []), appointment: null }
    expect(toPublicOrderView(state)).toMatchObject({ appointment: false, appointmentDate: null })
  })

  it('shows the counter-appointment while pending and once accepted, not after it lapsed or was rejected', () => {
    expect(toPublicOrderView(stateOf(TAKEAWAY, ['ProposeCounterAppointment'])).counterAppointment).toBe(
      COUNTER_APPOINTMENT,
    )
    expect(
      toPublicOrderView(stateOf(TAKEAWAY, ['ProposeCounterAppointment', 'AcceptCounterAppointment']))
        .counterAppointment,
    ).toBe(COUNTER_APPOINTMENT)
    expect(
      toPublicOrderView(stateOf(TAKEAWAY, ['ProposeCounterAppointment', 'RejectCounterAppointment']))
        .counterAppointment,
    ).toBeNull()
    expect(
      toPublicOrderView(stateOf(TAKEAWAY, ['ProposeCounterAppointment', 'CancelOrder'])).counterAppointment,
    ).toBeNull()
  })

  it('shows the rejection message and the rating', () => {
    expect(toPublicOrderView(stateOf(TAKEAWAY, ['RejectOrder'])).rejectionMessage).toBe(
      'Leider sind wir heute ausgebucht.',
    )
    expect(
      toPublicOrderView(stateOf(TAKEAWAY, ['ConfirmOrder', 'AnswerQuestionnaire'])).questionnaireRating,
    ).toBe(5)
  })

  it('lists the timeline of a delivered order', () => {
    expect(
      toPublicOrderView(stateOf(DELIVERY, ['ConfirmOrder', 'MarkInDelivery', 'MarkDelivered'])).timeline,
    ).toEqual([
      { status: 'awaitingConfirmation', at: T0 },
      { status: 'confirmed', at: at(1) },
      { status: 'inDelivery', at: at(2) },
      { status: 'delivered', at: at(3) },
    ])
  })

  it('hands out copies, so a client cannot change the state through the view', () => {
    const state = stateOf(TAKEAWAY, [])
    const view = toPublicOrderView(state)
    view.items[0]!.name = 'changed'
    view.timeline.push({ status: 'failed', at: T0 })
    expect(state.items[0]?.name).toBe('Pizza Margherita')
    expect(state.timeline).toHaveLength(1)
  })
})

describe('board order view', () => {
  it('adds the customer, comment, reasons, staff actions and the last change', () => {
    const board = toBoardOrderView(stateOf(DELIVERY, ['ConfirmOrder']))
    expect(board).toMatchObject({
      id: 'order-1',
      customerName: 'Erika Mustermann',
      customer: {
        firstName: 'Erika',
        lastName: 'Mustermann',
        email: 'erika@example.org',
        phone: '+41 79 000 00 00',
      },
      comment: 'Bitte klingeln',
      totalGross: 3650,
      status: 'confirmed',
      paymentStatus: 'notRequired',
      counterAppointmentStatus: 'none',
      dueAt: '2025-03-29T12:30:00+01:00',
      cancelReason: null,
      failureReason: null,
      allowedActions: ['cancel', 'in-delivery', 'completed'],
      createdAt: T0,
      updatedAt: at(1),
    })
    expect(board.items).toHaveLength(2)
    expect(board).not.toHaveProperty('paymentRedirectUrl')
  })

  it('is due at the accepted counter-appointment, not at the requested time', () => {
    const board = toBoardOrderView(
      stateOf(DELIVERY, ['ProposeCounterAppointment', 'AcceptCounterAppointment']),
    )
    expect(board).toMatchObject({ counterAppointmentStatus: 'accepted', dueAt: COUNTER_APPOINTMENT })
  })

  it('is still due at the requested time while a proposal is pending', () => {
    const board = toBoardOrderView(stateOf(DELIVERY, ['ProposeCounterAppointment']))
    expect(board).toMatchObject({ counterAppointmentStatus: 'proposed', dueAt: '2025-03-29T12:30:00+01:00' })
  })

  it('shows why an order was canceled or failed', () => {
    expect(toBoardOrderView(stateOf(TAKEAWAY, ['CancelOrder'])).cancelReason).toBe('Kunde hat angerufen')
    expect(toBoardOrderView(stateOf(TAKEAWAY, ['FailOrder'])).failureReason).toBe('payment failed')
  })
})
