import { describe, expect, it } from 'vitest'
import {
  type AvailabilityDay,
  addMonths,
  calendarMonth,
  initialMinutes,
  isInWindows,
  monthRange,
  moveDate,
  stepMinutes,
} from './picker-model.ts'

const TZ = 'Europe/Zurich'
const day = (
  date: string,
  windows: AvailabilityDay['windows'],
  isAvailable = windows.length > 0,
): AvailabilityDay => ({
  date,
  isoWeek: 48,
  isAvailable,
  reason: isAvailable ? null : 'closed-day',
  message: isAvailable ? null : 'An diesem Tag haben wir leider geschlossen.',
  windows,
})
// Tuesday 24 November 2026 (CET, +01:00): delivery 11:00–13:25 and 17:30–20:25.
const tuesday = day('2026-11-24', [
  { from: '11:00', to: '13:25', first: '2026-11-24T10:00:00.000Z', last: '2026-11-24T12:25:00.000Z' },
  { from: '17:30', to: '20:25', first: '2026-11-24T16:30:00.000Z', last: '2026-11-24T19:25:00.000Z' },
])
const days = [tuesday, day('2026-11-25', []), day('2026-12-01', tuesday.windows)]

describe('the date picker month', () => {
  it('lays out Mo–So with ISO weeks and marks past, unavailable and available days', () => {
    const month = calendarMonth(2026, 11, days, '2026-11-24')
    expect(month.weeks.map((w) => w.isoWeek)).toEqual([44, 45, 46, 47, 48, 49])
    const cells = new Map(month.weeks.flatMap((w) => w.cells).map((c) => [c.date, c]))
    expect(cells.get('2026-10-26')?.inMonth).toBe(false)
    expect(cells.get('2026-11-23')?.state).toBe('past')
    expect(cells.get('2026-11-24')?.state).toBe('available')
    expect(cells.get('2026-11-25')).toMatchObject({
      state: 'unavailable',
      message: 'An diesem Tag haben wir leider geschlossen.',
    })
    // Beyond the answer: unavailable.
    expect(cells.get('2026-11-30')?.state).toBe('unavailable')
  })
  it('navigates the months the answer covers', () => {
    expect(monthRange(days, '2026-11-24')).toEqual({
      first: { year: 2026, month: 11 },
      last: { year: 2026, month: 12 },
    })
    expect(addMonths(2026, 12, 1)).toEqual({ year: 2027, month: 1 })
    expect(addMonths(2027, 1, -1)).toEqual({ year: 2026, month: 12 })
  })
  it('moves the keyboard focus by day, week and month', () => {
    expect(moveDate('2026-11-30', 'ArrowRight')).toBe('2026-12-01')
    expect(moveDate('2026-11-24', 'ArrowUp')).toBe('2026-11-17')
    expect(moveDate('2026-11-25', 'Home')).toBe('2026-11-23')
    expect(moveDate('2026-11-25', 'End')).toBe('2026-11-29')
    expect(moveDate('2027-01-31', 'PageUp')).toBe('2026-12-31')
    expect(moveDate('2026-01-31', 'PageDown')).toBe('2026-02-28')
    expect(moveDate('2026-11-24', 'a')).toBeNull()
  })
})

describe('the time picker', () => {
  it('steps minutes around the day', () => {
    expect(stepMinutes(10 * 60 + 55, 5)).toBe(11 * 60)
    expect(stepMinutes(0, -5)).toBe(1435)
    expect(stepMinutes(23 * 60, 60)).toBe(0)
  })
  it('accepts only slots inside a window and on its step', () => {
    expect(isInWindows('2026-11-24', 11 * 60, tuesday, TZ, 5)).toBe(true)
    expect(isInWindows('2026-11-24', 13 * 60 + 25, tuesday, TZ, 5)).toBe(true)
    expect(isInWindows('2026-11-24', 13 * 60 + 30, tuesday, TZ, 5)).toBe(false)
    expect(isInWindows('2026-11-24', 10 * 60 + 55, tuesday, TZ, 5)).toBe(false)
    expect(isInWindows('2026-11-24', 11 * 60 + 2, tuesday, TZ, 5)).toBe(false)
    expect(isInWindows('2026-11-24', 18 * 60, tuesday, TZ, 5)).toBe(true)
    expect(isInWindows('2026-11-25', 12 * 60, undefined, TZ, 5)).toBe(false)
  })
  it('starts at the appointment on its day, else at the first window', () => {
    expect(initialMinutes('2026-11-24', tuesday, '2026-11-24T11:30:00.000Z', TZ)).toBe(12 * 60 + 30)
    expect(initialMinutes('2026-11-24', tuesday, '2026-11-25T11:30:00.000Z', TZ)).toBe(11 * 60)
    expect(initialMinutes('2026-11-25', undefined, null, TZ)).toBe(12 * 60)
  })
})
