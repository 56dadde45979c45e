import type { Database, StoredEvent } from '@shop/kit'
import type { OrderEvent } from '@shop/shared/contracts'
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
 * Folds a batch of order events onto the rows' stored states. A row carries its stream
 * version and an event applies only on top of the version before it, so a replay never
 * applies anything twice.
 */
export async function applyOrderEvents(
  trx: Transaction<Database>,
  table: 'rm_order_public' | 'rm_frontdesk_board',
  events: readonly StoredEvent[],
): Promise<ChangedOrder[]> {
  const orderIds = [...new Set(events.map((e) => orderIdOf(e)))]
  const rows = await trx
    .selectFrom(table)
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
  for (const e of events) {
    const id = orderIdOf(e)
    const row = current.get(id) ?? { state: null, version: 0, ticketNumber: null }
    if (e.streamPosition !== row.version + 1) continue
    const state = evolve(row.state, e.data as OrderEvent)
    if (!state) continue
    const ticketNumber =
      row.ticketNumber ?? (e.streamPosition === 1 ? await nextTicket(trx, table, state) : null)
    const next = { state, version: e.streamPosition, ticketNumber }
    current.set(id, next)
    changed.set(id, { ...next, createdAt: e.createdAt })
  }
  return [...changed.values()]
}

/** The branch's zone, for the business day (branch resources; configured ones: Zurich). */
async function branchZone(trx: Transaction<Database>, branchId: string): Promise<string> {
  // Read each time (one indexed row per new order): a changed zone must count from then on.
  const row = await trx
    .selectFrom('rm_resources')
    .select('data')
    .where('type', '=', 'branch')
    .where('id', '=', branchId)
    .executeTakeFirst()
  const tz = (row?.data as { timeZone?: unknown } | undefined)?.timeZone
  return typeof tz === 'string' ? tz : 'Europe/Zurich'
}

/**
 * The next ticket number of the order's branch and business day (the local date of the
 * order's creation). Given in feed order inside the projection's transaction: unique,
 * gap-free, and the same after a rebuild.
 */
async function nextTicket(
  trx: Transaction<Database>,
  table: 'rm_order_public' | 'rm_frontdesk_board',
  state: OrderState,
): Promise<number> {
  const businessDate = localDateOf(Date.parse(state.createdAt), await branchZone(trx, state.branchId))
  const row = await trx
    .insertInto(`${table}_tickets`)
    .values({ branch_id: state.branchId, business_date: businessDate, last: 1 })
    .onConflict((oc) =>
      oc
        .columns(['branch_id', 'business_date'])
        .doUpdateSet({ last: sql<number>`${sql.ref(`${table}_tickets.last`)} + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow()
  return row.last
}

export function orderIdOf(e: Pick<StoredEvent, 'streamId'>): string {
  return e.streamId.startsWith('order-') ? e.streamId.slice('order-'.length) : e.streamId
}
