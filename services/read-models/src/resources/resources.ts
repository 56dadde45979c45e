import type { Db } from '@shop/kit'
import { sql } from 'kysely'

// The resources read model (`rm_resources`: type, id, version, data): one row per catalogue,
// content or configuration resource, written by the API's resource store in the transaction
// of the resource's event (resource-writes.ts), so a read right after a write sees it.

export type ResourceRow<T = Record<string, unknown>> = {
  id: string
  version: number
  data: T
  createdAt: string
  updatedAt: string
}

/** A resource's type, id and state: what the checkout, the receipts and the demo read. */
export type ResourceDataRow = { type: string; id: string; data: Record<string, unknown> }

/** A resource named by type and id. */
export type ResourceKey = { type: string; id: string }

export function toResourceRow<T>(r: {
  id: string
  version: number
  data: unknown
  created_at: Date
  updated_at: Date
}): ResourceRow<T> {
  return {
    id: r.id,
    version: r.version,
    data: r.data as T,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }
}

export async function findResource<T = Record<string, unknown>>(
  db: Db,
  type: string,
  id: string,
): Promise<ResourceRow<T> | undefined> {
  const r = await db
    .selectFrom('rm_resources')
    .selectAll()
    .where('type', '=', type)
    .where('id', '=', id)
    .executeTakeFirst()
  return r ? toResourceRow<T>(r) : undefined
}

/** Every resource of a type, oldest first. */
export async function listResources<T = Record<string, unknown>>(
  db: Db,
  type: string,
): Promise<ResourceRow<T>[]> {
  const rows = await db
    .selectFrom('rm_resources')
    .selectAll()
    .where('type', '=', type)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => toResourceRow<T>(r))
}

/** Every resource of these types in one read, oldest first (GET /api/init, the demo's history). */
export async function listResourcesOfTypes(
  db: Db,
  types: readonly string[],
): Promise<{ type: string; id: string; version: number; data: Record<string, unknown> }[]> {
  const rows = await db
    .selectFrom('rm_resources')
    .select(['type', 'id', 'version', 'data'])
    .where('type', 'in', types)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows as { type: string; id: string; version: number; data: Record<string, unknown> }[]
}

/** The resources of one type with these ids (in no particular order; unknown ids are left out). */
export async function resourcesById(
  db: Db,
  type: string,
  ids: readonly string[],
): Promise<{ id: string; data: Record<string, unknown> }[]> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('rm_resources')
    .select(['id', 'data'])
    .where('type', '=', type)
    .where('id', 'in', ids)
    .execute()
  return rows as { id: string; data: Record<string, unknown> }[]
}

/** Resources of several types by key, in one read (e.g. the shop's config, a branch and a donatee). */
export async function findResources(db: Db, keys: readonly ResourceKey[]): Promise<ResourceDataRow[]> {
  if (keys.length === 0) return []
  const rows = await db
    .selectFrom('rm_resources')
    .select(['type', 'id', 'data'])
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('type', '=', k.type), eb('id', '=', k.id)]))))
    .execute()
  return rows as ResourceDataRow[]
}

/** The menus that offer a branch (`data.branches` names it), oldest first. */
export async function menusOfBranch(db: Db, branchId: string): Promise<ResourceRow[]> {
  const rows = await db
    .selectFrom('rm_resources')
    .selectAll()
    .where('type', '=', 'menu')
    .where(sql<boolean>`data->'branches' @> ${JSON.stringify([{ id: branchId }])}::jsonb`)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => toResourceRow(r))
}
