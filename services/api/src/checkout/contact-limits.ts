import { type Db, HttpError, type Limits, msg } from '@shop/kit'
import { type Contact, openOrdersOf } from '@shop/read-models'
import type { RateCounter } from '../limits/rate-counter.ts'
import { minutesOf } from '../limits/rate-limit.ts'

export type ContactLimitDeps = { db: Db; limits: Limits; counter: RateCounter }

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
