import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AUCKLAND, NEW_YORK, utc, ZURICH } from './scheduling.test-support.ts'
import {
  addDays,
  addLocalDays,
  DAY_MS,
  daysBetween,
  formatLocalDate,
  formatTimeOfDay,
  instantOf,
  instantOfLocalMs,
  isLocalDate,
  isoWeekdayOf,
  isoWeekOf,
  isValidTimeZone,
  localDateOf,
  localMsOf,
  monthCalendar,
  offsetMsAt,
  parseTimeOfDay,
  startOfIsoWeek,
  startOfLocalDay,
  wallClockOf,
} from './zoned-time.ts'

const ZONES = [
  ZURICH,
  NEW_YORK,
  AUCKLAND,
  'UTC',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/St_Johns',
]

describe('wall clock of an instant', () => {
  it('reads Europe/Zurich in winter (+01:00) and summer (+02:00)', () => {
    expect(wallClockOf(utc('2026-01-15T11:00:00Z'), ZURICH)).toMatchObject({
      date: '2026-01-15',
      time: '12:00',
      isoWeekday: 4,
      offsetMinutes: 60,
    })
    expect(wallClockOf(utc('2026-07-15T11:00:00Z'), ZURICH)).toMatchObject({
      time: '13:00',
      offsetMinutes: 120,
    })
  })

  it('reads zones far from UTC, across the date line', () => {
    // 2026-03-27 20:00 UTC is already Saturday morning in Auckland (NZDT, +13).
    expect(wallClockOf(utc('2026-03-27T20:00:00Z'), AUCKLAND)).toMatchObject({
      date: '2026-03-28',
      time: '09:00',
      isoWeekday: 6,
      offsetMinutes: 780,
    })
    expect(wallClockOf(utc('2026-03-28T03:30:00Z'), NEW_YORK)).toMatchObject({
      date: '2026-03-27',
      time: '23:30',
      offsetMinutes: -240,
    })
    expect(wallClockOf(utc('2026-03-28T03:30:00Z'), 'Asia/Kathmandu').time).toBe('09:15')
  })

  it('switches the offset exactly at the DST instants of 2026', () => {
    expect(offsetMsAt(utc('2026-03-29T00:59:59.999Z'), ZURICH)).toBe(3_600_000)
    expect(offsetMsAt(utc('2026-03-29T01:00:00Z'), ZURICH)).toBe(7_200_000)
    expect(offsetMsAt(utc('2026-10-25T00:59:59.999Z'), ZURICH)).toBe(7_200_000)
    expect(offsetMsAt(utc('2026-10-25T01:00:00Z'), ZURICH)).toBe(3_600_000)
  })

  it('keeps milliseconds', () => {
    expect(wallClockOf(utc('2026-03-29T00:59:59.999Z'), ZURICH)).toMatchObject({
      time: '01:59',
      second: 59,
      millisecond: 999,
    })
  })

  it('does not depend on the zone of the machine', () => {
    const before = process.env.TZ
    const instant = utc('2026-10-25T00:30:00Z')
    const expected = [wallClockOf(instant, ZURICH), instantOf('2026-03-29', '02:30', ZURICH)]
    try {
      for (const machineZone of ['Pacific/Kiritimati', 'America/Adak', 'Asia/Kolkata']) {
        process.env.TZ = machineZone
        expect([wallClockOf(instant, ZURICH), instantOf('2026-03-29', '02:30', ZURICH)]).toEqual(expected)
      }
    } finally {
      if (before === undefined) delete process.env.TZ
      else process.env.TZ = before
    }
  })
})

describe('instant of a local date and time', () => {
  it('converts ordinary times', () => {
    expect(instantOf('2026-01-15', '12:00', ZURICH)).toBe(utc('2026-01-15T11:00:00Z'))
    expect(instantOf('2026-07-15', '12:00', ZURICH)).toBe(utc('2026-07-15T10:00:00Z'))
    expect(instantOf('2026-03-28', '09:00', AUCKLAND)).toBe(utc('2026-03-27T20:00:00Z'))
    expect(instantOf('2026-07-01', '09:00', NEW_YORK)).toBe(utc('2026-07-01T13:00:00Z'))
  })

  it("reads '24:00' as the next midnight", () => {
    expect(instantOf('2026-01-15', '24:00', ZURICH)).toBe(instantOf('2026-01-16', '00:00', ZURICH))
  })

  it('moves a time in the spring gap forward by the gap (Zurich 29 March 2026, 02:00 → 03:00)', () => {
    expect(instantOf('2026-03-29', '02:00', ZURICH)).toBe(utc('2026-03-29T01:00:00Z'))
    expect(instantOf('2026-03-29', '02:30', ZURICH)).toBe(utc('2026-03-29T01:30:00Z'))
    expect(wallClockOf(instantOf('2026-03-29', '02:30', ZURICH), ZURICH).time).toBe('03:30')
    expect(instantOf('2026-03-29', '01:59', ZURICH)).toBe(utc('2026-03-29T00:59:00Z'))
    expect(instantOf('2026-03-29', '03:00', ZURICH)).toBe(utc('2026-03-29T01:00:00Z'))
    expect(wallClockOf(instantOf('2026-03-08', '02:30', NEW_YORK), NEW_YORK).time).toBe('03:30')
    expect(wallClockOf(instantOf('2026-09-27', '02:30', AUCKLAND), AUCKLAND).time).toBe('03:30')
  })

  it('takes the earlier instant in the autumn overlap (Zurich 25 October 2026, 02:00–02:59 twice)', () => {
    expect(instantOf('2026-10-25', '02:30', ZURICH)).toBe(utc('2026-10-25T00:30:00Z'))
    // The later reading of 02:30 exists too, an hour later.
    expect(wallClockOf(utc('2026-10-25T01:30:00Z'), ZURICH).time).toBe('02:30')
    expect(instantOf('2026-10-25', '03:00', ZURICH)).toBe(utc('2026-10-25T02:00:00Z'))
    expect(instantOf('2026-11-01', '01:30', NEW_YORK)).toBe(utc('2026-11-01T05:30:00Z'))
    expect(instantOf('2026-04-05', '02:30', AUCKLAND)).toBe(utc('2026-04-04T13:30:00Z'))
  })

  it('starts a day whose midnight does not exist at the first existing time (Santiago, 6 Sep 2026)', () => {
    const start = startOfLocalDay('2026-09-06', 'America/Santiago')
    expect(wallClockOf(start, 'America/Santiago')).toMatchObject({ date: '2026-09-06', time: '01:00' })
    expect(localDateOf(start - 1, 'America/Santiago')).toBe('2026-09-05')
  })

  it('rejects malformed input', () => {
    expect(() => instantOf('2026-02-30', '10:00', ZURICH)).toThrow(RangeError)
    expect(() => instantOf('2026-02-10', '25:00', ZURICH)).toThrow(RangeError)
    expect(isValidTimeZone('Europe/Zurich')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
  })

  it('adds local days keeping the wall clock across DST (not 24 h)', () => {
    const saturdayNoon = instantOf('2026-03-28', '12:00', ZURICH)
    const sundayNoon = addLocalDays(saturdayNoon, 1, ZURICH)
    expect(wallClockOf(sundayNoon, ZURICH)).toMatchObject({ date: '2026-03-29', time: '12:00' })
    expect(sundayNoon - saturdayNoon).toBe(23 * 3_600_000)
  })
})

describe('local calendar dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364)
    expect(daysBetween('2026-03-29', '2026-03-28')).toBe(-1)
  })

  it('validates dates', () => {
    expect(isLocalDate('2028-02-29')).toBe(true)
    expect(isLocalDate('2026-02-29')).toBe(false)
    expect(isLocalDate('2026-13-01')).toBe(false)
    expect(isLocalDate('2026-1-01')).toBe(false)
    expect(isLocalDate(20260101)).toBe(false)
  })

  it('parses and formats times of day', () => {
    expect(parseTimeOfDay('00:00')).toBe(0)
    expect(parseTimeOfDay('23:59')).toBe(1439)
    expect(parseTimeOfDay('24:00')).toBeNull()
    expect(parseTimeOfDay('24:00', { allowEndOfDay: true })).toBe(1440)
    expect(parseTimeOfDay('8:00')).toBeNull()
    expect(parseTimeOfDay('12:60')).toBeNull()
    expect(formatTimeOfDay(1560)).toBe('02:00')
    expect(formatLocalDate('2026-03-29')).toBe('29.03.2026')
  })
})

describe('ISO weeks', () => {
  it('numbers weeks from Monday, week 1 holding the first Thursday', () => {
    expect(isoWeekOf('2026-01-01')).toEqual({ year: 2026, week: 1 })
    expect(isoWeekOf('2026-03-29')).toEqual({ year: 2026, week: 13 })
    expect(isoWeekOf('2026-03-30')).toEqual({ year: 2026, week: 14 })
    expect(isoWeekOf('2026-12-31')).toEqual({ year: 2026, week: 53 })
    expect(isoWeekOf('2027-01-03')).toEqual({ year: 2026, week: 53 })
    expect(isoWeekOf('2027-01-04')).toEqual({ year: 2027, week: 1 })
    expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1 })
    expect(isoWeekOf('2021-01-03')).toEqual({ year: 2020, week: 53 })
  })

  it('starts weeks on Monday', () => {
    expect(isoWeekdayOf('2026-03-29')).toBe(7)
    expect(isoWeekdayOf('2026-03-30')).toBe(1)
    expect(startOfIsoWeek('2026-03-29')).toBe('2026-03-23')
    expect(startOfIsoWeek('2026-03-30')).toBe('2026-03-30')
  })

  it('lays out a month for the date picker with KW numbers', () => {
    const march = monthCalendar(2026, 3)
    expect(march).toHaveLength(6)
    expect(march[0]).toEqual({
      isoWeek: { year: 2026, week: 9 },
      dates: [
        '2026-02-23',
        '2026-02-24',
        '2026-02-25',
        '2026-02-26',
        '2026-02-27',
        '2026-02-28',
        '2026-03-01',
      ],
    })
    expect(march[5]?.dates[0]).toBe('2026-03-30')
    expect(monthCalendar(2026, 2)).toHaveLength(5)
    // February 2021 began on a Monday and had 28 days: exactly four rows.
    expect(monthCalendar(2021, 2)).toHaveLength(4)
  })
})

describe('properties', () => {
  const instants = fc.integer({ min: utc('1990-01-01T00:00:00Z'), max: utc('2060-12-31T00:00:00Z') })
  const zones = fc.constantFrom(...ZONES)

  it('instant → wall clock → instant returns the instant, or the earlier one in an overlap', () => {
    fc.assert(
      fc.property(instants, zones, (instant, zone) => {
        const back = instantOfLocalMs(localMsOf(instant, zone), zone)
        expect(localMsOf(back, zone)).toBe(localMsOf(instant, zone))
        if (back !== instant) {
          // Only the second reading of a repeated wall clock maps elsewhere: to the first one.
          expect(back).toBeLessThan(instant)
          expect(offsetMsAt(back, zone)).toBeGreaterThan(offsetMsAt(instant, zone))
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('wall clock → instant → wall clock round-trips outside DST gaps, and moves forward inside one', () => {
    const dates = fc.integer({ min: 0, max: 365 * 40 }).map((days) => addDays('2000-01-01', days))
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 1439 }), zones, (date, minutes, zone) => {
        const time = formatTimeOfDay(minutes)
        const instant = instantOf(date, time, zone)
        const wall = wallClockOf(instant, zone)
        const requested = Date.parse(`${date}T${time}:00Z`)
        const shown = Date.parse(`${wall.date}T${wall.time}:00Z`)
        if (shown !== requested) {
          // A gap: the shown time is later by the gap's length (at most a few hours).
          expect(shown).toBeGreaterThan(requested)
          expect(shown - requested).toBeLessThanOrEqual(3 * 3_600_000)
          expect(offsetMsAt(instant, zone)).toBeGreaterThan(offsetMsAt(instant - DAY_MS, zone))
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('calendar arithmetic agrees with the built-in UTC calendar', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -200_000, max: 200_000 }),
        fc.integer({ min: -1000, max: 1000 }),
        (day, step) => {
          const date = new Date(day * DAY_MS).toISOString().slice(0, 10)
          const later = addDays(date, step)
          expect(later).toBe(new Date((day + step) * DAY_MS).toISOString().slice(0, 10))
          expect(daysBetween(date, later)).toBe(step)
          expect(isoWeekdayOf(date)).toBe(((new Date(day * DAY_MS).getUTCDay() + 6) % 7) + 1)
        },
      ),
    )
  })

  it('an ISO week is Monday to Sunday and the next Monday starts the next week', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 60 }), (days) => {
        const monday = startOfIsoWeek(addDays('1990-01-01', days))
        const week = isoWeekOf(monday)
        for (let index = 1; index < 7; index++) expect(isoWeekOf(addDays(monday, index))).toEqual(week)
        const next = isoWeekOf(addDays(monday, 7))
        if (next.year === week.year) expect(next.week).toBe(week.week + 1)
        else expect(next).toEqual({ year: week.year + 1, week: 1 })
      }),
    )
  })
})
