import { startTestStack, TEST_BRANCH, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrderBody } from '../testing/catalogue.ts'

// The per-client rate limits and the per-contact limits of the checkout (docs/security.md "Rate
// limits", "Client address") on the real PostgreSQL store, with the shop's default limits. The
// client address is set per request (inject's remote address), or by X-Forwarded-For where
// the proxy is trusted.

let s: TestStack
let proxied: TestStack
let direct: TestStack
beforeAll(async () => {
  s = await startTestStack()
  // The loopback is the trusted proxy here; a small analytics budget makes the key visible.
  proxied = await startTestStack({
    catalogue: false,
    notifier: false,
    limits: { trustProxy: ['127.0.0.1'], analytics: { perAddress: { max: 3 } } },
  })
  direct = await startTestStack({
    catalogue: false,
    notifier: false,
    limits: { analytics: { perAddress: { max: 3 } } },
  })
})
afterAll(async () => {
  await s?.close()
  await proxied?.close()
  await direct?.close()
})

let serial = 0
/** A valid order with its own contact unless the test names one. */
function order(extra: Record<string, unknown> = {}) {
  serial++
  return testOrderBody(TEST_BRANCH.id, {
    email: `kunde-${serial}@example.com`,
    phone: `+41 79 100 ${String(1000 + serial).slice(-4)}`,
    ...extra,
  })
}

async function placeFrom(address: string, body: unknown) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: address,
    payload: body as Record<string, unknown>,
  })
  return { status: res.statusCode, headers: res.headers, body: res.json() as any }
}

const ordersStored = async () =>
  Number(
    (
      await sql<{
        n: string
      }>`SELECT count(*)::text AS n FROM es_events WHERE event_type = 'OrderCreated'`.execute(s.db.db)
    ).rows[0]!.n,
  )

async function confirm(orderId: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/status/confirm`,
    headers: { 'x-api-key': TEST_BRANCH.apiKey },
    payload: { version: 1 },
  })
  expect(res.statusCode).toBe(200)
  // The open-order cap reads the read model: wait until it shows the confirmation.
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ status: string }>`
      SELECT status FROM rm_orders WHERE order_id = ${orderId}`.execute(s.db.db)
    if (rows[0]?.status === 'confirmed') return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`order ${orderId} not confirmed in the read model`)
}

describe('orders per client address', () => {
  it('the 21st order from one address within the window is 429 and stores nothing; another address is not affected', async () => {
    for (let i = 0; i < 20; i++) {
      const ok = await placeFrom('198.51.100.7', order())
      expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    }
    const before = await ordersStored()
    const refused = await placeFrom('198.51.100.7', order())
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      errors: [
        {
          field: '',
          message: expect.stringMatching(
            /^Zu viele Anfragen von Ihrer Adresse\. Bitte versuchen Sie es in \d+ Minuten? erneut\.$/,
          ),
        },
      ],
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await ordersStored()).toBe(before)
    const other = await placeFrom('198.51.100.8', order())
    expect(other.status).toBe(201)
  })
})

describe('orders per contact', () => {
  it('more than 5 orders per e-mail address within the hour: 429 on the e-mail field, nothing stored', async () => {
    const email = 'Viel.Besteller@Example.com'
    for (let i = 0; i < 5; i++) {
      // Another address each time, and the e-mail in other cases: the contact is what counts.
      const ok = await placeFrom(`203.0.113.${10 + i}`, order({ email: i % 2 ? email : email.toLowerCase() }))
      expect(ok.status, JSON.stringify(ok.body)).toBe(201)
      await confirm(ok.body.data.id)
    }
    const before = await ordersStored()
    const refused = await placeFrom('203.0.113.30', order({ email }))
    expect(refused.status).toBe(429)
    expect(refused.body.errors).toEqual([
      {
        field: 'email',
        message: expect.stringMatching(
          /^Mit diesen Kontaktangaben wurden in kurzer Zeit zu viele Bestellungen/,
        ),
      },
    ])
    expect(await ordersStored()).toBe(before)
  })

  it('more than 5 orders per phone number (as the checkout normalises it): 429 on the phone field', async () => {
    const spellings = [
      '+41 79 555 66 77',
      '0041795556677',
      '+41 (79) 555-66-77',
      '+41795556677',
      '+41 79 555 66 77',
    ]
    for (const [i, phone] of spellings.entries()) {
      const ok = await placeFrom(`203.0.113.${40 + i}`, order({ phone }))
      expect(ok.status, JSON.stringify(ok.body)).toBe(201)
      await confirm(ok.body.data.id)
    }
    const refused = await placeFrom('203.0.113.60', order({ phone: '+41 79 555 66 77' }))
    expect(refused.status).toBe(429)
    expect(refused.body.errors[0].field).toBe('phone')
  })

  it('at most 3 orders awaiting confirmation per contact; confirming one frees a place', async () => {
    const email = 'offen@example.com'
    const placed: string[] = []
    for (let i = 0; i < 3; i++) {
      // Right after one another: the projection may not have caught up yet, and still counts.
      const ok = await placeFrom(`192.0.2.${i + 1}`, order({ email }))
      expect(ok.status, JSON.stringify(ok.body)).toBe(201)
      placed.push(ok.body.data.id)
    }
    const before = await ordersStored()
    const refused = await placeFrom('192.0.2.9', order({ email }))
    expect(refused.status).toBe(429)
    expect(refused.body.errors).toEqual([
      {
        field: 'email',
        message:
          'Mit diesen Kontaktangaben sind bereits 3 Bestellungen offen, die noch nicht bestätigt wurden. Bitte warten Sie, bis die Filiale sie bestätigt.',
      },
    ])
    expect(await ordersStored()).toBe(before)
    await confirm(placed[0]!)
    const again = await placeFrom('192.0.2.9', order({ email }))
    expect(again.status, JSON.stringify(again.body)).toBe(201)
  })
})

describe('client address', () => {
  const hit = (stack: TestStack, forwardedFor?: string) =>
    fetch(`${stack.url}/api/analytics-log`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: '{}',
    }).then((r) => r.status)

  it('behind a trusted proxy the limit follows X-Forwarded-For', async () => {
    // Refused for want of consent (403), but counted: the limit runs before the route.
    for (let i = 0; i < 3; i++) expect(await hit(proxied, '203.0.113.1')).toBe(403)
    expect(await hit(proxied, '203.0.113.1')).toBe(429)
    expect(await hit(proxied, '203.0.113.2')).toBe(403)
    // The header a client adds itself comes first; the proxy appends the peer it saw.
    expect(await hit(proxied, '10.9.9.9, 203.0.113.1')).toBe(429)
  })

  it('without a trusted proxy a forged X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < 3; i++) expect(await hit(direct, `203.0.113.${100 + i}`)).toBe(403)
    expect(await hit(direct, '203.0.113.200')).toBe(429)
    expect(await hit(direct)).toBe(429)
  })
})
