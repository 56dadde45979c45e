import { randomUUID } from 'node:crypto'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import type { OrderEventEntry } from '@shop/shared/contracts/http/order-events.ts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../resources/users.ts'
import { orderBody } from '../../testing/lifecycle.scenario.ts'
import { call, login } from '../../testing/staff-session.ts'
import { openSocket, type TestSocket } from '../../testing/ws-client.ts'

// The back-office's staff routes over HTTP and WebSocket against the real PostgreSQL and NATS:
// the board by staff session (GET /api/orders/board/{branchId} and the socket's board topic
// without api key), the order's event timeline and the detail's ticket number.

let s: TestStack
// The app clock (the board's 18 h window follows it); sessions keep the real one.
let clock = Date.now()
let admin: Record<string, string>
let lena: Record<string, string>
const key = () => ({ 'x-api-key': s.branch.apiKey })
const wsUrl = () => `${s.url.replace(/^http/, 'ws')}/ws`

beforeAll(async () => {
  // Many orders by one test customer: the per-contact limits would stop them (docs/security.md).
  s = await startTestStack({
    now: () => new Date(clock),
    limits: { orders: { perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  await createUser(
    { db: s.db.db },
    { username: 'chefin', password: 'chefin-passwort-1', displayName: 'Chefin', roles: ['ROLE_ADMIN'] },
  )
  await createUser(
    { db: s.db.db },
    {
      username: 'lena',
      password: 'lena-passwort-12',
      displayName: 'Lena Frontdesk',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: 'b1' }],
    },
  )
  admin = (await login(s.url, 'chefin', 'chefin-passwort-1')).headers
  lena = (await login(s.url, 'lena', 'lena-passwort-12')).headers
})
afterAll(async () => {
  await s?.close()
})

async function place(branch = 'b1', extra: Record<string, unknown> = {}) {
  const res = await call(s.url, 'POST', '/api/orders', { body: orderBody(branch, extra) })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; uid: string; hash: string }
}

/** Waits until the orders projection has the order at `version` (and its ticket number). */
async function projected(orderId: string, version = 1): Promise<number> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await sql<{ version: number; ticket_number: number | null }>`
      SELECT version, ticket_number FROM rm_orders WHERE order_id = ${orderId}`.execute(s.db.db)
    const row = rows[0]
    if (row && row.version >= version && row.ticket_number !== null) return row.ticket_number
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`order ${orderId} not projected at version ${version}`)
}

type BoardOrder = { id: string; version: number; ticketNumber: number | null; status: string }

describe('GET /api/orders/board/{branchId} (staff session)', () => {
  it('an employee reads the board of their branch, with versions and ticket numbers, like the key route', async () => {
    const order = await place('b1', { firstName: 'Boris' })
    const ticket = await projected(order.id)
    const res = await call(s.url, 'GET', '/api/orders/board/b1', { headers: lena })
    expect(res.status).toBe(200)
    const mine = (res.body.data as BoardOrder[]).find((o) => o.id === order.id)
    expect(mine).toMatchObject({ version: 1, ticketNumber: ticket, status: 'awaitingConfirmation' })
    expect(mine).toHaveProperty('customer.firstName', 'Boris')
    expect(mine).toHaveProperty('allowedActions')
    const byKey = await call(s.url, 'GET', `/api/orders/frontdesk/b1/${s.branch.apiKey}`)
    expect(byKey.status).toBe(200)
    expect(res.body.data).toEqual(byKey.body.data)
  })

  it('admins read every branch; an employee of another branch 403; unknown branch 404; anonymous 401', async () => {
    const other = await place('b2')
    await projected(other.id)
    const adminB2 = await call(s.url, 'GET', '/api/orders/board/b2', { headers: admin })
    expect(adminB2.status).toBe(200)
    expect((adminB2.body.data as BoardOrder[]).map((o) => o.id)).toContain(other.id)

    const foreign = await call(s.url, 'GET', '/api/orders/board/b2', { headers: lena })
    expect(foreign.status).toBe(403)
    expect(foreign.body.errors[0].message).toBe('Sie haben keine Berechtigung für diese Aktion.')

    const unknown = await call(s.url, 'GET', '/api/orders/board/gibt-es-nicht', { headers: admin })
    expect(unknown.status).toBe(404)
    expect(unknown.body.errors[0]).toEqual({ field: 'branchId', message: 'Diese Filiale gibt es nicht.' })

    const anonymous = await call(s.url, 'GET', '/api/orders/board/b1')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.errors[0].message).toBe('Bitte melden Sie sich an.')

    // A cookie whose session is gone (logged out, expired) says so.
    const stale = await call(s.url, 'GET', '/api/orders/board/b1', {
      headers: { cookie: 'shop_session=abgelaufen-oder-erfunden' },
    })
    expect(stale.status).toBe(401)
    expect(stale.body.errors[0].message).toBe('Ihre Sitzung ist abgelaufen, oder Cookies sind deaktiviert.')
  })

  it('finished orders leave both board routes 18 h after they finished, by the app clock', async () => {
    const order = await place('b1', { firstName: 'Fertig' })
    await projected(order.id)
    for (const action of ['confirm', 'in-delivery', 'completed']) {
      const res = await call(s.url, 'POST', `/api/orders/${order.id}/status/${action}`, {
        headers: key(),
        body: {},
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    await projected(order.id, 4)
    const ids = async (path: string, headers: Record<string, string> = {}) => {
      const res = await call(s.url, 'GET', path, { headers })
      expect(res.status).toBe(200)
      return (res.body.data as BoardOrder[]).map((o) => o.id)
    }
    clock += 17 * 60 * 60 * 1000
    expect(await ids('/api/orders/board/b1', lena)).toContain(order.id)
    expect(await ids(`/api/orders/frontdesk/b1/${s.branch.apiKey}`)).toContain(order.id)
    clock += 2 * 60 * 60 * 1000
    expect(await ids('/api/orders/board/b1', lena)).not.toContain(order.id)
    expect(await ids(`/api/orders/frontdesk/b1/${s.branch.apiKey}`)).not.toContain(order.id)
    // The socket's snapshot keeps the same window.
    const ws = await openSocket(wsUrl(), { cookie: lena.cookie! })
    try {
      ws.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
      const snapshot = await ws.next<{ orders: { orderId: string }[] }>((m) => m.type === 'snapshot')
      expect(snapshot.orders.map((o) => o.orderId)).not.toContain(order.id)
      expect(snapshot.orders.length).toBeGreaterThan(0)
    } finally {
      await ws.close()
    }
  })
})

describe('GET /api/orders/{id}', () => {
  it('carries the ticket number the projection drew', async () => {
    const order = await place()
    const ticket = await projected(order.id)
    const res = await call(s.url, 'GET', `/api/orders/${order.id}`, { headers: lena })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: order.id, ticketNumber: ticket, version: 1 })
  })
})

describe("staff never see the customer's status-link hash", () => {
  // Issue 14 item 9: with the hash an employee could act as the customer (accept a
  // counter-appointment, send the rating). Every staff answer about an order leaves it out.
  it('not in the detail, the lists, the boards, command answers or the live board', async () => {
    const order = await place('b1', { firstName: 'Geheim' })
    await projected(order.id)
    const ws = await openSocket(wsUrl(), { cookie: lena.cookie! })
    ws.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    const snapshot = await ws.next((m) => m.type === 'snapshot' && m.topic === 'board')
    const answers: unknown[] = [snapshot]
    for (const [method, path, headers, body] of [
      ['GET', `/api/orders/${order.id}`, lena],
      ['GET', `/api/orders/${order.id}`, key()],
      ['GET', '/api/orders/board/b1', lena],
      ['GET', `/api/orders/frontdesk/b1/${s.branch.apiKey}`, {}],
      ['GET', `/api/orders/backoffice/b1/${s.branch.apiKey}`, {}],
      ['GET', '/api/orders', admin],
      ['GET', '/api/orders/current', admin],
      [
        'POST',
        `/api/orders/${order.id}/counter-appointment`,
        lena,
        { appointmentDate: new Date(clock + 3 * 3600_000).toISOString(), version: 1 },
      ],
      ['POST', `/api/orders/${order.id}/status/cancel`, lena, { version: 2, message: 'Test' }],
      ['GET', `/api/orders/${order.id}/events`, lena],
    ] as const) {
      const res = await call(s.url, method, path, { headers, ...(body ? { body } : {}) })
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(200)
      answers.push(res.body)
    }
    answers.push(await ws.next((m) => m.type === 'update' && m.topic === 'board' && m.orderId === order.id))
    await ws.close()
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(order.hash)
    // The customer still has it, of course.
    const mine = await call(s.url, 'GET', `/api/orders/public/${order.uid}/${order.hash}`)
    expect(mine.body.data.hash).toBe(order.hash)
  })
})

describe('GET /api/orders/{id}/events', () => {
  it('lists who did what and when, oldest first, without the status link hash or payment secrets', async () => {
    const createdAt = new Date(clock).toISOString()
    const order = await place('b1', { firstName: 'Timo', comment: 'Bitte schnell' })
    clock += 60_000
    const confirmedAt = new Date(clock).toISOString()
    const confirm = await call(s.url, 'POST', `/api/orders/${order.id}/status/confirm`, {
      headers: lena,
      body: { version: 1 },
    })
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200)
    clock += 60_000
    const detail = await call(s.url, 'GET', `/api/orders/${order.id}`, { headers: admin })
    const gipfeli = (detail.body.data.items as { itemId: string; name: string }[]).find(
      (i) => i.name === 'Gipfeli',
    )!
    const changed = await call(s.url, 'PUT', `/api/orders/${order.id}/items/${gipfeli.itemId}`, {
      headers: admin,
      body: { amount: 6, version: 2 },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    const totalGross = changed.body.data.totalGross as number

    const res = await call(s.url, 'GET', `/api/orders/${order.id}/events`, { headers: lena })
    expect(res.status).toBe(200)
    const events = res.body.data as OrderEventEntry[]
    expect(events.map((e) => [e.position, e.type])).toEqual([
      [1, 'OrderCreated'],
      [2, 'OrderConfirmed'],
      [3, 'OrderItemChanged'],
    ])
    const [created, confirmed, itemChanged] = events
    expect(created).toMatchObject({
      at: createdAt,
      actor: { kind: 'customer' },
      details: {
        orderType: 'delivery',
        paymentMethod: 'cash',
        comment: 'Bitte schnell',
        items: [
          { name: 'Zopf 500 g', amount: 1, unit: 'piece' },
          { name: 'Gipfeli', amount: 4, unit: 'piece' },
        ],
      },
    })
    expect(confirmed).toMatchObject({
      at: confirmedAt,
      actor: { kind: 'staff', name: 'Lena Frontdesk' },
      details: {},
    })
    expect(itemChanged).toMatchObject({
      actor: { kind: 'staff', name: 'Chefin' },
      details: { itemId: gipfeli.itemId, name: 'Gipfeli', amount: 6, unit: 'piece', totalGross },
    })
    const text = JSON.stringify(events)
    expect(text).not.toContain(order.hash)
    expect(text).not.toMatch(/sessionId|redirectUrl|"hash"/)

    // The frontdesk's key works as for the other order routes.
    const byKey = await call(s.url, 'GET', `/api/orders/${order.id}/events`, { headers: key() })
    expect(byKey.status).toBe(200)
    expect(byKey.body.data).toEqual(events)
  })

  it("a key, when sent, decides even beside another branch's staff session (a shared tablet)", async () => {
    const foreign = await place('b2')
    const path = `/api/orders/${foreign.id}/events`
    expect((await call(s.url, 'GET', path, { headers: lena })).status).toBe(403)
    const withKey = await call(s.url, 'GET', path, {
      headers: { ...lena, 'x-api-key': 'k-other-branch-key' },
    })
    expect(withKey.status).toBe(200)
    const confirm = await call(s.url, 'POST', `/api/orders/${foreign.id}/status/confirm`, {
      headers: { ...lena, 'x-api-key': 'k-other-branch-key' },
      body: { version: 1 },
    })
    expect(confirm.status).toBe(200)
    const events = await call(s.url, 'GET', path, { headers: { 'x-api-key': 'k-other-branch-key' } })
    expect(events.body.data.at(-1)).toMatchObject({ type: 'OrderConfirmed', actor: { name: 'Frontdesk' } })
    // A wrong key is refused, the session does not stand in for it.
    const wrong = await call(s.url, 'GET', `/api/orders/${foreign.id}/events`, {
      headers: { ...admin, 'x-api-key': 'falsch' },
    })
    expect(wrong.status).toBe(403)
  })

  it('401 without credentials, 403 for another branch (key or session), 404 for an unknown order', async () => {
    const order = await place()
    const path = `/api/orders/${order.id}/events`
    expect((await call(s.url, 'GET', path)).status).toBe(401)
    const wrongKey = await call(s.url, 'GET', path, { headers: { 'x-api-key': 'k-other-branch-key' } })
    expect(wrongKey.status).toBe(403)
    expect(wrongKey.body.errors[0].message).toBe('Zugriff verweigert.')
    const foreign = await place('b2')
    expect((await call(s.url, 'GET', `/api/orders/${foreign.id}/events`, { headers: lena })).status).toBe(403)
    const unknown = await call(s.url, 'GET', `/api/orders/${randomUUID()}/events`, { headers: admin })
    expect(unknown.status).toBe(404)
    expect(unknown.body.errors[0].message).toBe('Bestellung nicht gefunden.')
    expect((await call(s.url, 'GET', '/api/orders/kein-uuid/events', { headers: key() })).status).toBe(404)
  })
})

describe('WebSocket board subscription by staff session', () => {
  const sockets: TestSocket[] = []
  const open = async (headers: Record<string, string> = {}) => {
    const ws = await openSocket(wsUrl(), headers)
    sockets.push(ws)
    return ws
  }
  afterAll(async () => {
    await Promise.all(sockets.map((ws) => ws.close()))
  })

  it('an employee of the branch gets the snapshot and live updates by the session cookie alone', async () => {
    const order = await place('b1', { firstName: 'Sofia' })
    await projected(order.id)
    const ws = await open({ cookie: lena.cookie! })
    ws.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    const snapshot = await ws.next<{ orders: { orderId: string; version: number }[] }>(
      (m) => m.type === 'snapshot' && m.topic === 'board',
    )
    expect(snapshot.orders.find((o) => o.orderId === order.id)).toMatchObject({ version: 1 })
    const confirm = await call(s.url, 'POST', `/api/orders/${order.id}/status/confirm`, {
      headers: lena,
      body: { version: 1 },
    })
    expect(confirm.status).toBe(200)
    const update = await ws.next<{ version: number; data: { status: string } }>(
      (m) => m.type === 'update' && m.topic === 'board' && m.orderId === order.id,
    )
    expect(update).toMatchObject({ branchId: 'b1', version: 2, data: { status: 'confirmed' } })
    // A new order of the branch arrives too.
    const next = await place('b1', { firstName: 'Neu' })
    await ws.next((m) => m.type === 'update' && m.orderId === next.id)
  })

  it('another branch, no cookie, or a dead session: forbidden; the api key still works', async () => {
    const foreign = await open({ cookie: lena.cookie! })
    foreign.send({ type: 'subscribe', topic: 'board', branchId: 'b2' })
    expect(await foreign.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'forbidden',
      message: 'Zugriff verweigert.',
    })
    expect(foreign.messages.some((m) => (m as { type: string }).type === 'snapshot')).toBe(false)

    const anonymous = await open()
    anonymous.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    expect(await anonymous.next((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' })

    const stale = await open({ cookie: 'shop_session=abgelaufen-oder-erfunden' })
    stale.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    expect(await stale.next((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' })

    const adminSocket = await open({ cookie: admin.cookie! })
    adminSocket.send({ type: 'subscribe', topic: 'board', branchId: 'b2' })
    await adminSocket.next((m) => m.type === 'snapshot' && m.branchId === 'b2')

    const byKey = await open()
    byKey.send({ type: 'subscribe', topic: 'board', branchId: 'b1', apiKey: s.branch.apiKey })
    await byKey.next((m) => m.type === 'snapshot' && m.branchId === 'b1')
    const wrongKey = await open({ cookie: lena.cookie! })
    // A key, when given, is what counts: a wrong one is refused even with a good session.
    wrongKey.send({ type: 'subscribe', topic: 'board', branchId: 'b1', apiKey: 'falsch' })
    expect(await wrongKey.next((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' })
  })

  it("a page of another origin cannot use the staff's cookie (cross-site WebSocket hijacking)", async () => {
    const host = new URL(s.url).host
    const foreignPage = await open({ cookie: lena.cookie!, origin: 'https://boese.example' })
    foreignPage.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    expect(await foreignPage.next((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' })
    const ownPage = await open({ cookie: lena.cookie!, origin: `http://${host}` })
    ownPage.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    await ownPage.next((m) => m.type === 'snapshot' && m.branchId === 'b1')
  })

  it('a session ended after the upgrade opens no new board', async () => {
    const { headers } = await login(s.url, 'lena', 'lena-passwort-12')
    const ws = await open({ cookie: headers.cookie! })
    expect((await call(s.url, 'POST', '/api/logout', { headers })).status).toBe(200)
    ws.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    expect(await ws.next((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' })
  })

  it('an open board is closed at its next heartbeat once its key is renewed or its session ends', async () => {
    const byKey = await open()
    byKey.send({ type: 'subscribe', topic: 'board', branchId: 'b2', apiKey: 'k-other-branch-key' })
    await byKey.next((m) => m.type === 'snapshot' && m.branchId === 'b2')
    const { headers } = await login(s.url, 'lena', 'lena-passwort-12')
    const bySession = await open({ cookie: headers.cookie! })
    bySession.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    await bySession.next((m) => m.type === 'snapshot' && m.branchId === 'b1')
    const watcher = await open({ cookie: admin.cookie! })
    watcher.send({ type: 'subscribe', topic: 'board', branchId: 'b2' })
    await watcher.next((m) => m.type === 'snapshot' && m.branchId === 'b2')
    const errors = (ws: TestSocket) => ws.messages.filter((m) => (m as { type: string }).type === 'error')
    const pongs = (ws: TestSocket) =>
      ws.messages.filter((m) => (m as { type: string }).type === 'pong').length

    // A heartbeat with nothing changed: only the pong.
    byKey.send({ type: 'ping' })
    await byKey.next((m) => m.type === 'pong')
    expect(errors(byKey)).toEqual([])

    const branches = (await call(s.url, 'GET', '/api/branches', { headers: admin })).body.data as {
      id: string
      version: number
    }[]
    const renewed = await call(s.url, 'POST', '/api/branches/b2/regenerate-api-key', {
      headers: admin,
      body: { version: branches.find((b) => b.id === 'b2')!.version },
    })
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200)
    expect(renewed.body.data.apiKey).not.toBe('k-other-branch-key')
    byKey.send({ type: 'ping' })
    expect(await byKey.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'forbidden',
      message: 'Zugriff verweigert.',
    })
    // The ping's own pong comes after the refusal: the second pong of this socket.
    await byKey.next(() => pongs(byKey) === 2)
    // The closed board hears nothing more of its branch; a board still allowed does.
    const seen = byKey.messages.length
    const order = await place('b2')
    await watcher.next((m) => m.type === 'update' && m.orderId === order.id)
    expect(byKey.messages.slice(seen)).toEqual([])

    expect((await call(s.url, 'POST', '/api/logout', { headers })).status).toBe(200)
    bySession.send({ type: 'ping' })
    expect(await bySession.next((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' })
  })
})

describe('the frontdesk plugin (config enablePluginFrontdesk)', () => {
  it('switched off, the branch keys open nothing (clearly said to the key holder); staff sessions still work', async () => {
    const order = await place('b1', { firstName: 'Plugin' })
    await projected(order.id)
    const setPlugin = async (on: boolean) => {
      const { id: _id, ...current } = (await call(s.url, 'GET', '/api/config', { headers: admin })).body.data
      const res = await call(s.url, 'POST', '/api/config', {
        headers: admin,
        body: { ...current, enablePluginFrontdesk: on },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    await setPlugin(false)
    const disabled = 'Das Frontdesk ist in diesem Shop ausgeschaltet.'

    const board = await call(s.url, 'GET', `/api/orders/frontdesk/b1/${s.branch.apiKey}`)
    expect(board.status).toBe(403)
    expect(board.body.errors[0].message).toContain(disabled)
    const list = await call(s.url, 'GET', `/api/orders/backoffice/b1/${s.branch.apiKey}`)
    expect(list.status).toBe(403)
    // A wrong key learns nothing about the plugin.
    const wrong = await call(s.url, 'GET', '/api/orders/frontdesk/b1/falsch')
    expect(wrong.status).toBe(403)
    expect(wrong.body.errors[0].message).toBe('Zugriff verweigert.')
    // No command by key, and the order is unchanged.
    const confirm = await call(s.url, 'POST', `/api/orders/${order.id}/status/confirm`, {
      headers: key(),
      body: { version: 1 },
    })
    expect(confirm.status).toBe(403)
    expect(confirm.body.errors[0].message).toContain(disabled)
    expect((await call(s.url, 'GET', `/api/orders/${order.id}`, { headers: admin })).body.data.status).toBe(
      'awaitingConfirmation',
    )
    // No board socket by key; the staff session's board stays.
    const ws = await openSocket(wsUrl())
    try {
      ws.send({ type: 'subscribe', topic: 'board', branchId: 'b1', apiKey: s.branch.apiKey })
      expect(await ws.next((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' })
    } finally {
      await ws.close()
    }
    expect((await call(s.url, 'GET', '/api/orders/board/b1', { headers: lena })).status).toBe(200)

    // Switched on again, the same key works.
    await setPlugin(true)
    const again = await call(s.url, 'GET', `/api/orders/frontdesk/b1/${s.branch.apiKey}`)
    expect(again.status).toBe(200)
    expect((again.body.data as BoardOrder[]).some((o) => o.id === order.id)).toBe(true)
  })
})
