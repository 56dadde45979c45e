import { randomBytes } from 'node:crypto'
import { seedTestCatalogue, testOrderBody } from '@shop/api/testing'
import { connectPostgres, migrateToLatest } from '@shop/kit'
import { type ServiceProcess, spawnServices, startNatsServer } from '@shop/kit/testing'
import WebSocket from 'ws'
import { adminQuery, benchSubjectRoot } from './bench-support.ts'

// Issue 15: the time from NATS's return until every open socket is current, with 1,000 sockets.
// The distributed layout (API, publisher, projector, two gateways; each its own process) runs on
// the real PostgreSQL and a private nats-server. 1,000 orders in 20 branches; 980 sockets each
// watch an order, 20 watch the branches' boards, half on each gateway. NATS is killed; every order
// is confirmed meanwhile (the API and the projector need only the database); 15 s after the kill
// NATS starts again, and the clock runs from the moment it accepts connections until every
// socket shows every order it watches at the version the read model holds.
//
// Baseline, same run: what the same sockets cost when they all connect anew and take their
// snapshots (what a gateway restart, or clients reconnecting, would cost), from the first
// connect until every snapshot has arrived.

export type OutageResult = {
  sockets: number
  orders: number
  /** From NATS accepting connections until every socket is current (ms). */
  currentMs: number
  /** The baseline: the same sockets connecting anew until every snapshot arrived (ms). */
  reconnectMs: number
  /** Sockets still stale when the wait gave up (0 when all became current). */
  stale: number
  /** Sockets already current before NATS returned (0: the outage hid every change). */
  currentBefore: number
}

type Msg = {
  type: string
  topic?: string
  uid?: string
  orderId?: string
  version?: number
  orders?: { orderId: string; version: number }[]
}

/** A socket and the highest version of each order it has shown. */
type Watcher = { ws: WebSocket; seen: Map<string, number>; watches: string[]; snapshot: Promise<void> }

function watch(
  url: string,
  subscribe: Record<string, unknown>,
  watches: string[],
  keyOf: 'uid' | 'orderId',
): Watcher {
  const ws = new WebSocket(url)
  const seen = new Map<string, number>()
  let snapped: () => void = () => {}
  const snapshot = new Promise<void>((resolve) => {
    snapped = resolve
  })
  const note = (id: string | undefined, version: number | undefined) => {
    if (id !== undefined && version !== undefined && version > (seen.get(id) ?? 0)) seen.set(id, version)
  }
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Msg
    if (m.type === 'snapshot') {
      if (m.topic === 'board') for (const o of m.orders ?? []) note(o.orderId, o.version)
      else note(m.uid, m.version)
      snapped()
    } else if (m.type === 'update') note(keyOf === 'uid' ? m.uid : m.orderId, m.version)
  })
  ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', ...subscribe })))
  ws.on('error', () => {})
  return { ws, seen, watches, snapshot }
}

export async function benchNatsOutage(opts: {
  adminUrl: string
  sockets?: number
  branches?: number
  outageMs?: number
}): Promise<OutageResult> {
  const sockets = opts.sockets ?? 1000
  const branchCount = opts.branches ?? 20
  const outageMs = opts.outageMs ?? 15_000
  const boardSockets = branchCount
  const orderSockets = sockets - boardSockets
  const dbName = `shop_bench_outage_${randomBytes(4).toString('hex')}`
  const dbUrl = new URL(opts.adminUrl)
  dbUrl.pathname = `/${dbName}`
  const branches = Array.from({ length: branchCount }, (_, i) => ({
    id: `b${i}`,
    name: `Filiale ${i}`,
    apiKey: randomBytes(16).toString('hex'),
    timeZone: 'Europe/Zurich',
  }))
  await adminQuery(opts.adminUrl, `CREATE DATABASE "${dbName}"`)
  const nats = await startNatsServer()
  let procs: Record<string, ServiceProcess> = {}
  const all: Watcher[] = []
  const db = connectPostgres({ url: dbUrl.toString(), max: 2 })
  try {
    await migrateToLatest(db.db as never)
    await seedTestCatalogue({ db: db.db, bus: { notifyAppended() {} } }, branches)
    procs = await spawnServices(
      {
        api: 'services/api/src/main.ts',
        publisher: 'services/publisher/src/main.ts',
        projector: 'services/projector/src/main.ts',
        gateway1: 'services/gateway/src/main.ts',
        gateway2: 'services/gateway/src/main.ts',
      },
      {
        DATABASE_URL: dbUrl.toString(),
        NATS_URL: nats.url,
        NATS_SUBJECT_ROOT: benchSubjectRoot(),
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        SHOP_LIMITS: JSON.stringify({ websocket: { connectionsPerAddress: 10_000 } }),
      },
    )
    const api = procs.api!.url
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { data: { id: string; uid: string; hash: string; branch?: unknown } })
        .data
    }
    // The orders, eight at a time.
    const orders: { id: string; uid: string; hash: string; branch: (typeof branches)[number] }[] = []
    for (let i = 0; i < orderSockets; i += 8) {
      const batch = Array.from(
        { length: Math.min(8, orderSockets - i) },
        (_, k) => branches[(i + k) % branchCount]!,
      )
      orders.push(
        ...(await Promise.all(
          batch.map(async (branch) => ({
            ...(await post('/api/orders', testOrderBody(branch.id, { isDelivery: false }))),
            branch,
          })),
        )),
      )
    }
    const gateways = [procs.gateway1!, procs.gateway2!].map((g) => `${g.url.replace('http', 'ws')}/ws`)
    const open = () => {
      const watchers: Watcher[] = []
      for (const [i, o] of orders.entries())
        watchers.push(watch(gateways[i % 2]!, { topic: 'order', uid: o.uid, hash: o.hash }, [o.uid], 'uid'))
      for (const [i, b] of branches.entries()) {
        const ids = orders.filter((o) => o.branch === b).map((o) => o.id)
        watchers.push(
          watch(gateways[i % 2]!, { topic: 'board', branchId: b.id, apiKey: b.apiKey }, ids, 'orderId'),
        )
      }
      return watchers
    }

    // Baseline: every socket connects and takes its snapshot.
    const t0 = performance.now()
    const first = open()
    await Promise.all(first.map((w) => w.snapshot))
    const reconnectMs = performance.now() - t0
    all.push(...first)

    await nats.kill()
    const killedAt = Date.now()
    for (let i = 0; i < orders.length; i += 8)
      await Promise.all(
        orders
          .slice(i, i + 8)
          .map((o) => post(`/api/orders/${o.id}/status/confirm`, {}, { 'x-api-key': o.branch.apiKey })),
      )
    // The read model at the end of the outage (the projector polls the store meanwhile).
    const rows = async () =>
      new Map(
        (await db.db.selectFrom('rm_orders').select(['order_id', 'uid', 'version']).execute()).flatMap(
          (r) => [[r.order_id, r.version] as const, [r.uid, r.version] as const],
        ),
      )
    let truth = await rows()
    while (orders.some((o) => (truth.get(o.id) ?? 0) < 2)) {
      await new Promise((r) => setTimeout(r, 100))
      truth = await rows()
    }
    await new Promise((r) => setTimeout(r, Math.max(0, outageMs - (Date.now() - killedAt))))
    const staleCount = () =>
      all.filter((w) => w.watches.some((id) => (w.seen.get(id) ?? 0) < (truth.get(id) ?? 0))).length
    // Every socket is stale now: nothing reached them while NATS was away.
    const currentBefore = all.length - staleCount()
    await nats.start()
    const back = performance.now()
    let stale = staleCount()
    while (stale > 0 && performance.now() - back < 60_000) {
      await new Promise((r) => setTimeout(r, 5))
      stale = staleCount()
    }
    const currentMs = performance.now() - back
    return { sockets: all.length, orders: orders.length, currentMs, reconnectMs, stale, currentBefore }
  } finally {
    for (const w of all) w.ws.terminate()
    await Promise.all(Object.values(procs).map((p) => p.kill('SIGTERM')))
    await nats.kill()
    await db.close()
    await adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {})
  }
}

export function formatOutage(r: OutageResult): string {
  return [
    '| sockets | orders changed during the outage | NATS back → every socket current | baseline: all sockets connect anew and take their snapshots | ratio |',
    '|---|---|---|---|---|',
    `| ${r.sockets} (${r.currentBefore} current before NATS returned) | ${r.orders} | ${r.stale > 0 ? `${r.stale} still stale after 60 s` : `${Math.round(r.currentMs)} ms`} | ${Math.round(r.reconnectMs)} ms | ${(r.currentMs / r.reconnectMs).toFixed(2)} |`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const result = await benchNatsOutage({ adminUrl })
  process.stdout.write(`${formatOutage(result)}\n`)
  process.exit(0)
}
