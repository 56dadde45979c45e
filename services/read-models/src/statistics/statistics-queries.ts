import type { Db } from '@shop/kit'
import type {
  CanceledOrdersStatistics,
  EventsStatistics,
  ItemStatistics,
  OrdersStatistics,
  OrderTimesStatistics,
  PagesStatistics,
  PageViewsStatistics,
  PopularItemsStatistics,
  RevenueStatistics,
  StatisticsQuery,
  UniqueVisitorsStatistics,
  VisitorTimesStatistics,
} from '@shop/shared/contracts/http/statistics.http.ts'
import {
  coveringPeriods,
  emptySketch,
  estimate,
  mergeInto,
  SHOP_SCOPE,
  type Sketch,
} from '@shop/shared/domain/statistics/visitor-sketch.ts'
import { type RawBuilder, sql } from 'kysely'

// The statistics queries (spec §7, issue 7, docs/statistics.md): every answer is a sum over the
// pre-aggregated tables of the statistics projection (per branch, local day, order type), never
// a scan of orders.

/** A checked query and the branches it may read (undefined: every branch). */
export type Scope = StatisticsQuery & { branchIds: string[] | undefined }

/** The WHERE of every query: the day range, the branches, the order type. */
function where(q: Scope) {
  return sql.join(
    [
      sql`day BETWEEN ${q.from}::date AND ${q.to}::date`,
      ...(q.branchIds ? [sql`branch_id = ANY(${q.branchIds}::text[])`] : []),
      ...(q.orderType ? [sql`order_type = ${q.orderType}`] : []),
    ],
    sql` AND `,
  )
}

/** The WHERE of the analytics tables: no order type there ('' is a view on no branch). */
function whereVisits(q: Scope) {
  return sql.join(
    [
      sql`day BETWEEN ${q.from}::date AND ${q.to}::date`,
      ...(q.branchIds ? [sql`branch_id = ANY(${q.branchIds}::text[])`] : []),
    ],
    sql` AND `,
  )
}

const n = (v: unknown) => Number(v ?? 0)

/** The map's entry for a key, made on first use. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) {
    value = make()
    map.set(key, value)
  }
  return value
}
const avg = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null)

export async function ordersStatistics(db: Db, q: Scope): Promise<OrdersStatistics> {
  const { rows } = await sql<{
    date: string
    outcome: keyof OrdersStatistics['total']['byOutcome']
    order_type: keyof OrdersStatistics['total']['byType']
    orders: number
    confirmed: number
    confirm_seconds: number
    completed: number
    complete_seconds: number
    rated: number
    rating_sum: number
  }>`
    SELECT day::text AS date, outcome, order_type,
           sum(orders)::float8 AS orders, sum(confirmed)::float8 AS confirmed,
           sum(confirm_seconds)::float8 AS confirm_seconds, sum(completed)::float8 AS completed,
           sum(complete_seconds)::float8 AS complete_seconds, sum(rated)::float8 AS rated,
           sum(rating_sum)::float8 AS rating_sum
      FROM st_order_days WHERE ${where(q)}
     GROUP BY day, outcome, order_type ORDER BY day`.execute(db)
  const byOutcome = { open: 0, completed: 0, rejected: 0, canceled: 0, failed: 0 }
  const byType = { takeaway: 0, delivery: 0, dineIn: 0 }
  const sums = { confirmed: 0, confirmSeconds: 0, completed: 0, completeSeconds: 0, rated: 0, ratingSum: 0 }
  const days = new Map<string, OrdersStatistics['days'][number]>()
  for (const r of rows) {
    const orders = n(r.orders)
    byOutcome[r.outcome] += orders
    byType[r.order_type] += orders
    sums.confirmed += n(r.confirmed)
    sums.confirmSeconds += n(r.confirm_seconds)
    sums.completed += n(r.completed)
    sums.completeSeconds += n(r.complete_seconds)
    sums.rated += n(r.rated)
    sums.ratingSum += n(r.rating_sum)
    const day = entry(days, r.date, () => ({ date: r.date, orders: 0, completed: 0, open: 0, lost: 0 }))
    day.orders += orders
    if (r.outcome === 'completed') day.completed += orders
    else if (r.outcome === 'open') day.open += orders
    else day.lost += orders
  }
  return {
    total: {
      orders: Object.values(byOutcome).reduce((a, b) => a + b, 0),
      byOutcome,
      byType,
      averageConfirmSeconds: avg(sums.confirmSeconds, sums.confirmed),
      averageCompleteSeconds: avg(sums.completeSeconds, sums.completed),
      averageRating: avg(sums.ratingSum, sums.rated),
      ratings: sums.rated,
    },
    days: [...days.values()],
  }
}

export async function revenueStatistics(db: Db, q: Scope): Promise<RevenueStatistics> {
  const [byDay, byRate] = await Promise.all([
    sql<{ date: string; order_type: string; orders: number; net: number; tax: number; gross: number }>`
      SELECT day::text AS date, order_type, sum(revenue_orders)::float8 AS orders,
             sum(revenue_net)::float8 AS net, sum(revenue_tax)::float8 AS tax, sum(revenue_gross)::float8 AS gross
        FROM st_order_days WHERE ${where(q)}
       GROUP BY day, order_type HAVING sum(revenue_orders) > 0 ORDER BY day`.execute(db),
    // Rates by size ('8.1' before '2.6'); a key that is no number ('delivery') last.
    sql<{ rate: string; net: number; tax: number; gross: number }>`
      SELECT rate, sum(net)::float8 AS net, sum(tax)::float8 AS tax, sum(gross)::float8 AS gross
        FROM st_tax_days WHERE ${where(q)}
       GROUP BY rate
       ORDER BY CASE WHEN rate ~ '^[0-9]+(\.[0-9]+)?$' THEN rate::numeric END DESC NULLS LAST, rate`.execute(
      db,
    ),
  ])
  const total = { orders: 0, net: 0, tax: 0, gross: 0 }
  const types = new Map<string, RevenueStatistics['byType'][number]>()
  const days = new Map<string, RevenueStatistics['days'][number]>()
  for (const r of byDay.rows) {
    const v = { orders: n(r.orders), net: n(r.net), tax: n(r.tax), gross: n(r.gross) }
    for (const target of [
      total,
      entry(types, r.order_type, () => ({ orderType: r.order_type, orders: 0, net: 0, tax: 0, gross: 0 })),
      entry(days, r.date, () => ({ date: r.date, orders: 0, net: 0, tax: 0, gross: 0 })),
    ]) {
      target.orders += v.orders
      target.net += v.net
      target.tax += v.tax
      target.gross += v.gross
    }
  }
  return {
    total: { ...total, averageGross: total.orders > 0 ? Math.round(total.gross / total.orders) : null },
    byRate: byRate.rows.map((r) => ({ rate: r.rate, net: n(r.net), tax: n(r.tax), gross: n(r.gross) })),
    byType: [...types.values()],
    days: [...days.values()],
  }
}

export async function canceledOrdersStatistics(db: Db, q: Scope): Promise<CanceledOrdersStatistics> {
  const [byDay, reasons] = await Promise.all([
    sql<{ date: string; outcome: string; orders: number }>`
      SELECT day::text AS date, outcome, sum(orders)::float8 AS orders
        FROM st_order_days WHERE ${where(q)}
       GROUP BY day, outcome ORDER BY day`.execute(db),
    sql<{ outcome: 'rejected' | 'canceled' | 'failed'; reason: string; orders: number }>`
      SELECT outcome, reason, sum(orders)::float8 AS orders
        FROM st_reason_days WHERE ${where(q)}
       GROUP BY outcome, reason ORDER BY sum(orders) DESC, reason LIMIT 50`.execute(db),
  ])
  const total = { rejected: 0, canceled: 0, failed: 0 }
  let all = 0
  const days = new Map<string, CanceledOrdersStatistics['days'][number]>()
  for (const r of byDay.rows) {
    const orders = n(r.orders)
    all += orders
    if (r.outcome !== 'rejected' && r.outcome !== 'canceled' && r.outcome !== 'failed') continue
    total[r.outcome] += orders
    entry(days, r.date, () => ({ date: r.date, rejected: 0, canceled: 0, failed: 0 }))[r.outcome] += orders
  }
  const lost = total.rejected + total.canceled + total.failed
  return {
    total: { ...total, share: all > 0 ? Math.round((lost / all) * 10_000) / 10_000 : null },
    reasons: reasons.rows.map((r) => ({ outcome: r.outcome, reason: r.reason, orders: n(r.orders) })),
    days: [...days.values()],
  }
}

/**
 * A product's name on the last day of the range it sold (products are renamed now and then): one
 * probe of the (product_uid, day) index per product, after the sums are grouped.
 */
function latestName(q: Scope, productUid: RawBuilder<unknown>) {
  return sql<string | null>`(SELECT i.name FROM st_item_days i
     WHERE i.product_uid = ${productUid} AND i.day BETWEEN ${q.from}::date AND ${q.to}::date
     ORDER BY i.day DESC LIMIT 1)`
}

export async function itemStatistics(db: Db, q: Scope): Promise<ItemStatistics> {
  const { rows } = await sql<{
    product_uid: string
    unit: string
    name: string
    quantity: number
    lines: number
    gross: number
  }>`
    SELECT g.product_uid, g.unit, coalesce(${latestName(q, sql`g.product_uid`)}, g.product_uid) AS name,
           g.quantity, g.lines, g.gross
      FROM (SELECT product_uid, unit, sum(quantity)::float8 AS quantity, sum(lines)::float8 AS lines,
                   sum(gross)::float8 AS gross
              FROM st_item_days WHERE ${where(q)} GROUP BY product_uid, unit) g
     ORDER BY g.gross DESC, g.product_uid, g.unit`.execute(db)
  return rows.map((r) => ({
    productUid: r.product_uid,
    name: r.name,
    unit: r.unit,
    quantity: n(r.quantity),
    lines: n(r.lines),
    gross: n(r.gross),
  }))
}

export async function popularItemsStatistics(db: Db, q: Scope): Promise<PopularItemsStatistics> {
  const [items, options] = await Promise.all([
    itemStatistics(db, q),
    sql<{
      product_uid: string
      name: string | null
      part: string
      option: string
      lines: number
      quantity: number
    }>`
      SELECT g.product_uid, g.part, g.option, g.lines, g.quantity, ${latestName(q, sql`g.product_uid`)} AS name
        FROM (SELECT product_uid, part, option, sum(lines)::float8 AS lines, sum(quantity)::float8 AS quantity
                FROM st_option_days WHERE ${where(q)}
               GROUP BY product_uid, part, option
               ORDER BY sum(lines) DESC, product_uid, part, option LIMIT ${q.limit}) g
       ORDER BY g.lines DESC, g.product_uid, g.part, g.option`.execute(db),
  ])
  const units = new Map<string, PopularItemsStatistics['byUnit'][number]>()
  for (const i of [...items].sort(
    (a, b) => b.quantity - a.quantity || a.productUid.localeCompare(b.productUid),
  )) {
    const group = entry(units, i.unit, () => ({ unit: i.unit, items: [] }))
    if (group.items.length < q.limit) {
      group.items.push({
        productUid: i.productUid,
        name: i.name,
        quantity: i.quantity,
        lines: i.lines,
        gross: i.gross,
      })
    }
  }
  return {
    byUnit: [...units.values()],
    options: options.rows.map((r) => ({
      productUid: r.product_uid,
      name: r.name ?? r.product_uid,
      part: r.part,
      option: r.option,
      lines: n(r.lines),
      quantity: n(r.quantity),
    })),
  }
}

export async function orderTimesStatistics(db: Db, q: Scope): Promise<OrderTimesStatistics> {
  const { rows } = await sql<{ weekday: number; hour: number; orders: number }>`
    SELECT extract(isodow FROM day)::int AS weekday, hour, sum(orders)::float8 AS orders
      FROM st_order_hours WHERE ${where(q)}
     GROUP BY 1, 2 ORDER BY 1, 2`.execute(db)
  return { cells: rows.map((r) => ({ weekday: n(r.weekday), hour: n(r.hour), orders: n(r.orders) })) }
}

/**
 * Up to this many visitor-days in the range, distinct visitors are counted exactly at request
 * time (a few milliseconds); above, the range total is the union of the HyperLogLog sketches.
 */
export const EXACT_VISITOR_DAYS = 20_000

/**
 * Distinct visitors in the range and per day (docs/statistics.md#unique-visitors). The days of
 * one scope (the shop, or one branch) are exact counts kept by the projection; the range total
 * is exact while the range is small and a sketch estimate (±1.6 % standard error) beyond, kept
 * between the busiest day and the sum of the days.
 */
export async function uniqueVisitorsStatistics(
  db: Db,
  q: Scope,
  exactVisitorDays = EXACT_VISITOR_DAYS,
): Promise<UniqueVisitorsStatistics> {
  const scopes = q.branchIds ?? [SHOP_SCOPE]
  const inScope = sql`day BETWEEN ${q.from}::date AND ${q.to}::date AND branch_id = ANY(${scopes}::text[])`
  const { rows: counts } = await sql<{ date: string; visitors: number }>`
    SELECT day::text AS date, visitors FROM st_visitor_counts WHERE ${inScope} ORDER BY day`.execute(db)
  const visitorDays = counts.reduce((a, r) => a + n(r.visitors), 0)
  const exact = visitorDays <= exactVisitorDays

  let days: { date: string; visitors: number }[]
  // Several branches beyond the exact limit: each day's union of their day sketches.
  let byDay: Map<string, Sketch> | undefined
  if (scopes.length === 1) days = counts.map((r) => ({ date: r.date, visitors: n(r.visitors) }))
  else if (exact) {
    // Several branches (an employee's): a visitor of two of them on one day is one.
    const { rows } = await sql<{ date: string; n: number }>`
      SELECT day::text AS date, count(DISTINCT visitor)::int AS n FROM st_visitor_days
       WHERE ${inScope} GROUP BY day ORDER BY day`.execute(db)
    days = rows.map((r) => ({ date: r.date, visitors: n(r.n) }))
  } else {
    const dates = [...new Set(counts.map((r) => r.date))].sort()
    byDay = await mergedSketches(db, scopes, dates)
    days = dates.map((date) => ({ date, visitors: estimate(byDay?.get(date) ?? emptySketch()) }))
  }
  if (days.length === 0) return { total: 0, days, exact: true }

  let total: number
  if (exact) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT visitor)::int AS n FROM st_visitor_days WHERE ${inScope}`.execute(db)
    total = n(rows[0]?.n)
  } else {
    const union = emptySketch()
    const parts = byDay ?? (await mergedSketches(db, scopes, coveringPeriods(q.from, q.to)))
    for (const sketch of parts.values()) mergeInto(union, sketch)
    const busiest = Math.max(...days.map((d) => d.visitors))
    total = Math.min(Math.max(estimate(union), busiest), visitorDays)
  }
  return { total, days, exact }
}

/** Per period: the union of the scopes' sketches of that period. */
async function mergedSketches(db: Db, scopes: string[], periods: string[]): Promise<Map<string, Sketch>> {
  // As base64, which Buffer decodes natively (the driver's bytea hex parser is several times slower).
  const { rows } = await sql<{ period: string; registers: string }>`
    SELECT period, encode(registers, 'base64') AS registers FROM st_visitor_sketches
     WHERE branch_id = ANY(${scopes}::text[]) AND period = ANY(${periods}::text[])`.execute(db)
  const out = new Map<string, Sketch>()
  for (const r of rows) mergeInto(entry(out, r.period, emptySketch), Buffer.from(r.registers, 'base64'))
  return out
}

export async function pageViewsStatistics(db: Db, q: Scope): Promise<PageViewsStatistics> {
  const { rows } = await sql<{ date: string; n: number }>`
    SELECT day::text AS date, sum(views)::float8 AS n
      FROM st_visit_hours WHERE ${whereVisits(q)} GROUP BY day ORDER BY day`.execute(db)
  const days = rows.map((r) => ({ date: r.date, views: n(r.n) }))
  return { total: days.reduce((a, d) => a + d.views, 0), days }
}

export async function pagesStatistics(db: Db, q: Scope): Promise<PagesStatistics> {
  const { rows } = await sql<{ path: string; n: number }>`
    SELECT path, sum(views)::float8 AS n FROM st_page_days WHERE ${whereVisits(q)}
     GROUP BY path ORDER BY sum(views) DESC, path LIMIT ${q.limit}`.execute(db)
  return rows.map((r) => ({ path: r.path, views: n(r.n) }))
}

export async function eventsStatistics(db: Db, q: Scope): Promise<EventsStatistics> {
  const { rows } = await sql<{ type: string; category: string; action: string; n: number }>`
    SELECT type, category, action, sum(events)::float8 AS n FROM st_event_days WHERE ${whereVisits(q)}
     GROUP BY type, category, action ORDER BY sum(events) DESC, type, category, action LIMIT 100`.execute(db)
  return rows.map((r) => ({ type: r.type, category: r.category, action: r.action, events: n(r.n) }))
}

export async function visitorTimesStatistics(db: Db, q: Scope): Promise<VisitorTimesStatistics> {
  const { rows } = await sql<{ weekday: number; hour: number; n: number }>`
    SELECT extract(isodow FROM day)::int AS weekday, hour, sum(views)::float8 AS n
      FROM st_visit_hours WHERE ${whereVisits(q)} GROUP BY 1, 2 ORDER BY 1, 2`.execute(db)
  return { cells: rows.map((r) => ({ weekday: n(r.weekday), hour: n(r.hour), views: n(r.n) })) }
}
