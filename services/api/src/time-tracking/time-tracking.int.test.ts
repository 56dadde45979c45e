import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { projectionsBehind, readStream, rebuildProjection } from '@shop/kit'
import { timeTrackingProjection } from '@shop/read-models'
import { workingTimeStreamId } from '@shop/shared/contracts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'

// Issue 20 over HTTP on the real PostgreSQL and NATS: the terminal by access token + username
// (start, pause, resume, end and every refusal with the spec's message), two terminals at once,
// Idempotency-Keys, a manager's correction beside the recorded times, the plan, projects and
// tasks as resources, holiday balances, and the read model rebuilt equal to the live one.

// Monday 1 March 2027, 06:00 in Zürich (the app clock; sessions keep the real one).
const HOUR = 3_600_000
let clock = Date.parse('2027-03-01T05:00:00Z')
let s: TestStack
let admin: Record<string, string>
let lenaSession: Record<string, string>
const users: Record<string, { id: string; token: string }> = {}

async function makeUser(username: string, roles: string[], branches: { id: string }[]) {
  const row = await createUser(
    { db: s.db.db },
    { username, password: `${username}-passwort-12`, displayName: username, roles, branches },
  )
  users[username] = { id: row.id, token: String(row.data.accessToken) }
}

const terminal = (username: string, path: string) =>
  `/api/time-tracking/${users[username]!.token}/${username}/${path}`

async function act(username: string, action: string, body?: unknown, headers: Record<string, string> = {}) {
  return call(s.url, 'POST', terminal(username, `working-activities/${action}`), {
    body: body ?? {},
    headers,
  })
}

async function caughtUp() {
  const deadline = Date.now() + 20_000
  while ((await projectionsBehind(s.db.db, [timeTrackingProjection])).length > 0) {
    if (Date.now() > deadline) throw new Error('the time-tracking projection did not catch up')
    await new Promise((r) => setTimeout(r, 30))
  }
}

beforeAll(async () => {
  s = await startTestStack({ now: () => new Date(clock) })
  await makeUser('chefin', ['ROLE_ADMIN'], [])
  await makeUser('lena', ['ROLE_EMPLOYEE'], [{ id: 'b1' }])
  await makeUser('tom', ['ROLE_EMPLOYEE'], [{ id: 'b1' }])
  await makeUser('mia', ['ROLE_EMPLOYEE'], [{ id: 'b1' }])
  admin = (await login(s.url, 'chefin', 'chefin-passwort-12')).headers
  lenaSession = (await login(s.url, 'lena', 'lena-passwort-12')).headers
})
afterAll(async () => {
  await s?.close()
})

describe('the terminal (access token + username)', () => {
  it('answers one 404 for a wrong token, a wrong username or both, without saying which', async () => {
    const wrong = [
      `/api/time-tracking/not-the-token/lena/working-activities`,
      `/api/time-tracking/${users.lena!.token}/nobody/working-activities`,
      `/api/time-tracking/${users.tom!.token}/lena/working-activities`,
      `/api/time-tracking/${users.lena!.token}/nobody/working-schedules`,
    ]
    const answers = await Promise.all(wrong.map((path) => call(s.url, 'GET', path)))
    for (const a of answers) expect(a.status).toBe(404)
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1)
    const post = await call(s.url, 'POST', `/api/time-tracking/wrong/lena/working-activities/start`, {
      body: { branchId: 'b1' },
    })
    expect(post.status).toBe(404)
    expect(post.body).toEqual(answers[0]!.body)
    const me = await call(s.url, 'GET', terminal('lena', 'me'))
    expect(me.status).toBe(200)
    expect(me.body.data.user.username).toBe('lena')
  })

  it('starts, pauses, resumes and ends; each answer is the new state', async () => {
    const empty = await call(s.url, 'GET', terminal('lena', 'working-activities'))
    expect(empty.status).toBe(200)
    expect(empty.body.data).toMatchObject({
      current: null,
      timeZone: 'Europe/Zurich',
      today: { date: '2027-03-01' },
    })

    const started = await act('lena', 'start', { branchId: 'b1' })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.data.current).toMatchObject({
      status: 'running',
      branchId: 'b1',
      start: '2027-03-01T05:00:00.000Z',
    })
    clock += 2 * HOUR
    const paused = await act('lena', 'pause')
    expect(paused.body.data.current).toMatchObject({ status: 'paused', workedSeconds: 7200 })
    clock += HOUR / 2
    const resumed = await act('lena', 'resume')
    expect(resumed.body.data.current).toMatchObject({ status: 'running', breakSeconds: 1800 })
    clock += 3 * HOUR
    const ended = await act('lena', 'end')
    expect(ended.status).toBe(200)
    expect(ended.body.data.current).toBeNull()
    expect(ended.body.data.today).toMatchObject({ workedSeconds: 5 * 3600, breakSeconds: 1800 })
    expect(ended.body.data.today.activities).toHaveLength(1)
    expect(ended.body.data.week).toMatchObject({
      from: '2027-03-01',
      to: '2027-03-07',
      workedSeconds: 5 * 3600,
    })
    const again = await call(s.url, 'GET', terminal('lena', 'working-activities'))
    expect(again.body.data.today).toEqual(ended.body.data.today)
  })

  it('refuses each wrong action with the spec message and the reason, changing nothing', async () => {
    const before = (await readStream(s.db.db, workingTimeStreamId(users.lena!.id))).version
    const refusals: [string, string][] = [
      ['end', 'Aktivität konnte nicht beendet werden. Es läuft keine Aktivität.'],
      ['pause', 'Aktivität konnte nicht pausiert werden. Es läuft keine Aktivität.'],
      ['resume', 'Aktivität konnte nicht fortgesetzt werden. Es läuft keine Aktivität.'],
    ]
    for (const [action, message] of refusals) {
      const res = await act('lena', action)
      expect(res.status).toBe(409)
      expect(res.body.errors[0].message).toBe(message)
    }
    clock += HOUR
    expect((await act('lena', 'start', { branchId: 'b1' })).status).toBe(200)
    const twice = await act('lena', 'start', { branchId: 'b1' })
    expect(twice.status).toBe(409)
    expect(twice.body.errors[0].message).toBe(
      'Aktivität konnte nicht gestartet werden. Es läuft bereits eine Aktivität.',
    )
    const notPaused = await act('lena', 'resume')
    expect(notPaused.body.errors[0].message).toBe(
      'Aktivität konnte nicht fortgesetzt werden. Die Aktivität ist nicht pausiert.',
    )
    expect((await act('lena', 'pause')).status).toBe(200)
    const pausedTwice = await act('lena', 'pause')
    expect(pausedTwice.status).toBe(409)
    expect(pausedTwice.body.errors[0].message).toBe(
      'Aktivität konnte nicht pausiert werden. Die Aktivität ist bereits pausiert.',
    )
    // In English when asked.
    const en = await call(s.url, 'POST', terminal('lena', 'working-activities/pause'), {
      body: {},
      headers: { 'accept-language': 'en' },
    })
    expect(en.body.errors[0].message).toBe(
      'The activity could not be paused. The activity is already paused.',
    )
    clock += HOUR
    expect((await act('lena', 'end')).status).toBe(200)
    // Two refusals and two successes were appended: four events, no more.
    expect((await readStream(s.db.db, workingTimeStreamId(users.lena!.id))).version).toBe(before + 3)
  })

  it('refuses a bad start body, an unknown branch and a branch the user does not belong to', async () => {
    const missing = await act('mia', 'start', {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].field).toBe('branchId')
    const unknown = await act('mia', 'start', { branchId: 'nowhere' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0]).toEqual({
      field: 'branchId',
      message: 'Aktivität konnte nicht gestartet werden. Diese Filiale gibt es nicht.',
    })
    const other = await act('mia', 'start', { branchId: 'b2' })
    expect(other.status).toBe(400)
    expect(other.body.errors[0].message).toContain('Sie gehören nicht zu dieser Filiale.')
    expect((await readStream(s.db.db, workingTimeStreamId(users.mia!.id))).version).toBe(0)
  })

  it('answers a retry under the same Idempotency-Key as the first time, writing once', async () => {
    const headers = { 'idempotency-key': 'start-mia-1' }
    const first = await act('mia', 'start', { branchId: 'b1' }, headers)
    const retry = await act('mia', 'start', { branchId: 'b1' }, headers)
    expect(first.status).toBe(200)
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual(first.body)
    expect((await readStream(s.db.db, workingTimeStreamId(users.mia!.id))).version).toBe(1)
    clock += HOUR
    expect((await act('mia', 'end')).status).toBe(200)
  })

  it('two terminals starting the same user at once: exactly one activity, the others refused', async () => {
    clock += HOUR
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => act('tom', 'start', { branchId: 'b1' })),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409])
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.errors[0].message).toBe(
        'Aktivität konnte nicht gestartet werden. Es läuft bereits eine Aktivität.',
      )
    const stream = await readStream(s.db.db, workingTimeStreamId(users.tom!.id))
    expect(stream.events.map((e) => e.type)).toEqual(['WorkingActivityStarted'])
    // And two ends at once: one ends it, the other finds nothing running.
    clock += HOUR
    const ends = await Promise.all([act('tom', 'end'), act('tom', 'end')])
    expect(ends.map((a) => a.status).sort()).toEqual([200, 409])
  })
})

describe('corrections', () => {
  let activityId: string
  beforeAll(async () => {
    // Lena forgets to clock out on Tuesday.
    clock = Date.parse('2027-03-02T05:00:00Z')
    const started = await act('lena', 'start', { branchId: 'b1' })
    activityId = started.body.data.current.id
    clock = Date.parse('2027-03-03T07:00:00Z')
    await caughtUp()
  })

  it('are for managers, with a reason; bad times are refused with the field', async () => {
    const body = {
      start: '2027-03-02T05:00:00Z',
      end: '2027-03-02T13:00:00Z',
      reason: 'Ausstempeln vergessen',
    }
    const path = `/api/working-activities/${activityId}/corrections`
    expect((await call(s.url, 'POST', path, { body })).status).toBe(401)
    expect((await call(s.url, 'POST', path, { body, headers: lenaSession })).status).toBe(403)
    const noReason = await call(s.url, 'POST', path, { body: { ...body, reason: ' ' }, headers: admin })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors[0].field).toBe('reason')
    const negative = await call(s.url, 'POST', path, {
      body: { ...body, end: '2027-03-02T04:00:00Z' },
      headers: admin,
    })
    expect(negative.status).toBe(400)
    expect(negative.body.errors[0]).toEqual({
      field: 'end',
      message: 'Aktivität konnte nicht korrigiert werden. Das Ende muss nach dem Beginn liegen.',
    })
    const overlap = await call(s.url, 'POST', path, {
      body: { ...body, start: '2027-03-01T09:00:00Z' },
      headers: admin,
    })
    expect(overlap.status).toBe(400)
    expect(overlap.body.errors[0].message).toContain('überschneiden sich mit einer anderen Aktivität')
    const unknown = await call(s.url, 'POST', '/api/working-activities/nope/corrections', {
      body,
      headers: admin,
    })
    expect(unknown.status).toBe(404)
  })

  it('ends the forgotten activity; the recorded times and who corrected why stay visible', async () => {
    const path = `/api/working-activities/${activityId}/corrections`
    const res = await call(s.url, 'POST', path, {
      body: {
        start: '2027-03-02T05:00:00Z',
        end: '2027-03-02T13:00:00Z',
        pauses: [{ start: '2027-03-02T09:00:00Z', end: '2027-03-02T09:30:00Z' }],
        reason: 'Ausstempeln vergessen',
      },
      headers: admin,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({
      status: 'ended',
      isCorrected: true,
      end: '2027-03-02T13:00:00.000Z',
      workedSeconds: 7.5 * 3600,
      recorded: { start: '2027-03-02T05:00:00.000Z', end: null },
      corrections: [{ reason: 'Ausstempeln vergessen', by: { id: users.chefin!.id, name: 'chefin' } }],
    })
    // The terminal is free again.
    const state = await call(s.url, 'GET', terminal('lena', 'working-activities'))
    expect(state.body.data.current).toBeNull()
    await caughtUp()
    const listed = await call(
      s.url,
      'GET',
      `/api/working-activities?user=${users.lena!.id}&from=2027-03-02&to=2027-03-02`,
      {
        headers: admin,
      },
    )
    expect(listed.status).toBe(200)
    expect(listed.body.data).toHaveLength(1)
    expect(listed.body.data[0]).toEqual(res.body.data)
    const one = await call(s.url, 'GET', `/api/working-activities/${activityId}`, { headers: lenaSession })
    expect(one.status).toBe(200)
    expect(one.body.data).toEqual(res.body.data)
    const days = await call(s.url, 'GET', `/api/working-activities/days?user=${users.lena!.id}`, {
      headers: admin,
    })
    // Monday: 5 h worked and ½ h break, then an activity paused from its start for an hour.
    expect(days.body.data).toEqual([
      {
        userId: users.lena!.id,
        date: '2027-03-01',
        workedSeconds: 5 * 3600,
        breakSeconds: 1.5 * 3600,
        activities: 2,
      },
      {
        userId: users.lena!.id,
        date: '2027-03-02',
        workedSeconds: 7.5 * 3600,
        breakSeconds: 1800,
        activities: 1,
      },
    ])
  })

  it('employees read their own activities only', async () => {
    const own = await call(s.url, 'GET', '/api/working-activities', { headers: lenaSession })
    expect(own.status).toBe(200)
    expect(new Set(own.body.data.map((a: { userId: string }) => a.userId))).toEqual(new Set([users.lena!.id]))
    const other = await call(s.url, 'GET', `/api/working-activities?user=${users.tom!.id}`, {
      headers: lenaSession,
    })
    expect(other.body.data).toEqual([])
    const tomsId = (
      await call(s.url, 'GET', `/api/working-activities?user=${users.tom!.id}`, { headers: admin })
    ).body.data[0].id
    expect(
      (await call(s.url, 'GET', `/api/working-activities/${tomsId}`, { headers: lenaSession })).status,
    ).toBe(404)
    expect((await call(s.url, 'GET', `/api/working-activities/${tomsId}`, { headers: admin })).status).toBe(
      200,
    )
    expect((await call(s.url, 'GET', '/api/working-activities')).status).toBe(401)
  })
})

describe('the plan, projects and tasks', () => {
  it('takes shifts and absences, refusing bad input at its field', async () => {
    const shift = {
      kind: 'shift',
      userId: users.lena!.id,
      branchId: 'b1',
      start: '2027-03-08T05:00:00Z',
      end: '2027-03-08T13:00:00Z',
      breakMinutes: 30,
      note: 'Frühschicht',
    }
    const created = await call(s.url, 'POST', '/api/working-schedules', { body: shift, headers: admin })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const bad = await call(s.url, 'POST', '/api/working-schedules', {
      body: { ...shift, end: '2027-03-08T04:00:00Z', from: '2027-03-08' },
      headers: admin,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['end', 'from'])
    const noStart = await call(s.url, 'POST', '/api/working-schedules', {
      body: { kind: 'shift', userId: users.lena!.id, branchId: 'b1', end: '2027-03-08T13:00:00Z' },
      headers: admin,
    })
    expect(noStart.status).toBe(400)
    expect(noStart.body.errors).toEqual([{ field: 'start', message: 'Dieser Wert sollte nicht leer sein.' }])
    const unknownUser = await call(s.url, 'POST', '/api/working-schedules', {
      body: { ...shift, userId: 'ghost' },
      headers: admin,
    })
    expect(unknownUser.status).toBe(400)
    expect(unknownUser.body.errors[0].field).toBe('userId')
    const holiday = await call(s.url, 'POST', '/api/working-schedules', {
      body: { kind: 'holiday', userId: users.lena!.id, from: '2027-02-15', to: '2027-02-19' },
      headers: admin,
    })
    expect(holiday.status, JSON.stringify(holiday.body)).toBe(201)
    await call(s.url, 'POST', '/api/working-schedules', {
      body: { kind: 'holiday', userId: users.lena!.id, from: '2027-07-05', to: '2027-07-16' },
      headers: admin,
    })
    await call(s.url, 'POST', '/api/working-schedules', {
      body: {
        kind: 'shift',
        userId: users.tom!.id,
        branchId: 'b1',
        start: '2027-03-08T05:00:00Z',
        end: '2027-03-08T09:00:00Z',
      },
      headers: admin,
    })
    expect(
      (await call(s.url, 'POST', '/api/working-schedules', { body: shift, headers: lenaSession })).status,
    ).toBe(403)

    // The list's query; an employee sees their own entries.
    const week = await call(s.url, 'GET', '/api/working-schedules?from=2027-03-08&to=2027-03-14&kind=shift', {
      headers: admin,
    })
    expect(week.body.data).toHaveLength(2)
    const own = await call(s.url, 'GET', '/api/working-schedules', { headers: lenaSession })
    expect(own.body.data).toHaveLength(3)
    const onTerminal = await call(
      s.url,
      'GET',
      terminal('lena', 'working-schedules?from=2027-03-01&to=2027-03-14'),
    )
    expect(onTerminal.status).toBe(200)
    expect(onTerminal.body.data.map((e: { kind: string }) => e.kind)).toEqual(['shift'])
    const bothWeeks = await call(s.url, 'GET', terminal('lena', 'working-schedules'))
    expect(bothWeeks.body.data).toHaveLength(1)
  })

  it('takes projects and tasks; a task needs its project; time booked against a task names its project', async () => {
    const project = await call(s.url, 'POST', '/api/projects', {
      body: { name: 'Hochzeit Meier', branchId: 'b1' },
      headers: admin,
    })
    expect(project.status, JSON.stringify(project.body)).toBe(201)
    expect(project.body.data).toMatchObject({ isActive: true })
    const blank = await call(s.url, 'POST', '/api/projects', { body: { name: ' ' }, headers: admin })
    expect(blank.status).toBe(400)
    expect(blank.body.errors[0].field).toBe('name')
    const orphan = await call(s.url, 'POST', '/api/tasks', {
      body: { projectId: 'nope', name: 'Apéro' },
      headers: admin,
    })
    expect(orphan.status).toBe(400)
    expect(orphan.body.errors[0].field).toBe('projectId')
    const task = await call(s.url, 'POST', '/api/tasks', {
      body: { projectId: project.body.data.id, name: 'Apéro' },
      headers: admin,
    })
    expect(task.status).toBe(201)
    const tasks = await call(s.url, 'GET', `/api/tasks?project=${project.body.data.id}`, {
      headers: lenaSession,
    })
    expect(tasks.body.data.map((t: { name: string }) => t.name)).toEqual(['Apéro'])

    clock = Date.parse('2027-03-04T05:00:00Z')
    const started = await act('mia', 'start', { branchId: 'b1', taskId: task.body.data.id })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.data.current).toMatchObject({
      projectId: project.body.data.id,
      taskId: task.body.data.id,
    })
    clock += HOUR
    await act('mia', 'end')
    const wrongTask = await act('mia', 'start', { branchId: 'b1', taskId: 'nope' })
    expect(wrongTask.status).toBe(400)
    expect(wrongTask.body.errors[0].field).toBe('taskId')

    const refused = await call(s.url, 'DELETE', `/api/projects/${project.body.data.id}`, { headers: admin })
    expect(refused.status).not.toBe(200)
    expect(refused.body.errors[0].message).toContain('Apéro')
  })
})

describe('holiday balances', () => {
  it('give entitlement, taken, planned and balance per user and year', async () => {
    const lena = await call(s.url, 'GET', `/api/users/${users.lena!.id}`, { headers: admin })
    const put = await call(s.url, 'PUT', `/api/users/${users.lena!.id}`, {
      headers: admin,
      body: { ...lena.body.data, holidayDaysPerYear: 25, hourlyRate: 3250 },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(put.body.data).toMatchObject({ holidayDaysPerYear: 25, hourlyRate: 3250 })
    const res = await call(s.url, 'GET', '/api/time-sheets/holiday-balances?year=2027', { headers: admin })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.find((b: { userId: string }) => b.userId === users.lena!.id)).toEqual({
      userId: users.lena!.id,
      username: 'lena',
      displayName: 'lena',
      year: 2027,
      entitlementDays: 25,
      takenDays: 5,
      plannedDays: 10,
      balanceDays: 10,
    })
    expect(res.body.data.find((b: { userId: string }) => b.userId === users.tom!.id)).toMatchObject({
      entitlementDays: null,
      balanceDays: null,
    })
    const own = await call(s.url, 'GET', '/api/time-sheets/holiday-balances', { headers: lenaSession })
    expect(own.body.data.map((b: { userId: string }) => b.userId)).toEqual([users.lena!.id])
    const bad = await call(s.url, 'GET', '/api/time-sheets/holiday-balances?year=27', { headers: admin })
    expect(bad.status).toBe(400)
  })
})

describe('the read model', () => {
  async function snapshot() {
    const rows = async (query: ReturnType<typeof sql>) => (await query.execute(s.db.db)).rows
    return {
      users: await rows(sql`SELECT * FROM tt_users ORDER BY user_id`),
      activities: await rows(sql`SELECT to_jsonb(t) AS row FROM tt_activities t ORDER BY activity_id`),
      days: await rows(sql`SELECT to_jsonb(t) AS row FROM tt_user_days t ORDER BY user_id, day`),
    }
  }

  it('rebuilt from the first event equals the live one', async () => {
    // A correction that moves an activity to another day leaves no empty day behind.
    await caughtUp()
    const toms = await call(s.url, 'GET', `/api/working-activities?user=${users.tom!.id}`, { headers: admin })
    const moved = await call(s.url, 'POST', `/api/working-activities/${toms.body.data[0].id}/corrections`, {
      body: { start: '2027-02-28T10:00:00Z', end: '2027-02-28T12:00:00Z', reason: 'Am Sonntag gearbeitet' },
      headers: admin,
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    await caughtUp()
    const days = await call(s.url, 'GET', `/api/working-activities/days?user=${users.tom!.id}`, {
      headers: admin,
    })
    expect(days.body.data).toEqual([
      { userId: users.tom!.id, date: '2027-02-28', workedSeconds: 7200, breakSeconds: 0, activities: 1 },
    ])
    const live = await snapshot()
    expect(live.activities.length).toBeGreaterThanOrEqual(6)
    expect(live.activities.some((a: any) => a.row.is_corrected)).toBe(true)
    await rebuildProjection(s.db.db, timeTrackingProjection)
    expect(await snapshot()).toEqual(live)
  })
})
