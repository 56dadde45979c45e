import { checkpointId, type Db, unreadBy } from '@shop/kit'
import { sql } from 'kysely'
import { ordersProjection } from './orders.projection.ts'

/** The order's ticket number, given by the orders projection: null until it numbered the order. */
export async function ticketNumberOf(db: Db, orderId: string): Promise<number | null> {
  const row = await db
    .selectFrom('rm_orders')
    .select('ticket_number')
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  return row?.ticket_number ?? null
}

/** Whether the orders read model holds any order of the branch (a branch with orders stays). */
export async function branchHasOrders(db: Db, branchId: string): Promise<boolean> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM rm_orders WHERE branch_id = ${branchId}`.execute(db)
  return rows[0]?.n !== '0'
}

/** A customer's contact an order is limited by: the e-mail lowercased, or the phone. */
export type Contact = { field: 'email' | 'phone'; value: string }

/**
 * Orders of a contact awaiting confirmation: those in the read model (`rm_orders`, partial
 * indexes per contact), plus those created in the store that the orders projection has not
 * applied yet (the events past its checkpoint: a customer ordering again right away is counted
 * even before the projection caught up).
 */
export async function openOrdersOf(db: Db, contact: Contact): Promise<number> {
  const projected =
    contact.field === 'email'
      ? sql`lower(state->'customer'->>'email') = ${contact.value}`
      : sql`state->'customer'->>'phone' = ${contact.value}`
  const pending =
    contact.field === 'email'
      ? sql`lower(e.data->'customer'->>'email') = ${contact.value}`
      : sql`e.data->'customer'->>'phone' = ${contact.value}`
  const { rows } = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM rm_orders WHERE status = 'awaitingConfirmation' AND ${projected})::int
         + (SELECT count(*) FROM es_events e
             WHERE ${unreadBy(checkpointId(ordersProjection))} AND e.event_type = 'OrderCreated' AND ${pending})::int AS n`.execute(
    db,
  )
  return rows[0]?.n ?? 0
}
