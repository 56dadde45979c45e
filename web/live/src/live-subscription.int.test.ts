import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { orderBody, post } from '@shop/api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LiveStatus, type Versioned, watchBoard, watchOrder } from './live-subscription.ts'

let s: TestStack
beforeAll(async () => {
  s = await startTestStack()
})
afterAll(async () => {
  await s?.close()
})

type Order = { id: string; status: string; uid: string }

async function until<T>(what: string, value: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = value()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const staff = () => ({ 'x-api-key': s.branch.apiKey })

describe('live subscriptions (WebSocket first, polling as fallback)', () => {
  it('follows an order over the socket, dropping stale versions', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const seen: Versioned<Order>[] = []
    const statuses: LiveStatus[] = []
    const w = watchOrder<Order>({
      baseUrl: s.url,
      uid: order.uid,
      hash: order.hash,
      onChange: (o) => seen.push(o),
      onStatus: (st) => statuses.push(st),
    })
    try {
      await until('live', () => (statuses.includes('live') ? true : undefined))
      await post(`${s.url}/api/orders/${order.id}/status/confirm`, {}, staff())
      await post(`${s.url}/api/orders/${order.id}/status/in-delivery`, {}, staff())
      await until('version 3', () => (w.current()?.version === 3 ? true : undefined))
      expect(w.current()?.data.status).toBe('inDelivery')
      const versions = seen.map((o) => o.version)
      expect(versions).toEqual([...versions].sort((a, b) => a - b))
      expect(new Set(versions).size).toBe(versions.length)
      expect(statuses).not.toContain('polling')
    } finally {
      w.stop()
    }
  })

  it('falls back to polling when no socket can be held, and stops at a final state', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const statuses: LiveStatus[] = []
    let polls = 0
    // A WebSocket that never connects, like a proxy that drops upgrades.
    class DeadSocket {
      readyState = 3
      onopen = null
      onmessage = null
      onerror = null
      onclose: ((ev: unknown) => void) | null = null
      constructor() {
        setTimeout(() => this.onclose?.({}), 1)
      }
      send() {}
      close() {}
    }
    const w = watchOrder<Order>({
      baseUrl: s.url,
      uid: order.uid,
      hash: order.hash,
      WebSocketImpl: DeadSocket as never,
      pollIntervalMs: 30,
      reconnectDelaysMs: [60_000],
      fetchImpl: (input, init) => {
        polls++
        return fetch(input, init)
      },
      onChange: () => {},
      onStatus: (st) => statuses.push(st),
    })
    try {
      await until('first poll', () => w.current())
      expect(statuses).toContain('polling')
      await post(`${s.url}/api/orders/${order.id}/status/confirm`, {}, staff())
      await until('confirmed by polling', () => (w.current()?.data.status === 'confirmed' ? true : undefined))
      await post(`${s.url}/api/orders/${order.id}/status/completed`, {}, staff())
      await until('completed by polling', () => (w.current()?.data.status === 'completed' ? true : undefined))
      const after = polls
      await new Promise((r) => setTimeout(r, 200))
      // A final order is not polled any more.
      expect(polls).toBe(after)
    } finally {
      w.stop()
    }
  })

  it('a board follows new orders live; a wrong key stops the subscription', async () => {
    let changes = 0
    const w = watchBoard<Order>({
      baseUrl: s.url,
      branchId: s.branch.id,
      apiKey: s.branch.apiKey,
      onChange: () => changes++,
    })
    const statuses: LiveStatus[] = []
    const refused = watchBoard<Order>({
      baseUrl: s.url,
      branchId: s.branch.id,
      apiKey: 'wrong',
      onChange: () => {},
      onStatus: (st) => statuses.push(st),
    })
    try {
      const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
      await until('the new order on the board', () => w.current().get(order.id))
      expect(changes).toBeGreaterThan(0)
      await until('refusal', () => (statuses.includes('stopped') ? true : undefined))
      expect(refused.current().size).toBe(0)
    } finally {
      w.stop()
      refused.stop()
    }
  })
})
