import type { Database, Db } from '@shop/kit'
import { sql, type Transaction } from 'kysely'

// Blocks and navigations are found by their identifier (spec §3: the storefront shows the blocks
// 'about' and 'contact' in its menu and the navigation 'main' in its header): an identifier names
// one of them only. Checked in the write's transaction (services/api resources/content-rules.ts).

/** Two writes of the same type that take one identifier wait for each other. */
export async function lockIdentifierWrites(trx: Transaction<Database>, type: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`rm_resources:identifier:${type}`}))`.execute(trx)
}

/** Another resource of this type with the identifier (case-insensitive), if any. */
export async function resourceWithIdentifier(
  db: Db,
  type: string,
  identifier: string,
  exceptId: string,
): Promise<{ id: string } | undefined> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM rm_resources
     WHERE type = ${type} AND id <> ${exceptId} AND lower(data->>'identifier') = lower(${identifier})
     LIMIT 1`.execute(db)
  return rows[0]
}

/** The stored identifier of a resource, if it exists and has one. */
export async function identifierOf(db: Db, type: string, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ identifier: string | null }>`
    SELECT data->>'identifier' AS identifier FROM rm_resources WHERE type = ${type} AND id = ${id}`.execute(
    db,
  )
  return rows[0]?.identifier ?? undefined
}
