import { migrationProvider } from '@shop/migrations'
import { type Kysely, type MigrationResultSet, Migrator } from 'kysely'
import { connectPostgres } from './connect.ts'

export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const result = await migrator.migrateToLatest()
  if (result.error) throw result.error
  return result
}

/** Migrates up or down to the named migration (tests of a migration on old data; operations). */
export async function migrateTo(db: Kysely<unknown>, name: string): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const result = await migrator.migrateTo(name)
  if (result.error) throw result.error
  return result
}

/**
 * Migrates a PostgreSQL database on a connection of its own, without the pool's query timeout
 * (a migration may run long statements), closed afterwards.
 */
export async function migratePostgres(
  url: string,
  applicationName: string,
  opts: { connectTimeoutMs?: number } = {},
): Promise<MigrationResultSet> {
  const migrator = connectPostgres({ url, max: 1, applicationName, queryTimeoutMs: 0, ...opts })
  try {
    return await migrateToLatest(migrator.db as never)
  } finally {
    await migrator.close()
  }
}
