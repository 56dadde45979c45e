import { orderBody, post, seedTestCatalogue } from '@shop/api/testing'
import {
  createTestDatabase,
  type ServiceProcess,
  serviceEnv,
  spawnService,
  spawnServices,
  startTcpProxy,
  type TcpProxy,
  type TestDatabase,
  testNatsUrl,
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
/** Between the `viaProxy` API and PostgreSQL. */
let pgProxy: TcpProxy

beforeAll(async () => {
  t = await createTestDatabase({ max: 2 })
  await seedTestCatalogue({ db: t.db, bus: { notifyAppended() {} } }, [branch])
  const env = serviceEnv(t.url, [branch], { RATE_LIMITS: 'off' })
  Object.assign(procs, await spawnServices(SERVICES, env))
  const pg = new URL(t.url)
  pgProxy = await startTcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) })
  // Short waits for a connection and for an answer, so the black hole below is over in seconds.
  procs.viaProxy = await spawnService(
    'api',
    SERVICES.api,
    { ...env, DATABASE_URL: pgProxy.via(t.url), PG_CONNECT_TIMEOUT_MS: '1000', PG_QUERY_TIMEOUT_MS: '1500' },
    60_000,
  )
}, 120_000)

afterAll(async () => {
  await Promise.all(Object.values(procs).map((p) => p.kill('SIGTERM')))
  await pgProxy?.close()
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

  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now()
    const value = await work()
    return { value, ms: performance.now() - started }
  }
  const placeTimed = (api: string, email: string) =>
    timed(() =>
      fetch(`${api}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(orderBody(branch.id, { email })),
      }),
    )
  /** Orders again until one is accepted: the pool opens new connections by itself. */
  const placesAgain = async (api: string, email: string) => {
    let status = 0
    for (let i = 0; i < 50 && status !== 201; i++) {
      if (i > 0) await sleep(200)
      status = (await post(`${api}/api/orders`, orderBody(branch.id, { email }))).status
    }
    return status
  }

  it('a database that refuses: 503 with Retry-After within 2 s, /readyz 503, and back by itself', async () => {
    const api = procs.viaProxy!.url
    expect(
      (await post(`${api}/api/orders`, orderBody(branch.id, { email: 'vorher@example.com' }))).status,
    ).toBe(201)
    await pgProxy.refuse()
    try {
      for (let i = 0; i < 3; i++) {
        const order = await placeTimed(api, `waehrend${i}@example.com`)
        expect(order.value.status).toBe(503)
        expect(order.value.headers.get('retry-after')).toBe('2')
        expect(((await order.value.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(
          /nicht erreichbar/,
        )
        expect(order.ms).toBeLessThan(2000)
        const ready = await timed(() => fetch(`${api}/readyz`))
        expect(ready.value.status).toBe(503)
        expect(ready.ms).toBeLessThan(2500)
        // It says what it waits for.
        const report = (await ready.value.json()) as {
          waitingFor: string[]
          checks: Record<string, { ok: boolean }>
        }
        expect(report.waitingFor).toEqual(['database'])
        expect(report.checks.nats?.ok).toBe(true)
      }
      expect((await fetch(`${api}/healthz`)).status).toBe(200)
    } finally {
      await pgProxy.accept()
    }
    // Back without a restart: the pool opens new connections.
    let status = 0
    for (let i = 0; i < 50 && status !== 201; i++) {
      if (i > 0) await sleep(200)
      status = (await post(`${api}/api/orders`, orderBody(branch.id, { email: 'nachher@example.com' })))
        .status
    }
    expect(status).toBe(201)
    expect((await fetch(`${api}/readyz`)).status).toBe(200)
    expect(procs.viaProxy!.child.exitCode).toBeNull()
  }, 60_000)

  it('a database that stops answering (a black hole): 503 in bounded time, not a hung request', async () => {
    const api = procs.viaProxy!.url
    expect(await placesAgain(api, 'vor-dem-loch@example.com')).toBe(201)
    pgProxy.blackhole()
    try {
      // Each waits for the connection timeout (1 s here) or the query timeout (1.5 s here).
      const answers = await Promise.all([0, 1, 2].map((i) => placeTimed(api, `im-loch${i}@example.com`)))
      for (const a of answers) {
        expect(a.value.status).toBe(503)
        expect(a.value.headers.get('retry-after')).toBe('2')
        expect(a.ms).toBeLessThan(4000)
      }
      const ready = await timed(() => fetch(`${api}/readyz`))
      expect(ready.value.status).toBe(503)
      expect(ready.ms).toBeLessThan(3000)
      const report = (await ready.value.json()) as {
        waitingFor: string[]
        checks: Record<string, { error?: string }>
      }
      expect(report.waitingFor).toEqual(['database'])
      expect(report.checks.database?.error).toBeTruthy()
    } finally {
      await pgProxy.accept()
    }
    expect(await placesAgain(api, 'nach-dem-loch@example.com')).toBe(201)
    expect((await fetch(`${api}/readyz`)).status).toBe(200)
    expect(procs.viaProxy!.child.exitCode).toBeNull()
  }, 60_000)

  it('a full disk (PostgreSQL refuses writes, SQLSTATE 53100): 503 to try again, nothing half-written', async () => {
    const api = procs.api!.url
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events`.execute(t.db)).rows[0]!.n
    // What PostgreSQL answers a write when its disk is full, raised where the append writes.
    await sql`CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$`.execute(
      t.db,
    )
    await sql`CREATE TRIGGER disk_full BEFORE INSERT ON es_events FOR EACH ROW EXECUTE FUNCTION disk_full()`.execute(
      t.db,
    )
    const before = await count()
    try {
      const res = await fetch(`${api}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(orderBody(branch.id, { email: 'voll@example.com' })),
      })
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('2')
      expect(await count()).toBe(before)
      // No stream row without its events either.
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM es_streams s
         WHERE NOT EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = s.stream_id)`.execute(t.db)
      expect(rows[0]!.n).toBe(0)
    } finally {
      await sql`DROP TRIGGER disk_full ON es_events`.execute(t.db)
      await sql`DROP FUNCTION disk_full()`.execute(t.db)
    }
    // Room again: the same order goes through.
    expect(await placesAgain(api, 'voll@example.com')).toBe(201)
    expect(procs.api!.child.exitCode).toBeNull()
  }, 30_000)

  it('a service started before NATS waits for it, says why, and starts once it is there', async () => {
    const nats = new URL(testNatsUrl())
    const natsProxy = await startTcpProxy({ host: nats.hostname, port: Number(nats.port || 4222) })
    await natsProxy.refuse()
    let publisher: ServiceProcess | undefined
    try {
      let waiting = () => {}
      const saidWaiting = new Promise<void>((resolve) => {
        waiting = resolve
      })
      const starting = spawnService(
        'publisher',
        SERVICES.publisher,
        serviceEnv(t.url, [branch], { NATS_URL: natsProxy.via(testNatsUrl()) }),
        30_000,
        (out) => {
          if (/waiting for NATS/.test(out)) waiting()
        },
      )
      // NATS comes once the service found it away (at most 20 s: a slow start under load), and
      // 2 s later (spawnService fails at once if the process exits meanwhile).
      await Promise.race([saidWaiting, sleep(20_000)])
      await sleep(2000)
      await natsProxy.accept()
      publisher = await starting
      expect(publisher.output()).toMatch(/waiting for NATS/)
      expect((await fetch(`${publisher.url}/readyz`)).status).toBe(200)
    } finally {
      await publisher?.kill('SIGTERM')
      await natsProxy.close()
    }
  }, 60_000)
})
