import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'

// The terminal's project list (docs/time-tracking.md "The terminal"): GET
// /api/time-tracking/{token}/{username}/projects on the real PostgreSQL and NATS. The terminal
// has no staff session, so this is where it learns what the user may book time on.

let s: TestStack
let admin: Record<string, string>
const users: Record<string, { id: string; token: string }> = {}

async function makeUser(username: string, roles: string[], branches: { id: string }[]) {
  const row = await createUser(
    { db: s.db.db },
    { username, password: `${username}-passwort-12`, displayName: username, roles, branches },
  )
  users[username] = { id: row.id, token: String(row.data.accessToken) }
}

const projectsOf = (username: string, token = users[username]!.token) =>
  call(s.url, 'GET', `/api/time-tracking/${token}/${username}/projects`)

async function created(path: string, body: unknown): Promise<{ id: string }> {
  const res = await call(s.url, 'POST', path, { body, headers: admin })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

beforeAll(async () => {
  s = await startTestStack()
  await makeUser('chefin', ['ROLE_ADMIN'], [])
  await makeUser('lena', ['ROLE_EMPLOYEE'], [{ id: 'b1' }])
  await makeUser('otto', ['ROLE_EMPLOYEE'], [{ id: 'b2' }])
  admin = (await login(s.url, 'chefin', 'chefin-passwort-12')).headers
})
afterAll(async () => {
  await s?.close()
})

describe('the terminal lists the projects and tasks a user may book on', () => {
  it('answers an empty list while the shop has no projects', async () => {
    const res = await projectsOf('lena')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
  })

  it("gives the active projects of the user's branches and those for every branch, with their tasks by name", async () => {
    const wedding = await created('/api/projects', { name: 'Hochzeit Meier', branchId: 'b1' })
    const everywhere = await created('/api/projects', { name: 'Apéro-Service' })
    const other = await created('/api/projects', { name: 'Firmenfest Zweite', branchId: 'b2' })
    await created('/api/projects', { name: 'Alter Auftrag', branchId: 'b1', isActive: false })
    const cake = await created('/api/tasks', { projectId: wedding.id, name: 'Torte' })
    const buffet = await created('/api/tasks', { projectId: wedding.id, name: 'Buffet' })
    await created('/api/tasks', { projectId: other.id, name: 'Aufbau' })

    const lena = await projectsOf('lena')
    expect(lena.status).toBe(200)
    expect(lena.body.data).toEqual([
      { id: everywhere.id, name: 'Apéro-Service', branchId: null, tasks: [] },
      {
        id: wedding.id,
        name: 'Hochzeit Meier',
        branchId: 'b1',
        tasks: [
          { id: buffet.id, name: 'Buffet' },
          { id: cake.id, name: 'Torte' },
        ],
      },
    ])

    const otto = await projectsOf('otto')
    expect(otto.body.data.map((p: { name: string }) => p.name)).toEqual([
      'Apéro-Service',
      'Firmenfest Zweite',
    ])
    // An admin acts for every branch: every active project.
    const chefin = await projectsOf('chefin')
    expect(chefin.body.data.map((p: { name: string }) => p.name)).toEqual([
      'Apéro-Service',
      'Firmenfest Zweite',
      'Hochzeit Meier',
    ])

    // What the list offers, the start takes.
    const started = await call(
      s.url,
      'POST',
      `/api/time-tracking/${users.lena!.token}/lena/working-activities/start`,
      { body: { branchId: 'b1', taskId: cake.id } },
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.data.current).toMatchObject({ projectId: wedding.id, taskId: cake.id })
  })

  it('answers the same 404 as the other terminal routes for a wrong token or username', async () => {
    const wrongToken = await projectsOf('lena', 'not-the-token')
    const wrongUser = await call(s.url, 'GET', `/api/time-tracking/${users.lena!.token}/nobody/projects`)
    const otherToken = await projectsOf('lena', users.otto!.token)
    const reference = await call(s.url, 'GET', `/api/time-tracking/not-the-token/lena/working-activities`)
    for (const res of [wrongToken, wrongUser, otherToken]) {
      expect(res.status).toBe(404)
      expect(res.body).toEqual(reference.body)
    }
  })
})
