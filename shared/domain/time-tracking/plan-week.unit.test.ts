import { describe, expect, it } from 'vitest'
import {
  addWeeks,
  copyWeekShifts,
  daysOfWeek,
  localShift,
  mondayOfIsoWeek,
  mondayOfWeekKey,
  moveShiftToDay,
  shiftFromLocal,
  weekKeyOf,
} from './plan-week.ts'

const ZONE = 'Europe/Zurich'
const HOUR = 3_600_000
const span = (s: { start: string; end: string }) => Date.parse(s.end) - Date.parse(s.start)

describe('ISO weeks', () => {
  it('names and finds weeks, also around New Year', () => {
    expect(weekKeyOf('2027-03-22')).toBe('2027-W12')
    expect(weekKeyOf('2027-03-28')).toBe('2027-W12')
    expect(mondayOfWeekKey('2027-W12')).toBe('2027-03-22')
    expect(weekKeyOf('2027-01-01')).toBe('2026-W53')
    expect(mondayOfWeekKey('2026-W53')).toBe('2026-12-28')
    expect(mondayOfIsoWeek(2027, 1)).toBe('2027-01-04')
    expect(weekKeyOf('2024-12-30')).toBe('2025-W01')
  })
  it('refuses what is not a week', () => {
    expect(mondayOfWeekKey('2027-W54')).toBeNull()
    expect(mondayOfWeekKey('2027-W53')).toBeNull()
    expect(mondayOfWeekKey('2027-12')).toBeNull()
    expect(mondayOfWeekKey(12)).toBeNull()
  })
  it('steps weeks over a year boundary', () => {
    expect(addWeeks('2026-W53', 1)).toBe('2027-W01')
    expect(addWeeks('2027-W01', -1)).toBe('2026-W53')
    expect(daysOfWeek('2027-03-22')).toEqual([
      '2027-03-22',
      '2027-03-23',
      '2027-03-24',
      '2027-03-25',
      '2027-03-26',
      '2027-03-27',
      '2027-03-28',
    ])
  })
})

describe('shifts from local times (DST-safe)', () => {
  it('an end at or before the start is the next day; 22:00–06:00 into 2027-03-28 is 7 hours', () => {
    const night = shiftFromLocal('2027-03-27', '22:00', '06:00', ZONE)
    expect(night).toEqual({ start: '2027-03-27T21:00:00.000Z', end: '2027-03-28T04:00:00.000Z' })
    expect(span(night)).toBe(7 * HOUR)
    expect(span(shiftFromLocal('2027-10-30', '22:00', '06:00', ZONE))).toBe(9 * HOUR)
    expect(span(shiftFromLocal('2027-03-01', '06:00', '14:00', ZONE))).toBe(8 * HOUR)
  })
  it('moving keeps the wall-clock times, across the change of time', () => {
    const winter = shiftFromLocal('2027-03-26', '06:00', '14:00', ZONE)
    const moved = moveShiftToDay(winter, '2027-03-29', ZONE)
    expect(localShift(moved, ZONE)).toEqual({
      date: '2027-03-29',
      startTime: '06:00',
      endTime: '14:00',
      endDate: '2027-03-29',
    })
    expect(moved.start).toBe('2027-03-29T04:00:00.000Z')
    const night = moveShiftToDay(shiftFromLocal('2027-03-20', '22:00', '06:00', ZONE), '2027-03-27', ZONE)
    expect(localShift(night, ZONE)).toMatchObject({
      startTime: '22:00',
      endTime: '06:00',
      endDate: '2027-03-28',
    })
  })
})

describe('copying a week', () => {
  const base = { userId: 'u1', branchId: 'b1', breakMinutes: 30, note: null }
  it('moves each shift of the week by whole weeks on its weekday, skipping what exists', () => {
    const mon = { ...base, ...shiftFromLocal('2027-03-15', '06:00', '14:00', ZONE) }
    const sat = { ...base, ...shiftFromLocal('2027-03-20', '22:00', '06:00', ZONE) }
    const outside = { ...base, ...shiftFromLocal('2027-03-22', '06:00', '14:00', ZONE) }
    const already = { ...base, ...shiftFromLocal('2027-03-22', '06:00', '14:00', ZONE) }
    const copies = copyWeekShifts([sat, mon, outside], [already], '2027-03-15', '2027-03-22', ZONE)
    expect(copies).toHaveLength(1)
    expect(localShift(copies[0]!, ZONE)).toEqual({
      date: '2027-03-27',
      startTime: '22:00',
      endTime: '06:00',
      endDate: '2027-03-28',
    })
    // The night into summer time is an hour shorter, as the clock says.
    expect(span(copies[0]!)).toBe(7 * HOUR)
    expect(copies[0]).toMatchObject({ userId: 'u1', branchId: 'b1', breakMinutes: 30 })
  })
  it('copies both parts of a split shift and nothing twice', () => {
    const morning = { ...base, ...shiftFromLocal('2027-03-16', '06:00', '10:00', ZONE) }
    const evening = { ...base, ...shiftFromLocal('2027-03-16', '16:00', '19:00', ZONE) }
    const copies = copyWeekShifts([morning, evening, { ...morning }], [], '2027-03-15', '2027-03-22', ZONE)
    expect(copies.map((c) => localShift(c, ZONE).startTime)).toEqual(['06:00', '16:00'])
    expect(copyWeekShifts([morning, evening], copies, '2027-03-15', '2027-03-22', ZONE)).toEqual([])
  })
})
