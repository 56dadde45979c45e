import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { projectionsBehind } from '@shop/kit'
import { statisticsProjection, timeTrackingProjection } from '@shop/read-models'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../print/pdf-text.test-support.ts'
import { createUser } from '../resources/users.ts'
import { testOrderBody } from '../testing/catalogue.ts'
import { call, login } from '../testing/staff-session.ts'

// The working-time statistics (GET /api/statistics/working-activities, working-schedules,
// user-profile, user-profile-working-activities) and the time sheets (GET
// /api/time-sheets/{user}/{YYYY-MM}.csv|.pdf) on the real PostgreSQL and NATS, from activities
// made at the terminal, a manager's correction and shifts made through the API: a night over
// midnight, the spring DST night (22:00–06:00 is 7 hours), a running activity counted to `now`,
// the labour cost share against a confirmed order's revenue, branch scoping and the roles.

const H = 3600
let clock = Date.parse('2027-02-28T08:00:00Z')
let s: TestStack
let admin: Record<string, string>
let lenaSession: Record<string, string>
let revenueNet = 0
const users: Record<string, { id: string; token: string }> = {}

async function makeUser(username: string, roles: string[], branches: { id: string }[]) {
  const row = await createUser(
    { db: s.db.db },
    { username, password: `${username}-passwort-12`, displayName: username, roles, branches },
  )
  users[username] = { id: row.id, token: String(row.data.accessToken) }
}

async function act(username: string, action: string, at: string, body: unknown = {}) {
  clock = Date.parse(at)
  const u = users[username]!
  const res = await call(
    s.url,
    'POST',
    `/api/time-tracking/${u.token}/${username}/working-activities/${action}`,
    {
      body,
    },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

async function caughtUp() {
  const deadline = Date.now() + 20_000
  while ((await projectionsBehind(s.db.db, [timeTrackingProjection, statisticsProjection])).length > 0) {
    if (Date.now() > deadline) throw new Error('the projections did not catch up')
    await new Promise((r) => setTimeout(r, 30))
  }
}

async function setRate(username: string, hourlyRate: number) {
  const id = users[username]!.id
  const user = await call(s.url, 'GET', `/api/users/${id}`, { headers: admin })
  const put = await call(s.url, 'PUT', `/api/users/${id}`, {
    headers: admin,
    body: { ...user.body.data, hourlyRate },
  })
  expect(put.status, JSON.stringify(put.body)).toBe(200)
}

async function plan(body: Record<string, unknown>) {
  const res = await call(s.url, 'POST', '/api/working-schedules', { body, headers: admin })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
}

const get = (path: string, headers: Record<string, string> = admin) => call(s.url, 'GET', path, { headers })

async function download(path: string, headers: Record<string, string> = admin) {
  const res = await fetch(`${s.url}${path}`, { headers })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  }
}

beforeAll(async () => {
  s = await startTestStack({ now: () => new Date(clock), limits: { rateLimits: false } })
  await makeUser('chefin', ['ROLE_ADMIN'], [])
  await makeUser('lena', ['ROLE_EMPLOYEE'], [{ id: 'b1' }])
  await makeUser('tom', ['ROLE_EMPLOYEE'], [{ id: 'b1' }])
  await makeUser('mia', ['ROLE_EMPLOYEE'], [{ id: 'b2' }])
  admin = (await login(s.url, 'chefin', 'chefin-passwort-12')).headers
  lenaSession = (await login(s.url, 'lena', 'lena-passwort-12')).headers
  await setRate('lena', 3000)
  await setRate('mia', 2500)
  const lena = users.lena!.id
  const tom = users.tom!.id
  // The plan: Lena's early shift and her DST night, Tom's day and night, Mia at the other branch.
  await plan({
    kind: 'shift',
    userId: lena,
    branchId: 'b1',
    start: '2027-03-01T05:00:00Z',
    end: '2027-03-01T13:00:00Z',
    breakMinutes: 30,
  })
  await plan({
    kind: 'shift',
    userId: lena,
    branchId: 'b1',
    start: '2027-03-27T21:00:00Z',
    end: '2027-03-28T04:00:00Z',
  })
  await plan({
    kind: 'shift',
    userId: tom,
    branchId: 'b1',
    start: '2027-03-02T07:00:00Z',
    end: '2027-03-02T12:00:00Z',
  })
  await plan({
    kind: 'shift',
    userId: tom,
    branchId: 'b1',
    start: '2027-03-05T21:00:00Z',
    end: '2027-03-06T05:00:00Z',
    breakMinutes: 30,
  })
  await plan({
    kind: 'shift',
    userId: users.mia!.id,
    branchId: 'b2',
    start: '2027-03-01T08:00:00Z',
    end: '2027-03-01T12:00:00Z',
  })
  await plan({ kind: 'holiday', userId: lena, from: '2027-03-15', to: '2027-03-19' })

  // Monday 1 March: Lena 06:00–14:00 with a half-hour pause; Mia 09:00–13:00 at b2.
  await act('lena', 'start', '2027-03-01T05:00:00Z', { branchId: 'b1' })
  await act('lena', 'pause', '2027-03-01T08:00:00Z')
  await act('mia', 'start', '2027-03-01T08:00:00Z', { branchId: 'b2' })
  await act('lena', 'resume', '2027-03-01T08:30:00Z')
  // A takeaway at b1 that day, confirmed: revenue.
  clock = Date.parse('2027-03-01T10:00:00Z')
  const order = await call(s.url, 'POST', '/api/orders', {
    body: testOrderBody('b1', {
      isDelivery: false,
      deliveryArea: undefined,
      street: undefined,
      zipCode: undefined,
      city: undefined,
    }),
  })
  expect(order.status, JSON.stringify(order.body)).toBe(201)
  const key = { 'x-api-key': s.branch.apiKey }
  const { version } = (await call(s.url, 'GET', `/api/orders/${order.body.data.id}`, { headers: key })).body
    .data
  const confirmed = await call(s.url, 'POST', `/api/orders/${order.body.data.id}/status/confirm`, {
    headers: key,
    body: { version },
  })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  await act('mia', 'end', '2027-03-01T12:00:00Z')
  await act('lena', 'end', '2027-03-01T13:00:00Z')
  // Tuesday: Tom forgets to clock out; the manager corrects it the next day to 08:00–12:00.
  await act('tom', 'start', '2027-03-02T07:00:00Z', { branchId: 'b1' })
  await caughtUp()
  const toms = await get(`/api/working-activities?user=${tom}`)
  clock = Date.parse('2027-03-03T08:00:00Z')
  const corrected = await call(s.url, 'POST', `/api/working-activities/${toms.body.data[0].id}/corrections`, {
    headers: admin,
    body: { start: '2027-03-02T07:00:00Z', end: '2027-03-02T11:00:00Z', reason: 'Ausstempeln vergessen' },
  })
  expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
  // Friday night over midnight: 22:00–06:00, Friday's.
  await act('tom', 'start', '2027-03-05T21:00:00Z', { branchId: 'b1' })
  await act('tom', 'end', '2027-03-06T05:00:00Z')
  // The spring DST night: Saturday 22:00 to Sunday 06:00 is 7 hours.
  await act('lena', 'start', '2027-03-27T21:00:00Z', { branchId: 'b1' })
  await act('lena', 'end', '2027-03-28T04:00:00Z')
  // Monday 29 March, 08:00: Lena starts and is still at work at 11:00 (the server's now).
  await act('lena', 'start', '2027-03-29T06:00:00Z', { branchId: 'b1' })
  clock = Date.parse('2027-03-29T09:00:00Z')
  await caughtUp()
  const revenue = await get('/api/statistics/revenue?from=2027-03-01&to=2027-03-01&branch=b1')
  revenueNet = revenue.body.data.days[0].net
  expect(revenueNet).toBeGreaterThan(0)
}, 60_000)

afterAll(async () => {
  await s?.close()
})

const MARCH = 'from=2027-03-01&to=2027-03-31'

describe('GET /api/statistics/working-activities', () => {
  it('sums worked, breaks, planned and overtime per user, branch and day; a running activity counts to now', async () => {
    const res = await get(`/api/statistics/working-activities?${MARCH}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const d = res.body.data
    expect(d.total).toEqual({
      workedSeconds: 120_600,
      breakSeconds: 1800,
      plannedSeconds: 111_600,
      overtimeSeconds: 9000,
      activities: 6,
      unratedSeconds: 12 * H,
      laborCost: 52_500 + 10_000,
      revenueNet,
      share: Math.round(((52_500 + 10_000) / revenueNet) * 10_000) / 10_000,
    })
    const line = (u: string) => d.byUser.find((x: { userId: string }) => x.userId === users[u]!.id)
    expect(line('lena')).toEqual({
      userId: users.lena!.id,
      name: 'lena',
      workedSeconds: 17.5 * H,
      breakSeconds: 1800,
      plannedSeconds: 14.5 * H,
      overtimeSeconds: 3 * H,
      activities: 3,
      laborCost: 52_500,
    })
    // Tom: the corrected 4 hours and the night of 8 hours against 5 and 7.5 planned; no rate.
    expect(line('tom')).toMatchObject({
      workedSeconds: 12 * H,
      plannedSeconds: 12.5 * H,
      overtimeSeconds: -0.5 * H,
      laborCost: null,
    })
    expect(line('mia')).toMatchObject({
      workedSeconds: 4 * H,
      plannedSeconds: 4 * H,
      overtimeSeconds: 0,
      laborCost: 10_000,
    })
    expect(
      d.byBranch.map((b: { branchId: string; workedSeconds: number }) => [b.branchId, b.workedSeconds]),
    ).toEqual([
      ['b1', 106_200],
      ['b2', 4 * H],
    ])
    expect(
      d.days.map((x: { date: string; workedSeconds: number; plannedSeconds: number }) => [
        x.date,
        x.workedSeconds,
        x.plannedSeconds,
      ]),
    ).toEqual([
      ['2027-03-01', 11.5 * H, 11.5 * H],
      ['2027-03-02', 4 * H, 5 * H],
      ['2027-03-05', 8 * H, 7.5 * H],
      ['2027-03-27', 7 * H, 7 * H],
      ['2027-03-29', 3 * H, 0],
    ])
  })

  it('gives the labour cost share per day and branch: worked hours × rate over the revenue', async () => {
    const res = await get(`/api/statistics/working-activities?${MARCH}&branch=b1`)
    const first = res.body.data.laborCost[0]
    expect(first).toEqual({
      date: '2027-03-01',
      branchId: 'b1',
      workedSeconds: 7.5 * H,
      unratedSeconds: 0,
      laborCost: 22_500,
      revenueNet,
      revenueGross: expect.any(Number),
      share: Math.round((22_500 / revenueNet) * 10_000) / 10_000,
    })
    // Tom's night has no rate: the hours are said, the cost unknown, no revenue that day.
    expect(res.body.data.laborCost.find((x: { date: string }) => x.date === '2027-03-05')).toMatchObject({
      workedSeconds: 8 * H,
      unratedSeconds: 8 * H,
      laborCost: 0,
      share: null,
    })
  })

  it('scopes an employee to their branches and their own line; another branch is 403, no session 401', async () => {
    const own = await get(`/api/statistics/working-activities?${MARCH}`, lenaSession)
    expect(own.status).toBe(200)
    expect(own.body.data.total.workedSeconds).toBe(106_200)
    expect(own.body.data.byUser.map((u: { userId: string }) => u.userId)).toEqual([users.lena!.id])
    expect((await get(`/api/statistics/working-activities?${MARCH}&branch=b2`, lenaSession)).status).toBe(403)
    expect((await get(`/api/statistics/working-activities?${MARCH}`, {})).status).toBe(401)
    const reversed = await get('/api/statistics/working-activities?from=2027-03-31&to=2027-03-01')
    expect(reversed.status).toBe(400)
    expect(reversed.body.errors[0].field).toBe('to')
  })
})

describe('GET /api/statistics/working-schedules', () => {
  it('sums the plan per user, branch and day with the absence days', async () => {
    const res = await get(`/api/statistics/working-schedules?${MARCH}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.total).toEqual({
      plannedSeconds: 111_600,
      plannedBreakSeconds: 3600,
      shifts: 5,
      holidayDays: 5,
      sickDays: 0,
    })
    expect(res.body.data.byUser.find((u: { userId: string }) => u.userId === users.lena!.id)).toMatchObject({
      plannedSeconds: 14.5 * H,
      shifts: 2,
      holidayDays: 5,
    })
    const b2 = await get(`/api/statistics/working-schedules?${MARCH}&branch=b2`)
    expect(b2.body.data.total).toMatchObject({ plannedSeconds: 4 * H, shifts: 1, holidayDays: 0 })
  })
})

describe('GET /api/statistics/user-profile and user-profile-working-activities', () => {
  it("compares a user's planned and worked time per day, the running activity counted to `now`", async () => {
    const res = await get(
      `/api/statistics/user-profile?user=${users.lena!.id}&start=2027-03-01&end=2027-03-31&now=2027-03-29T08:00:00Z`,
      lenaSession,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.now).toBe('2027-03-29T08:00:00.000Z')
    expect(res.body.data.total).toEqual({
      workedSeconds: 16.5 * H,
      breakSeconds: 1800,
      plannedSeconds: 14.5 * H,
      overtimeSeconds: 2 * H,
      activities: 3,
      shifts: 2,
      holidayDays: 5,
      sickDays: 0,
    })
    expect(res.body.data.days).toHaveLength(31)
    expect(res.body.data.days[14]).toMatchObject({ date: '2027-03-15', absence: 'holiday', workedSeconds: 0 })
    expect(res.body.data.days[28]).toMatchObject({
      date: '2027-03-29',
      workedSeconds: 2 * H,
      plannedSeconds: 0,
    })
  })

  it("lists the activities per day; another user's profile is 403 to an employee, an unknown one 404", async () => {
    const res = await get(
      `/api/statistics/user-profile-working-activities?user=${users.tom!.id}&start=2027-03-01&end=2027-03-31`,
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(
      res.body.data.days.map((d: { date: string; workedSeconds: number }) => [d.date, d.workedSeconds]),
    ).toEqual([
      ['2027-03-02', 4 * H],
      ['2027-03-05', 8 * H],
    ])
    expect(res.body.data.days[0].activities[0]).toMatchObject({
      isCorrected: true,
      end: '2027-03-02T11:00:00.000Z',
    })
    const running = await get(
      `/api/statistics/user-profile-working-activities?user=${users.lena!.id}&start=2027-03-29&end=2027-03-29`,
      lenaSession,
    )
    expect(running.body.data.days[0].activities[0]).toMatchObject({ status: 'running', workedSeconds: 3 * H })
    for (const path of ['user-profile', 'user-profile-working-activities']) {
      const q = `start=2027-03-01&end=2027-03-31`
      expect((await get(`/api/statistics/${path}?user=${users.tom!.id}&${q}`, lenaSession)).status).toBe(403)
      const unknown = await get(`/api/statistics/${path}?user=nobody&${q}`)
      expect(unknown.status).toBe(404)
      expect(unknown.body.errors[0].field).toBe('user')
      const bad = await get(`/api/statistics/${path}?user=${users.tom!.id}&start=2027-03-31&end=2027-03-01`)
      expect(bad.status).toBe(400)
      expect(bad.body.errors[0].field).toBe('end')
      expect((await get(`/api/statistics/${path}?user=${users.tom!.id}&${q}`, {})).status).toBe(401)
    }
  })
})

describe('GET /api/time-sheets/{user}/{YYYY-MM}.csv and .pdf', () => {
  it('writes the CSV exactly: BOM, semicolons, the correction with its reason, the night, totals', async () => {
    const res = await download(`/api/time-sheets/${users.tom!.id}/2027-03.csv`)
    expect(res.status).toBe(200)
    expect(res.type).toBe('text/csv; charset=utf-8')
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(res.bytes.slice(3))
    expect(text.split('\r\n')).toEqual([
      'Stundenzettel;2027-03',
      'Mitarbeiter/in;tom',
      'Filialen;Testfiliale',
      'Zeitraum;2027-03-01;2027-03-31',
      'Erstellt;2027-03-29 11:00',
      '',
      'Datum;Beginn;Ende;Pausen (hh:mm);Pausen (h);Arbeitszeit (hh:mm);Arbeitszeit (h);Soll (hh:mm);Soll (h);Projekt;Aufgabe;Korrigiert;Grund / Bemerkung',
      '2027-03-02;08:00;12:00;0:00;0.00;4:00;4.00;5:00;5.00;;;ja;Ausstempeln vergessen',
      '2027-03-05;22:00;06:00 (+1);0:00;0.00;8:00;8.00;7:30;7.50;;;;',
      '',
      'Total Arbeitszeit;12:00;12.00',
      'Total Soll;12:30;12.50',
      'Überzeit;-0:30;-0.50',
      'Total Pausen;0:00;0.00',
      'Ferientage bezogen;;0',
      '',
    ])
  })

  it('makes an A4 PDF with the totals and page numbers; an employee gets their own', async () => {
    const res = await download(`/api/time-sheets/${users.lena!.id}/2027-03.pdf`, lenaSession)
    expect(res.status).toBe(200)
    expect(res.type).toBe('application/pdf')
    const doc = await PDFDocument.load(res.bytes)
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()]
    expect([Math.round(w), Math.round(h)]).toEqual([842, 595])
    const text = pdfText(doc)
    expect(text).toContain('Stundenzettel 2027-03')
    expect(text).toContain('Mitarbeiter/in: lena')
    expect(text).toContain('Total Arbeitszeit: 17:30 (17.50 h)')
    expect(text).toContain('Total Soll: 14:30 (14.50 h)')
    expect(text).toContain('Überzeit: 3:00 (3.00 h)')
    expect(text).toContain('Ferientage bezogen: 5')
    expect(text).toContain('Seite 1 von 1')
    expect(text).toContain('läuft noch')
  })

  it('refuses a bad month (400), an unknown user (404), no session (401), another user to an employee (403)', async () => {
    for (const file of ['2027-13.csv', 'march.csv', '2027-03.xls']) {
      const res = await get(`/api/time-sheets/${users.tom!.id}/${file}`)
      expect(res.status).toBe(400)
      expect(res.body.errors[0].field).toBe('month')
    }
    expect((await get('/api/time-sheets/nobody/2027-03.csv')).status).toBe(404)
    expect((await get(`/api/time-sheets/${users.tom!.id}/2027-03.csv`, {})).status).toBe(401)
    expect((await get(`/api/time-sheets/${users.tom!.id}/2027-03.pdf`, lenaSession)).status).toBe(403)
  })
})
