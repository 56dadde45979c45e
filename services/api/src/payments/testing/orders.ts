import type { Db } from '@shop/kit'
import { sql } from 'kysely'
import { testOrderBody } from '../../testing/catalogue.ts'
import { post } from '../../testing/lifecycle.scenario.ts'

/**
 * An order paid online, through the real checkout (POST /api/orders) of a stack seeded with
 * the test catalogue (branch b1 enables Stripe): the provider opened a session first, the
 * answer carries paymentRedirectUrl.
 */
export async function createOnlineOrder(
  baseUrl: string,
  opts: { branch?: string; paymentMethod?: string; extra?: Record<string, unknown> } = {},
): Promise<Record<string, any>> {
  const body = testOrderBody(opts.branch ?? 'b1', {
    paymentMethod: opts.paymentMethod ?? 'stripe',
    ...opts.extra,
  })
  const res = await post(`${baseUrl}/api/orders`, body)
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body.data as Record<string, any>
}

/** The order's events as stored, oldest first. */
export async function orderEvents(
  db: Db,
  orderId: string,
): Promise<{ type: string; data: Record<string, any>; metadata: Record<string, any> }[]> {
  const { rows } = await sql<{ type: string; data: Record<string, any>; metadata: Record<string, any> }>`
    SELECT event_type AS type, data, metadata FROM es_events
     WHERE stream_id = ${`order-${orderId}`} ORDER BY stream_position`.execute(db)
  return rows
}
