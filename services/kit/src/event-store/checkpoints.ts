import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { type Cursor, START_CURSOR } from './types.ts'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Makes sure the reader's checkpoint exists. A new one starts at the first event, or with
 * `head` at the committed head: the newest event below the commit horizon, behind which every
 * later one commits, so it is seen after the checkpoint (the same rule as pollCommitted).
 */
export async function ensureCheckpoint(
  db: Executor,
  id: string,
  startAt: 'beginning' | 'head' = 'beginning',
): Promise<void> {
  if (startAt === 'head') {
    await sql`
      INSERT INTO es_checkpoints (subscription_id, last_xid, last_position)
      SELECT ${id}, coalesce(head.transaction_id, '0'::xid8), coalesce(head.global_position, 0)
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (
          SELECT transaction_id, global_position FROM es_events
           WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1) head ON true
      ON CONFLICT (subscription_id) DO NOTHING`.execute(db)
    return
  }
  await db
    .insertInto('es_checkpoints')
    .values({ subscription_id: id, last_xid: '0', last_position: '0' })
    .onConflict((oc) => oc.column('subscription_id').doNothing())
    .execute()
}

export async function readCheckpoint(db: Executor, id: string): Promise<Cursor> {
  const { rows } = await sql<{ xid: string; position: string }>`
    SELECT last_xid::text AS xid, last_position AS position FROM es_checkpoints
     WHERE subscription_id = ${id}`.execute(db)
  const row = rows[0]
  return row ? { xid: row.xid, position: row.position } : START_CURSOR
}

/**
 * Locks the checkpoint row for this transaction. Returns undefined when another instance holds
 * it: that instance owns the subscription for now.
 */
export async function lockCheckpoint(trx: Transaction<Database>, id: string): Promise<Cursor | undefined> {
  const { rows } = await sql<{ xid: string; position: string }>`
    SELECT last_xid::text AS xid, last_position AS position FROM es_checkpoints
     WHERE subscription_id = ${id} FOR UPDATE SKIP LOCKED`.execute(trx)
  const row = rows[0]
  return row ? { xid: row.xid, position: row.position } : undefined
}

/**
 * A condition on `es_events e`: the event lies past the reader's checkpoint, so the reader (a
 * projection) has not applied it yet; with no checkpoint yet, every event does. For questions a
 * read model answers that must not miss what it has still to catch up on.
 */
export function unreadBy(id: string) {
  return sql<boolean>`(e.transaction_id, e.global_position) >
    (SELECT coalesce(max(c.last_xid), '0'::xid8), coalesce(max(c.last_position), 0)
       FROM es_checkpoints c WHERE c.subscription_id = ${id})`
}

/**
 * Moves the checkpoint. A reader that sends live messages for what it applied (a projection)
 * takes `liveCount` numbers for them in the same statement: answers the last one, so the batch's
 * messages are numbered `answer - liveCount + 1 … answer` (docs/architecture.md "Live updates
 * and gaps").
 */
export async function saveCheckpoint(
  db: Executor,
  id: string,
  cursor: Cursor,
  liveCount = 0,
): Promise<number> {
  const { rows } = await sql<{ live_seq: string }>`
    INSERT INTO es_checkpoints (subscription_id, last_xid, last_position, live_seq, updated_at)
    VALUES (${id}, ${cursor.xid}::xid8, ${cursor.position}::bigint, ${liveCount}, now())
    ON CONFLICT (subscription_id) DO UPDATE
      SET last_xid = excluded.last_xid, last_position = excluded.last_position,
          live_seq = es_checkpoints.live_seq + excluded.live_seq, updated_at = now()
    RETURNING live_seq::text AS live_seq`.execute(db)
  return Number(rows[0]?.live_seq ?? 0)
}

/** The number of the last live message the reader took (0: none yet, or no checkpoint). */
export async function readLiveSeq(db: Executor, id: string): Promise<number> {
  const { rows } = await sql<{ live_seq: string }>`
    SELECT live_seq::text AS live_seq FROM es_checkpoints WHERE subscription_id = ${id}`.execute(db)
  return Number(rows[0]?.live_seq ?? 0)
}

/**
 * The readers (checkpoint ids) that have not yet read the last committed event. "Last" is in
 * feed order (transaction id, then position), not the highest position: positions are handed out
 * before commit, so the event with the highest one may not be the one committed last.
 */
export async function readersBehind(db: Executor, ids: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH head AS (
      SELECT transaction_id, global_position FROM es_events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1)
    SELECT s.id FROM unnest(${[...ids]}::text[]) AS s(id)
     CROSS JOIN head h
      LEFT JOIN es_checkpoints c ON c.subscription_id = s.id
     WHERE c.subscription_id IS NULL
        OR (c.last_xid, c.last_position) < (h.transaction_id, h.global_position)`.execute(db)
  return rows.map((r) => r.id)
}

/**
 * How far a reader is behind (its /readyz): the age in seconds of the first committed event it has
 * not read yet (0 when it has read everything), and whether there is one. One index step: the
 * feed order's first event after the checkpoint.
 */
export async function checkpointLag(
  db: Executor,
  id: string,
): Promise<{ lagSeconds: number; behind: boolean }> {
  const { rows } = await sql<{ lag: number }>`
    SELECT greatest(0, extract(epoch FROM now() - e.created_at))::float8 AS lag FROM es_events e
     WHERE ${unreadBy(id)} AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     ORDER BY e.transaction_id, e.global_position LIMIT 1`.execute(db)
  const lag = rows[0]?.lag
  return lag === undefined
    ? { lagSeconds: 0, behind: false }
    : { lagSeconds: Math.round(lag * 10) / 10, behind: true }
}
