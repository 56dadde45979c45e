import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'

// POST /api/working-schedules/copy-week on the real PostgreSQL and NATS (issue 20, the week
// plan's "copy last week"): the branch's shifts of one week land on the same weekdays and local
// times of the other week (across the change to summer time), absences and other branches' shifts
// stay, a second copy adds nothing, a retried key answers the first answer, and only admins copy.

let s: TestStack
let admin: Record<string, string>
let employee: Record<string, string>
const ids: Record<string, string> = {}

async function makeUser(username: string, roles: string[], branches: { id: string }[]) {
  const row = await createUser(
    { db: s.db.db },
    { username, password: `${username}-passwort-12`, displayName: username, roles, branches },
  )
  ids[username] = row.id
}

const plan = (body: Record<string, unknown>) =>
  call(s.url, 'POST', '/api/working-schedules', { body, headers: admin })
/** The shifts of branch b1 starting in the local week from Monday `from` (the list is wider: a shift's UTC days ±1). */
async function shiftsOfWeek(from: string, to: string) {
  const list = await call(s.url, 'GET', `/api/working-schedules?branch=b1&kind=shift&from=${from}&to=${to}`, {
    headers: admin,
  })
  const [first, last] = [Date.parse(`${from}T00:00:00+01:00`), Date.parse(`${to}T24:00:00+02:00`)]
  return (list.body.data as { id: string; start: string }[]).filter(
    (e) => Date.parse(e.start) >= first && Date.parse(e.start) < last,
  )
}
const copy = (body: unknown, headers: Record<string, string> = admin) =>
  call(s.url, 'POST', '/api/working-schedules/copy-week', { body, headers })

beforeAll(async () => {
  s = await startTestStack()
  await makeUser('planerin', ['ROLE_ADMIN'], [])
  await makeUser('baecker', ['ROLE_EMPLOYEE'], [{ id: 'b1' }])
  admin = (await login(s.url, 'planerin', 'planerin-passwort-12')).headers
  employee = (await login(s.url, 'baecker', 'baecker-passwort-12')).headers
})
afterAll(async () => {
  await s?.close()
})

describe('copy a week of the plan', () => {
  it("copies the branch's shifts of week 12 into week 13 with their local times, once", async () => {
    const u = ids.baecker!
    // Week 12 of 2027 (22–28 March; summer time begins in the night to Sunday 28th).
    const monday = await plan({
      kind: 'shift',
      userId: u,
      branchId: 'b1',
      start: '2027-03-22T05:00:00Z', // 06:00 CET
      end: '2027-03-22T13:00:00Z',
      breakMinutes: 30,
      note: 'Ofen',
    })
    expect(monday.status, JSON.stringify(monday.body)).toBe(201)
    // A split shift on Wednesday: two entries.
    for (const [start, end] of [
      ['2027-03-24T05:00:00Z', '2027-03-24T09:00:00Z'],
      ['2027-03-24T15:00:00Z', '2027-03-24T18:00:00Z'],
    ])
      expect((await plan({ kind: 'shift', userId: u, branchId: 'b1', start, end })).status).toBe(201)
    // Saturday night into summer time, 22:00–06:00 local: 7 hours.
    await plan({
      kind: 'shift',
      userId: u,
      branchId: 'b1',
      start: '2027-03-27T21:00:00Z',
      end: '2027-03-28T04:00:00Z',
    })
    // Not copied: another branch, an absence, another week.
    await plan({
      kind: 'shift',
      userId: u,
      branchId: 'b2',
      start: '2027-03-23T05:00:00Z',
      end: '2027-03-23T13:00:00Z',
    })
    await plan({ kind: 'holiday', userId: u, from: '2027-03-25', to: '2027-03-26' })
    await plan({
      kind: 'shift',
      userId: u,
      branchId: 'b1',
      start: '2027-03-15T05:00:00Z',
      end: '2027-03-15T13:00:00Z',
    })

    const body = { branchId: 'b1', fromWeek: '2027-W12', toWeek: '2027-W13' }
    const first = await copy(body, { ...admin, 'idempotency-key': 'copy-w12-w13' })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const made = first.body.data as Record<string, unknown>[]
    expect(made.map((e) => [e.start, e.end])).toEqual([
      // Summer time now: 06:00 local is 04:00 UTC.
      ['2027-03-29T04:00:00.000Z', '2027-03-29T12:00:00.000Z'],
      ['2027-03-31T04:00:00.000Z', '2027-03-31T08:00:00.000Z'],
      ['2027-03-31T14:00:00.000Z', '2027-03-31T17:00:00.000Z'],
      ['2027-04-03T20:00:00.000Z', '2027-04-04T04:00:00.000Z'],
    ])
    expect(made[0]).toMatchObject({
      kind: 'shift',
      userId: u,
      branchId: 'b1',
      breakMinutes: 30,
      note: 'Ofen',
      version: 1,
    })

    // Each copy is a plan entry like any other.
    const week13 = await shiftsOfWeek('2027-03-29', '2027-04-04')
    expect(week13.map((e) => e.id).sort()).toEqual(made.map((e) => e.id).sort())

    // The retry under the same key answers the first answer and writes nothing.
    const retry = await copy(body, { ...admin, 'idempotency-key': 'copy-w12-w13' })
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual(first.body)
    // A second copy (another key) finds every shift already planned.
    const again = await copy(body)
    expect(again.status).toBe(200)
    expect(again.body.data).toEqual([])
    expect(await shiftsOfWeek('2027-03-29', '2027-04-04')).toHaveLength(4)
  })

  it('refuses employees, bad weeks and unknown branches at their fields', async () => {
    const body = { branchId: 'b1', fromWeek: '2027-W12', toWeek: '2027-W14' }
    expect((await copy(body, employee)).status).toBe(403)
    expect((await call(s.url, 'POST', '/api/working-schedules/copy-week', { body })).status).toBe(401)
    const badWeek = await copy({ ...body, toWeek: '2027-W54' })
    expect(badWeek.status).toBe(400)
    expect(badWeek.body.errors[0].field).toBe('toWeek')
    const same = await copy({ ...body, toWeek: '2027-W12' })
    expect(same.status).toBe(400)
    expect(same.body.errors[0]).toEqual({ field: 'toWeek', message: 'Dieser Wert ist ungültig.' })
    const nowhere = await copy({ ...body, branchId: 'nowhere' })
    expect(nowhere.status).toBe(400)
    expect(nowhere.body.errors[0]).toEqual({ field: 'branchId', message: 'Dieser Eintrag existiert nicht.' })
    expect(await shiftsOfWeek('2027-04-05', '2027-04-11')).toEqual([])
  })
})
