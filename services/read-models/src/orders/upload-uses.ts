import { checkpointId, type Database, type Db, unreadBy } from '@shop/kit'
import { sql, type Transaction } from 'kysely'
import { ordersProjection } from './orders.projection.ts'

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

/** An order that uses an upload: its id and what staff call it (`#<ticket number>`, else its uid). */
export type UploadOrderUse = { type: 'order'; id: string; name: string }

/**
 * The orders that use these uploads, by upload id (only the orders of `branchIds` when given: an
 * employee's branches). Orders the projection has not applied yet are not listed here (a delete
 * asks isUploadUsed, which counts them).
 */
export async function ordersUsingUploads(
  db: Db | Transaction<Database>,
  uploadIds: readonly string[],
  branchIds?: readonly string[],
): Promise<Map<string, UploadOrderUse[]>> {
  const uses = new Map<string, UploadOrderUse[]>()
  if (uploadIds.length === 0 || branchIds?.length === 0) return uses
  const { rows } = await sql<{ upload_id: string; order_id: string; name: string }>`
    SELECT u.id AS upload_id, o.order_id,
           CASE WHEN o.ticket_number IS NULL THEN o.uid ELSE '#' || o.ticket_number END AS name
      FROM unnest(${[...uploadIds]}::text[]) AS u(id)
      JOIN rm_orders o ON ${usedBy(sql`u.id`)}
     WHERE ${branchIds ? sql`o.branch_id = ANY(${[...branchIds]}::text[])` : sql`true`}
     ORDER BY u.id, o.created_at DESC`.execute(db)
  for (const r of rows) {
    const list = uses.get(r.upload_id) ?? []
    list.push({ type: 'order', id: r.order_id, name: r.name })
    uses.set(r.upload_id, list)
  }
  return uses
}
