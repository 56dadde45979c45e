import { localDateOf } from '@shop/shared/domain/scheduling'
import { describe, expect, it } from 'vitest'
import { planTimeHistory, TIME_HISTORY_DAYS } from './time-history.ts'

const ZONE = 'Europe/Zurich'
const NOW = Date.parse('2026-11-24T09:00:00Z')
const TODAY = '2026-11-24'

describe('the demo time-tracking history', () => {
  const plan = planTimeHistory({ today: TODAY, now: NOW, timeZone: ZONE })
  const day = (ms: number) => localDateOf(ms, ZONE)

  it('plans four weeks before today: split shifts, nights over midnight, one holiday without shifts', () => {
    const days = plan.shifts.map((s) => day(s.start))
    expect(days[0]! >= '2026-10-27').toBe(true)
    expect(days.at(-1)! < TODAY).toBe(true)
    expect(TIME_HISTORY_DAYS).toBe(28)
    const nights = plan.shifts.filter((s) => s.person === 'baker')
    expect(nights.length).toBeGreaterThan(15)
    for (const n of nights) expect(day(n.end)).not.toBe(day(n.start))
    // A split shift: two shifts of the employee on one day.
    const perDay = new Map<string, number>()
    for (const s of plan.shifts.filter((x) => x.person === 'employee'))
      perDay.set(day(s.start), (perDay.get(day(s.start)) ?? 0) + 1)
    expect([...perDay.values()].filter((n) => n === 2).length).toBeGreaterThan(5)
    expect(plan.holiday).toMatchObject({ person: 'employee' })
    for (const s of plan.shifts.filter((x) => x.person === 'employee')) {
      expect(day(s.start) >= plan.holiday.from && day(s.start) <= plan.holiday.to).toBe(false)
    }
  })

  it('works every shift that ended before now, near its plan, with the planned break', () => {
    for (const s of plan.shifts) {
      if (s.end + 30 * 60_000 <= NOW) expect(s.worked).not.toBeNull()
      if (!s.worked) continue
      expect(s.worked.end).toBeLessThanOrEqual(NOW)
      expect(Math.abs(s.worked.start - s.start)).toBeLessThanOrEqual(10 * 60_000)
      expect(s.worked.pause === null).toBe(s.breakMinutes === 0)
    }
    // The same clock, the same history.
    expect(planTimeHistory({ today: TODAY, now: NOW, timeZone: ZONE })).toEqual(plan)
  })
})
