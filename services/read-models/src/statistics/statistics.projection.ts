import type { Database, LiveMessage, Projection, ProjectionContext, StoredEvent } from '@shop/kit'
import { DEFAULT_TIME_ZONE, type OrderEvent } from '@shop/shared/contracts'
import { liveStatisticsSubject } from '@shop/shared/contracts/subjects'
import type { StatisticsChangedMessage } from '@shop/shared/contracts/ws'
import { evolve, type OrderState } from '@shop/shared/domain/ordering'
import {
  type OrderContribution,
  orderContribution,
} from '@shop/shared/domain/statistics/order-contribution.ts'
import { SHOP_SCOPE } from '@shop/shared/domain/statistics/visitor-sketch.ts'
import { sql, type Transaction } from 'kysely'
import { orderIdOf } from '../orders/order-rows.ts'
import { STAT_TABLES, StatDeltas, type StatTable } from './statistics-rows.ts'

/**
 * The statistics read model of the orders (issue 7, docs/statistics.md): every order's
 * contribution summed into tables per branch, local day and order type, so a year of figures is
 * a few thousand rows to add, never a scan of orders. The projection folds the orders itself
 * (st_orders) and moves the sums by the difference between an order's old and new contribution.
 * The visitor figures are the `visitors` projection's (visitors.projection.ts).
 *
 * Version 2 (issue 14 item 19): orders on the day they are due, revenue only once confirmed.
 */
export const statisticsProjection: Projection = {
  name: 'statistics',
  version: 2,
  tables: [
    'st_orders',
    'st_order_days',
    'st_order_hours',
    'st_tax_days',
    'st_item_days',
    'st_option_days',
    'st_reason_days',
  ],
  streamTypes: ['order'],
  async apply(trx, events, ctx) {
    const deltas = new StatDeltas()
    await applyOrders(trx, events, deltas)
    for (const [table, byKey] of deltas.tables) await writeDeltas(trx, table, [...byKey.values()])
    return statisticsChanged(deltas, ctx)
  },
}

/** One message per batch for the open dashboards: which branches' figures on which days moved. */
export function statisticsChanged(deltas: StatDeltas, ctx: ProjectionContext): LiveMessage[] {
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
    // The zone the order was first counted in stays (an order moves only with its due time).
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

/** The branches' zones (a branch known only from configuration counts in the default zone). */
export async function branchZones(
  trx: Transaction<Database>,
  branchIds: string[],
): Promise<Map<string, string>> {
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
export async function writeDeltas(
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
