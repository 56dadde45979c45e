import type { Database } from '@shop/kit'
import { type RawBuilder, sql, type Transaction } from 'kysely'
import type { ResourceKey } from './resources.ts'

// What a resource write checks in its transaction: the resources it refers to must exist (and
// stay while it commits), and a delete is refused while others still refer to the resource.

/** Of these resources, the ones that exist, locked FOR SHARE (a concurrent delete waits). */
export async function lockExistingResources(
  trx: Transaction<Database>,
  keys: readonly ResourceKey[],
): Promise<ResourceKey[]> {
  if (keys.length === 0) return []
  const { rows } = await sql<ResourceKey>`
    SELECT type, id FROM rm_resources
     WHERE (type, id) IN (${sql.join(keys.map((r) => sql`(${r.type}, ${r.id})`))})
     FOR SHARE`.execute(trx)
  return rows
}

const containsId = (id: string) => JSON.stringify([{ id }])

/** The names of the menus whose data passes `condition`. */
async function menusWhere(trx: Transaction<Database>, condition: RawBuilder<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT coalesce(data->>'name', id) AS name FROM rm_resources WHERE type = 'menu' AND ${condition}`.execute(
    trx,
  )
  return rows.map((r) => r.name)
}

/** The names of the menus that offer the branch. */
export function menusNamingBranch(trx: Transaction<Database>, branchId: string): Promise<string[]> {
  return menusWhere(trx, sql`data->'branches' @> ${containsId(branchId)}::jsonb`)
}

/** The names of the menus whose catalogue lists the product. */
export function menusNamingProduct(trx: Transaction<Database>, productId: string): Promise<string[]> {
  return menusWhere(
    trx,
    sql`EXISTS (SELECT 1 FROM jsonb_array_elements(data->'catalog') c WHERE c->'products' @> ${containsId(productId)}::jsonb)`,
  )
}

/** The names of the menus whose catalogue has the category. */
export function menusNamingCategory(trx: Transaction<Database>, categoryId: string): Promise<string[]> {
  return menusWhere(trx, sql`data->'catalog' @> ${JSON.stringify([{ category: { id: categoryId } }])}::jsonb`)
}

/** The names of the users and divisions of the branch, and of its tables, devices and departments. */
export async function resourcesOfBranch(trx: Transaction<Database>, branchId: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT coalesce(data->>'name', data->>'username', data->>'identifier', id) AS name FROM rm_resources
     WHERE (type IN ('user', 'division') AND data->'branches' @> ${containsId(branchId)}::jsonb)
        OR (type IN ('table', 'device', 'department') AND data->'branch'->>'id' = ${branchId})`.execute(trx)
  return rows.map((r) => r.name)
}

/** The names of the branches with the tag. */
export async function branchesWithTag(trx: Transaction<Database>, tagId: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT coalesce(data->>'name', id) AS name FROM rm_resources
     WHERE type = 'branch' AND data->'tags' @> ${containsId(tagId)}::jsonb`.execute(trx)
  return rows.map((r) => r.name)
}
