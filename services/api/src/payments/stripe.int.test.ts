import { startTestStack, TEST_BRANCH, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { updateResource } from '../resources/resource-store.ts'
import { call } from '../testing/staff-session.ts'
import { PAYMENT_CANCELED_REASON, PAYMENT_FAILED_REASON } from './apply.ts'
import { createOnlineOrder, orderEvents } from './testing/orders.ts'
import { fixture, type StripeReplay, startStripeReplay } from './testing/stripe-replay.ts'

// Stripe end to end on the real PostgreSQL and NATS: the shop configured with Stripe keys (the
// SDK pointed at a replay of Stripe's API with recorded responses), the real checkout opening a
// Checkout Session, Stripe-signed webhooks over HTTP, and the staff's re-check when a webhook
// never came.

let s: TestStack
let replay: StripeReplay
const staff = { 'x-api-key': TEST_BRANCH.apiKey }

beforeAll(async () => {
  replay = await startStripeReplay()
  s = await startTestStack({
    notifier: false,
    payments: {
      env: { STRIPE_SECRET_KEY: replay.secretKey, STRIPE_WEBHOOK_SECRET: replay.webhookSecret },
      stripeConfig: replay.config,
    },
    // Orders from one address with one contact, several left open: the order limits are lifted
    // here (limits/rate-limits.int.test.ts proves them).
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
})
afterAll(async () => {
  await s?.close()
  await replay?.close()
})

const sessionOf = (order: Record<string, any>) =>
  (order.paymentRedirectUrl as string).split('/c/pay/')[1]!.split('#')[0]!

async function deliver(event: { body: string; signature: string }) {
  const res = await fetch(`${s.url}/api/payments/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
    body: event.body,
  })
  return { status: res.status, body: (await res.json()) as any }
}

async function board(orderId: string) {
  const res = await call(s.url, 'GET', `/api/orders/${orderId}`, { headers: staff })
  expect(res.status).toBe(200)
  return res.body.data
}

describe('Stripe through the shop', () => {
  it('the checkout opens a Checkout Session for the order and answers with its URL', async () => {
    const before = replay.requests.length
    const order = await createOnlineOrder(s.url)
    expect(order.paymentRedirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/)
    const sent = replay.requests.slice(before)
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions'])
    expect(sent[0]!.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'chf',
      'line_items[0][price_data][unit_amount]': String(order.totalGross),
      'line_items[0][price_data][product_data][name]': 'Testfiliale',
      client_reference_id: order.id,
      'metadata[orderId]': order.id,
      'metadata[uid]': order.uid,
      customer_email: 'anna@example.com',
      locale: 'de',
      success_url: `${s.url}/status/${order.uid}/${order.hash}`,
      cancel_url: `${s.url}/store/filiale-b1/checkout/error`,
    })
    const [created] = await orderEvents(s.db.db, order.id)
    expect(created!.data.payment).toEqual({
      provider: 'stripe',
      sessionId: sessionOf(order),
      redirectUrl: order.paymentRedirectUrl,
    })
  })

  it('a catalogue change while Stripe opens the session: the order is checked again and keeps that one session', async () => {
    const { rows } = await sql<{ id: string; version: number; data: Record<string, unknown> }>`
      SELECT id, version, data FROM rm_resources WHERE type = 'product' AND data->>'uid' = 'gipfeli'`.execute(
      s.db.db,
    )
    const gipfeli = rows[0]!
    let changed = false
    // A staff edit commits between pricing and storing: the append's guard refuses, the checkout
    // tries again on the new catalogue with the same amount.
    replay.hooks.beforeAnswer = async () => {
      if (changed) return
      changed = true
      await updateResource({
        db: s.db.db,
        bus: s.bus,
        type: 'product',
        id: gipfeli.id,
        version: gipfeli.version,
        actor: { kind: 'system' },
        data: { ...gipfeli.data, description: 'frisch' },
      })
    }
    try {
      const sessionsBefore = replay.sessions.size
      const before = replay.requests.length
      const order = await createOnlineOrder(s.url)
      expect(changed).toBe(true)
      expect(replay.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v1/checkout/sessions',
      ])
      expect(replay.sessions.size).toBe(sessionsBefore + 1)
      const events = await orderEvents(s.db.db, order.id)
      expect(events.map((e) => e.type)).toEqual(['OrderCreated'])
      expect(events[0]!.data.payment.sessionId).toBe(sessionOf(order))
      expect(replay.sessions.get(sessionOf(order))?.metadata.orderId).toBe(order.id)
    } finally {
      replay.hooks.beforeAnswer = undefined
    }
  })

  it('checkout.session.completed → paid, with the payment intent; the same event again changes nothing', async () => {
    const order = await createOnlineOrder(s.url)
    replay.settle(sessionOf(order), 'paid')
    const event = replay.event('checkout.session.completed', sessionOf(order))
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, applied: true } })
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, applied: false } })
    expect(await board(order.id)).toMatchObject({ paymentStatus: 'paid', isPaid: true })
    const events = await orderEvents(s.db.db, order.id)
    expect(events.map((e) => e.type)).toEqual(['OrderCreated', 'OrderPaid'])
    expect(events[1]!.data).toMatchObject({
      actor: { kind: 'system', name: 'stripe' },
      reference: fixture('checkout-session.completed').payment_intent.id,
    })
  })

  it('checkout.session.expired → failed (payment canceled)', async () => {
    const order = await createOnlineOrder(s.url)
    replay.settle(sessionOf(order), 'expired')
    expect((await deliver(replay.event('checkout.session.expired', sessionOf(order)))).status).toBe(200)
    expect(await board(order.id)).toMatchObject({ status: 'failed', failureReason: PAYMENT_CANCELED_REASON })
  })

  it('a delayed method: completed (unpaid) waits, async_payment_failed → failed', async () => {
    const order = await createOnlineOrder(s.url)
    replay.settle(sessionOf(order), 'async-failed')
    expect(await deliver(replay.event('checkout.session.completed', sessionOf(order)))).toEqual({
      status: 200,
      body: { received: true, applied: false },
    })
    expect(await board(order.id)).toMatchObject({ paymentStatus: 'awaiting', version: 1 })
    expect(
      (await deliver(replay.event('checkout.session.async_payment_failed', sessionOf(order)))).status,
    ).toBe(200)
    expect(await board(order.id)).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
      failureReason: PAYMENT_FAILED_REASON,
    })
  })

  it('refuses a webhook signed with another secret or too old: 400, nothing changes', async () => {
    const order = await createOnlineOrder(s.url)
    replay.settle(sessionOf(order), 'paid')
    for (const event of [
      replay.event('checkout.session.completed', sessionOf(order), { secret: 'whsec_attacker' }),
      replay.event('checkout.session.completed', sessionOf(order), {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    ]) {
      const res = await deliver(event)
      expect(res.status).toBe(400)
      expect(res.body.errors[0].field).toBe('signature')
    }
    expect((await orderEvents(s.db.db, order.id)).map((e) => e.type)).toEqual(['OrderCreated'])
  })

  it('update-payment-status: the webhook never came, the staff asks Stripe, the order is paid', async () => {
    const order = await createOnlineOrder(s.url)
    const path = `/api/orders/${order.id}/update-payment-status`
    const open = await call(s.url, 'POST', path, { headers: staff })
    expect(open.status).toBe(200)
    expect(open.body.data).toMatchObject({ paymentStatus: 'awaiting', version: 1 })

    replay.settle(sessionOf(order), 'paid')
    const before = replay.requests.length
    const paid = await call(s.url, 'POST', path, { headers: staff })
    expect(paid.status).toBe(200)
    expect(paid.body.data).toMatchObject({ id: order.id, paymentStatus: 'paid', isPaid: true, version: 2 })
    expect(replay.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${sessionOf(order)}`,
    ])
    // The webhook arriving late changes nothing.
    expect((await deliver(replay.event('checkout.session.completed', sessionOf(order)))).body.applied).toBe(
      false,
    )
    expect((await orderEvents(s.db.db, order.id)).map((e) => e.type)).toEqual(['OrderCreated', 'OrderPaid'])
  })

  it('update-payment-status answers 502 when Stripe does not know the session', async () => {
    const order = await createOnlineOrder(s.url)
    replay.sessions.delete(sessionOf(order))
    const res = await call(s.url, 'POST', `/api/orders/${order.id}/update-payment-status`, { headers: staff })
    expect(res.status).toBe(502)
    expect(res.body.errors[0].message).toContain('nicht erreichbar')
    expect((await orderEvents(s.db.db, order.id)).map((e) => e.type)).toEqual(['OrderCreated'])
  })
})

describe('Stripe refunds through the shop (issue 18 item 6)', () => {
  const paidOrder = async () => {
    const order = await createOnlineOrder(s.url)
    replay.settle(sessionOf(order), 'paid')
    expect((await deliver(replay.event('checkout.session.completed', sessionOf(order)))).status).toBe(200)
    return order
  }
  const cancel = (orderId: string) =>
    call(s.url, 'POST', `/api/orders/${orderId}/status/cancel`, { headers: staff, body: {} })
  const types = async (orderId: string) => (await orderEvents(s.db.db, orderId)).map((e) => e.type)
  const refundCalls = (orderId: string) =>
    replay.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/refunds' && r.form['metadata[orderId]'] === orderId,
    )

  it('a canceled Stripe order: POST /v1/refunds for the payment intent, once, recorded with the refund id', async () => {
    const order = await paidOrder()
    expect((await cancel(order.id)).status).toBe(200)
    await expect.poll(() => types(order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    const sent = refundCalls(order.id)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund-${order.id}-1-1`)
    expect(sent[0]!.form).toMatchObject({
      payment_intent: fixture('checkout-session.completed').payment_intent.id,
      amount: '1410',
      'metadata[refund]': `${order.id}-1`,
    })
    const made = [...replay.refunds.values()].filter((r) => r.metadata.orderId === order.id)
    expect(made).toHaveLength(1)
    const recorded = (await orderEvents(s.db.db, order.id)).at(-1)!
    expect(recorded.data).toMatchObject({ refundNumber: 1, amount: 1410, reference: made[0].id })
    expect(await board(order.id)).toMatchObject({ paymentStatus: 'refunded', isRefunded: true })
  })

  it('Stripe refuses (charge already refunded): failed with Stripe’s words; the retry checks, then refunds', async () => {
    const order = await paidOrder()
    replay.nextRefunds.push('already-refunded')
    expect((await cancel(order.id)).status).toBe(200)
    await expect.poll(() => types(order.id), { timeout: 15_000 }).toContain('OrderRefundFailed')
    const failed = await board(order.id)
    expect(failed.refunds[0]).toMatchObject({
      status: 'failed',
      failureReason: fixture('error.charge-already-refunded').error.message,
    })
    const before = replay.requests.length
    const retry = await call(s.url, 'POST', `/api/orders/${order.id}/refunds/1/retry`, {
      headers: staff,
      body: { version: failed.version },
    })
    expect(retry.status).toBe(200)
    await expect.poll(() => types(order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    const after = replay.requests.slice(before).filter((r) => r.path === '/v1/refunds')
    expect(after.map((r) => r.method)).toEqual(['GET', 'POST'])
    expect(after[1]!.headers['idempotency-key']).toBe(`refund-${order.id}-1-2`)
    expect([...replay.refunds.values()].filter((r) => r.metadata.orderId === order.id)).toHaveLength(1)
  })
})
