import type { Database, StoredEvent } from '@shop/kit'
import { DEFAULT_TIME_ZONE, type OrderEvent } from '@shop/shared/contracts'
import { liveStatisticsSubject } from '@shop/shared/contracts/subjects'
import type { StatisticsChangedMessage } from '@shop/shared/contracts/ws'
import { evolve, type OrderState } from '@shop/shared/domain/ordering'
import { wallClockOf } from '@shop/shared/domain/scheduling'
import {
  type OrderContribution,
  orderContribution,
} from '@shop/shared/domain/statistics/order-contribution.ts'
import {
  addVisitor,
  emptySketch,
  SHOP_SCOPE,
  SKETCH_REGISTERS,
} from '@shop/shared/domain/statistics/visitor-sketch.ts'
import { sql, type Transaction } from 'kysely'
import type { Projection } from '../projection.ts'
import { orderIdOf } from './order-rows.ts'
import { analyticsRows, STAT_TABLES, StatDeltas, type StatRow, type StatTable } from './statistics-rows.ts'

/**
 * The statistics read model (issue 7, docs/statistics.md): every order's contribution summed
 * into tables per branch, local day and order type, so a year of figures is a few thousand rows
 * to add, never a scan of orders. The projection folds the orders itself (st_orders) and moves
 * the sums by the difference between an order's old and new contribution.
 */
export const statisticsProjection: Projection = {
  name: 'statistics',
  tables: [
    'st_orders',
    'st_order_days',
    'st_order_hours',
    'st_tax_days',
    'st_item_days',
    'st_option_days',
    'st_reason_days',
    'st_visitor_days',
    'st_visitor_counts',
    'st_visitor_sketches',
    'st_page_days',
    'st_visit_hours',
    'st_event_days',
  ],
  streamTypes: ['order', 'analytics'],
  async apply(trx, events, ctx) {
    const deltas = new StatDeltas()
    const orders = events.filter((e) => e.streamType === 'order')
    const hits = events.filter((e) => e.streamType === 'analytics')
    if (orders.length > 0) await applyOrders(trx, orders, deltas)
    if (hits.length > 0) await applyAnalytics(trx, hits, deltas)
    for (const [table, byKey] of deltas.tables) {
      if (table === 'st_visitor_days') await writeVisitors(trx, [...byKey.values()])
      else await writeDeltas(trx, table, [...byKey.values()])
    }
    // One message per batch for the open dashboards: which branches' figures on which days moved.
    const branchIds = new Set<string>()
    const days = new Set<string>()
    for (const byKey of deltas.tables.values()) {
      for (const row of byKey.values()) {
        days.add(String(row.keys[0]))
        if (row.keys[1] !== SHOP_SCOPE) branchIds.add(String(row.keys[1]))
      }
    }
    if (days.size === 0) return []
    const change: Omit<StatisticsChangedMessage, 'type' | 'topic'> = {
      branchIds: [...branchIds].sort(),
      days: [...days].sort(),
    }
    return [{ subject: liveStatisticsSubject(ctx.subjectRoot), json: JSON.stringify(change) }]
  },
}

/** Folds the order events onto st_orders and adds each changed order's new − old contribution. */
async function applyOrders(
  trx: Transaction<Database>,
  events: readonly StoredEvent[],
  deltas: StatDeltas,
): Promise<void> {
  const orderIds = [...new Set(events.map(orderIdOf))]
  const rows = await trx
    .selectFrom('st_orders')
    .select(['order_id', 'version', 'state', 'contribution'])
    .where('order_id', 'in', orderIds)
    .execute()
  type Entry = { state: OrderState | null; version: number; before: OrderContribution | null }
  const current = new Map<string, Entry>(
    rows.map((r) => [
      r.order_id,
      { state: r.state as OrderState, version: r.version, before: r.contribution as OrderContribution },
    ]),
  )
  const changed = new Set<string>()
  for (const e of events) {
    const id = orderIdOf(e)
    const entry = current.get(id) ?? { state: null, version: 0, before: null }
    // Each event once, in stream order: a replayed batch changes nothing.
    if (e.streamPosition !== entry.version + 1) continue
    const state = evolve(entry.state, e.data as OrderEvent)
    if (!state) continue
    current.set(id, { ...entry, state, version: e.streamPosition })
    changed.add(id)
  }
  if (changed.size === 0) return
  const entries = [...changed].map((id) => current.get(id)!)
  const zones = await branchZones(trx, [...new Set(entries.map((e) => e.state!.branchId))])
  const saved = entries.map((entry) => {
    const state = entry.state!
    const after = orderContribution(
      state,
      zones.get(state.branchId) ?? DEFAULT_TIME_ZONE,
      entry.before ?? undefined,
    )
    if (entry.before) deltas.contribute(entry.before, -1)
    deltas.contribute(after, 1)
    return {
      order_id: state.orderId,
      version: entry.version,
      state: JSON.stringify(state),
      contribution: JSON.stringify(after),
    }
  })
  await trx
    .insertInto('st_orders')
    .values(saved)
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        state: eb.ref('excluded.state'),
        contribution: eb.ref('excluded.contribution'),
      })),
    )
    .execute()
}

/**
 * Page views and events of the consented analytics log. An entry names its branch when the
 * storefront was on one (`data.branch`); its day and hour are in that branch's zone, else in the
 * default zone.
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
    visitor?: string
    at?: string
    data?: Record<string, unknown>
  }
  const logged = events.map((e) => e.data as Logged)
  const branchOf = (l: Logged) => (typeof l.data?.branch === 'string' ? l.data.branch : '')
  const zones = await branchZones(trx, [...new Set(logged.map(branchOf).filter(Boolean))])
  for (const l of logged) {
    if (!l.at || !l.type || !l.action) continue
    const branchId = branchOf(l)
    const clock = wallClockOf(Date.parse(l.at), zones.get(branchId) ?? DEFAULT_TIME_ZONE)
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

/** The branches' zones (a branch known only from configuration counts in the default zone). */
async function branchZones(trx: Transaction<Database>, branchIds: string[]): Promise<Map<string, string>> {
  if (branchIds.length === 0) return new Map()
  const rows = await trx
    .selectFrom('rm_resources')
    .select(['id', sql<string | null>`data->>'timeZone'`.as('time_zone')])
    .where('type', '=', 'branch')
    .where('id', 'in', branchIds)
    .execute()
  return new Map(rows.map((r) => [r.id, r.time_zone || DEFAULT_TIME_ZONE]))
}

const COLUMN_TYPES: Record<string, string> = {
  day: 'date',
  hour: 'smallint',
  quantity: 'numeric',
  orders: 'integer',
  lines: 'integer',
  revenue_orders: 'integer',
  confirmed: 'integer',
  completed: 'integer',
  rated: 'integer',
  rating_sum: 'integer',
  views: 'integer',
  events: 'integer',
}
const typeOf = (column: string, summed: boolean) => COLUMN_TYPES[column] ?? (summed ? 'bigint' : 'text')

/**
 * One upsert per table: the batch's merged rows added to the stored sums; rows whose sums all
 * come to zero are removed, so the tables hold the same rows however the events were batched.
 */
async function writeDeltas(
  trx: Transaction<Database>,
  table: StatTable,
  rows: { keys: (string | number)[]; sums: number[]; text?: string }[],
): Promise<void> {
  const { keys, sums, text } = STAT_TABLES[table]
  const columns = [...keys, ...sums, ...(text ? [text] : [])]
  const arrays = [
    ...keys.map((k, i) => sql`${rows.map((r) => r.keys[i])}::${sql.raw(typeOf(k, false))}[]`),
    ...sums.map((c, i) => sql`${rows.map((r) => r.sums[i])}::${sql.raw(typeOf(c, true))}[]`),
    ...(text ? [sql`${rows.map((r) => r.text ?? '')}::text[]`] : []),
  ]
  const updates = [
    ...sums.map((c) => sql.raw(`${c} = t.${c} + excluded.${c}`)),
    ...(text ? [sql.raw(`${text} = excluded.${text}`)] : []),
  ]
  const zero = sql.raw(sums.map((c) => `${c} = 0`).join(' AND '))
  const keyList = sql.raw(keys.join(', '))
  const { rows: emptied } = await sql<Record<string, string | number>>`
    WITH up AS (
      INSERT INTO ${sql.table(table)} AS t (${sql.raw(columns.join(', '))})
      SELECT * FROM unnest(${sql.join(arrays)})
      ON CONFLICT (${keyList}) DO UPDATE SET ${sql.join(updates)}
      RETURNING ${keyList}, (${zero}) AS empty
    )
    SELECT ${sql.raw(keys.map((k) => `${k}::text AS ${k}`).join(', '))} FROM up WHERE empty`.execute(trx)
  if (emptied.length === 0) return
  // The emptied keys, as a second statement (the upsert's own statement cannot see its rows).
  const keyArrays = keys.map((k) => sql`${emptied.map((r) => String(r[k]))}::${sql.raw(typeOf(k, false))}[]`)
  await sql`
    DELETE FROM ${sql.table(table)}
     WHERE (${keyList}) IN (SELECT * FROM unnest(${sql.join(keyArrays)}))
       AND ${zero}`.execute(trx)
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
