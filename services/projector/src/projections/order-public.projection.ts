import type { Database, Db } from '@shop/kit'
import { readStream, safeEqual } from '@shop/kit'
import type { OrderEvent } from '@shop/shared/contracts'
import { liveOrderSubject } from '@shop/shared/contracts/subjects'
import type { OrderUpdateMessage } from '@shop/shared/contracts/ws'
import { foldOrder, type OrderState, toPublicOrderView } from '@shop/shared/domain/ordering'
import { sql, type Transaction } from 'kysely'
import type { LiveMessage, Projection } from '../projection.ts'
import { applyOrderEvents } from './order-rows.ts'

/** The customer's status page: one row per order, found by uid + hash. */
export const orderPublicProjection: Projection = {
  name: 'order-public',
  tables: ['rm_order_public', 'rm_order_public_tickets'],
  streamTypes: ['order'],
  async apply(trx, events, ctx): Promise<LiveMessage[]> {
    const changed = await applyOrderEvents(trx, 'rm_order_public', events)
    if (changed.length === 0) return []
    await upsert(trx, changed)
    return changed.map(({ state, version, ticketNumber }) => {
      const payload: OrderUpdateMessage = {
        type: 'update',
        topic: 'order',
        uid: state.uid,
        version,
        data: { ...toPublicOrderView(state), ticketNumber },
      }
      return { subject: liveOrderSubject(ctx.subjectRoot, state.uid), payload }
    })
  },
}

async function upsert(
  trx: Transaction<Database>,
  rows: { state: OrderState; version: number; ticketNumber: number | null }[],
) {
  await trx
    .insertInto('rm_order_public')
    .values(
      rows.map(({ state, version, ticketNumber }) => ({
        order_id: state.orderId,
        uid: state.uid,
        hash: state.hash,
        branch_id: state.branchId,
        version,
        state: JSON.stringify(state),
        ticket_number: ticketNumber,
        view: JSON.stringify({ ...toPublicOrderView(state), ticketNumber }),
        updated_at: state.updatedAt,
      })),
    )
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        state: eb.ref('excluded.state'),
        view: eb.ref('excluded.view'),
        ticket_number: eb.ref('excluded.ticket_number'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
}

export type PublicOrderRow = { orderId: string; version: number; view: ReturnType<typeof toPublicOrderView> }

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
    .selectFrom('rm_order_public')
    .select(['order_id', 'hash', 'version', 'view'])
    .where('uid', '=', uid)
    .executeTakeFirst()
  if (row) {
    if (!safeEqual(row.hash, hash)) return undefined
    return { orderId: row.order_id, version: row.version, view: row.view as PublicOrderRow['view'] }
  }
  const { rows } = await sql<{ stream_id: string }>`
    SELECT stream_id FROM es_events
     WHERE event_type = 'OrderCreated' AND data->>'uid' = ${uid} LIMIT 1`.execute(db)
  const streamId = rows[0]?.stream_id
  if (!streamId) return undefined
  const stream = await readStream(db, streamId)
  const state = foldOrder(stream.events.map((e) => e.data as OrderEvent))
  if (!state || !safeEqual(state.hash, hash)) return undefined
  return { orderId: state.orderId, version: stream.version, view: toPublicOrderView(state) }
}
