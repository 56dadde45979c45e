import { randomUUID } from 'node:crypto'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { rebuildProjection } from '@shop/projector'
import { allProjections } from '@shop/read-models'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderBody, post } from './testing/lifecycle.scenario.ts'

// Midday in Zurich: every order of this test falls on one business day.
const now = new Date('2026-11-20T11:00:00Z')
let s: TestStack

beforeAll(async () => {
  // 200 orders at once from one address with one contact: the order limits are lifted here
  // (limits/rate-limits.int.test.ts proves them).
  s = await startTestStack({
    now: () => now,
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
})
afterAll(async () => {
  await s?.close()
})

async function tickets(): Promise<Map<string, number | null>> {
  const { rows } = await sql<{ order_id: string; ticket_number: number | null }>`
    SELECT order_id, ticket_number FROM rm_orders WHERE branch_id = 'b1'`.execute(s.db.db)
  return new Map(rows.map((r) => [r.order_id, r.ticket_number]))
}

describe('ticket numbers', () => {
  it('200 concurrent clients, a fifth retrying with their key: one order per key, tickets 1…200 without gaps', async () => {
    const keys = Array.from({ length: 200 }, () => randomUUID())
    const send = (key: string, i: number) =>
      post(`${s.url}/api/orders`, orderBody('b1', { firstName: `Kunde${i}` }), { 'idempotency-key': key })
    const first = keys.map((key, i) => send(key, i))
    // A dropped answer: the client sends the same request again while the first is under way.
    const retries = keys.filter((_, i) => i % 5 === 0).map((key) => send(key, keys.indexOf(key)))
    const answers = await Promise.all([...first, ...retries])
    expect(answers.every((a) => a.status === 201)).toBe(true)
    const byKey = new Map<string, string>()
    for (const [i, a] of answers.entries()) {
      const key = i < keys.length ? keys[i]! : keys.filter((_, j) => j % 5 === 0)[i - keys.length]!
      const seen = byKey.get(key)
      if (seen) expect(a.body.data.id).toBe(seen)
      else byKey.set(key, a.body.data.id)
    }
    expect(new Set(byKey.values()).size).toBe(200)
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM es_events WHERE event_type = 'OrderCreated'`.execute(s.db.db)
    expect(rows[0]!.n).toBe('200')

    let numbers: (number | null)[] = []
    for (let i = 0; i < 400; i++) {
      const t = await tickets()
      numbers = [...t.values()]
      if (t.size === 200 && numbers.every((n) => n !== null)) break
      await new Promise((r) => setTimeout(r, 25))
    }
    expect([...numbers].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    )

    // The public view shows the same number; a rebuild gives every order the same ticket again.
    const anyOrder = answers[0]!.body.data
    let view: Record<string, unknown> = {}
    for (let i = 0; i < 200 && !view.ticketNumber; i++) {
      const res = await fetch(`${s.url}/api/orders/public/${anyOrder.uid}/${anyOrder.hash}`)
      view = ((await res.json()) as { data: Record<string, unknown> }).data
      await new Promise((r) => setTimeout(r, 25))
    }
    const live = await tickets()
    expect(view.ticketNumber).toBe(live.get(anyOrder.id))
    for (const p of allProjections) await rebuildProjection(s.db.db, p)
    expect(await tickets()).toEqual(live)
  })
})
