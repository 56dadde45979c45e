import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { call, openSocket, type TestSocket } from '@shop/api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// A branch's operations on the catalogue topic (issue 17, "live where others poll"): staff mark
// a product sold out or pause the orders over the API; the events go through the store, the
// publisher and NATS to the gateway, which tells every catalogue listener (an open storefront)
// which branch's operations changed, and nothing more: not who did it, nor what was marked.

let s: TestStack
let socket: TestSocket

beforeAll(async () => {
  s = await startTestStack()
  socket = await openSocket(`${s.url.replace('http', 'ws')}/ws`)
  socket.send({ type: 'subscribe', topic: 'catalogue' })
  await socket.next((m) => m.type === 'subscribed' && m.topic === 'catalogue')
})
afterAll(async () => {
  await socket?.close()
  await s?.close()
})

describe('branch operations on the catalogue topic', () => {
  it("a sold-out mark made through the API reaches a catalogue listener as the branch's operations", async () => {
    const until = new Date(Date.now() + 60 * 60_000).toISOString()
    const res = await call(s.url, 'POST', `/api/branches/${s.branch.id}/sold-out`, {
      body: { product: 'gipfeli', until },
      headers: { 'x-api-key': s.branch.apiKey },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const heard = await socket.next((m) => m.type === 'update' && m.resource === 'branch-operations')
    // Only what changed where: the message has no room for the actor, the product or the time.
    expect(heard).toEqual({
      type: 'update',
      topic: 'catalogue',
      resource: 'branch-operations',
      id: s.branch.id,
      event: 'ProductSoldOut',
    })
  })

  it('a pause is heard the same way, for the branch it was made at', async () => {
    const res = await call(s.url, 'POST', '/api/branches/b2/pause', {
      body: { minutes: 15 },
      headers: { 'x-api-key': 'k-other-branch-key' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const heard = await socket.next((m) => m.type === 'update' && m.event === 'OrdersPaused')
    expect(heard).toEqual({
      type: 'update',
      topic: 'catalogue',
      resource: 'branch-operations',
      id: 'b2',
      event: 'OrdersPaused',
    })
  })
})
