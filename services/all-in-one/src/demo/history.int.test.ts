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
  timeTrackingProjection,
  uniqueVisitorsStatistics,
  visitorsProjection,
  workingActivitiesStatistics,
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
  await rebuildProjection(db.db, timeTrackingProjection)
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

describe('the demo working time (time-history.ts)', () => {
  it('gives four weeks of hours against the plan, nights and split shifts, and a labour cost share', async () => {
    const working = await workingActivitiesStatistics(
      db.db,
      { from: '2026-10-27', to: TO, branchIds: undefined },
      NOW.getTime(),
    )
    expect(working.byUser.map((u) => u.name).sort()).toEqual([
      'Demo Mitarbeiterin',
      'Luca Brunner',
      'Sara Keller',
    ])
    for (const u of working.byUser) {
      expect(u.workedSeconds).toBeGreaterThan(0)
      // Worked near the plan: within a tenth.
      expect(Math.abs(u.overtimeSeconds)).toBeLessThan(u.plannedSeconds / 10)
    }
    // The saleswoman has no hourly rate: her hours are said, her cost unknown.
    expect(working.byUser.find((u) => u.name === 'Sara Keller')?.laborCost).toBeNull()
    expect(working.total.unratedSeconds).toBe(
      working.byUser.find((u) => u.name === 'Sara Keller')?.workedSeconds,
    )
    expect(working.total.breakSeconds).toBeGreaterThan(0)
    // Every day of the orders' history with work has its share (revenue there).
    const shares = working.laborCost.filter((d) => d.laborCost > 0).map((d) => d.share)
    expect(shares.length).toBeGreaterThan(15)
    for (const share of shares) expect(share).toBeGreaterThan(0)
    // The activities were made by the real commands: one stream per person.
    const streams = await db.db
      .selectFrom('es_streams')
      .select('stream_id')
      .where('stream_type', '=', 'working-time')
      .execute()
    expect(streams).toHaveLength(3)
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
