import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import {
  appendToStream,
  MemoryBus,
  migrateTo,
  migrateToLatest,
  pruneAnalytics,
  silentLogger,
} from '@shop/kit'
import { createTestDatabase } from '@shop/kit/testing'
import {
  ensureProjectionVersion,
  projectionsBehind,
  rebuildProjection,
  startProjector,
} from '@shop/projector'
import { pageViewsStatistics, uniqueVisitorsStatistics, visitorsProjection } from '@shop/read-models'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../testing/staff-session.ts'

// POST /api/analytics-log (issue 14 item 6, docs/security.md "Analytics") on the real PostgreSQL
// and NATS: a small body cap before parsing, a cap on `data` keys, hits in the prunable analytics
// log (never in the event store), visitor ids only the server signed, a cap on new ids per client
// address and day; the visitors projection equal after a rebuild, before and after a pruning.

let s: TestStack
let clock = Date.parse('2026-06-02T08:00:00Z')
const CAP = 3

beforeAll(async () => {
  s = await startTestStack({
    now: () => new Date(clock),
    // Each test speaks from its own address (X-Forwarded-For), so each has its own budgets.
    limits: { trustProxy: true, analytics: { newVisitorsPerAddressPerDay: CAP } },
  })
})
afterAll(async () => {
  await s?.close()
})

const CONSENT = 'asp-cookie-consent=given'

type Logged = { status: number; body: string; cookie: string | undefined }

/** Logs an entry from `address`; answers the status, the body and the visitor cookie set. */
async function log(
  address: string,
  body: unknown,
  opts: { visitor?: string; raw?: string } = {},
): Promise<Logged> {
  const res = await fetch(`${s.url}/api/analytics-log`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      cookie: [CONSENT, ...(opts.visitor ? [`shop_vid=${opts.visitor}`] : [])].join('; '),
    },
    body: opts.raw ?? JSON.stringify(body),
  })
  const set = res.headers.getSetCookie().find((c) => c.startsWith('shop_vid='))
  return { status: res.status, body: await res.text(), cookie: set?.split(';')[0]?.slice('shop_vid='.length) }
}

const view = (path: string, branch?: string) => ({
  type: 'pageview',
  action: 'view',
  data: { path, ...(branch ? { branch } : {}) },
})

const count = async (table: 'analytics_hits' | 'es_events') =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(s.db.db)).rows[0]!.n

/** The visitor ids the log holds for hits of `action`, in order. */
const visitorsOf = async (action: string) =>
  (
    await s.db.db
      .selectFrom('analytics_hits')
      .select('visitor')
      .where('action', '=', action)
      .orderBy('id')
      .execute()
  ).map((r) => r.visitor)

async function projected(): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if ((await projectionsBehind(s.db.db, [visitorsProjection])).length === 0) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('the visitors projection did not catch up')
}

describe('POST /api/analytics-log', () => {
  it('records an entry only with the consent cookie; bad bodies are refused', async () => {
    const body = { type: 'event', action: 'enable-dark-mode', category: 'ui', data: { path: '/' } }
    const before = await count('analytics_hits')
    const without = await call(s.url, 'POST', '/api/analytics-log', { body })
    expect(without.status).toBe(403)
    const refused = await call(s.url, 'POST', '/api/analytics-log', {
      body,
      headers: { cookie: 'asp-cookie-consent=refused' },
    })
    expect(refused.status).toBe(403)
    expect(await count('analytics_hits')).toBe(before)
    expect((await log('192.0.2.1', body)).status).toBe(204)
    expect(await count('analytics_hits')).toBe(before + 1)
    const bad = await call(s.url, 'POST', '/api/analytics-log', {
      body: { type: 'spy', action: '' },
      headers: { cookie: CONSENT },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['action', 'type'])
    expect(await count('analytics_hits')).toBe(before + 1)
  })

  it('refuses a body over 2 KB with 413 before reading it, and stores nothing', async () => {
    const before = await count('analytics_hits')
    // A valid entry of exactly 2048 bytes passes; one byte more is refused.
    const padded = (size: number) => {
      const base = { type: 'event', action: 'size', data: { a: '', b: '', c: '', d: '' } }
      const room = size - JSON.stringify(base).length
      const fill = (n: number) => 'x'.repeat(Math.max(0, Math.min(500, n)))
      base.data.a = fill(room)
      base.data.b = fill(room - 500)
      base.data.c = fill(room - 1000)
      base.data.d = fill(room - 1500)
      const raw = JSON.stringify(base)
      expect(Buffer.byteLength(raw)).toBe(size)
      return raw
    }
    expect((await log('192.0.2.2', null, { raw: padded(2048) })).status).toBe(204)
    const tooBig = await log('192.0.2.2', null, { raw: padded(2049) })
    expect(tooBig.status).toBe(413)
    expect(JSON.parse(tooBig.body)).toEqual({ errors: [{ field: '', message: 'Die Anfrage ist zu gross.' }] })
    // The old limit let a megabyte through: far over the cap, refused all the same.
    const huge = await log('192.0.2.2', null, {
      raw: JSON.stringify({ type: 'event', action: 'huge', data: { a: 'x'.repeat(1_000_000) } }),
    })
    expect(huge.status).toBe(413)
    expect(await count('analytics_hits')).toBe(before + 1)
    expect(await visitorsOf('huge')).toEqual([])
  })

  it('refuses `data` with more than 10 keys', async () => {
    const before = await count('analytics_hits')
    const data = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]))
    const res = await log('192.0.2.3', { type: 'event', action: 'keys', data })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toEqual({
      errors: [{ field: 'data', message: 'Diese Sammlung sollte 10 oder weniger Elemente enthalten.' }],
    })
    expect(await count('analytics_hits')).toBe(before)
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]))
    expect((await log('192.0.2.3', { type: 'event', action: 'keys', data: ten })).status).toBe(204)
  })

  it('keeps hits in the analytics log, never in the event store', async () => {
    const events = await count('es_events')
    const first = await log('192.0.2.4', view('/'))
    expect(first.status).toBe(204)
    await log('192.0.2.4', view('/menu'), { visitor: first.cookie! })
    await log(
      '192.0.2.4',
      { type: 'commerce', action: 'store-check', category: 'cart' },
      { visitor: first.cookie! },
    )
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM es_events WHERE stream_type = 'analytics'`.execute(s.db.db)
    expect(rows[0]!.n).toBe(0)
    expect(await count('es_events')).toBe(events)
    const row = await s.db.db
      .selectFrom('analytics_hits')
      .selectAll()
      .where('action', '=', 'store-check')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ type: 'commerce', category: 'cart', visitor: first.cookie!.split('.')[0] })
  })
})

describe('visitor ids', () => {
  it('counts only ids the server signed: a forged, an unsigned or an old id is a new visitor, within the cap', async () => {
    clock = Date.parse('2026-06-10T08:00:00Z')
    const address = '203.0.113.10'
    const a = await log(address, view('/'))
    // `<id>.<mac>`: 22 base64url characters each.
    expect(a.cookie).toMatch(/^[\w-]{22}\.[\w-]{22}$/)
    const [id] = a.cookie!.split('.')
    // The signed id comes back: the same visitor, no new cookie.
    const again = await log(address, view('/menu'), { visitor: a.cookie! })
    expect(again.cookie).toBeUndefined()
    expect(await visitorsOf('view').then((v) => v.filter((x) => x === id).length)).toBe(2)

    // Made-up ids: the right shape with a wrong mac, another id under the valid mac, an id of
    // the old unsigned kind. None is stored; each is treated as a client without an id.
    const forged = `${'A'.repeat(22)}.${a.cookie!.split('.')[1]}`
    const tampered = `${id}.${'B'.repeat(22)}`
    const unsigned = 'old-random-visitor-id-1234'
    const results: Logged[] = []
    for (const visitor of [forged, tampered, unsigned])
      results.push(
        await log(address, { type: 'pageview', action: 'forged', data: { path: '/x' } }, { visitor }),
      )
    const stored = await visitorsOf('forged')
    expect(stored).toHaveLength(3)
    for (const v of stored) expect([forged.split('.')[0], unsigned, id]).not.toContain(v)
    // The cap: the first new id was `a`, so two more fresh ids, then none (the hit still counts
    // as a page view, not as a visitor).
    expect(results.map((r) => r.cookie !== undefined)).toEqual([true, true, false])
    expect(stored[2]).toBeNull()

    await projected()
    const day = { from: '2026-06-10', to: '2026-06-10', limit: 10, branchIds: undefined }
    expect((await uniqueVisitorsStatistics(s.db.db, day)).total).toBe(CAP)
    expect((await pageViewsStatistics(s.db.db, day)).total).toBe(5)
  })

  it('gives one address only so many new ids a day; another address and the next day have their own', async () => {
    clock = Date.parse('2026-06-11T09:00:00Z')
    const minted = async (address: string, n: number) => {
      const out: boolean[] = []
      for (let i = 0; i < n; i++) out.push((await log(address, view('/cap'))).cookie !== undefined)
      return out
    }
    // Parallel requests cannot pass the cap either (counted in one upsert).
    const parallel = await Promise.all(
      Array.from({ length: 6 }, () => log('203.0.113.20', view('/cap')).then((r) => r.cookie !== undefined)),
    )
    expect(parallel.filter(Boolean)).toHaveLength(CAP)
    expect(await minted('203.0.113.21', CAP + 2)).toEqual([true, true, true, false, false])
    // The next UTC day the budget is new.
    clock = Date.parse('2026-06-12T00:30:00Z')
    expect(await minted('203.0.113.20', 1)).toEqual([true])
    await projected()
    const day = { from: '2026-06-11', to: '2026-06-11', limit: 10, branchIds: undefined }
    expect((await uniqueVisitorsStatistics(s.db.db, day)).total).toBe(2 * CAP)
    expect((await pageViewsStatistics(s.db.db, day)).total).toBe(6 + CAP + 2)
  })
})

describe('the visitors projection', () => {
  it('a rebuild gives the live tables; after a pruning it keeps the pruned days and equals them again', async () => {
    // Hits over five weeks in two branches and on pages of none, returning visitors among them.
    const ids: string[] = []
    for (let d = 0; d < 35; d++) {
      clock = Date.parse(`2026-07-01T08:00:00Z`) + d * 86_400_000
      const address = `198.51.100.${d}`
      for (let v = 0; v < 3; v++) {
        const known = ids[(d * 7 + v) % Math.max(1, ids.length)]
        const branch = v === 0 ? undefined : v === 1 ? 'b1' : 'b2'
        const r = await log(address, view(branch ? `/${branch}/menu` : '/', branch), {
          ...(known && v === 2 ? { visitor: known } : {}),
        })
        if (r.cookie) ids.push(r.cookie)
        clock += 3_600_000
      }
      await log(address, { type: 'event', action: 'enable-dark-mode', category: 'ui' })
    }
    await projected()
    const snapshot = async () => {
      const out: Record<string, string[]> = {}
      for (const table of visitorsProjection.tables) {
        const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(
          s.db.db,
        )
        out[table] = rows.map((r) => JSON.stringify(r)).sort()
      }
      return out
    }
    const live = await snapshot()
    expect(live.st_visitor_sketches!.some((r) => r.includes('"period":"2026-07"'))).toBe(true)
    await rebuildProjection(s.db.db, visitorsProjection)
    expect(await snapshot()).toEqual(live)

    // Ten days of July pruned (the log keeps the hits of 11 July on): the log loses them, the
    // figures of those days stay, and a rebuild still gives the same tables.
    const hits = await count('analytics_hits')
    const pruned = await pruneAnalytics(s.db.db, { now: new Date('2026-10-09T10:00:00Z'), retentionDays: 90 })
    expect(pruned.firstDay).toBe('2026-07-11')
    expect(pruned.hits).toBeGreaterThan(30)
    expect(await count('analytics_hits')).toBe(hits - pruned.hits)
    const july = { from: '2026-07-01', to: '2026-07-31', limit: 10, branchIds: undefined }
    const before = await uniqueVisitorsStatistics(s.db.db, july)
    await rebuildProjection(s.db.db, visitorsProjection)
    expect(await snapshot()).toEqual(live)
    expect(await uniqueVisitorsStatistics(s.db.db, july)).toEqual(before)
    expect((await pageViewsStatistics(s.db.db, july)).days).toHaveLength(31)
  })
})

describe('upgrading a store with AnalyticsLogged events (migration 0014)', () => {
  it('moves them into the log in their order, out of the event store, and counts them once', async () => {
    const db = await createTestDatabase({ max: 3 })
    try {
      await migrateTo(db.db as never, '20261123T0011-statistics')
      // The old route: one stream per entry; the old projection had counted them already.
      const old = [
        { at: '2026-05-04T08:00:00.000Z', visitor: 'old-visitor-1', path: '/' },
        { at: '2026-05-04T08:05:00.000Z', visitor: 'old-visitor-1', path: '/menu' },
        { at: '2026-05-04T09:00:00.000Z', visitor: 'old-visitor-2', path: '/' },
      ]
      for (const [i, e] of old.entries()) {
        await appendToStream(db.db, {
          streamId: `analytics-old-${i}`,
          streamType: 'analytics',
          expectedVersion: 0,
          events: [
            {
              type: 'AnalyticsLogged',
              data: {
                type: 'pageview',
                action: 'view',
                data: { path: e.path },
                visitor: e.visitor,
                at: e.at,
              },
            },
          ],
        })
      }
      await sql`INSERT INTO st_visitor_counts (branch_id, day, visitors) VALUES ('*', '2026-05-04', 2)`.execute(
        db.db,
      )
      await sql`INSERT INTO st_visit_hours (branch_id, day, hour, views) VALUES ('', '2026-05-04', 10, 3)`.execute(
        db.db,
      )
      await migrateToLatest(db.db as never)
      const { rows: events } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM es_events WHERE stream_type = 'analytics'`.execute(db.db)
      expect(events[0]!.n).toBe(0)
      const hits = await db.db.selectFrom('analytics_hits').selectAll().orderBy('id').execute()
      expect(hits.map((h) => [h.at.toISOString(), h.visitor, h.data])).toEqual(
        old.map((e) => [e.at, e.visitor, { path: e.path }]),
      )
      // The visitors projection is new to this store: the first projector empties its tables (the
      // old projection's counts of these very entries) and builds them from the log.
      const projector = startProjector({
        db: db.db,
        bus: new MemoryBus(),
        log: silentLogger,
        projections: [visitorsProjection],
      })
      try {
        for (let i = 0; i < 400; i++) {
          const version = await db.db
            .selectFrom('projection_versions')
            .select('version')
            .where('projection', '=', 'visitors')
            .executeTakeFirst()
          if (version && (await projectionsBehind(db.db, [visitorsProjection])).length === 0) break
          await new Promise((r) => setTimeout(r, 25))
        }
      } finally {
        await projector.stop()
      }
      expect(await ensureProjectionVersion(db.db, visitorsProjection)).toBe(false)
      const day = { from: '2026-05-04', to: '2026-05-04', limit: 10, branchIds: undefined }
      expect((await uniqueVisitorsStatistics(db.db, day)).total).toBe(2)
      expect((await pageViewsStatistics(db.db, day)).total).toBe(3)
    } finally {
      await db.drop()
    }
  })
})
