import { startTestStack, TEST_BRANCH, type TestStack } from '@shop/all-in-one/testing'
import { newCredential, storeDeviceCredential } from '@shop/read-models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { orderBody, post } from '../testing/lifecycle.scenario.ts'
import { call, login } from '../testing/staff-session.ts'
import { openSocket, type TestSocket } from '../testing/ws-client.ts'

// Digital signage (issue 21; docs/devices.md): the three resources, the playlist a paired screen
// loads, the pickup room of the gateway and the commands with the screen's acknowledgement, on
// the real stack (PostgreSQL, NATS, the gateway).

let s: TestStack
let admin: Record<string, string>
let employee: Record<string, string>
const branch = TEST_BRANCH.id

// A Tuesday morning, when the test branch takes orders; moving on with the real time.
const started = Date.now()
const now = () => new Date(Date.parse('2026-11-24T09:00:00Z') + (Date.now() - started))

beforeAll(async () => {
  s = await startTestStack({ now, limits: { rateLimits: false } })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  await createUser(
    { db: s.db.db },
    { username: 'mia', password: 'mia-passwort-12', roles: ['ROLE_EMPLOYEE'], branches: [{ id: branch }] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  employee = (await login(s.url, 'mia', 'mia-passwort-12')).headers
})
afterAll(async () => {
  await s?.close()
})

const as = (method: string, path: string, body?: unknown, headers = admin) =>
  call(s.url, method, path, { headers, ...(body === undefined ? {} : { body }) })
const created = async (path: string, body: unknown): Promise<{ id: string; version: number }> => {
  const res = await as('POST', path, body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}
const fields = (res: { body: { errors?: { field: string }[] } }) =>
  (res.body.errors ?? []).map((e) => e.field)
const wsUrl = () => `${s.url.replace(/^http/, 'ws')}/ws`

/**
 * A registry device of kind signage with a credential, stored as the pairing stores it (the
 * pairing flow itself is the devices' tests' concern).
 */
async function pairedScreen(name = 'TV Theke'): Promise<{ deviceId: string; credential: string }> {
  const device = await created('/api/devices', { name, kind: 'signage', branch: { id: branch } })
  const credential = newCredential()
  await storeDeviceCredential(s.db.db, device.id, 'signage', credential, now())
  return { deviceId: device.id, credential }
}

const deviceGet = (credential: string) =>
  call(s.url, 'GET', '/api/device/signage', { headers: { authorization: `Device ${credential}` } })

/** The screen's socket, authenticated as its device. */
async function screenSocket(credential: string): Promise<TestSocket> {
  const ws = await openSocket(wsUrl())
  ws.send({ type: 'auth', credential })
  await ws.next((m) => m.type === 'authenticated')
  return ws
}

async function productId(uid: string): Promise<string> {
  const res = await as('GET', '/api/products')
  return res.body.data.find((p: { uid: string }) => p.uid === uid).id
}

describe('segments, streams and screens', () => {
  it('checks each segment type at its fields, and that what it names exists', async () => {
    const noImage = await as('POST', '/api/digital-signage-segments', { name: 'Bild', type: 'image' })
    expect(noImage.status).toBe(400)
    expect(fields(noImage)).toEqual(['image'])
    const missing = await as('POST', '/api/digital-signage-segments', {
      name: 'Bild',
      type: 'image',
      image: { id: 'gibt-es-nicht', version: 1, extension: 'jpg' },
    })
    expect(missing.status).toBe(400)
    expect(fields(missing)).toEqual(['image.id'])
    const wrongBranch = await as('POST', '/api/digital-signage-segments', {
      name: 'Abholung',
      type: 'pickup',
      branch: { id: 'keine-filiale' },
    })
    expect(fields(wrongBranch)).toEqual(['branch.id'])
    const products = await as('POST', '/api/digital-signage-segments', {
      name: 'Sortiment',
      type: 'menu',
      branch: { id: branch },
      products: [{ id: await productId('zopf') }, { id: 'kein-produkt' }],
    })
    expect(products.status).toBe(400)
    expect(fields(products)).toEqual(['products.1.id'])
  })

  it('staff read, only admins write', async () => {
    expect((await as('GET', '/api/digital-signage-streams', undefined, employee)).status).toBe(200)
    const refused = await as('POST', '/api/digital-signage-streams', { name: 'Von Mia' }, employee)
    expect(refused.status).toBe(403)
    expect((await call(s.url, 'GET', '/api/digital-signage-segments', {})).status).toBe(401)
  })

  it("a stream's segments must exist, and a segment a stream plays is not deleted", async () => {
    const segment = await created('/api/digital-signage-segments', {
      name: 'Abholung',
      type: 'pickup',
      branch: { id: branch },
    })
    const bad = await as('POST', '/api/digital-signage-streams', {
      name: 'Schaufenster',
      items: [{ segmentId: segment.id }, { segmentId: 'fehlt' }],
    })
    expect(bad.status).toBe(400)
    expect(fields(bad)).toEqual(['items.1.segmentId'])
    const stream = await created('/api/digital-signage-streams', {
      name: 'Schaufenster',
      items: [{ segmentId: segment.id, schedule: { days: ['monday'], from: '22:00', to: '02:00' } }],
    })
    const del = await as('DELETE', `/api/digital-signage-segments/${segment.id}`)
    expect(del.status).toBe(409)
    expect(del.body.errors[0].message).toContain('Schaufenster')
    // History and log like every resource.
    const history = await as('GET', `/api/digital-signage-streams/${stream.id}/history`)
    expect(history.status).toBe(200)
    expect(history.body.data.length).toBe(1)
  })

  it("a screen's device must be a signage device of the registry; the list filters by branch", async () => {
    const printer = await created('/api/devices', {
      name: 'Bondrucker',
      kind: 'printer',
      branch: { id: branch },
      host: '127.0.0.1',
    })
    const notSignage = await as('POST', '/api/digital-signage-devices', {
      name: 'TV',
      branch: { id: branch },
      deviceId: printer.id,
    })
    expect(notSignage.status).toBe(400)
    expect(fields(notSignage)).toEqual(['deviceId'])
    expect(notSignage.body.errors[0].message).toBe('Das Gerät ist kein Bildschirm (Digital Signage).')
    const unknown = await as('POST', '/api/digital-signage-devices', {
      name: 'TV',
      branch: { id: branch },
      deviceId: 'fehlt',
      streamId: 'fehlt-auch',
    })
    expect(fields(unknown).sort()).toEqual(['deviceId', 'streamId'])
    const tv = await created('/api/devices', { name: 'TV', kind: 'signage', branch: { id: branch } })
    const screen = await created('/api/digital-signage-devices', {
      name: 'TV',
      branch: { id: branch },
      deviceId: tv.id,
    })
    const mine = await as('GET', `/api/digital-signage-devices?branch=${branch}`)
    expect(mine.body.data.map((d: { id: string }) => d.id)).toContain(screen.id)
    const other = await as('GET', '/api/digital-signage-devices?branch=b2')
    expect(other.body.data.map((d: { id: string }) => d.id)).not.toContain(screen.id)
  })
})

describe('the playlist of a paired screen', () => {
  it('answers the stream with its segments resolved, live prices and sold out; 401 once revoked', async () => {
    const { deviceId, credential } = await pairedScreen('TV Schaufenster')
    expect((await call(s.url, 'GET', '/api/device/signage', {})).status).toBe(401)
    // Paired but not assigned yet: the shop's name to show, no stream.
    const bare = await deviceGet(credential)
    expect(bare.status).toBe(200)
    expect(bare.body.data).toMatchObject({
      screen: null,
      stream: null,
      deviceId,
      shop: { name: 'Testbäckerei' },
    })

    const zopf = await productId('zopf')
    const landbrot = await productId('landbrot')
    const menu = await created('/api/digital-signage-segments', {
      name: 'Brot',
      type: 'menu',
      durationSeconds: 15,
      branch: { id: branch },
      products: [{ id: zopf }, { id: landbrot }],
    })
    const pickup = await created('/api/digital-signage-segments', {
      name: 'Abholung',
      type: 'pickup',
      branch: { id: branch },
    })
    const stream = await created('/api/digital-signage-streams', {
      name: 'Laden',
      items: [{ segmentId: menu.id, durationSeconds: 20 }, { segmentId: pickup.id }],
    })
    const screen = await created('/api/digital-signage-devices', {
      name: 'TV Schaufenster',
      branch: { id: branch },
      deviceId,
      streamId: stream.id,
    })
    const sold = await post(`${s.url}/api/branches/${branch}/sold-out`, { product: landbrot }, admin)
    expect(sold.status, JSON.stringify(sold.body)).toBe(200)

    const res = await deviceGet(credential)
    expect(res.status).toBe(200)
    const data = res.body.data
    expect(data.screen).toEqual({ id: screen.id, name: 'TV Schaufenster' })
    expect(data.branch).toMatchObject({ id: branch, timeZone: 'Europe/Zurich' })
    expect(data.stream.items).toEqual([
      { segmentId: menu.id, durationSeconds: 20, schedule: null },
      { segmentId: pickup.id, durationSeconds: null, schedule: null },
    ])
    expect(data.segments[menu.id].products).toEqual([
      { id: zopf, name: 'Zopf 500 g', price: 690, soldOut: false },
      { id: landbrot, name: 'Landbrot', price: 820, soldOut: true },
    ])
    expect(data.segments[pickup.id]).toMatchObject({ type: 'pickup', branchId: branch })
    expect(data.pickup).toEqual({ preparing: expect.any(Array), ready: expect.any(Array) })

    // Another kind of device is refused; a revoked credential stops at once.
    expect((await as('POST', `/api/devices/${deviceId}/revoke`)).status).toBe(200)
    expect((await deviceGet(credential)).status).toBe(401)
  })
})

describe('the pickup room', () => {
  it('admits only a signage screen, and forwards ticket numbers and states, nothing else', async () => {
    const { credential } = await pairedScreen('TV Abholung')
    const anonymous = await openSocket(wsUrl())
    anonymous.send({ type: 'subscribe', topic: 'pickup', branchId: branch })
    await anonymous.next((m) => m.type === 'error' && m.code === 'forbidden')
    await anonymous.close()

    const screen = await screenSocket(credential)
    try {
      screen.send({ type: 'subscribe', topic: 'pickup', branchId: branch })
      await screen.next((m) => m.type === 'snapshot' && m.topic === 'pickup')
      const placed = await post(
        `${s.url}/api/orders`,
        orderBody(branch, { isDelivery: false, deliveryArea: undefined }),
      )
      expect(placed.status, JSON.stringify(placed.body)).toBe(201)
      const order = placed.body.data
      const staff = { 'x-api-key': TEST_BRANCH.apiKey }
      const confirmed = await post(`${s.url}/api/orders/${order.id}/status/confirm`, {}, staff)
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
      const preparing = await screen.next(
        (m) => m.topic === 'pickup' && m.orderId === order.id && m.state === 'preparing',
      )
      const ready = await post(`${s.url}/api/orders/${order.id}/status/in-delivery`, {}, staff)
      expect(ready.status, JSON.stringify(ready.body)).toBe(200)
      const shown = await screen.next(
        (m) => m.topic === 'pickup' && m.orderId === order.id && m.state === 'ready',
      )
      for (const message of [preparing, shown]) {
        expect(Object.keys(message).sort()).toEqual([
          'branchId',
          'orderId',
          'state',
          'ticketNumber',
          'topic',
          'type',
        ])
        expect(typeof message.ticketNumber).toBe('number')
        expect(JSON.stringify(message)).not.toMatch(/Anna|Muster|Zopf|anna@example/)
      }
      // A new screen gets the order in its snapshot.
      const late = await screenSocket(credential)
      late.send({ type: 'subscribe', topic: 'pickup', branchId: branch })
      const snap = await late.next<{ ready: number[] }>((m) => m.type === 'snapshot' && m.topic === 'pickup')
      expect(snap.ready).toContain(shown.ticketNumber)
      await late.close()
    } finally {
      await screen.close()
    }
  })
})

describe('commands', () => {
  it('answers after the screen acknowledged; without an answer within 5 s the spec message', async () => {
    const { deviceId, credential } = await pairedScreen('TV Befehle')
    const segment = await created('/api/digital-signage-segments', {
      name: 'Abholung',
      type: 'pickup',
      branch: { id: branch },
    })
    const screen = await created('/api/digital-signage-devices', {
      name: 'TV Befehle',
      branch: { id: branch },
      deviceId,
    })

    const bad = await as('POST', `/api/digital-signage-devices/${screen.id}/command`, { type: 'showSegment' })
    expect(bad.status).toBe(400)
    expect(fields(bad)).toEqual(['segmentId'])
    expect(
      (await as('POST', `/api/digital-signage-devices/${screen.id}/command`, { type: 'identify' }, employee))
        .status,
    ).toBe(403)
    expect(
      (await as('POST', '/api/digital-signage-devices/fehlt/command', { type: 'identify' })).status,
    ).toBe(404)

    // The screen is not connected: nobody answers.
    const silent = await as('POST', `/api/digital-signage-devices/${screen.id}/command`, { type: 'identify' })
    expect(silent.status).toBe(504)
    expect(silent.body.errors[0].message).toBe('Befehl konnte nicht ausgeführt werden.')
    const silentAbort = await as('POST', `/api/digital-signage-devices/${screen.id}/command/abort`)
    expect(silentAbort.status).toBe(504)
    expect(silentAbort.body.errors[0].message).toBe('Befehl konnte nicht abgebrochen werden.')

    // A fake screen on a real socket acknowledges what it gets.
    const ws = await screenSocket(credential)
    try {
      const answered = as('POST', `/api/digital-signage-devices/${screen.id}/command`, {
        type: 'showSegment',
        segmentId: segment.id,
      })
      const command = await ws.next<{ commandId: string; command: string; payload: unknown }>(
        (m) => m.type === 'command' && m.command === 'showSegment',
      )
      expect(command.payload).toEqual({ segmentId: segment.id })
      ws.send({ type: 'ack', commandId: command.commandId, ok: true })
      const res = await answered
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data).toEqual({ ok: true })

      const abort = as('POST', `/api/digital-signage-devices/${screen.id}/command/abort`)
      const abortCommand = await ws.next<{ commandId: string }>(
        (m) => m.type === 'command' && m.command === 'abort',
      )
      ws.send({ type: 'ack', commandId: abortCommand.commandId, ok: true })
      expect((await abort).status).toBe(200)

      // A refusal is a failure too.
      const refused = as('POST', `/api/digital-signage-devices/${screen.id}/command`, { type: 'reload' })
      const reload = await ws.next<{ commandId: string }>(
        (m) => m.type === 'command' && m.command === 'reload',
      )
      ws.send({ type: 'ack', commandId: reload.commandId, ok: false, error: 'kaputt' })
      const failed = await refused
      expect(failed.status).toBe(502)
      expect(failed.body.errors[0].message).toBe('Befehl konnte nicht ausgeführt werden.')

      // A change to the screen's stream makes it reload by itself.
      const stream = await created('/api/digital-signage-streams', {
        name: 'Neu',
        items: [{ segmentId: segment.id }],
      })
      const current = (await as('GET', `/api/digital-signage-devices/${screen.id}`)).body.data
      expect(
        (await as('PUT', `/api/digital-signage-devices/${screen.id}`, { ...current, streamId: stream.id }))
          .status,
      ).toBe(200)
      const before = ws.messages.length
      await as('PUT', `/api/digital-signage-streams/${stream.id}`, {
        name: 'Neu 2',
        items: [{ segmentId: segment.id }],
        version: stream.version,
      })
      await ws.next((m) => m.type === 'command' && m.command === 'reload' && ws.messages.indexOf(m) >= before)

      // With a menu on its stream, a product sold out makes it reload too (live sold-out state).
      const menu = await created('/api/digital-signage-segments', {
        name: 'Brot',
        type: 'menu',
        branch: { id: branch },
        products: [{ id: await productId('festtorte') }],
      })
      const latest = (await as('GET', `/api/digital-signage-streams/${stream.id}`)).body.data
      expect(
        (
          await as('PUT', `/api/digital-signage-streams/${stream.id}`, {
            ...latest,
            items: [...latest.items, { segmentId: menu.id, durationSeconds: null, schedule: null }],
          })
        ).status,
      ).toBe(200)
      await new Promise((r) => setTimeout(r, 300))
      const beforeSoldOut = ws.messages.length
      const sold = await post(`${s.url}/api/branches/${branch}/sold-out`, { product: 'festtorte' }, admin)
      expect(sold.status, JSON.stringify(sold.body)).toBe(200)
      await ws.next(
        (m) => m.type === 'command' && m.command === 'reload' && ws.messages.indexOf(m) >= beforeSoldOut,
      )
    } finally {
      await ws.close()
    }
  })
})
