import { describe, expect, it } from 'vitest'
import type { BranchHours } from './branch-hours.ts'
import { endOfBusinessDay } from './business-day.ts'
import type { OpeningHoursRule } from './opening-hours.ts'
import {
  AUCKLAND,
  BAKERY,
  closed,
  local,
  NEW_YORK,
  open,
  utc,
  ZURICH,
  zurich,
} from './scheduling.test-support.ts'
import { wallClockOf } from './zoned-time.ts'

// 2026-03-27 is a Friday; Sunday 29 March is the spring DST change in Zürich (and New York's was
// on 8 March); Auckland is on daylight time (UTC+13) until 5 April.

const branch = (openingHours: OpeningHoursRule[], extra: Partial<BranchHours> = {}): BranchHours => ({
  timeZone: ZURICH,
  openingHours,
  ...extra,
})

const wall = (instant: number, timeZone = ZURICH) => {
  const clock = wallClockOf(instant, timeZone)
  return `${clock.date} ${clock.time}`
}

describe('endOfBusinessDay', () => {
  it('is the closing time of the day while open', () => {
    expect(wall(endOfBusinessDay(branch(BAKERY), zurich('2026-03-27 10:00')))).toBe('2026-03-27 18:00')
  })

  it('is the last closing of the day, also between two shifts and before opening', () => {
    const split = branch([open('daily', '08:00', '12:00'), open('daily', '14:00', '18:30')])
    expect(wall(endOfBusinessDay(split, zurich('2026-03-27 12:30')))).toBe('2026-03-27 18:30')
    expect(wall(endOfBusinessDay(split, zurich('2026-03-27 06:00')))).toBe('2026-03-27 18:30')
  })

  it('is the next midnight once the day is over or on a closed day', () => {
    expect(endOfBusinessDay(branch(BAKERY), zurich('2026-03-27 19:00'))).toBe(zurich('2026-03-28 00:00'))
    // Sunday is closed; the clocks go forward that night, the next midnight is still exact.
    expect(endOfBusinessDay(branch(BAKERY), zurich('2026-03-29 11:00'))).toBe(zurich('2026-03-30 00:00'))
  })

  it('belongs to the shift one is in across midnight, not to the calendar date', () => {
    const bar = branch([open('friday', '20:00', '02:00'), open('saturday', '20:00', '03:00')])
    expect(wall(endOfBusinessDay(bar, zurich('2026-03-27 23:00')))).toBe('2026-03-28 02:00')
    // Saturday 01:00 is still Friday night: it ends at 02:00, not at Saturday's closing.
    expect(wall(endOfBusinessDay(bar, zurich('2026-03-28 01:00')))).toBe('2026-03-28 02:00')
    // After it, Saturday's business day runs until Sunday 03:00 (the spring-forward night).
    expect(wall(endOfBusinessDay(bar, zurich('2026-03-28 02:30')))).toBe('2026-03-29 03:00')
  })

  it('reads the day in the branch time zone, whatever day it is in UTC', () => {
    const newYork = branch([open('daily', '07:00', '19:00')], { timeZone: NEW_YORK })
    // 18:00 in New York is 22:00 UTC: it closes at 19:00 local, 23:00 UTC.
    expect(endOfBusinessDay(newYork, utc('2026-03-27T22:00:00Z'))).toBe(utc('2026-03-27T23:00:00Z'))
    // 19:30 in New York is already the 28th in UTC; the day ends at New York's midnight.
    expect(endOfBusinessDay(newYork, utc('2026-03-27T23:30:00Z'))).toBe(utc('2026-03-28T04:00:00Z'))
    const auckland = branch([open('daily', '07:00', '18:00')], { timeZone: AUCKLAND })
    // Saturday 09:00 in Auckland is Friday 20:00 UTC.
    expect(endOfBusinessDay(auckland, utc('2026-03-27T20:00:00Z'))).toBe(local('2026-03-28 18:00', AUCKLAND))
    expect(endOfBusinessDay(auckland, utc('2026-03-27T20:00:00Z'))).toBe(utc('2026-03-28T05:00:00Z'))
  })

  it('ends a 24-hour day at the local midnight of a 23-hour day', () => {
    const allDay = branch([open('daily', '00:00', '24:00')])
    expect(endOfBusinessDay(allDay, zurich('2026-03-29 10:00'))).toBe(utc('2026-03-29T22:00:00Z'))
  })

  it('counts delivery hours when the branch uses them: the later closing wins', () => {
    const both = branch([open('daily', '08:00', '18:00')], {
      isDeliveryHoursEnabled: true,
      deliveryHours: [open('daily', '11:00', '21:00')],
    })
    expect(wall(endOfBusinessDay(both, zurich('2026-03-27 10:00')))).toBe('2026-03-27 21:00')
    const unused = { ...both, isDeliveryHoursEnabled: false }
    expect(wall(endOfBusinessDay(unused, zurich('2026-03-27 10:00')))).toBe('2026-03-27 18:00')
  })

  it('is always after now', () => {
    const rules = [open('daily', '06:00', '22:00'), closed('sunday')]
    for (let hour = 0; hour < 24 * 7; hour += 1) {
      const now = zurich('2026-03-23 00:00') + hour * 3_600_000 + 17 * 60_000
      expect(endOfBusinessDay(branch(rules), now)).toBeGreaterThan(now)
    }
  })
})
