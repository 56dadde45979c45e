import type { PGlite } from '@electric-sql/pglite'
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { yieldToEventLoop } from '../signal.ts'

// PGlite is a single connection: a transaction must own it until it ends, so connections are
// handed out one at a time through a promise queue.
class PGliteConnection implements DatabaseConnection {
  readonly #pg: PGlite
  constructor(pg: PGlite) {
    this.#pg = pg
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.#pg.query<R>(query.sql, query.parameters as unknown[])
    // PGlite runs each statement on the event loop and answers in a microtask: a reader catching
    // up (hundreds of statements in a row) never let a request in between, and /healthz stalled
    // for half a second while ten uploads woke every projection. One turn of the loop per
    // statement lets waiting requests and timers run between them.
    await yieldToEventLoop()
    const out: QueryResult<R> = { rows: res.rows }
    if (res.affectedRows !== undefined && /^\s*(insert|update|delete|merge)/i.test(query.sql)) {
      return { ...out, numAffectedRows: BigInt(res.affectedRows) }
    }
    return out
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream')
  }
}

class PGliteDriver implements Driver {
  readonly #pg: PGlite
  readonly #conn: PGliteConnection
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined

  constructor(pg: PGlite) {
    this.#pg = pg
    this.#conn = new PGliteConnection(pg)
  }

  async init(): Promise<void> {
    await this.#pg.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => {
      release = resolve
    })
    await previous
    this.#release = release
    return this.#conn
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    await conn.executeQuery({ sql: `begin${level}`, parameters: [] } as unknown as CompiledQuery)
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery({ sql: 'commit', parameters: [] } as unknown as CompiledQuery)
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery({ sql: 'rollback', parameters: [] } as unknown as CompiledQuery)
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
  }

  async destroy(): Promise<void> {
    await this.#pg.close()
  }
}

export class PGliteDialect implements Dialect {
  readonly #pg: PGlite
  constructor(pg: PGlite) {
    this.#pg = pg
  }
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver() {
    return new PGliteDriver(this.#pg)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db)
  }
}
