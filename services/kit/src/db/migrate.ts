import { migrationProvider } from '@shop/migrations'
import { type Kysely, type MigrationResultSet, Migrator } from 'kysely'

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
