import { randomUUID } from 'node:crypto'
import { referenceFigures } from '@shop/api/testing'
import { connectPostgres, migrateToLatest } from '@shop/kit'
import { rebuildProjection } from '@shop/projector'
import {
  canceledOrdersStatistics,
  eventsStatistics,
  itemStatistics,
  ordersStatistics,
  orderTimesStatistics,
  pagesStatistics,
  pageViewsStatistics,
  popularItemsStatistics,
  revenueStatistics,
  type Scope,
  statisticsProjection,
  uniqueVisitorsStatistics,
  visitorsProjection,
  visitorTimesStatistics,
} from '@shop/read-models'
import { taxRateFor } from '@shop/shared/domain/catalogue'
import { repriceOrder } from '@shop/shared/domain/checkout'
import {
  decide,
  evolve,
  type OrderCommand,
  type OrderEvent,
  type OrderState,
} from '@shop/shared/domain/ordering'
import { addDays } from '@shop/shared/domain/scheduling'
import pg from 'pg'
import { planHistory } from '../../services/all-in-one/src/demo/history.ts'
import { line } from '../../services/all-in-one/src/demo/orders.ts'
import { planDemo } from '../../services/all-in-one/src/demo/seed-demo.ts'
import { adminQuery, percentile } from './bench-support.ts'
import { DEFAULT_ADMIN_URL } from './event-store.bench.ts'

// The statistics endpoints over a year of generated history (issue 7): N orders (default one
// million) planned like the demo's history (weekday and lunch peaks, lost orders, ratings) over
// 365 days on three branches, their events made by the order decider and written to the event
// store in bulk (the page views in the analytics log); then the statistics and visitors projections
// rebuilt from the first event and hit (events/s), and each
// endpoint asked for the whole year, next to the direct aggregate over the raw events
// (statistics-reference.ts) as the baseline.

export type StatisticsBenchResult = {
  orders: number
  events: number
  pageViews: number
  visitorDays: number
  loadSeconds: number
  rebuildSeconds: number
  endpoints: { name: string; p50: number; p95: number }[]
  baseline: { p50: number; p95: number; samples: number }
  /** Distinct visitors of the year: counted straight from the raw events, and as answered. */
  visitors: { exact: number; answered: number; answeredExact: boolean; baselineMs: number }
}

export const STATISTICS_P95_TARGET_MS = 50
const FROM_DAY = '2025-11-23'
const DAYS = 365
const TO = addDays(FROM_DAY, DAYS - 1)

type Row = {
  stream: string
  streamType: 'order'
  position: number
  type: string
  data: string
  at: string
}

/** A row of the analytics log (not an event: docs/statistics.md "Visitors"). */
type Hit = { at: string; visitor: string; data: string }

/** Regular customers come back (the same visitor id), the others are new each time. */
const REGULARS = 60_000

/**
 * The page views around one order, as the storefront logs them with consent (history.ts): the
 * customer's home, menu, checkout and status (a regular two times in five), and now and then a
 * visitor who only looks at the home page or the menu too.
 */
function visitRows(order: ReturnType<typeof planHistory>[number], n: number): Hit[] {
  const visitor = n % 5 < 2 ? `regular-${(n * 7919) % REGULARS}` : randomUUID()
  const store = `/store/${order.branchIdentifier}`
  const views: { visitor: string; path: string; minutes: number }[] = [
    { visitor, path: '/', minutes: -8 },
    { visitor, path: store, minutes: -6 },
    { visitor, path: `${store}/checkout`, minutes: -2 },
    { visitor, path: '/status', minutes: 1 },
  ]
  if (n % 3 === 0) {
    const looker = randomUUID()
    views.push({ visitor: looker, path: '/', minutes: -40 })
    if (n % 2 === 0) views.push({ visitor: looker, path: store, minutes: -38 })
  }
  return views.map((v) => ({
    at: new Date(order.at + v.minutes * 60_000).toISOString(),
    visitor: v.visitor,
    data: JSON.stringify({ path: v.path, branch: order.branchId }),
  }))
}

/** The events of one planned order, made by the decider (as the command path would). */
function orderEvents(
  order: ReturnType<typeof planHistory>[number],
  products: ReturnType<typeof planDemo>['products'],
): Row[] {
  const orderId = randomUUID()
  const items = order.picks.map((p, n) => {
    const l = line(products, p.uid, p.choice)
    const product = products.get(l.productUid)!
    return {
      itemId: `${orderId}-${n}`,
      ...l,
      taxRate: taxRateFor(product, order.orderType),
      pricingModel: product.calculationModel,
    }
  })
  const at = (minutes: number) => new Date(order.at + minutes * 60_000).toISOString()
  const commands: OrderCommand[] = [
    {
      type: 'CreateOrder',
      at: at(0),
      actor: { kind: 'customer' },
      orderId,
      uid: randomUUID(),
      hash: randomUUID(),
      branchId: order.branchId,
      isDelivery: order.orderType === 'delivery',
      isDineIn: order.orderType === 'dineIn',
      tableIdentifier: order.tableIdentifier,
      customer: { firstName: 'Bench', lastName: 'Kunde', email: null, phone: null },
      items,
      appointment: null,
      comment: null,
      paymentMethod: order.paymentMethod,
      isOnlinePayment: false,
      pricing: repriceOrder(items, order.orderType, null),
    } as OrderCommand,
    ...order.steps.map(
      (s) =>
        ({
          type: s.command,
          at: at(s.minutes),
          actor: s.command === 'AnswerQuestionnaire' ? { kind: 'customer' } : { kind: 'staff', id: 'bench' },
          ...s.extra,
        }) as OrderCommand,
    ),
  ]
  let state: OrderState | null = null
  const rows: Row[] = []
  for (const command of commands) {
    for (const event of decide(command, state) as OrderEvent[]) {
      state = evolve(state, event)
      rows.push({
        stream: `order-${orderId}`,
        streamType: 'order',
        position: rows.length + 1,
        type: event.type,
        data: JSON.stringify(event),
        at: (event as { at: string }).at,
      })
    }
  }
  return rows
}

async function insertEvents(client: pg.Client, rows: Row[], hits: Hit[]): Promise<void> {
  await client.query('BEGIN')
  await client.query(
    `INSERT INTO analytics_hits (at, type, action, visitor, data)
     SELECT a, 'pageview', 'view', v, d::jsonb FROM unnest($1::timestamptz[], $2::text[], $3::text[]) AS x(a, v, d)`,
    [hits.map((h) => h.at), hits.map((h) => h.visitor), hits.map((h) => h.data)],
  )
  await client.query(
    `INSERT INTO es_events (stream_id, stream_type, stream_position, event_id, event_type, data, created_at)
     SELECT s, st, p, gen_random_uuid(), t, d::jsonb, a
       FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[]) AS x(s, st, p, t, d, a)`,
    [
      rows.map((r) => r.stream),
      rows.map((r) => r.streamType),
      rows.map((r) => r.position),
      rows.map((r) => r.type),
      rows.map((r) => r.data),
      rows.map((r) => r.at),
    ],
  )
  const last = new Map<string, { type: string; version: number }>()
  for (const r of rows) {
    last.set(r.stream, {
      type: r.streamType,
      version: Math.max(last.get(r.stream)?.version ?? 0, r.position),
    })
  }
  await client.query(
    `INSERT INTO es_streams (stream_id, stream_type, version, last_xid)
     SELECT s, t, v, pg_current_xact_id() FROM unnest($1::text[], $2::text[], $3::int[]) AS x(s, t, v)`,
    [[...last.keys()], [...last.values()].map((v) => v.type), [...last.values()].map((v) => v.version)],
  )
  await client.query('COMMIT')
}

export async function benchStatistics(opts: {
  adminUrl: string
  orders?: number
  samples?: number
}): Promise<StatisticsBenchResult> {
  const target = opts.orders ?? 1_000_000
  const samples = opts.samples ?? 40
  const name = `shop_bench_stats_${randomUUID().slice(0, 8)}`
  const url = new URL(opts.adminUrl)
  url.pathname = `/${name}`
  await adminQuery(opts.adminUrl, `CREATE DATABASE "${name}"`)
  const db = connectPostgres({ url: url.toString(), max: 4 })
  const client = new pg.Client({ connectionString: url.toString() })
  try {
    await migrateToLatest(db.db as never)
    await client.connect()
    const { products } = planDemo(new Date(`${FROM_DAY}T12:00:00Z`))
    const branches = [
      {
        id: 'bench-zuerich',
        identifier: 'zuerich',
        timeZone: 'Europe/Zurich',
        tables: ['1', '2', '3'],
        weight: 1,
      },
      {
        id: 'bench-winterthur',
        identifier: 'winterthur',
        timeZone: 'Europe/Zurich',
        tables: ['1'],
        weight: 0.7,
      },
      { id: 'bench-lausanne', identifier: 'lausanne', timeZone: 'Europe/Zurich', tables: [], weight: 0.5 },
    ]
    // Orders per day of a weight-1 branch, so that the year holds about `target` orders.
    const perDay = target / DAYS / 2.2 / 0.99
    let orders = 0
    let events = 0
    let pageViews = 0
    const started = performance.now()
    let pending: Row[] = []
    let pendingHits: Hit[] = []
    for (let d = 0; d < DAYS; d++) {
      const day = addDays(FROM_DAY, d)
      const plan = planHistory({
        days: 1,
        today: addDays(day, 1),
        branches,
        seed: d + 1,
        ordersPerDay: perDay,
      })
      for (const order of plan) {
        const rows = orderEvents(order, products)
        const visits = visitRows(order, orders)
        pending.push(...rows)
        pendingHits.push(...visits)
        orders++
        events += rows.length + visits.length
        pageViews += visits.length
        if (pending.length + pendingHits.length >= 4000) {
          await insertEvents(client, pending, pendingHits)
          pending = []
          pendingHits = []
        }
      }
    }
    if (pending.length + pendingHits.length > 0) await insertEvents(client, pending, pendingHits)
    const loadSeconds = (performance.now() - started) / 1000
    await client.query('VACUUM ANALYZE es_events')
    await client.query('VACUUM ANALYZE analytics_hits')

    let t = performance.now()
    await rebuildProjection(db.db, statisticsProjection, { batchSize: 2000 })
    await rebuildProjection(db.db, visitorsProjection, { batchSize: 2000 })
    const rebuildSeconds = (performance.now() - t) / 1000
    await client.query('VACUUM ANALYZE')

    const scope: Scope = { from: FROM_DAY, to: TO, limit: 10, branchIds: undefined }
    const endpoints: Record<string, () => Promise<unknown>> = {
      orders: () => ordersStatistics(db.db, scope),
      revenue: () => revenueStatistics(db.db, scope),
      'canceled-orders': () => canceledOrdersStatistics(db.db, scope),
      items: () => itemStatistics(db.db, scope),
      'popular-items': () => popularItemsStatistics(db.db, scope),
      'order-times': () => orderTimesStatistics(db.db, scope),
      'unique-visitors': () => uniqueVisitorsStatistics(db.db, scope),
      'unique-visitors (one branch)': () =>
        uniqueVisitorsStatistics(db.db, { ...scope, branchIds: ['bench-zuerich'] }),
      'unique-visitors (two branches)': () =>
        uniqueVisitorsStatistics(db.db, { ...scope, branchIds: ['bench-zuerich', 'bench-winterthur'] }),
      'page-views': () => pageViewsStatistics(db.db, scope),
      pages: () => pagesStatistics(db.db, scope),
      events: () => eventsStatistics(db.db, scope),
      'visitor-times': () => visitorTimesStatistics(db.db, scope),
    }
    const times = new Map<string, number[]>(Object.keys(endpoints).map((k) => [k, []]))
    for (let i = 0; i < samples + 5; i++) {
      for (const [key, run] of Object.entries(endpoints)) {
        t = performance.now()
        await run()
        if (i >= 5) times.get(key)!.push(performance.now() - t)
      }
    }
    // The baseline: the same figures straight from the raw events (a few runs: each reads them all).
    const baselineMs: number[] = []
    for (let i = 0; i < 3; i++) {
      t = performance.now()
      await referenceFigures(db.db, FROM_DAY, TO)
      baselineMs.push(performance.now() - t)
    }
    // Unique visitors: the exact count straight from the raw events, next to the answer.
    t = performance.now()
    const { rows: exactRows } = await client.query<{ n: number }>(
      `SELECT count(DISTINCT visitor)::int AS n FROM analytics_hits
        WHERE type = 'pageview' AND at >= $1::timestamptz AND at < $2::timestamptz`,
      [`${addDays(FROM_DAY, -1)}T23:00:00Z`, `${TO}T23:00:00Z`],
    )
    const visitorBaselineMs = performance.now() - t
    const answered = await uniqueVisitorsStatistics(db.db, scope)
    const { rows: visitorDayRows } = await client.query<{ n: string }>(
      `SELECT coalesce(sum(visitors), 0) AS n FROM st_visitor_counts WHERE branch_id = '*'`,
    )
    const stats = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b)
      return { p50: percentile(s, 50), p95: percentile(s, 95) }
    }
    return {
      orders,
      events,
      pageViews,
      visitorDays: Number(visitorDayRows[0]?.n ?? 0),
      visitors: {
        exact: exactRows[0]?.n ?? 0,
        answered: answered.total,
        answeredExact: answered.exact,
        baselineMs: visitorBaselineMs,
      },
      loadSeconds,
      rebuildSeconds,
      endpoints: [...times].map(([name, xs]) => ({ name, ...stats(xs) })),
      baseline: { ...stats(baselineMs), samples: baselineMs.length },
    }
  } finally {
    await client.end().catch(() => {})
    await db.close()
    await adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {})
  }
}

export function formatStatistics(r: StatisticsBenchResult): string {
  const v = r.visitors
  const error = v.exact > 0 ? ((v.answered - v.exact) / v.exact) * 100 : 0
  const lines = [
    `${r.orders.toLocaleString('en-US')} orders and ${r.pageViews.toLocaleString('en-US')} page views (${r.events.toLocaleString('en-US')} events in all) over ${DAYS} days on 3 branches, written in ${r.loadSeconds.toFixed(0)} s; the statistics and visitors projections rebuilt from the first event in ${r.rebuildSeconds.toFixed(0)} s: ${Math.round(r.events / r.rebuildSeconds).toLocaleString('en-US')} events/s.`,
    '',
    `Unique visitors of the year: ${v.exact.toLocaleString('en-US')} counted straight from the analytics log (${(v.baselineMs / 1000).toFixed(1)} s), ${v.answered.toLocaleString('en-US')} answered (${v.answeredExact ? 'exact' : `sketch estimate, ${error >= 0 ? '+' : ''}${error.toFixed(2)} %`}), over ${r.visitorDays.toLocaleString('en-US')} visitor-days.`,
    '',
    `| query (one year, all branches unless named) | p50 ms | p95 ms | p95 / baseline p50 | p95 ≤ ${STATISTICS_P95_TARGET_MS} ms |`,
    '|---|---:|---:|---:|---|',
    `| baseline: orders, revenue and order times straight from the events (${r.baseline.samples} runs) | ${r.baseline.p50.toFixed(0)} | ${r.baseline.p95.toFixed(0)} | 1 | |`,
    ...r.endpoints.map(
      (e) =>
        `| GET /api/statistics/${e.name} (the query) | ${e.p50.toFixed(1)} | ${e.p95.toFixed(1)} | ${(e.p95 / r.baseline.p50).toFixed(4)} | ${e.p95 <= STATISTICS_P95_TARGET_MS ? 'PASS' : 'FAIL'} |`,
    ),
  ]
  return lines.join('\n')
}

if (import.meta.main) {
  const arg = process.argv.indexOf('--orders')
  const orders = arg >= 0 ? Number(process.argv[arg + 1]) : undefined
  const adminUrl = process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL
  const result = await benchStatistics({ adminUrl, ...(orders ? { orders } : {}) })
  process.stdout.write(`${formatStatistics(result)}\n`)
}
