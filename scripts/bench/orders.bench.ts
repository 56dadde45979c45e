import { randomBytes } from 'node:crypto'
import { seedTestCatalogue, testOrderBody } from '@shop/api/testing'
import { connectPostgres, migrateToLatest } from '@shop/kit'
import { type ServiceProcess, spawnService } from '@shop/kit/testing'
import { adminQuery, percentile } from './bench-support.ts'

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
  try {
    await migrateToLatest(db.db as never)
    await seedTestCatalogue({ db: db.db, bus: { notifyAppended() {} } }, [branch])
    await db.close()
    const env = {
      DATABASE_URL: url.toString(),
      NATS_URL: opts.natsUrl,
      NATS_SUBJECT_ROOT: `bench${randomBytes(3).toString('hex')}`,
      SHOP_BRANCHES: '[]',
      LOG_LEVEL: 'warn',
      PG_POOL_MAX: '10',
    }
    const profile: Record<string, string> = process.env.BENCH_PROFILE
      ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' }
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
    const post = async (): Promise<number> => {
      const res = await fetch(`${shop!.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      await res.arrayBuffer()
      return res.status
    }
    // Warm up: JIT, pool connections, the projector's first batches.
    for (let i = 0; i < 200; i++) {
      const status = await post()
      if (status !== 201) throw new Error(`warm-up order answered ${status}`)
    }
    const samples: number[] = []
    let failures = 0
    const started = performance.now()
    const until = started + seconds * 1000
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const t = performance.now()
          const status = await post()
          if (status === 201) samples.push(performance.now() - t)
          else failures++
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    samples.sort((a, b) => a - b)
    return {
      clients,
      seconds: elapsed,
      orders: samples.length,
      perSecond: samples.length / elapsed,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      failures,
    }
  } finally {
    await shop?.kill('SIGTERM')
    await Promise.all(workers.map((w) => w.kill('SIGTERM')))
    await db.close().catch(() => {})
    await adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
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
  ].join('\n')
}
