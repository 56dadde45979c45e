import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { seedTestCatalogue, testOrderBody } from '@shop/api/testing'
import { connectPostgres, migrateToLatest, readersBehind } from '@shop/kit'
import { type ServiceProcess, spawnService } from '@shop/kit/testing'
import { sql } from 'kysely'
import {
  adminQuery,
  benchSubjectRoot,
  deleteBenchStream,
  percentile,
  rawHttpClient,
} from './bench-support.ts'

// Orders placed per second over HTTP: POST /api/orders with a realistic 3-item delivery order
// (a configured cake with options and a text, bread by the piece, six croissants), checked and
// priced by the full checkout, from 50 concurrent clients against one all-in-one process on the
// real PostgreSQL and NATS (API, publisher, projectors, gateway all busy). Compared with the
// plain append loop of the event-store benchmark measured in the same run.

export type OrdersResult = {
  clients: number
  seconds: number
  orders: number
  perSecond: number
  p50: number
  p99: number
  failures: number
  /** Seconds after the last order until publisher, projections and notifier had read every event. */
  catchUpSeconds: number
  /** Readers still behind when the bench stopped waiting (none when they all caught up). */
  behind: string[]
  /**
   * CPU time the shop's processes spent per order, from the start of the measured run until the
   * readers caught up (Linux /proc; null elsewhere). Steadier than orders/s on a shared machine:
   * time another process takes from the shop does not count.
   */
  cpuMsPerOrder: number | null
}

/** User plus system CPU time of processes so far, in ms (Linux /proc; null elsewhere). */
function cpuMsOf(pids: readonly (number | undefined)[]): number | null {
  let ticks = 0
  for (const pid of pids) {
    if (pid === undefined) return null
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces): utime is the 14th, stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      return null
    }
  }
  // Linux reports in clock ticks of 1/100 s (USER_HZ) on every common architecture.
  return ticks * 10
}

const CONSUMERS = ['publisher', 'projection:orders', 'notifier']
const CATCH_UP_LIMIT_MS = 120_000
const WARM_UP_MS = 3_000

/**
 * Waits until every reader's checkpoint stands at the newest event and no notification is left
 * to send: the orders measured above must also have been published, projected and mailed, else
 * the rate would only show how fast work can be queued.
 */
async function waitForConsumers(url: string): Promise<{ seconds: number; behind: string[] }> {
  const db = connectPostgres({ url, max: 1 })
  const started = performance.now()
  try {
    for (;;) {
      const behind = await readersBehind(db.db, CONSUMERS)
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM notification_jobs WHERE status = 'pending'`.execute(db.db)
      if ((rows[0]?.n ?? 0) > 0) behind.push(`${rows[0]!.n} notifications unsent`)
      const elapsed = performance.now() - started
      if (behind.length === 0 || elapsed > CATCH_UP_LIMIT_MS) return { seconds: elapsed / 1000, behind }
      await new Promise((r) => setTimeout(r, 50))
    }
  } finally {
    await db.close()
  }
}

export const ORDER_BODY_ITEMS = [
  {
    product: 'torte',
    amount: 1,
    parts: [{ options: ['24 cm'] }, { options: ['Kerzen'] }, { text: 'Alles Gute zum Geburtstag!' }, {}],
    price: 5050,
  },
  { product: 'landbrot', amount: 2, unit: 'piece', price: 820 },
  { product: 'gipfeli', amount: 6, unit: 'piece', price: 180 },
]

export async function benchOrders(opts: {
  adminUrl: string
  natsUrl: string
  clients?: number
  seconds?: number
  /** 'all-in-one': one process does everything; 'split': API, publisher, projector, notifier apart. */
  topology?: 'all-in-one' | 'split'
}): Promise<OrdersResult> {
  const clients = opts.clients ?? 50
  const seconds = opts.seconds ?? 10
  const name = `shop_bench_orders_${randomBytes(4).toString('hex')}`
  const url = new URL(opts.adminUrl)
  url.pathname = `/${name}`
  await adminQuery(opts.adminUrl, `CREATE DATABASE "${name}"`)
  const branch = {
    id: 'bench',
    name: 'Bench',
    apiKey: randomBytes(16).toString('hex'),
    timeZone: 'Europe/Zurich',
  }
  const db = connectPostgres({ url: url.toString(), max: 2 })
  let shop: ServiceProcess | undefined
  const workers: ServiceProcess[] = []
  const opened: { close(): void }[] = []
  const subjectRoot = benchSubjectRoot()
  try {
    await migrateToLatest(db.db as never)
    await seedTestCatalogue({ db: db.db, bus: { notifyAppended() {} } }, [branch])
    await db.close()
    const env = {
      DATABASE_URL: url.toString(),
      NATS_URL: opts.natsUrl,
      NATS_SUBJECT_ROOT: subjectRoot,
      SHOP_BRANCHES: '[]',
      LOG_LEVEL: 'warn',
      // The load comes from this one address with one contact: no per-client limits.
      RATE_LIMITS: 'off',
    }
    // BENCH_PROFILE=1: a V8 CPU profile of the shop in /tmp/prof; =perf: symbols for `perf record`.
    const profile: Record<string, string> = process.env.BENCH_PROFILE
      ? {
          NODE_OPTIONS:
            process.env.BENCH_PROFILE === 'perf'
              ? '--perf-basic-prof'
              : '--cpu-prof --cpu-prof-dir=/tmp/prof',
        }
      : {}
    if (opts.topology === 'split') {
      // The API in its own process, the event consumers in theirs (how a shop scales out).
      for (const [service, entry] of [
        ['publisher', 'services/publisher/src/main.ts'],
        ['projector', 'services/projector/src/main.ts'],
        ['notifier', 'services/notifier/src/main.ts'],
      ] as const) {
        workers.push(await spawnService(service, entry, env))
      }
      shop = await spawnService('api', 'services/api/src/main.ts', { ...env, ...profile })
    } else {
      shop = await spawnService('shop', 'services/all-in-one/src/main.ts', { ...env, ...profile })
    }
    const body = JSON.stringify(testOrderBody(branch.id, { items: ORDER_BODY_ITEMS }))
    // One kept-alive connection per client, each a lean HTTP client: the load generator shares
    // the 2 cores with the shop and should take as little of them as it can.
    const target = new URL('/api/orders', shop.url)
    const connections = Array.from({ length: clients }, () =>
      rawHttpClient(target, 'POST', { 'content-type': 'application/json' }, body),
    )
    opened.push(...connections)
    // All clients for a while, unmeasured: the JIT, the pools, the readers' batches settle; then
    // the readers catch up, so the measured run starts from an idle shop.
    const load = async (ms: number, record: (ms: number, status: number) => void) => {
      const until = performance.now() + ms
      await Promise.all(
        connections.map(async (connection) => {
          while (performance.now() < until) {
            const t = performance.now()
            const status = await connection.send()
            record(performance.now() - t, status)
          }
        }),
      )
    }
    await load(WARM_UP_MS, (_ms, status) => {
      if (status !== 201) throw new Error(`warm-up order answered ${status}`)
    })
    await waitForConsumers(url.toString())
    const samples: number[] = []
    let failures = 0
    const shopPids = [shop, ...workers].map((p) => p.child.pid)
    const cpuBefore = cpuMsOf(shopPids)
    const started = performance.now()
    await load(seconds * 1000, (ms, status) => {
      if (status === 201) samples.push(ms)
      else failures++
    })
    const elapsed = (performance.now() - started) / 1000
    const caughtUp = await waitForConsumers(url.toString())
    const cpuAfter = cpuMsOf(shopPids)
    samples.sort((a, b) => a - b)
    return {
      clients,
      seconds: elapsed,
      orders: samples.length,
      perSecond: samples.length / elapsed,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      failures,
      catchUpSeconds: caughtUp.seconds,
      behind: caughtUp.behind,
      cpuMsPerOrder:
        cpuBefore === null || cpuAfter === null || samples.length === 0
          ? null
          : (cpuAfter - cpuBefore) / samples.length,
    }
  } finally {
    for (const c of opened) c.close()
    await shop?.kill('SIGTERM')
    await Promise.all(workers.map((w) => w.kill('SIGTERM')))
    await db.close().catch(() => {})
    await adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await deleteBenchStream(opts.natsUrl, subjectRoot)
  }
}

export function formatOrders(r: OrdersResult, loopPerSecond: number, loopLabel: string): string {
  const ratio = r.perSecond / loopPerSecond
  return [
    '| measure | value |',
    '|---|---|',
    `| orders placed over HTTP, ${r.clients} clients | ${r.perSecond.toFixed(0)}/s (${r.orders} in ${r.seconds.toFixed(1)} s, ${r.failures} failed) |`,
    `| ${loopLabel} | ${loopPerSecond.toFixed(0)}/s |`,
    `| ratio (target ≥ 0.5) | ${ratio.toFixed(2)} |`,
    `| latency p50 / p99 | ${r.p50.toFixed(1)} ms / ${r.p99.toFixed(1)} ms |`,
    `| shop CPU per order (until the readers caught up) | ${r.cpuMsPerOrder === null ? 'not measured (no /proc)' : `${r.cpuMsPerOrder.toFixed(2)} ms`} |`,
    `| events published, projected, notifications sent | ${r.behind.length === 0 ? `${r.catchUpSeconds.toFixed(1)} s after the last order` : `NOT within ${r.catchUpSeconds.toFixed(0)} s (${r.behind.join(', ')} behind)`} |`,
  ].join('\n')
}
