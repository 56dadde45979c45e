import { describe, expect, expectTypeOf, it } from 'vitest'
import type { OrderEvent, OrderEventType } from './order.events.ts'
import { ORDER_EVENT_TYPES, orderEventSchema } from './order.events.ts'

const envelope = {
  orderId: 'order-1',
  at: '2025-03-29T10:00:00.000Z',
  actor: { kind: 'staff', id: 'u-1', name: 'Anna' },
}

const samples: OrderEvent[] = [
  {
    type: 'OrderCreated',
    ...envelope,
    actor: { kind: 'customer' },
    uid: 'uid-1',
    hash: 'hash-1',
    branchId: 'branch-1',
    isDelivery: false,
    isDineIn: true,
    tableIdentifier: 'T4',
    customer: { firstName: 'Erika', lastName: 'Mustermann', email: null, phone: null },
    items: [
      {
        itemId: 'i1',
        productUid: 'p1',
        name: 'Pizza',
        amount: 1,
        unit: 'piece',
        unitPrice: 1450,
        total: 1450,
      },
    ],
    appointment: null,
    comment: null,
    paymentMethod: 'cash',
    isOnlinePayment: false,
    pricing: { totalGross: 1450 },
  },
  { type: 'OrderConfirmed', ...envelope } as OrderEvent,
  { type: 'OrderRejected', ...envelope, message: 'Ausgebucht' } as OrderEvent,
  { type: 'OrderCanceled', ...envelope, reason: null } as OrderEvent,
  { type: 'OrderMarkedInDelivery', ...envelope } as OrderEvent,
  { type: 'OrderCompleted', ...envelope } as OrderEvent,
  { type: 'OrderDelivered', ...envelope } as OrderEvent,
  { type: 'OrderFailed', ...envelope, actor: { kind: 'system' }, reason: 'payment failed' },
  { type: 'OrderPaid', ...envelope, actor: { kind: 'system' }, reference: 'psp-1' },
  { type: 'OrderRefunded', ...envelope } as OrderEvent,
  {
    type: 'OrderRefundRequested',
    ...envelope,
    refundNumber: 1,
    attempt: 1,
    amount: 1450,
    reason: 'canceled',
  } as OrderEvent,
  {
    type: 'OrderRefundFailed',
    ...envelope,
    actor: { kind: 'system' },
    refundNumber: 1,
    attempt: 1,
    amount: 1450,
    reason: 'Charge has already been refunded.',
    kind: 'refused',
  } as OrderEvent,
  { type: 'CounterAppointmentProposed', ...envelope, appointment: '2025-03-29T13:15:00+01:00' } as OrderEvent,
  {
    type: 'CounterAppointmentAccepted',
    ...envelope,
    actor: { kind: 'customer' },
    appointment: '2025-03-29T13:15:00+01:00',
  },
  {
    type: 'CounterAppointmentRejected',
    ...envelope,
    actor: { kind: 'customer' },
    appointment: '2025-03-29T13:15:00+01:00',
  },
  {
    type: 'QuestionnaireAnswered',
    ...envelope,
    actor: { kind: 'customer' },
    rating: 5,
    foodRating: 4,
    serviceRating: 3,
    processRating: 2,
    comment: null,
  },
  {
    type: 'OrderItemChanged',
    ...envelope,
    actor: { kind: 'staff', id: 'u-1', name: 'Anna' },
    item: {
      itemId: 'i1',
      productUid: 'p1',
      name: 'Pizza',
      amount: 2,
      unit: 'piece',
      unitPrice: 1450,
      total: 2900,
      taxRate: 2.6,
      pricingModel: 'fixed',
      isPriceHidden: false,
      parts: [{ name: 'Grösse', type: 'select', options: ['Gross'], text: null, uploads: [] }],
    },
    pricing: { totalGross: 2900 },
  },
  {
    type: 'OrderItemRemoved',
    ...envelope,
    actor: { kind: 'staff', id: 'u-1', name: 'Anna' },
    itemId: 'i2',
    item: {
      itemId: 'i2',
      productUid: 'p2',
      name: 'Salat',
      amount: 250,
      unit: 'gram',
      unitPrice: 3,
      total: 750,
    },
    pricing: { totalGross: 2900 },
  },
  {
    type: 'OrderStatusChangeUndone',
    ...envelope,
    undone: 'OrderConfirmed',
    from: 'confirmed',
    to: 'awaitingConfirmation',
  } as OrderEvent,
]

describe('order event contracts', () => {
  it('lists every event type once, in the union', () => {
    expect(new Set(ORDER_EVENT_TYPES).size).toBe(ORDER_EVENT_TYPES.length)
    expect(orderEventSchema.options.map((option) => option.shape.type.value)).toEqual([...ORDER_EVENT_TYPES])
    expectTypeOf<OrderEvent['type']>().toEqualTypeOf<OrderEventType>()
  })

  it.each(samples)('accepts a $type', (event) => {
    expect(orderEventSchema.parse(event)).toEqual(event)
  })

  it('has a sample for every type', () => {
    expect(samples.map((event) => event.type)).toEqual([...ORDER_EVENT_TYPES])
  })

  it.each([
    ['an unknown type', { type: 'OrderEaten', ...envelope }, ['type']],
    ['a time without offset', { type: 'OrderConfirmed', ...envelope, at: '2025-03-29T10:00:00' }, ['at']],
    [
      'an unknown actor kind',
      { type: 'OrderConfirmed', ...envelope, actor: { kind: 'robot' } },
      ['actor', 'kind'],
    ],
    ['a blank rejection message', { type: 'OrderRejected', ...envelope, message: '' }, ['message']],
    [
      'a rating of 6',
      {
        type: 'QuestionnaireAnswered',
        ...envelope,
        rating: 6,
        foodRating: 1,
        serviceRating: 1,
        processRating: 1,
        comment: null,
      },
      ['rating'],
    ],
    [
      'money in fractions of cents',
      { ...samples[0], pricing: { totalGross: 14.5 } },
      ['pricing', 'totalGross'],
    ],
  ])('refuses %s', (_, event, path) => {
    const result = orderEventSchema.safeParse(event)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(path)
  })
})
