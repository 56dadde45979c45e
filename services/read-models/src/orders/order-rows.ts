import type { Database, StoredEvent } from '@shop/kit'
import { DEFAULT_TIME_ZONE, type OrderEvent } from '@shop/shared/contracts'
import { evolve, type OrderState } from '@shop/shared/domain/ordering'
import { localDateOf } from '@shop/shared/domain/scheduling'
import { sql, type Transaction } from 'kysely'

export type ChangedOrder = {
  state: OrderState
  version: number
  createdAt: string
  ticketNumber: number | null
}

/**
 * Folds a batch of order events onto the stored states (`rm_orders`). A row
 * carries its stream version and an event applies only on top of the version before it, so a
 * replay never applies anything twice. New orders get their ticket numbers here, in feed order.
 */
export async function applyOrderEvents(
  trx: Transaction<Database>,
  events: readonly StoredEvent[],
): Promise<ChangedOrder[]> {
  const orderIds = [...new Set(events.map((e) => orderIdOf(e)))]
  const rows = await trx
    .selectFrom('rm_orders')
    .select(['order_id', 'version', 'state', 'ticket_number'])
    .where('order_id', 'in', orderIds)
    .execute()
  const current = new Map<string, { state: OrderState | null; version: number; ticketNumber: number | null }>(
    rows.map((r) => [
      r.order_id,
      { state: r.state as OrderState, version: r.version, ticketNumber: r.ticket_number },
    ]),
  )
  const changed = new Map<string, ChangedOrder>()
  // Orders created in this batch, in feed order: they are numbered together below.
  const created: ChangedOrder[] = []
  for (const e of events) {
    const id = orderIdOf(e)
    const row = current.get(id) ?? { state: null, version: 0, ticketNumber: null }
    if (e.streamPosition !== row.version + 1) continue
    const state = evolve(row.state, e.data as OrderEvent)
    if (!state) continue
    const next = { state, version: e.streamPosition, ticketNumber: row.ticketNumber }
    current.set(id, next)
    const entry = changed.get(id)
    if (entry) Object.assign(entry, next, { createdAt: e.createdAt })
    else {
      const fresh = { ...next, createdAt: e.createdAt }
      changed.set(id, fresh)
      if (e.streamPosition === 1) created.push(fresh)
    }
  }
  if (created.length > 0) {
    const numbers = await nextTickets(
      trx,
      created.map((c) => c.state),
    )
    created.forEach((c, i) => {
      c.ticketNumber = numbers[i]!
      current.get(c.state.orderId)!.ticketNumber = numbers[i]!
    })
  }
  return [...changed.values()]
}

/**
 * The next ticket numbers of new orders (in feed order), per branch and business day (the local
 * date of the order's creation in the branch's zone): one read of the zones and one counter
 * upsert for the whole batch, inside the projection's transaction, so the numbers are unique,
 * gap-free and the same after a rebuild. A zone is read every batch: a changed zone counts from
 * then on.
 */
export async function nextTickets(
  trx: Transaction<Database>,
  orders: readonly Pick<OrderState, 'branchId' | 'createdAt'>[],
): Promise<number[]> {
  const branchIds = [...new Set(orders.map((o) => o.branchId))]
  const zoneRows = await trx
    .selectFrom('rm_resources')
    .select(['id', sql<string | null>`data->>'timeZone'`.as('time_zone')])
    .where('type', '=', 'branch')
    .where('id', 'in', branchIds)
    .execute()
  // A branch known only from configuration (no resource) counts its days in the default zone.
  const zones = new Map(zoneRows.map((r) => [r.id, r.time_zone || DEFAULT_TIME_ZONE]))
  const keys = orders.map(
    (o) =>
      [o.branchId, localDateOf(Date.parse(o.createdAt), zones.get(o.branchId) ?? DEFAULT_TIME_ZONE)] as const,
  )
  const counts = new Map<string, { branchId: string; date: string; count: number }>()
  for (const [branchId, date] of keys) {
    const k = `${branchId}\u0000${date}`
    const group = counts.get(k)
    if (group) group.count++
    else counts.set(k, { branchId, date, count: 1 })
  }
  const groups = [...counts.values()]
  const { rows } = await sql<{ branch_id: string; business_date: string; last: number }>`
    INSERT INTO rm_order_tickets AS t (branch_id, business_date, last)
    SELECT * FROM unnest(${groups.map((g) => g.branchId)}::text[], ${groups.map((g) => g.date)}::date[],
                         ${groups.map((g) => g.count)}::integer[])
    ON CONFLICT (branch_id, business_date) DO UPDATE SET last = t.last + excluded.last
    RETURNING branch_id, business_date::text AS business_date, last`.execute(trx)
  // The first number of each group: the counter before this batch, plus one.
  const next = new Map<string, number>()
  for (const r of rows) {
    const k = `${r.branch_id}\u0000${r.business_date}`
    next.set(k, r.last - counts.get(k)!.count + 1)
  }
  return keys.map(([branchId, date]) => {
    const k = `${branchId}\u0000${date}`
    const n = next.get(k)!
    next.set(k, n + 1)
    return n
  })
}

export function orderIdOf(e: Pick<StoredEvent, 'streamId'>): string {
  return e.streamId.startsWith('order-') ? e.streamId.slice('order-'.length) : e.streamId
}
