import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { readGeneration } from '@shop/kit'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { testOrderBody } from '../testing/catalogue.ts'
import { call, login } from '../testing/staff-session.ts'

// Issue 17 over HTTP on the real PostgreSQL: a product sold out at a branch ("86"), online
// orders paused, extra preparation time. Who may, what is refused, idempotency, the checkout
// refusing a sold-out product and a paused branch at once (the catalogue cache's generation), the
// availability agreeing with the checkout, and expiry by the app clock.

// Tuesday 24 November 2026, 10:00 in Zürich (the app clock; sessions keep the real one).
const START = Date.parse('2026-11-24T09:00:00Z')
let clock = START
const MINUTE = 60_000
let s: TestStack
let admin: Record<string, string>
let lena: Record<string, string>
const key = (apiKey = 'k-test-0123456789abcdef') => ({ 'x-api-key': apiKey })
const iso = (ms: number) => new Date(ms).toISOString()

beforeAll(async () => {
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
  // b2 gets a bakery's day (08:00–18:00) and takes pre-orders; b1 stays open around the clock
  // without pre-orders.
  const b2 = await call(s.url, 'GET', '/api/branches/b2', { headers: admin })
  const put = await call(s.url, 'PUT', '/api/branches/b2', {
    headers: admin,
    body: {
      ...b2.body.data,
      openingHours: [{ type: 'daily', isClosed: false, from: '08:00', to: '18:00' }],
      isPreorderEnabled: true,
    },
  })
  expect(put.status, JSON.stringify(put.body)).toBe(200)
})
afterAll(async () => {
  await s?.close()
})

/** A takeaway order of the test catalogue (as soon as possible unless a time is given). */
const takeaway = (branch: string, extra: Record<string, unknown> = {}) =>
  testOrderBody(branch, { isDelivery: false, deliveryArea: undefined, ...extra })

async function order(
  branch: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return call(s.url, 'POST', '/api/orders', { body: takeaway(branch, extra), headers })
}

async function operations(branch = 'b1') {
  const res = await call(s.url, 'GET', `/api/branches/${branch}/operations`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

async function streamEvents(branch: string) {
  const { rows } = await sql<{
    event_type: string
    data: Record<string, unknown>
    metadata: Record<string, unknown>
  }>`
    SELECT event_type, data, metadata FROM es_events
     WHERE stream_id = ${`branch-operations-${branch}`} ORDER BY stream_position`.execute(s.db.db)
  return rows
}

describe('who may change a branch operations', () => {
  it('anyone reads them; a branch nobody marked has nothing in force', async () => {
    const data = await operations('b1')
    expect(data).toEqual({
      branch: { id: 'b1' },
      version: 0,
      endOfDay: '2026-11-24T23:00:00.000Z',
      soldOut: [],
      pause: null,
      preparation: null,
    })
    expect((await call(s.url, 'GET', '/api/branches/nope/operations')).status).toBe(404)
  })

  it('staff of the branch and its key may; others get 401 or 403 in the error envelope', async () => {
    const body = { product: 'gipfeli', until: iso(clock + 60 * MINUTE) }
    const anonymous = await call(s.url, 'POST', '/api/branches/b1/sold-out', { body })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ errors: [{ field: '', message: 'Bitte melden Sie sich an.' }] })
    // Access is checked before the body: a caller without it learns nothing from a 400.
    expect((await call(s.url, 'POST', '/api/branches/b1/pause', { body: { minutes: 7 } })).status).toBe(401)
    const foreign = await call(s.url, 'POST', '/api/branches/b2/sold-out', { body, headers: lena })
    expect(foreign.status).toBe(403)
    expect(foreign.body.errors[0].message).toBeTruthy()
    const wrongKey = await call(s.url, 'POST', '/api/branches/b1/sold-out', {
      body,
      headers: key('k-other-branch-key'),
    })
    expect(wrongKey.status).toBe(403)
    expect(wrongKey.body.errors[0].message).toBe('Zugriff verweigert.')
    for (const headers of [lena, admin, key()]) {
      const ok = await call(s.url, 'POST', '/api/branches/b1/sold-out', { body, headers })
      expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    }
    expect(
      (await call(s.url, 'POST', '/api/branches/nope/pause', { body: { minutes: 15 }, headers: admin }))
        .status,
    ).toBe(404)
    // Who did it and when, in the branch's stream.
    const events = await streamEvents('b1')
    expect(events.map((e) => [e.event_type, (e.data.actor as { name: string }).name])).toEqual([
      ['ProductSoldOut', 'Lena Frontdesk'],
      ['ProductSoldOut', 'Chefin'],
      ['ProductSoldOut', 'Frontdesk'],
    ])
    expect(events[2]!.data).toMatchObject({ branchId: 'b1', at: iso(clock), until: body.until })
    expect(events[2]!.metadata).toMatchObject({ branchId: 'b1', actor: { id: 'frontdesk:b1' } })
    const back = await call(s.url, 'DELETE', '/api/branches/b1/sold-out/gipfeli', { headers: key() })
    expect(back.status).toBe(200)
    expect(back.body.data.soldOut).toEqual([])
  })
})

describe('bad input answers 400 at the field, never 500, and stores nothing', () => {
  it('refuses products, times and choices it cannot take', async () => {
    const before = (await streamEvents('b1')).length
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/branches/b1/sold-out', {}, 'product'],
      ['POST', '/api/branches/b1/sold-out', { product: 'gibtsnicht' }, 'product'],
      ['POST', '/api/branches/b1/sold-out', { product: 'zopf', until: 'morgen' }, 'until'],
      ['POST', '/api/branches/b1/sold-out', { product: 'zopf', until: iso(clock - MINUTE) }, 'until'],
      [
        'POST',
        '/api/branches/b1/sold-out',
        { product: 'zopf', until: iso(clock + 31 * 24 * 60 * MINUTE) },
        'until',
      ],
      ['POST', '/api/branches/b1/sold-out', { product: 'zopf', count: 3 }, 'count'],
      ['POST', '/api/branches/b1/pause', {}, 'minutes'],
      ['POST', '/api/branches/b1/pause', { minutes: 20 }, 'minutes'],
      ['POST', '/api/branches/b1/pause', { minutes: 15, untilEndOfDay: true }, 'minutes'],
      ['POST', '/api/branches/b1/pause', { untilEndOfDay: false }, 'untilEndOfDay'],
      ['POST', '/api/branches/b1/preparation-time', { extraMinutes: 7 }, 'extraMinutes'],
      ['POST', '/api/branches/b1/preparation-time', { extraMinutes: 30, forMinutes: 0 }, 'forMinutes'],
    ]
    for (const [method, path, body, field] of cases) {
      const res = await call(s.url, method, path, { body, headers: key() })
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    const unknown = await call(s.url, 'POST', '/api/branches/b1/sold-out', {
      body: { product: 'gibtsnicht' },
      headers: { ...key(), 'accept-language': 'fr' },
    })
    expect(unknown.body.errors).toEqual([{ field: 'product', message: 'Ce produit n’existe pas.' }])
    const gone = await call(s.url, 'DELETE', '/api/branches/b1/sold-out/gibtsnicht', { headers: key() })
    expect(gone.status).toBe(404)
    expect((await streamEvents('b1')).length).toBe(before)
  })
})

describe('idempotency', () => {
  it('a retry answers the first answer and appends nothing; the key with another body is 422', async () => {
    const headers = { ...key(), 'idempotency-key': 'mark-zopf-1' }
    const body = { product: 'zopf', until: iso(clock + 45 * MINUTE) }
    const before = (await streamEvents('b1')).length
    const first = await call(s.url, 'POST', '/api/branches/b1/sold-out', { body, headers })
    expect(first.status).toBe(200)
    const retry = await fetch(`${s.url}/api/branches/b1/sold-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await retry.json()).toEqual(first.body)
    expect((await streamEvents('b1')).length).toBe(before + 1)
    const other = await call(s.url, 'POST', '/api/branches/b1/sold-out', {
      body: { ...body, product: 'gipfeli' },
      headers,
    })
    expect(other.status).toBe(422)
    await call(s.url, 'DELETE', '/api/branches/b1/sold-out/zopf', { headers: key() })
  })
})

describe('concurrent writers of one branch', () => {
  it('take turns on its row: every write lands, in one gap-free stream (also with Idempotency-Keys)', async () => {
    const before = await operations('b2')
    const products = ['zopf', 'gipfeli', 'landbrot', 'torte', 'festtorte']
    const answers = await Promise.all(
      products.flatMap((product) => [
        call(s.url, 'POST', '/api/branches/b2/sold-out', {
          body: { product },
          headers: { ...key('k-other-branch-key'), 'idempotency-key': `conc-${product}` },
        }),
        call(s.url, 'POST', '/api/branches/b2/preparation-time', {
          body: { extraMinutes: 15 },
          headers: { ...admin, 'idempotency-key': `conc-extra-${product}` },
        }),
      ]),
    )
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200))
    const after = await operations('b2')
    expect(after.version).toBe(before.version + 10)
    expect(after.soldOut.map((e: { product: { uid: string } }) => e.product.uid).sort()).toEqual([
      'festtorte',
      'gipfeli',
      'landbrot',
      'torte',
      'zopf',
    ])
    const { rows } = await sql<{ n: number; last: number }>`
      SELECT count(*)::int AS n, max(stream_position) AS last FROM es_events
       WHERE stream_id = 'branch-operations-b2'`.execute(s.db.db)
    expect(rows[0]).toEqual({ n: after.version, last: after.version })
    for (const product of products)
      await call(s.url, 'DELETE', `/api/branches/b2/sold-out/${product}`, { headers: admin })
    await call(s.url, 'DELETE', '/api/branches/b2/preparation-time', { headers: admin })
    expect((await operations('b2')).soldOut).toEqual([])
  })
})

describe('sold out at the checkout', () => {
  it('refuses an order placed a moment after the mark, though the checkout had the catalogue cached', async () => {
    // The checkout has a catalogue snapshot in memory from this order.
    expect((await order('b1', { items: [{ product: 'zopf', amount: 1 }] })).status).toBe(201)
    const generation = await readGeneration(s.db.db, 'catalogue')
    const marked = await call(s.url, 'POST', '/api/branches/b1/sold-out', {
      body: { product: 'zopf' },
      headers: key(),
    })
    expect(marked.status).toBe(200)
    // Absent `until`: the end of the branch's business day (b1 is open around the clock: midnight).
    expect(marked.body.data.soldOut).toEqual([
      {
        product: { id: expect.any(String), uid: 'zopf', name: 'Zopf 500 g' },
        until: '2026-11-24T23:00:00.000Z',
        since: iso(clock),
      },
    ])
    // The mark moved the generation the cached snapshot is guarded by.
    expect(BigInt(await readGeneration(s.db.db, 'catalogue'))).toBe(BigInt(generation) + 1n)
    const refused = await order('b1', {
      items: [
        { product: 'gipfeli', amount: 2 },
        { product: 'zopf', amount: 1 },
      ],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual([
      { field: 'items.1.product', message: '«Zopf 500 g» ist leider ausverkauft.' },
    ])
    const english = await order(
      'b1',
      { items: [{ product: 'zopf', amount: 1 }] },
      { 'accept-language': 'en' },
    )
    expect(english.body.errors).toEqual([
      { field: 'items.0.product', message: 'Sorry, “Zopf 500 g” is sold out.' },
    ])
    // Only at that branch.
    expect((await order('b2', { items: [{ product: 'zopf', amount: 1 }] })).status).toBe(201)
    // Put back early: taken again at once.
    const back = await call(s.url, 'DELETE', '/api/branches/b1/sold-out/zopf', { headers: lena })
    expect(back.body.data.soldOut).toEqual([])
    expect((await order('b1', { items: [{ product: 'zopf', amount: 1 }] })).status).toBe(201)
  })

  it('ends by itself when its time passes (the app clock), no job needed', async () => {
    const until = clock + 30 * MINUTE
    await call(s.url, 'POST', '/api/branches/b1/sold-out', {
      body: { product: 'gipfeli', until: iso(until) },
      headers: key(),
    })
    expect((await order('b1', { items: [{ product: 'gipfeli', amount: 2 }] })).status).toBe(400)
    clock = until
    try {
      expect((await operations('b1')).soldOut).toEqual([])
      expect((await order('b1', { items: [{ product: 'gipfeli', amount: 2 }] })).status).toBe(201)
    } finally {
      // Back to the start of the day, where the mark is in force again: put it back.
      clock = START
      await call(s.url, 'DELETE', '/api/branches/b1/sold-out/gipfeli', { headers: key() })
    }
  })
})

describe('busy mode', () => {
  it('paused without pre-orders: no order at all, the availability offers nothing; resumed: orders again', async () => {
    const paused = await call(s.url, 'POST', '/api/branches/b1/pause', {
      body: { minutes: 15 },
      headers: lena,
    })
    expect(paused.status).toBe(200)
    expect(paused.body.data.pause).toEqual({ until: iso(clock + 15 * MINUTE), since: iso(clock) })
    const asap = await order('b1')
    expect(asap.status).toBe(400)
    expect(asap.body.errors).toEqual([
      {
        field: 'appointmentDate',
        message: 'Wir nehmen gerade keine Online-Bestellungen an. Wieder ab 10:15 Uhr.',
      },
    ])
    expect((await order('b1', { appointmentDate: iso(clock + 60 * MINUTE) })).status).toBe(400)
    const availability = await call(s.url, 'GET', '/api/branches/b1/availability?days=2')
    expect(availability.body.data.firstSlot).toBeNull()
    expect(availability.body.data.days.map((d: { reason: string }) => d.reason)).toEqual(['paused', 'paused'])
    expect(availability.body.data.pause).toEqual({
      until: iso(clock + 15 * MINUTE),
      laterTimes: false,
      resumesAt: iso(clock + 15 * MINUTE),
      message: 'Wir nehmen gerade keine Online-Bestellungen an. Wieder ab 10:15 Uhr.',
    })
    const resumed = await call(s.url, 'DELETE', '/api/branches/b1/pause', { headers: key() })
    expect(resumed.body.data.pause).toBeNull()
    expect((await order('b1')).status).toBe(201)
    // Resuming again changes nothing and appends nothing.
    const events = (await streamEvents('b1')).length
    expect((await call(s.url, 'DELETE', '/api/branches/b1/pause', { headers: key() })).status).toBe(200)
    expect((await streamEvents('b1')).length).toBe(events)
  })

  it('a pause ends by itself at its time', async () => {
    await call(s.url, 'POST', '/api/branches/b1/pause', { body: { minutes: 30 }, headers: key() })
    expect((await order('b1')).status).toBe(400)
    clock = START + 30 * MINUTE
    try {
      expect((await operations('b1')).pause).toBeNull()
      expect((await order('b1')).status).toBe(201)
    } finally {
      clock = START
      await call(s.url, 'DELETE', '/api/branches/b1/pause', { headers: key() })
    }
  })

  it('paused with pre-orders: the checkout takes exactly the times the availability offers', async () => {
    const paused = await call(s.url, 'POST', '/api/branches/b2/pause', {
      body: { minutes: 30 },
      headers: admin,
    })
    expect(paused.status).toBe(200)
    const res = await call(s.url, 'GET', '/api/branches/b2/availability?days=2')
    const availability = res.body.data
    expect(availability.firstSlot).toBe('2026-11-24T09:30:00.000Z')
    expect(availability.days[0].windows[0]).toMatchObject({ from: '10:30', to: '17:55' })
    expect(availability.pause).toMatchObject({ laterTimes: true, until: '2026-11-24T09:30:00.000Z' })
    const asap = await order('b2')
    expect(asap.status).toBe(400)
    expect(asap.body.errors[0]).toEqual({ field: 'appointmentDate', message: availability.pause.message })
    expect((await order('b2', { appointmentDate: '2026-11-24T09:25:00.000Z' })).status).toBe(400)
    const first = await order('b2', { appointmentDate: availability.firstSlot })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.data.isPreorder).toBe(true)
    const lastToday = await order('b2', { appointmentDate: availability.days[0].windows[0].last })
    expect(lastToday.status).toBe(201)
    await call(s.url, 'DELETE', '/api/branches/b2/pause', { headers: admin })
  })

  it('paused for the rest of the day: until the closing, then the next day as ever', async () => {
    const paused = await call(s.url, 'POST', '/api/branches/b2/pause', {
      body: { untilEndOfDay: true },
      headers: admin,
    })
    expect(paused.body.data.pause.until).toBe('2026-11-24T17:00:00.000Z')
    const availability = (await call(s.url, 'GET', '/api/branches/b2/availability?days=2')).body.data
    expect(availability.days.map((d: { reason: string | null }) => d.reason)).toEqual(['paused', null])
    expect(availability.pause.message).toBe('Wir nehmen heute keine Online-Bestellungen mehr an.')
    expect(availability.firstSlot).toBe('2026-11-25T07:00:00.000Z')
    expect((await order('b2', { appointmentDate: availability.firstSlot })).status).toBe(201)
    await call(s.url, 'DELETE', '/api/branches/b2/pause', { headers: admin })
  })

  it('extra preparation time moves the first slot of the availability and the checkout alike', async () => {
    const extended = await call(s.url, 'POST', '/api/branches/b1/preparation-time', {
      body: { extraMinutes: 30, forMinutes: 60 },
      headers: key(),
    })
    expect(extended.body.data.preparation).toEqual({
      extraMinutes: 30,
      until: iso(clock + 60 * MINUTE),
      since: iso(clock),
    })
    const availability = (await call(s.url, 'GET', '/api/branches/b1/availability?days=1')).body.data
    expect(availability.firstSlot).toBe(iso(clock + 30 * MINUTE))
    expect(availability.preparation).toEqual({ extraMinutes: 30, until: iso(clock + 60 * MINUTE) })
    // As soon as possible is still taken (its time is the first slot: the checkout unit tests);
    // a chosen time inside the extra time is refused, the first slot taken.
    expect((await order('b1')).status).toBe(201)
    const early = await order('b1', { appointmentDate: iso(clock + 15 * MINUTE) })
    expect(early.status).toBe(400)
    expect(early.body.errors[0].field).toBe('appointmentDate')
    expect((await order('b1', { appointmentDate: availability.firstSlot })).status).toBe(201)
    const reset = await call(s.url, 'DELETE', '/api/branches/b1/preparation-time', { headers: lena })
    expect(reset.body.data.preparation).toBeNull()
    const after = (await call(s.url, 'GET', '/api/branches/b1/availability?days=1')).body.data
    expect(after.firstSlot).toBe(iso(clock))
  })
})
