import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { instantOf } from '../scheduling/zoned-time.ts'
import { absenceDays, holidayBalance, weekdaysBetween } from './holidays.ts'
import { activityTotals, type TimesMs, totalsByDay, workingDayOf } from './totals.ts'

const HOUR = 3_600_000
const ZONE = 'Europe/Zurich'
const local = (date: string, time: string) => instantOf(date, time, ZONE)

describe('totals across DST (Europe/Zurich)', () => {
  it('a shift 22:00–06:00 into 2027-03-28 (clocks go forward) is 7 hours, Saturday’s', () => {
    const times = { start: local('2027-03-27', '22:00'), end: local('2027-03-28', '06:00'), pauses: [] }
    expect(activityTotals(times, 0)).toEqual({ workedMs: 7 * HOUR, breakMs: 0 })
    expect([...totalsByDay([{ times, timeZone: ZONE }], 0)]).toEqual([
      ['2027-03-27', { workedMs: 7 * HOUR, breakMs: 0, activities: 1 }],
    ])
  })
  it('a shift 22:00–06:00 into 2027-10-31 (clocks go back) is 9 hours', () => {
    const times = { start: local('2027-10-30', '22:00'), end: local('2027-10-31', '06:00'), pauses: [] }
    expect(activityTotals(times, 0).workedMs).toBe(9 * HOUR)
  })
  it('a pause across the change counts its real length (01:30–03:30 on 2027-03-28 is one hour)', () => {
    const times = {
      start: local('2027-03-27', '22:00'),
      end: local('2027-03-28', '06:00'),
      pauses: [{ start: local('2027-03-28', '01:30'), end: local('2027-03-28', '03:30') }],
    }
    expect(activityTotals(times, 0)).toEqual({ workedMs: 6 * HOUR, breakMs: HOUR })
  })
  it('a split shift is two activities of the same day', () => {
    const day = totalsByDay(
      [
        {
          times: { start: local('2027-03-01', '06:00'), end: local('2027-03-01', '10:00'), pauses: [] },
          timeZone: ZONE,
        },
        {
          times: { start: local('2027-03-01', '16:00'), end: local('2027-03-01', '19:00'), pauses: [] },
          timeZone: ZONE,
        },
      ],
      0,
    )
    expect(day.get('2027-03-01')).toEqual({ workedMs: 7 * HOUR, breakMs: 0, activities: 2 })
  })
  it('a running activity counts to now', () => {
    expect(activityTotals({ start: 0, end: null, pauses: [{ start: HOUR, end: null }] }, 3 * HOUR)).toEqual({
      workedMs: HOUR,
      breakMs: 2 * HOUR,
    })
  })
})

// Random activities over the two DST nights of 2027 and the days around them.
const FROM = Date.parse('2027-03-26T00:00:00Z')
const TO = Date.parse('2027-11-02T00:00:00Z')
const DST_NIGHTS = [local('2027-03-28', '02:00'), local('2027-10-31', '03:00')]
const instant = fc.oneof(
  fc.integer({ min: FROM, max: TO }),
  // Close to a change, so many intervals cross one.
  fc.constantFrom(...DST_NIGHTS).chain((t) => fc.integer({ min: t - 12 * HOUR, max: t + 12 * HOUR })),
)
const activity: fc.Arbitrary<TimesMs> = fc
  .tuple(
    instant,
    fc.integer({ min: 1, max: 16 * HOUR }),
    fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 4 * HOUR })), {
      maxLength: 4,
    }),
  )
  .map(([start, length, pauses]) => ({
    start,
    end: start + length,
    pauses: pauses.map(([at, len]) => {
      const s = start + Math.floor(at * length)
      return { start: s, end: s + len }
    }),
  }))

describe('totals, property-based', () => {
  it('worked + break = the span; neither is negative; the zone plays no part', () => {
    fc.assert(
      fc.property(activity, (times) => {
        const t = activityTotals(times, 0)
        expect(t.workedMs).toBeGreaterThanOrEqual(0)
        expect(t.breakMs).toBeGreaterThanOrEqual(0)
        expect(t.workedMs + t.breakMs).toBe(times.end! - times.start)
      }),
      { numRuns: 2000 },
    )
  })
  it('a break is never more than the sum of its pauses, and overlapping pauses count once', () => {
    fc.assert(
      fc.property(activity, (times) => {
        const doubled = { ...times, pauses: [...times.pauses, ...times.pauses] }
        expect(activityTotals(doubled, 0)).toEqual(activityTotals(times, 0))
        const sum = times.pauses.reduce((s, p) => s + (p.end! - p.start), 0)
        expect(activityTotals(times, 0).breakMs).toBeLessThanOrEqual(sum)
      }),
      { numRuns: 1000 },
    )
  })
  it('the days add up to the activities, each on the local day it started', () => {
    fc.assert(
      fc.property(fc.array(activity, { maxLength: 12 }), (list) => {
        const days = totalsByDay(
          list.map((times) => ({ times, timeZone: ZONE })),
          0,
        )
        const total = list.reduce((s, t) => s + activityTotals(t, 0).workedMs, 0)
        expect([...days.values()].reduce((s, d) => s + d.workedMs, 0)).toBe(total)
        expect([...days.values()].reduce((s, d) => s + d.activities, 0)).toBe(list.length)
        for (const t of list) expect(days.has(workingDayOf(t.start, ZONE))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
  it('a night shift from 22:00 to 06:00 local lasts 8 hours except on the two DST nights', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), (n) => {
        const date = new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10)
        const next = new Date(Date.UTC(2027, 0, 2 + n)).toISOString().slice(0, 10)
        const worked = activityTotals(
          { start: local(date, '22:00'), end: local(next, '06:00'), pauses: [] },
          0,
        ).workedMs
        const expected = next === '2027-03-28' ? 7 : next === '2027-10-31' ? 9 : 8
        expect(worked).toBe(expected * HOUR)
      }),
      { numRuns: 365 },
    )
  })
})

describe('holiday days', () => {
  it('counts Monday to Friday, taken before today and planned from today', () => {
    expect(weekdaysBetween('2027-07-05', '2027-07-16')).toBe(10)
    expect(absenceDays({ from: '2027-07-05', to: '2027-07-16', days: null }, 2027, '2027-07-12')).toEqual({
      taken: 5,
      planned: 5,
    })
  })
  it('counts only the days in the year, and an explicit count over the calendar days', () => {
    expect(absenceDays({ from: '2026-12-28', to: '2027-01-08', days: null }, 2027, '2027-06-01')).toEqual({
      taken: 6,
      planned: 0,
    })
    expect(absenceDays({ from: '2027-03-05', to: '2027-03-05', days: 0.5 }, 2027, '2027-01-01')).toEqual({
      taken: 0,
      planned: 0.5,
    })
  })
  it('gives the balance, or null without an entitlement', () => {
    const absences = [
      { from: '2027-02-01', to: '2027-02-05', days: null },
      { from: '2027-08-02', to: '2027-08-06', days: null },
    ]
    expect(holidayBalance(25, absences, 2027, '2027-06-01')).toEqual({
      entitlementDays: 25,
      takenDays: 5,
      plannedDays: 5,
      balanceDays: 15,
    })
    expect(holidayBalance(null, absences, 2027, '2027-06-01').balanceDays).toBeNull()
  })
})
