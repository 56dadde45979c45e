import { referenceFigures } from '@shop/api/testing'
import { MemoryBus } from '@shop/kit'
import { createTestDatabase, type TestDatabase } from '@shop/kit/testing'
import { rebuildProjection } from '@shop/projector'
import {
  canceledOrdersStatistics,
  ordersStatistics,
  orderTimesStatistics,
  revenueStatistics,
  statisticsProjection,
  uniqueVisitorsStatistics,
  visitorsProjection,
} from '@shop/read-models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from './seed-demo.ts'

// The generated history (`npm run seed -- --history 30d`, the embedded demo's 30 days) placed
// through the real command path on PostgreSQL, projected, and compared with a direct
// computation over its events.

let db: TestDatabase
let orders = 0
const NOW = new Date('2026-11-24T09:00:00Z')
const FROM = '2026-10-25'
const TO = '2026-11-23'

beforeAll(async () => {
  db = await createTestDatabase({ max: 10 })
  const result = await seedDemo({ db: db.db, bus: new MemoryBus(), now: () => NOW, historyDays: 30 })
  if (!result.seeded) throw new Error(result.reason)
  orders = result.orders
  await rebuildProjection(db.db, statisticsProjection)
  await rebuildProjection(db.db, visitorsProjection)
}, 300_000)

afterAll(async () => {
  await db?.drop()
})

const scope = { from: FROM, to: TO, limit: 10, branchIds: undefined }

describe('the generated 30-day history', () => {
  it('is believable: hundreds of orders, every day, some lost with reasons, visitors', async () => {
    expect(orders).toBeGreaterThan(600)
    const figures = await ordersStatistics(db.db, scope)
    expect(figures.days).toHaveLength(30)
    expect(figures.total.byOutcome.completed).toBeGreaterThan(figures.total.orders * 0.85)
    expect(figures.total.averageRating).toBeGreaterThan(3.5)
    const lost = await canceledOrdersStatistics(db.db, scope)
    expect(lost.total.rejected + lost.total.canceled).toBeGreaterThan(0)
    expect(lost.reasons.length).toBeGreaterThan(0)
    const visitors = await uniqueVisitorsStatistics(db.db, scope)
    expect(visitors.total).toBeGreaterThan(figures.total.orders)
  })

  it('equals a direct SQL computation over the events, for all branches and for one', async () => {
    for (const branchIds of [undefined, [await firstBranch()]]) {
      const ref = await referenceFigures(db.db, FROM, TO, branchIds)
      const q = { ...scope, branchIds }
      const figures = await ordersStatistics(db.db, q)
      expect(figures.total.orders).toBe(ref.orders)
      for (const [outcome, n] of Object.entries(figures.total.byOutcome))
        expect(n).toBe(ref.byOutcome[outcome] ?? 0)
      const revenue = await revenueStatistics(db.db, q)
      expect(revenue.total).toMatchObject(ref.revenue)
      expect(Object.fromEntries(revenue.days.map((d) => [d.date, d.gross]))).toEqual(ref.revenueByDay)
      const times = await orderTimesStatistics(db.db, q)
      expect(Object.fromEntries(times.cells.map((c) => [`${c.weekday}-${c.hour}`, c.orders]))).toEqual(
        ref.orderTimes,
      )
    }
  })
})

async function firstBranch(): Promise<string> {
  const row = await db.db
    .selectFrom('rm_resources')
    .select('id')
    .where('type', '=', 'branch')
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  return row.id
}
