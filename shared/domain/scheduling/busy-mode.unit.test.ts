import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { t } from '../../i18n/index.ts'
import type { OpeningHoursRule } from './opening-hours.ts'
import { BAKERY, lead, open, ZURICH, zurich } from './scheduling.test-support.ts'
import {
  type Availability,
  type BusyMode,
  busyNotice,
  checkAppointment,
  checkSlot,
  computeAvailability,
  dayOf,
  isSlotAvailable,
  slotMessageKey,
  slotsOfWindow,
} from './time-slots.ts'
import { MINUTE_MS, wallClockOf } from './zoned-time.ts'

// Busy mode (issue 17): a paused branch takes nothing before the pause ends and nothing "as soon
// as possible"; extra preparation time is a lead time of every order. 2026-03-27 is a Friday.

const NOW = zurich('2026-03-27 10:00')
const none: BusyMode = { pausedUntil: null, laterTimes: false, extraMinutes: 0, extraUntil: null }

function availability(busy: Partial<BusyMode>, extra: { hours?: OpeningHoursRule[]; now?: number } = {}) {
  return computeAvailability({
    hours: extra.hours ?? BAKERY,
    timeZone: ZURICH,
    now: extra.now ?? NOW,
    busy: { ...none, ...busy },
  })
}

const wall = (instant: number | null) => {
  if (instant === null) return 'none'
  const clock = wallClockOf(instant, ZURICH)
  return `${clock.date} ${clock.time}`
}
const windowsOn = (result: Availability, date: string) =>
  (dayOf(result, date)?.windows ?? []).map((w) => `${w.from}–${w.to}`)

describe('extra preparation time', () => {
  it('moves the first slot like a lead time while it lasts', () => {
    const result = availability({ extraMinutes: 30, extraUntil: zurich('2026-03-27 12:00') })
    expect(wall(result.firstSlot)).toBe('2026-03-27 10:30')
    expect(result.preparation).toEqual({ extraMinutes: 30, until: zurich('2026-03-27 12:00') })
    expect(windowsOn(result, '2026-03-27')).toEqual(['10:30–17:55'])
    expect(checkSlot(result, zurich('2026-03-27 10:15'))).toMatchObject({ reason: 'before-lead-time' })
    expect(checkAppointment(result, null)).toEqual({ isAvailable: true, slot: zurich('2026-03-27 10:30') })
  })

  it('ends by itself: once its time has passed it changes nothing', () => {
    const over = availability({ extraMinutes: 30, extraUntil: NOW })
    expect(over.preparation).toBeNull()
    expect(wall(over.firstSlot)).toBe('2026-03-27 10:00')
  })

  it('counts with the cart lead times: the larger wins', () => {
    const result = computeAvailability({
      hours: BAKERY,
      timeZone: ZURICH,
      now: NOW,
      leadTimes: [lead('minutes', 60)],
      busy: { ...none, extraMinutes: 30, extraUntil: zurich('2026-03-27 18:00') },
    })
    expect(wall(result.firstSlot)).toBe('2026-03-27 11:00')
  })
})

describe('paused', () => {
  it('with pre-orders: nothing before its end, nothing as soon as possible, later times stay', () => {
    const until = zurich('2026-03-27 10:30')
    const result = availability({ pausedUntil: until, laterTimes: true })
    expect(result.pause).toEqual({ until, laterTimes: true, resumesAt: until })
    expect(wall(result.firstSlot)).toBe('2026-03-27 10:30')
    expect(windowsOn(result, '2026-03-27')).toEqual(['10:30–17:55'])
    const early = checkSlot(result, zurich('2026-03-27 10:15'), 'de-CH')
    expect(early).toMatchObject({ isAvailable: false, reason: 'paused' })
    expect(early.isAvailable ? '' : early.message).toBe(
      'Wir nehmen gerade keine Online-Bestellungen an. Wieder ab 10:30 Uhr.',
    )
    expect(checkSlot(result, until)).toEqual({ isAvailable: true, slot: until })
    expect(checkAppointment(result, null)).toMatchObject({ isAvailable: false, reason: 'paused' })
  })

  it('without pre-orders: no time at all while it lasts (closed days stay closed days)', () => {
    const result = availability({ pausedUntil: zurich('2026-03-27 10:30'), laterTimes: false })
    expect(result.firstSlot).toBeNull()
    expect(result.windows).toEqual([])
    expect(result.days.slice(0, 3).map((d) => [d.date, d.reason])).toEqual([
      ['2026-03-27', 'paused'],
      ['2026-03-28', 'paused'],
      ['2026-03-29', 'closed-day'],
    ])
    expect(checkSlot(result, zurich('2026-03-28 09:00'))).toMatchObject({ reason: 'paused' })
    expect(checkAppointment(result, null)).toMatchObject({ reason: 'paused' })
  })

  it('for the rest of the day: "no more orders today", the next day open as ever', () => {
    const result = availability({ pausedUntil: zurich('2026-03-27 18:00'), laterTimes: true })
    expect(result.pause?.resumesAt).toBeNull()
    expect(dayOf(result, '2026-03-27')?.reason).toBe('paused')
    expect(windowsOn(result, '2026-03-28')).toEqual(['08:00–17:55'])
    expect(wall(result.firstSlot)).toBe('2026-03-28 08:00')
    const refused = checkAppointment(result, null, { locale: 'de-CH' })
    expect(refused.isAvailable ? '' : refused.message).toBe(
      'Wir nehmen heute keine Online-Bestellungen mehr an.',
    )
    expect(slotMessageKey('paused', result)).toBe('scheduling:unavailable.pausedUntilClosing')
  })

  it('ending in a break: orders are taken again when the branch opens again', () => {
    const split = [open('daily', '08:00', '12:00'), open('daily', '14:00', '18:00')]
    const result = availability(
      { pausedUntil: zurich('2026-03-27 12:20'), laterTimes: true },
      { hours: split, now: zurich('2026-03-27 11:50') },
    )
    expect(wall(result.pause?.resumesAt ?? null)).toBe('2026-03-27 14:00')
    const refused = checkAppointment(result, null, { locale: 'en' })
    expect(refused.isAvailable ? '' : refused.message).toBe(
      'We are not taking online orders right now. Back from 14:00.',
    )
  })

  it('is over once its time has come', () => {
    const result = availability({ pausedUntil: NOW, laterTimes: false })
    expect(result.pause).toBeNull()
    expect(wall(result.firstSlot)).toBe('2026-03-27 10:00')
  })
})

describe('busyNotice (what the storefront says)', () => {
  it('names the pause with the checkout refusal text', () => {
    const notice = busyNotice(
      availability({ pausedUntil: zurich('2026-03-27 12:30'), laterTimes: true }),
      'takeaway',
    )
    expect(notice).toEqual({ key: 'scheduling:unavailable.paused', params: { time: '12:30' } })
    expect(t(notice!.key, notice!.params, 'fr-FR')).toBe(
      'Nous ne prenons pas de commandes en ligne pour le moment. Reprise à 12:30.',
    )
  })

  it('names the earliest time extra preparation time leaves, per order type and day', () => {
    const today = availability({ extraMinutes: 45, extraUntil: zurich('2026-03-27 14:00') })
    const notice = busyNotice(today, 'takeaway')
    expect(notice).toEqual({ key: 'scheduling:busy.extra.takeaway', params: { time: '10:45' } })
    expect(t(notice!.key, notice!.params, 'de-CH')).toBe(
      'Wegen hoher Auslastung ist die Abholung frühestens um 10:45 Uhr möglich.',
    )
    expect(busyNotice(today, 'delivery')?.key).toBe('scheduling:busy.extra.delivery')
    // 17:40 plus 45 minutes is past the closing: the first time is tomorrow.
    const late = availability(
      { extraMinutes: 45, extraUntil: zurich('2026-03-27 18:00') },
      { now: zurich('2026-03-27 17:40') },
    )
    expect(busyNotice(late, 'takeaway')).toEqual({
      key: 'scheduling:busy.extraOn.takeaway',
      params: { date: '28.03.2026', time: '08:00' },
    })
  })

  it('says nothing when neither is in force', () => {
    expect(busyNotice(availability({}), 'takeaway')).toBeNull()
  })
})

describe('the availability and the slot check agree in busy mode', () => {
  it('every offered time passes the check, every refused time is offered by no window', () => {
    const minute = fc.integer({ min: 0, max: 3 * 24 * 60 })
    fc.assert(
      fc.property(
        fc.record({
          nowOffset: fc.integer({ min: 0, max: 24 * 60 }),
          pause: fc.option(fc.integer({ min: 1, max: 10 * 60 }), { nil: null }),
          laterTimes: fc.boolean(),
          extra: fc.option(
            fc.integer({ min: 1, max: 48 }).map((n) => n * 5),
            { nil: null },
          ),
          probes: fc.array(minute, { minLength: 1, maxLength: 20 }),
        }),
        ({ nowOffset, pause, laterTimes, extra, probes }) => {
          const now = zurich('2026-03-26 00:00') + nowOffset * MINUTE_MS
          const result = computeAvailability({
            hours: BAKERY,
            timeZone: ZURICH,
            now,
            horizonDays: 5,
            busy: {
              pausedUntil: pause === null ? null : now + pause * MINUTE_MS,
              laterTimes,
              extraMinutes: extra ?? 0,
              extraUntil: extra === null ? null : now + 8 * 60 * MINUTE_MS,
            },
          })
          for (const window of result.windows) {
            for (const slot of slotsOfWindow(window, result.stepMinutes)) {
              expect(checkSlot(result, slot).isAvailable).toBe(true)
              if (result.pause !== null) {
                expect(result.pause.laterTimes).toBe(true)
                expect(slot).toBeGreaterThanOrEqual(result.pause.until)
              }
            }
          }
          for (const offset of probes) {
            const instant = zurich('2026-03-26 00:00') + offset * MINUTE_MS
            expect(checkSlot(result, instant).isAvailable).toBe(isSlotAvailable(result, instant))
          }
          const asap = checkAppointment(result, null)
          if (result.pause !== null || result.firstSlot === null) expect(asap.isAvailable).toBe(false)
          else expect(asap).toEqual({ isAvailable: true, slot: result.firstSlot })
        },
      ),
      { numRuns: 150 },
    )
  })
})
