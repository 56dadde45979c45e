import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { openSocket, orderBody, post, type TestSocket } from '@shop/api/testing'
import type { NatsBus } from '@shop/kit'
import { liveTickSubject } from '@shop/shared/contracts/subjects'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Live messages lost on the way (issue 15, item 2): a row that changed while its message never
// reached the gateway (NATS away, a projector that died between its commit and its publish)
// must not stay stale on the open sockets. Here the read model is changed behind the gateway's
// back, as if its message had been lost, and each way the gateway can learn of it is tried:
// a projector's tick ahead of what arrived, a message whose number skips some, and the bus
// connection coming back.

type Msg = Record<string, unknown> & { type: string; topic?: string; version?: number }

let s: TestStack
let order: { uid: string; hash: string; id: string }
let orderSocket: TestSocket
let boardSocket: TestSocket

beforeAll(async () => {
  s = await startTestStack()
  const res = await post(`${s.url}/api/orders`, orderBody(s.branch.id))
  expect(res.status).toBe(201)
  order = res.body.data
  await waitFor('the order in the read model', async () =>
    (await s.db.db.selectFrom('rm_orders').select('uid').where('uid', '=', order.uid).executeTakeFirst())
      ? true
      : undefined,
  )
  const ws = `${s.url.replace('http', 'ws')}/ws`
  orderSocket = await openSocket(ws)
  orderSocket.send({ type: 'subscribe', topic: 'order', uid: order.uid, hash: order.hash })
  await orderSocket.next((m) => m.type === 'snapshot')
  boardSocket = await openSocket(ws)
  boardSocket.send({ type: 'subscribe', topic: 'board', branchId: s.branch.id, apiKey: s.branch.apiKey })
  await boardSocket.next((m) => m.type === 'snapshot')
}, 60_000)

afterAll(async () => {
  await orderSocket?.close()
  await boardSocket?.close()
  await s?.close()
})

async function waitFor<T>(what: string, value: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await value()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * Changes the order's row as a projection batch would (a new version, another status), takes a
 * live message number for it like the batch does when `numbered`, and sends nothing: the
 * message is lost. Answers the new version and the number.
 */
async function changeWithoutMessage(
  status: string,
  numbered = true,
): Promise<{ version: number; seq: number }> {
  const { rows } = await sql<{ version: number }>`
    UPDATE rm_orders SET version = version + 1, status = ${status},
           state = jsonb_set(state::jsonb, '{lifecycle,status}', to_jsonb(${status}::text))
     WHERE uid = ${order.uid} RETURNING version`.execute(s.db.db)
  const seq = numbered
    ? await sql<{ live_seq: string }>`
        UPDATE es_checkpoints SET live_seq = live_seq + 1 WHERE subscription_id = 'projection:orders'
        RETURNING live_seq::text AS live_seq`.execute(s.db.db)
    : await sql<{ live_seq: string }>`
        SELECT live_seq::text AS live_seq FROM es_checkpoints WHERE subscription_id = 'projection:orders'`.execute(
        s.db.db,
      )
  return { version: rows[0]!.version, seq: Number(seq.rows[0]!.live_seq) }
}

/** Both sockets show the order at this version with this status. */
async function bothShow(version: number, status: string) {
  const onOrder = await orderSocket.next<Msg & { data: { status: string } }>(
    (m) => m.topic === 'order' && m.version === version,
  )
  expect(onOrder.data.status).toBe(status)
  const onBoard = await boardSocket.next<Msg & { orders: { orderId: string; version: number }[] }>(
    (m) =>
      m.type === 'snapshot' &&
      (m as { orders: { orderId: string; version: number }[] }).orders.some(
        (o) => o.orderId === order.id && o.version === version,
      ),
  )
  expect(onBoard.topic).toBe('board')
}

describe('a gateway that missed live messages reads its rooms again', () => {
  it("a projector's tick ahead of the messages that arrived", async () => {
    const { version, seq } = await changeWithoutMessage('confirmed')
    s.bus.publishLive(liveTickSubject(s.bus.root), JSON.stringify({ of: 'orders', seq }))
    await bothShow(version, 'confirmed')
  })

  it('a message whose number skips one that never came', async () => {
    const { version } = await changeWithoutMessage('ready')
    // Another order's message (the next number) shows the gap.
    expect((await post(`${s.url}/api/orders`, orderBody(s.branch.id))).status).toBe(201)
    await bothShow(version, 'ready')
  })

  it("the bus's connection coming back (what was sent meanwhile may be gone)", async () => {
    // Lost while NATS was away, no number to tell: only the reconnect says so.
    const { version } = await changeWithoutMessage('inDelivery', false)
    await (s.bus as NatsBus).nc.reconnect()
    await bothShow(version, 'inDelivery')
  })
})
