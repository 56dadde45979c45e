import type { Database, Db } from '@shop/kit'
import { sql, type Transaction } from 'kysely'

// The files' own rows (the API's files table) and the upload window; which orders use an upload
// is the orders read model's question (services/read-models/src/orders/upload-uses.ts).

export { isUploadUsed, unusedCustomerUploads, uploadsOfBranches } from '@shop/read-models'

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
