import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { Cursor } from '../event-store/types.ts'

type Executor = Kysely<Database> | Transaction<Database>

// The consented analytics log (spec §7, issue 14 item 6): raw page views and events are not
// business facts, so they are rows of `analytics_hits`, not events of the permanent store, and
// are pruned after the retention (docs/statistics.md "Visitors"). The visitors projection reads
// them with the same commit-safe discipline as every reader of es_events (pollCommitted,
// docs/architecture.md "Reading committed events"): ids are taken before commit, so rows commit
// out of id order, and only transactions older than every running one are read.

export type AnalyticsHit = {
  /** ISO instant. */
  at: string
  type: string
  action: string
  category?: string | null | undefined
  /** The server-issued visitor id; null when the hit counts for no visitor. */
  visitor: string | null
  /** The body's details (path, branch, product …): small, capped by the contract. */
  data?: Record<string, unknown> | null | undefined
}

export type StoredAnalyticsHit = AnalyticsHit & {
  id: string
  transactionId: string
  category: string | null
  data: Record<string, unknown> | null
}

const toRow = (h: AnalyticsHit) => ({
  at: h.at,
  type: h.type,
  action: h.action,
  category: h.category ?? null,
  visitor: h.visitor,
  data: h.data ? JSON.stringify(h.data) : null,
})

/** Records hits (one statement). */
export async function recordAnalyticsHits(db: Executor, hits: readonly AnalyticsHit[]): Promise<void> {
  if (hits.length === 0) return
  await db.insertInto('analytics_hits').values(hits.map(toRow)).execute()
}

/** Hits committed after the cursor, in commit-safe feed order (transaction id, then id). */
export async function pollCommittedHits(
  db: Executor,
  after: Cursor,
  limit: number,
): Promise<StoredAnalyticsHit[]> {
  const { rows } = await sql<{
    id: string
    transaction_id: string
    at: string
    type: string
    action: string
    category: string | null
    visitor: string | null
    data: Record<string, unknown> | null
  }>`
    SELECT id::text AS id, transaction_id::text AS transaction_id,
           to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
           type, action, category, visitor, data
      FROM analytics_hits
     WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       AND (transaction_id, id) > (${after.xid}::xid8, ${after.position}::bigint)
     ORDER BY analytics_hits.transaction_id, analytics_hits.id
     LIMIT ${limit}`.execute(db)
  return rows.map((r) => ({
    id: r.id,
    transactionId: r.transaction_id,
    at: r.at,
    type: r.type,
    action: r.action,
    category: r.category,
    visitor: r.visitor,
    data: r.data,
  }))
}

/** The last hit in feed order (a reader at it has read every committed hit); null: none. */
export async function analyticsHead(db: Executor): Promise<Cursor | null> {
  const { rows } = await sql<{ xid: string; position: string }>`
    SELECT transaction_id::text AS xid, id::text AS position FROM analytics_hits
     ORDER BY transaction_id DESC, id DESC LIMIT 1`.execute(db)
  return rows[0] ?? null
}

/** The first local day whose hits are all kept; null until the first pruning. */
export async function analyticsFirstDay(db: Executor): Promise<string | null> {
  const { rows } = await sql<{ first_day: string }>`
    SELECT first_day::text AS first_day FROM analytics_horizon`.execute(db)
  return rows[0]?.first_day ?? null
}

const DAY_MS = 86_400_000
/** The earliest UTC offset of any zone (UTC−12 … UTC+14): a local day starts at most 14 h before UTC's. */
const EARLIEST_OFFSET_MS = 14 * 3_600_000

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Prunes the log: hits older than `retentionDays` go, and the horizon moves to the first local
 * day (in any zone) whose hits are all still there, so the statistics neither count a half-pruned
 * day anew nor lose its sums in a rebuild. Minted-visitor counters of past days go too.
 */
export async function pruneAnalytics(
  db: Kysely<Database>,
  opts: { now: Date; retentionDays: number },
): Promise<{ hits: number; firstDay: string }> {
  const today = Date.parse(`${utcDay(opts.now.getTime())}T00:00:00Z`)
  const firstDay = utcDay(today - opts.retentionDays * DAY_MS)
  // Every hit of a local day >= firstDay (in any zone) happened at or after this instant.
  const cutoff = new Date(Date.parse(`${firstDay}T00:00:00Z`) - EARLIEST_OFFSET_MS).toISOString()
  return db.transaction().execute(async (trx) => {
    // The horizon first (and never back): the projection skips what is about to go.
    await sql`
      INSERT INTO analytics_horizon (id, first_day) VALUES (true, ${firstDay}::date)
      ON CONFLICT (id) DO UPDATE SET first_day = greatest(analytics_horizon.first_day, excluded.first_day)`.execute(
      trx,
    )
    const deleted = await trx
      .deleteFrom('analytics_hits')
      .where('at', '<', new Date(cutoff))
      .executeTakeFirst()
    await trx
      .deleteFrom('analytics_visitor_mints')
      .where('day', '<', utcDay(today - DAY_MS))
      .execute()
    const horizon = (await analyticsFirstDay(trx)) ?? firstDay
    return { hits: Number(deleted.numDeletedRows), firstDay: horizon }
  })
}
