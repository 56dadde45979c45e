import http from 'node:http'
import { createUser } from '@shop/api/resources'
import { seedTestCatalogue } from '@shop/api/testing'
import { SESSION_COOKIE } from '@shop/kit'
import {
  createTestDatabase,
  type ServiceProcess,
  serviceEnv,
  spawnService,
  type TestDatabase,
} from '@shop/kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { nginxBlocks, readNginx } from './deploy-files.ts'

// The shop behind infra/deploy/nginx.conf (issue 15, item 5), with the API and gateway processes
// as docker-compose.yml runs them: TRUST_PROXY names the proxy. Here the proxy is 127.0.0.1 and a
// stranger who reaches the services directly is 127.0.0.2 (another loopback address). Behind the
// proxy each client address the proxy forwards has its own login limit and socket cap, while a
// forged X-Forwarded-For from elsewhere changes nothing; a staff session opens a board over the
// socket with the Host nginx.conf passes on. (nginx itself is not run: not on the test machines.)

const PROXY = '127.0.0.1'
const STRANGER = '127.0.0.2'
const branch = {
  id: 'b1',
  name: 'Filiale 1',
  apiKey: 'k-proxy-test-key-0123456789',
  timeZone: 'Europe/Zurich',
}
const admin = { username: 'chef', password: 'ein-langes-geheimnis' }

let t: TestDatabase
let api: ServiceProcess
let gateway: ServiceProcess

beforeAll(async () => {
  t = await createTestDatabase({ max: 2 })
  await seedTestCatalogue({ db: t.db, bus: { notifyAppended() {} } }, [branch])
  await createUser({ db: t.db }, { ...admin, roles: ['ROLE_ADMIN'] })
  // Small limits make them visible: 3 failed logins, 3 analytics hits, 2 sockets per address.
  const { SHOP_BRANCHES: _none, ...env } = serviceEnv(t.url, [], {
    TRUST_PROXY: PROXY,
    SHOP_LIMITS: JSON.stringify({
      login: { perAddress: { max: 3 }, requestsPerAddress: { max: 1000 } },
      analytics: { perAddress: { max: 3 } },
      websocket: { connectionsPerAddress: 2 },
    }),
  })
  ;[api, gateway] = await Promise.all([
    spawnService('api', 'services/api/src/main.ts', env),
    spawnService('gateway', 'services/gateway/src/main.ts', env),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([api?.kill('SIGTERM'), gateway?.kill('SIGTERM')])
  await t?.drop()
})

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any }

/** A request from the given local address (the peer the service sees). */
function request(
  url: string,
  opts: { from: string; method?: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body)
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        localAddress: opts.from,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => {
          text += d
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text ? JSON.parse(text) : null,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const login = (from: string, forwardedFor: string | undefined, username: string, password: string) =>
  request(`${api.url}/api/login`, {
    from,
    method: 'POST',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    body: { username, password },
  })

let guess = 0
/** A wrong password for an account of its own each time: only the per-address cap counts. */
const wrongLogin = (from: string, forwardedFor?: string) =>
  login(from, forwardedFor, `niemand-${++guess}`, 'falsches-passwort')

const FAILURES = /fehlgeschlagene Anmeldeversuche/

describe('login limits behind the proxy', () => {
  it('each address the trusted proxy forwards has its own limit: strangers do not lock the admin out', async () => {
    for (let i = 0; i < 3; i++) expect((await wrongLogin(PROXY, '203.0.113.1')).status).toBe(401)
    const refused = await wrongLogin(PROXY, '203.0.113.1')
    expect(refused.status).toBe(429)
    expect(refused.body.errors[0].message).toMatch(FAILURES)
    // What a client put before the address nginx appended does not get it out of its limit.
    expect((await wrongLogin(PROXY, '198.51.100.99, 203.0.113.1')).status).toBe(429)
    // Another client behind the same proxy: its own budget; the admin logs in.
    expect((await wrongLogin(PROXY, '203.0.113.2')).status).toBe(401)
    const ok = await login(PROXY, '198.51.100.20', admin.username, admin.password)
    expect(ok.status).toBe(200)
  })

  it('a forged X-Forwarded-For from an address that is not the proxy changes nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await wrongLogin(STRANGER, `203.0.113.${50 + i}`)).status).toBe(401)
    const forged = await wrongLogin(STRANGER, '203.0.113.60')
    expect(forged.status).toBe(429)
    expect(forged.body.errors[0].message).toMatch(FAILURES)
    expect((await wrongLogin(STRANGER)).status).toBe(429)
  })
})

describe('rate limits behind the proxy', () => {
  // Refused for want of consent (403), but counted: the rate limit runs before the route.
  const hit = (from: string, forwardedFor?: string) =>
    request(`${api.url}/api/analytics-log`, {
      from,
      method: 'POST',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      body: {},
    }).then((a) => a.status)

  it('follow the forwarded address from the proxy, and the peer from anywhere else', async () => {
    for (let i = 0; i < 3; i++) expect(await hit(PROXY, '203.0.113.70')).toBe(403)
    expect(await hit(PROXY, '203.0.113.70')).toBe(429)
    expect(await hit(PROXY, '203.0.113.71')).toBe(403)
    for (let i = 0; i < 3; i++) expect(await hit(STRANGER, `203.0.113.${80 + i}`)).toBe(403)
    expect(await hit(STRANGER, '203.0.113.90')).toBe(429)
  })
})

type Socket = { ws: WebSocket; next(match: (m: any) => boolean): Promise<any>; close(): void }

/** A WebSocket to the gateway from the given local address; the status of a refused upgrade. */
function openSocket(from: string, headers: Record<string, string>): Promise<Socket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws`, { localAddress: from, headers })
    const messages: any[] = []
    const waiting: { match: (m: any) => boolean; resolve: (m: any) => void }[] = []
    ws.on('message', (data) => {
      const m = JSON.parse(String(data))
      const i = waiting.findIndex((w) => w.match(m))
      if (i >= 0) waiting.splice(i, 1)[0]!.resolve(m)
      else messages.push(m)
    })
    ws.on('unexpected-response', (_req, res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    ws.on('error', reject)
    ws.on('open', () =>
      resolve({
        ws,
        next: (match) => {
          const i = messages.findIndex(match)
          if (i >= 0) return Promise.resolve(messages.splice(i, 1)[0])
          return new Promise((r) => waiting.push({ match, resolve: r }))
        },
        close: () => ws.close(),
      }),
    )
  })
}

describe('sockets behind the proxy', () => {
  const open: Socket[] = []
  afterAll(() => {
    for (const s of open) s.close()
  })
  const connect = async (from: string, forwardedFor: string) => {
    const socket = await openSocket(from, { 'x-forwarded-for': forwardedFor })
    if (typeof socket !== 'number') open.push(socket)
    return typeof socket === 'number' ? socket : 101
  }

  it('the per-address socket cap follows the forwarded address, and only from the proxy', async () => {
    expect([await connect(PROXY, '203.0.113.7'), await connect(PROXY, '203.0.113.7')]).toEqual([101, 101])
    expect(await connect(PROXY, '203.0.113.7')).toBe(429)
    expect(await connect(PROXY, '203.0.113.8')).toBe(101)
    expect([await connect(STRANGER, '203.0.113.9'), await connect(STRANGER, '203.0.113.10')]).toEqual([
      101, 101,
    ])
    expect(await connect(STRANGER, '203.0.113.11')).toBe(429)
  })

  it("a staff session opens a board with the Host nginx.conf passes on /ws, not with the upstream's name", async () => {
    const session = await login(PROXY, '198.51.100.30', admin.username, admin.password)
    expect(session.status).toBe(200)
    const cookie = ([] as string[])
      .concat(session.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    expect(cookie).toBeDefined()
    // The browser's page is http://shop.example:8080 (compose publishes nginx on 8080).
    const browserHost = 'shop.example:8080'
    const ws = nginxBlocks(readNginx(), 'location').find((b) => b.args.join(' ') === '/ws')!
    const hostHeader = ws.directives.find((d) => d.name === 'proxy_set_header' && d.args[0] === 'Host')
      ?.args[1]
    // $http_host is the Host the browser sent; without the directive nginx sends the upstream's name.
    expect(hostHeader).toBe('$http_host')
    let opened = 0
    const board = async (host: string, extra: Record<string, string> = {}, from = PROXY) => {
      // Each from an address of its own: the sockets stay open, and the cap is two per address.
      const socket = await openSocket(from, {
        host,
        origin: `http://${browserHost}`,
        cookie,
        'x-forwarded-for': `198.51.100.${30 + opened++}`,
        ...extra,
      })
      if (typeof socket === 'number') throw new Error(`upgrade refused: ${socket}`)
      open.push(socket)
      socket.ws.send(JSON.stringify({ type: 'subscribe', topic: 'board', branchId: branch.id }))
      return (await socket.next((m) => m.type === 'snapshot' || m.type === 'error')).type
    }
    expect(await board(browserHost)).toBe('snapshot')
    expect(await board('gateway')).toBe('error')
    // A proxy that sends the browser's host as X-Forwarded-Host only (and its upstream's name as
    // Host) is believed too, being the trusted proxy; the same header from anyone else is not.
    expect(await board('gateway', { 'x-forwarded-host': browserHost })).toBe('snapshot')
    expect(await board('gateway', { 'x-forwarded-host': browserHost }, '127.0.0.5')).toBe('error')
  })
})
