import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'

// Login throttling (docs/security.md "Login") with the shop's default limits: 5 free failures
// per account and address and per account from unknown addresses, then waits from 30 s that
// double; 30 failures per address. Each request names its client address (inject).

let s: TestStack
beforeAll(async () => {
  // The request budget per address (30 a minute) would hide the failure cap below.
  s = await startTestStack({
    catalogue: false,
    notifier: false,
    limits: { login: { requestsPerAddress: { max: 1000 } } },
  })
  for (const username of ['parallel', 'owner', 'growing', 'cap-a', 'cap-b'])
    await createUser({ db: s.db.db }, { username, password: `richtig-${username}`, roles: ['ROLE_ADMIN'] })
})
afterAll(async () => {
  await s?.close()
})

async function login(address: string, username: string, password: string, cookie?: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
    payload: { username, password },
  })
  const device = res.cookies.find((c) => c.name === 'shop_device')
  return {
    status: res.statusCode,
    body: res.json() as any,
    retryAfter: Number(res.headers['retry-after']),
    device,
  }
}

describe('login throttling', () => {
  it('7 parallel wrong guesses: only the 5 free ones are checked, the others wait', async () => {
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => login('198.51.100.1', 'parallel', `falsch-${i}`)),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
    const refused = answers.find((a) => a.status === 429)!
    expect(refused.body.errors).toEqual([
      {
        field: '',
        message: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 1 Minute erneut.',
      },
    ])
    expect(refused.retryAfter).toBeGreaterThan(0)
    expect(refused.retryAfter).toBeLessThanOrEqual(30)
    // Even the right password waits now, from this address.
    expect((await login('198.51.100.1', 'parallel', 'richtig-parallel')).status).toBe(429)
  })

  it('the owner from a known address or with a known device still logs in while unknown addresses are slowed down', async () => {
    const home = await login('192.0.2.10', 'owner', 'richtig-owner')
    expect(home.status).toBe(200)
    const device = `shop_device=${home.device!.value}`
    // A guesser spread over many addresses: the account-wide counter of unknown addresses.
    for (let i = 0; i < 5; i++)
      expect((await login(`203.0.113.${i + 1}`, 'owner', 'falsch')).status).toBe(401)
    const fresh = await login('203.0.113.99', 'owner', 'falsch')
    expect(fresh.status).toBe(429)
    // Not even the right password gets in from an unknown address meanwhile.
    expect((await login('203.0.113.98', 'owner', 'richtig-owner')).status).toBe(429)
    // The owner's own address and the owner's device on a new address are not slowed down.
    expect((await login('192.0.2.10', 'owner', 'richtig-owner')).status).toBe(200)
    expect((await login('198.51.100.200', 'owner', 'richtig-owner', device)).status).toBe(200)
    // A forged device cookie is just an unknown device.
    expect(
      (await login('198.51.100.201', 'owner', 'richtig-owner', `shop_device=${'x'.repeat(43)}`)).status,
    ).toBe(429)
  })

  it('the waits grow: 30 s after the free failures, then 60 s, 120 s', async () => {
    const from = '198.51.100.50'
    for (let i = 0; i < 5; i++) expect((await login(from, 'growing', 'falsch')).status).toBe(401)
    const waits: number[] = []
    for (let round = 0; round < 3; round++) {
      const refused = await login(from, 'growing', 'falsch')
      expect(refused.status).toBe(429)
      waits.push(refused.retryAfter)
      // Let the wait pass (move the counters' last attempt back by it), then fail once more.
      await sql`UPDATE auth_login_throttle SET last_at = last_at - ${`${refused.retryAfter} seconds`}::interval
                 WHERE key LIKE '%growing%'`.execute(s.db.db)
      expect((await login(from, 'growing', 'falsch')).status).toBe(401)
    }
    expect(waits).toEqual([30, 60, 120])
    // After a day without failures the account starts afresh.
    await sql`UPDATE auth_login_throttle SET last_at = last_at - interval '25 hours'
               WHERE key LIKE '%growing%'`.execute(s.db.db)
    expect((await login(from, 'growing', 'richtig-growing')).status).toBe(200)
  })

  it('one address trying many accounts stops after 30 failures within 15 minutes', async () => {
    const from = '198.51.100.77'
    for (let i = 0; i < 30; i++) {
      // Spread over many usernames, so no account counter is reached.
      expect((await login(from, `niemand-${i}`, 'falsch')).status).toBe(401)
    }
    const refused = await login(from, 'cap-a', 'richtig-cap-a')
    expect(refused.status).toBe(429)
    expect(refused.retryAfter).toBeGreaterThan(14 * 60)
    // Another address is not affected.
    expect((await login('198.51.100.78', 'cap-b', 'richtig-cap-b')).status).toBe(200)
  })
})
