import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './20261122T0001-event-store.ts'
import * as m0002 from './20261122T0002-order-read-models.ts'
import * as m0003 from './20261122T0003-resources-and-auth.ts'
import * as m0004 from './20261122T0004-files.ts'
import * as m0005 from './20261122T0005-ticket-numbers.ts'
import * as m0006 from './20261122T0006-notifications.ts'

// A static list: works the same from source, in PGlite and in a bundled build.
export const migrations: Record<string, Migration> = {
  '20261122T0001-event-store': m0001,
  '20261122T0002-order-read-models': m0002,
  '20261122T0003-resources-and-auth': m0003,
  '20261122T0004-files': m0004,
  '20261122T0005-ticket-numbers': m0005,
  '20261122T0006-notifications': m0006,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
