import { randomBytes } from 'node:crypto'
import { seedTestCatalogue, testOrderBody } from '@shop/api/testing'
import { connectPostgres, migrateToLatest } from '@shop/kit'
import { type ServiceProcess, spawnService } from '@shop/kit/testing'
import WebSocket from 'ws'
import { adminQuery, benchSubjectRoot, deleteBenchStream, percentile } from './bench-support.ts'

// Latency from a confirm command to the WebSocket message at 1,000 connected sockets.
// The shop runs as one all-in-one process on the real PostgreSQL and NATS (API, publisher,
// projector and gateway); the sockets and the commands come from this process. A sample is
// timed from the commit (the API's x-committed-at header, epoch ms on the same clock) to the
// message's arrival on the socket; the time from sending the request is reported beside it.

export type LatencyResult = {
  scenario: string
  sockets: number
  samples: number
  p50: number
  p90: number
  p99: number
  max: number
  /** Whether the p99 ≤ 20 ms target applies (the customers' case). */
  targeted: boolean
  /** p50 and p99 from sending the request instead of from the commit. */
  requestP50: number
  requestP99: number
}

function summarise(
  scenario: string,
  sockets: number,
  ms: number[],
  fromRequest: number[],
  targeted: boolean,
): LatencyResult {
  const s = [...ms].sort((a, b) => a - b)
  const r = [...fromRequest].sort((a, b) => a - b)
  return {
    scenario,
    sockets,
    samples: s.length,
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p99: percentile(s, 99),
    max: s.at(-1)!,
    targeted,
    requestP50: percentile(r, 50),
    requestP99: percentile(r, 99),
  }
}

/** Wall-clock epoch ms with sub-millisecond precision, comparable across processes. */
const epochNow = () => performance.timeOrigin + performance.now()

type Msg = { type: string; version?: number; orderId?: string; uid?: string }

function connect(url: string): Promise<{ ws: WebSocket; on: (fn: (m: Msg, at: number) => void) => void }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    const handlers: ((m: Msg, at: number) => void)[] = []
    ws.on('message', (data) => {
      const at = epochNow()
      const m = JSON.parse(data.toString()) as Msg
      for (const h of handlers) h(m, at)
    })
    ws.once('open', () => resolve({ ws, on: (fn) => handlers.push(fn) }))
    ws.once('error', reject)
  })
}

export async function benchWsLatency(opts: {
  adminUrl: string
  natsUrl: string
  sockets?: number
  samples?: number
}): Promise<LatencyResult[]> {
  const sockets = opts.sockets ?? 1000
  const samples = opts.samples ?? 300
  const dbName = `shop_bench_ws_${randomBytes(4).toString('hex')}`
  const dbUrl = new URL(opts.adminUrl)
  dbUrl.pathname = `/${dbName}`
  const branch = { id: 'bench', name: 'Bench', apiKey: randomBytes(16).toString('hex') }
  await adminQuery(opts.adminUrl, `CREATE DATABASE "${dbName}"`)
  let shop: ServiceProcess | undefined
  const open: WebSocket[] = []
  const subjectRoot = benchSubjectRoot()
  try {
    // The checkout needs a catalogue: the test one (a branch open around the clock).
    const seedDb = connectPostgres({ url: dbUrl.toString(), max: 2 })
    try {
      await migrateToLatest(seedDb.db as never)
      await seedTestCatalogue({ db: seedDb.db, bus: { notifyAppended() {} } }, [
        { ...branch, timeZone: 'Europe/Zurich' },
      ])
    } finally {
      await seedDb.close()
    }
    shop = await spawnService('shop', 'services/all-in-one/src/main.ts', {
      DATABASE_URL: dbUrl.toString(),
      NATS_URL: opts.natsUrl,
      NATS_SUBJECT_ROOT: subjectRoot,
      SHOP_BRANCHES: JSON.stringify([branch]),
      LOG_LEVEL: 'warn',
      // 1,000 sockets and the orders come from this one address: no per-client limits.
      RATE_LIMITS: 'off',
      SHOP_LIMITS: JSON.stringify({ websocket: { connectionsPerAddress: 10_000 } }),
    })
    const base = shop.url
    const wsUrl = `${base.replace('http', 'ws')}/ws`
    let lastCommittedAt = 0
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`)
      lastCommittedAt = Number(res.headers.get('x-committed-at') ?? Number.NaN)
      return ((await res.json()) as { data: { id: string; uid: string; hash: string } }).data
    }
    const orderBody = testOrderBody(branch.id, { isDelivery: false, items: [{ product: 'zopf', amount: 1 }] })
    const staff = { 'x-api-key': branch.apiKey }
    const results: LatencyResult[] = []

    // Scenario 1: 1,000 sockets, each watching its own order (the customers' status pages).
    const orders = []
    for (let i = 0; i < sockets; i++) orders.push(await post('/api/orders', orderBody))
    const waiting = new Map<string, (at: number) => void>()
    for (const o of orders) {
      const c = await connect(wsUrl)
      open.push(c.ws)
      c.on((m, at) => {
        if (m.type === 'update' && m.version === 2) waiting.get(m.uid ?? '')?.(at)
      })
      c.ws.send(JSON.stringify({ type: 'subscribe', topic: 'order', uid: o.uid, hash: o.hash }))
    }
    await new Promise((r) => setTimeout(r, 1500))
    const perOrder: number[] = []
    const perOrderFromRequest: number[] = []
    for (let i = 0; i < Math.min(samples, orders.length); i++) {
      const o = orders[i]!
      const arrived = new Promise<number>((resolve) => waiting.set(o.uid, resolve))
      const sent = epochNow()
      await post(`/api/orders/${o.id}/status/confirm`, { version: 1 }, staff)
      const at = await arrived
      perOrder.push(at - lastCommittedAt)
      perOrderFromRequest.push(at - sent)
      waiting.delete(o.uid)
    }
    results.push(
      summarise(`${sockets} sockets, one order room each`, sockets, perOrder, perOrderFromRequest, true),
    )
    for (const ws of open.splice(0)) ws.close()

    // Scenario 2: 1,000 sockets on one branch board: every confirm fans out to all of them.
    const boardOrders = []
    const fanSamples = Math.min(50, samples)
    for (let i = 0; i < fanSamples; i++) boardOrders.push(await post('/api/orders', orderBody))
    const fanWaiting = new Map<string, (at: number) => void>()
    for (let i = 0; i < sockets; i++) {
      const c = await connect(wsUrl)
      open.push(c.ws)
      c.on((m, at) => {
        if (m.type === 'update' && m.version === 2) fanWaiting.get(`${m.orderId}:${i}`)?.(at)
      })
      c.ws.send(
        JSON.stringify({ type: 'subscribe', topic: 'board', branchId: branch.id, apiKey: branch.apiKey }),
      )
    }
    await new Promise((r) => setTimeout(r, 2000))
    const fanOut: number[] = []
    const fanOutFromRequest: number[] = []
    for (const o of boardOrders) {
      const arrivals = Array.from(
        { length: sockets },
        (_, i) => new Promise<number>((resolve) => fanWaiting.set(`${o.id}:${i}`, resolve)),
      )
      const sent = epochNow()
      await post(`/api/orders/${o.id}/status/confirm`, { version: 1 }, staff)
      const committedAt = lastCommittedAt
      for (const at of await Promise.all(arrivals)) {
        fanOut.push(at - committedAt)
        fanOutFromRequest.push(at - sent)
      }
      for (let i = 0; i < sockets; i++) fanWaiting.delete(`${o.id}:${i}`)
    }
    results.push(
      summarise(
        `${sockets} sockets on one board (every socket counted)`,
        sockets,
        fanOut,
        fanOutFromRequest,
        false,
      ),
    )
    return results
  } finally {
    for (const ws of open) ws.close()
    await shop?.kill('SIGTERM')
    await adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {})
    await deleteBenchStream(opts.natsUrl, subjectRoot)
  }
}

export function formatLatency(results: LatencyResult[]): string {
  const lines = [
    '| scenario | samples | commit → socket p50 ms | p90 ms | p99 ms | max ms | p99 ≤ 20 ms | request → socket p50 / p99 ms |',
    '|---|---|---|---|---|---|---|---|',
  ]
  for (const r of results) {
    lines.push(
      `| ${r.scenario} | ${r.samples} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.targeted ? (r.p99 <= 20 ? 'PASS' : 'FAIL') : 'for scale'} | ${r.requestP50.toFixed(1)} / ${r.requestP99.toFixed(1)} |`,
    )
  }
  return lines.join('\n')
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const results = await benchWsLatency({
    adminUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  })
  process.stdout.write(`${formatLatency(results)}\n`)
}
