import { startTestStack, TEST_BRANCH, type TestStack } from '@shop/all-in-one/testing'
import { openSocket, testOrderBody } from '@shop/api/testing'
import { metrics } from '@shop/kit'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'

// The WebSocket limits (docs/security.md "WebSocket"): sockets per address, messages per
// socket, message size, and back-pressure for a socket that does not read. Small limits make
// them visible; the second stack lets one socket ask for a lot (the buffer cap is what stops it).

let s: TestStack
let fast: TestStack
const board = { type: 'subscribe', topic: 'board', branchId: TEST_BRANCH.id, apiKey: TEST_BRANCH.apiKey }

beforeAll(async () => {
  s = await startTestStack({
    notifier: false,
    limits: { websocket: { connectionsPerAddress: 3, messagesPerSecond: 5, maxMessageBytes: 4096 } },
  })
  fast = await startTestStack({
    notifier: false,
    limits: {
      orders: { perContact: { max: 1000 }, openPerContact: 1000 },
      websocket: { messagesPerSecond: 100_000, maxBufferedBytes: 256 * 1024 },
    },
  })
})
afterAll(async () => {
  await s?.close()
  await fast?.close()
})

const wsUrl = (stack: TestStack) => `${stack.url.replace('http', 'ws')}/ws`

/** How the server ended a socket: its close code. */
const closed = (ws: WebSocket) =>
  new Promise<number>((resolve) => {
    if (ws.readyState === ws.CLOSED) resolve(1006)
    ws.once('close', (code) => resolve(code))
  })

async function rawSocket(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return ws
}

async function refusal(url: string): Promise<{ status: number; body: any; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('open', () => reject(new Error('the upgrade was accepted')))
    ws.once('unexpected-response', (_req, res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text),
          retryAfter: res.headers['retry-after'],
        }),
      )
    })
    ws.once('error', () => {})
  })
}

const refusedFor = async (reason: string) =>
  (await metrics.wsRefused.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0

describe('WebSocket limits', () => {
  it('the (n+1)th socket from one address is refused before the upgrade; closing one frees a place', async () => {
    const open = await Promise.all([1, 2, 3].map(() => openSocket(wsUrl(s))))
    const refused = await refusal(wsUrl(s))
    expect(refused.status).toBe(429)
    expect(refused.retryAfter).toBe('10')
    expect(refused.body).toEqual({
      errors: [
        {
          field: '',
          message: 'Zu viele offene Verbindungen von Ihrer Adresse. Bitte versuchen Sie es später erneut.',
        },
      ],
    })
    await open[0]!.close()
    // The server sees the close a moment later.
    let again: Awaited<ReturnType<typeof openSocket>> | undefined
    for (let i = 0; i < 100 && !again; i++) {
      again = await openSocket(wsUrl(s)).catch(() => undefined)
      if (!again) await new Promise((r) => setTimeout(r, 20))
    }
    expect(again).toBeDefined()
    again!.send(board)
    await again!.next((m) => m.type === 'snapshot')
    await Promise.all([again!, open[1]!, open[2]!].map((o) => o.close()))
  })

  it('a flood of messages closes the socket (1008); another client keeps receiving', async () => {
    const other = await openSocket(wsUrl(s))
    other.send(board)
    await other.next((m) => m.type === 'snapshot')
    const flooder = await rawSocket(wsUrl(s))
    const code = closed(flooder)
    for (let i = 0; i < 50; i++) flooder.send(JSON.stringify({ type: 'ping' }))
    expect(await code).toBe(1008)
    // A new order reaches the other socket's board.
    const res = await fetch(`${s.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(testOrderBody(TEST_BRANCH.id)),
    })
    expect(res.status).toBe(201)
    const { data } = (await res.json()) as { data: { id: string } }
    await other.next((m) => m.type === 'update' && m.orderId === data.id)
    await other.close()
  })

  it('a message over maxMessageBytes closes the socket (1009) unread', async () => {
    const ws = await rawSocket(wsUrl(s))
    const code = closed(ws)
    ws.send(JSON.stringify({ type: 'ping', padding: 'x'.repeat(5000) }))
    expect(await code).toBe(1009)
  })

  it('a socket that does not read is dropped at the buffer cap; the others keep receiving', async () => {
    // A board worth sending: its snapshot is a few kilobytes.
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${fast.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          testOrderBody(TEST_BRANCH.id, { comment: `Bestellung ${i} ${'x'.repeat(400)}` }),
        ),
      })
      expect(res.status).toBe(201)
    }
    // On the board once projected.
    for (let i = 0; i < 400; i++) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rm_orders`.execute(fast.db.db)
      if (rows[0]!.n >= 8) break
      await new Promise((r) => setTimeout(r, 25))
    }
    const reader = await openSocket(wsUrl(fast))
    reader.send(board)
    const first = await reader.next<{ orders: unknown[] }>((m) => m.type === 'snapshot')
    expect(first.orders.length).toBeGreaterThanOrEqual(8)

    const before = await refusedFor('buffer')
    const slow = await rawSocket(wsUrl(fast))
    // It stops reading, and asks again and again for the board: each answer is a snapshot.
    ;(slow as unknown as { _socket: { pause(): void } })._socket.pause()
    const request = JSON.stringify(board)
    let sent = 0
    while ((await refusedFor('buffer')) === before && sent < 20_000) {
      for (let i = 0; i < 200; i++) slow.send(request)
      sent += 200
      await new Promise((r) => setTimeout(r, 5))
    }
    expect(await refusedFor('buffer')).toBe(before + 1)
    ;(slow as unknown as { _socket: { resume(): void } })._socket.resume()
    expect(await closed(slow)).toBe(1006)

    // The reading socket still gets the next update.
    const res = await fetch(`${fast.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(testOrderBody(TEST_BRANCH.id)),
    })
    const { data } = (await res.json()) as { data: { id: string } }
    await reader.next((m) => m.type === 'update' && m.orderId === data.id)
    await reader.close()
  })
})
