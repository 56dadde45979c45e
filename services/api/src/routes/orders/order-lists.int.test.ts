import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../resources/users.ts'
import { orderBody } from '../../testing/lifecycle.scenario.ts'
import { call, login } from '../../testing/staff-session.ts'

let clock = Date.parse('2026-11-20T10:00:00Z')
let s: TestStack
let admin: Record<string, string>
let employee: Record<string, string>
const ids: Record<string, string> = {}

async function until<T>(what: string, get: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await get()
    if (v !== undefined) return v
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

beforeAll(async () => {
  s = await startTestStack({ now: () => new Date(clock) })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  await createUser(
    { db: s.db.db },
    { username: 'ben', password: 'ben-passwort-12', roles: ['ROLE_EMPLOYEE'], branches: [{ id: 'b1' }] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  employee = (await login(s.url, 'ben', 'ben-passwort-12')).headers
  // Each order has its own customer: one contact's open orders are capped (docs/security.md
  // "Rate limits"), and the board may still count a just-confirmed order as open.
  let n = 0
  const place = async (key: string, branch: string, extra: Record<string, unknown>) => {
    n += 1
    const contact = { email: `${key}@example.com`, phone: `+41 79 123 45 ${10 + n}` }
    const res = await call(s.url, 'POST', '/api/orders', {
      body: orderBody(branch, { ...contact, ...extra }),
    })
    expect(res.status).toBe(201)
    ids[key] = res.body.data.id
    clock += 1000
  }
  await place('old', 'b1', { firstName: 'Alte', isDelivery: false })
  await place('done', 'b1', { firstName: 'Fertig', isDelivery: true })
  await place('other', 'b2', { firstName: 'Zweite', isDelivery: false })
  await call(s.url, 'POST', `/api/orders/${ids.done}/status/confirm`, { headers: admin, body: {} })
  await call(s.url, 'POST', `/api/orders/${ids.done}/status/completed`, { headers: admin, body: {} })
  clock += 3 * 60_000
  await place('fresh', 'b1', { firstName: 'Neue', isDelivery: false })
  clock += 2 * 60_000
  await until('the board to catch up', async () => {
    const res = await call(s.url, 'GET', '/api/orders?limit=200', { headers: admin })
    const done = res.body.data?.find((o: { id: string }) => o.id === ids.done)
    return res.body.data?.length === 4 && done?.status === 'completed' ? true : undefined
  })
})
afterAll(async () => {
  await s?.close()
})

const listed = async (path: string, headers = admin) => {
  const res = await call(s.url, 'GET', path, { headers })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.map((o: { id: string }) => Object.keys(ids).find((k) => ids[k] === o.id))
}

describe('staff order lists', () => {
  it('history newest first, with branch, status, order type and text filters', async () => {
    expect(await listed('/api/orders')).toEqual(['fresh', 'other', 'done', 'old'])
    expect(await listed('/api/orders?branch=b2')).toEqual(['other'])
    expect(await listed('/api/orders?status=completed')).toEqual(['done'])
    expect(await listed('/api/orders?orderType=delivery')).toEqual(['done'])
    expect(await listed('/api/orders?q=alte')).toEqual(['old'])
    // The items' names are searched, not the names of their fields.
    expect(await listed('/api/orders?q=gipfeli')).toEqual(['fresh', 'other', 'done', 'old'])
    expect(await listed('/api/orders?q=unitPrice')).toEqual([])
    expect(await listed('/api/orders?from=2026-11-20T10:01:00Z')).toEqual(['fresh'])
    expect(await listed('/api/orders?limit=2')).toEqual(['fresh', 'other'])
  })

  it('current shows open orders; missed the ones nobody answered within the branch time', async () => {
    expect(await listed('/api/orders/current')).toEqual(['fresh', 'other', 'old'])
    // 'old' and 'other' wait 5 minutes (default 4), 'fresh' only 2.
    expect(await listed('/api/orders/missed')).toEqual(['other', 'old'])
  })

  it('employees see their branch only; others are refused', async () => {
    expect(await listed('/api/orders', employee)).toEqual(['fresh', 'done', 'old'])
    expect(await listed('/api/orders/missed', employee)).toEqual(['old'])
    expect((await call(s.url, 'GET', '/api/orders?branch=b2', { headers: employee })).status).toBe(403)
    expect((await call(s.url, 'GET', '/api/orders')).status).toBe(401)
    expect((await call(s.url, 'GET', '/api/orders/current')).status).toBe(401)
    expect((await call(s.url, 'GET', '/api/orders?status=lost', { headers: admin })).status).toBe(400)
    expect((await call(s.url, 'GET', '/api/orders?limit=0', { headers: admin })).status).toBe(400)
  })
})
