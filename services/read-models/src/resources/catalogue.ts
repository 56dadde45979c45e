import type { Db } from '@shop/kit'
import { sql } from 'kysely'
import type { ResourceDataRow } from './resources.ts'

// What the checkout, the availability and a staff item change read of the catalogue.

/**
 * The generation `generation` (es_generations, '0' when never moved) and every resource of
 * these types, in ONE statement, so both come from the same database snapshot (the checkout's
 * catalogue cache keeps them under that generation).
 */
export async function catalogueRows(
  db: Db,
  generation: string,
  types: readonly string[],
): Promise<{ generation: string; rows: ResourceDataRow[] }> {
  const { rows } = await sql<ResourceDataRow & { generation: string }>`
    SELECT g.generation::text AS generation, r.type, r.id, r.data
      FROM (SELECT coalesce((SELECT generation FROM es_generations WHERE name = ${generation}), 0)
                   AS generation) g
      LEFT JOIN rm_resources r ON r.type = ANY(${types}::text[])`.execute(db)
  return {
    generation: rows[0]?.generation ?? '0',
    // No resource of these types at all: the LEFT JOIN's one row carries the generation only.
    rows: rows.filter((r) => r.type !== null),
  }
}

/** The uploads with these ids made since `since` (older ones count as unknown). */
export async function uploadsSince(db: Db, ids: readonly string[], since: Date): Promise<ResourceDataRow[]> {
  const { rows } = await sql<ResourceDataRow>`
    SELECT type, id, data FROM rm_resources
     WHERE type = 'upload' AND id = ANY(${ids}::text[]) AND created_at >= ${since}`.execute(db)
  return rows
}

/**
 * In one read, what a staff item change needs: the product (by uid), the branch, the shop's
 * config and the uploads named, of those the ones the order has already or made since
 * `acceptedSince`.
 */
export async function itemChangeRows(
  db: Db,
  query: {
    /** null: no product (an item removed: only the branch and the shop's config). */
    productUid: string | null
    branchId: string
    uploadIds: readonly string[]
    orderUploadIds: readonly string[]
    acceptedSince: Date
  },
): Promise<ResourceDataRow[]> {
  const { rows } = await sql<ResourceDataRow>`
    SELECT type, id, data FROM rm_resources
     WHERE (type = 'product' AND data->>'uid' = ${query.productUid})
        OR (type = 'branch' AND id = ${query.branchId})
        OR (type = 'config' AND id = 'config')
        OR (type = 'upload' AND id = ANY(${[...query.uploadIds]}::text[])
            AND (created_at >= ${query.acceptedSince} OR id = ANY(${[...query.orderUploadIds]}::text[])))`.execute(
    db,
  )
  return rows
}

/** The products with these uids (a product's public key); unknown uids are left out. */
export async function productsByUid(
  db: Db,
  uids: readonly string[],
): Promise<{ uid: string; data: Record<string, unknown> }[]> {
  const { rows } = await sql<{ uid: string; data: Record<string, unknown> }>`
    SELECT data->>'uid' AS uid, data FROM rm_resources
     WHERE type = 'product' AND data->>'uid' = ANY(${uids}::text[])`.execute(db)
  return rows
}

/** A product by its id or, failing that, its uid (as the API names products elsewhere). */
export async function findProductByIdOrUid(
  db: Db,
  idOrUid: string,
): Promise<{ id: string; data: Record<string, unknown> } | undefined> {
  const { rows } = await sql<{ id: string; data: Record<string, unknown> }>`
    SELECT id, data FROM rm_resources
     WHERE type = 'product' AND (id = ${idOrUid} OR data->>'uid' = ${idOrUid})
     ORDER BY (id = ${idOrUid}) DESC
     LIMIT 1`.execute(db)
  return rows[0]
}
