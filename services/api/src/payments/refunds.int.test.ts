import { startTestStack, TEST_BRANCH, TEST_PAYMENTS_SECRET, type TestStack } from '@shop/all-in-one/testing'
import { MemoryBus, readersBehind, silentLogger, withLimits } from '@shop/kit'
import { createTestDatabase, type TestDatabase, uniqueSubjectRoot } from '@shop/kit/testing'
import { resourceBranchDirectory } from '@shop/read-models'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { seedTestCatalogue } from '../testing/catalogue.ts'
import { call } from '../testing/staff-session.ts'
import { createPayments, PaymentProviderError, type Payments, serverUrlOf } from './index.ts'
import { type RefundProcess, startRefunds } from './refunds.ts'
import type { TestProvider } from './test-provider.ts'
import { createOnlineOrder, orderEvents } from './testing/orders.ts'

// Issue 18 item 6: a paid online order that is canceled, rejected or made cheaper gets its money
// back through the payment provider (here the built-in test provider), exactly once, recorded as
// events, shown to the customer and to staff; a failed refund is retried by staff.

const staff = { 'x-api-key': TEST_BRANCH.apiKey }
const LIMITS = { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } }

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

const typesOf = async (db: TestDatabase, orderId: string) =>
  (await orderEvents(db.db, orderId)).map((e) => e.type)

describe('refunds through the shop (PostgreSQL, NATS, the refund process in the API)', () => {
  let s: TestStack
  let provider: TestProvider
  beforeAll(async () => {
    s = await startTestStack({ notifier: false, limits: LIMITS })
    provider = s.payments.testProvider!
  })
  afterAll(async () => {
    await s?.close()
  })

  const board = async (orderId: string) => {
    const res = await call(s.url, 'GET', `/api/orders/${orderId}`, { headers: staff })
    expect(res.status).toBe(200)
    return res.body.data
  }
  const cancel = (orderId: string) =>
    call(s.url, 'POST', `/api/orders/${orderId}/status/cancel`, {
      headers: staff,
      body: { message: 'Ofen defekt' },
    })

  it('cancel a paid order: one refund at the provider, OrderRefunded, the views say refunded', async () => {
    const order = await createOnlineOrder(s.url)
    await pay(order)
    const canceled = await cancel(order.id)
    expect(canceled.status).toBe(200)
    // The answer already carries the refund asked for (the request is in the cancel's append).
    expect(canceled.body.data.refund).toMatchObject({
      status: 'pending',
      pendingAmount: 1410,
      paidAmount: 1410,
    })

    await expect.poll(() => typesOf(s.db, order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    expect(await typesOf(s.db, order.id)).toEqual([
      'OrderCreated',
      'OrderPaid',
      'OrderCanceled',
      'OrderRefundRequested',
      'OrderRefunded',
    ])
    const made = provider.refundsOf(order.id)
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ amount: 1410, currency: 'CHF', idempotencyKey: `refund-${order.id}-1-1` })
    const events = await orderEvents(s.db.db, order.id)
    expect(events[4]!.data).toMatchObject({
      refundNumber: 1,
      attempt: 1,
      amount: 1410,
      reference: made[0]!.id,
      actor: { kind: 'system', name: 'test' },
    })

    expect(await board(order.id)).toMatchObject({
      status: 'canceled',
      paymentStatus: 'refunded',
      isPaid: true,
      isRefunded: true,
      refund: { status: 'refunded', refundedAmount: 1410, pendingAmount: 0, failedAmount: 0 },
      refunds: [
        { refundNumber: 1, amount: 1410, status: 'refunded', reason: 'canceled', reference: made[0]!.id },
      ],
    })
    // The customer's status page reads the orders projection: it follows.
    await expect
      .poll(
        async () =>
          (await call(s.url, 'GET', `/api/orders/public/${order.uid}/${order.hash}`)).body.data?.isRefunded,
        { timeout: 15_000 },
      )
      .toBe(true)
    const pub = (await call(s.url, 'GET', `/api/orders/public/${order.uid}/${order.hash}`)).body.data
    expect(pub.refund).toEqual({
      status: 'refunded',
      paidAmount: 1410,
      refundedAmount: 1410,
      pendingAmount: 0,
      failedAmount: 0,
    })
    // The timeline names the refund's amount and the provider's reference.
    const timeline = (await call(s.url, 'GET', `/api/orders/${order.id}/events`, { headers: staff })).body
      .data
    expect(timeline.at(-1)).toMatchObject({
      type: 'OrderRefunded',
      details: { refundNumber: 1, amount: 1410, reference: made[0]!.id },
    })
  })

  it('a rejected paid order is refunded too; a cash order asks for nothing', async () => {
    const order = await createOnlineOrder(s.url)
    await pay(order)
    const rejected = await call(s.url, 'POST', `/api/orders/${order.id}/status/reject`, {
      headers: staff,
      body: { message: 'Heute ausverkauft' },
    })
    expect(rejected.status).toBe(200)
    await expect.poll(() => typesOf(s.db, order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    expect((await orderEvents(s.db.db, order.id))[3]!.data).toMatchObject({
      reason: 'rejected',
      amount: 1410,
    })

    const cash = await createOnlineOrder(s.url, { paymentMethod: 'cash' })
    expect((await cancel(cash.id)).body.data.refund).toBeNull()
    expect(await typesOf(s.db, cash.id)).toEqual(['OrderCreated', 'OrderCanceled'])
  })

  it('a refused refund is visible with the reason; staff retry it and it is made once', async () => {
    const order = await createOnlineOrder(s.url)
    await pay(order)
    provider.refuseNextRefund(order.id, 'Card account closed')
    expect((await cancel(order.id)).status).toBe(200)
    await expect.poll(() => typesOf(s.db, order.id), { timeout: 15_000 }).toContain('OrderRefundFailed')
    const failed = await board(order.id)
    expect(failed).toMatchObject({
      paymentStatus: 'paid',
      isRefunded: false,
      refund: { status: 'failed', failedAmount: 1410, refundedAmount: 0 },
      refunds: [{ refundNumber: 1, status: 'failed', failureReason: 'Card account closed', attempt: 1 }],
    })
    expect(provider.refundsOf(order.id)).toHaveLength(0)

    // Who may retry: staff of the branch only; the refund must exist and have failed.
    const path = `/api/orders/${order.id}/refunds/1/retry`
    expect((await call(s.url, 'POST', path, { body: {} })).status).toBe(401)
    expect(
      (await call(s.url, 'POST', path, { headers: { 'x-api-key': 'k-other-branch-key' }, body: {} })).status,
    ).toBe(403)
    const unknown = await call(s.url, 'POST', `/api/orders/${order.id}/refunds/x/retry`, {
      headers: staff,
      body: {},
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.errors[0]).toMatchObject({
      field: 'refundNumber',
      message: 'Diese Rückerstattung gibt es nicht.',
    })
    const none = await call(s.url, 'POST', `/api/orders/${order.id}/refunds/2/retry`, {
      headers: staff,
      body: {},
    })
    expect(none.status).toBe(409)
    expect((await call(s.url, 'POST', path, { headers: staff, body: { version: 1 } })).status).toBe(409)
    expect((await call(s.url, 'POST', path, { headers: staff, body: { extra: 1 } })).status).toBe(400)

    const retried = await call(s.url, 'POST', path, { headers: staff, body: { version: failed.version } })
    expect(retried.status).toBe(200)
    expect(retried.body.data.refund).toMatchObject({ status: 'pending', pendingAmount: 1410 })
    await expect.poll(() => typesOf(s.db, order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    expect(await typesOf(s.db, order.id)).toEqual([
      'OrderCreated',
      'OrderPaid',
      'OrderCanceled',
      'OrderRefundRequested',
      'OrderRefundFailed',
      'OrderRefundRequested',
      'OrderRefunded',
    ])
    // The refused key keeps its answer: the retry asked with the next one, and got the money back once.
    const made = provider.refundsOf(order.id)
    expect(made).toHaveLength(1)
    expect(made[0]!.idempotencyKey).toBe(`refund-${order.id}-1-2`)
    expect(await board(order.id)).toMatchObject({ paymentStatus: 'refunded', isRefunded: true })
    // Paid back: nothing more to retry.
    expect((await call(s.url, 'POST', path, { headers: staff, body: {} })).status).toBe(409)
  })

  it('an item of a paid order made cheaper: the difference goes back, the order stays paid', async () => {
    const order = await createOnlineOrder(s.url)
    await pay(order)
    const gipfeli = order.items.find((i: { name: string }) => i.name === 'Gipfeli')
    const change = (amount: number, version?: number) =>
      call(s.url, 'PUT', `/api/orders/${order.id}/items/${gipfeli.itemId}`, {
        headers: staff,
        body: { amount, ...(version ? { version } : {}) },
      })
    // More than was paid: refused, nothing changes.
    const more = await change(5)
    expect(more.status).toBe(409)
    expect(more.body.errors[0].message).toMatch(/kann nicht mehr kosten, als bezahlt wurde/)

    const less = await change(3)
    expect(less.status).toBe(200)
    expect(less.body.data).toMatchObject({
      totalGross: 1230,
      refund: { status: 'pending', pendingAmount: 180 },
    })
    await expect.poll(() => typesOf(s.db, order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    expect(provider.refundsOf(order.id).map((r) => r.amount)).toEqual([180])
    expect(await board(order.id)).toMatchObject({
      status: 'awaitingConfirmation',
      paymentStatus: 'paid',
      isRefunded: false,
      refund: { status: 'partial', paidAmount: 1410, refundedAmount: 180 },
      refunds: [{ refundNumber: 1, amount: 180, reason: 'itemChanged', status: 'refunded' }],
    })

    // Canceled afterwards: the rest goes back, and then all of it is.
    expect((await cancel(order.id)).status).toBe(200)
    await expect.poll(async () => (await board(order.id)).isRefunded, { timeout: 15_000 }).toBe(true)
    expect(provider.refundsOf(order.id).map((r) => r.amount)).toEqual([180, 1230])
    expect((await board(order.id)).refund).toMatchObject({ status: 'refunded', refundedAmount: 1410 })
  })
})

describe('the refund process stopped and started (exactly once)', () => {
  let db: TestDatabase
  let app: FastifyInstance
  let url: string
  let payments: Payments
  const bus = new MemoryBus(uniqueSubjectRoot())
  const processes: RefundProcess[] = []
  // Events become readable once every older transaction of the server ended (the commit-safe
  // horizon): a process may see a request a moment after it committed, so the tests poll.
  const start = (checkpoint: string) => {
    const process = startRefunds({ db: db.db, bus, log: silentLogger, payments, checkpoint, idlePollMs: 100 })
    processes.push(process)
    return process
  }
  const refundedEvents = async (orderId: string) =>
    (await orderEvents(db.db, orderId)).filter((e) => e.type === 'OrderRefunded')

  beforeAll(async () => {
    db = await createTestDatabase({ max: 4 })
    await seedTestCatalogue({ db: db.db, bus }, [TEST_BRANCH])
    payments = createPayments({
      env: { PAYMENTS_TEST_SECRET: TEST_PAYMENTS_SECRET },
      testProvider: true,
      serverUrl: () => serverUrlOf(app.server),
    })
    app = await buildApp({
      db: db.db,
      bus,
      branches: resourceBranchDirectory(db.db, [TEST_BRANCH]),
      log: silentLogger,
      payments,
      // This test plays the refund process itself: none in the API.
      refunds: false,
      limits: withLimits({ rateLimits: false, ...LIMITS }),
      storefrontRoot: false,
      backofficeRoot: false,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    url = serverUrlOf(app.server)!
  })
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()))
    await app?.close()
    await db?.drop()
  })

  const paidAndCanceled = async () => {
    const order = await createOnlineOrder(url)
    await pay(order)
    const res = await call(url, 'POST', `/api/orders/${order.id}/status/cancel`, { headers: staff, body: {} })
    expect(res.status).toBe(200)
    return order
  }

  it('canceled while no refund process ran: the next one to start refunds it; a restart adds nothing', async () => {
    const order = await paidAndCanceled()
    expect(await typesOf(db, order.id)).toEqual([
      'OrderCreated',
      'OrderPaid',
      'OrderCanceled',
      'OrderRefundRequested',
    ])
    const first = start('refunds-late')
    await expect.poll(() => typesOf(db, order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    await first.stop()
    // Started again from the same checkpoint (and once more from the first event): nothing more.
    const again = start('refunds-late')
    const fromStart = start('refunds-late-2')
    // Both have read every event (the refund's too): they asked nobody again.
    await expect
      .poll(() => readersBehind(db.db, ['refunds-late', 'refunds-late-2']), { timeout: 15_000 })
      .toEqual([])
    expect(await refundedEvents(order.id)).toHaveLength(1)
    expect(payments.testProvider!.refundsOf(order.id)).toHaveLength(1)
    await Promise.all([again.stop(), fromStart.stop()])
  })

  it('died after the provider refunded, before the event: the next process records that refund, not a second', async () => {
    const order = await paidAndCanceled()
    const test = payments.testProvider!
    const refund = test.refund
    // The process dies right after the provider's answer, before it is recorded (each try).
    test.refund = async (input) => {
      await refund(input)
      throw new Error('process killed')
    }
    try {
      const dying = start('refunds-crash')
      await expect.poll(() => test.refundsOf(order.id).length, { timeout: 15_000 }).toBe(1)
      await dying.stop()
    } finally {
      test.refund = refund
    }
    expect(await typesOf(db, order.id)).not.toContain('OrderRefunded')

    const next = start('refunds-crash')
    await expect.poll(() => typesOf(db, order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    const made = test.refundsOf(order.id)
    expect(made).toHaveLength(1)
    const recorded = await refundedEvents(order.id)
    expect(recorded).toHaveLength(1)
    expect(recorded[0]!.data.reference).toBe(made[0]!.id)
    await next.stop()
  })

  it('two processes on the same requests (API replicas): one refund, one event', async () => {
    const order = await paidAndCanceled()
    const a = start('refunds-pair')
    const b = start('refunds-pair')
    await expect.poll(() => typesOf(db, order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    await Promise.all([a.catchUp(), b.catchUp()])
    expect(await refundedEvents(order.id)).toHaveLength(1)
    expect(payments.testProvider!.refundsOf(order.id)).toHaveLength(1)
    await Promise.all([a.stop(), b.stop()])
  })

  it('a provider that cannot be reached: failed (unreachable), and the retry asks with the same key', async () => {
    const order = await paidAndCanceled()
    const test = payments.testProvider!
    const refund = test.refund
    test.refund = async () => {
      throw new PaymentProviderError('the provider could not be reached')
    }
    const p = start('refunds-unreachable')
    try {
      await expect.poll(() => typesOf(db, order.id), { timeout: 15_000 }).toContain('OrderRefundFailed')
    } finally {
      test.refund = refund
    }
    const failed = (await orderEvents(db.db, order.id)).find((e) => e.type === 'OrderRefundFailed')
    expect(failed?.data).toMatchObject({ kind: 'unreachable', reason: 'the provider could not be reached' })
    const retry = await call(url, 'POST', `/api/orders/${order.id}/refunds/1/retry`, {
      headers: staff,
      body: {},
    })
    expect(retry.status).toBe(200)
    await expect.poll(() => typesOf(db, order.id), { timeout: 15_000 }).toContain('OrderRefunded')
    expect(test.refundsOf(order.id).map((r) => r.idempotencyKey)).toEqual([`refund-${order.id}-1-1`])
    await p.stop()
  })
})
