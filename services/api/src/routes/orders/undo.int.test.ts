import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import type { OrderEventEntry } from '@shop/shared/contracts/http/order-events.ts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../resources/users.ts'
import { orderBody } from '../../testing/lifecycle.scenario.ts'
import { call, login } from '../../testing/staff-session.ts'

// POST /api/orders/{id}/undo against the real PostgreSQL and NATS (issue 18 point 10): within
// 10 s of the last status change (by the app clock, as the events record it) the order goes back
// by a compensating event and every view follows; afterwards it is refused with the reason; only
// staff of the order's branch (or its key) may ask.

let s: TestStack
let clock = Date.now()
let lena: Record<string, string>
let kai: Record<string, string>
let gast: Record<string, string>
const key = () => ({ 'x-api-key': s.branch.apiKey })

beforeAll(async () => {
  s = await startTestStack({
    now: () => new Date(clock),
    limits: { orders: { perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  const users = [
    ['lena', 'lena-passwort-12', ['ROLE_EMPLOYEE'], 'b1'],
    ['kai', 'kai-passwort-123', ['ROLE_EMPLOYEE'], 'b2'],
    // Assigned to the branch, but without the employee role.
    ['gast', 'gast-passwort-12', [], 'b1'],
  ] as const
  for (const [username, password, roles, branch] of users) {
    await createUser(
      { db: s.db.db },
      { username, password, displayName: username, roles: [...roles], branches: [{ id: branch }] },
    )
  }
  lena = (await login(s.url, 'lena', 'lena-passwort-12')).headers
  kai = (await login(s.url, 'kai', 'kai-passwort-123')).headers
  gast = (await login(s.url, 'gast', 'gast-passwort-12')).headers
})
afterAll(async () => {
  await s?.close()
})

async function place() {
  const res = await call(s.url, 'POST', '/api/orders', { body: orderBody('b1') })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; uid: string; hash: string }
}

/** Waits until the orders projection has the order at `version` (and its ticket number). */
async function projected(orderId: string, version: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await sql<{ version: number; ticket_number: number | null }>`
      SELECT version, ticket_number FROM rm_orders WHERE order_id = ${orderId}`.execute(s.db.db)
    if (rows[0] && rows[0].version >= version && rows[0].ticket_number !== null) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`order ${orderId} not projected at version ${version}`)
}

async function act(orderId: string, action: string, headers: Record<string, string> = key()) {
  const res = await call(s.url, 'POST', `/api/orders/${orderId}/status/${action}`, { headers, body: {} })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as { version: number; status: string }
}

describe('POST /api/orders/{id}/undo', () => {
  it('within 10 s: OrderStatusChangeUndone is appended, the board, the detail and the status page are back', async () => {
    const order = await place()
    // The ticket number is drawn by the projection: the undo's answer keeps it.
    await projected(order.id, 1)
    const confirmed = await act(order.id, 'confirm')
    expect(confirmed.status).toBe('confirmed')
    clock += 9_000
    const res = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, {
      headers: key(),
      body: { version: confirmed.version },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({
      id: order.id,
      status: 'awaitingConfirmation',
      isConfirmed: false,
      version: confirmed.version + 1,
    })
    expect(res.body.data.allowedActions).toContain('confirm')
    expect(res.body.data.ticketNumber).toEqual(expect.any(Number))

    // The compensating event; the undone one stays in the stream.
    const events = await call(s.url, 'GET', `/api/orders/${order.id}/events`, { headers: lena })
    expect(events.status).toBe(200)
    const entries = events.body.data as OrderEventEntry[]
    expect(entries.map((e) => e.type)).toEqual(['OrderCreated', 'OrderConfirmed', 'OrderStatusChangeUndone'])
    expect(entries[2]).toMatchObject({
      actor: { kind: 'staff', name: 'Frontdesk' },
      details: { undone: 'OrderConfirmed', from: 'confirmed', to: 'awaitingConfirmation' },
    })

    // The read models follow: the board and the customer's status page.
    await projected(order.id, confirmed.version + 1)
    const board = await call(s.url, 'GET', '/api/orders/board/b1', { headers: lena })
    const row = (board.body.data as { id: string; status: string; version: number }[]).find(
      (o) => o.id === order.id,
    )
    expect(row).toMatchObject({ status: 'awaitingConfirmation', version: confirmed.version + 1 })
    const page = await call(s.url, 'GET', `/api/orders/public/${order.uid}/${order.hash}`)
    expect(page.body.data).toMatchObject({ status: 'awaitingConfirmation', isConfirmed: false })
    expect(page.body.data.timeline.map((step: { status: string }) => step.status)).toEqual([
      'awaitingConfirmation',
    ])
  })

  it('a completion by a staff session goes back to in delivery (a delivery order); only once', async () => {
    const order = await place()
    await act(order.id, 'confirm', lena)
    await act(order.id, 'in-delivery', lena)
    const completed = await act(order.id, 'completed', lena)
    clock += 2_000
    const back = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, { headers: lena, body: {} })
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(back.body.data).toMatchObject({ status: 'inDelivery', version: completed.version + 1 })
    // Only the last change: the undo itself is not undone, nor the step before it.
    const again = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, { headers: lena, body: {} })
    expect(again.status).toBe(409)
    expect(again.body.errors[0].message).toBe(
      'Die Aktion „Statusänderung rückgängig machen“ ist bei einer Bestellung im Status „In Zustellung“ nicht möglich. Es gibt keine Statusänderung, die rückgängig gemacht werden kann.',
    )
  })

  it('after 10 s: refused with 409 and the reason, in the caller’s language; nothing appended', async () => {
    const order = await place()
    const confirmed = await act(order.id, 'confirm')
    clock += 10_001
    const late = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, { headers: key(), body: {} })
    expect(late.status).toBe(409)
    expect(late.body.errors[0].message).toBe(
      'Die Aktion „Statusänderung rückgängig machen“ ist bei einer Bestellung im Status „Bestätigt“ nicht möglich. Eine Statusänderung kann nur innerhalb von 10 Sekunden rückgängig gemacht werden.',
    )
    const english = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, {
      headers: { ...key(), 'accept-language': 'en' },
      body: {},
    })
    expect(english.status).toBe(409)
    expect(english.body.errors[0].message).toMatch(/can only be undone within 10 seconds\.$/)
    const detail = await call(s.url, 'GET', `/api/orders/${order.id}`, { headers: key() })
    expect(detail.body.data).toMatchObject({ status: 'confirmed', version: confirmed.version })
  })

  it('a stale version (someone acted since) is a 409; a rejection or an unknown body field cannot be undone', async () => {
    const order = await place()
    const confirmed = await act(order.id, 'confirm')
    const stale = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, {
      headers: key(),
      body: { version: confirmed.version - 1 },
    })
    expect(stale.status).toBe(409)
    const extra = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, {
      headers: key(),
      body: { version: confirmed.version, to: 'awaitingConfirmation' },
    })
    expect(extra.status).toBe(400)

    const other = await place()
    const rejected = await call(s.url, 'POST', `/api/orders/${other.id}/status/reject`, {
      headers: key(),
      body: { message: 'Heute ausverkauft' },
    })
    expect(rejected.status).toBe(200)
    const undoReject = await call(s.url, 'POST', `/api/orders/${other.id}/undo`, { headers: key(), body: {} })
    expect(undoReject.status).toBe(409)
    expect(undoReject.body.errors[0].message).toBe(
      'Die Aktion „Statusänderung rückgängig machen“ ist bei einer Bestellung im Status „Abgelehnt“ nicht möglich.',
    )
  })

  it('wrong role or branch: anonymous 401, an employee of another branch 403, a user without the employee role 403', async () => {
    const order = await place()
    await act(order.id, 'confirm')
    const anonymous = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, { body: {} })
    expect(anonymous.status).toBe(401)
    const foreign = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, { headers: kai, body: {} })
    expect(foreign.status).toBe(403)
    expect(foreign.body.errors[0].message).toBe('Sie haben keine Berechtigung für diese Aktion.')
    const noRole = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, { headers: gast, body: {} })
    expect(noRole.status).toBe(403)
    const wrongKey = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, {
      headers: { 'x-api-key': 'falscher-schluessel' },
      body: {},
    })
    expect([401, 403]).toContain(wrongKey.status)
    // None of them changed the order: the branch can still undo it.
    const mine = await call(s.url, 'POST', `/api/orders/${order.id}/undo`, { headers: key(), body: {} })
    expect(mine.status).toBe(200)
    expect(mine.body.data.status).toBe('awaitingConfirmation')
  })

  it('an unknown order is 404 after the credential check', async () => {
    const res = await call(s.url, 'POST', '/api/orders/00000000-0000-4000-8000-000000000000/undo', {
      headers: key(),
      body: {},
    })
    expect(res.status).toBe(404)
  })
})
