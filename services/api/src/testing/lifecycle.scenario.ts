import { expect } from 'vitest'
import { testOrderBody } from './catalogue.ts'
import { openSocket } from './ws-client.ts'

export type ScenarioTarget = {
  /** Where commands are sent (an API). */
  apiUrl: string
  /** Where sockets connect (a gateway); the same process in the all-in-one mode. */
  gatewayUrl: string
  branchId: string
  apiKey: string
}

/** A valid checkout body for the test catalogue (see catalogue.ts). */
export const orderBody = (branch: string, extra: Record<string, unknown> = {}) => testOrderBody(branch, extra)

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

export async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers })
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ws`

/**
 * The order lifecycle as a customer and the frontdesk see it: create, confirm, in delivery,
 * completed, each pushed to the order's socket with its version; another order's socket sees
 * none of it; a wrong hash or api key is refused.
 */
export async function runLifecycleScenario(t: ScenarioTarget): Promise<void> {
  const staff = { 'x-api-key': t.apiKey }
  const created = await post(`${t.apiUrl}/api/orders`, orderBody(t.branchId))
  expect(created.status).toBe(201)
  const order = created.body.data
  expect(order).toMatchObject({
    status: 'awaitingConfirmation',
    version: 1,
    isConfirmed: false,
    totalGross: 1410,
  })
  const other = (await post(`${t.apiUrl}/api/orders`, orderBody(t.branchId, { firstName: 'Beat' }))).body.data

  const customer = await openSocket(wsUrl(t.gatewayUrl))
  const bystander = await openSocket(wsUrl(t.gatewayUrl))
  const board = await openSocket(wsUrl(t.gatewayUrl))
  try {
    customer.send({ type: 'subscribe', topic: 'order', uid: order.uid, hash: order.hash })
    bystander.send({ type: 'subscribe', topic: 'order', uid: other.uid, hash: other.hash })
    board.send({ type: 'subscribe', topic: 'board', branchId: t.branchId, apiKey: t.apiKey })
    const snap = await customer.next<{ version: number; data: { status: string } }>(
      (m) => m.type === 'snapshot',
    )
    expect(snap.version).toBe(1)
    const otherSnap = await bystander.next<{ version: number }>((m) => m.type === 'snapshot')
    // The board learns of the order from its snapshot or, if the projection was still behind,
    // from the update that follows.
    await board.next(
      (m) =>
        (m.type === 'snapshot' && (m.orders as { orderId: string }[]).some((o) => o.orderId === order.id)) ||
        (m.type === 'update' && m.orderId === order.id),
    )

    const steps = [
      ['confirm', 'confirmed'],
      ['in-delivery', 'inDelivery'],
      ['completed', 'completed'],
    ] as const
    for (const [i, [action, status]] of steps.entries()) {
      const version = i + 1
      const res = await post(`${t.apiUrl}/api/orders/${order.id}/status/${action}`, { version }, staff)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data).toMatchObject({ status, version: version + 1 })
      const pushed = await customer.next<{ version: number; data: { status: string; uid: string } }>(
        (m) => m.type === 'update' && m.version === version + 1,
      )
      expect(pushed.data).toMatchObject({ status, uid: order.uid })
      const row = await board.next<{ data: { status: string; id: string; ticketNumber: number | null } }>(
        (m) => m.type === 'update' && m.orderId === order.id && m.version === version + 1,
      )
      // The board's view of the row, made by the gateway from the projected state.
      expect(row.data).toMatchObject({ status, id: order.id })
      expect(typeof row.data.ticketNumber).toBe('number')
    }
    // The creation's own update may arrive after the snapshot; a client drops it by version.
    const seen = customer.messages
      .filter((m: any) => m.type === 'update' && m.version > snap.version)
      .map((m: any) => m.data.status)
    expect(seen).toEqual(['confirmed', 'inDelivery', 'completed'])
    // The other order's socket heard nothing of this order.
    expect(
      bystander.messages.filter((m: any) => m.type === 'update' && m.version > otherSnap.version),
    ).toEqual([])
    expect(bystander.messages.some((m: any) => m.uid === order.uid || m.data?.uid === order.uid)).toBe(false)

    const intruder = await openSocket(wsUrl(t.gatewayUrl))
    intruder.send({ type: 'subscribe', topic: 'order', uid: order.uid, hash: 'wrong' })
    expect(await intruder.next((m) => m.type === 'error')).toMatchObject({ code: 'not_found' })
    intruder.send({ type: 'subscribe', topic: 'board', branchId: t.branchId, apiKey: 'wrong' })
    expect(await intruder.next((m) => m.type === 'error' && m.code === 'forbidden')).toBeTruthy()
    await post(`${t.apiUrl}/api/orders/${other.id}/status/confirm`, {}, staff)
    await bystander.next((m) => m.type === 'update' && (m.version as number) > otherSnap.version)
    expect(intruder.messages.filter((m: any) => m.type === 'update' || m.type === 'snapshot')).toEqual([])
    await intruder.close()

    const status = await get(`${t.apiUrl}/api/orders/public/${order.uid}/${order.hash}`)
    expect(status.status).toBe(200)
    expect(status.body.data).toMatchObject({ status: 'completed', version: 4, isCompleted: true })
    expect(status.body.data.timeline.map((s: { status: string }) => s.status)).toEqual([
      'awaitingConfirmation',
      'confirmed',
      'inDelivery',
      'completed',
    ])
  } finally {
    await Promise.all([customer.close(), bystander.close(), board.close()])
  }
}
