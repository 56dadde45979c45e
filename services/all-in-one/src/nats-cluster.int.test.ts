import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect, type NatsConnection } from '@nats-io/transport-node'
import { openSocket, orderBody, post, seedTestCatalogue, type TestSocket } from '@shop/api/testing'
import { readersBehind } from '@shop/kit'
import {
  createTestDatabase,
  type NatsCluster,
  natsServerBinary,
  type ServiceProcess,
  serviceEnv,
  spawnServices,
  startNatsCluster,
  type TestDatabase,
} from '@shop/kit/testing'
import { jetStreamName } from '@shop/shared/contracts/subjects'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Issue 15, "NATS as a cluster": the shop against three local nats-server processes in one
// JetStream cluster (as infra/nats/cluster.conf), the events stream replicated three times
// (NATS_STREAM_REPLICAS=3), every service given all three nodes. Each node in turn is killed
// while orders are placed and started again: nothing accepted is lost or doubled in the stream,
// and an order's socket shows each change made while a node is down within 10 s.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..')
const branch = { id: 'b1', name: 'Filiale 1', apiKey: 'k-cluster-test-key', timeZone: 'Europe/Zurich' }
const staff = { 'x-api-key': branch.apiKey }

let t: TestDatabase
let cluster: NatsCluster
let procs: Record<string, ServiceProcess> = {}
let env: Record<string, string>
let nc: NatsConnection | undefined
let socket: TestSocket | undefined

beforeAll(async () => {
  t = await createTestDatabase({ max: 2 })
  await seedTestCatalogue({ db: t.db, bus: { notifyAppended() {} } }, [branch])
  cluster = await startNatsCluster(3)
  env = serviceEnv(t.url, [branch], { RATE_LIMITS: 'off', NATS_URL: cluster.url, NATS_STREAM_REPLICAS: '3' })
  // They wait for the cluster to elect its JetStream leader before the stream can be made.
  procs = await spawnServices(
    {
      api: 'services/api/src/main.ts',
      publisher: 'services/publisher/src/main.ts',
      projector: 'services/projector/src/main.ts',
      gateway: 'services/gateway/src/main.ts',
    },
    env,
    90_000,
  )
}, 120_000)

afterAll(async () => {
  await socket?.close()
  await nc?.close()
  await Promise.all(Object.values(procs).map((p) => p.kill('SIGTERM')))
  await cluster?.kill()
  await t?.drop()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

describe('the shop on a three-node NATS cluster', () => {
  it("infra/nats's configurations are valid for nats-server", () => {
    for (const [file, extra] of [
      ['infra/nats/nats-server.conf', {}],
      ['infra/nats/cluster.conf', { NATS_SERVER_NAME: 'nats1' }],
    ] as const) {
      const run = spawnSync(natsServerBinary(), ['-c', join(ROOT, file), '-t'], {
        env: { ...process.env, ...extra },
        encoding: 'utf8',
      })
      expect(run.status, `${file}: ${run.stderr}`).toBe(0)
      expect(run.stderr + run.stdout).toContain(`configuration file ${join(ROOT, file)} is valid`)
    }
  })

  it('any one node killed mid-load: nothing lost or doubled, the sockets stay live', async () => {
    const stream = jetStreamName(env.NATS_SUBJECT_ROOT!)
    nc = await connect({
      servers: cluster.nodes.map((n) => n.url),
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    })
    const jsm = await jetstreamManager(nc)
    expect((await jsm.streams.info(stream)).config.num_replicas).toBe(3)

    // One order watched from a customer's status page through the gateway.
    const watched = (await post(`${procs.api!.url}/api/orders`, orderBody(branch.id))).body.data as {
      id: string
      uid: string
      hash: string
    }
    socket = await openSocket(`${procs.gateway!.url.replace('http', 'ws')}/ws`)
    socket.send({ type: 'subscribe', topic: 'order', uid: watched.uid, hash: watched.hash })
    await socket.next((m) => m.type === 'snapshot')

    let stop = false
    const accepted: string[] = []
    const statuses = new Set<number>()
    const load = (async () => {
      for (let i = 0; !stop; i++) {
        const answers = await Promise.all(
          [0, 1, 2].map((k) =>
            post(`${procs.api!.url}/api/orders`, orderBody(branch.id, { email: `k${i}-${k}@example.com` })),
          ),
        )
        for (const a of answers) {
          statuses.add(a.status)
          if (a.status === 201) accepted.push(a.body.data.uid)
        }
      }
    })()

    // Each node in turn: killed mid-load, the watched order changed meanwhile, started again.
    const steps = ['confirm', 'in-delivery', 'delivered']
    for (const [i, node] of cluster.nodes.entries()) {
      await sleep(1000)
      await node.kill()
      const res = await post(`${procs.api!.url}/api/orders/${watched.id}/status/${steps[i]}`, {}, staff)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const changedAt = Date.now()
      await socket.next((m) => m.type === 'update' && m.version === res.body.data.version, 10_000)
      expect(Date.now() - changedAt).toBeLessThan(10_000)
      await sleep(1000)
      await node.start()
      // The node catches up with its peers before the next one goes (two of three must stay).
      await waitFor(`node ${i + 1} current again`, async () => {
        const info = await jsm.streams.info(stream).catch(() => undefined)
        const replicas = info?.cluster?.replicas ?? []
        return replicas.length === 2 && replicas.every((r) => r.current)
      })
    }
    stop = true
    await load

    // Every answer was an order (or a 503 to try again), and every accepted order is stored.
    expect(
      [...statuses].every((s) => s === 201 || s === 503),
      [...statuses].join(','),
    ).toBe(true)
    expect(accepted.length).toBeGreaterThan(20)
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT stream_id)::int AS n FROM es_events
       WHERE event_type = 'OrderCreated' AND data->>'uid' = ANY(${accepted})`.execute(t.db)
    expect(rows[0]!.n).toBe(accepted.length)

    // The stream holds every event of the store exactly once.
    await waitFor(
      'the publisher caught up',
      async () => (await readersBehind(t.db, ['publisher'])).length === 0,
    )
    const { rows: events } = await sql<{ id: string }>`SELECT event_id::text AS id FROM es_events`.execute(
      t.db,
    )
    // Right after the node's return the stream's replicas may still be catching up, and a
    // JetStream API request can time out meanwhile: the check asks again (the shop's own
    // clients have their own retries; this is the test's reading client).
    const patiently = async <T>(what: () => Promise<T>): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await what()
        } catch (err) {
          if (attempt >= 6 || (err as Error).name !== 'TimeoutError') throw err
          await new Promise((resolve) => setTimeout(resolve, 1000))
        }
      }
    }
    const js = jetstream(nc)
    const consumer = await patiently(() => js.consumers.get(stream, { deliver_policy: DeliverPolicy.All }))
    const ids: string[] = []
    const total = (await patiently(() => jsm.streams.info(stream))).state.messages
    while (ids.length < total) {
      const batch = await consumer.fetch({ max_messages: 500, expires: 2000 })
      for await (const m of batch) ids.push((m.json() as { eventId: string }).eventId)
    }
    expect(ids.length).toBe(events.length)
    expect(new Set(ids)).toEqual(new Set(events.map((e) => e.id)))

    for (const [name, p] of Object.entries(procs))
      expect(p.child.exitCode, `${name}:\n${p.output()}`).toBeNull()
  }, 120_000)
})
