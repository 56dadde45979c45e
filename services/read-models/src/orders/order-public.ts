import type { Db } from '@shop/kit'
import { readStream, safeEqual } from '@shop/kit'
import type { OrderEvent } from '@shop/shared/contracts'
import { foldOrder, type OrderState, toPublicOrderView } from '@shop/shared/domain/ordering'
import { sql } from 'kysely'

// The customer's status page, from the orders read model: found by uid + hash, the view made
// from the row's state when read.

export type PublicOrderRow = { orderId: string; version: number; view: ReturnType<typeof toPublicOrderView> }

export function publicView(state: OrderState, ticketNumber: number | null) {
  return { ...toPublicOrderView(state), ticketNumber }
}

/**
 * The public order by uid + hash. A link opened before the projection caught up is answered
 * from the event store, so the customer never sees a 404 for an order that exists.
 */
export async function findPublicOrder(
  db: Db,
  uid: string,
  hash: string,
): Promise<PublicOrderRow | undefined> {
  const row = await db
    .selectFrom('rm_orders')
    .select(['order_id', 'hash', 'version', 'state', 'ticket_number'])
    .where('uid', '=', uid)
    .executeTakeFirst()
  if (row) {
    if (!safeEqual(row.hash, hash)) return undefined
    return {
      orderId: row.order_id,
      version: row.version,
      view: publicView(row.state as OrderState, row.ticket_number),
    }
  }
  const { rows } = await sql<{ stream_id: string }>`
    SELECT stream_id FROM es_events
     WHERE event_type = 'OrderCreated' AND data->>'uid' = ${uid} LIMIT 1`.execute(db)
  const streamId = rows[0]?.stream_id
  if (!streamId) return undefined
  const stream = await readStream(db, streamId)
  const state = foldOrder(stream.events.map((e) => e.data as OrderEvent))
  if (!state || !safeEqual(state.hash, hash)) return undefined
  // Not numbered yet: the projection gives the ticket number in feed order.
  return { orderId: state.orderId, version: stream.version, view: publicView(state, null) }
}
