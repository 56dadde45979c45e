import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/index.ts'
import { connectPostgres, type DbHandle } from './connect.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

// A connection the server ends while the process holds it (a failover, a PgBouncer restart,
// `pg_terminate_backend`) used to end the whole process: node-postgres raised an 'error' event
// nobody listened to (issue 15, item 1).

let t: TestDatabase
let handle: DbHandle | undefined
const uncaught: unknown[] = []
const onUncaught = (err: unknown) => uncaught.push(err)

beforeAll(async () => {
  t = await createTestDatabase({ max: 1 })
  process.on('uncaughtException', onUncaught)
})
afterEach(async () => {
  await handle?.close()
  handle = undefined
})
afterAll(async () => {
  process.off('uncaughtException', onUncaught)
  await t?.drop()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Ends every server process of `applicationName` in the test's database, as an operator would. */
async function terminate(applicationName: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = ${applicationName}`.execute(t.db)
  return rows[0]!.n
}

describe('connectPostgres: connections that break', () => {
  it('a connection ended while checked out fails its transaction, not the process, and is replaced', async () => {
    const lost: Error[] = []
    handle = connectPostgres({
      url: t.url,
      max: 2,
      applicationName: 'guard-held',
      onConnectionLost: (e) => lost.push(e),
    })
    const db = handle.db
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT 1`.execute(trx)
        // Between two statements: the client is checked out and waits for none.
        expect(await terminate('guard-held')).toBe(1)
        await sleep(300)
        await sql`SELECT 2`.execute(trx)
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      )
    expect(failed).toBeInstanceOf(Error)
    expect(isDatabaseUnavailable(failed)).toBe(true)
    expect(uncaught).toEqual([])
    expect(lost.length).toBeGreaterThanOrEqual(1)
    // The pool opens a new connection for the next statement.
    const { rows } = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db)
    expect(rows).toEqual([{ ok: 1 }])
  })

  it('a statement under way when its connection ends fails with an error that says so', async () => {
    handle = connectPostgres({ url: t.url, max: 2, applicationName: 'guard-busy' })
    const db = handle.db
    const slow = sql`SELECT pg_sleep(5)`.execute(db).then(
      () => undefined,
      (err: unknown) => err,
    )
    for (let i = 0; i < 50 && (await terminate('guard-busy')) === 0; i++) await sleep(20)
    const err = await slow
    expect(err).toBeInstanceOf(Error)
    expect(isDatabaseUnavailable(err)).toBe(true)
    expect(uncaught).toEqual([])
    expect((await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db)).rows).toEqual([{ ok: 1 }])
  })

  it('idle connections ended by the server are dropped and replaced quietly', async () => {
    handle = connectPostgres({ url: t.url, max: 3, applicationName: 'guard-idle' })
    const db = handle.db
    await Promise.all([1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(db)))
    expect(await terminate('guard-idle')).toBe(3)
    await sleep(300)
    expect(uncaught).toEqual([])
    expect((await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db)).rows).toEqual([{ ok: 1 }])
  })
})
