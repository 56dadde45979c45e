import { describe, expect, it } from 'vitest'
// The HTTP contract is where malformed rules are refused.
import { openingHoursRuleSchema } from '../../contracts/http/resources.http.ts'
import type { OpeningHoursRule } from './opening-hours.ts'
import {
  compileSchedule,
  hoursOn,
  isOpenAt,
  openIntervalsBetween,
  shiftsOn,
  toLocalInterval,
  weekHours,
} from './opening-hours.ts'
import { BAKERY, closed, open, utc, ZURICH, zurich } from './scheduling.test-support.ts'

/** 'HH:MM–HH:MM' list of a date's hours, for compact expectations. */
function hours(rules: OpeningHoursRule[], date: string): string[] {
  return hoursOn(rules, date).intervals.map((interval) => `${interval.from}–${interval.to}`)
}

// The ISO week 2026-W14: Monday 30 March to Sunday 5 April; W15 starts Monday 6 April (Easter Monday).
const MONDAY = '2026-03-30'
const TUESDAY = '2026-03-31'
const SATURDAY = '2026-04-04'
const SUNDAY = '2026-04-05'
const NEXT_MONDAY = '2026-04-06'

describe('rule resolution (spec §5)', () => {
  it('days default to closed', () => {
    expect(hoursOn([], MONDAY)).toEqual({ date: MONDAY, isoWeekday: 1, isClosed: true, intervals: [] })
    expect(weekHours([open('monday', '08:00', '12:00')], MONDAY).map((day) => day.isClosed)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ])
  })

  it('a daily rule sets every day', () => {
    expect(weekHours([open('daily', '08:00', '18:00')], MONDAY).map((day) => day.intervals[0]?.from)).toEqual(
      Array(7).fill('08:00'),
    )
  })

  it('a daily rule overrides all days, including hours set by earlier weekday rules', () => {
    const rules = [open('monday', '10:00', '12:00'), closed('tuesday'), open('daily', '08:00', '18:00')]
    expect(hours(rules, MONDAY)).toEqual(['08:00–18:00'])
    expect(hours(rules, TUESDAY)).toEqual(['08:00–18:00'])
  })

  it('a weekday rule replaces the hours of an earlier daily rule on that day only', () => {
    const rules = [open('daily', '08:00', '18:00'), open('monday', '11:00', '14:00')]
    expect(hours(rules, MONDAY)).toEqual(['11:00–14:00'])
    expect(hours(rules, TUESDAY)).toEqual(['08:00–18:00'])
  })

  it('a further open weekday rule for the same day adds to its intervals (split shift)', () => {
    const rules = [
      open('daily', '08:00', '18:00'),
      open('monday', '11:00', '14:00'),
      open('monday', '17:00', '22:00'),
    ]
    expect(hours(rules, MONDAY)).toEqual(['11:00–14:00', '17:00–22:00'])
  })

  it('two daily rules add up to a split shift on every day', () => {
    const rules = [open('daily', '08:00', '12:00'), open('daily', '14:00', '18:30')]
    expect(hours(rules, SUNDAY)).toEqual(['08:00–12:00', '14:00–18:30'])
  })

  it('isClosed true closes the day, and a later open rule of the same kind opens only its interval', () => {
    expect(hours(BAKERY, SUNDAY)).toEqual([])
    expect(hoursOn(BAKERY, SUNDAY).isClosed).toBe(true)
    const rules = [open('daily', '08:00', '18:00'), closed('monday'), open('monday', '10:00', '12:00')]
    expect(hours(rules, MONDAY)).toEqual(['10:00–12:00'])
    expect(hours([open('monday', '10:00', '12:00'), closed('monday')], MONDAY)).toEqual([])
  })

  it('rules apply in order: a weekday rule before a daily rule is overridden', () => {
    expect(hours([closed('sunday'), open('daily', '08:00', '18:00')], SUNDAY)).toEqual(['08:00–18:00'])
  })

  it('a once rule applies on its date in its ISO week, replacing that day’s hours', () => {
    const rules = [...BAKERY, closed('once', NEXT_MONDAY)]
    expect(hours(rules, NEXT_MONDAY)).toEqual([])
    // The Monday of the reference week (W14) keeps its hours: the once rule lies in W15.
    expect(weekHours(rules, '2026-04-02')[0]).toMatchObject({ date: MONDAY, isClosed: false })
    expect(weekHours(rules, '2026-04-08')[0]).toMatchObject({ date: NEXT_MONDAY, isClosed: true })
    // Other Mondays are unaffected.
    expect(hours(rules, '2026-04-13')).toEqual(['08:00–18:00'])
  })

  it('a once rule outside the current ISO week never changes this week', () => {
    const rules = [...BAKERY, open('once', '08:00', '12:00', '2026-04-11')]
    const thisWeek = weekHours(rules, TUESDAY)
    expect(thisWeek[5]).toMatchObject({
      date: SATURDAY,
      intervals: [expect.objectContaining({ to: '18:00' })],
    })
    expect(weekHours(rules, '2026-04-11')[5]?.intervals.map((interval) => interval.to)).toEqual(['12:00'])
  })

  it('open once rules replace the weekday hours and then add to each other; they can open a closed day', () => {
    const rules = [
      ...BAKERY,
      open('once', '10:00', '12:00', SUNDAY),
      open('once', '14:00', '16:00', SUNDAY),
      open('once', '09:00', '11:00', SATURDAY),
    ]
    expect(hours(rules, SUNDAY)).toEqual(['10:00–12:00', '14:00–16:00'])
    expect(hours(rules, SATURDAY)).toEqual(['09:00–11:00'])
  })

  it('merges overlapping and touching intervals of a day', () => {
    const rules = [
      open('monday', '08:00', '12:00'),
      open('monday', '10:00', '14:00'),
      open('monday', '14:00', '15:00'),
    ]
    expect(hours(rules, MONDAY)).toEqual(['08:00–15:00'])
  })

  it('skips malformed rules, which the HTTP contract rejects', () => {
    const bad = [
      { type: 'monday', isClosed: false, from: '8:00', to: '12:00' },
      { type: 'once', isClosed: true, from: '00:00', to: '00:00' },
      { type: 'someday', isClosed: false, from: '08:00', to: '12:00' },
    ] as unknown as OpeningHoursRule[]
    expect(hours([...bad, open('tuesday', '08:00', '12:00')], TUESDAY)).toEqual(['08:00–12:00'])
    expect(hours(bad, MONDAY)).toEqual([])
    for (const rule of bad) expect(openingHoursRuleSchema.safeParse(rule).success).toBe(false)
    expect(openingHoursRuleSchema.safeParse(open('once', '08:00', '24:00', SUNDAY)).success).toBe(true)
    expect(openingHoursRuleSchema.safeParse(open('once', '24:00', '08:00', SUNDAY)).success).toBe(false)
  })

  it('compiles once for repeated lookups with the same answers', () => {
    const rules = [...BAKERY, closed('once', NEXT_MONDAY)]
    const schedule = compileSchedule(rules)
    for (const date of [MONDAY, SUNDAY, NEXT_MONDAY])
      expect(hoursOn(schedule, date)).toEqual(hoursOn(rules, date))
  })
})

describe('intervals past midnight', () => {
  it('to ≤ from runs into the next day; the interval belongs to the day it starts on', () => {
    expect(toLocalInterval('22:00', '02:00')).toEqual({
      from: '22:00',
      to: '02:00',
      fromMinutes: 1320,
      toMinutes: 1560,
      isOvernight: true,
    })
    const rules = [open('friday', '22:00', '02:00')]
    expect(hours(rules, '2026-04-03')).toEqual(['22:00–02:00'])
    expect(hours(rules, SATURDAY)).toEqual([])
  })

  it("'24:00' and '00:00' close at midnight; from = to is a 24-hour day", () => {
    expect(toLocalInterval('08:00', '24:00')).toMatchObject({
      toMinutes: 1440,
      to: '24:00',
      isOvernight: false,
    })
    expect(toLocalInterval('08:00', '00:00')).toMatchObject({
      toMinutes: 1440,
      to: '24:00',
      isOvernight: false,
    })
    expect(toLocalInterval('00:00', '00:00')).toMatchObject({ fromMinutes: 0, toMinutes: 1440 })
    expect(toLocalInterval('00:00', '24:00')).toMatchObject({ fromMinutes: 0, toMinutes: 1440 })
    expect(toLocalInterval('10:00', '10:00')).toMatchObject({ toMinutes: 2040, isOvernight: true })
    expect(toLocalInterval('24:00', '10:00')).toBeNull()
  })

  it('is open after midnight on the next day’s date', () => {
    const rules = [open('friday', '22:00', '02:00')]
    expect(isOpenAt(rules, ZURICH, zurich('2026-04-04 01:59'))).toBe(true)
    expect(isOpenAt(rules, ZURICH, zurich('2026-04-04 02:00'))).toBe(false)
    expect(isOpenAt(rules, ZURICH, zurich('2026-04-03 21:59'))).toBe(false)
    expect(isOpenAt(rules, ZURICH, zurich('2026-04-03 22:00'))).toBe(true)
  })

  it('a 24-hour shop is one continuous interval', () => {
    const rules = [open('daily', '00:00', '00:00')]
    const from = zurich('2026-03-27 12:00')
    const to = zurich('2026-04-03 12:00')
    expect(openIntervalsBetween(rules, ZURICH, from, to)).toEqual([{ start: from, end: to }])
  })
})

describe('concrete instants across the DST changes of 2026 (Europe/Zurich)', () => {
  it('spring: Saturday 22:00–02:00 ends at the jump, 4 real hours', () => {
    const [shift] = shiftsOn([open('saturday', '22:00', '02:00')], '2026-03-28', ZURICH)
    expect(shift).toEqual({
      date: '2026-03-28',
      from: '22:00',
      to: '02:00',
      start: utc('2026-03-28T21:00:00Z'),
      end: utc('2026-03-29T01:00:00Z'),
    })
  })

  it('spring: hours inside the gap move forward, keeping their length', () => {
    const [shift] = shiftsOn([open('sunday', '02:00', '02:30')], '2026-03-29', ZURICH)
    expect(shift).toMatchObject({ start: utc('2026-03-29T01:00:00Z'), end: utc('2026-03-29T01:30:00Z') })
    expect(shiftsOn([open('sunday', '02:30', '03:00')], '2026-03-29', ZURICH)).toEqual([])
  })

  it('spring: a 24-hour Sunday lasts 23 hours, autumn: 25 hours', () => {
    const rules = [open('daily', '00:00', '24:00')]
    const [spring] = shiftsOn(rules, '2026-03-29', ZURICH)
    const [autumn] = shiftsOn(rules, '2026-10-25', ZURICH)
    expect(spring!.end - spring!.start).toBe(23 * 3_600_000)
    expect(autumn!.end - autumn!.start).toBe(25 * 3_600_000)
  })

  it('autumn: Saturday 22:00–02:00 ends at the first 02:00, 4 real hours', () => {
    const [shift] = shiftsOn([open('saturday', '22:00', '02:00')], '2026-10-24', ZURICH)
    expect(shift).toMatchObject({ start: utc('2026-10-24T20:00:00Z'), end: utc('2026-10-25T00:00:00Z') })
  })
})
