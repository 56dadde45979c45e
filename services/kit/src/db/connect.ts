import { mkdirSync } from 'node:fs'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { PGliteDialect } from './pglite-dialect.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

export type DbHandle = {
  db: Db
  kind: 'postgres' | 'pglite'
  close(): Promise<void>
}

export type PostgresOptions = { url: string; max?: number; applicationName?: string }

export function connectPostgres(opts: PostgresOptions): DbHandle {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'shop',
    // A forgotten open transaction holds back every event reader (see docs/architecture.md).
    idle_in_transaction_session_timeout: 30_000,
  })
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, kind: 'postgres', close: () => db.destroy() }
}

export async function connectPglite(dataDir: string | undefined): Promise<DbHandle> {
  const { PGlite, types } = await import('@electric-sql/pglite')
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const asString = (v: string) => v
  // Same shapes as node-postgres: int8 as string, int8[] as string[].
  const pglite = await PGlite.create(dataDir, {
    parsers: {
      [types.INT8]: asString,
      1016: (v: string) => types.arrayParser(v, asString, 1016),
    },
  })
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
  return { db, kind: 'pglite', close: () => db.destroy() }
}
