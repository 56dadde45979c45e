import { startTestStack, TEST_BRANCH, TEST_PAYMENTS_SECRET, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../testing/staff-session.ts'
import { PAYMENT_CANCELED_REASON, PAYMENT_FAILED_REASON } from './apply.ts'
import {
  parseTestSessionId,
  signTestWebhook,
  TEST_SIGNATURE_HEADER,
  type TestWebhookBody,
} from './test-provider.ts'
import { createOnlineOrder, orderEvents } from './testing/orders.ts'

// The built-in test provider end to end on the real PostgreSQL and NATS: the checkout opens a
// session, the customer's browser uses the hosted page, the page delivers a signed webhook over
// HTTP, the order records the outcome; and every way a webhook can be wrong or repeated.

let s: TestStack
const staff = { 'x-api-key': TEST_BRANCH.apiKey }
const otherBranch = { 'x-api-key': 'k-other-branch-key' }
const ERROR_ROUTE = () => `${s.url}/store/filiale-b1/checkout/error`

beforeAll(async () => {
  // Orders from one address with one contact, several left open: the order limits are lifted
  // here (limits/rate-limits.int.test.ts proves them).
  s = await startTestStack({
    notifier: false,
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
})
afterAll(async () => {
  await s?.close()
})

const sessionOf = (order: Record<string, any>) =>
  String(order.paymentRedirectUrl).split('/payments/test/')[1]!

/** What the customer's browser does on the hosted page: press a button, follow no redirect. */
async function press(order: Record<string, any>, action: string) {
  return fetch(`${order.paymentRedirectUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  })
}

/** A webhook as the test provider would send it, signed `secondsAgo` in the past. */
function webhook(
  order: Record<string, any>,
  outcome: 'paid' | 'failed' | 'canceled',
  opts: { secondsAgo?: number; secret?: string; id?: string } = {},
) {
  const created = Math.floor(Date.now() / 1000) - (opts.secondsAgo ?? 0)
  const sessionId = sessionOf(order)
  const event: TestWebhookBody = {
    id: opts.id ?? `tpevt_${Math.random().toString(16).slice(2)}`,
    type: `payment.${outcome}`,
    created,
    sessionId,
    orderId: order.id,
    reference: outcome === 'paid' ? `tpr_${parseTestSessionId(sessionId)!.nonce}` : null,
  }
  const body = JSON.stringify(event)
  return { body, signature: signTestWebhook(opts.secret ?? TEST_PAYMENTS_SECRET, body, created) }
}

async function deliver(hook: { body: string; signature?: string | undefined }, provider = 'test') {
  const res = await fetch(`${s.url}/api/payments/webhook/${provider}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(hook.signature === undefined ? {} : { [TEST_SIGNATURE_HEADER]: hook.signature }),
    },
    body: hook.body,
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

async function board(orderId: string) {
  const res = await call(s.url, 'GET', `/api/orders/${orderId}`, { headers: staff })
  expect(res.status).toBe(200)
  return res.body.data
}

/** Polls until `probe` answers something (the projections follow the events shortly). */
async function eventually<T>(probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('still not there')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const typesOf = async (orderId: string) => (await orderEvents(s.db.db, orderId)).map((e) => e.type)

describe('the hosted test payment page', () => {
  it('the checkout opens a test session and answers with the page to pay on', async () => {
    const order = await createOnlineOrder(s.url)
    expect(order).toMatchObject({
      paymentMethod: 'stripe',
      paymentStatus: 'awaiting',
      isPaid: false,
      version: 1,
    })
    expect(order.paymentRedirectUrl).toMatch(
      new RegExp(`^${s.url}/payments/test/tp_${order.id}_[0-9a-f]{32}$`),
    )
    const [created] = await orderEvents(s.db.db, order.id)
    expect(created!.data).toMatchObject({
      isOnlinePayment: true,
      payment: { provider: 'test', sessionId: sessionOf(order), redirectUrl: order.paymentRedirectUrl },
    })

    const page = await fetch(order.paymentRedirectUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('Testfiliale')
    expect(html).toMatch(/CHF\s14\.10/)
    for (const label of ['Bezahlen', 'Zahlung fehlschlagen lassen', 'Abbrechen'])
      expect(html).toContain(label)
    for (const action of ['pay', 'fail', 'cancel'])
      expect(html).toContain(`action="/payments/test/${sessionOf(order)}/${action}"`)
  })

  it('pay: webhook → order paid (system actor, reference), browser sent to the status page', async () => {
    const order = await createOnlineOrder(s.url)
    const res = await press(order, 'pay')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${s.url}/status/${order.uid}/${order.hash}`)
    const after = await board(order.id)
    expect(after).toMatchObject({
      paymentStatus: 'paid',
      isPaid: true,
      status: 'awaitingConfirmation',
      version: 2,
    })
    const events = await orderEvents(s.db.db, order.id)
    expect(events.map((e) => e.type)).toEqual(['OrderCreated', 'OrderPaid'])
    expect(events[1]!.data).toMatchObject({
      actor: { kind: 'system', name: 'test' },
      reference: `tpr_${parseTestSessionId(sessionOf(order))!.nonce}`,
    })
    // The customer's status view (a projection: it follows shortly) no longer offers the link.
    const pub = await eventually(async () => {
      const res = await call(s.url, 'GET', `/api/orders/public/${order.uid}/${order.hash}`)
      return res.status === 200 && res.body.data.version === 2 ? res.body.data : undefined
    })
    expect(pub).toMatchObject({ isPaid: true, paymentRedirectUrl: null })

    // Back button, second click: the page says it is done; pressing again changes nothing.
    const page = await (await fetch(order.paymentRedirectUrl)).text()
    expect(page).toContain('bereits abgeschlossen')
    expect(page).not.toContain('Zahlung fehlschlagen lassen')
    const again = await press(order, 'fail')
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe(`${s.url}/status/${order.uid}/${order.hash}`)
    expect(await typesOf(order.id)).toEqual(['OrderCreated', 'OrderPaid'])
  })

  it('fail: the order fails (payment failed), the browser goes to the checkout error route', async () => {
    const order = await createOnlineOrder(s.url)
    const res = await press(order, 'fail')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(ERROR_ROUTE())
    expect(await board(order.id)).toMatchObject({
      status: 'failed',
      paymentStatus: 'failed',
      isFailed: true,
      failureReason: PAYMENT_FAILED_REASON,
    })
  })

  it('cancel: the order fails with reason canceled, the browser goes to the checkout error route', async () => {
    const order = await createOnlineOrder(s.url)
    const res = await press(order, 'cancel')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(ERROR_ROUTE())
    expect(await board(order.id)).toMatchObject({ status: 'failed', failureReason: PAYMENT_CANCELED_REASON })
    expect(await typesOf(order.id)).toEqual(['OrderCreated', 'OrderFailed'])
  })

  it('answers 404 for sessions it never made, a session the order does not carry, unknown actions', async () => {
    const order = await createOnlineOrder(s.url)
    const foreign = `tp_${order.id}_${'0'.repeat(32)}`
    for (const path of [
      '/payments/test/tp_nonsense',
      `/payments/test/tp_00000000-0000-4000-8000-000000000000_${'a'.repeat(32)}`,
      `/payments/test/${foreign}`,
    ]) {
      const res = await fetch(`${s.url}${path}`)
      expect(res.status, path).toBe(404)
      expect(await res.text()).toContain('Zahlung nicht gefunden')
    }
    expect((await fetch(`${s.url}/payments/test/${foreign}/pay`, { method: 'POST' })).status).toBe(404)
    expect((await press(order, 'refund')).status).toBe(404)
    expect(await typesOf(order.id)).toEqual(['OrderCreated'])
  })
})

describe('POST /api/payments/webhook/:provider', () => {
  it('the same delivery twice: one event, both answered 200', async () => {
    const order = await createOnlineOrder(s.url)
    const hook = webhook(order, 'paid')
    const first = await deliver(hook)
    const second = await deliver(hook)
    expect(first).toEqual({ status: 200, body: { received: true, applied: true } })
    expect(second).toEqual({ status: 200, body: { received: true, applied: false } })
    expect(await typesOf(order.id)).toEqual(['OrderCreated', 'OrderPaid'])
  })

  it('concurrent copies (same delivery, and other deliveries of the same outcome): one event', async () => {
    const order = await createOnlineOrder(s.url)
    const hook = webhook(order, 'paid')
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => deliver(hook)),
      ...Array.from({ length: 2 }, () => deliver(webhook(order, 'paid'))),
    ])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(await typesOf(order.id)).toEqual(['OrderCreated', 'OrderPaid'])

    // paid and failed racing: the money is recorded exactly once whichever lands first. Paid
    // first: the failure changes nothing. Failed first: the late payment is still recorded
    // (docs/payments.md), so the shop can refund it. Never two of the same event.
    for (let round = 0; round < 5; round++) {
      const raced = await createOnlineOrder(s.url)
      const answers = await Promise.all([deliver(webhook(raced, 'paid')), deliver(webhook(raced, 'failed'))])
      expect(answers.map((r) => r.status)).toEqual([200, 200])
      const types = await typesOf(raced.id)
      // A payment after the failure is refunded at once (its request in the same append).
      const recorded = types.filter((type) => !type.startsWith('OrderRefund'))
      expect([
        ['OrderCreated', 'OrderPaid'],
        ['OrderCreated', 'OrderFailed', 'OrderPaid'],
      ]).toContainEqual(recorded)
      expect(types.includes('OrderRefundRequested')).toBe(recorded.includes('OrderFailed'))
    }
  })

  it('refuses a forged, unsigned, stale or future-dated webhook with 400 and changes nothing', async () => {
    const order = await createOnlineOrder(s.url)
    const good = webhook(order, 'paid')
    const cases = {
      'wrong secret': webhook(order, 'paid', { secret: 'not-the-secret' }),
      'no signature': { body: good.body, signature: undefined },
      'changed body': {
        body: good.body.replace('"payment.paid"', '"payment.failed"'),
        signature: good.signature,
      },
      'stale (10 min)': webhook(order, 'paid', { secondsAgo: 600 }),
      'future (10 min)': webhook(order, 'paid', { secondsAgo: -600 }),
      garbage: { body: 'not json', signature: 't=1,v1=00' },
    }
    for (const [name, hook] of Object.entries(cases)) {
      const res = await deliver(hook)
      expect(res.status, name).toBe(400)
      expect(res.body.errors[0], name).toMatchObject({
        field: 'signature',
        message: 'Die Signatur der Zahlungsmeldung ist ungültig.',
      })
    }
    expect(await typesOf(order.id)).toEqual(['OrderCreated'])
    expect((await board(order.id)).version).toBe(1)
  })

  it('answers 404 for a provider this process does not have (no Stripe keys here)', async () => {
    const order = await createOnlineOrder(s.url)
    for (const provider of ['stripe', 'paypal']) {
      const res = await deliver(webhook(order, 'paid'), provider)
      expect(res.status).toBe(404)
      expect(res.body.errors[0].field).toBe('provider')
    }
    expect(await typesOf(order.id)).toEqual(['OrderCreated'])
  })

  it('reads the body raw whatever its content type; the rest of the API keeps its JSON parsing', async () => {
    const order = await createOnlineOrder(s.url)
    const hook = webhook(order, 'paid')
    const plain = await fetch(`${s.url}/api/payments/webhook/test`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', [TEST_SIGNATURE_HEADER]: hook.signature },
      body: hook.body,
    })
    expect(plain.status).toBe(200)
    expect(await typesOf(order.id)).toEqual(['OrderCreated', 'OrderPaid'])
    const bare = await fetch(`${s.url}/api/payments/webhook/test`, {
      method: 'POST',
      headers: { [TEST_SIGNATURE_HEADER]: hook.signature },
      body: new Blob([hook.body]),
    })
    expect(bare.status).toBe(200)
    const empty = await fetch(`${s.url}/api/payments/webhook/test`, { method: 'POST' })
    expect(empty.status).toBe(400)

    const res = await fetch(`${s.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    })
    expect(res.status).toBe(400)
  })

  it('out of order: failed after paid changes nothing; paid after failed is recorded (refundable)', async () => {
    const paid = await createOnlineOrder(s.url)
    expect((await deliver(webhook(paid, 'paid'))).status).toBe(200)
    for (const outcome of ['failed', 'canceled'] as const) {
      expect(await deliver(webhook(paid, outcome))).toEqual({
        status: 200,
        body: { received: true, applied: false },
      })
    }
    expect(await board(paid.id)).toMatchObject({ paymentStatus: 'paid', status: 'awaitingConfirmation' })
    expect(await typesOf(paid.id)).toEqual(['OrderCreated', 'OrderPaid'])

    const failed = await createOnlineOrder(s.url)
    expect((await deliver(webhook(failed, 'failed'))).status).toBe(200)
    // The provider took the money after all: the shop records it (to refund it); the order
    // stays failed, and the same notice again changes nothing.
    expect(await deliver(webhook(failed, 'paid'))).toEqual({
      status: 200,
      body: { received: true, applied: true },
    })
    expect(await deliver(webhook(failed, 'paid'))).toEqual({
      status: 200,
      body: { received: true, applied: false },
    })
    // Recorded, and its refund asked for in the same append (the refund process may have made it).
    expect(await board(failed.id)).toMatchObject({ status: 'failed', isPaid: true })
    expect((await typesOf(failed.id)).slice(0, 4)).toEqual([
      'OrderCreated',
      'OrderFailed',
      'OrderPaid',
      'OrderRefundRequested',
    ])
  })

  it('a payment that arrives after the shop canceled the order is still recorded (refundable)', async () => {
    const order = await createOnlineOrder(s.url)
    const cancel = await call(s.url, 'POST', `/api/orders/${order.id}/status/cancel`, {
      headers: staff,
      body: { version: 1 },
    })
    expect(cancel.status).toBe(200)
    expect((await deliver(webhook(order, 'paid'))).body).toEqual({ received: true, applied: true })
    expect(await board(order.id)).toMatchObject({ status: 'canceled', isPaid: true })
    // The money goes back: refund 1, asked for with the payment (refunds.int.test.ts follows it).
    expect((await orderEvents(s.db.db, order.id))[3]).toMatchObject({
      type: 'OrderRefundRequested',
      data: { refundNumber: 1, amount: 1410, reason: 'latePayment' },
    })
    // A late failure for it changes nothing.
    expect((await deliver(webhook(order, 'failed'))).body.applied).toBe(false)
  })

  it('ignores a signed notice for a session the order does not carry', async () => {
    const order = await createOnlineOrder(s.url)
    const other = { ...order, paymentRedirectUrl: `${s.url}/payments/test/tp_${order.id}_${'b'.repeat(32)}` }
    expect(await deliver(webhook(other, 'paid'))).toEqual({
      status: 200,
      body: { received: true, applied: false },
    })
    expect(await typesOf(order.id)).toEqual(['OrderCreated'])
  })
})

describe('POST /api/orders/:id/update-payment-status', () => {
  it('asks the provider and answers the order; staff only, own branch only', async () => {
    const order = await createOnlineOrder(s.url)
    const path = `/api/orders/${order.id}/update-payment-status`
    expect((await call(s.url, 'POST', path)).status).toBe(401)
    expect((await call(s.url, 'POST', path, { headers: otherBranch })).status).toBe(403)

    const pending = await call(s.url, 'POST', path, { headers: staff })
    expect(pending.status).toBe(200)
    expect(pending.body.data).toMatchObject({
      id: order.id,
      paymentStatus: 'awaiting',
      isPaid: false,
      version: 1,
    })

    expect((await press(order, 'pay')).status).toBe(303)
    const paid = await call(s.url, 'POST', path, { headers: staff, body: {} })
    expect(paid.status).toBe(200)
    expect(paid.body.data).toMatchObject({ id: order.id, paymentStatus: 'paid', isPaid: true, version: 2 })
    // The staff view of the order: never the customer's status-link hash (docs/security.md).
    expect(paid.body.data).not.toHaveProperty('hash')
    expect(await typesOf(order.id)).toEqual(['OrderCreated', 'OrderPaid'])
  })

  it('answers 409 for an order paid offline and 404 for an unknown order', async () => {
    const cash = await createOnlineOrder(s.url, { paymentMethod: 'cash' })
    const res = await call(s.url, 'POST', `/api/orders/${cash.id}/update-payment-status`, { headers: staff })
    expect(res.status).toBe(409)
    expect(res.body.errors[0]).toMatchObject({ field: 'paymentMethod' })
    expect(res.body.errors[0].message).toContain('nicht online bezahlt')
    const unknown = await call(
      s.url,
      'POST',
      '/api/orders/00000000-0000-4000-8000-000000000000/update-payment-status',
      {
        headers: staff,
      },
    )
    expect(unknown.status).toBe(404)
    expect(await typesOf(cash.id)).toEqual(['OrderCreated'])
  })
})
