import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { createLogger } from '@shop/kit'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createUser } from './resources/users.ts'
import { testOrderBody } from './testing/catalogue.ts'
import { call, login } from './testing/staff-session.ts'

// Issue 14: every public and staff route under hostile input. fast-check builds requests from
// the routes the app really serves (Fastify's own route table), with path parameters, queries
// and bodies drawn from real ids and valid bodies (mutated) and from hostile values (control
// and bidi characters, lone surrogates, huge and deeply nested values, wrong types, broken JSON),
// as anonymous visitor, employee, admin and frontdesk key. Promises: no answer is a 500 (or
// any 5xx), and a refused request (4xx) changes nothing: no event, no resource, no file, no
// credential, no session. Seeded, so a failure is reproducible; shrinking names the smallest
// request that breaks.

const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const RUNS_PER_PART = Number(process.env.FUZZ_RUNS ?? 2500)
const PARTS = 4

let s: TestStack
type Auth = 'anonymous' | 'employee' | 'admin' | 'key'
const credentials: Record<Auth, Record<string, string>> = {
  anonymous: {},
  employee: {},
  admin: {},
  key: {},
}
type Route = { method: string; path: string }
let routes: Route[] = []
const hits = new Map<string, number>()
/** Ids, hashes and keys that exist: a request with them reaches past the lookups. */
const known: string[] = []
/** Valid bodies per route (from the catalogue and GET answers) for the mutator to start from. */
const seeds = new Map<string, unknown[]>()

/** Every route of Fastify's table (printRoutes without common prefixes), HEAD left out. */
function routeTable(tree: string): Route[] {
  const out: Route[] = []
  const stack: { depth: number; path: string }[] = []
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?/.exec(line)
    if (!m) continue
    const depth = m[1]!.length / 4
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop()
    // "/image/:file|:scope": one route with alternative parameter names; take the first.
    const segment = m[2]!.replace(/\|:\w+/g, '')
    const path = `/${stack.at(-1)?.path ?? ''}/${segment}`.replace(/\/{2,}/g, '/')
    stack.push({ depth, path })
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim())) {
      if (method && method !== 'HEAD') out.push({ method, path })
    }
  }
  return out
}

const key = (r: Route) => `${r.method} ${r.path}`

beforeAll(async () => {
  s = await startTestStack({
    // Whatever the shop logs as an error is a finding too (a socket's failed message is
    // answered politely, so only the log tells).
    log: createLogger('fuzz', 'error', { write: (line) => errorLog.push(line) }),
    // The fuzzer is one client sending thousands of requests: the per-client limits would answer
    // most of them 429 (their own tests prove them), and it places orders as one contact.
    limits: {
      rateLimits: false,
      orders: { perContact: { max: 1_000_000 }, openPerContact: 1_000_000 },
      websocket: { messagesPerSecond: 100_000 },
    },
  })
  await createUser(
    { db: s.db.db },
    { username: 'fuzz-admin', password: 'fuzz-admin-pass-1', roles: ['ROLE_ADMIN'] },
  )
  await createUser(
    { db: s.db.db },
    {
      username: 'fuzz-lena',
      password: 'fuzz-lena-pass-1',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: 'b1' }],
    },
  )
  credentials.admin = (await login(s.url, 'fuzz-admin', 'fuzz-admin-pass-1')).headers
  credentials.employee = (await login(s.url, 'fuzz-lena', 'fuzz-lena-pass-1')).headers
  credentials.key = { 'x-api-key': s.branch.apiKey }
  routes = routeTable(s.app.printRoutes({ commonPrefix: false }))

  // Real things to point at: an order (id, uid, hash), an upload, the catalogue's resources.
  const order = await call(s.url, 'POST', '/api/orders', { body: testOrderBody('b1') })
  expect(order.status).toBe(201)
  known.push(order.body.data.id, order.body.data.uid, order.body.data.hash, 'b1', 'b2', s.branch.apiKey)
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
  const upload = await call(s.url, 'POST', '/api/uploads', {
    body: { data: `data:image/png;base64,${png.toString('base64')}`, name: 'a.png' },
  })
  expect(upload.status).toBe(201)
  known.push(upload.body.data.id, upload.body.data.publicHash, `${upload.body.data.id}-1.png`)
  seeds.set('POST /api/orders', [testOrderBody('b1'), testOrderBody('b1', { isDelivery: false })])
  seeds.set('POST /api/login', [{ username: 'fuzz-admin', password: 'wrong' }])
  seeds.set('POST /api/uploads', [{ data: `data:image/png;base64,${png.toString('base64')}`, name: 'a.png' }])
  seeds.set('POST /api/images', [{ data: `data:image/png;base64,${png.toString('base64')}`, alt: 'x' }])
  seeds.set('POST /api/analytics-log', [{ type: 'pageview', action: '/', data: { path: '/' } }])
  seeds.set('POST /api/orders/public/:uid/:hash/questionnaire', [
    { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment: 'Gut' },
  ])
  seeds.set('POST /api/orders/:id/status/:action', [{ version: 1 }, { version: 1, message: 'Nein' }])
  seeds.set('POST /api/orders/:id/counter-appointment', [
    { version: 1, appointmentDate: new Date(Date.now() + 86_400_000).toISOString() },
  ])
  // Each resource's own answer is a valid body for its PUT and (without id) its POST.
  for (const r of routes.filter((r) => r.method === 'GET' && /^\/api\/[a-z-]+$/.test(r.path))) {
    const res = await call(s.url, 'GET', r.path, { headers: credentials.admin })
    const items = Array.isArray(res.body?.data) ? res.body.data : res.body?.data ? [res.body.data] : []
    for (const item of items.slice(0, 3) as Record<string, unknown>[]) {
      if (typeof item.id === 'string' && !item.id.startsWith('fuzz')) known.push(item.id)
      const { id: _id, version: _version, ...body } = item
      seeds.set(`POST ${r.path}`, [...(seeds.get(`POST ${r.path}`) ?? []), body])
      seeds.set(`PUT ${r.path}/:id`, [...(seeds.get(`PUT ${r.path}/:id`) ?? []), item])
    }
  }
  // The fuzzing users stay: deleting or renaming them would log the fuzzer out.
  const ownIds = new Set(
    (await call(s.url, 'GET', '/api/users', { headers: credentials.admin })).body.data
      .filter((u: { username: string }) => u.username.startsWith('fuzz-'))
      .map((u: { id: string }) => u.id),
  )
  for (let i = known.length - 1; i >= 0; i--) if (ownIds.has(known[i]!)) known.splice(i, 1)
})

afterAll(async () => {
  await s?.close()
})

// ---------------------------------------------------------------------------------------------
// The arbitraries

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u202Eevil',
  '\u2066x\u2069',
  '\uD800',
  '\uDFFF',
  '\u001B[2J',
  '\u0085',
  '%00',
  '%',
  "' OR 1=1 --",
  '"; DROP TABLE es_events; --',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  '{{7*7}}',
  `\${process.exit()}`,
  'NaN',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '2026-02-30T25:61:00Z',
  '',
  ' ',
  '👩‍👩‍👧',
  'Zürich',
  'x'.repeat(300),
  'y'.repeat(70_000),
]

/** Built once the known ids are in (after the setup). */
const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 3, arbitrary: fc.constantFrom(...(known.length > 0 ? known : ['b1'])) },
  )

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 1e9, -1e9, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 0.1 + 0.2, 1e-9, -0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

function nested(depth: number): unknown {
  let v: unknown = 'deep'
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { v }
  return v
}

const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: hostileString() },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(nested(40), nested(2_000), { __proto__: { admin: true } }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(new Array(5_000).fill(1), new Array(3).fill({ a: [1, { b: 2 }] })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  )

/** A change to a valid body: one value replaced, removed or added, somewhere in it. */
function mutate(body: unknown, rnd: () => number, value: unknown, extraKey: string): unknown {
  // Only the first levels are copied and walked: an earlier mutation may have put a value
  // thousands of levels deep in there, which stays shared and untouched.
  const clone = (v: unknown, depth: number): unknown => {
    if (depth > 12 || !v || typeof v !== 'object') return v
    // Array.from, not map: a mutation may have set an array's `constructor`, which map would call.
    if (Array.isArray(v)) return Array.from(v as unknown[], (x) => clone(x, depth + 1))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x, depth + 1)]))
  }
  const copy = clone(body, 0) as Record<string, unknown>
  const containers: Record<string, unknown>[] = []
  const walk = (v: unknown, depth: number) => {
    if (depth <= 12 && v && typeof v === 'object') {
      containers.push(v as Record<string, unknown>)
      for (const child of Object.values(v)) walk(child, depth + 1)
    }
  }
  walk(copy, 0)
  const target = containers[Math.floor(rnd() * containers.length)] ?? copy
  const keys = Object.keys(target)
  const pick = keys[Math.floor(rnd() * keys.length)]
  const action = rnd()
  // Own properties even for '__proto__' (an assignment would change the container's prototype).
  const put = (k: string) =>
    Object.defineProperty(target, k, { value, enumerable: true, writable: true, configurable: true })
  if (pick !== undefined && action < 0.7) put(pick)
  else if (pick !== undefined && action < 0.85) delete target[pick]
  else put(extraKey)
  return copy
}

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string }

type Request = {
  route: Route
  params: string[]
  query: [string, string][]
  auth: Auth
  xsrf: boolean
  body: Body
}

function requestArbitrary(): fc.Arbitrary<Request> {
  const param = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 3, arbitrary: hostileString() },
    {
      weight: 1,
      arbitrary: fc.constantFrom('confirm', 'reject', 'cancel', 'in-delivery', 'completed', 'small', 'icon'),
    },
  )
  const query = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('from', 'to', 'branch', 'status', 'q', 'page', 'limit', 'format'),
        hostileString(),
      ),
      fc.oneof(hostileString(), fc.constantFrom('2026-01-01', '2026-12-31', 'b1', '1', 'true')),
    ),
    { maxLength: 3 },
  )
  return fc
    .record({
      route: fc.constantFrom(...routes),
      params: fc.array(param, { minLength: 4, maxLength: 4 }),
      query,
      auth: fc.constantFrom<Auth>('anonymous', 'employee', 'admin', 'key'),
      // Mostly with the XSRF token: without it every staff write stops at the CSRF check.
      xsrf: fc.oneof(
        { weight: 9, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      seedIndex: fc.nat(),
      mutations: fc.array(fc.tuple(hostileValue(), hostileString()), { minLength: 1, maxLength: 3 }),
      rndSeed: fc.integer(),
      bodyKind: fc.constantFrom(
        'seed',
        'seed',
        'seed',
        'mutated',
        'mutated',
        'mutated',
        'random',
        'raw',
        'none',
      ),
      raw: fc.constantFrom(
        '{"a":',
        '[1,2',
        'null',
        '"\\u0000"',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '\u0000',
        '{}'.repeat(1000),
        '{"a":"\\ud800"}',
        `{"data":"${'A'.repeat(2_000_000)}"}`,
      ),
      rawType: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
      ),
      randomBody: hostileValue(),
    })
    .map((r) => {
      const candidates = seeds.get(key(r.route)) ?? []
      let body: Body = { kind: 'none' }
      const writes = r.route.method !== 'GET' && r.route.method !== 'DELETE'
      if (writes || r.bodyKind === 'raw') {
        const seed = candidates.length > 0 ? candidates[r.seedIndex % candidates.length] : {}
        let state = r.rndSeed
        const rnd = () => {
          state = (state * 1103515245 + 12345) & 0x7fffffff
          return state / 0x7fffffff
        }
        if (r.bodyKind === 'seed') body = { kind: 'json', value: seed }
        else if (r.bodyKind === 'mutated') {
          let value = seed
          for (const [v, k] of r.mutations) value = mutate(value, rnd, v, k)
          body = { kind: 'json', value }
        } else if (r.bodyKind === 'random') body = { kind: 'json', value: r.randomBody }
        else if (r.bodyKind === 'raw') body = { kind: 'raw', text: r.raw, type: r.rawType }
      }
      return { route: r.route, params: r.params, query: r.query, auth: r.auth, xsrf: r.xsrf, body }
    })
}

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate (which encodeURIComponent refuses)
 * becomes its WTF-8 bytes: an invalid UTF-8 sequence, exactly what a hostile client would send.
 */
function encode(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const pair = c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    if (pair) {
      out += encodeURIComponent(text.slice(i, i + 2))
      i++
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase()
    } else out += encodeURIComponent(text[i]!)
  }
  return out
}

function urlOf(req: Request): string {
  let i = 0
  const path = req.route.path
    .replace(/:(\w+)/g, () => encode(req.params[i++] ?? 'x'))
    .replace(/\*$/, () => encode(req.params[i++] ?? 'x'))
  const query = req.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')
  return `${path}${query ? `?${query}` : ''}`
}

/** What a refused request must leave as it was: the store, the resources, files, logins. */
async function fingerprint(): Promise<string> {
  const { rows } = await sql<{ f: string }>`
    SELECT concat_ws('/',
      (SELECT count(*) FROM es_events),
      (SELECT coalesce(max(global_position), 0) FROM es_events),
      (SELECT count(*) FROM rm_resources), (SELECT coalesce(sum(version), 0) FROM rm_resources),
      (SELECT count(*) FROM files),
      (SELECT count(*) FROM auth_credentials), (SELECT count(*) FROM auth_sessions)) AS f`.execute(s.db.db)
  return rows[0]!.f
}

async function send(req: Request): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { ...credentials[req.auth] }
  if (!req.xsrf) delete headers['x-xsrf-token']
  let body: string | undefined
  if (req.body.kind === 'json') {
    headers['content-type'] = 'application/json'
    try {
      body = JSON.stringify(req.body.value)
    } catch {
      body = '{}'
    }
  } else if (req.body.kind === 'raw') {
    headers['content-type'] = req.body.type
    body = req.body.text
  }
  const res = await fetch(`${s.url}${urlOf(req)}`, {
    method: req.route.method,
    headers,
    ...(body === undefined || req.route.method === 'GET' ? {} : { body }),
    redirect: 'manual',
  })
  return { status: res.status, text: await res.text() }
}

/**
 * The fuzzer logs itself out now and then (POST /api/logout with its own session) or renews the
 * branch's api key: it logs in again and reads the new key, so the later requests still reach
 * past authentication.
 */
async function keepCredentials(req: Request, status: number): Promise<boolean> {
  if (status >= 300) return false
  if (req.route.path === '/api/logout' && req.auth !== 'anonymous' && req.auth !== 'key') {
    const [user, password] =
      req.auth === 'admin' ? ['fuzz-admin', 'fuzz-admin-pass-1'] : ['fuzz-lena', 'fuzz-lena-pass-1']
    const again = await login(s.url, user!, password!)
    if (again.status === 200) credentials[req.auth] = again.headers
    return true
  }
  if (req.route.path.endsWith('/regenerate-api-key')) {
    const { rows } = await sql<{ key: string | null }>`
      SELECT data->>'apiKey' AS key FROM rm_resources WHERE type = 'branch' AND id = 'b1'`.execute(s.db.db)
    if (rows[0]?.key) credentials.key = { 'x-api-key': rows[0].key }
  }
  return false
}

let sent = 0
const errorLog: string[] = []

describe('fuzzing every route', () => {
  for (let part = 0; part < PARTS; part++) {
    it(`part ${part + 1} of ${PARTS}: no 5xx, and a refused request changes nothing`, {
      timeout: 600_000,
    }, async () => {
      let before = await fingerprint()
      await fc.assert(
        fc.asyncProperty(requestArbitrary(), async (req) => {
          const res = await send(req)
          sent++
          hits.set(key(req.route), (hits.get(key(req.route)) ?? 0) + 1)
          const after = await fingerprint()
          const what = `${req.route.method} ${urlOf(req).slice(0, 200)} as ${req.auth} → ${res.status} ${res.text.slice(0, 300)}`
          expect(res.status, what).toBeLessThan(500)
          if (res.status >= 400) expect(after, `a refused request changed the data: ${what}`).toBe(before)
          before = (await keepCredentials(req, res.status)) ? await fingerprint() : after
        }),
        // Enough requests that every route is drawn well over the 20 times checked below,
        // however many routes the shop grows (about 60 per route in all).
        {
          seed: SEED + part,
          numRuns: Math.max(RUNS_PER_PART, Math.ceil((routes.length * 60) / PARTS)),
          endOnFailure: true,
        },
      )
      // The shop still answers after all that.
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
    })
  }

  it('the WebSocket: hostile messages get an answer or a clean close, never a failure', {
    timeout: 300_000,
  }, async () => {
    const wsUrl = `${s.url.replace(/^http/, 'ws')}/ws`
    const subscribe = fc.oneof(
      fc.record({
        type: fc.constant('subscribe'),
        topic: fc.constant('order'),
        uid: hostileString(),
        hash: hostileString(),
      }),
      fc.record(
        {
          type: fc.constant('subscribe'),
          topic: fc.constant('board'),
          branchId: hostileString(),
          apiKey: hostileString(),
        },
        { requiredKeys: ['type', 'topic', 'branchId'] },
      ),
      fc.constantFrom(
        { type: 'subscribe', topic: 'catalogue' },
        { type: 'subscribe', topic: 'statistics' },
        { type: 'ping' },
        { type: 'subscribe', topic: 'board', branchId: 'b1', apiKey: s.branch.apiKey },
        { type: 'subscribe', topic: 'order', uid: known[1], hash: known[2] },
      ),
    )
    const message = fc.oneof(
      { weight: 5, arbitrary: subscribe.map((m) => JSON.stringify(m)) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(subscribe, hostileString(), hostileValue())
          .map(([m, k, v]) => JSON.stringify({ ...m, [k]: v })),
      },
      { weight: 2, arbitrary: hostileValue().map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: fc.constantFrom('{', '\u0000', '[]'.repeat(2000), 'x'.repeat(5000)) },
    )
    const auth = fc.constantFrom<Auth>('anonymous', 'employee', 'admin')
    let socket: WebSocket | undefined
    const closes: number[] = []
    const open = async (who: Auth) => {
      const ws = new WebSocket(wsUrl, {
        headers: { ...(credentials[who].cookie ? { cookie: credentials[who].cookie } : {}) },
      })
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve())
        ws.once('error', reject)
      })
      ws.on('close', (code) => closes.push(code))
      return ws
    }
    /** Sends, then a ping: the pong (or the socket's close) says the message was dealt with. */
    const exchange = (ws: WebSocket, text: string) =>
      new Promise<'answered' | 'closed'>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no answer within 10 s to ${JSON.stringify(text.slice(0, 300))}`)),
          10_000,
        )
        const onMessage = (data: WebSocket.RawData) => {
          const m = JSON.parse(data.toString()) as { type: string }
          if (m.type === 'pong') done('answered')
        }
        const onClose = () => done('closed')
        const done = (how: 'answered' | 'closed') => {
          clearTimeout(timer)
          ws.off('message', onMessage)
          ws.off('close', onClose)
          resolve(how)
        }
        ws.on('message', onMessage)
        ws.once('close', onClose)
        ws.send(text)
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'ping' }))
      })
    let exchanged = 0
    await fc.assert(
      fc.asyncProperty(message, auth, async (text, who) => {
        if (!socket || socket.readyState !== socket.OPEN) socket = await open(who)
        const how = await exchange(socket, text)
        exchanged++
        if (how === 'closed') socket = undefined
      }),
      { seed: SEED, numRuns: 1500, endOnFailure: true },
    )
    socket?.close()
    expect(exchanged).toBe(1500)
    // Closed only for what the limits say: too big (1009) or a policy (1008), never an error (1011).
    expect(closes.filter((c) => c !== 1000 && c !== 1005 && c !== 1008 && c !== 1009)).toEqual([])
    // A well-behaved client still gets its order's snapshot (orders outlive anything the HTTP
    // parts may have deleted).
    const ws = await open('anonymous')
    const snapshot = await new Promise<{ type: string }>((resolve, reject) => {
      setTimeout(() => reject(new Error('no snapshot within 10 s')), 10_000)
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { type: string; topic?: string }
        if (m.type === 'snapshot' && m.topic === 'order') resolve(m)
      })
      ws.send(JSON.stringify({ type: 'subscribe', topic: 'order', uid: known[1], hash: known[2] }))
    })
    expect(snapshot.type).toBe('snapshot')
    ws.close()
  })

  it('logged no error while being fuzzed', () => {
    expect(errorLog.map((line) => line.slice(0, 2000))).toEqual([])
  })

  it('reached every route, many times each', () => {
    expect(sent).toBeGreaterThanOrEqual(10_000)
    const missed = routes.filter((r) => (hits.get(key(r)) ?? 0) < 20).map(key)
    expect(missed).toEqual([])
  })
})
