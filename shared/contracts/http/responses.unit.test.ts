import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  decide,
  evolve,
  foldOrder,
  type LifecycleCommandType,
  type OrderState,
} from '../../domain/ordering/order.decider.ts'
import {
  createOrderCommand,
  DELIVERY_ONLINE,
  lifecycleCommand,
  SCENARIOS,
  stateOf,
  TAKEAWAY,
} from '../../domain/ordering/order.test-support.ts'
import { toBoardOrderView, toPublicOrderView } from '../../domain/ordering/order.views.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../domain/ordering/order-vocabulary.ts'
import {
  availabilityDays,
  type BranchHours,
  branchAvailability,
  unavailableMessage,
} from '../../domain/scheduling/index.ts'
import { ORDER_EVENT_TYPES, type OrderEventType } from '../events/order.events.ts'
import { type MeRecord, meRecordSchema } from './auth.http.ts'
import { type Availability, availabilitySchema } from './availability.http.ts'
import { errorBodySchema } from './errors.http.ts'
import { initAnswerSchema } from './init.http.ts'
import { type NotificationJob, notificationJobSchema } from './notifications.http.ts'
import { orderEventEntrySchema } from './order-events.http.ts'
import type { OrderEventEntry } from './order-events.ts'
import {
  boardOrderViewSchema,
  customerOrderSchema,
  publicOrderViewSchema,
  staffOrderSchema,
} from './order-views.http.ts'
import {
  type PaymentsInfo,
  type PaymentWebhookAnswer,
  paymentsInfoSchema,
  paymentWebhookAnswerSchema,
} from './payments.http.ts'
import { type PrintLines, printLinesSchema } from './print.http.ts'
import {
  type HistoryEntry,
  historyActorSchema,
  historyChangeSchema,
  historyEntrySchema,
  mediaUseSchema,
} from './resource-history.http.ts'
import {
  RESOURCE_ITEM_SCHEMAS,
  type ResourceItemType,
  type ResourceLogEntry,
  resourceItemSchema,
  resourceLogEntrySchema,
  type UploadAnswer,
  uploadAnswerSchema,
} from './resource-items.http.ts'
import { createConfigBodySchema, RESOURCE_SCHEMAS, type ResourceType } from './resources.http.ts'
import { dataOf, outputSchemaOf } from './responses.http.ts'
import {
  type CanceledOrdersStatistics,
  type EventsStatistics,
  type ItemStatistics,
  type OrdersStatistics,
  type OrderTimesStatistics,
  type PagesStatistics,
  type PageViewsStatistics,
  type PopularItemsStatistics,
  type RevenueStatistics,
  STATISTICS_NAMES,
  STATISTICS_RESPONSE_SCHEMAS,
  type StatisticsName,
  type UniqueVisitorsStatistics,
  type VisitorTimesStatistics,
  type WorkingActivitiesStatistics,
  type WorkingSchedulesStatistics,
} from './statistics.http.ts'

// The answer schemas against real answers: the order views made by the domain from states of
// the ordering test support, the other answers built to their types. An answer is data as sent
// (and as it comes back through JSON), checked both ways the server may check it (parse, and
// encode as fastify-type-provider-zod does); a field no schema names is refused.

function expectAccepted(schema: z.ZodType, answer: unknown): void {
  const parsed = schema.safeParse(answer)
  expect(parsed.error?.issues ?? []).toEqual([])
  expect(parsed.success).toBe(true)
  // Checking never changes an answer.
  expect(parsed.data).toEqual(answer)
  expect(schema.safeEncode(answer as never).success).toBe(true)
  // A stored or replayed answer comes back through JSON (undefined fields are gone).
  expect(schema.safeParse(JSON.parse(JSON.stringify(answer))).success).toBe(true)
}

/** The issues of a refused answer (the test names the one it expects). */
function issuesOf(schema: z.ZodType, answer: unknown): z.core.$ZodIssue[] {
  const parsed = schema.safeParse(answer)
  expect(parsed.success).toBe(false)
  return parsed.error?.issues ?? []
}

const unrecognized = (path: PropertyKey[], key: string) =>
  expect.objectContaining({ code: 'unrecognized_keys', path, keys: [key] })

// ---------------------------------------------------------------------------------------------
// Orders

function apply(state: OrderState, steps: readonly LifecycleCommandType[]): OrderState {
  let next: OrderState | null = state
  steps.forEach((type, index) => {
    for (const event of decide(lifecycleCommand(type, `2025-03-29T10:0${index + 1}:00.000Z`), next)) {
      next = evolve(next, event)
    }
  })
  if (!next) throw new Error('no order')
  return next
}

/** An online-paid delivery order with everything the checkout fills: company, addresses, parts. */
function fullDeliveryOrder(): OrderState {
  const address = {
    companyName: 'Muster AG',
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Bahnhofstrasse 1',
    floor: '3',
    stairway: null,
    door: '12',
    zipCode: '8001',
    city: 'Zürich',
    country: 'CH',
  }
  const command = createOrderCommand(DELIVERY_ONLINE, {
    customer: {
      firstName: 'Erika',
      lastName: 'Mustermann',
      email: 'erika@example.org',
      phone: '+41790000000',
      isCompany: true,
      companyName: 'Muster AG',
      vatNo: 'CHE-123.456.789',
      address,
    },
    items: [
      {
        itemId: 'item-1',
        productUid: 'torte',
        productId: 'p-1',
        name: 'Wunschtorte',
        amount: 1,
        unit: 'piece',
        unitPrice: 5700,
        total: 5700,
        taxRate: 2.6,
        pricingModel: 'fixed',
        isPriceHidden: false,
        parts: [
          {
            name: 'Foto',
            type: 'image',
            options: [],
            text: 'Alles Gute',
            uploads: [{ id: 'f1', version: 1, extension: 'jpg', publicHash: 'h1', mimeType: 'image/jpeg' }],
          },
          { name: 'Grösse', type: 'select', options: ['24 cm'], text: null, uploads: [] },
        ],
      },
    ],
    appointment: null,
    pricing: {
      net: 5556,
      tax: 144,
      gross: 5700,
      deliveryNet: 463,
      deliveryTax: 37,
      deliveryGross: 500,
      totalNet: 6019,
      totalTax: 181,
      totalGross: 6200,
      taxes: { '2.6': 144, '8.1': 37 },
    },
    deliveryAddress: { ...address, companyName: null, street: 'Seestrasse 9' },
    deliveryArea: 'Zentrum',
    deliveryTerms: {
      id: 'area-1',
      area: 'Zentrum',
      price: 500,
      tax: 8.1,
      free: false,
      freeFromOrderValue: 10000,
      minimumOrderValue: 2000,
    },
    donateeId: 'tafel',
    isPreorder: true,
    isQuotation: false,
    payment: { provider: 'test', sessionId: 'session-1', redirectUrl: 'https://pay.example.org/session-1' },
    locale: 'de-CH',
  })
  const state = foldOrder(decide(command, null))
  if (!state) throw new Error('no order')
  return state
}

/** A cash takeaway order, rounded to 5 Rappen, completed and rated. */
function roundedCashOrder(): OrderState {
  const created = foldOrder(
    decide(
      createOrderCommand(TAKEAWAY, {
        pricing: { totalGross: 3648, cashRounding: 2 },
        customer: { firstName: 'Max', lastName: 'Muster', email: null, phone: null },
        comment: null,
      }),
      null,
    ),
  )
  if (!created) throw new Error('no order')
  return apply(created, ['ConfirmOrder', 'CompleteOrder', 'AnswerQuestionnaire'])
}

const ORDER_STATES: [string, OrderState][] = [
  ...Object.values(SCENARIOS).map((s): [string, OrderState] => [s.name, stateOf(s.kind, s.steps)]),
  ['full delivery order, payment awaited', fullDeliveryOrder()],
  [
    'full delivery order, paid, confirmed, in delivery',
    apply(fullDeliveryOrder(), ['MarkPaid', 'ConfirmOrder', 'MarkInDelivery']),
  ],
  ['cash takeaway order, rounded, completed and rated', roundedCashOrder()],
  [
    'takeaway order with an item changed by staff',
    apply(stateOf(TAKEAWAY, []), ['ChangeOrderItem', 'ConfirmOrder']),
  ],
]

describe('order views', () => {
  it.each(ORDER_STATES)('the public and board views of %s are accepted', (_name, state) => {
    const publicView = toPublicOrderView(state)
    const boardView = toBoardOrderView(state)
    expectAccepted(publicOrderViewSchema, publicView)
    expectAccepted(boardOrderViewSchema, boardView)
    // As the routes answer them: with the version, and the board's ticket number once drawn.
    expectAccepted(dataOf(customerOrderSchema), { data: { ...publicView, version: 3 } })
    expectAccepted(dataOf(staffOrderSchema), { data: { ...boardView, version: 3 } })
    expectAccepted(dataOf(z.array(staffOrderSchema)), {
      data: [{ ...boardView, ticketNumber: 17, version: 3 }],
    })
  })

  it('covers delivery and pickup, counter-appointments, payments and every status', () => {
    const views = ORDER_STATES.map(([, state]) => toBoardOrderView(state))
    expect(new Set(views.map((v) => v.status))).toEqual(new Set(ORDER_STATUSES))
    expect(new Set(views.map((v) => v.isDelivery))).toEqual(new Set([true, false]))
    expect(views.some((v) => v.isDineIn && v.tableIdentifier !== null)).toBe(true)
    expect([...new Set(views.map((v) => v.counterAppointmentStatus))]).toEqual(
      expect.arrayContaining(['none', 'proposed', 'accepted', 'rejected']),
    )
    expect(views.some((v) => v.counterAppointment !== null && v.dueAt === v.counterAppointment)).toBe(true)
    expect(new Set(views.map((v) => v.paymentStatus))).toEqual(new Set(PAYMENT_STATUSES))
    expect(views.some((v) => v.deliveryAddress !== null && v.customer.address)).toBe(true)
    expect(views.some((v) => v.items.some((i) => i.parts?.some((p) => p.uploads.length > 0)))).toBe(true)
    expect(views.some((v) => v.pricing.cashRounding !== undefined && v.totalPayable !== v.totalGross)).toBe(
      true,
    )
    expect(views.some((v) => v.questionnaireRating !== null)).toBe(true)
    expect(ORDER_STATES.some(([, s]) => toPublicOrderView(s).paymentRedirectUrl !== null)).toBe(true)
  })

  it('refuses a field no schema names, at the top and inside', () => {
    const state = fullDeliveryOrder()
    const publicView = toPublicOrderView(state)
    const boardView = toBoardOrderView(state)
    expect(issuesOf(publicOrderViewSchema, { ...publicView, secret: 1 })).toEqual([
      unrecognized([], 'secret'),
    ])
    expect(issuesOf(staffOrderSchema, { ...boardView, version: 1, customerNote: 'x' })).toEqual([
      unrecognized([], 'customerNote'),
    ])
    const item = { ...publicView.items[0]!, margin: 10 }
    expect(issuesOf(publicOrderViewSchema, { ...publicView, items: [item] })).toEqual([
      unrecognized(['items', 0], 'margin'),
    ])
    const customer = { ...boardView.customer, address: { ...boardView.customer.address, geo: [1, 2] } }
    expect(issuesOf(boardOrderViewSchema, { ...boardView, customer })).toEqual([
      unrecognized(['customer', 'address'], 'geo'),
    ])
  })

  it('keeps the customer secret out of the staff answer and the customer data out of the public one', () => {
    const state = fullDeliveryOrder()
    // The status link's hash and the payment page are the customer's.
    expect(issuesOf(boardOrderViewSchema, { ...toBoardOrderView(state), hash: state.hash })).toEqual([
      unrecognized([], 'hash'),
    ])
    expect(boardOrderViewSchema.safeParse({ ...toPublicOrderView(state) }).success).toBe(false)
    expect(publicOrderViewSchema.safeParse({ ...toBoardOrderView(state) }).success).toBe(false)
  })

  it('refuses a version that is not the order’s stream version', () => {
    const view = toPublicOrderView(fullDeliveryOrder())
    expect(customerOrderSchema.safeParse({ ...view, version: 0 }).success).toBe(false)
    expect(customerOrderSchema.safeParse(view).success).toBe(false)
  })
})

// ---------------------------------------------------------------------------------------------
// Order events (GET /api/orders/{id}/events)

const staffActor = { kind: 'staff', id: 'user-7', name: 'Anna Muster' } as const
const entry = <T extends OrderEventType>(
  type: T,
  position: number,
  details: Extract<OrderEventEntry, { type: T }>['details'],
  actor: OrderEventEntry['actor'] = staffActor,
) => ({ position, type, at: `2025-03-29T10:${String(position).padStart(2, '0')}:00.000Z`, actor, details })

const ORDER_EVENT_ENTRIES: { [T in OrderEventType]: Extract<OrderEventEntry, { type: T }> } = {
  OrderCreated: entry(
    'OrderCreated',
    1,
    {
      orderType: 'delivery',
      tableIdentifier: null,
      appointment: '2025-03-29T12:30:00+01:00',
      paymentMethod: 'online-provider-a',
      isOnlinePayment: true,
      paymentProvider: 'test',
      totalGross: 3650,
      items: [
        { name: 'Pizza Margherita', amount: 2, unit: 'piece' },
        { name: 'Salat', amount: 250, unit: 'gram' },
      ],
      comment: 'Bitte klingeln',
      isPreorder: false,
      isQuotation: false,
    },
    { kind: 'customer' },
  ),
  OrderConfirmed: entry('OrderConfirmed', 2, {}),
  OrderRejected: entry('OrderRejected', 3, { message: 'Leider ausgebucht.' }),
  OrderCanceled: entry('OrderCanceled', 4, { reason: null }),
  OrderMarkedInDelivery: entry('OrderMarkedInDelivery', 5, {}),
  OrderCompleted: entry('OrderCompleted', 6, {}),
  OrderDelivered: entry('OrderDelivered', 7, {}),
  OrderFailed: entry(
    'OrderFailed',
    8,
    { reason: 'payment failed' },
    { kind: 'system', name: 'payment-provider' },
  ),
  OrderPaid: entry('OrderPaid', 9, { reference: 'psp-123' }, { kind: 'system' }),
  OrderRefunded: entry('OrderRefunded', 10, { refundNumber: 1, amount: 3650, reference: 're_1' }),
  OrderRefundRequested: entry('OrderRefundRequested', 10, {
    refundNumber: 1,
    attempt: 1,
    amount: 3650,
    reason: 'canceled',
  }),
  OrderRefundFailed: entry('OrderRefundFailed', 10, {
    refundNumber: 1,
    amount: 3650,
    reason: 'charge_already_refunded',
    kind: 'refused',
  }),
  CounterAppointmentProposed: entry('CounterAppointmentProposed', 11, {
    appointment: '2025-03-29T13:15:00+01:00',
  }),
  CounterAppointmentAccepted: entry(
    'CounterAppointmentAccepted',
    12,
    { appointment: '2025-03-29T12:15:00.000Z' },
    { kind: 'customer' },
  ),
  CounterAppointmentRejected: entry(
    'CounterAppointmentRejected',
    13,
    { appointment: '2025-03-29T12:15:00.000Z' },
    { kind: 'customer' },
  ),
  OrderItemChanged: entry('OrderItemChanged', 14, {
    itemId: 'item-1',
    name: 'Wunschtorte',
    amount: 2,
    unit: 'piece',
    total: 11400,
    parts: [{ name: 'Grösse', options: ['24 cm'], text: null }],
    totalGross: 11900,
  }),
  OrderItemRemoved: entry('OrderItemRemoved', 17, {
    itemId: 'item-2',
    name: 'Salat',
    amount: 250,
    unit: 'gram',
    total: 750,
    totalGross: 11400,
  }),
  OrderStatusChangeUndone: entry('OrderStatusChangeUndone', 16, {
    undone: 'OrderConfirmed',
    from: 'confirmed',
    to: 'awaitingConfirmation',
  }),
  QuestionnaireAnswered: entry(
    'QuestionnaireAnswered',
    15,
    { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment: null },
    { kind: 'customer' },
  ),
}

describe('order event entries', () => {
  it.each(ORDER_EVENT_TYPES)('an %s entry is accepted', (type) => {
    expectAccepted(orderEventEntrySchema, ORDER_EVENT_ENTRIES[type])
  })

  it('accepts the timeline as the route answers it', () => {
    expectAccepted(dataOf(z.array(orderEventEntrySchema)), { data: Object.values(ORDER_EVENT_ENTRIES) })
  })

  it('refuses an unknown field, another type’s details and an unknown type', () => {
    const created = ORDER_EVENT_ENTRIES.OrderCreated
    expect(
      issuesOf(orderEventEntrySchema, { ...created, details: { ...created.details, hash: 'x' } }),
    ).toEqual([unrecognized(['details'], 'hash')])
    expect(
      issuesOf(orderEventEntrySchema, { ...ORDER_EVENT_ENTRIES.OrderConfirmed, details: { message: 'x' } }),
    ).toEqual([unrecognized(['details'], 'message')])
    expect(
      orderEventEntrySchema.safeParse({ ...ORDER_EVENT_ENTRIES.OrderPaid, type: 'OrderArchived' }).success,
    ).toBe(false)
    expect(
      issuesOf(orderEventEntrySchema, {
        ...ORDER_EVENT_ENTRIES.OrderPaid,
        actor: { kind: 'system', ip: '::1' },
      }),
    ).toEqual([unrecognized(['actor'], 'ip')])
  })
})

// ---------------------------------------------------------------------------------------------
// Statistics

type StatisticsAnswers = {
  orders: OrdersStatistics
  revenue: RevenueStatistics
  'canceled-orders': CanceledOrdersStatistics
  items: ItemStatistics
  'popular-items': PopularItemsStatistics
  'order-times': OrderTimesStatistics
  'unique-visitors': UniqueVisitorsStatistics
  'page-views': PageViewsStatistics
  pages: PagesStatistics
  events: EventsStatistics
  'visitor-times': VisitorTimesStatistics
  'working-activities': WorkingActivitiesStatistics
  'working-schedules': WorkingSchedulesStatistics
}

/** One answer of each statistics route, built to its type. */
const STATISTICS: StatisticsAnswers & Record<StatisticsName, unknown> = {
  orders: {
    total: {
      orders: 12,
      byOutcome: { open: 2, completed: 7, rejected: 1, canceled: 1, failed: 1 },
      byType: { takeaway: 6, delivery: 5, dineIn: 1 },
      averageConfirmSeconds: 93.5,
      averageCompleteSeconds: null,
      averageRating: 4.3,
      ratings: 3,
    },
    days: [{ date: '2025-03-29', orders: 12, completed: 7, open: 2, lost: 3 }],
  },
  revenue: {
    total: { net: 10000, tax: 810, gross: 10810, orders: 3, averageGross: 3603 },
    byRate: [
      { rate: '8.1', net: 10000, tax: 810, gross: 10810 },
      { rate: 'delivery', net: 0, tax: 0, gross: 0 },
    ],
    byType: [{ orderType: 'delivery', orders: 3, net: 10000, tax: 810, gross: 10810 }],
    days: [{ date: '2025-03-29', orders: 3, net: 10000, tax: 810, gross: 10810 }],
  },
  'canceled-orders': {
    total: { rejected: 1, canceled: 2, failed: 0, share: 0.25 },
    reasons: [
      { outcome: 'canceled', reason: 'Kunde hat angerufen', orders: 2 },
      { outcome: 'rejected', reason: 'Ausgebucht', orders: 1 },
    ],
    days: [{ date: '2025-03-29', rejected: 1, canceled: 2, failed: 0 }],
  },
  items: [{ productUid: 'zopf', name: 'Zopf', unit: 'piece', quantity: 4, lines: 3, gross: 2360 }],
  'popular-items': {
    byUnit: [
      { unit: 'gram', items: [{ productUid: 'salat', name: 'Salat', quantity: 750, lines: 3, gross: 2250 }] },
    ],
    options: [{ productUid: 'torte', name: 'Torte', part: 'Grösse', option: '24 cm', lines: 2, quantity: 2 }],
  },
  'order-times': { cells: [{ weekday: 6, hour: 11, orders: 4 }] },
  'unique-visitors': { total: 120, days: [{ date: '2025-03-29', visitors: 120 }], exact: false },
  'page-views': { total: 300, days: [{ date: '2025-03-29', views: 300 }] },
  pages: [{ path: '/de-CH/menu', views: 120 }],
  events: [{ type: 'commerce', category: 'checkout', action: 'purchase', events: 3 }],
  'visitor-times': { cells: [{ weekday: 1, hour: 0, views: 2 }] },
  'working-activities': {
    total: {
      workedSeconds: 28800,
      breakSeconds: 1800,
      plannedSeconds: 27000,
      overtimeSeconds: 1800,
      activities: 1,
      unratedSeconds: 0,
      laborCost: 24000,
      revenueNet: 100000,
      share: 0.24,
    },
    byUser: [
      {
        userId: 'u1',
        name: 'Anna',
        workedSeconds: 28800,
        breakSeconds: 1800,
        plannedSeconds: 27000,
        overtimeSeconds: 1800,
        activities: 1,
        laborCost: 24000,
      },
    ],
    byBranch: [
      {
        branchId: 'b1',
        workedSeconds: 28800,
        breakSeconds: 1800,
        plannedSeconds: 27000,
        overtimeSeconds: 1800,
        activities: 1,
      },
    ],
    days: [
      {
        date: '2025-03-29',
        workedSeconds: 28800,
        breakSeconds: 1800,
        plannedSeconds: 27000,
        overtimeSeconds: 1800,
        activities: 1,
      },
    ],
    laborCost: [
      {
        date: '2025-03-29',
        branchId: 'b1',
        workedSeconds: 28800,
        unratedSeconds: 0,
        laborCost: 24000,
        revenueNet: 100000,
        revenueGross: 108100,
        share: 0.24,
      },
    ],
  },
  'working-schedules': {
    total: { plannedSeconds: 27000, plannedBreakSeconds: 1800, shifts: 1, holidayDays: 0.5, sickDays: 0 },
    byUser: [
      {
        userId: 'u1',
        name: 'Anna',
        plannedSeconds: 27000,
        plannedBreakSeconds: 1800,
        shifts: 1,
        holidayDays: 0.5,
        sickDays: 0,
      },
    ],
    byBranch: [{ branchId: 'b1', plannedSeconds: 27000, plannedBreakSeconds: 1800, shifts: 1 }],
    days: [{ date: '2025-03-29', plannedSeconds: 27000, plannedBreakSeconds: 1800, shifts: 1 }],
  },
}

describe('statistics answers', () => {
  it.each(STATISTICS_NAMES)('a %s answer is accepted', (name) => {
    expectAccepted(dataOf(STATISTICS_RESPONSE_SCHEMAS[name]), { data: STATISTICS[name] })
  })

  it('accepts the empty answers of an empty range', () => {
    expectAccepted(STATISTICS_RESPONSE_SCHEMAS.orders, {
      total: {
        orders: 0,
        byOutcome: { open: 0, completed: 0, rejected: 0, canceled: 0, failed: 0 },
        byType: { takeaway: 0, delivery: 0, dineIn: 0 },
        averageConfirmSeconds: null,
        averageCompleteSeconds: null,
        averageRating: null,
        ratings: 0,
      },
      days: [],
    })
    expectAccepted(STATISTICS_RESPONSE_SCHEMAS['unique-visitors'], { total: 0, days: [], exact: true })
    expectAccepted(STATISTICS_RESPONSE_SCHEMAS.pages, [])
  })

  it('refuses an unknown field, outcome or order type', () => {
    const orders = STATISTICS.orders
    expect(issuesOf(STATISTICS_RESPONSE_SCHEMAS.orders, { ...orders, currency: 'CHF' })).toEqual([
      unrecognized([], 'currency'),
    ])
    expect(
      issuesOf(STATISTICS_RESPONSE_SCHEMAS.orders, {
        ...orders,
        total: { ...orders.total, byOutcome: { ...orders.total.byOutcome, refunded: 0 } },
      }),
    ).toEqual([unrecognized(['total', 'byOutcome'], 'refunded')])
    const canceled = STATISTICS['canceled-orders']
    expect(
      STATISTICS_RESPONSE_SCHEMAS['canceled-orders'].safeParse({
        ...canceled,
        reasons: [{ outcome: 'completed', reason: 'x', orders: 1 }],
      }).success,
    ).toBe(false)
    expect(
      issuesOf(STATISTICS_RESPONSE_SCHEMAS['popular-items'], {
        ...STATISTICS['popular-items'],
        byUnit: [{ unit: 'gram', items: [{ ...STATISTICS.items[0] }] }],
      }),
    ).toEqual([unrecognized(['byUnit', 0, 'items', 0], 'unit')])
  })
})

// ---------------------------------------------------------------------------------------------
// Resources

const image = { id: 'img-1', version: 2, extension: 'jpg' }

/** A write body of each resource, by its path. */
const BODIES: Record<ResourceType, Record<string, unknown>> = {
  config: { shopName: 'Bäckerei Muster', currency: 'CHF', cashRounding: { CHF: 5 } },
  users: {
    username: 'erika',
    displayName: 'Erika',
    roles: ['ROLE_EMPLOYEE'],
    branches: [{ id: 'b1' }],
    password: 'correct horse',
  },
  divisions: { name: 'Bäckereien', branches: [{ id: 'b1' }] },
  branches: {
    identifier: 'bahnhof',
    name: 'Filiale Bahnhof',
    email: ' bahnhof@example.org ',
    images: [image],
    openingHours: [
      { type: 'daily', from: '06:30', to: '18:30' },
      { type: 'sunday', isClosed: true },
    ],
    isDeliveryEnabled: true,
    deliveryAreas: [{ area: 'Zentrum', price: 500, tax: 8.1, zipCodes: ['8001', '80*'] }],
  },
  tags: { name: 'Vegan', image },
  tables: { identifier: '12', branch: { id: 'b1' } },
  products: {
    uid: 'torte',
    name: 'Torte',
    price: 5700,
    tax: 2.6,
    takeawayTax: 2.6,
    dineInTax: 8.1,
    type: 'configurable',
    alternativeUnits: [{ unit: 'gram', ratio: 0.001 }],
    schedule: [{ weekdays: ['saturday'], from: '08:00', to: '12:00' }],
    config: { parts: [{ name: 'Grösse', type: 'select', options: [{ name: '24 cm', value: 500 }] }] },
  },
  categories: { name: 'Brot', image: null },
  menus: {
    name: 'Sommer',
    availableFrom: '2025-06-01T00:00:00+02:00',
    branches: [{ id: 'b1' }],
    catalog: [{ category: { id: 'c1' }, products: [{ id: 'p1' }] }],
  },
  donatees: { identifier: 'tafel', name: 'Tafel' },
  sites: {
    translations: { 'de-CH': { path: '/ueber-uns', name: 'Über uns', content: { blocks: [1, 'a'] } } },
  },
  navigations: {
    identifier: 'main',
    translations: { 'de-CH': { name: 'Haupt' } },
    items: [{ type: 'home', label: 'Start', children: [{ type: 'link', target: '/agb', label: 'AGB' }] }],
  },
  blocks: {
    identifier: 'about',
    name: 'Über uns',
    translations: { 'de-CH': { isPublic: true, content: 'Hallo' } },
  },
  redirects: { path: '/alt', target: '/neu', statusCode: 302 },
  devices: {
    identifier: 'printer-1',
    name: 'Drucker',
    kind: 'printer',
    branch: { id: 'b1' },
    host: '10.0.0.9',
  },
  departments: { name: 'Küche' },
  images: { alt: 'Zopf' },
  uploads: {},
  'image-templates': {
    name: 'Etikett',
    width: 800,
    height: 600,
    layers: [{ id: 'l1', type: 'rectangle', x: 0, y: 0, width: 800, height: 600, color: '#ffffff' }],
  },
  scenes: { path: '/screen', name: 'Schaufenster' },
  fonts: { family: 'Inter', variants: ['regular', '700italic'] },
  'working-schedules': {
    kind: 'shift',
    userId: 'u1',
    branchId: 'b1',
    start: '2027-03-27T21:00:00.000Z',
    end: '2027-03-28T04:00:00.000Z',
    breakMinutes: 30,
    note: 'Nachtschicht',
  },
  projects: { name: 'Hochzeit Meier', branchId: null },
  tasks: { projectId: 'p1', name: 'Apéro' },
  'digital-signage-segments': {
    name: 'Bild',
    type: 'image',
    image: { id: 'i1', version: 1, extension: 'jpg' },
  },
  'digital-signage-streams': { name: 'Schaufenster', items: [{ segmentId: 's1' }] },
  'digital-signage-devices': { name: 'TV Theke', branch: { id: 'b1' }, deviceId: 'd1' },
}

const PATH_OF: Record<ResourceItemType, ResourceType> = {
  config: 'config',
  user: 'users',
  division: 'divisions',
  branch: 'branches',
  tag: 'tags',
  table: 'tables',
  product: 'products',
  category: 'categories',
  menu: 'menus',
  donatee: 'donatees',
  site: 'sites',
  navigation: 'navigations',
  block: 'blocks',
  redirect: 'redirects',
  device: 'devices',
  department: 'departments',
  image: 'images',
  upload: 'uploads',
  'image-template': 'image-templates',
  scene: 'scenes',
  font: 'fonts',
  'working-schedule': 'working-schedules',
  project: 'projects',
  task: 'tasks',
  'digital-signage-segment': 'digital-signage-segments',
  'digital-signage-stream': 'digital-signage-streams',
  'digital-signage-device': 'digital-signage-devices',
}

const fileMeta = { mimeType: 'image/jpeg', extension: 'jpg', size: 48_213, width: 800, height: 600 }

/** What the store holds of a parsed body, plus the server's own fields (resource-registry, file-store). */
function storedItem(type: ResourceItemType): Record<string, unknown> {
  const write = RESOURCE_SCHEMAS[PATH_OF[type]].create as z.ZodType
  const parsed = write.parse(BODIES[PATH_OF[type]]) as Record<string, unknown>
  const item: Record<string, unknown> = { ...parsed, id: `${type}-1`, version: 3 }
  switch (type) {
    case 'user': {
      const { password: _password, ...rest } = item
      return { ...rest, accessToken: 'token-1' }
    }
    case 'branch': {
      const areas = parsed.deliveryAreas as Record<string, unknown>[]
      return { ...item, deliveryAreas: areas.map((a) => ({ ...a, id: 'area-1' })), apiKey: 'key-1' }
    }
    case 'image':
      return { ...item, ...fileMeta }
    case 'upload':
      return { ...item, name: 'torte.jpg', ...fileMeta, publicHash: 'hash-1' }
    default:
      return item
  }
}

const ITEM_TYPES = Object.keys(RESOURCE_ITEM_SCHEMAS) as ResourceItemType[]

describe('resource items', () => {
  it.each(ITEM_TYPES)('a stored %s with id and version is accepted', (type) => {
    const item = storedItem(type)
    expectAccepted(RESOURCE_ITEM_SCHEMAS[type], item)
    expectAccepted(dataOf(z.array(resourceItemSchema(type))), { data: [item] })
  })

  it('names every resource of the write schemas', () => {
    expect(new Set(Object.values(PATH_OF))).toEqual(new Set(Object.keys(RESOURCE_SCHEMAS)))
    expect(() => resourceItemSchema('order')).toThrow(/order/)
    expect(() => resourceItemSchema('constructor')).toThrow()
  })

  it('refuses an unknown field, and a field the server never sends back', () => {
    expect(issuesOf(RESOURCE_ITEM_SCHEMAS.product, { ...storedItem('product'), margin: 3 })).toEqual([
      unrecognized([], 'margin'),
    ])
    expect(issuesOf(RESOURCE_ITEM_SCHEMAS.user, { ...storedItem('user'), password: 'x' })).toEqual([
      unrecognized([], 'password'),
    ])
    const branch = storedItem('branch')
    const areas = branch.deliveryAreas as Record<string, unknown>[]
    expect(
      issuesOf(RESOURCE_ITEM_SCHEMAS.branch, { ...branch, deliveryAreas: [{ ...areas[0], color: 'red' }] }),
    ).toEqual([unrecognized(['deliveryAreas', 0], 'color')])
    // A stored area has its id, or null when it was stored before areas had ids (seeded around
    // the API: the test catalogue and older shops do); it never lacks the field.
    expect(
      RESOURCE_ITEM_SCHEMAS.branch.safeParse({ ...branch, deliveryAreas: [{ ...areas[0], id: null }] })
        .success,
    ).toBe(true)
    const { id: _id, ...withoutId } = areas[0]!
    expect(RESOURCE_ITEM_SCHEMAS.branch.safeParse({ ...branch, deliveryAreas: [withoutId] }).success).toBe(
      false,
    )
    // A field the write fills with its default is still required in the answer.
    const { isPublic: _isPublic, ...withoutFlag } = branch
    expect(RESOURCE_ITEM_SCHEMAS.branch.safeParse(withoutFlag).success).toBe(false)
    expect(RESOURCE_ITEM_SCHEMAS.config.safeParse({ ...storedItem('config'), version: 0 }).success).toBe(
      false,
    )
  })

  it('answers a branch without its api key to anyone but admins', () => {
    const { apiKey: _key, ...branch } = storedItem('branch')
    expectAccepted(RESOURCE_ITEM_SCHEMAS.branch, branch)
  })

  it('accepts the upload answer and the resource log', () => {
    const upload: UploadAnswer = {
      id: 'f1',
      version: 1,
      extension: 'jpg',
      publicHash: 'h1',
      mimeType: 'image/jpeg',
    }
    expectAccepted(dataOf(uploadAnswerSchema), { data: upload })
    expect(issuesOf(uploadAnswerSchema, { ...upload, size: 1 })).toEqual([unrecognized([], 'size')])
    const log: ResourceLogEntry[] = [
      {
        id: '1042',
        resource: 'branch',
        resourceId: 'b1',
        action: 'BranchUpdated',
        actor: { kind: 'staff', id: 'u1', name: 'Anna' },
        at: '2025-03-29T10:00:00.000Z',
        version: 4,
        kind: 'restored',
        restoredFrom: 2,
        name: 'Altstadt',
      },
      {
        id: '7',
        resource: 'user',
        resourceId: null,
        action: 'UserCreated',
        actor: null,
        at: '2025-03-29T09:00:00.000Z',
        version: 1,
        kind: 'created',
        name: null,
      },
    ]
    expectAccepted(dataOf(z.array(resourceLogEntrySchema)), { data: log })
    expect(issuesOf(resourceLogEntrySchema, { ...log[0], data: {} })).toEqual([unrecognized([], 'data')])
    const history: HistoryEntry[] = [
      {
        version: 3,
        at: '2025-03-29T10:00:00.000Z',
        actor: { kind: 'staff', id: 'u1', name: 'Anna', username: 'anna' },
        kind: 'restored',
        restoredFrom: 1,
        changes: [
          { path: 'price', op: 'changed', old: 500, new: 450 },
          { path: 'images.id:i1', op: 'removed', old: { id: 'i1', version: 1, extension: 'jpg' } },
          { path: 'apiKey', op: 'changed', hidden: true },
          { path: 'deliveryAreas', op: 'reordered', old: ['a', 'b'], new: ['b', 'a'], item: 'Nord' },
        ],
      },
      { version: 2, at: '2025-03-29T09:00:00.000Z', actor: null, kind: 'deleted', changes: [] },
    ]
    expectAccepted(dataOf(z.array(historyEntrySchema)), { data: history })
    expect(issuesOf(historyChangeSchema, { path: 'a', op: 'moved' }).length).toBe(1)
  })
})

// ---------------------------------------------------------------------------------------------
// The other answers

const me: MeRecord = {
  roles: ['ROLE_EMPLOYEE'],
  user: { id: 'u1', username: 'anna', displayName: 'Anna Muster', branches: [{ id: 'b1' }] },
}
const payments: PaymentsInfo = { onlineMethods: ['stripe'], testMode: false }

describe('the other answers', () => {
  it('accepts the me record (login, users/me, time tracking) and refuses more', () => {
    expectAccepted(dataOf(meRecordSchema), { data: me })
    expect(issuesOf(meRecordSchema, { ...me, user: { ...me.user, accessToken: 't' } })).toEqual([
      unrecognized(['user'], 'accessToken'),
    ])
    expectAccepted(dataOf(z.null()), { data: null })
  })

  it('accepts an availability answer made by the scheduling rules', () => {
    const branch: BranchHours = {
      timeZone: 'Europe/Zurich',
      openingHours: [
        { type: 'daily', isClosed: false, from: '08:00', to: '18:00' },
        { type: 'sunday', isClosed: true, from: '00:00', to: '24:00' },
      ],
    }
    // Saturday 2025-03-29, 10:00 in Zurich.
    const availability = branchAvailability(branch, 'takeaway', Date.parse('2025-03-29T09:00:00Z'))
    const iso = (ms: number) => new Date(ms).toISOString()
    const answer: Availability = {
      branch: { id: 'b1' },
      orderType: 'takeaway',
      timeZone: availability.timeZone,
      stepMinutes: availability.stepMinutes,
      earliest: iso(availability.earliest),
      firstSlot: availability.firstSlot === null ? null : iso(availability.firstSlot),
      days: availabilityDays(availability, '2025-03-28', 4).map((d) => ({
        date: d.date,
        isoWeek: d.isoWeek,
        isAvailable: d.isAvailable,
        reason: d.reason,
        message: d.reason ? unavailableMessage(d.reason, availability, 'de-CH').message : null,
        windows: d.windows.map((w) => ({ from: w.from, to: w.to, first: iso(w.first), last: iso(w.last) })),
      })),
      pause: null,
      preparation: null,
    }
    expect(answer.days.map((d) => d.reason)).toEqual(['in-past', null, 'closed-day', null])
    expectAccepted(dataOf(availabilitySchema), { data: answer })
    const day = { ...answer.days[1]!, count: 3 }
    expect(issuesOf(availabilitySchema, { ...answer, days: [day] })).toEqual([
      unrecognized(['days', 0], 'count'),
    ])
  })

  it('accepts the payments answers', () => {
    expectAccepted(dataOf(paymentsInfoSchema), { data: payments })
    const webhook: PaymentWebhookAnswer = { received: true, applied: false }
    expectAccepted(paymentWebhookAnswerSchema, webhook)
    expect(issuesOf(paymentsInfoSchema, { ...payments, secretKey: 'sk' })).toEqual([
      unrecognized([], 'secretKey'),
    ])
  })

  it('accepts the receipt lines', () => {
    const lines: PrintLines = {
      width: 42,
      lines: [
        { text: 'Bäckerei Muster', bold: true, double: true },
        { text: '' },
        { text: '2 x Zopf', bold: undefined },
      ],
    }
    expectAccepted(dataOf(printLinesSchema), { data: lines })
    expect(issuesOf(printLinesSchema, { ...lines, lines: [{ text: 'x', italic: true }] })).toEqual([
      unrecognized(['lines', 0], 'italic'),
    ])
  })

  it('accepts the notification jobs and the resend answer', () => {
    const jobs: NotificationJob[] = [
      {
        id: '1',
        kind: 'new-order',
        channel: 'email',
        audience: 'customer',
        recipient: 'erika@example.org',
        subject: 'Ihre Bestellung',
        trigger: 'event',
        sourceType: 'OrderCreated',
        status: 'sent',
        attempts: 1,
        lastError: null,
        nextAttemptAt: null,
        sentAt: '2025-03-29T10:00:05.000Z',
        transportId: '<abc@example.org>',
        createdAt: '2025-03-29T10:00:00.000Z',
      },
      {
        id: '2',
        kind: 'new-order',
        channel: 'sms',
        audience: 'branch',
        recipient: '+41790000000',
        subject: null,
        trigger: 'resend',
        sourceType: 'resend',
        status: 'pending',
        attempts: 2,
        lastError: 'timeout',
        nextAttemptAt: '2025-03-29T10:05:00.000Z',
        sentAt: null,
        transportId: null,
        createdAt: '2025-03-29T10:01:00.000Z',
      },
    ]
    expectAccepted(dataOf(z.array(notificationJobSchema)), { data: jobs })
    expectAccepted(dataOf(notificationJobSchema), { data: jobs[1] })
    expect(issuesOf(notificationJobSchema, { ...jobs[0], body: 'Hallo' })).toEqual([unrecognized([], 'body')])
  })

  it('accepts /api/init as the route puts it together', () => {
    const item = (type: ResourceItemType) => storedItem(type)
    const init = [
      { url: '/api/config', data: item('config') },
      { url: '/api/users/me', data: null },
      { url: '/api/divisions', data: [item('division')] },
      { url: '/api/branches', data: [item('branch')] },
      { url: '/api/menus', data: [item('menu')] },
      { url: '/api/categories', data: [item('category')] },
      { url: '/api/products', data: [item('product')] },
      { url: '/api/tags', data: [item('tag')] },
      { url: '/api/tables', data: [item('table')] },
      { url: '/api/sites', data: [item('site')] },
      { url: '/api/navigations', data: [item('navigation')] },
      { url: '/api/blocks', data: [item('block')] },
      { url: '/api/donatees', data: [item('donatee')] },
      { url: '/api/payments', data: payments },
    ]
    expectAccepted(dataOf(initAnswerSchema), { data: init })
    // A staff member's, before anything is configured.
    expectAccepted(initAnswerSchema, [
      { url: '/api/config', data: null },
      { url: '/api/users/me', data: me },
      { url: '/api/branches', data: [] },
    ])
    expect(initAnswerSchema.safeParse([{ url: '/api/users', data: [] }]).success).toBe(false)
    expect(initAnswerSchema.safeParse([{ url: '/api/branches', data: [item('product')] }]).success).toBe(
      false,
    )
  })

  it('refuses anything beside data in the envelope', () => {
    expect(issuesOf(dataOf(meRecordSchema), { data: me, meta: {} })).toEqual([unrecognized([], 'meta')])
    expect(dataOf(meRecordSchema).safeParse({ errors: [] }).success).toBe(false)
    expect(errorBodySchema.safeParse({ errors: [{ field: 'version', message: 'veraltet' }] }).success).toBe(
      true,
    )
  })
})

// ---------------------------------------------------------------------------------------------
// The schemas themselves

describe('outputSchemaOf', () => {
  it('takes the output as it is: no defaults, no trimming, no preprocessing', () => {
    const output = outputSchemaOf(createConfigBodySchema)
    const stored = createConfigBodySchema.parse({ shopName: 'Muster' })
    expectAccepted(output, stored)
    // Padded text is left as it is (checking never changes an answer) …
    expect(output.parse({ ...stored, title: ' Titel ' }).title).toBe(' Titel ')
    // … and a blank optional field is not made null.
    expect(output.safeParse({ ...stored, title: '' }).success).toBe(true)
    expect(output.safeParse({ ...stored, title: undefined }).success).toBe(false)
    const { currency: _currency, ...withoutCurrency } = stored
    expect(output.safeParse(withoutCurrency).success).toBe(false)
  })

  it('refuses a transform, which has no output schema', () => {
    expect(() => outputSchemaOf(z.strictObject({ n: z.string().transform(Number) }))).toThrow(/transform/)
  })
})

describe('the answer schemas', () => {
  const schemas: [string, z.ZodType][] = [
    ['PublicOrderView', publicOrderViewSchema],
    ['BoardOrderView', boardOrderViewSchema],
    ['CustomerOrder', customerOrderSchema],
    ['StaffOrder', staffOrderSchema],
    ['OrderEventEntry', orderEventEntrySchema],
    ['MeRecord', meRecordSchema],
    ['Availability', availabilitySchema],
    ['PaymentsInfo', paymentsInfoSchema],
    ['PaymentWebhookAnswer', paymentWebhookAnswerSchema],
    ['PrintLines', printLinesSchema],
    ['NotificationJob', notificationJobSchema],
    ['InitAnswer', initAnswerSchema],
    ['UploadAnswer', uploadAnswerSchema],
    ['ResourceLogEntry', resourceLogEntrySchema],
    ['HistoryEntry', historyEntrySchema],
    ['HistoryChange', historyChangeSchema],
    ['HistoryActor', historyActorSchema],
    ['MediaUse', mediaUseSchema],
    ...[...Object.values(RESOURCE_ITEM_SCHEMAS), ...Object.values(STATISTICS_RESPONSE_SCHEMAS)].map(
      (s): [string, z.ZodType] => [String(z.globalRegistry.get(s)?.id), s],
    ),
  ]

  it.each(schemas)('%s has its component id and becomes JSON Schema', (id, schema) => {
    expect(z.globalRegistry.get(schema)?.id).toBe(id)
    // zod keeps the last schema registered under an id: no other one took it.
    expect(z.globalRegistry._idmap.get(id)).toBe(schema)
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow()
  })

  it('gives the entries of every order event type', () => {
    const types = orderEventEntrySchema.options.map((option) => option.shape.type.value)
    expect(types).toHaveLength(ORDER_EVENT_TYPES.length)
    expect(new Set(types)).toEqual(new Set(ORDER_EVENT_TYPES))
  })
})
