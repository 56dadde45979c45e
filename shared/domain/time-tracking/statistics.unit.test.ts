import { describe, expect, it } from 'vitest'
import { absenceDaysWithin, laborCostOf, laborCostShare, plannedRow, workingFigures } from './statistics.ts'

describe('working figures', () => {
  const users = new Map([
    ['anna', { name: 'Anna', hourlyRate: 3000 }],
    ['ben', { name: 'Ben', hourlyRate: null }],
  ])

  it('sums worked, planned and overtime per user, branch and day; labour cost only of rated users', () => {
    const f = workingFigures(
      [
        {
          userId: 'anna',
          branchId: 'b1',
          date: '2027-03-01',
          workedSeconds: 8 * 3600,
          breakSeconds: 1800,
          activities: 1,
        },
        {
          userId: 'ben',
          branchId: 'b1',
          date: '2027-03-01',
          workedSeconds: 2 * 3600,
          breakSeconds: 0,
          activities: 1,
        },
        {
          userId: 'anna',
          branchId: 'b2',
          date: '2027-03-02',
          workedSeconds: 3600,
          breakSeconds: 0,
          activities: 1,
        },
      ],
      [
        {
          userId: 'anna',
          branchId: 'b1',
          date: '2027-03-01',
          plannedSeconds: 7.5 * 3600,
          plannedBreakSeconds: 1800,
        },
        {
          userId: 'ben',
          branchId: 'b1',
          date: '2027-03-03',
          plannedSeconds: 4 * 3600,
          plannedBreakSeconds: 0,
        },
      ],
      users,
      [
        { date: '2027-03-01', branchId: 'b1', net: 100_000, gross: 108_100 },
        { date: '2027-03-05', branchId: 'b1', net: 50_000, gross: 54_050 },
      ],
    )
    expect(f.total).toMatchObject({
      workedSeconds: 11 * 3600,
      plannedSeconds: 11.5 * 3600,
      overtimeSeconds: -0.5 * 3600,
      activities: 3,
      unratedSeconds: 2 * 3600,
      laborCost: 27_000,
      revenueNet: 150_000,
      share: 0.18,
    })
    expect(f.byUser.map((u) => [u.name, u.workedSeconds, u.overtimeSeconds, u.laborCost])).toEqual([
      ['Anna', 9 * 3600, 1.5 * 3600, 27_000],
      ['Ben', 2 * 3600, -2 * 3600, null],
    ])
    expect(f.byBranch.map((b) => [b.branchId, b.workedSeconds, b.plannedSeconds])).toEqual([
      ['b1', 10 * 3600, 11.5 * 3600],
      ['b2', 3600, 0],
    ])
    expect(f.days.map((d) => d.date)).toEqual(['2027-03-01', '2027-03-02', '2027-03-03'])
    expect(f.laborCost).toEqual([
      {
        date: '2027-03-01',
        branchId: 'b1',
        workedSeconds: 10 * 3600,
        unratedSeconds: 2 * 3600,
        laborCost: 24_000,
        revenueNet: 100_000,
        revenueGross: 108_100,
        share: 0.24,
      },
      {
        date: '2027-03-02',
        branchId: 'b2',
        workedSeconds: 3600,
        unratedSeconds: 0,
        laborCost: 3000,
        revenueNet: 0,
        revenueGross: 0,
        share: null,
      },
    ])
  })

  it('rounds cost to the cent and the share to four places', () => {
    expect(laborCostOf(100, 2550)).toBe(71)
    expect(laborCostShare(1, 3)).toBe(0.3333)
    expect(laborCostShare(10, 0)).toBeNull()
  })

  it('counts a night shift to the day it starts, less its break, across the DST change', () => {
    const row = plannedRow(
      {
        userId: 'u',
        branchId: 'b',
        start: '2027-03-27T21:00:00.000Z',
        end: '2027-03-28T04:00:00.000Z',
        breakMinutes: 30,
      },
      'Europe/Zurich',
    )
    expect(row).toEqual({
      userId: 'u',
      branchId: 'b',
      date: '2027-03-27',
      plannedSeconds: 6.5 * 3600,
      plannedBreakSeconds: 1800,
    })
  })

  it('counts the weekdays of an absence inside a range, or its days spread evenly', () => {
    expect(
      absenceDaysWithin({ from: '2027-02-26', to: '2027-03-05', days: null }, '2027-03-01', '2027-03-31'),
    ).toBe(5)
    expect(
      absenceDaysWithin({ from: '2027-03-01', to: '2027-03-02', days: 1 }, '2027-03-02', '2027-03-31'),
    ).toBe(0.5)
    expect(
      absenceDaysWithin({ from: '2027-04-01', to: '2027-04-02', days: null }, '2027-03-01', '2027-03-31'),
    ).toBe(0)
  })
})
