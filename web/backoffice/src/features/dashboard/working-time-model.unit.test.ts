import type { WorkingActivitiesStatistics } from '@shop/shared/contracts/http/statistics.http.ts'
import { describe, expect, it } from 'vitest'
import { hoursOf, laborDays, rateCoverage } from './working-time-model.ts'

const day = (date: string, branchId: string, laborCost: number, revenueNet: number, unrated = 0) => ({
  date,
  branchId,
  workedSeconds: 3600 * 4,
  unratedSeconds: unrated,
  laborCost,
  revenueNet,
  revenueGross: revenueNet,
  share: null,
})

const working = (
  over: Partial<WorkingActivitiesStatistics['total']>,
  rows = [] as ReturnType<typeof day>[],
) =>
  ({
    total: {
      workedSeconds: 7200,
      breakSeconds: 0,
      plannedSeconds: 0,
      overtimeSeconds: 7200,
      activities: 1,
      unratedSeconds: 0,
      laborCost: 0,
      revenueNet: 0,
      share: null,
      ...over,
    },
    byUser: [],
    byBranch: [],
    days: [],
    laborCost: rows,
  }) as WorkingActivitiesStatistics

describe('working time on the dashboard', () => {
  it('adds the branches of a day up and divides by the day’s revenue', () => {
    const days = laborDays(
      working({}, [
        day('2027-03-02', 'b1', 5000, 20_000),
        day('2027-03-01', 'b2', 3000, 0),
        day('2027-03-02', 'b2', 1000, 4000),
      ]),
    )
    expect(days.map((d) => [d.date, d.laborCost, d.revenueNet, d.share])).toEqual([
      ['2027-03-01', 3000, 0, null],
      ['2027-03-02', 6000, 24_000, 0.25],
    ])
  })

  it('says whether hourly rates are missing', () => {
    expect(rateCoverage(working({ unratedSeconds: 0 }))).toBe('all')
    expect(rateCoverage(working({ unratedSeconds: 3600 }))).toBe('some')
    expect(rateCoverage(working({ unratedSeconds: 7200 }))).toBe('none')
    expect(hoursOf(5400)).toBe(1.5)
  })
})
