import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createUser } from '@shop/api/resources'
import { login, seedTestCatalogue, testOrderBody } from '@shop/api/testing'
import { connectPostgres, migrateToLatest } from '@shop/kit'
import { freePort, type ServiceProcess, spawnServices, startNatsServer } from '@shop/kit/testing'
import { newCredential, storeDeviceCredential } from '@shop/read-models'
import WebSocket from 'ws'
import { adminQuery, benchSubjectRoot } from './bench-support.ts'

// Issue 21: 50 signage players connected to a gateway, the gateway restarted: the time until all
// have reconnected and hold the current state again (target ≤ 5 s). The distributed layout (API,
// publisher, projector, one gateway; each its own process) on the real PostgreSQL and a private
// nats-server. Each player is a plain WebSocket client speaking the device protocol as the
// browser player does (web/backoffice/src/features/signage/player-page.tsx): `auth` with its
// credential, then its playlist (GET /api/device/signage) and the pickup room of its branch; on a
// dropped socket it reconnects with the player's back-off. "Current" = authenticated again,
// playlist loaded, and the pickup snapshot showing the order confirmed before the restart. The
// gateway is stopped (SIGTERM) and a new one started on the same port; the clock runs from the
// stop.

export const SIGNAGE_RECONNECT_TARGET_MS = 5000
/** The player's reconnect delays (player-model.ts RECONNECT_DELAYS_MS; ±20 % spread). */
const DELAYS = [250, 500, 1000, 1000, 1000, 1000, 2000, 5000, 10_000]

export type SignageReconnectResult = {
  players: number
  /** From the first connect until every player was current (ms). */
  firstMs: number
  /** From stopping the gateway until every player was current again (ms). */
  reconnectMs: number
  /** Of which the new gateway took to be ready (ms). */
  gatewayStartMs: number
  stale: number
}

type Player = { current: boolean; ws: WebSocket | null; stop(): void }

function player(wsUrl: string, apiUrl: string, credential: string, branchId: string, ticket: number): Player {
  let attempt = 0
  let stopped = false
  const p: Player = {
    current: false,
    ws: null,
    stop() {
      stopped = true
      p.ws?.terminate()
    },
  }
  const connect = () => {
    if (stopped) return
    const ws = new WebSocket(wsUrl)
    p.ws = ws
    let playlist = false
    let snapshot = false
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', credential })))
    ws.on('message', async (data) => {
      const m = JSON.parse(data.toString()) as { type: string; topic?: string; preparing?: number[] }
      if (m.type === 'authenticated') {
        attempt = 0
        ws.send(JSON.stringify({ type: 'subscribe', topic: 'pickup', branchId }))
        const res = await fetch(`${apiUrl}/api/device/signage`, {
          headers: { authorization: `Device ${credential}` },
        })
        playlist = res.status === 200
        await res.arrayBuffer()
      } else if (m.type === 'snapshot' && m.topic === 'pickup')
        snapshot = (m.preparing ?? []).includes(ticket)
      p.current = playlist && snapshot
    })
    ws.on('close', () => {
      p.current = false
      if (stopped) return
      const base = DELAYS[Math.min(attempt++, DELAYS.length - 1)]!
      setTimeout(connect, Math.round(base * (0.8 + Math.random() * 0.4)))
    })
    ws.on('error', () => {})
  }
  connect()
  return p
}

/** The gateway as its own process on a fixed port (a restart must come back where it was). */
async function startGateway(port: number, env: Record<string, string>): Promise<{ kill(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['services/gateway/src/main.ts'], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: 'ignore',
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('gateway not ready within 60 s')
    await new Promise((r) => setTimeout(r, 20))
  }
  return {
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) return false
    await new Promise((r) => setTimeout(r, 5))
  }
  return true
}

export async function benchSignageReconnect(opts: {
  adminUrl: string
  players?: number
}): Promise<SignageReconnectResult> {
  const count = opts.players ?? 50
  const dbName = `shop_bench_signage_${randomBytes(4).toString('hex')}`
  const dbUrl = new URL(opts.adminUrl)
  dbUrl.pathname = `/${dbName}`
  const branch = {
    id: 'b0',
    name: 'Filiale Bahnhof',
    apiKey: randomBytes(16).toString('hex'),
    timeZone: 'Europe/Zurich',
  }
  await adminQuery(opts.adminUrl, `CREATE DATABASE "${dbName}"`)
  const nats = await startNatsServer()
  let procs: Record<string, ServiceProcess> = {}
  let gateway: { kill(): Promise<void> } | undefined
  const players: Player[] = []
  const db = connectPostgres({ url: dbUrl.toString(), max: 2 })
  try {
    await migrateToLatest(db.db as never)
    await seedTestCatalogue({ db: db.db, bus: { notifyAppended() {} } }, [branch])
    await createUser(
      { db: db.db },
      { username: 'admin', password: 'bench-admin-2026', roles: ['ROLE_ADMIN'] },
    )
    const env = {
      DATABASE_URL: dbUrl.toString(),
      NATS_URL: nats.url,
      NATS_SUBJECT_ROOT: benchSubjectRoot(),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      SHOP_LIMITS: JSON.stringify({ websocket: { connectionsPerAddress: 10_000 } }),
    }
    procs = await spawnServices(
      {
        api: 'services/api/src/main.ts',
        publisher: 'services/publisher/src/main.ts',
        projector: 'services/projector/src/main.ts',
      },
      env,
    )
    const gatewayPort = await freePort()
    gateway = await startGateway(gatewayPort, env)
    const api = procs.api!.url
    const admin = (await login(api, 'admin', 'bench-admin-2026')).headers
    const post = async (path: string, body: unknown, headers: Record<string, string> = admin) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { data: { id: string; version: number } }).data
    }
    const segment = await post('/api/digital-signage-segments', {
      name: 'Abholung',
      type: 'pickup',
      branch: { id: branch.id },
    })
    const stream = await post('/api/digital-signage-streams', {
      name: 'Theke',
      items: [{ segmentId: segment.id }],
    })
    const credentials: string[] = []
    for (let i = 0; i < count; i++) {
      const device = await post('/api/devices', {
        name: `TV ${i}`,
        kind: 'signage',
        branch: { id: branch.id },
      })
      const credential = newCredential()
      await storeDeviceCredential(db.db, device.id, 'signage', credential, new Date())
      await post('/api/digital-signage-devices', {
        name: `TV ${i}`,
        branch: { id: branch.id },
        deviceId: device.id,
        streamId: stream.id,
      })
      credentials.push(credential)
    }
    // One order in preparation: its number is the state every screen must show.
    const order = await post(
      '/api/orders',
      testOrderBody(branch.id, { isDelivery: false, deliveryArea: undefined }),
      {},
    )
    await post(`/api/orders/${order.id}/status/confirm`, {}, { 'x-api-key': branch.apiKey })
    let ticket: number | null = null
    while (ticket === null) {
      const row = await db.db
        .selectFrom('rm_orders')
        .select(['ticket_number', 'version'])
        .where('order_id', '=', order.id)
        .executeTakeFirst()
      if (row && row.version >= 2) ticket = row.ticket_number
      else await new Promise((r) => setTimeout(r, 50))
    }

    const wsUrl = `ws://127.0.0.1:${gatewayPort}/ws`
    const t0 = performance.now()
    for (const credential of credentials) players.push(player(wsUrl, api, credential, branch.id, ticket))
    if (!(await until(() => players.every((p) => p.current), 60_000)))
      throw new Error('players never current')
    const firstMs = performance.now() - t0

    // The restart: stopped, a new one on the same port; the players find it by themselves.
    const stoppedAt = performance.now()
    await gateway.kill()
    const starting = performance.now()
    gateway = await startGateway(gatewayPort, env)
    const gatewayStartMs = performance.now() - starting
    await until(() => players.every((p) => p.current), 60_000)
    const reconnectMs = performance.now() - stoppedAt
    return {
      players: players.length,
      firstMs,
      reconnectMs,
      gatewayStartMs,
      stale: players.filter((p) => !p.current).length,
    }
  } finally {
    for (const p of players) p.stop()
    await gateway?.kill()
    await Promise.all(Object.values(procs).map((p) => p.kill('SIGTERM')))
    await nats.kill()
    await db.close()
    await adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {})
  }
}

export function formatSignageReconnect(r: SignageReconnectResult): string {
  return [
    '| players | first connect → all current | gateway stopped → all current again | of which the new gateway starting | target |',
    '|---|---|---|---|---|',
    `| ${r.players} | ${Math.round(r.firstMs)} ms | ${r.stale > 0 ? `${r.stale} still stale after 60 s` : `${Math.round(r.reconnectMs)} ms`} | ${Math.round(r.gatewayStartMs)} ms | ≤ ${SIGNAGE_RECONNECT_TARGET_MS} ms ${r.stale === 0 && r.reconnectMs <= SIGNAGE_RECONNECT_TARGET_MS ? '✓' : '✗'} |`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const result = await benchSignageReconnect({ adminUrl })
  process.stdout.write(`${formatSignageReconnect(result)}\n`)
  process.exit(0)
}
