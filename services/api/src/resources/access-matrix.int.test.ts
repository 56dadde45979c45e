import { randomUUID } from 'node:crypto'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderBody, post } from '../testing/lifecycle.scenario.ts'
import { call, login } from '../testing/staff-session.ts'
import { RESOURCES } from './resource-registry.ts'
import { createUser } from './users.ts'

// Every staff route refuses anonymous callers (401) and callers without the role (403), and
// a refused write changes nothing.
let s: TestStack
let employee: Record<string, string>
let admin: Record<string, string>

beforeAll(async () => {
  s = await startTestStack()
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  await createUser(
    { db: s.db.db },
    { username: 'mia', password: 'mia-passwort-12', roles: ['ROLE_EMPLOYEE'], branches: [{ id: 'b1' }] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  employee = (await login(s.url, 'mia', 'mia-passwort-12')).headers
})
afterAll(async () => {
  await s?.close()
})

async function resourceCount(): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM rm_resources`.execute(s.db.db)
  return rows[0]!.n
}

type Case = { method: string; path: string; body?: unknown; anonymous: number; employee: number }

const cases: Case[] = []
for (const def of RESOURCES) {
  const base = `/api/${def.path}`
  const readAnon = def.read === 'public' ? 200 : 401
  const readEmployee = def.read === 'admin' ? 403 : 200
  cases.push({ method: 'GET', path: base, anonymous: readAnon, employee: readEmployee })
  if (def.create !== false)
    cases.push({ method: 'POST', path: base, body: { name: 'x' }, anonymous: 401, employee: 403 })
  cases.push({
    method: 'PUT',
    path: `${base}/${randomUUID()}`,
    body: { name: 'x', version: 1 },
    anonymous: 401,
    employee: 403,
  })
  cases.push({ method: 'DELETE', path: `${base}/${randomUUID()}`, anonymous: 401, employee: 403 })
  cases.push({ method: 'GET', path: `${base}/${randomUUID()}/history`, anonymous: 401, employee: 403 })
  cases.push({
    method: 'POST',
    path: `${base}/${randomUUID()}/restore`,
    body: { version: 2, from: 1 },
    anonymous: 401,
    employee: 403,
  })
}
cases.push({ method: 'GET', path: '/api/config/history', anonymous: 401, employee: 403 })
cases.push({ method: 'POST', path: '/api/config/restore', body: {}, anonymous: 401, employee: 403 })
cases.push({ method: 'GET', path: '/api/media/usage?kind=images', anonymous: 401, employee: 403 })
cases.push({ method: 'GET', path: `/api/images/${randomUUID()}/usage`, anonymous: 401, employee: 404 })
cases.push({ method: 'GET', path: `/api/uploads/${randomUUID()}/usage`, anonymous: 401, employee: 404 })
cases.push({ method: 'POST', path: '/api/config', body: {}, anonymous: 401, employee: 403 })
cases.push({ method: 'POST', path: '/api/images', body: { data: 'data:,' }, anonymous: 401, employee: 403 })
// Customers upload files for configurable parts: open to everyone, so a bad body is a 400.
cases.push({ method: 'POST', path: '/api/uploads', body: { data: 'data:,' }, anonymous: 400, employee: 400 })
cases.push({ method: 'GET', path: '/api/logs', anonymous: 401, employee: 403 })
cases.push({ method: 'GET', path: '/api/logs/1', anonymous: 401, employee: 403 })
cases.push({ method: 'GET', path: '/api/users/me', anonymous: 401, employee: 200 })
for (const path of ['/api/orders', '/api/orders/current', '/api/orders/missed']) {
  cases.push({ method: 'GET', path, anonymous: 401, employee: 200 })
}

describe('access matrix', () => {
  it.each(cases)('$method $path: anonymous $anonymous, employee $employee', async (c) => {
    const before = await resourceCount()
    const anon = await call(s.url, c.method, c.path, c.body === undefined ? {} : { body: c.body })
    expect(anon.status).toBe(c.anonymous)
    const emp = await call(s.url, c.method, c.path, {
      headers: employee,
      ...(c.body === undefined ? {} : { body: c.body }),
    })
    expect(emp.status).toBe(c.employee)
    if (c.anonymous >= 400) expect(anon.body.errors[0].message).toBeTruthy()
    expect(await resourceCount()).toBe(before)
  })

  it('order staff actions: an employee acts for her branch only, an admin for every branch', async () => {
    const own = (await post(`${s.url}/api/orders`, orderBody('b1'))).body.data
    const other = (await post(`${s.url}/api/orders`, orderBody('b2'))).body.data
    const confirmOwn = await call(s.url, 'POST', `/api/orders/${own.id}/status/confirm`, {
      headers: employee,
      body: {},
    })
    expect(confirmOwn.status).toBe(200)
    expect(confirmOwn.body.data.status).toBe('confirmed')
    const confirmOther = await call(s.url, 'POST', `/api/orders/${other.id}/status/confirm`, {
      headers: employee,
      body: {},
    })
    expect(confirmOther.status).toBe(403)
    expect((await call(s.url, 'GET', `/api/orders/${other.id}`, { headers: employee })).status).toBe(403)
    const byAdmin = await call(s.url, 'POST', `/api/orders/${other.id}/status/confirm`, {
      headers: admin,
      body: {},
    })
    expect(byAdmin.status).toBe(200)
    // Who did it is recorded with the event.
    const { rows } = await sql<{ actor: { id: string } }>`
      SELECT metadata->'actor' AS actor FROM es_events WHERE stream_id = ${`order-${own.id}`} AND stream_position = 2`.execute(
      s.db.db,
    )
    expect(rows[0]!.actor.id).toBeTruthy()
    expect((await call(s.url, 'POST', `/api/orders/${own.id}/status/completed`, { body: {} })).status).toBe(
      401,
    )
  })
})
