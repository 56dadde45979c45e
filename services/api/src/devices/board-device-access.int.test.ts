import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createUser } from '../resources/users.ts'
import { orderBody } from '../testing/lifecycle.scenario.ts'
import { call, login } from '../testing/staff-session.ts'
import { openSocket } from '../testing/ws-client.ts'

// Issue 21 item 1 (docs/devices.md "Board tablets"): a paired board device works the board of its
// branch with its own credential (`Authorization: Device …`, the socket's `{ type: 'auth' }`),
// like the branch's api key does; another branch, a signage device's credential and a revoked
// credential are refused as a wrong key is.

let s: TestStack
let admin: Record<string, string>

beforeAll(async () => {
  s = await startTestStack({ limits: { orders: { perContact: { max: 1000 }, openPerContact: 1000 } } })
  await createUser(
    { db: s.db.db },
    { username: 'chefin', password: 'chefin-passwort-1', displayName: 'Chefin', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'chefin', 'chefin-passwort-1')).headers
})
afterAll(async () => {
  await s?.close()
})

/** A device of this kind for branch b1, paired through the real pairing flow: its id and credential. */
async function pairedDevice(kind: 'board' | 'signage', name: string, branch = 'b1') {
  const created = await call(s.url, 'POST', '/api/devices', {
    headers: admin,
    body: { name, kind, branch: { id: branch } },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.data.id as string
  const started = await call(s.url, 'POST', '/api/device-pairing', { body: { kind } })
  expect(started.status).toBe(201)
  const p = started.body.data as { pairingId: string; code: string; secret: string }
  const paired = await call(s.url, 'POST', `/api/devices/${id}/pair`, {
    headers: admin,
    body: { code: p.code },
  })
  expect(paired.status, JSON.stringify(paired.body)).toBe(200)
  const got = await call(s.url, 'GET', `/api/device-pairing/${p.pairingId}`, {
    headers: { 'x-pairing-secret': p.secret },
  })
  return { id, credential: got.body.data.credential as string }
}

const device = (credential: string) => ({ authorization: `Device ${credential}` })

async function place(branch: string) {
  const res = await call(s.url, 'POST', '/api/orders', { body: orderBody(branch) })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const id = res.body.data.id as string
  for (let i = 0; i < 400; i++) {
    const { rows } = await sql<{ n: number }>`SELECT 1 AS n FROM rm_orders WHERE order_id = ${id}`.execute(
      s.db.db,
    )
    if (rows.length) return id
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`order ${id} not projected`)
}

describe('a paired board device on the HTTP routes', () => {
  it("reads its branch's board and order, confirms it (the actor names the device) and undoes it", async () => {
    const board = await pairedDevice('board', 'Theke vorne')
    const orderId = await place('b1')

    const list = await call(s.url, 'GET', '/api/orders/board/b1', { headers: device(board.credential) })
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    expect((list.body.data as { id: string }[]).map((o) => o.id)).toContain(orderId)

    const one = await call(s.url, 'GET', `/api/orders/${orderId}`, { headers: device(board.credential) })
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({ id: orderId, status: 'awaitingConfirmation', version: 1 })

    const confirmed = await call(s.url, 'POST', `/api/orders/${orderId}/status/confirm`, {
      headers: device(board.credential),
      body: { version: 1 },
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect(confirmed.body.data.status).toBe('confirmed')

    const events = await call(s.url, 'GET', `/api/orders/${orderId}/events`, {
      headers: device(board.credential),
    })
    expect(events.status).toBe(200)
    const confirmedEvent = (events.body.data as { type: string; actor: unknown }[]).find(
      (e) => e.type === 'OrderConfirmed',
    )
    expect(confirmedEvent?.actor).toMatchObject({ kind: 'staff', name: 'Theke vorne' })

    const undone = await call(s.url, 'POST', `/api/orders/${orderId}/undo`, {
      headers: device(board.credential),
      body: { version: confirmed.body.data.version },
    })
    expect(undone.status, JSON.stringify(undone.body)).toBe(200)
    expect(undone.body.data.status).toBe('awaitingConfirmation')

    // Its branch's operations and its printers' status, as the key board reads them.
    const paused = await call(s.url, 'POST', '/api/branches/b1/pause', {
      headers: device(board.credential),
      body: { minutes: 15 },
    })
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    const pausedB2 = await call(s.url, 'POST', '/api/branches/b2/pause', {
      headers: device(board.credential),
      body: { minutes: 15 },
    })
    expect(pausedB2.status).toBe(403)
    const resumed = await call(s.url, 'DELETE', '/api/branches/b1/pause', {
      headers: device(board.credential),
    })
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200)
    const status = await call(s.url, 'GET', '/api/devices/status?branch=b1', {
      headers: device(board.credential),
    })
    expect(status.status).toBe(200)
    expect((status.body.data as { id: string }[]).map((d) => d.id)).toContain(board.id)
  })

  it("is refused for another branch's orders, with a signage credential, and once revoked", async () => {
    const board = await pairedDevice('board', 'Theke hinten')
    const signage = await pairedDevice('signage', 'Fernseher')
    const foreignOrder = await place('b2')
    const ownOrder = await place('b1')

    const foreign = await call(s.url, 'GET', `/api/orders/${foreignOrder}`, {
      headers: device(board.credential),
    })
    expect(foreign.status).toBe(403)
    const foreignConfirm = await call(s.url, 'POST', `/api/orders/${foreignOrder}/status/confirm`, {
      headers: device(board.credential),
      body: { version: 1 },
    })
    expect(foreignConfirm.status).toBe(403)
    expect(
      (await call(s.url, 'GET', '/api/orders/board/b2', { headers: device(board.credential) })).status,
    ).toBe(403)
    expect(
      (await call(s.url, 'GET', '/api/devices/status?branch=b2', { headers: device(board.credential) }))
        .status,
    ).toBe(403)

    const bySignage = await call(s.url, 'POST', `/api/orders/${ownOrder}/status/confirm`, {
      headers: device(signage.credential),
      body: { version: 1 },
    })
    expect(bySignage.status).toBe(403)
    expect(
      (await call(s.url, 'GET', '/api/orders/board/b1', { headers: device(signage.credential) })).status,
    ).toBe(403)

    const made = await call(s.url, 'GET', `/api/orders/${ownOrder}`, { headers: device(board.credential) })
    expect(made.status).toBe(200)
    const revoked = await call(s.url, 'POST', `/api/devices/${board.id}/revoke`, { headers: admin, body: {} })
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200)
    const after = await call(s.url, 'POST', `/api/orders/${ownOrder}/status/confirm`, {
      headers: device(board.credential),
      body: { version: 1 },
    })
    expect(after.status).toBe(401)
    expect(
      (await call(s.url, 'GET', '/api/orders/board/b1', { headers: device(board.credential) })).status,
    ).toBe(401)
    // Nothing happened to the order.
    const still = await call(s.url, 'GET', `/api/orders/${ownOrder}`, {
      headers: { 'x-api-key': s.branch.apiKey },
    })
    expect(still.body.data).toMatchObject({ status: 'awaitingConfirmation', version: 1 })
  })

  it('opens nothing while the frontdesk plugin is off, as the branch key does not', async () => {
    const board = await pairedDevice('board', 'Theke Plugin')
    const order = await place('b1')
    const setPlugin = async (on: boolean) => {
      const { id: _id, ...current } = (await call(s.url, 'GET', '/api/config', { headers: admin })).body.data
      const res = await call(s.url, 'POST', '/api/config', {
        headers: admin,
        body: { ...current, enablePluginFrontdesk: on },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    await setPlugin(false)
    try {
      const list = await call(s.url, 'GET', '/api/orders/board/b1', { headers: device(board.credential) })
      expect(list.status).toBe(403)
      expect(list.body.errors[0].message).toContain('Das Frontdesk ist in diesem Shop ausgeschaltet.')
      const confirm = await call(s.url, 'POST', `/api/orders/${order}/status/confirm`, {
        headers: device(board.credential),
        body: { version: 1 },
      })
      expect(confirm.status).toBe(403)
    } finally {
      await setPlugin(true)
    }
    const view = await call(s.url, 'GET', `/api/orders/${order}`, { headers: device(board.credential) })
    expect(view.status).toBe(200)
    expect(view.body.data).toMatchObject({ status: 'awaitingConfirmation', version: 1 })
  })
})

describe('a paired board device on the gateway', () => {
  it('watches its own branch board after authenticating, not another branch, and is closed when revoked', async () => {
    const board = await pairedDevice('board', 'Theke Socket')
    const raw = new WebSocket(`${s.url.replace(/^http/, 'ws')}/ws`)
    const messages: Record<string, unknown>[] = []
    raw.on('message', (d) => messages.push(JSON.parse(d.toString()) as Record<string, unknown>))
    const closed = new Promise<number>((resolve) => raw.on('close', (code) => resolve(code)))
    await new Promise<void>((resolve, reject) => {
      raw.once('open', () => resolve())
      raw.once('error', reject)
    })
    const send = (m: unknown) => raw.send(JSON.stringify(m))
    const next = async (match: (m: Record<string, unknown>) => boolean, from = 0) => {
      for (let i = 0; i < 400; i++) {
        const found = messages.slice(from).find(match)
        if (found) return found
        await new Promise((r) => setTimeout(r, 25))
      }
      throw new Error(`no matching message; got ${JSON.stringify(messages)}`)
    }
    // Without the device's auth first, the board is refused.
    send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    await next((m) => m.type === 'error' && m.code === 'forbidden')
    send({ type: 'auth', credential: board.credential })
    await next((m) => m.type === 'authenticated')
    let mark = messages.length
    send({ type: 'subscribe', topic: 'board', branchId: 'b2' })
    await next((m) => m.type === 'error' && m.code === 'forbidden', mark)
    mark = messages.length
    send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    await next((m) => m.type === 'snapshot' && m.topic === 'board', mark)
    const foreign = await place('b2')
    const orderId = await place('b1')
    await next((m) => m.type === 'update' && m.topic === 'board' && m.orderId === orderId)
    expect(messages.some((m) => m.orderId === foreign)).toBe(false)
    await call(s.url, 'POST', `/api/devices/${board.id}/revoke`, { headers: admin, body: {} })
    expect(await closed).toBe(4401)
  })

  it('a signage device may not watch the board', async () => {
    const signage = await pairedDevice('signage', 'Fernseher 2')
    const ws = await openSocket(`${s.url.replace(/^http/, 'ws')}/ws`)
    ws.send({ type: 'auth', credential: signage.credential })
    await ws.next((m) => m.type === 'authenticated')
    ws.send({ type: 'subscribe', topic: 'board', branchId: 'b1' })
    await ws.next((m) => m.type === 'error' && m.code === 'forbidden')
    expect(ws.messages.some((m) => (m as { type?: string }).type === 'snapshot')).toBe(false)
    await ws.close()
  })
})
