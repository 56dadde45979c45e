import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderBody, post } from '../../testing/lifecycle.scenario.ts'

// Issue 18: a command's answer replaces the status page's (and the board's) copy of the order;
// it must be as complete as a GET or a live message. The ticket number is drawn by the orders
// projection, not the decider: the answers used to carry null, and the status page lost the
// number after the customer accepted a new time or sent a rating, until a reload.

let s: TestStack
const staff = () => ({ 'x-api-key': s.branch.apiKey })

beforeAll(async () => {
  s = await startTestStack({ limits: { orders: { perContact: { max: 1000 }, openPerContact: 1000 } } })
})
afterAll(async () => {
  await s?.close()
})

/** Waits until the orders projection numbered the order. */
async function ticketOf(orderId: string): Promise<number> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await sql<{ ticket_number: number | null }>`
      SELECT ticket_number FROM rm_orders WHERE order_id = ${orderId}`.execute(s.db.db)
    const ticket = rows[0]?.ticket_number ?? null
    if (ticket !== null) return ticket
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`order ${orderId} was not numbered`)
}

describe('command answers carry the ticket number', () => {
  it('accepting a counter-appointment and rating answer with the order number, as staff actions do', async () => {
    const placed = await post(`${s.url}/api/orders`, orderBody(s.branch.id))
    expect(placed.status).toBe(201)
    const order = placed.body.data as { id: string; uid: string; hash: string }
    const ticket = await ticketOf(order.id)

    const proposed = await post(
      `${s.url}/api/orders/${order.id}/counter-appointment`,
      { appointmentDate: '2026-12-24T10:30:00+01:00' },
      staff(),
    )
    expect(proposed.status).toBe(200)
    expect(proposed.body.data.ticketNumber).toBe(ticket)

    const base = `${s.url}/api/orders/public/${order.uid}/${order.hash}`
    const accepted = await post(`${base}/confirm-counter-appointment`, {})
    expect(accepted.status).toBe(200)
    expect(accepted.body.data).toMatchObject({ status: 'confirmed', ticketNumber: ticket })

    const completed = await post(`${s.url}/api/orders/${order.id}/status/completed`, {}, staff())
    expect(completed.status).toBe(200)
    expect(completed.body.data.ticketNumber).toBe(ticket)

    const rated = await post(`${base}/questionnaire`, {
      rating: 5,
      foodRating: 4,
      serviceRating: 5,
      processRating: 4,
    })
    expect(rated.status).toBe(200)
    expect(rated.body.data).toMatchObject({ questionnaireRating: 5, ticketNumber: ticket })
  })
})
