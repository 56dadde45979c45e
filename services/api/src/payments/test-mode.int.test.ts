import { startTestStack, TEST_BRANCH, type TestStack } from '@shop/all-in-one/testing'
import { MemoryBus, silentLogger, withLimits } from '@shop/kit'
import { createTestDatabase, type TestDatabase, uniqueSubjectRoot } from '@shop/kit/testing'
import { resourceBranchDirectory } from '@shop/read-models'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { seedTestCatalogue, testOrderBody } from '../testing/catalogue.ts'
import { get, post } from '../testing/lifecycle.scenario.ts'
import { createPayments, serverUrlOf } from './index.ts'

// Test payments (docs/payments.md "Test mode"): a process whose online payments go to the
// built-in test provider says so in /api/init (the storefront shows it), and an API wired as
// the distributed one (services/api/src/main.ts: providers from the environment) offers no test
// payments without PAYMENTS_TEST_PROVIDER=1.

describe('a shop with the test provider', () => {
  let s: TestStack
  beforeAll(async () => {
    s = await startTestStack({ notifier: false })
  })
  afterAll(async () => {
    await s?.close()
  })

  it('says so in /api/init and GET /api/payments', async () => {
    const init = await get(`${s.url}/api/init`)
    const entry = (init.body.data as { url: string; data: unknown }[]).find((p) => p.url === '/api/payments')
    expect(entry?.data).toEqual({ onlineMethods: ['stripe', 'mollie'], testMode: true })
    expect((await get(`${s.url}/api/payments`)).body.data).toEqual(entry?.data)
  })

  it("the test provider's page carries the notice", async () => {
    const order = (await post(`${s.url}/api/orders`, testOrderBody('b1', { paymentMethod: 'stripe' }))).body
      .data
    const page = await fetch(order.paymentRedirectUrl)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(
      'Testmodus: Online-Zahlungen werden nur simuliert, es wird nichts belastet.',
    )
  })
})

describe('an API wired as the distributed one, without PAYMENTS_TEST_PROVIDER', () => {
  let db: TestDatabase
  let app: FastifyInstance
  let url: string
  beforeAll(async () => {
    db = await createTestDatabase({ max: 3 })
    const bus = new MemoryBus(uniqueSubjectRoot())
    await seedTestCatalogue({ db: db.db, bus }, [TEST_BRANCH])
    app = await buildApp({
      db: db.db,
      bus,
      branches: resourceBranchDirectory(db.db, [TEST_BRANCH]),
      log: silentLogger,
      // As services/api/src/main.ts: the providers from the environment, here one without them.
      payments: createPayments({ env: {}, serverUrl: () => serverUrlOf(app.server) }),
      limits: withLimits({ rateLimits: false }),
      storefrontRoot: false,
      backofficeRoot: false,
    })
    url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('0.0.0.0', '127.0.0.1')
  })
  afterAll(async () => {
    await app?.close()
    await db?.drop()
  })

  it('refuses an online payment the config and branch allow, and stores nothing', async () => {
    for (const paymentMethod of ['stripe', 'mollie']) {
      const res = await post(`${url}/api/orders`, testOrderBody('b1', { paymentMethod }))
      expect(res.status).toBe(400)
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('paymentMethod')
    }
    const created = await db.db
      .selectFrom('es_events')
      .select('event_id')
      .where('event_type', '=', 'OrderCreated')
      .execute()
    expect(created).toEqual([])
    // Cash still works: only the pretend payments are gone.
    expect((await post(`${url}/api/orders`, testOrderBody('b1', { paymentMethod: 'cash' }))).status).toBe(201)
  })

  it('has no test payment page and says test mode is off', async () => {
    expect((await fetch(`${url}/payments/test/tp_x_y`)).status).toBe(404)
    expect((await get(`${url}/api/payments`)).body.data).toEqual({ onlineMethods: [], testMode: false })
  })
})
