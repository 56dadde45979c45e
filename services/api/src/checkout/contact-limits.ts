import { type Db, HttpError, type Limits, msg, unreadBy } from '@shop/kit'
import { checkpointId, ordersProjection } from '@shop/read-models'
import { sql } from 'kysely'
import type { RateCounter } from '../limits/rate-counter.ts'
import { minutesOf } from '../limits/rate-limit.ts'

export type ContactLimitDeps = { db: Db; limits: Limits; counter: RateCounter }

type Contact = { field: 'email' | 'phone'; value: string }

/** The contacts an order is limited by: the e-mail lowercased, the phone as the checkout normalised it. */
export function contactsOf(customer: { email: string | null; phone: string | null }): Contact[] {
  const out: Contact[] = []
  if (customer.email) out.push({ field: 'email', value: customer.email.trim().toLowerCase() })
  if (customer.phone) out.push({ field: 'phone', value: customer.phone })
  return out
}

/**
 * The limits per contact (docs/security.md "Rate limits"), checked once an order has passed the
 * checkout and before anything is stored or a payment opened: at most `openPerContact` orders
 * awaiting confirmation per e-mail and per phone, and at most `perContact.max` new orders per
 * window. A refusal is 429 on the contact's field and changes nothing.
 */
export async function checkContactLimits(
  deps: ContactLimitDeps,
  customer: { email: string | null; phone: string | null },
): Promise<void> {
  if (!deps.limits.rateLimits) return
  const contacts = contactsOf(customer)
  const max = deps.limits.orders.openPerContact
  for (const c of contacts) {
    if ((await openOrdersOf(deps.db, c)) >= max) {
      throw new HttpError(429, msg('checkout:checkout.tooManyOpenOrders', { max }), c.field)
    }
  }
  const { max: perWindow, windowMs } = deps.limits.orders.perContact
  for (const c of contacts) {
    const { count, ttlMs } = await deps.counter.hit(`contact:${c.field}:${c.value}`, windowMs)
    if (count > perWindow) {
      throw new HttpError(
        429,
        msg('checkout:checkout.tooManyOrdersForContact', { count: minutesOf(ttlMs) }),
        c.field,
      )
    }
  }
}

const ORDERS_CHECKPOINT = checkpointId(ordersProjection)

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
             WHERE ${unreadBy(ORDERS_CHECKPOINT)} AND e.event_type = 'OrderCreated' AND ${pending})::int AS n`.execute(
    db,
  )
  return rows[0]?.n ?? 0
}
