import type { Feed, Projection } from '@shop/kit'
import {
  analyticsFirstDay,
  analyticsHead,
  type Database,
  pollCommittedHits,
  type StoredAnalyticsHit,
  type StoredEvent,
} from '@shop/kit'
import { DEFAULT_TIME_ZONE } from '@shop/shared/contracts'
import { wallClockOf } from '@shop/shared/domain/scheduling'
import {
  addVisitor,
  emptySketch,
  mergeInto,
  SKETCH_REGISTERS,
} from '@shop/shared/domain/statistics/visitor-sketch.ts'
import { sql, type Transaction } from 'kysely'
import { branchZones, statisticsChanged, writeDeltas } from './statistics.projection.ts'
import { analyticsRows, StatDeltas, type StatRow } from './statistics-rows.ts'

/** The tables keyed by a local day (st_visitor_sketches is keyed by period). */
const DAY_TABLES = ['st_visitor_days', 'st_visitor_counts', 'st_page_days', 'st_visit_hours', 'st_event_days']

/** A hit as the event the projection applies (the shape the AnalyticsLogged events had). */
function asEvent(h: StoredAnalyticsHit): StoredEvent {
  return {
    globalPosition: h.id,
    transactionId: h.transactionId,
    streamId: 'analytics',
    streamType: 'analytics',
    streamPosition: 1,
    eventId: h.id,
    type: 'AnalyticsLogged',
    schemaVersion: 1,
    data: {
      type: h.type,
      action: h.action,
      ...(h.category !== null ? { category: h.category } : {}),
      ...(h.data !== null ? { data: h.data } : {}),
      visitor: h.visitor,
      at: h.at,
    },
    metadata: {},
    createdAt: h.at,
  }
}

/** The analytics log (`analytics_hits`), read in commit-safe order like the event store. */
export const analyticsFeed: Feed = {
  poll: async (trx, after, limit) => (await pollCommittedHits(trx, after, limit)).map(asEvent),
  head: analyticsHead,
}

/**
 * The visitor figures (docs/statistics.md "Visitors"): unique visitors, page views per page and
 * hour, and events, from the consented analytics log, on the local day of the page's branch
 * (else the default zone). The log's old hits are pruned after the retention; hits of days
 * before the horizon are not counted, and a rebuild keeps the figures of those days (they can no
 * longer be made again) and makes every later day anew, so it equals the live tables.
 */
export const visitorsProjection: Projection = {
  name: 'visitors',
  version: 1,
  tables: [...DAY_TABLES, 'st_visitor_sketches'],
  streamTypes: ['analytics'],
  feed: analyticsFeed,
  async clear(trx) {
    const firstDay = await analyticsFirstDay(trx)
    if (firstDay === null) {
      for (const table of [...DAY_TABLES, 'st_visitor_sketches'])
        await sql`DELETE FROM ${sql.table(table)}`.execute(trx)
      return
    }
    for (const table of DAY_TABLES) {
      await sql`DELETE FROM ${sql.table(table)} WHERE day >= ${firstDay}::date`.execute(trx)
    }
    const month = firstDay.slice(0, 7)
    await sql`
      DELETE FROM st_visitor_sketches
       WHERE (length(period) = 10 AND period >= ${firstDay}) OR (length(period) = 7 AND period >= ${month})`.execute(
      trx,
    )
    // The horizon's month starts again as the union of its kept days (a sketch union is exact).
    const { rows } = await sql<{ branch_id: string; registers: Uint8Array }>`
      SELECT branch_id, registers FROM st_visitor_sketches
       WHERE length(period) = 10 AND period >= ${`${month}-01`} AND period < ${firstDay}`.execute(trx)
    const months = new Map<string, Uint8Array>()
    for (const r of rows) {
      const sketch = months.get(r.branch_id) ?? emptySketch()
      months.set(r.branch_id, mergeInto(sketch, r.registers))
    }
    if (months.size === 0) return
    const entries = [...months]
    await sql`
      INSERT INTO st_visitor_sketches (branch_id, period, registers)
      SELECT b, ${month}, decode(h, 'hex')
        FROM unnest(${entries.map(([b]) => b)}::text[], ${entries.map(([, s]) => Buffer.from(s).toString('hex'))}::text[]) AS u(b, h)`.execute(
      trx,
    )
  },
  async apply(trx, events, ctx) {
    const deltas = new StatDeltas()
    await applyAnalytics(trx, events, deltas)
    for (const [table, byKey] of deltas.tables) {
      if (table === 'st_visitor_days') await writeVisitors(trx, [...byKey.values()])
      else await writeDeltas(trx, table, [...byKey.values()])
    }
    return statisticsChanged(deltas, ctx)
  },
}

/**
 * Page views and events of the consented analytics log. An entry names its branch when the
 * storefront was on one (`data.branch`); its day and hour are in that branch's zone, else in the
 * default zone. Entries of a day before the pruning horizon are not counted.
 */
async function applyAnalytics(
  trx: Transaction<Database>,
  events: readonly StoredEvent[],
  deltas: StatDeltas,
): Promise<void> {
  type Logged = {
    type?: string
    action?: string
    category?: string
    visitor?: string | null
    at?: string
    data?: Record<string, unknown>
  }
  const firstDay = await analyticsFirstDay(trx)
  const logged = events.map((e) => e.data as Logged)
  const branchOf = (l: Logged) => (typeof l.data?.branch === 'string' ? l.data.branch : '')
  const zones = await branchZones(trx, [...new Set(logged.map(branchOf).filter(Boolean))])
  for (const l of logged) {
    if (!l.at || !l.type || !l.action) continue
    const branchId = branchOf(l)
    const clock = wallClockOf(Date.parse(l.at), zones.get(branchId) ?? DEFAULT_TIME_ZONE)
    if (firstDay !== null && clock.date < firstDay) continue
    analyticsRows(deltas, {
      day: clock.date,
      hour: clock.hour,
      branchId,
      visitor: typeof l.visitor === 'string' ? l.visitor : null,
      type: l.type,
      category: l.category ?? '',
      action: l.action,
      path: typeof l.data?.path === 'string' ? l.data.path.slice(0, 300) : null,
    })
  }
}

/**
 * The visitor-days of a batch (keys day, scope, visitor; the views to add). A visitor-day seen for
 * the first time counts once more on its day (st_visitor_counts) and enters the scope's day and
 * month sketches. Page views are never taken back, so these only grow, and the same events give
 * the same rows however they were batched.
 */
async function writeVisitors(trx: Transaction<Database>, rows: readonly StatRow[]): Promise<void> {
  const col = (i: number) => rows.map((r) => r.keys[i])
  const { rows: stored } = await sql<{ day: string; branch_id: string; visitor: string; views: number }>`
    INSERT INTO st_visitor_days AS t (day, branch_id, visitor, views)
    SELECT * FROM unnest(${col(0)}::date[], ${col(1)}::text[], ${col(2)}::text[],
                         ${rows.map((r) => r.sums[0])}::integer[])
    ON CONFLICT (day, branch_id, visitor) DO UPDATE SET views = t.views + excluded.views
    RETURNING day::text AS day, branch_id, visitor, views`.execute(trx)
  // A row is new when it holds exactly the views this batch added (a stored row had one at least).
  const added = new Map(rows.map((r) => [r.keys.join('\u0000'), r.sums[0]]))
  const fresh = stored.filter((r) => added.get([r.day, r.branch_id, r.visitor].join('\u0000')) === r.views)
  if (fresh.length === 0) return

  const counts = new Map<string, { day: string; branchId: string; n: number }>()
  const periods = new Map<string, { branchId: string; period: string; visitors: string[] }>()
  for (const r of fresh) {
    const count = counts.get(`${r.day}\u0000${r.branch_id}`)
    if (count) count.n++
    else counts.set(`${r.day}\u0000${r.branch_id}`, { day: r.day, branchId: r.branch_id, n: 1 })
    for (const period of [r.day, r.day.slice(0, 7)]) {
      const key = `${r.branch_id}\u0000${period}`
      const entry = periods.get(key)
      if (entry) entry.visitors.push(r.visitor)
      else periods.set(key, { branchId: r.branch_id, period, visitors: [r.visitor] })
    }
  }
  const c = [...counts.values()]
  await sql`
    INSERT INTO st_visitor_counts AS t (day, branch_id, visitors)
    SELECT * FROM unnest(${c.map((x) => x.day)}::date[], ${c.map((x) => x.branchId)}::text[],
                         ${c.map((x) => x.n)}::integer[])
    ON CONFLICT (day, branch_id) DO UPDATE SET visitors = t.visitors + excluded.visitors`.execute(trx)

  const p = [...periods.values()]
  const { rows: sketches } = await sql<{ branch_id: string; period: string; registers: Uint8Array }>`
    SELECT branch_id, period, registers FROM st_visitor_sketches
     WHERE (branch_id, period) IN (SELECT * FROM unnest(${p.map((x) => x.branchId)}::text[],
                                                        ${p.map((x) => x.period)}::text[]))`.execute(trx)
  const known = new Map(sketches.map((r) => [`${r.branch_id}\u0000${r.period}`, r.registers]))
  const changed: { branchId: string; period: string; hex: string }[] = []
  for (const entry of p) {
    const before = known.get(`${entry.branchId}\u0000${entry.period}`)
    const sketch = before?.length === SKETCH_REGISTERS ? new Uint8Array(before) : emptySketch()
    let grew = !before
    for (const visitor of entry.visitors) grew = addVisitor(sketch, visitor) || grew
    if (grew)
      changed.push({
        branchId: entry.branchId,
        period: entry.period,
        hex: Buffer.from(sketch).toString('hex'),
      })
  }
  if (changed.length === 0) return
  await sql`
    INSERT INTO st_visitor_sketches (branch_id, period, registers)
    SELECT b, p, decode(h, 'hex')
      FROM unnest(${changed.map((x) => x.branchId)}::text[], ${changed.map((x) => x.period)}::text[],
                  ${changed.map((x) => x.hex)}::text[]) AS u(b, p, h)
    ON CONFLICT (branch_id, period) DO UPDATE SET registers = excluded.registers`.execute(trx)
}
