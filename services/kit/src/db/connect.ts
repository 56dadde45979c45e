import { mkdirSync } from 'node:fs'
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely'
import pg from 'pg'
import { PGliteDialect } from './pglite-dialect.ts'
import type { Database } from './schema.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

export type Db = Kysely<Database>

export type DbHandle = {
  db: Db
  kind: 'postgres' | 'pglite'
  close(): Promise<void>
}

export type PostgresOptions = {
  url: string
  max?: number
  applicationName?: string
  /** Told of each connection that broke (the pool replaces it); default: nobody. */
  onConnectionLost?: (err: Error) => void
  /**
   * How long a request waits for a connection (a new one to open, or a busy pool to free one)
   * before it fails with a 503; default 3 s (`PG_CONNECT_TIMEOUT_MS` in the configuration). Without it a database
   * that does not answer held every request for as long as the outage lasted.
   */
  connectTimeoutMs?: number
  /**
   * How long a statement may go unanswered before it fails (503) and its connection is dropped;
   * default 30 s (`PG_QUERY_TIMEOUT_MS` in the configuration); 0 for none (migrations, rebuilds). A database that
   * stops answering on an open connection (a network partition) otherwise held the request for
   * as long as the outage lasted.
   */
  queryTimeoutMs?: number
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 3000
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000

/**
 * Makes a pool safe against connections that break: a failover, a PgBouncer restart, a network
 * blip or `pg_terminate_backend`. node-postgres emits a broken connection's error on its client;
 * the pool listens only while the client is idle, and a client checked out at that moment (a
 * transaction between two statements, a query on its way) would raise an unhandled 'error' event
 * and end the process. Every client gets a listener of its own when it connects; the statement in
 * flight fails with the error, and the pool drops the client when it is released.
 */
export function guardPool(pool: pg.Pool, onConnectionLost?: (err: Error) => void): pg.Pool {
  // The pool's own report of an idle client's error (the client's listener below has it too).
  pool.on('error', () => {})
  pool.on('connect', (client) => {
    client.on('error', (err: Error) => onConnectionLost?.(err))
  })
  return pool
}

/**
 * The pool as Kysely takes it, but each client goes back with the error that broke its connection.
 * A connection the server ends during a statement (`pg_terminate_backend`, a shutdown) fails that
 * statement at once, before its socket has closed; Kysely releases the client without the error,
 * and the pool would hand the dying connection to the next request, which would fail as well.
 * Released with the error, it is dropped.
 */
function givingBackBroken(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect()
      let lost: Error | undefined
      const query = (...args: unknown[]) => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args)
        if (result instanceof Promise)
          result.catch((err: unknown) => {
            if (isDatabaseUnavailable(err)) lost = err as Error
          })
        return result
      }
      return { query: query as PostgresPoolClient['query'], release: () => client.release(lost) }
    },
    end: () => pool.end(),
  }
}

export function connectPostgres(opts: PostgresOptions): DbHandle {
  const queryTimeout = opts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'shop',
    connectionTimeoutMillis: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // Idle connections to a server that went away are noticed by the operating system.
    keepAlive: true,
    ...(queryTimeout > 0 ? { query_timeout: queryTimeout } : {}),
    // A forgotten open transaction holds back every event reader (see docs/architecture.md).
    idle_in_transaction_session_timeout: 30_000,
  })
  guardPool(pool, opts.onConnectionLost)
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: givingBackBroken(pool) }) })
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
