import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectPglite, type DbHandle } from '../db/connect.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { cursorOf } from '../event-store/store.ts'
import { type Cursor, START_CURSOR } from '../event-store/types.ts'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import {
  analyticsFirstDay,
  analyticsHead,
  pollCommittedHits,
  pruneAnalytics,
  recordAnalyticsHits,
  type StoredAnalyticsHit,
} from './analytics-log.ts'

// The analytics log is read like the event store (docs/architecture.md "Reading committed
// events"): ids are taken before commit, so rows commit out of id order; a reader must never
// skip one that commits late. On PostgreSQL and on the embedded PGlite.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase({ max: 40 })
})
afterAll(async () => {
  await t?.drop()
})

const hit = (action: string, at = '2026-06-02T08:00:00.000Z') => ({
  at,
  type: 'event',
  action,
  visitor: null,
})
const cursorOfHit = (h: StoredAnalyticsHit): Cursor =>
  cursorOf({ transactionId: h.transactionId, globalPosition: h.id })

/** Reads from the cursor until nothing more comes. */
async function drain(db: DbHandle['db'], from: Cursor): Promise<StoredAnalyticsHit[]> {
  const out: StoredAnalyticsHit[] = []
  let cursor = from
  for (;;) {
    const batch = await pollCommittedHits(db, cursor, 100)
    if (batch.length === 0) return out
    out.push(...batch)
    cursor = cursorOfHit(batch.at(-1)!)
  }
}

async function headCursor(db: DbHandle['db']): Promise<Cursor> {
  return (await analyticsHead(db)) ?? START_CURSOR
}

describe('the analytics log feed (PostgreSQL)', () => {
  it('does not return a hit whose transaction is still open, and returns it after the later one', async () => {
    const from = await headCursor(t.db)
    let release!: () => void
    const held = new Promise<void>((r) => {
      release = r
    })
    let recorded!: () => void
    const wasRecorded = new Promise<void>((r) => {
      recorded = r
    })
    // The first hit takes the lower id and commits last.
    let lateId = 0n
    const late = t.db.transaction().execute(async (trx) => {
      await recordAnalyticsHits(trx, [hit('late')])
      const { rows } = await sql<{ id: string }>`
        SELECT id::text AS id FROM analytics_hits WHERE action = 'late'`.execute(trx)
      lateId = BigInt(rows[0]!.id)
      recorded()
      await held
    })
    try {
      await wasRecorded
      await recordAnalyticsHits(t.db, [hit('early')])
      const { rows } = await sql<{ id: string }>`
        SELECT id::text AS id FROM analytics_hits WHERE action = 'early'`.execute(t.db)
      expect(lateId < BigInt(rows[0]!.id)).toBe(true)
      // While the late one is open, neither is read: the early one sits behind it in the feed.
      expect((await drain(t.db, from)).map((h) => h.action)).toEqual([])
    } finally {
      release()
      await late
    }
    // Another file's open transaction may hold the horizon for a moment: read until both pass it.
    let read: StoredAnalyticsHit[] = []
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      read = (await drain(t.db, from)).filter((h) => h.action === 'late' || h.action === 'early')
      if (read.length >= 2) break
      await new Promise((r) => setTimeout(r, 10))
    }
    expect(read.map((h) => h.action)).toEqual(['late', 'early'])
  })

  it('20 concurrent writers with held-open transactions while a poller tails: every hit once', async () => {
    let cursor = await headCursor(t.db)
    const run = `race-${Date.now()}`
    const writers = 20
    const perWriter = 15
    const seen: StoredAnalyticsHit[] = []
    let writing = true
    const mine = () => seen.filter((h) => h.action.startsWith(run))
    const poller = (async () => {
      const deadline = Date.now() + 30_000
      while (Date.now() < deadline) {
        const batch = await pollCommittedHits(t.db, cursor, 50)
        seen.push(...batch)
        if (batch.length > 0) cursor = cursorOfHit(batch.at(-1)!)
        else if (!writing && mine().length >= writers * perWriter) break
        else await new Promise((r) => setTimeout(r, 2))
      }
    })()
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          if (i % 4 === 0) {
            await t.db.transaction().execute(async (trx) => {
              await recordAnalyticsHits(trx, [hit(`${run}-${w}-${i}`)])
              await new Promise((r) => setTimeout(r, Math.random() * 5))
            })
          } else await recordAnalyticsHits(t.db, [hit(`${run}-${w}-${i}`)])
        }
      }),
    )
    writing = false
    await poller
    const actions = mine().map((h) => h.action)
    expect(actions).toHaveLength(writers * perWriter)
    expect(new Set(actions).size).toBe(actions.length)
  })

  it('prunes hits past the retention and moves the horizon to the first day kept whole, never back', async () => {
    const db = await createTestDatabase({ max: 2 })
    try {
      await recordAnalyticsHits(db.db, [
        hit('old', '2026-03-01T12:00:00.000Z'),
        // 23:30 UTC on the 10th: already the 11th in Zürich and Auckland.
        hit('edge', '2026-03-10T23:30:00.000Z'),
        hit('kept', '2026-03-11T12:00:00.000Z'),
      ])
      expect(await analyticsFirstDay(db.db)).toBeNull()
      const pruned = await pruneAnalytics(db.db, { now: new Date('2026-06-09T10:00:00Z'), retentionDays: 90 })
      // 9 June − 90 days = 11 March: every hit of a local 11 March or later stays.
      expect(pruned).toEqual({ hits: 1, firstDay: '2026-03-11' })
      const left = await db.db.selectFrom('analytics_hits').select('action').orderBy('id').execute()
      expect(left.map((h) => h.action)).toEqual(['edge', 'kept'])
      await pruneAnalytics(db.db, { now: new Date('2026-06-01T10:00:00Z'), retentionDays: 90 })
      expect(await analyticsFirstDay(db.db)).toBe('2026-03-11')
    } finally {
      await db.drop()
    }
  })
})

describe('the analytics log feed (embedded PGlite)', () => {
  it('records, reads in feed order from a cursor and prunes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-analytics-'))
    const db = await connectPglite(join(dir, 'pglite'))
    try {
      await migrateToLatest(db.db as never)
      await recordAnalyticsHits(db.db, [hit('a', '2026-01-01T10:00:00.000Z'), hit('b')])
      await db.db.transaction().execute((trx) => recordAnalyticsHits(trx, [hit('c')]))
      const all = await drain(db.db, START_CURSOR)
      expect(all.map((h) => h.action)).toEqual(['a', 'b', 'c'])
      expect(all[1]).toMatchObject({ at: '2026-06-02T08:00:00.000Z', type: 'event', visitor: null })
      expect((await drain(db.db, cursorOfHit(all[0]!))).map((h) => h.action)).toEqual(['b', 'c'])
      expect(await analyticsHead(db.db)).toEqual(cursorOfHit(all[2]!))
      await pruneAnalytics(db.db, { now: new Date('2026-06-02T10:00:00Z'), retentionDays: 30 })
      expect((await drain(db.db, START_CURSOR)).map((h) => h.action)).toEqual(['b', 'c'])
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
