import type { Migration, MigrationProvider } from 'kysely'
import * as m0001 from './20261122T0001-event-store.ts'
import * as m0002 from './20261122T0002-order-read-models.ts'
import * as m0003 from './20261122T0003-resources-and-auth.ts'
import * as m0004 from './20261122T0004-files.ts'
import * as m0005 from './20261122T0005-ticket-numbers.ts'
import * as m0006 from './20261122T0006-notifications.ts'
import * as m0007 from './20261123T0007-orders-projection.ts'
import * as m0008 from './20261123T0008-append-guards.ts'
import * as m0009 from './20261123T0009-notification-versions.ts'
import * as m0010 from './20261123T0010-lean-indexes.ts'
import * as m0011 from './20261123T0011-statistics.ts'
import * as m0012 from './20261126T0012-file-storage.ts'
import * as m0013 from './20261126T0013-rate-limits.ts'
import * as m0014 from './20261126T0014-analytics-log.ts'
import * as m0015 from './20261127T0015-live-sequence.ts'
import * as m0016 from './20261127T0016-branch-operations.ts'
import * as m0017 from './20261127T0017-time-tracking.ts'
import * as m0018 from './20261128T0018-devices.ts'

// A static list: works the same from source, in PGlite and in a bundled build.
export const migrations: Record<string, Migration> = {
  '20261122T0001-event-store': m0001,
  '20261122T0002-order-read-models': m0002,
  '20261122T0003-resources-and-auth': m0003,
  '20261122T0004-files': m0004,
  '20261122T0005-ticket-numbers': m0005,
  '20261122T0006-notifications': m0006,
  '20261123T0007-orders-projection': m0007,
  '20261123T0008-append-guards': m0008,
  '20261123T0009-notification-versions': m0009,
  '20261123T0010-lean-indexes': m0010,
  '20261123T0011-statistics': m0011,
  '20261126T0012-file-storage': m0012,
  '20261126T0013-rate-limits': m0013,
  '20261126T0014-analytics-log': m0014,
  '20261127T0015-live-sequence': m0015,
  '20261127T0016-branch-operations': m0016,
  '20261127T0017-time-tracking': m0017,
  '20261128T0018-devices': m0018,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
