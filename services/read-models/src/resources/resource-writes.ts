import type { Database } from '@shop/kit'
import type { Transaction } from 'kysely'
import { type ResourceRow, toResourceRow } from './resources.ts'

// The row of a resource, written by the API's resource store inside the transaction that
// appends the resource's event (services/api/src/resources/resource-store.ts): the event and
// its row commit together, so a read right after a write sees it.

/**
 * The new resource's row (version 1, or its stream's version when a deleted resource is
 * restored). A taken unique value fails with SQLSTATE 23505.
 */
export async function insertResourceRow<T>(
  trx: Transaction<Database>,
  row: { type: string; id: string; data: T; now: Date; version?: number },
): Promise<ResourceRow<T>> {
  const inserted = await trx
    .insertInto('rm_resources')
    .values({
      type: row.type,
      id: row.id,
      version: row.version ?? 1,
      data: JSON.stringify(row.data),
      created_at: row.now,
      updated_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toResourceRow<T>(inserted)
}

/** The resource's row, locked until the transaction ends (a concurrent write waits). */
export async function lockResourceRow<T>(
  trx: Transaction<Database>,
  type: string,
  id: string,
): Promise<ResourceRow<T> | undefined> {
  const row = await trx
    .selectFrom('rm_resources')
    .selectAll()
    .where('type', '=', type)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  return row ? toResourceRow<T>(row) : undefined
}

/** The resource's version, its row locked until the transaction ends; undefined when there is none. */
export async function lockResourceVersion(
  trx: Transaction<Database>,
  type: string,
  id: string,
): Promise<number | undefined> {
  const row = await trx
    .selectFrom('rm_resources')
    .select(['version'])
    .where('type', '=', type)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  return row?.version
}

/** The resource's new state and version. */
export async function updateResourceRow<T>(
  trx: Transaction<Database>,
  row: { type: string; id: string; version: number; data: T; now: Date },
): Promise<ResourceRow<T>> {
  const updated = await trx
    .updateTable('rm_resources')
    .set({ version: row.version, data: JSON.stringify(row.data), updated_at: row.now })
    .where('type', '=', row.type)
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return toResourceRow<T>(updated)
}

export async function deleteResourceRow(trx: Transaction<Database>, type: string, id: string): Promise<void> {
  await trx.deleteFrom('rm_resources').where('type', '=', type).where('id', '=', id).execute()
}

/** Which field a unique index of the table guards (for the "already used" message). */
const UNIQUE_FIELDS: Record<string, string> = {
  rm_resources_user_username_idx: 'username',
  rm_resources_branch_identifier_idx: 'identifier',
  rm_resources_product_uid_idx: 'uid',
}

/** The field whose value a unique violation (SQLSTATE 23505) of this constraint says is taken. */
export function uniqueResourceField(constraint: string): string | undefined {
  return UNIQUE_FIELDS[constraint]
}
