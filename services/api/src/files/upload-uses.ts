import { type Database, type Db, unreadBy } from '@shop/kit'
import { checkpointId, ordersProjection } from '@shop/read-models'
import { sql, type Transaction } from 'kysely'

// Which orders use an upload: an order's configured parts carry `uploads: [{ id }]` in its
// folded state (rm_orders.state). The expression is the one the GIN index
// rm_orders_uploads_idx is built on (migration 0012): written the same way, the planner uses it.

const usedBy = (uploadId: ReturnType<typeof sql>) =>
  sql`jsonb_path_query_array(o.state, '$.items[*].parts[*].uploads[*].id') @> jsonb_build_array(${uploadId})`

const ORDERS_CHECKPOINT = checkpointId(ordersProjection)

/**
 * An order's event the orders projection has not applied yet names the upload (an order placed,
 * an item changed): while the projection lags, or is down, its uploads count as used all the same.
 * Without a checkpoint yet, every order event is such an event.
 */
const pendingOrderNames = (uploadId: ReturnType<typeof sql>) => sql`
  EXISTS (SELECT 1 FROM es_events e
           WHERE e.stream_type = 'order' AND ${unreadBy(ORDERS_CHECKPOINT)}
             AND jsonb_path_exists(e.data, '$.**.uploads[*].id ? (@ == $id)', jsonb_build_object('id', ${uploadId})))`

const HOUR = 3_600_000

/**
 * The oldest upload a new order, or a staff change of an item, may still name: one made after
 * `now - (ttl - margin)`, the margin an hour (a quarter of a shorter TTL). The clean-up removes
 * unused uploads only once they are `ttl` old, so no upload it may remove can be taken by an
 * order at the same moment: the two windows never overlap, without a lock between them.
 */
export function uploadsAcceptedSince(now: Date, ttlMs: number): Date {
  return new Date(now.getTime() - (ttlMs - Math.min(HOUR, ttlMs / 4)))
}

/** Of these uploads, the ones an order of one of these branches uses. */
export async function uploadsOfBranches(
  db: Db,
  uploadIds: readonly string[],
  branchIds: readonly string[],
): Promise<Set<string>> {
  if (uploadIds.length === 0 || branchIds.length === 0) return new Set()
  const { rows } = await sql<{ id: string }>`
    SELECT u.id FROM unnest(${[...uploadIds]}::text[]) AS u(id)
     WHERE EXISTS (SELECT 1 FROM rm_orders o
                    WHERE o.branch_id = ANY(${[...branchIds]}::text[]) AND ${usedBy(sql`u.id`)})`.execute(db)
  return new Set(rows.map((r) => r.id))
}

/** Whether any order uses the upload. */
export async function isUploadUsed(db: Db | Transaction<Database>, uploadId: string): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`
    SELECT (EXISTS (SELECT 1 FROM rm_orders o WHERE ${usedBy(sql`${uploadId}::text`)})
            OR ${pendingOrderNames(sql`${uploadId}::text`)}) AS used`.execute(db)
  return rows[0]?.used === true
}

/** Customers' uploads older than `before` that no order uses, oldest first. */
export async function unusedCustomerUploads(
  db: Db | Transaction<Database>,
  before: Date,
  limit: number,
): Promise<{ id: string; storage: string }[]> {
  const { rows } = await sql<{ id: string; storage: string }>`
    SELECT f.id, f.storage FROM files f
     WHERE f.by_customer AND f.kind = 'upload' AND f.created_at < ${before}
       AND NOT EXISTS (SELECT 1 FROM rm_orders o WHERE ${usedBy(sql`f.id`)})
       AND NOT ${pendingOrderNames(sql`f.id`)}
     ORDER BY f.created_at
     LIMIT ${limit}`.execute(db)
  return rows
}

/** Deletes a file's row and its chunks (in the resource delete's transaction). */
export async function deleteFileRow(trx: Transaction<Database>, id: string): Promise<string | undefined> {
  const row = await trx.deleteFrom('files').where('id', '=', id).returning('storage').executeTakeFirst()
  await trx.deleteFrom('file_chunks').where('file_id', '=', id).execute()
  return row?.storage
}

/** Ids whose bytes sit in chunks without a `files` row (an upload that died before its commit). */
export async function chunkOrphans(db: Db): Promise<string[]> {
  const { rows } = await sql<{ file_id: string }>`
    SELECT DISTINCT c.file_id FROM file_chunks c
     WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.id = c.file_id)`.execute(db)
  return rows.map((r) => r.file_id)
}

/** Of these ids, the ones that have a `files` row. */
export async function existingFiles(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('id', 'in', [...ids])
    .execute()
  return new Set(rows.map((r) => r.id))
}
