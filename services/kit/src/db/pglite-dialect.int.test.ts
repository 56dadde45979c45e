import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { connectPglite, type DbHandle } from './connect.ts'

// Issue 14 item 1: the embedded shop's event loop. PGlite runs each statement on it and answers
// in a microtask, so a reader catching up (hundreds of statements in a row) kept every request
// and timer waiting until it was done: /healthz stalled for half a second while ten uploads woke
// the projections. The dialect gives the loop a turn after each statement.

let handle: DbHandle
beforeAll(async () => {
  handle = await connectPglite(undefined)
})
afterAll(async () => {
  await handle?.close()
})

it('lets the event loop turn between the statements of a long chain of queries', async () => {
  // Counts the turns of the loop (a callback that re-arms itself each turn): a request or a timer
  // waiting on the loop gets in at each of them.
  let turns = 0
  let counting = true
  const turn = () => {
    turns++
    if (counting) setImmediate(turn)
  }
  setImmediate(turn)
  await new Promise((r) => setImmediate(r))
  const before = turns
  for (let i = 0; i < 200; i++) await sql`SELECT ${i}::int AS n`.execute(handle.db)
  counting = false
  // One turn per statement (the chain used to run in microtasks alone: no turn at all).
  expect(turns - before).toBeGreaterThanOrEqual(200)
})

it('still runs a transaction as one: its statements see each other, another waits for it', async () => {
  await sql`CREATE TABLE t (n int)`.execute(handle.db)
  const order: string[] = []
  await Promise.all([
    handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 20; i++) await sql`INSERT INTO t VALUES (${i})`.execute(trx)
      const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM t`.execute(trx)
      order.push(`trx saw ${rows[0]!.n}`)
    }),
    (async () => {
      const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM t`.execute(handle.db)
      order.push(`other saw ${rows[0]!.n}`)
    })(),
  ])
  expect(order).toEqual(['trx saw 20', 'other saw 20'])
})
