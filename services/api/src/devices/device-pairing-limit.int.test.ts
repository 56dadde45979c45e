import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { DEFAULT_LIMITS } from '@shop/kit'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Issue 21 (docs/devices.md): starting a pairing needs no login, so `POST /api/device-pairing`
// counts against the per-address budget it shares with the checkout (`rateLimit('orders')`, the
// shop's default 20 per 10 minutes, services/kit/src/limits.ts). Past it: 429 with the spec's
// error body and Retry-After, and nothing stored.

let s: TestStack
beforeAll(async () => {
  s = await startTestStack({ catalogue: false, notifier: false })
})
afterAll(async () => {
  await s?.close()
})

async function startFrom(address: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/device-pairing',
    remoteAddress: address,
    payload: { kind: 'signage' },
  })
  return { status: res.statusCode, headers: res.headers, body: res.json() as any }
}

const pairingsStored = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*)::text AS n FROM device_pairings`.execute(s.db.db)).rows[0]!.n,
  )

describe('pairing rate limit', () => {
  it('answers 429 with the spec body once an address used its budget, and stores no pairing', async () => {
    const { max } = DEFAULT_LIMITS.orders.perAddress
    expect(max).toBe(20)
    const before = await pairingsStored()
    for (let i = 0; i < max; i++) {
      const ok = await startFrom('198.51.100.21')
      expect(ok.status, JSON.stringify(ok.body)).toBe(201)
      expect(ok.body.data.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
    }
    expect(await pairingsStored()).toBe(before + max)

    const refused = await startFrom('198.51.100.21')
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
    expect(await pairingsStored()).toBe(before + max)

    // Another address has its own budget.
    const other = await startFrom('198.51.100.22')
    expect(other.status).toBe(201)
    expect(await pairingsStored()).toBe(before + max + 1)
  })

  it('shares the budget with the checkout: an address that used it on pairings is refused an order too', async () => {
    const { max } = DEFAULT_LIMITS.orders.perAddress
    for (let i = 0; i < max; i++) expect((await startFrom('198.51.100.23')).status).toBe(201)
    const order = await s.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: '198.51.100.23',
      payload: {},
    })
    // Refused before the body is read (an empty body would otherwise be a 400).
    expect(order.statusCode).toBe(429)
  })
})
