import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'

// GET /api/devices/status for the counter tablet's board (issue 21 point 2): the tablet has no
// session, only its branch's api key (X-Api-Key, as on the board's other routes). The key admits
// it to its own branch's device status, with the printers' names; nothing else.

let s: TestStack
let admin: Record<string, string>
const key = (apiKey = 'k-test-0123456789abcdef') => ({ 'x-api-key': apiKey })

beforeAll(async () => {
  s = await startTestStack()
  await createUser(
    { db: s.db.db },
    { username: 'chefin', password: 'chefin-passwort-1', displayName: 'Chefin', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'chefin', 'chefin-passwort-1')).headers
  await createUser(
    { db: s.db.db },
    {
      username: 'lena',
      password: 'lena-passwort-12',
      displayName: 'Lena',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: 'b1' }],
    },
  )
  for (const [name, branch] of [
    ['Kasse', 'b1'],
    ['Backstube', 'b2'],
  ] as const) {
    const res = await call(s.url, 'POST', '/api/devices', {
      headers: admin,
      body: { name, kind: 'printer', branch: { id: branch }, host: '127.0.0.1', port: 9 },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
})
afterAll(async () => {
  await s?.close()
})

describe('device status with a branch key', () => {
  it("answers the key's own branch, with the printers' names", async () => {
    const res = await call(s.url, 'GET', '/api/devices/status?branch=b1', { headers: key() })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const data = res.body.data as { name: string; branch: string; kind: string; online: boolean }[]
    expect(data.map((d) => [d.name, d.branch, d.kind, d.online])).toEqual([['Kasse', 'b1', 'printer', false]])
  })

  it('refuses another branch, a missing branch and a wrong key', async () => {
    const other = await call(s.url, 'GET', '/api/devices/status?branch=b2', { headers: key() })
    expect(other.status).toBe(403)
    expect(other.body.errors[0].message).toBeTruthy()
    const all = await call(s.url, 'GET', '/api/devices/status', { headers: key() })
    expect(all.status).toBe(403)
    const wrong = await call(s.url, 'GET', '/api/devices/status?branch=b1', {
      headers: key('k-wrong-key-0000000'),
    })
    expect(wrong.status).toBe(403)
  })

  it('still needs a session without a key, and staff still see every branch', async () => {
    const anonymous = await call(s.url, 'GET', '/api/devices/status?branch=b1')
    expect(anonymous.status).toBe(401)
    const staff = await call(s.url, 'GET', '/api/devices/status', { headers: admin })
    expect(staff.status).toBe(200)
    expect((staff.body.data as { name: string }[]).map((d) => d.name).sort()).toEqual(['Backstube', 'Kasse'])
  })

  it("gives an employee their own branches' devices only; another branch is 403", async () => {
    const lena = (await login(s.url, 'lena', 'lena-passwort-12')).headers
    const all = await call(s.url, 'GET', '/api/devices/status', { headers: lena })
    expect(all.status).toBe(200)
    expect((all.body.data as { name: string }[]).map((d) => d.name)).toEqual(['Kasse'])
    const other = await call(s.url, 'GET', '/api/devices/status?branch=b2', { headers: lena })
    expect(other.status).toBe(403)
  })
})
