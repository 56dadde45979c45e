import { createTestDatabase, type TestDatabase } from '@shop/kit/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertJobs, msUntilNextDue } from './jobs.ts'

// The sender sleeps until the next pending job is due. With none pending it must sleep its poll
// interval: `greatest(0, NULL)` is 0 in PostgreSQL (GREATEST skips NULLs), so "none pending" read
// as "one due now" and every notifier woke 100 times a second for nothing (a quarter of a core
// on the embedded shop at rest).

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase({ max: 2 })
})
afterAll(async () => {
  await db?.drop()
})

const spec = (sourceId: string) => ({
  orderId: 'o1',
  branchId: 'b1',
  sourceId,
  sourceType: 'OrderCreated',
  kind: 'new-order' as const,
  channel: 'email' as const,
  audience: 'customer' as const,
  recipient: 'anna@example.com',
  locale: 'de-CH',
  orderVersion: 1,
  subject: 'Bestellung',
})

describe('msUntilNextDue', () => {
  it('is undefined while no job is pending', async () => {
    expect(await msUntilNextDue(db.db)).toBeUndefined()
    await insertJobs(db.db, [{ ...spec('e0'), failedWith: 'kaputt' }])
    expect(await msUntilNextDue(db.db)).toBeUndefined()
  })

  it('is the time until the earliest pending job, 0 once it is due', async () => {
    await insertJobs(db.db, [spec('e1')], { count: 1, leaseMs: 60_000 })
    const ms = await msUntilNextDue(db.db)
    expect(ms).toBeGreaterThan(50_000)
    expect(ms).toBeLessThanOrEqual(60_000)
    await sql`UPDATE notification_jobs SET next_attempt_at = now() - interval '1 second'`.execute(db.db)
    expect(await msUntilNextDue(db.db)).toBe(0)
  })
})
