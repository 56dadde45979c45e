import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'

// Saturday 28 March 2026, 22:00 in Zurich: the clocks go forward in the coming night.
const now = new Date('2026-03-28T21:00:00Z')
let s: TestStack
let branchId: string

beforeAll(async () => {
  s = await startTestStack({ now: () => now, catalogue: false })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  const admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  const weekday = (type: string) => ({ type, isClosed: false, from: '07:00', to: '12:00' })
  const branch = await call(s.url, 'POST', '/api/branches', {
    headers: admin,
    body: {
      identifier: 'dorf',
      name: 'Dorf',
      timeZone: 'Europe/Zurich',
      // Closed at the pinned time: without pre-orders it would take no order and offer no time
      // (issue 18, checkout.int.test.ts); these tests are about the slots it offers for later.
      isPreorderEnabled: true,
      openingHours: [
        ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map(weekday),
        { type: 'sunday', isClosed: true },
      ],
    },
  })
  expect(branch.status, JSON.stringify(branch.body)).toBe(201)
  branchId = branch.body.data.id
  for (const [uid, days] of [
    ['brot', 0],
    ['torte', 3],
  ] as const) {
    const p = await call(s.url, 'POST', '/api/products', {
      headers: admin,
      body: {
        uid,
        name: uid,
        price: 500,
        tax: 2.6,
        takeawayTax: 2.6,
        dineInTax: 8.1,
        ...(days > 0 ? { isLeadTimeEnabled: true, leadTimeType: 'days', leadTimeValue: days } : {}),
      },
    })
    expect(p.status, JSON.stringify(p.body)).toBe(201)
  }
})
afterAll(async () => {
  await s?.close()
})

describe('GET /api/branches/{id}/availability', () => {
  it('across the spring DST change: closed Sunday, Monday from 07:00 CEST', async () => {
    const res = await call(s.url, 'GET', `/api/branches/${branchId}/availability?days=3`)
    expect(res.status).toBe(200)
    const { days, firstSlot, timeZone } = res.body.data
    expect(timeZone).toBe('Europe/Zurich')
    expect(days.map((d: { date: string }) => d.date)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30'])
    expect(days[0].isAvailable).toBe(false)
    expect(days[1]).toMatchObject({ isAvailable: false, reason: 'closed-day' })
    expect(days[1].message).toBeTruthy()
    expect(days[2].windows).toEqual([
      { from: '07:00', to: '11:55', first: '2026-03-30T05:00:00.000Z', last: '2026-03-30T09:55:00.000Z' },
    ])
    expect(firstSlot).toBe('2026-03-30T05:00:00.000Z')
  })

  it('the largest lead time of the cart moves the first slot; from and days pick the range', async () => {
    const res = await call(
      s.url,
      'GET',
      `/api/branches/${branchId}/availability?products=brot,torte&from=2026-03-30&days=2`,
    )
    expect(res.status).toBe(200)
    // Three calendar days from Saturday: from Tuesday's opening (docs/decisions/0005).
    expect(res.body.data.firstSlot).toBe('2026-03-31T05:00:00.000Z')
    const [monday, tuesday] = res.body.data.days
    expect(monday).toMatchObject({ date: '2026-03-30', isAvailable: false, reason: 'before-lead-time' })
    expect(tuesday.windows[0].first).toBe('2026-03-31T05:00:00.000Z')
  })

  it('refuses what cannot be answered, in the caller language', async () => {
    const delivery = await call(s.url, 'GET', `/api/branches/${branchId}/availability?orderType=delivery`)
    expect(delivery.status).toBe(400)
    expect(delivery.body.errors[0].field).toBe('orderType')
    const unknown = await call(s.url, 'GET', `/api/branches/${branchId}/availability?products=gibtsnicht`, {
      headers: { 'accept-language': 'en' },
    })
    expect(unknown.body.errors[0]).toEqual({
      field: 'products',
      message: 'These products do not exist: gibtsnicht.',
    })
    expect((await call(s.url, 'GET', `/api/branches/${branchId}/availability?days=500`)).status).toBe(400)
    expect((await call(s.url, 'GET', `/api/branches/${branchId}/availability?from=gestern`)).status).toBe(400)
    expect((await call(s.url, 'GET', `/api/branches/${branchId}/availability?x=1`)).status).toBe(400)
    expect((await call(s.url, 'GET', '/api/branches/nope/availability')).status).toBe(404)
  })
})
