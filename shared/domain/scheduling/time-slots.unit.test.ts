import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { branchAvailability } from './branch-hours.ts'
import type { LeadTime } from './lead-time.ts'
import { earliestStart, leadTimeEarliest } from './lead-time.ts'
import type { OpeningHoursRule, ScheduleInput } from './opening-hours.ts'
import { compileSchedule, isOpenAt } from './opening-hours.ts'
import {
  AUCKLAND,
  BAKERY,
  lead,
  local,
  NEW_YORK,
  open,
  utc,
  ZURICH,
  zurich,
} from './scheduling.test-support.ts'
import type { Availability } from './time-slots.ts'
import {
  availabilityDays,
  checkAppointment,
  checkDay,
  checkSlot,
  computeAvailability,
  dayOf,
  firstAvailableSlot,
  firstSlotAtOrAfter,
  isSlotAvailable,
  slotMessageKey,
  slotsOn,
} from './time-slots.ts'
import { addDays, localDateOf, localMsOf, wallClockOf } from './zoned-time.ts'

// 2026-03-27 is a Friday; Sunday 29 March and Sunday 25 October are the DST changes.

function availability(
  hours: OpeningHoursRule[],
  now: number,
  extra: Partial<Parameters<typeof computeAvailability>[0]> = {},
): Availability {
  return computeAvailability({ hours, timeZone: ZURICH, now, ...extra })
}

function windowsOn(result: Availability, date: string): string[] {
  return (dayOf(result, date)?.windows ?? []).map((window) => `${window.from}–${window.to}`)
}

function wall(instant: number | null, timeZone = ZURICH): string {
  if (instant === null) return 'none'
  const clock = wallClockOf(instant, timeZone)
  return `${clock.date} ${clock.time}`
}

describe('available slots', () => {
  it('rounds now up to the step, and the closing time is no slot', () => {
    const result = availability(BAKERY, zurich('2026-03-27 10:02') + 30_000)
    expect(wall(firstAvailableSlot(result))).toBe('2026-03-27 10:05')
    expect(windowsOn(result, '2026-03-27')).toEqual(['10:05–17:55'])
    expect(isSlotAvailable(result, zurich('2026-03-27 17:55'))).toBe(true)
    expect(isSlotAvailable(result, zurich('2026-03-27 18:00'))).toBe(false)
  })

  it('a slot at exactly now is available', () => {
    const now = zurich('2026-03-27 10:05')
    expect(firstAvailableSlot(availability(BAKERY, now))).toBe(now)
  })

  it('lists the days with their windows for the time picker, a day per local date', () => {
    const result = availability(BAKERY, zurich('2026-03-27 10:00'))
    expect(result.days).toHaveLength(180)
    expect(result.days[0]).toMatchObject({
      date: '2026-03-27',
      isoWeekday: 5,
      isoWeek: 13,
      isAvailable: true,
    })
    expect(dayOf(result, '2026-03-29')).toMatchObject({
      isAvailable: false,
      reason: 'closed-day',
      windows: [],
    })
    expect(dayOf(result, '2026-03-30')?.windows[0]).toMatchObject({ from: '08:00', to: '17:55', count: 120 })
  })

  it('split shifts give several windows', () => {
    const rules = [open('daily', '11:00', '14:00'), open('daily', '17:30', '22:00')]
    const result = availability(rules, zurich('2026-03-27 06:00'), { stepMinutes: 15 })
    expect(windowsOn(result, '2026-03-27')).toEqual(['11:00–13:45', '17:30–21:45'])
  })

  it('a step that does not divide 60 restarts at local midnight and does not drift with now', () => {
    const rules = [open('daily', '08:00', '09:00')]
    const a = availability(rules, zurich('2026-03-27 06:00'), { stepMinutes: 7 })
    const b = availability(rules, zurich('2026-03-27 06:01'), { stepMinutes: 7 })
    // 08:03 is minute 483 = 69 × 7 of the day, every day.
    expect(windowsOn(a, '2026-03-27')).toEqual(['08:03–08:59'])
    expect(windowsOn(b, '2026-03-27')).toEqual(['08:03–08:59'])
    expect(windowsOn(a, '2026-03-28')).toEqual(['08:03–08:59'])
  })

  it('an interval ending exactly on a slot ends before it; one shorter than a step has no slot', () => {
    const rules = [open('monday', '10:00', '10:30'), open('tuesday', '10:01', '10:04')]
    const result = availability(rules, zurich('2026-03-27 06:00'), { stepMinutes: 10 })
    expect(slotsOn(result, '2026-03-30').map((slot) => wall(slot).slice(11))).toEqual([
      '10:00',
      '10:10',
      '10:20',
    ])
    expect(dayOf(result, '2026-03-31')).toMatchObject({ isAvailable: false, reason: 'no-slots-day' })
  })

  it('a shop open 22:00–02:00 offers the hours after midnight on the next date', () => {
    const rules = [open('friday', '22:00', '02:00')]
    const result = availability(rules, zurich('2026-03-27 12:00'))
    expect(windowsOn(result, '2026-03-27')).toEqual(['22:00–23:55'])
    expect(windowsOn(result, '2026-03-28')).toEqual(['00:00–01:55'])
    expect(checkSlot(result, zurich('2026-03-28 02:00'))).toMatchObject({
      isAvailable: false,
      reason: 'outside-hours',
    })
    expect(isSlotAvailable(result, zurich('2026-03-28 00:00'))).toBe(true)
  })

  it('a 24-hour shop loses an hour of slots in spring and repeats one in autumn', () => {
    const rules = [open('daily', '00:00', '00:00')]
    const spring = availability(rules, zurich('2026-03-28 12:00'), { horizonDays: 3 })
    expect(windowsOn(spring, '2026-03-29')).toEqual(['00:00–01:55', '03:00–23:55'])
    expect(slotsOn(spring, '2026-03-29')).toHaveLength(23 * 12)
    const autumn = availability(rules, zurich('2026-10-24 12:00'), { horizonDays: 3 })
    expect(windowsOn(autumn, '2026-10-25')).toEqual(['00:00–02:55', '02:00–23:55'])
    expect(slotsOn(autumn, '2026-10-25')).toHaveLength(25 * 12)
    // Both readings of 02:30 are bookable instants.
    expect(isSlotAvailable(autumn, utc('2026-10-25T00:30:00Z'))).toBe(true)
    expect(isSlotAvailable(autumn, utc('2026-10-25T01:30:00Z'))).toBe(true)
  })

  it('a shop open through the spring night: Saturday 22:00–04:00', () => {
    const result = availability([open('saturday', '22:00', '04:00')], zurich('2026-03-28 12:00'), {
      horizonDays: 3,
    })
    expect(windowsOn(result, '2026-03-29')).toEqual(['00:00–01:55', '03:00–03:55'])
  })

  it('works in zones far from UTC (Pacific/Auckland, America/New_York)', () => {
    const auckland = computeAvailability({
      hours: BAKERY,
      timeZone: AUCKLAND,
      // Friday 20:00 UTC is Saturday 09:00 in Auckland.
      now: utc('2026-03-27T20:00:00Z'),
    })
    expect(auckland.today).toBe('2026-03-28')
    expect(wall(auckland.firstSlot, AUCKLAND)).toBe('2026-03-28 09:00')
    // Sunday 5 April 2026 is the end of NZ summer time, and the bakery is closed anyway.
    expect(dayOf(auckland, '2026-04-05')?.reason).toBe('closed-day')
    expect(wall(auckland.days[10]!.windows[0]!.first, AUCKLAND)).toBe('2026-04-07 08:00')
    const newYork = computeAvailability({
      hours: BAKERY,
      timeZone: NEW_YORK,
      now: utc('2026-03-27T23:30:00Z'),
    })
    expect(wall(newYork.firstSlot, NEW_YORK)).toBe('2026-03-28 08:00')
    expect(newYork.firstSlot).toBe(local('2026-03-28 08:00', NEW_YORK))
  })

  it('the horizon covers 180 local days starting today (parameter)', () => {
    const now = zurich('2026-03-27 10:00')
    const result = availability(BAKERY, now)
    expect(result.days.at(-1)?.date).toBe('2026-09-22')
    expect(result.horizonEnd).toBe(zurich('2026-09-23 00:00'))
    expect(isSlotAvailable(result, zurich('2026-09-22 17:55'))).toBe(true)
    expect(checkSlot(result, zurich('2026-09-23 08:00'))).toMatchObject({
      reason: 'beyond-horizon',
      message: 'Termine können höchstens 180 Tage im Voraus gewählt werden.',
    })
    expect(availability(BAKERY, now, { horizonDays: 2 }).days).toHaveLength(2)
  })

  it('rejects invalid parameters', () => {
    expect(() => availability(BAKERY, 0, { stepMinutes: 0 })).toThrow(RangeError)
    expect(() => availability(BAKERY, 0, { stepMinutes: 2.5 })).toThrow(RangeError)
    expect(() => availability(BAKERY, 0, { horizonDays: 0 })).toThrow(RangeError)
    expect(() => availability(BAKERY, Number.NaN)).toThrow(RangeError)
  })

  it('delivery slots use the delivery hours', () => {
    const branch = {
      timeZone: ZURICH,
      openingHours: BAKERY,
      deliveryHours: [open('daily', '11:00', '14:00')],
      isDeliveryHoursEnabled: true,
    }
    const now = zurich('2026-03-27 09:00')
    expect(wall(branchAvailability(branch, 'delivery', now).firstSlot)).toBe('2026-03-27 11:00')
    expect(wall(branchAvailability(branch, 'takeaway', now).firstSlot)).toBe('2026-03-27 09:00')
  })

  it('takeaway starts at the branch’s orderableFrom; delivery and dine-in do not', () => {
    const branch = {
      timeZone: ZURICH,
      openingHours: [open('daily', '06:00', '18:00'), open('saturday', '22:00', '02:00')],
      orderableFrom: '07:30',
    }
    const early = zurich('2026-03-27 05:00')
    const takeaway = branchAvailability(branch, 'takeaway', early)
    expect(wall(takeaway.firstSlot)).toBe('2026-03-27 07:30')
    expect(windowsOn(takeaway, '2026-03-27')).toEqual(['07:30–17:55'])
    expect(checkSlot(takeaway, zurich('2026-03-27 07:00'))).toMatchObject({
      isAvailable: false,
      reason: 'outside-hours',
    })
    expect(wall(branchAvailability(branch, 'dineIn', early).firstSlot)).toBe('2026-03-27 06:00')
    // A shift running past midnight: a pickup time after midnight counts on the next date.
    const night = branchAvailability(
      { ...branch, orderableFrom: '00:30' },
      'takeaway',
      zurich('2026-03-28 20:00'),
    )
    expect(windowsOn(night, '2026-03-29')[0]).toBe('00:30–01:55')
    // Pickup only after the shift closes: that shift offers nothing.
    const late = branchAvailability({ ...branch, orderableFrom: '19:00' }, 'takeaway', early)
    expect(windowsOn(late, '2026-03-27')).toEqual([])
  })

  it('is fast: 180 days in a few milliseconds', () => {
    const rules = [...BAKERY, open('monday', '11:00', '14:00'), open('monday', '17:00', '22:00')]
    const schedule = compileSchedule(rules)
    const now = zurich('2026-03-27 10:00')
    computeAvailability({ hours: schedule, timeZone: ZURICH, now })
    const started = performance.now()
    for (let run = 0; run < 20; run++) {
      computeAvailability({ hours: schedule, timeZone: ZURICH, now: now + run * 60_000 })
    }
    // Typically about 1 ms per run; the bound only guards against per-minute iteration.
    expect((performance.now() - started) / 20).toBeLessThan(25)
  })
})

describe('lead times', () => {
  it('the earliest start is now plus the largest lead time; disabled ones do not count', () => {
    const now = zurich('2026-03-27 10:00')
    const leadTimes = [lead('minutes', 30), lead('hours', 2), lead('days', 3, false)]
    expect(earliestStart(now, leadTimes, ZURICH)).toBe(zurich('2026-03-27 12:00'))
    expect(wall(availability(BAKERY, now, { leadTimes }).firstSlot)).toBe('2026-03-27 12:00')
    expect(earliestStart(now, [lead('minutes', 0), lead('hours', -1)], ZURICH)).toBe(now)
  })

  it('minutes: elapsed time across the spring change (01:30 + 90 min = 04:00 CEST)', () => {
    const now = zurich('2026-03-29 01:30')
    const result = availability([open('daily', '00:00', '00:00')], now, {
      leadTimes: [lead('minutes', 90)],
      horizonDays: 2,
    })
    expect(wall(result.firstSlot)).toBe('2026-03-29 04:00')
    expect(result.firstSlot! - now).toBe(90 * 60_000)
  })

  it('hours: elapsed time across the autumn change (01:30 + 2 h = 02:30 CET, the second one)', () => {
    const now = zurich('2026-10-25 01:30')
    const earliest = leadTimeEarliest(now, lead('hours', 2), ZURICH)
    expect(earliest).toBe(utc('2026-10-25T01:30:00Z'))
    expect(wall(earliest)).toBe('2026-10-25 02:30')
    const result = availability([open('daily', '00:00', '00:00')], now, {
      leadTimes: [lead('hours', 2)],
      horizonDays: 2,
    })
    expect(result.firstSlot).toBe(earliest)
    expect(checkSlot(result, utc('2026-10-25T00:30:00Z'))).toMatchObject({ reason: 'before-lead-time' })
  })

  it('days: from the next calendar day at opening, not 24 h (a 17:00 order for "1 day" can be picked up at 08:00)', () => {
    const now = zurich('2026-03-27 17:00')
    expect(leadTimeEarliest(now, lead('days', 1), ZURICH)).toBe(zurich('2026-03-28 00:00'))
    expect(wall(availability(BAKERY, now, { leadTimes: [lead('days', 1)] }).firstSlot)).toBe(
      '2026-03-28 08:00',
    )
  })

  it('days: across the spring change the day starts at local midnight', () => {
    const rules = [open('daily', '09:00', '17:00')]
    const now = zurich('2026-03-28 16:00')
    const result = availability(rules, now, { leadTimes: [lead('days', 1)] })
    expect(result.firstSlot).toBe(utc('2026-03-29T07:00:00Z'))
    expect(wall(result.firstSlot)).toBe('2026-03-29 09:00')
  })

  it('days: calendar days, so a closed day in between counts (Saturday + 1 day, closed Sunday → Monday)', () => {
    const now = zurich('2026-03-28 10:00')
    expect(wall(availability(BAKERY, now, { leadTimes: [lead('days', 1)] }).firstSlot)).toBe(
      '2026-03-30 08:00',
    )
    expect(wall(availability(BAKERY, now, { leadTimes: [lead('days', 2)] }).firstSlot)).toBe(
      '2026-03-30 08:00',
    )
    expect(wall(availability(BAKERY, now, { leadTimes: [lead('days', 3)] }).firstSlot)).toBe(
      '2026-03-31 08:00',
    )
    expect(wall(availability(BAKERY, now, { leadTimes: [lead('days', 1.5)] }).firstSlot)).toBe(
      '2026-03-30 08:00',
    )
  })

  it('weeks: seven calendar days, across the autumn change', () => {
    const now = zurich('2026-10-21 12:00')
    expect(leadTimeEarliest(now, lead('weeks', 1), ZURICH)).toBe(utc('2026-10-27T23:00:00Z'))
    expect(wall(availability(BAKERY, now, { leadTimes: [lead('weeks', 1)] }).firstSlot)).toBe(
      '2026-10-28 08:00',
    )
  })

  it('minutes and weeks reaching into a closed Sunday move to Monday’s opening', () => {
    const saturday = zurich('2026-03-28 17:30')
    expect(wall(availability(BAKERY, saturday, { leadTimes: [lead('minutes', 45)] }).firstSlot)).toBe(
      '2026-03-30 08:00',
    )
    // One week from Sunday 22 March is Sunday 29 March (closed, and the spring change): Monday.
    expect(
      wall(availability(BAKERY, zurich('2026-03-22 12:00'), { leadTimes: [lead('weeks', 1)] }).firstSlot),
    ).toBe('2026-03-30 08:00')
  })

  it('hours: a lead time reaching into a closed day moves to the next opening', () => {
    const result = availability(BAKERY, zurich('2026-03-28 17:00'), { leadTimes: [lead('hours', 2)] })
    expect(wall(result.firstSlot)).toBe('2026-03-30 08:00')
    expect(dayOf(result, '2026-03-28')).toMatchObject({ isAvailable: false, reason: 'before-lead-time' })
  })
})

describe('why a day or a time is not available', () => {
  const now = zurich('2026-03-27 10:00')
  const result = availability(BAKERY, now, { leadTimes: [lead('hours', 2)] })

  it('in the past', () => {
    expect(checkSlot(result, zurich('2026-03-27 09:00'))).toMatchObject({
      isAvailable: false,
      reason: 'in-past',
      message: 'Der ausgewählte Termin liegt in der Vergangenheit.',
    })
    expect(checkDay(result, '2026-03-26')).toMatchObject({ isAvailable: false, reason: 'in-past' })
  })

  it('before the lead time, naming the earliest slot', () => {
    expect(checkSlot(result, zurich('2026-03-27 11:00'))).toMatchObject({
      reason: 'before-lead-time',
      params: { date: '27.03.2026', time: '12:00' },
      message:
        'Der ausgewählte Termin liegt vor der Vorlaufzeit Ihrer Bestellung. Der früheste mögliche Termin ist am 27.03.2026 um 12:00 Uhr.',
    })
  })

  it('a time on a closed day: the spec’s message for a time outside the opening hours (§5)', () => {
    expect(checkSlot(result, zurich('2026-03-29 12:00'))).toMatchObject({
      reason: 'closed-day',
      message:
        'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
    })
    expect(checkAppointment(result, zurich('2026-03-29 12:00'))).toMatchObject({
      reason: 'closed-day',
      message:
        'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
    })
    expect(slotMessageKey('closed-day')).toBe('scheduling:unavailable.outsideHours')
    // The day itself (date picker, availability) keeps its own text.
    expect(checkDay(result, '2026-03-29')).toMatchObject({
      isAvailable: false,
      reason: 'closed-day',
      message: 'An diesem Tag haben wir leider geschlossen.',
    })
  })

  it('outside the opening hours, with the spec’s message', () => {
    expect(checkSlot(result, zurich('2026-03-28 19:00'))).toMatchObject({
      reason: 'outside-hours',
      message:
        'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
    })
    expect(checkSlot(result, zurich('2026-03-28 18:00'))).toMatchObject({ reason: 'outside-hours' })
  })

  it('no slots that day, with the spec’s message', () => {
    const late = availability(BAKERY, zurich('2026-03-27 18:30'))
    expect(checkDay(late, '2026-03-27')).toEqual({
      isAvailable: false,
      reason: 'no-slots-day',
      message: 'Zum ausgewählten Tag sind keine Termine verfügbar.',
    })
    expect(checkSlot(late, zurich('2026-03-27 19:00'))).toMatchObject({ reason: 'no-slots-day' })
  })

  it('not on the minute step', () => {
    expect(checkSlot(result, zurich('2026-03-27 12:03'))).toMatchObject({
      reason: 'off-step',
      message: 'Bitte wählen Sie eine Uhrzeit im 5-Minuten-Takt.',
    })
    expect(checkSlot(result, zurich('2026-03-27 12:05') + 1)).toMatchObject({ reason: 'off-step' })
  })

  it('beyond the horizon', () => {
    expect(checkDay(result, '2026-09-23')).toMatchObject({ reason: 'beyond-horizon' })
  })

  it('a range of dates is answered in full: past days, the horizon, and days past it', () => {
    // Today is 27 March; the 180 days end with 22 September.
    const days = availabilityDays(result, '2026-09-21', 4)
    expect(days.map((d) => [d.date, d.isAvailable, d.reason])).toEqual([
      ['2026-09-21', true, null],
      ['2026-09-22', true, null],
      ['2026-09-23', false, 'beyond-horizon'],
      ['2026-09-24', false, 'beyond-horizon'],
    ])
    expect(days[2]).toMatchObject({ windows: [], isoWeek: 39, isoWeekday: 3 })
    expect(availabilityDays(result, '2026-03-26', 2).map((d) => [d.date, d.reason])).toEqual([
      ['2026-03-26', 'in-past'],
      ['2026-03-27', null],
    ])
    expect(availabilityDays(result, '2027-01-01', 180).every((d) => d.reason === 'beyond-horizon')).toBe(true)
  })

  it('available', () => {
    expect(checkSlot(result, zurich('2026-03-27 12:05'))).toEqual({
      isAvailable: true,
      slot: zurich('2026-03-27 12:05'),
    })
    expect(checkDay(result, '2026-03-27')).toEqual({ isAvailable: true })
  })

  it('in other locales', () => {
    expect(checkSlot(result, zurich('2026-03-29 12:00'), 'fr-FR')).toMatchObject({
      message:
        'Nous sommes malheureusement fermés à l’heure choisie. Veuillez choisir un créneau pendant nos heures d’ouverture.',
    })
    expect(checkSlot(result, zurich('2026-03-29 12:00'), 'en-GB')).toMatchObject({
      message:
        'Unfortunately we are closed at the selected time. Please choose a time during our opening hours.',
    })
    expect(checkDay(result, '2026-03-29', 'fr-FR')).toMatchObject({
      message: 'Nous sommes malheureusement fermés ce jour-là.',
    })
    expect(checkDay(result, '2026-03-29', 'en-GB')).toMatchObject({
      message: 'Unfortunately we are closed on that day.',
    })
  })

  it('the checkout appointment: required, or ASAP as the first slot (also while closed: pre-order)', () => {
    expect(checkAppointment(result, null, { isAppointmentRequired: true })).toMatchObject({
      reason: 'appointment-required',
      message: 'Bitte wählen Sie einen Termin aus.',
    })
    expect(checkAppointment(result, null)).toEqual({ isAvailable: true, slot: zurich('2026-03-27 12:00') })
    const closedNow = availability(BAKERY, zurich('2026-03-28 20:00'))
    expect(checkAppointment(closedNow, undefined)).toEqual({
      isAvailable: true,
      slot: zurich('2026-03-30 08:00'),
    })
    expect(checkAppointment(availability([], now), null)).toMatchObject({ reason: 'no-slots' })
    expect(checkAppointment(result, new Date(zurich('2026-03-27 12:05')))).toMatchObject({
      isAvailable: true,
    })
  })

  it('finds the next slot at or after a time', () => {
    expect(wall(firstSlotAtOrAfter(result, zurich('2026-03-27 12:01')))).toBe('2026-03-27 12:05')
    expect(wall(firstSlotAtOrAfter(result, zurich('2026-03-27 12:05')))).toBe('2026-03-27 12:05')
    expect(wall(firstSlotAtOrAfter(result, zurich('2026-03-28 18:00')))).toBe('2026-03-30 08:00')
    expect(wall(firstSlotAtOrAfter(result, zurich('2026-03-27 06:00')))).toBe('2026-03-27 12:00')
  })
})

describe('properties', () => {
  const zones = fc.constantFrom(
    ZURICH,
    NEW_YORK,
    AUCKLAND,
    'UTC',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'America/Santiago',
  )
  const minuteOfDay = fc.oneof(
    fc.integer({ min: 0, max: 1439 }),
    fc.constantFrom(0, 120, 150, 180, 1320, 1440),
  )
  const time = minuteOfDay.map((minutes) =>
    minutes === 1440
      ? '24:00'
      : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  )
  const openingTime = time.filter((value) => value !== '24:00')
  const days = [
    'daily',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
  ] as const
  const now = fc.oneof(
    fc.integer({ min: utc('2026-01-01T00:00:00Z'), max: utc('2027-01-01T00:00:00Z') }),
    // Around the DST changes of the tested zones, where bugs live.
    fc.constantFrom(
      utc('2026-03-28T22:00:00Z'),
      utc('2026-10-24T21:00:00Z'),
      utc('2026-04-04T10:00:00Z'),
      utc('2026-09-05T20:00:00Z'),
      utc('2026-03-07T20:00:00Z'),
    ),
  )
  const rule: fc.Arbitrary<OpeningHoursRule> = fc.oneof(
    fc.record({ type: fc.constantFrom(...days), isClosed: fc.boolean(), from: openingTime, to: time }),
    fc.record({
      type: fc.constant('once' as const),
      date: fc.integer({ min: 0, max: 20 }).map((offset) => addDays('2026-03-25', offset)),
      isClosed: fc.boolean(),
      from: openingTime,
      to: time,
    }),
  )
  const leadTime = fc.record({
    isLeadTimeEnabled: fc.boolean(),
    leadTimeType: fc.constantFrom('minutes', 'hours', 'days', 'weeks') as fc.Arbitrary<
      'minutes' | 'hours' | 'days' | 'weeks'
    >,
    leadTimeValue: fc.integer({ min: 0, max: 90 }),
  })
  const query = fc.record({
    rules: fc.array(rule, { maxLength: 6 }),
    timeZone: zones,
    now,
    leadTimes: fc.array(leadTime, { maxLength: 3 }),
    stepMinutes: fc.constantFrom(1, 5, 7, 10, 15, 30, 60),
    horizonDays: fc.integer({ min: 1, max: 14 }),
  })

  function build(input: {
    rules: OpeningHoursRule[]
    timeZone: string
    now: number
    leadTimes: LeadTime[]
    stepMinutes: number
    horizonDays: number
  }): Availability {
    return computeAvailability({
      hours: compileSchedule(input.rules),
      timeZone: input.timeZone,
      now: input.now,
      leadTimes: input.leadTimes,
      stepMinutes: input.stepMinutes,
      horizonDays: input.horizonDays,
    })
  }

  /** The definition of a slot, checked without the availability's own bookkeeping. */
  function isSlotByDefinition(result: Availability, rules: ScheduleInput, instant: number): boolean {
    const localMs = localMsOf(instant, result.timeZone)
    const minuteOfDay = (((localMs % 86_400_000) + 86_400_000) % 86_400_000) / 60_000
    return (
      instant >= result.now &&
      instant >= result.earliest &&
      instant < result.horizonEnd &&
      Number.isInteger(minuteOfDay) &&
      minuteOfDay % result.stepMinutes === 0 &&
      isOpenAt(rules, result.timeZone, instant)
    )
  }

  it('every slot is open, after now and the lead time, on the step, strictly increasing, on its day', () => {
    fc.assert(
      fc.property(query, (input) => {
        const result = build(input)
        const schedule = compileSchedule(input.rules)
        let previous = Number.NEGATIVE_INFINITY
        for (const day of result.days) {
          for (const slot of slotsOn(result, day.date)) {
            expect(slot).toBeGreaterThan(previous)
            previous = slot
            expect(isSlotByDefinition(result, schedule, slot)).toBe(true)
            expect(localDateOf(slot, input.timeZone)).toBe(day.date)
            expect(isSlotAvailable(result, slot)).toBe(true)
          }
          expect(day.isAvailable).toBe(day.windows.length > 0)
        }
        const first = result.windows[0]?.first ?? null
        expect(firstAvailableSlot(result)).toBe(first)
      }),
      { numRuns: 300 },
    )
  })

  it('isSlotAvailable and checkSlot agree with the definition of a slot at any instant', () => {
    fc.assert(
      fc.property(
        query,
        fc.array(fc.integer({ min: -2 * 1440, max: 16 * 1440 }), { minLength: 20, maxLength: 20 }),
        (input, offsets) => {
          const result = build(input)
          const schedule = compileSchedule(input.rules)
          // Whole minutes from a whole-minute base, so the grid can actually be hit.
          const base = Math.floor(input.now / 60_000) * 60_000
          for (const offset of offsets) {
            const instant = base + offset * 60_000
            const expected = isSlotByDefinition(result, schedule, instant)
            expect(isSlotAvailable(result, instant)).toBe(expected)
            const check = checkSlot(result, instant)
            expect(check.isAvailable).toBe(expected)
            if (!check.isAvailable) expect(check.message.length).toBeGreaterThan(0)
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('firstSlotAtOrAfter returns the smallest slot not before the instant', () => {
    fc.assert(
      fc.property(query, fc.integer({ min: 0, max: 15 * 1440 }), (input, offset) => {
        const result = build(input)
        const instant = input.now + offset * 60_000
        const all = result.days.flatMap((day) => slotsOn(result, day.date))
        expect(firstSlotAtOrAfter(result, instant)).toBe(all.find((slot) => slot >= instant) ?? null)
      }),
      { numRuns: 200 },
    )
  })
})
