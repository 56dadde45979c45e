import type { StoredEvent } from '@shop/kit'
import { ORDER_EVENT_TYPES, type OrderEvent, type OrderItem } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import { toOrderEventEntry } from './order-events.ts'

const AT = '2026-11-24T09:00:00.000Z'
const staff = { kind: 'staff' as const, id: 'u1', name: 'Lena' }
const base = { orderId: 'o1', at: AT, actor: staff }

const item: OrderItem = {
  itemId: 'i1',
  productUid: 'torte',
  name: 'Wunschtorte',
  amount: 2,
  unit: 'piece',
  unitPrice: 5700,
  total: 11400,
  parts: [
    {
      name: 'Grösse',
      type: 'options',
      options: ['24 cm'],
      text: null,
      uploads: [
        { id: 'f1', version: 1, extension: 'jpg', publicHash: 'geheim-hash', mimeType: 'image/jpeg' },
      ],
    },
  ],
}

function stored(event: OrderEvent, position = 1, metadata: StoredEvent['metadata'] = {}): StoredEvent {
  return {
    globalPosition: '10',
    transactionId: '1',
    streamId: 'order-o1',
    streamType: 'order',
    streamPosition: position,
    eventId: 'e1',
    type: event.type,
    schemaVersion: 1,
    data: event,
    metadata,
    createdAt: '2026-11-24T09:00:01.234Z',
  }
}

const created: OrderEvent = {
  type: 'OrderCreated',
  ...base,
  actor: { kind: 'customer' },
  uid: 'uid-1',
  hash: 'status-link-geheimnis',
  branchId: 'b1',
  isDelivery: false,
  isDineIn: true,
  tableIdentifier: '7',
  customer: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.com', phone: null },
  items: [item],
  appointment: null,
  comment: 'Ohne Nüsse',
  paymentMethod: 'stripe',
  isOnlinePayment: true,
  pricing: { totalGross: 11400 },
  payment: { provider: 'stripe', sessionId: 'cs_geheim', redirectUrl: 'https://pay.example/cs_geheim' },
  locale: 'de-CH',
}

// One example of every event type and the details the timeline shows for it.
const examples: { event: OrderEvent; details: Record<string, unknown> }[] = [
  {
    event: created,
    details: {
      orderType: 'dineIn',
      tableIdentifier: '7',
      appointment: null,
      paymentMethod: 'stripe',
      isOnlinePayment: true,
      paymentProvider: 'stripe',
      totalGross: 11400,
      items: [{ name: 'Wunschtorte', amount: 2, unit: 'piece' }],
      comment: 'Ohne Nüsse',
      isPreorder: false,
      isQuotation: false,
    },
  },
  { event: { type: 'OrderConfirmed', ...base }, details: {} },
  {
    event: { type: 'OrderRejected', ...base, message: 'Heute ausverkauft' },
    details: { message: 'Heute ausverkauft' },
  },
  { event: { type: 'OrderCanceled', ...base, reason: null }, details: { reason: null } },
  { event: { type: 'OrderMarkedInDelivery', ...base }, details: {} },
  { event: { type: 'OrderCompleted', ...base }, details: {} },
  { event: { type: 'OrderDelivered', ...base }, details: {} },
  {
    event: { type: 'OrderFailed', ...base, actor: { kind: 'system' }, reason: 'Zahlung abgelaufen' },
    details: { reason: 'Zahlung abgelaufen' },
  },
  { event: { type: 'OrderPaid', ...base, reference: 'pi_123' }, details: { reference: 'pi_123' } },
  {
    event: { type: 'OrderRefunded', ...base, refundNumber: 2, attempt: 1, amount: 450, reference: 're_9' },
    details: { refundNumber: 2, amount: 450, reference: 're_9' },
  },
  {
    event: {
      type: 'OrderRefundRequested',
      ...base,
      refundNumber: 1,
      attempt: 2,
      amount: 3650,
      reason: 'canceled',
    },
    details: { refundNumber: 1, attempt: 2, amount: 3650, reason: 'canceled' },
  },
  {
    event: {
      type: 'OrderRefundFailed',
      ...base,
      refundNumber: 1,
      attempt: 1,
      amount: 3650,
      reason: 'Charge has already been refunded.',
      kind: 'refused',
    },
    details: { refundNumber: 1, amount: 3650, reason: 'Charge has already been refunded.', kind: 'refused' },
  },
  {
    event: { type: 'CounterAppointmentProposed', ...base, appointment: '2026-11-24T15:00:00.000Z' },
    details: { appointment: '2026-11-24T15:00:00.000Z' },
  },
  {
    event: { type: 'CounterAppointmentAccepted', ...base, appointment: '2026-11-24T15:00:00.000Z' },
    details: { appointment: '2026-11-24T15:00:00.000Z' },
  },
  {
    event: { type: 'CounterAppointmentRejected', ...base, appointment: '2026-11-24T15:00:00.000Z' },
    details: { appointment: '2026-11-24T15:00:00.000Z' },
  },
  {
    event: {
      type: 'QuestionnaireAnswered',
      ...base,
      actor: { kind: 'customer' },
      rating: 5,
      foodRating: 4,
      serviceRating: 5,
      processRating: 3,
      comment: 'Fein!',
    },
    details: { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment: 'Fein!' },
  },
  {
    event: { type: 'OrderItemChanged', ...base, item, pricing: { totalGross: 12090 } },
    details: {
      itemId: 'i1',
      name: 'Wunschtorte',
      amount: 2,
      unit: 'piece',
      total: 11400,
      parts: [{ name: 'Grösse', options: ['24 cm'], text: null }],
      totalGross: 12090,
    },
  },
  {
    event: { type: 'OrderItemRemoved', ...base, itemId: 'i1', item, pricing: { totalGross: 690 } },
    details: { itemId: 'i1', name: 'Wunschtorte', amount: 2, unit: 'piece', total: 11400, totalGross: 690 },
  },
  {
    event: {
      type: 'OrderStatusChangeUndone',
      ...base,
      undone: 'OrderCompleted',
      from: 'completed',
      to: 'ready',
    },
    details: { undone: 'OrderCompleted', from: 'completed', to: 'ready' },
  },
]

describe('toOrderEventEntry', () => {
  it('has an example for every order event type', () => {
    expect(examples.map((e) => e.event.type).sort()).toEqual([...ORDER_EVENT_TYPES].sort())
  })

  it.each(examples)(
    '$event.type: position, type, when, who and exactly its details',
    ({ event, details }) => {
      const entry = toOrderEventEntry(stored(event, 3))
      expect(entry).toEqual({ position: 3, type: event.type, at: AT, actor: event.actor, details })
    },
  )

  it('keeps the status link hash, the payment session and upload hashes out', () => {
    const text = JSON.stringify(examples.map(({ event }) => toOrderEventEntry(stored(event))))
    expect(text).not.toContain('status-link-geheimnis')
    expect(text).not.toContain('cs_geheim')
    expect(text).not.toContain('geheim-hash')
    // And the customer's contact data, which the order detail shows anyway.
    expect(text).not.toContain('anna@example.com')
  })

  it('names a refund recorded before refunds were numbered with null number and amount', () => {
    const legacy = { type: 'OrderRefunded', ...base } as OrderEvent
    expect(toOrderEventEntry(stored(legacy, 4)).details).toEqual({
      refundNumber: null,
      amount: null,
      reference: null,
    })
  })

  it('takes the actor from the metadata, else "system", and the stored time when the event has none', () => {
    const legacy = { type: 'OrderConfirmed', orderId: 'o1' } as unknown as OrderEvent
    expect(toOrderEventEntry(stored(legacy, 2, { actor: { kind: 'staff', id: 'u2', name: 'Max' } }))).toEqual(
      {
        position: 2,
        type: 'OrderConfirmed',
        at: '2026-11-24T09:00:01.234Z',
        actor: { kind: 'staff', id: 'u2', name: 'Max' },
        details: {},
      },
    )
    expect(toOrderEventEntry(stored(legacy, 2, { actor: { kind: 'robot' } })).actor).toEqual({
      kind: 'system',
    })
    expect(toOrderEventEntry(stored(legacy)).actor).toEqual({ kind: 'system' })
  })

  it('an event type this build does not know shows who and when, with no details', () => {
    const future = { type: 'OrderTeleported', ...base, destination: 'Mars' } as unknown as OrderEvent
    expect(toOrderEventEntry(stored(future, 9))).toEqual({
      position: 9,
      type: 'OrderTeleported',
      at: AT,
      actor: staff,
      details: {},
    })
  })
})
