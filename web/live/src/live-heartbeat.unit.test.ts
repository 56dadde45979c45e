import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type LiveRefusal,
  type LiveStatus,
  replaceBySnapshot,
  type Versioned,
  watchBoard,
  watchCatalogue,
  watchOrder,
} from './live-subscription.ts'

// The heartbeat, the resync and the session mode of the live client, against a test double of
// the browser's WebSocket (the real gateway is exercised by live-subscription.int.test.ts and
// the e2e tests) and fake timers, so 25 s of silence take no time.

class FakeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  sent: unknown[] = []
  closed = false
  onopen: ((ev: unknown) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null
  onclose: ((ev: unknown) => void) | null = null
  onerror: ((ev: unknown) => void) | null = null
  readonly url: string
  constructor(url: string) {
    this.url = url
    FakeSocket.all.push(this)
  }
  send(data: string) {
    if (this.closed) throw new Error('closed')
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.closed = true
    this.readyState = 3
  }
  // server side
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) })
  }
  pings() {
    return this.sent.filter((m) => (m as { type: string }).type === 'ping').length
  }
}

const last = () => {
  const s = FakeSocket.all.at(-1)
  if (!s) throw new Error('no socket')
  return s
}

type Order = { id: string; status: string }
const entry = (orderId: string, version: number, status = 'awaitingConfirmation') => ({
  orderId,
  version,
  data: { id: orderId, status },
})

function fakeFetch(answer: () => { status: number; body: unknown }) {
  const calls: string[] = []
  const impl = (async (input: string | URL | Request) => {
    calls.push(String(input))
    const a = answer()
    return new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch
  return { calls, impl }
}

beforeEach(() => {
  FakeSocket.all = []
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the live client heartbeat', () => {
  it('pings every 10 s, stays live while answered, and drops a silent socket after 25 s', async () => {
    const statuses: LiveStatus[] = []
    const polled = fakeFetch(() => ({ status: 200, body: { data: [] } }))
    const w = watchBoard<Order>({
      baseUrl: 'http://shop.test',
      branchId: 'b1',
      apiKey: 'key',
      WebSocketImpl: FakeSocket as never,
      fetchImpl: polled.impl,
      onChange: () => {},
      onStatus: (s) => statuses.push(s),
    })
    const first = last()
    expect(first.url).toBe('ws://shop.test/ws')
    first.open()
    expect(first.sent[0]).toEqual({ type: 'subscribe', topic: 'board', branchId: 'b1', apiKey: 'key' })
    first.receive({ type: 'snapshot', topic: 'board', branchId: 'b1', orders: [] })
    expect(statuses.at(-1)).toBe('live')

    // Answered pings keep the socket: a minute passes with a pong after every ping.
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(10_000)
      first.receive({ type: 'pong' })
    }
    expect(first.pings()).toBe(6)
    expect(first.closed).toBe(false)
    expect(statuses.at(-1)).toBe('live')
    // Live, the read model is still checked every 10 s (a socket can outlive its updates).
    expect(polled.calls).toEqual(Array(6).fill('http://shop.test/api/orders/frontdesk/b1/key'))

    // Then the network goes quiet (half-open socket): dead after 25 s of silence.
    await vi.advanceTimersByTimeAsync(24_000)
    expect(statuses.at(-1)).toBe('live')
    expect(polled.calls.length).toBe(8)
    await vi.advanceTimersByTimeAsync(1_500)
    expect(first.closed).toBe(true)
    expect(statuses.at(-1)).toBe('polling')
    // Not live: the snapshot route is polled at once (not at the check's next turn), then every 10 s.
    await vi.advanceTimersByTimeAsync(0)
    expect(polled.calls.length).toBe(9)
    // and a new socket is tried
    await vi.advanceTimersByTimeAsync(600)
    expect(FakeSocket.all.length).toBe(2)
    w.stop()
    expect(statuses.at(-1)).toBe('stopped')
  })

  it('a socket that never opens counts as dead too', async () => {
    const statuses: LiveStatus[] = []
    const w = watchOrder<Order>({
      baseUrl: 'https://shop.test',
      uid: 'u',
      hash: 'h',
      WebSocketImpl: FakeSocket as never,
      fetchImpl: fakeFetch(() => ({
        status: 200,
        body: { data: { id: 'o', status: 'confirmed', version: 2 } },
      })).impl,
      onChange: () => {},
      onStatus: (s) => statuses.push(s),
    })
    expect(last().url).toBe('wss://shop.test/ws')
    await vi.advanceTimersByTimeAsync(25_100)
    expect(FakeSocket.all[0]?.closed).toBe(true)
    expect(statuses).toEqual(['connecting', 'polling'])
    expect(w.current()).toEqual({ version: 2, data: { id: 'o', status: 'confirmed', version: 2 } })
    w.stop()
  })

  it('an order watcher pings as well', async () => {
    const w = watchOrder<Order>({
      baseUrl: 'http://shop.test',
      uid: 'u',
      hash: 'h',
      WebSocketImpl: FakeSocket as never,
      fetchImpl: fakeFetch(() => ({ status: 200, body: { data: { id: 'o', status: 'new', version: 1 } } }))
        .impl,
      onChange: () => {},
    })
    last().open()
    last().receive({
      type: 'snapshot',
      topic: 'order',
      uid: 'u',
      version: 1,
      data: { id: 'o', status: 'new' },
    })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(last().pings()).toBe(2)
    w.stop()
    expect(last().closed).toBe(true)
  })
})

describe('board resync', () => {
  it('replaces the map by the snapshot after a reconnect: nothing missing, nothing stale', async () => {
    const seen: Map<string, Versioned<Order>>[] = []
    const w = watchBoard<Order>({
      baseUrl: 'http://shop.test',
      branchId: 'b1',
      apiKey: 'key',
      WebSocketImpl: FakeSocket as never,
      fetchImpl: fakeFetch(() => ({ status: 503, body: {} })).impl,
      onChange: (m) => seen.push(m),
    })
    const first = last()
    first.open()
    first.receive({
      type: 'snapshot',
      topic: 'board',
      branchId: 'b1',
      orders: [entry('a', 1), entry('b', 1)],
    })
    first.receive({ type: 'update', topic: 'board', branchId: 'b1', ...entry('a', 3, 'confirmed') })
    // a stale update is dropped
    first.receive({
      type: 'update',
      topic: 'board',
      branchId: 'b1',
      ...entry('a', 2, 'awaitingConfirmation'),
    })
    expect(w.current().get('a')?.data.status).toBe('confirmed')
    const beforeOutage = w.current()
    const b = beforeOutage.get('b')

    // The socket dies; meanwhile 'b' leaves the board and 'c' is ordered.
    first.onclose?.({})
    await vi.advanceTimersByTimeAsync(600)
    const second = last()
    expect(second).not.toBe(first)
    second.open()
    // 'a' in the snapshot is older than the update we already hold (the update overtook it).
    second.receive({
      type: 'snapshot',
      topic: 'board',
      branchId: 'b1',
      orders: [entry('a', 2), entry('c', 1)],
    })
    const after = w.current()
    expect([...after.keys()].sort()).toEqual(['a', 'c'])
    expect(after.get('a')?.version).toBe(3)
    // unchanged entries keep their identity (memoised cards do not re-render)
    expect(after.get('a')).toBe(beforeOutage.get('a'))
    expect(b).toBeDefined()
    // every change is a new map; the old one was not mutated
    expect(beforeOutage.has('b')).toBe(true)
    expect(new Set(seen).size).toBe(seen.length)
    w.stop()
  })

  it('a snapshot identical to the local copy reports no change', () => {
    const local = new Map([['a', { version: 2, data: 1 }]])
    expect(replaceBySnapshot(local, [{ orderId: 'a', version: 2, data: 1 }])).toBeUndefined()
    expect(replaceBySnapshot(local, [])?.size).toBe(0)
    expect(replaceBySnapshot(local, [{ orderId: 'a', version: 3, data: 2 }])?.get('a')).toEqual({
      version: 3,
      data: 2,
    })
  })

  it('polling while offline replaces the map too', async () => {
    let list = [
      { id: 'a', status: 'awaitingConfirmation', version: 1 },
      { id: 'b', status: 'confirmed', version: 4 },
    ]
    const w = watchBoard<Order>({
      baseUrl: 'http://shop.test',
      branchId: 'b1',
      apiKey: 'key',
      WebSocketImpl: FakeSocket as never,
      reconnectDelaysMs: [60_000],
      fetchImpl: fakeFetch(() => ({ status: 200, body: { data: list } })).impl,
      onChange: () => {},
    })
    last().onclose?.({})
    await vi.advanceTimersByTimeAsync(0)
    expect([...w.current().keys()]).toEqual(['a', 'b'])
    list = [{ id: 'b', status: 'ready', version: 5 }]
    await vi.advanceTimersByTimeAsync(10_000)
    expect([...w.current().keys()]).toEqual(['b'])
    expect(w.current().get('b')?.data.status).toBe('ready')
    w.stop()
  })
})

describe('the check while live (issue 15: a socket open while its updates stopped)', () => {
  it('an order whose update never came over the open socket is current after the next poll', async () => {
    let polledOrder = { id: 'o', status: 'awaitingConfirmation', version: 1 }
    const seen: Versioned<Order>[] = []
    const w = watchOrder<Order>({
      baseUrl: 'http://shop.test',
      uid: 'u',
      hash: 'h',
      WebSocketImpl: FakeSocket as never,
      fetchImpl: fakeFetch(() => ({ status: 200, body: { data: polledOrder } })).impl,
      onChange: (o) => seen.push(o),
    })
    last().open()
    last().receive({ type: 'snapshot', topic: 'order', uid: 'u', version: 1, data: polledOrder })
    // The order is confirmed; the socket stays open and answers pings, but the update is lost.
    polledOrder = { id: 'o', status: 'confirmed', version: 2 }
    await vi.advanceTimersByTimeAsync(9_000)
    last().receive({ type: 'pong' })
    expect(w.current()?.version).toBe(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(w.current()).toEqual({ version: 2, data: polledOrder })
    // A late update of the older version changes nothing; a final order stops the checks.
    last().receive({ type: 'update', topic: 'order', uid: 'u', version: 1, data: { id: 'o', status: 'x' } })
    expect(w.current()?.data.status).toBe('confirmed')
    polledOrder = { id: 'o', status: 'completed', version: 3 }
    await vi.advanceTimersByTimeAsync(10_000)
    expect(w.current()?.data.status).toBe('completed')
    expect(seen.map((o) => o.version)).toEqual([1, 2, 3])
    w.stop()
  })

  it("a board poll answered after an update keeps the update's order", async () => {
    let answer: (list: unknown) => void = () => {}
    const fetchImpl = (() =>
      new Promise<Response>((resolve) => {
        answer = (list) =>
          resolve(
            new Response(JSON.stringify({ data: list }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          )
      })) as unknown as typeof fetch
    const w = watchBoard<Order>({
      baseUrl: 'http://shop.test',
      branchId: 'b1',
      apiKey: 'key',
      WebSocketImpl: FakeSocket as never,
      fetchImpl,
      onChange: () => {},
    })
    const ws = last()
    ws.open()
    ws.receive({ type: 'snapshot', topic: 'board', branchId: 'b1', orders: [entry('a', 1)] })
    // The check's request leaves; before its answer, a new order and a change arrive by the socket.
    await vi.advanceTimersByTimeAsync(10_000)
    ws.receive({ type: 'update', topic: 'board', branchId: 'b1', ...entry('n', 1) })
    ws.receive({ type: 'update', topic: 'board', branchId: 'b1', ...entry('a', 2, 'confirmed') })
    // The answer was read before both: it keeps them, and still drops what left the board.
    answer([{ id: 'a', status: 'awaitingConfirmation', version: 1 }])
    await vi.advanceTimersByTimeAsync(0)
    expect([...w.current().keys()].sort()).toEqual(['a', 'n'])
    expect(w.current().get('a')?.version).toBe(2)
    // The next check, read after them, is the truth: 'n' left the board (e.g. rejected).
    await vi.advanceTimersByTimeAsync(10_000)
    answer([{ id: 'a', status: 'confirmed', version: 2 }])
    await vi.advanceTimersByTimeAsync(0)
    expect([...w.current().keys()]).toEqual(['a'])
    w.stop()
  })
})

describe('session boards and refusals', () => {
  it('without an api key: subscribes without one and polls the session route', async () => {
    const polled = fakeFetch(() => ({ status: 200, body: { data: [] } }))
    const w = watchBoard<Order>({
      baseUrl: 'http://shop.test',
      branchId: 'b 1',
      WebSocketImpl: FakeSocket as never,
      fetchImpl: polled.impl,
      onChange: () => {},
    })
    last().open()
    expect(last().sent[0]).toEqual({ type: 'subscribe', topic: 'board', branchId: 'b 1' })
    last().onclose?.({})
    await vi.advanceTimersByTimeAsync(0)
    expect(polled.calls).toEqual(['http://shop.test/api/orders/board/b%201'])
    w.stop()
  })

  it('a refusal by the socket or by the snapshot route stops for good and says why', async () => {
    const refusals: LiveRefusal[] = []
    const statuses: LiveStatus[] = []
    const w = watchBoard<Order>({
      baseUrl: 'http://shop.test',
      branchId: 'b1',
      apiKey: 'wrong',
      WebSocketImpl: FakeSocket as never,
      onChange: () => {},
      onRefused: (r) => refusals.push(r),
      onStatus: (s) => statuses.push(s),
    })
    last().open()
    last().receive({ type: 'error', code: 'forbidden', message: 'Zugriff verweigert.' })
    expect(refusals).toEqual([{ code: 'forbidden', message: 'Zugriff verweigert.' }])
    expect(statuses.at(-1)).toBe('stopped')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeSocket.all.length).toBe(1)
    w.stop()

    const httpRefusals: LiveRefusal[] = []
    const w2 = watchBoard<Order>({
      baseUrl: 'http://shop.test',
      branchId: 'b1',
      WebSocketImpl: FakeSocket as never,
      fetchImpl: fakeFetch(() => ({
        status: 401,
        body: { errors: [{ field: '', message: 'Bitte melden Sie sich an.' }] },
      })).impl,
      onChange: () => {},
      onRefused: (r) => httpRefusals.push(r),
    })
    last().onclose?.({})
    await vi.advanceTimersByTimeAsync(0)
    expect(httpRefusals).toEqual([
      { code: 'unauthorized', status: 401, message: 'Bitte melden Sie sich an.' },
    ])
    w2.stop()
  })
})

describe('the catalogue topic', () => {
  it('is live once subscribed, names each change, and says resync after a reconnect or a gap', async () => {
    const statuses: LiveStatus[] = []
    const changes: unknown[] = []
    let resyncs = 0
    const polled = fakeFetch(() => ({ status: 200, body: { data: [] } }))
    const w = watchCatalogue({
      baseUrl: 'http://shop.test',
      WebSocketImpl: FakeSocket as never,
      fetchImpl: polled.impl,
      onChange: (c) => changes.push(c),
      onResync: () => resyncs++,
      onStatus: (s) => statuses.push(s),
    })
    const first = last()
    first.open()
    expect(first.sent[0]).toEqual({ type: 'subscribe', topic: 'catalogue' })
    first.receive({ type: 'subscribed', topic: 'catalogue' })
    expect(statuses).toEqual(['connecting', 'live'])
    first.receive({
      type: 'update',
      topic: 'catalogue',
      resource: 'branch-operations',
      id: 'b1',
      event: 'ProductSoldOut',
    })
    first.receive({ type: 'update', topic: 'order', uid: 'u', version: 2, data: {} })
    expect(changes).toEqual([{ resource: 'branch-operations', id: 'b1', event: 'ProductSoldOut' }])
    expect(resyncs).toBe(0)
    // The gateway lost its bus: reload everything.
    first.receive({ type: 'update', topic: 'catalogue', resource: '*', id: '*', event: 'resync' })
    expect(resyncs).toBe(1)
    // The socket drops: not live; back and subscribed again, what was missed is reloaded.
    first.onclose?.({})
    expect(statuses.at(-1)).toBe('polling')
    await vi.advanceTimersByTimeAsync(500)
    const second = last()
    expect(second).not.toBe(first)
    second.open()
    second.receive({ type: 'subscribed', topic: 'catalogue' })
    expect(statuses.at(-1)).toBe('live')
    expect(resyncs).toBe(2)
    // It polls nothing itself: the caller's poll is the fallback.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(polled.calls).toEqual([])
    w.stop()
    expect(statuses.at(-1)).toBe('stopped')
  })
})
