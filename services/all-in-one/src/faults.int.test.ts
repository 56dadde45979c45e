import { orderBody, post, seedTestCatalogue } from '@shop/api/testing'
import {
  createTestDatabase,
  type ServiceProcess,
  spawnService,
  type TestDatabase,
  testNatsUrl,
  uniqueSubjectRoot,
} from '@shop/kit/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Faults injected into the distributed layout (issue 15): each service its own process on the
// real PostgreSQL and NATS, broken from outside the way operations break them.

const branch = { id: 'b1', name: 'Filiale 1', apiKey: 'k-faults-test-key', timeZone: 'Europe/Zurich' }
const SERVICES = {
  api: 'services/api/src/main.ts',
  publisher: 'services/publisher/src/main.ts',
  projector: 'services/projector/src/main.ts',
  notifier: 'services/notifier/src/main.ts',
}
let t: TestDatabase
const procs: Record<string, ServiceProcess> = {}

beforeAll(async () => {
  t = await createTestDatabase({ max: 2 })
  await seedTestCatalogue({ db: t.db, bus: { notifyAppended() {} } }, [branch])
  const env = {
    DATABASE_URL: t.url,
    NATS_URL: testNatsUrl(),
    NATS_SUBJECT_ROOT: uniqueSubjectRoot(),
    SHOP_BRANCHES: JSON.stringify([branch]),
    PG_POOL_MAX: '3',
    RATE_LIMITS: 'off',
  }
  const started = await Promise.all(
    Object.entries(SERVICES).map(
      async ([name, entry]) => [name, await spawnService(name, entry, env, 60_000)] as const,
    ),
  )
  for (const [name, p] of started) procs[name] = p
}, 120_000)

afterAll(async () => {
  await Promise.all(Object.values(procs).map((p) => p.kill('SIGTERM')))
  await t?.drop()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Ends every server process of the services' connections, as `pg_terminate_backend` would in a failover. */
async function terminateServiceConnections(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = ANY(${Object.keys(SERVICES)})`.execute(t.db)
  return rows[0]!.n
}

describe('faults in the distributed layout', () => {
  it('connections ended under load: no process exits, and every accepted order is stored and projected', async () => {
    let stop = false
    const killer = (async () => {
      let ended = 0
      while (!stop) {
        ended += await terminateServiceConnections()
        await sleep(150)
      }
      return ended
    })()
    const answers: { status: number; uid?: string }[] = []
    const place = async (i: number) => {
      const res = await post(
        `${procs.api!.url}/api/orders`,
        orderBody(branch.id, { email: `kunde${i}@example.com` }),
      )
      answers.push({ status: res.status, uid: res.status === 201 ? res.body.data.uid : undefined })
    }
    // Orders four at a time for 4 s (80 at least), while every service's connections keep being
    // ended.
    const until = Date.now() + 4000
    for (let i = 0; i < 80 || Date.now() < until; i += 4)
      await Promise.all([0, 1, 2, 3].map((k) => place(i + k)))
    stop = true
    const ended = await killer
    expect(ended).toBeGreaterThan(20)

    // Nobody died: every process is still there and answers.
    for (const [name, p] of Object.entries(procs)) {
      expect(p.child.exitCode, `${name} exited:\n${p.output()}`).toBeNull()
      expect((await fetch(`${p.url}/healthz`)).status, name).toBe(200)
    }
    // Each answer is an order or a 503 to try again; never a 500.
    const statuses = [...new Set(answers.map((a) => a.status))].sort()
    expect(
      statuses.every((s) => s === 201 || s === 503),
      `statuses ${statuses}`,
    ).toBe(true)
    const accepted = answers.flatMap((a) => (a.uid ? [a.uid] : []))
    expect(accepted.length).toBeGreaterThan(20)

    // Every accepted order is in the event store and reaches the read model (the publisher and
    // the projector recover by themselves).
    const projectedCount = async () =>
      (await t.db.selectFrom('rm_orders').select('uid').where('uid', 'in', accepted).execute()).length
    let projected = await projectedCount()
    for (let i = 0; i < 100 && projected < accepted.length; i++) {
      await sleep(200)
      projected = await projectedCount()
    }
    expect(projected).toBe(accepted.length)
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT stream_id)::int AS n FROM es_events
       WHERE event_type = 'OrderCreated' AND data->>'uid' = ANY(${accepted})`.execute(t.db)
    expect(rows[0]!.n).toBe(accepted.length)
  }, 120_000)
})
