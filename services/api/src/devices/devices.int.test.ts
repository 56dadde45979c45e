import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { credentialHash } from '@shop/read-models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'
import { sendDeviceCommand } from './device-commands.ts'

// Issue 21 (docs/devices.md): pairing a screen, its credential (stored hashed), heartbeats and
// status, revocation (401 and its socket closed), the command path over the gateway with the
// device's acknowledgement (test notification, log request), the routes' roles and bad bodies.

let s: TestStack
let admin: Record<string, string>
let employee: Record<string, string>
let clock = Date.now()

const pairingCode = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/

beforeAll(async () => {
  s = await startTestStack({ now: () => new Date(clock) })
  await createUser(
    { db: s.db.db },
    { username: 'chefin', password: 'chefin-passwort-1', displayName: 'Chefin', roles: ['ROLE_ADMIN'] },
  )
  await createUser(
    { db: s.db.db },
    {
      username: 'verkauf',
      password: 'verkauf-passwort-1',
      displayName: 'Verkauf',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: 'b1' }],
    },
  )
  admin = (await login(s.url, 'chefin', 'chefin-passwort-1')).headers
  employee = (await login(s.url, 'verkauf', 'verkauf-passwort-1')).headers
})
afterAll(async () => {
  await s?.close()
})

async function createDevice(body: Record<string, unknown>): Promise<string> {
  const res = await call(s.url, 'POST', '/api/devices', { headers: admin, body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data.id as string
}

async function startPairing(kind: 'board' | 'signage') {
  const res = await call(s.url, 'POST', '/api/device-pairing', { body: { kind } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { pairingId: string; code: string; secret: string; expiresAt: string }
}

const poll = (pairingId: string, secret: string) =>
  call(s.url, 'GET', `/api/device-pairing/${pairingId}`, { headers: { 'x-pairing-secret': secret } })

/** Pairs a new device of this kind; its credential. */
async function pairedDevice(kind: 'board' | 'signage', name: string) {
  const id = await createDevice({ name, kind, branch: { id: 'b1' } })
  const p = await startPairing(kind)
  const paired = await call(s.url, 'POST', `/api/devices/${id}/pair`, {
    headers: admin,
    body: { code: p.code },
  })
  expect(paired.status, JSON.stringify(paired.body)).toBe(200)
  const got = await poll(p.pairingId, p.secret)
  return { id, credential: got.body.data.credential as string }
}

const device = (credential: string) => ({ authorization: `Device ${credential}` })

/** A device's socket on the gateway: authenticated, answering its commands as `answer` says. */
async function deviceSocket(
  credential: string,
  answer: (command: { commandId: string; command: string }) => Record<string, unknown> | null,
) {
  const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}/ws`)
  const messages: Record<string, unknown>[] = []
  let closed: { code: number } | null = null
  const closing = new Promise<number>((resolve) =>
    ws.on('close', (code) => {
      closed = { code }
      resolve(code)
    }),
  )
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as Record<string, unknown>
    messages.push(m)
    if (m.type === 'command') {
      const reply = answer(m as { commandId: string; command: string })
      if (reply) ws.send(JSON.stringify({ type: 'ack', commandId: m.commandId, ...reply }))
    }
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const authenticated = new Promise<Record<string, unknown>>((resolve, reject) => {
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Record<string, unknown>
      if (m.type === 'authenticated') resolve(m)
      if (m.type === 'error') reject(new Error(JSON.stringify(m)))
    })
  })
  ws.send(JSON.stringify({ type: 'auth', credential }))
  return { ws, messages, authenticated, closing, isClosed: () => closed !== null }
}

describe('pairing', () => {
  it('pairs with the code, hands the credential out once, counts heartbeats, and revokes', async () => {
    const id = await createDevice({ name: 'Theke', kind: 'board', branch: { id: 'b1' } })
    const p = await startPairing('board')
    expect(p.code).toMatch(pairingCode)
    expect(Date.parse(p.expiresAt) - clock).toBe(10 * 60_000)
    expect((await poll(p.pairingId, p.secret)).body.data).toEqual({ status: 'pending' })

    const paired = await call(s.url, 'POST', `/api/devices/${id}/pair`, {
      headers: admin,
      body: { code: p.code.toLowerCase() },
    })
    expect(paired.status, JSON.stringify(paired.body)).toBe(200)
    expect(paired.body.data).toMatchObject({ id, name: 'Theke', kind: 'board' })

    const first = await poll(p.pairingId, p.secret)
    expect(first.body.data).toMatchObject({ status: 'paired', deviceId: id })
    const credential = first.body.data.credential as string
    expect(credential.length).toBeGreaterThan(30)
    // Exactly once.
    expect((await poll(p.pairingId, p.secret)).body.data).toEqual({ status: 'claimed' })

    // Stored as its hash only: neither the credential nor the pairing keeps it.
    const stored = await s.db.db
      .selectFrom('device_credentials')
      .selectAll()
      .where('device_id', '=', id)
      .execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]!.credential_hash).toBe(credentialHash(credential))
    expect(stored[0]!.credential_hash).not.toContain(credential)
    const pairing = await s.db.db
      .selectFrom('device_pairings')
      .selectAll()
      .where('pairing_id', '=', p.pairingId)
      .executeTakeFirstOrThrow()
    expect(pairing.credential).toBeNull()

    const before = await call(s.url, 'GET', '/api/devices/status', { headers: admin })
    expect(before.body.data.find((d: { id: string }) => d.id === id)).toMatchObject({
      paired: true,
      online: false,
      lastSeenAt: null,
    })

    const beat = await call(s.url, 'POST', '/api/device/heartbeat', {
      headers: device(credential),
      body: { version: '1.2.3' },
    })
    expect(beat.status, JSON.stringify(beat.body)).toBe(200)
    expect(beat.body.data).toMatchObject({ deviceId: id, kind: 'board', branch: 'b1', name: 'Theke' })
    const me = await call(s.url, 'GET', '/api/device/me', { headers: device(credential) })
    expect(me.body.data.deviceId).toBe(id)

    const online = await call(s.url, 'GET', '/api/devices/status?branch=b1', { headers: admin })
    expect(online.body.data.find((d: { id: string }) => d.id === id)).toMatchObject({
      paired: true,
      online: true,
      lastSeenAt: new Date(clock).toISOString(),
      failedJobs: 0,
    })
    // 61 s later without a heartbeat: offline.
    clock += 61_000
    const later = await call(s.url, 'GET', '/api/devices/status', { headers: admin })
    expect(later.body.data.find((d: { id: string }) => d.id === id).online).toBe(false)

    const socket = await deviceSocket(credential, () => ({ ok: true }))
    await socket.authenticated

    const revoked = await call(s.url, 'POST', `/api/devices/${id}/revoke`, { headers: admin })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toEqual({ revoked: true })
    expect(await socket.closing).toBe(4401)
    const refused = await call(s.url, 'POST', '/api/device/heartbeat', {
      headers: device(credential),
      body: {},
    })
    expect(refused.status).toBe(401)
    expect(refused.body.errors[0].message).toMatch(/nicht gekoppelt/)
    expect((await call(s.url, 'GET', '/api/device/me', { headers: device(credential) })).status).toBe(401)
    const status = await call(s.url, 'GET', '/api/devices/status', { headers: admin })
    expect(status.body.data.find((d: { id: string }) => d.id === id).paired).toBe(false)
  })

  it('refuses an expired, unknown or other-kind code at `code`, and a wrong secret with 404', async () => {
    const board = await createDevice({ name: 'Board 2', kind: 'board', branch: { id: 'b1' } })
    const invalid = 'Dieser Code ist ungültig oder abgelaufen.'
    const pair = (code: string) =>
      call(s.url, 'POST', `/api/devices/${board}/pair`, { headers: admin, body: { code } })

    const unknown = await pair('ZZZZZZ')
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([{ field: 'code', message: invalid }])

    const signage = await startPairing('signage')
    const otherKind = await pair(signage.code)
    expect(otherKind.status).toBe(400)
    expect(otherKind.body.errors).toEqual([{ field: 'code', message: invalid }])

    const p = await startPairing('board')
    expect((await poll(p.pairingId, 'wrong-secret')).status).toBe(404)
    expect((await poll(p.pairingId, '')).status).toBe(404)
    expect((await poll('00000000-0000-4000-8000-000000000000', p.secret)).status).toBe(404)
    clock += 10 * 60_000 + 1
    const expired = await pair(p.code)
    expect(expired.status).toBe(400)
    expect(expired.body.errors).toEqual([{ field: 'code', message: invalid }])
    expect((await poll(p.pairingId, p.secret)).status).toBe(404)
  })

  it('pairing again replaces the old credential', async () => {
    const { id, credential } = await pairedDevice('signage', 'Schaufenster')
    const p = await startPairing('signage')
    const again = await call(s.url, 'POST', `/api/devices/${id}/pair`, {
      headers: admin,
      body: { code: p.code },
    })
    expect(again.status).toBe(200)
    const fresh = (await poll(p.pairingId, p.secret)).body.data.credential as string
    expect(fresh).not.toBe(credential)
    expect((await call(s.url, 'GET', '/api/device/me', { headers: device(credential) })).status).toBe(401)
    expect((await call(s.url, 'GET', '/api/device/me', { headers: device(fresh) })).status).toBe(200)
  })
})

describe('commands over the gateway', () => {
  it('test notification: 200 once the device acknowledged, 504 when nobody answers', async () => {
    const { id, credential } = await pairedDevice('board', 'Board mit Ack')
    const socket = await deviceSocket(credential, () => ({ ok: true }))
    expect(await socket.authenticated).toMatchObject({ type: 'authenticated', deviceId: id, kind: 'board' })
    const ok = await call(s.url, 'POST', `/api/devices/${id}/test/notification`, { headers: admin })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toEqual({ ok: true })
    expect(socket.messages.find((m) => m.type === 'command')).toMatchObject({ command: 'notify' })
    socket.ws.close()

    const { id: silentId, credential: silentCredential } = await pairedDevice('board', 'Board ohne Ack')
    const silent = await deviceSocket(silentCredential, () => null)
    await silent.authenticated
    const timedOut = await call(s.url, 'POST', `/api/devices/${silentId}/test/notification`, {
      headers: admin,
    })
    expect(timedOut.status).toBe(504)
    expect(timedOut.body.errors).toEqual([{ field: '', message: 'Test nicht erfolgreich.' }])
    // The command did reach the socket: the device just did not answer.
    expect(silent.messages.some((m) => m.type === 'command' && m.command === 'notify')).toBe(true)
    silent.ws.close()
  })

  it('a refused command is a failure with the device’s reason', async () => {
    const { id, credential } = await pairedDevice('signage', 'Verweigert')
    const socket = await deviceSocket(credential, () => ({ ok: false, error: 'kein Bildschirm' }))
    await socket.authenticated
    const result = await sendDeviceCommand({ bus: s.bus }, id, { type: 'identify' }, { timeoutMs: 5000 })
    expect(result).toEqual({ ok: false, error: 'kein Bildschirm' })
    socket.ws.close()
  })

  it('request-device-logs: 409 when the device is offline; online the command reaches it and its log is read back', async () => {
    const { id, credential } = await pairedDevice('board', 'Board mit Log')
    const offline = await call(s.url, 'POST', `/api/devices/${id}/request-device-logs`, { headers: admin })
    expect(offline.status).toBe(409)
    expect(offline.body.errors).toEqual([{ field: '', message: 'Log konnte nicht angefordert werden.' }])

    const socket = await deviceSocket(credential, (command) => {
      if (command.command !== 'requestLogs') return null
      // The device acknowledges, then posts its log.
      void call(s.url, 'POST', '/api/device/logs', {
        headers: device(credential),
        body: { lines: ['12:00 gestartet', '12:01 verbunden'] },
      })
      return { ok: true }
    })
    await socket.authenticated
    const requested = await call(s.url, 'POST', `/api/devices/${id}/request-device-logs`, { headers: admin })
    expect(requested.status, JSON.stringify(requested.body)).toBe(202)
    let logs = await call(s.url, 'GET', `/api/devices/${id}/logs`, { headers: admin })
    for (let i = 0; i < 50 && logs.body.data.lines.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50))
      logs = await call(s.url, 'GET', `/api/devices/${id}/logs`, { headers: admin })
    }
    expect(logs.status).toBe(200)
    expect(logs.body.data.lines).toEqual(['12:00 gestartet', '12:01 verbunden'])
    expect(logs.body.data.requestedAt).not.toBeNull()
    expect(logs.body.data.receivedAt).not.toBeNull()
    socket.ws.close()
  })

  it('a socket with a wrong credential is refused and closed', async () => {
    const socket = await deviceSocket('dev_not-a-credential', () => ({ ok: true }))
    await expect(socket.authenticated).rejects.toThrow(/forbidden/)
    expect(await socket.closing).toBe(4401)
  })
})

describe('roles and bodies', () => {
  it('answers 401 without a session, 403 for employees on admin routes, 400 at the field, never 500', async () => {
    const id = await createDevice({ name: 'Rollen', kind: 'board', branch: { id: 'b1' } })
    const adminRoutes: [string, string, unknown?][] = [
      ['POST', `/api/devices/${id}/pair`, { code: 'ABCDEF' }],
      ['POST', `/api/devices/${id}/revoke`],
      ['POST', `/api/devices/${id}/request-device-logs`],
      ['GET', `/api/devices/${id}/logs`],
      ['GET', `/api/devices/${id}/jobs`],
      ['POST', `/api/devices/${id}/test/print`],
      ['POST', `/api/devices/${id}/test/notification`],
      ['POST', '/api/print-jobs/x/retry'],
    ]
    for (const [method, path, body] of adminRoutes) {
      const anonymous = await call(s.url, method, path, body === undefined ? {} : { body })
      expect(anonymous.status, `${method} ${path}`).toBe(401)
      const staff = await call(s.url, method, path, {
        headers: employee,
        ...(body === undefined ? {} : { body }),
      })
      expect(staff.status, `${method} ${path}`).toBe(403)
    }
    expect((await call(s.url, 'GET', '/api/devices/status')).status).toBe(401)
    expect((await call(s.url, 'GET', '/api/devices/status', { headers: employee })).status).toBe(200)
    for (const [method, path] of [
      ['POST', '/api/device/heartbeat'],
      ['GET', '/api/device/me'],
      ['POST', '/api/device/logs'],
    ] as const) {
      const res = await call(s.url, method, path, {
        headers: { authorization: 'Device nope' },
        ...(method === 'POST' ? { body: { lines: [] } } : {}),
      })
      expect(res.status, path).toBe(401)
    }

    const badKind = await call(s.url, 'POST', '/api/device-pairing', { body: { kind: 'printer' } })
    expect(badKind.status).toBe(400)
    expect(badKind.body.errors[0].field).toBe('kind')
    const noCode = await call(s.url, 'POST', `/api/devices/${id}/pair`, { headers: admin, body: {} })
    expect(noCode.status).toBe(400)
    expect(noCode.body.errors[0].field).toBe('code')
    const unknownDevice = await call(s.url, 'POST', '/api/devices/nope/pair', {
      headers: admin,
      body: { code: 'X' },
    })
    expect(unknownDevice.status).toBe(404)

    const { credential } = await pairedDevice('board', 'Zu viel Log')
    const tooLong = await call(s.url, 'POST', '/api/device/logs', {
      headers: device(credential),
      body: { lines: ['x'.repeat(201)] },
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors[0].field).toBe('lines.0')
    const tooMany = await call(s.url, 'POST', '/api/device/logs', {
      headers: device(credential),
      body: { lines: Array.from({ length: 501 }, () => 'x') },
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors[0].field).toBe('lines')

    const printerWithoutHost = await call(s.url, 'POST', '/api/devices', {
      headers: admin,
      body: { name: 'Drucker', kind: 'printer', branch: { id: 'b1' } },
    })
    expect(printerWithoutHost.status).toBe(400)
    expect(printerWithoutHost.body.errors).toEqual([
      { field: 'host', message: 'Dieser Wert sollte nicht leer sein.' },
    ])
    const badPrinter = await call(s.url, 'POST', '/api/devices', {
      headers: admin,
      body: {
        name: 'Drucker',
        kind: 'printer',
        branch: { id: 'b1' },
        host: '10.0.0.5',
        port: 70000,
        paperWidth: 70,
      },
    })
    expect(badPrinter.status).toBe(400)
    expect(badPrinter.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'paperWidth',
      'port',
    ])
  })
})
