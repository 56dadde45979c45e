import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BranchHours } from './branch-hours.ts'
import {
  branchCard,
  branchOpenState,
  deliveryRulesOf,
  isDeliveryOpenAt,
  isOpenForOrderingAt,
  rulesForOrderType,
} from './branch-hours.ts'
import { openStateAt } from './open-state.ts'
import type { OpeningHoursRule } from './opening-hours.ts'
import { compileSchedule, isOpenAt, pickupWindow } from './opening-hours.ts'
import { BAKERY, closed, local, NEW_YORK, open, utc, ZURICH, zurich } from './scheduling.test-support.ts'

// 2026-03-27 is a Friday, 2026-03-29 the Sunday of the spring change.

describe('open state (spec §4)', () => {
  it('is open inside an interval, from included, to excluded', () => {
    expect(openStateAt(BAKERY, ZURICH, zurich('2026-03-27 08:00')).status).toBe('open')
    expect(openStateAt(BAKERY, ZURICH, zurich('2026-03-27 07:59')).status).toBe('closed')
    expect(openStateAt(BAKERY, ZURICH, zurich('2026-03-27 18:00')).status).toBe('closed')
  })

  it('is closing soon with fewer than 60 minutes left, not with exactly 60', () => {
    expect(openStateAt(BAKERY, ZURICH, zurich('2026-03-27 17:00')).status).toBe('open')
    const soon = openStateAt(BAKERY, ZURICH, zurich('2026-03-27 17:01'))
    expect(soon).toMatchObject({ status: 'closingSoon', isOpen: true, isClosingSoon: true })
    expect(soon.closesAt).toBe(zurich('2026-03-27 18:00'))
    expect(openStateAt(BAKERY, ZURICH, zurich('2026-03-27 17:00') + 1).status).toBe('closingSoon')
  })

  it('reports the shift and today’s hours', () => {
    const state = openStateAt(BAKERY, ZURICH, zurich('2026-03-27 10:00'))
    expect(state.shift).toMatchObject({ date: '2026-03-27', from: '08:00', to: '18:00' })
    expect(state.today).toMatchObject({ date: '2026-03-27', isClosed: false })
    expect(state.nextOpening).toBeNull()
  })

  it('a 24-hour shop is never closing soon and has no closing time within the horizon', () => {
    const state = openStateAt([open('daily', '00:00', '00:00')], ZURICH, zurich('2026-03-27 23:59'))
    expect(state).toMatchObject({ status: 'open', closesAt: null })
    expect(state.shift).toMatchObject({ from: '00:00', to: '24:00' })
  })

  it('a 24-hour shop closed on Sundays closes soon late on Saturday', () => {
    const rules = [open('daily', '00:00', '24:00'), closed('sunday')]
    const state = openStateAt(rules, ZURICH, zurich('2026-03-28 23:30'))
    expect(state.status).toBe('closingSoon')
    expect(state.closesAt).toBe(zurich('2026-03-29 00:00'))
  })

  it('open past midnight: Friday 22:00–02:00 is open early on Saturday, closing soon', () => {
    const rules = [open('friday', '22:00', '02:00'), open('saturday', '22:00', '02:00')]
    const state = openStateAt(rules, ZURICH, zurich('2026-03-28 01:30'))
    expect(state.status).toBe('closingSoon')
    expect(state.shift).toMatchObject({ date: '2026-03-27', from: '22:00', to: '02:00' })
    const after = openStateAt(rules, ZURICH, zurich('2026-03-28 02:00'))
    expect(after.status).toBe('closed')
    expect(after.nextOpening).toMatchObject({ date: '2026-03-28', time: '22:00', isToday: true })
  })

  it('continuous opening across midnight and touching intervals does not flag closing soon', () => {
    const rules = [open('friday', '20:00', '24:00'), open('saturday', '00:00', '03:00')]
    const state = openStateAt(rules, ZURICH, zurich('2026-03-27 23:30'))
    expect(state.status).toBe('open')
    expect(state.closesAt).toBe(zurich('2026-03-28 03:00'))
  })

  it('the spring DST night counts real time: Saturday 22:00–03:00 at 01:30 has 30 minutes left', () => {
    const state = openStateAt([open('saturday', '22:00', '03:00')], ZURICH, zurich('2026-03-29 01:30'))
    expect(state.status).toBe('closingSoon')
    expect(state.closesAt! - zurich('2026-03-29 01:30')).toBe(30 * 60_000)
  })

  it('the autumn DST night counts real time: Saturday 22:00–03:00 at 02:30 (first) has 90 minutes left', () => {
    const now = utc('2026-10-25T00:30:00Z') // 02:30 CEST, the first 02:30
    const state = openStateAt([open('saturday', '22:00', '03:00')], ZURICH, now)
    expect(state.status).toBe('open')
    expect(state.closesAt! - now).toBe(90 * 60_000)
  })

  it('finds the exact next opening, also when it is not on a half hour', () => {
    const rules = [open('daily', '10:15', '18:00')]
    expect(openStateAt(rules, ZURICH, zurich('2026-03-27 09:00')).nextOpening).toMatchObject({
      at: zurich('2026-03-27 10:15'),
      time: '10:15',
      isToday: true,
    })
    // A 10-minute window between two half-hour steps is still found.
    const short = [open('monday', '10:05', '10:15')]
    expect(openStateAt(short, ZURICH, zurich('2026-03-27 09:00')).nextOpening?.at).toBe(
      zurich('2026-03-30 10:05'),
    )
  })

  it('searches the next opening within the horizon only (default 7 days, parameter)', () => {
    const rules = [open('once', '09:00', '12:00', '2026-04-06')]
    const now = zurich('2026-03-27 12:00')
    expect(openStateAt(rules, ZURICH, now).nextOpening).toBeNull()
    expect(openStateAt(rules, ZURICH, now, { horizonDays: 10 }).nextOpening?.at).toBe(
      zurich('2026-04-06 09:00'),
    )
    // The horizon ends seven calendar days after now, exclusive.
    const afterLunch = zurich('2026-03-27 12:30')
    expect(openStateAt([open('friday', '12:00', '12:30')], ZURICH, afterLunch).nextOpening?.at).toBe(
      zurich('2026-04-03 12:00'),
    )
    expect(
      openStateAt([open('once', '12:30', '13:00', '2026-04-03')], ZURICH, afterLunch).nextOpening,
    ).toBeNull()
  })

  it('an opening inside the spring gap is reported at its real wall-clock time', () => {
    const state = openStateAt([open('sunday', '02:30', '05:00')], ZURICH, zurich('2026-03-28 20:00'))
    expect(state.nextOpening).toMatchObject({
      date: '2026-03-29',
      time: '03:30',
      at: utc('2026-03-29T01:30:00Z'),
    })
  })

  it('works in America/New_York', () => {
    const rules = [open('daily', '07:00', '15:00')]
    // 2026-03-27 18:30 UTC is 14:30 EDT: 30 minutes to closing.
    expect(openStateAt(rules, NEW_YORK, utc('2026-03-27T18:30:00Z')).status).toBe('closingSoon')
    expect(openStateAt(rules, NEW_YORK, utc('2026-03-27T19:00:00Z')).nextOpening?.at).toBe(
      local('2026-03-28 07:00', NEW_YORK),
    )
  })
})

describe('branch card (spec §2)', () => {
  const branch: BranchHours = {
    timeZone: ZURICH,
    openingHours: BAKERY,
    closedMessage: 'Betriebsferien bis 20. April',
  }

  it('open: today’s hours and the pickup window', () => {
    const card = branchCard(branch, zurich('2026-03-27 10:00'))
    expect(card.status).toBe('open')
    expect(card.hours.text).toBe('Offen heute 08:00 Uhr bis 18:00 Uhr')
    expect(card.pickup?.text).toBe('Abholung 08:00 Uhr bis 18:00 Uhr')
    expect(card.closingSoon).toBeNull()
  })

  it('pickup starts at orderableFrom if set', () => {
    const card = branchCard({ ...branch, orderableFrom: '10:30' }, zurich('2026-03-27 09:00'))
    expect(card.pickup).toEqual({
      key: 'scheduling:card.pickup',
      params: { from: '10:30', to: '18:00' },
      text: 'Abholung 10:30 Uhr bis 18:00 Uhr',
    })
  })

  it('pickup window edge cases: before, after and past midnight', () => {
    expect(pickupWindow({ from: '08:00', to: '18:00' }, '06:00')).toEqual({ from: '08:00', to: '18:00' })
    expect(pickupWindow({ from: '08:00', to: '18:00' }, '18:00')).toBeNull()
    expect(pickupWindow({ from: '22:00', to: '02:00' }, '00:30')).toEqual({ from: '00:30', to: '02:00' })
    expect(pickupWindow({ from: '22:00', to: '02:00' }, '23:00')).toEqual({ from: '23:00', to: '02:00' })
    expect(pickupWindow({ from: '08:00', to: '18:00' }, null)).toEqual({ from: '08:00', to: '18:00' })
  })

  it('flags closing soon', () => {
    const card = branchCard(branch, zurich('2026-03-27 17:30'))
    expect(card).toMatchObject({ status: 'closingSoon', isClosingSoon: true })
    expect(card.closingSoon?.text).toBe('Schliesst bald')
  })

  it('closed before today’s opening: today’s hours', () => {
    const card = branchCard(branch, zurich('2026-03-27 06:00'))
    expect(card.status).toBe('closed')
    expect(card.hours.text).toBe('Offen heute 08:00 Uhr bis 18:00 Uhr')
    expect(card.pickup).toBeNull()
  })

  it('closed until another day: "Öffnet {day} um {from} Uhr"', () => {
    expect(branchCard(branch, zurich('2026-03-28 18:30')).hours.text).toBe('Öffnet Montag um 08:00 Uhr')
    expect(branchCard(branch, zurich('2026-03-28 18:30'), { locale: 'fr-FR' }).hours.text).toBe(
      'Ouvre lundi à 08:00',
    )
  })

  it('no next shift: the closedMessage, else "Geschlossen"', () => {
    const shut = { ...branch, openingHours: [] }
    expect(branchCard(shut, zurich('2026-03-27 10:00')).hours).toEqual({
      key: null,
      params: {},
      text: 'Betriebsferien bis 20. April',
    })
    expect(branchCard({ ...shut, closedMessage: '  ' }, zurich('2026-03-27 10:00')).hours.text).toBe(
      'Geschlossen',
    )
    expect(branchCard({ ...shut, closedMessage: null }, zurich('2026-03-27 10:00')).hours.text).toBe(
      'Geschlossen',
    )
  })

  it('open past midnight shows the running shift', () => {
    const night = { timeZone: ZURICH, openingHours: [open('friday', '22:00', '02:00')] }
    expect(branchCard(night, zurich('2026-03-28 00:30')).hours.text).toBe(
      'Offen heute 22:00 Uhr bis 02:00 Uhr',
    )
  })
})

describe('delivery and ordering (spec §4)', () => {
  const delivery: OpeningHoursRule[] = [open('daily', '11:00', '21:00')]
  const branch: BranchHours = {
    timeZone: ZURICH,
    openingHours: BAKERY,
    deliveryHours: delivery,
    isDeliveryHoursEnabled: true,
  }

  it('delivery uses delivery hours when enabled, else opening hours', () => {
    expect(deliveryRulesOf(branch)).toBe(delivery)
    expect(deliveryRulesOf({ ...branch, isDeliveryHoursEnabled: false })).toBe(BAKERY)
    expect(rulesForOrderType(branch, 'delivery')).toBe(delivery)
    expect(rulesForOrderType(branch, 'takeaway')).toBe(BAKERY)
    expect(rulesForOrderType(branch, 'dineIn')).toBe(BAKERY)
    expect(isDeliveryOpenAt(branch, zurich('2026-03-27 09:00'))).toBe(false)
    expect(isDeliveryOpenAt({ ...branch, isDeliveryHoursEnabled: false }, zurich('2026-03-27 09:00'))).toBe(
      true,
    )
    expect(isDeliveryOpenAt(branch, zurich('2026-03-27 20:00'))).toBe(true)
  })

  it('enabled but empty delivery hours mean no delivery', () => {
    expect(isDeliveryOpenAt({ ...branch, deliveryHours: [] }, zurich('2026-03-27 12:00'))).toBe(false)
  })

  it('open for ordering when opening hours apply, or delivery hours are enabled and apply', () => {
    expect(isOpenForOrderingAt(branch, zurich('2026-03-27 09:00'))).toBe(true)
    expect(isOpenForOrderingAt(branch, zurich('2026-03-27 20:00'))).toBe(true)
    expect(
      isOpenForOrderingAt({ ...branch, isDeliveryHoursEnabled: false }, zurich('2026-03-27 20:00')),
    ).toBe(false)
    expect(isOpenForOrderingAt(branch, zurich('2026-03-27 22:00'))).toBe(false)
    // Sunday: the bakery is closed, delivery runs.
    const sunday = branchOpenState(branch, zurich('2026-03-29 12:00'))
    expect(sunday).toMatchObject({ isOpenForOrdering: true, isDeliveryOpen: true })
    expect(sunday.opening.nextOpening?.date).toBe('2026-03-30')
  })
})

describe('properties', () => {
  const zones = fc.constantFrom(ZURICH, NEW_YORK, 'Pacific/Auckland', 'America/Santiago', 'Asia/Kathmandu')
  const time = fc.integer({ min: 0, max: 1439 }).map((minutes) => {
    const hours = String(Math.floor(minutes / 60)).padStart(2, '0')
    return `${hours}:${String(minutes % 60).padStart(2, '0')}`
  })
  const rule = fc.record({
    type: fc.constantFrom('daily', 'monday', 'wednesday', 'friday', 'saturday', 'sunday') as fc.Arbitrary<
      OpeningHoursRule['type']
    >,
    isClosed: fc.boolean(),
    from: time,
    to: time,
  })
  const now = fc.integer({ min: utc('2026-01-01T00:00:00Z'), max: utc('2026-12-31T00:00:00Z') })

  it('status agrees with isOpenAt; the next opening is open, the instant before it is not', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 5 }), zones, now, (rules, zone, instant) => {
        const schedule = compileSchedule(rules)
        const state = openStateAt(schedule, zone, instant)
        expect(state.isOpen).toBe(isOpenAt(schedule, zone, instant))
        expect(state.isOpen).toBe(state.status !== 'closed')
        if (state.nextOpening !== null) {
          expect(state.nextOpening.at).toBeGreaterThan(instant)
          expect(isOpenAt(schedule, zone, state.nextOpening.at)).toBe(true)
          expect(isOpenAt(schedule, zone, state.nextOpening.at - 1)).toBe(false)
          // Nothing opens in between (sampled every 29 minutes).
          for (let probe = instant; probe < state.nextOpening.at; probe += 29 * 60_000) {
            expect(isOpenAt(schedule, zone, probe)).toBe(false)
          }
        }
        if (state.closesAt !== null) {
          expect(isOpenAt(schedule, zone, state.closesAt - 1)).toBe(true)
          expect(isOpenAt(schedule, zone, state.closesAt)).toBe(false)
        }
      }),
      { numRuns: 300 },
    )
  })
})
