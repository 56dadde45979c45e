import type { Database, StoredEvent } from '@shop/kit'
import type { OrderEvent } from '@shop/shared/contracts'
import { evolve, type OrderState } from '@shop/shared/domain/ordering'
import type { Transaction } from 'kysely'

export type ChangedOrder = { state: OrderState; version: number; createdAt: string }

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
    .select(['order_id', 'version', 'state'])
    .where('order_id', 'in', orderIds)
    .execute()
  const current = new Map<string, { state: OrderState | null; version: number }>(
    rows.map((r) => [r.order_id, { state: r.state as OrderState, version: r.version }]),
  )
  const changed = new Map<string, ChangedOrder>()
  for (const e of events) {
    const id = orderIdOf(e)
    const row = current.get(id) ?? { state: null, version: 0 }
    if (e.streamPosition !== row.version + 1) continue
    const state = evolve(row.state, e.data as OrderEvent)
    if (!state) continue
    const next = { state, version: e.streamPosition }
    current.set(id, next)
    changed.set(id, { ...next, createdAt: e.createdAt })
  }
  return [...changed.values()]
}

export function orderIdOf(e: Pick<StoredEvent, 'streamId'>): string {
  return e.streamId.startsWith('order-') ? e.streamId.slice('order-'.length) : e.streamId
}
