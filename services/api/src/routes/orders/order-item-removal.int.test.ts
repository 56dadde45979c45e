import { randomUUID } from 'node:crypto'
import { startTestStack, TEST_BRANCH, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOnlineOrder, orderEvents } from '../../payments/testing/orders.ts'
import { call } from '../../testing/staff-session.ts'

// Issue 18 item 6: staff remove an item (DELETE /api/orders/{id}/items/{itemId}) on the real
// PostgreSQL and NATS. The order is repriced without it (the test branch's delivery fee of 5.00
// comes back below 10.00), an order paid online gets the difference back through the built-in
// test provider, and every refusal answers its status and appends nothing.

const staff = { 'x-api-key': TEST_BRANCH.apiKey }
const LIMITS = { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } }

let s: TestStack
beforeAll(async () => {
  s = await startTestStack({ notifier: false, limits: LIMITS })
})
afterAll(async () => {
  await s?.close()
})

const typesOf = async (orderId: string) => (await orderEvents(s.db.db, orderId)).map((e) => e.type)
const board = async (orderId: string) => {
  const res = await call(s.url, 'GET', `/api/orders/${orderId}`, { headers: staff })
  expect(res.status).toBe(200)
  return res.body.data
}
const itemOf = (order: Record<string, any>, name: string): string =>
  (order.items as { itemId: string; name: string }[]).find((i) => i.name === name)!.itemId
const remove = (orderId: string, itemId: string, query = '', headers: Record<string, string> = staff) =>
  call(s.url, 'DELETE', `/api/orders/${orderId}/items/${itemId}${query}`, { headers })

/** The customer pays on the hosted test page (its button posts, the page delivers the webhook). */
async function pay(order: Record<string, any>) {
  const res = await fetch(`${order.paymentRedirectUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
}

describe('staff remove an item', () => {
  it('a paid online order: repriced without it, the difference refunded through the provider, once', async () => {
    // Zopf 6.90 + 4 Gipfeli 7.20 = 14.10, delivered free (from 10.00 on).
    const order = await createOnlineOrder(s.url)
    await pay(order)
    const paid = await board(order.id)
    const gipfeli = itemOf(order, 'Gipfeli')

    // What the confirm dialog shows: without the Gipfeli the order costs 6.90 + 5.00 delivery.
    const preview = await call(s.url, 'GET', `/api/orders/${order.id}/items/${gipfeli}/removal`, {
      headers: staff,
    })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.data).toEqual({
      itemId: gipfeli,
      totalGross: 1190,
      refundAmount: 220,
      version: paid.version,
    })
    expect(await typesOf(order.id)).toEqual(['OrderCreated', 'OrderPaid'])

    const key = { ...staff, 'idempotency-key': randomUUID() }
    const removed = await remove(order.id, gipfeli, `?version=${paid.version}`, key)
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(removed.body.data).toMatchObject({
      totalGross: 1190,
      items: [{ name: 'Zopf 500 g', total: 690 }],
      pricing: { totalGross: 1190, gross: 690, deliveryGross: 500 },
      paymentStatus: 'paid',
      refund: { status: 'pending', pendingAmount: 220, paidAmount: 1410 },
      version: paid.version + 2,
    })
    // The same request again (the same key): the first answer, nothing appended twice.
    const again = await remove(order.id, gipfeli, `?version=${paid.version}`, key)
    expect(again.status).toBe(200)
    expect(again.body.data.version).toBe(paid.version + 2)

    // The removal and its refund request in one append (the refund process may already have
    // paid it back: an OrderRefunded after them).
    const stored = await orderEvents(s.db.db, order.id)
    expect(stored.slice(0, 4).map((e) => e.type)).toEqual([
      'OrderCreated',
      'OrderPaid',
      'OrderItemRemoved',
      'OrderRefundRequested',
    ])
    expect(stored.slice(4).map((e) => e.type)).not.toContain('OrderItemRemoved')
    expect(stored[2]!.data).toMatchObject({
      itemId: gipfeli,
      item: { itemId: gipfeli, name: 'Gipfeli', amount: 4, total: 720 },
      pricing: { totalGross: 1190 },
      actor: { kind: 'staff' },
    })
    expect(stored[3]!.data).toMatchObject({ refundNumber: 1, amount: 220, reason: 'itemRemoved' })

    // The refund process pays it back through the test provider.
    await expect.poll(() => typesOf(order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    expect(s.payments.testProvider!.refundsOf(order.id).map((r) => r.amount)).toEqual([220])
    expect(await board(order.id)).toMatchObject({
      status: 'awaitingConfirmation',
      paymentStatus: 'paid',
      isRefunded: false,
      totalGross: 1190,
      refund: { status: 'partial', paidAmount: 1410, refundedAmount: 220 },
      refunds: [{ refundNumber: 1, amount: 220, reason: 'itemRemoved', status: 'refunded' }],
    })
    // The customer's status page (the orders projection) follows: one item, the new total, the refund.
    await expect
      .poll(
        async () =>
          (await call(s.url, 'GET', `/api/orders/public/${order.uid}/${order.hash}`)).body.data?.refund
            ?.refundedAmount,
        { timeout: 15_000 },
      )
      .toBe(220)
    const pub = (await call(s.url, 'GET', `/api/orders/public/${order.uid}/${order.hash}`)).body.data
    expect(pub).toMatchObject({ totalGross: 1190, items: [{ name: 'Zopf 500 g' }] })
    expect(pub.items).toHaveLength(1)
    // The back-office timeline names the removed line and the new total.
    const timeline = (await call(s.url, 'GET', `/api/orders/${order.id}/events`, { headers: staff })).body
      .data
    expect(timeline[2]).toMatchObject({
      type: 'OrderItemRemoved',
      actor: { kind: 'staff' },
      details: { itemId: gipfeli, name: 'Gipfeli', amount: 4, unit: 'piece', total: 720, totalGross: 1190 },
    })

    // The last item stays: staff cancel the order instead (409, nothing appended).
    const zopf = itemOf(order, 'Zopf 500 g')
    const before = (await orderEvents(s.db.db, order.id)).length
    const last = await remove(order.id, zopf)
    expect(last.status).toBe(409)
    expect(last.body.errors[0]).toEqual({
      field: 'itemId',
      message:
        'Der letzte Artikel einer Bestellung kann nicht entfernt werden. Stornieren Sie stattdessen die Bestellung.',
    })
    const lastPreview = await call(s.url, 'GET', `/api/orders/${order.id}/items/${zopf}/removal`, {
      headers: staff,
    })
    expect(lastPreview.status).toBe(409)
    expect((await orderEvents(s.db.db, order.id)).length).toBe(before)
  })

  it('a cash order is repriced without a refund; unknown, stale, foreign and final answer 404, 409, 401/403', async () => {
    const order = await createOnlineOrder(s.url, { paymentMethod: 'cash' })
    const gipfeli = itemOf(order, 'Gipfeli')
    const confirmed = await call(s.url, 'POST', `/api/orders/${order.id}/status/confirm`, {
      headers: staff,
      body: { version: 1 },
    })
    expect(confirmed.status).toBe(200)
    const count = async () => (await orderEvents(s.db.db, order.id)).length
    const before = await count()

    const unknownItem = await remove(order.id, 'nope')
    expect(unknownItem.status).toBe(404)
    expect(unknownItem.body.errors[0].field).toBe('itemId')
    expect((await remove(randomUUID(), gipfeli)).status).toBe(404)
    expect((await remove(order.id, gipfeli, '', {})).status).toBe(401)
    expect((await remove(order.id, gipfeli, '', { 'x-api-key': 'k-other-branch-key' })).status).toBe(403)
    expect((await call(s.url, 'GET', `/api/orders/${order.id}/items/${gipfeli}/removal`, {})).status).toBe(
      401,
    )
    const stale = await remove(order.id, gipfeli, '?version=1')
    expect(stale.status).toBe(409)
    expect(stale.body.errors[0].field).toBe('version')
    const malformed = await remove(order.id, gipfeli, '?version=zwei')
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors[0].field).toBe('version')
    expect(await count()).toBe(before)

    const removed = await remove(order.id, gipfeli, '?version=2')
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(removed.body.data).toMatchObject({
      status: 'confirmed',
      totalGross: 1190,
      items: [{ name: 'Zopf 500 g' }],
      refund: null,
      version: 3,
    })
    expect(await typesOf(order.id)).toEqual(['OrderCreated', 'OrderConfirmed', 'OrderItemRemoved'])

    // A canceled order's items stay as they were.
    const other = await createOnlineOrder(s.url, { paymentMethod: 'cash' })
    await call(s.url, 'POST', `/api/orders/${other.id}/status/cancel`, { headers: staff, body: {} })
    const final = await remove(other.id, itemOf(other, 'Gipfeli'))
    expect(final.status).toBe(409)
    expect(final.body.errors[0].message).toBe(
      'Die Aktion „Artikel entfernen“ ist bei einer Bestellung im Status „Storniert“ nicht möglich.',
    )
    expect(await typesOf(other.id)).toEqual(['OrderCreated', 'OrderCanceled'])
  })
})
