import { describe, expect, it } from 'vitest'
import {
  categoryAvailability,
  isScheduled,
  productAvailability,
  ruleMatches,
  type Schedule,
  weekdayOf,
} from './availability.ts'
import { aCategory, aProduct } from './catalogue.test-support.ts'

// 2026-03-02 is a Monday.
const at = (date: string, time: string) => ({ date, time })

describe('weekdays', () => {
  it('derives the weekday from the local date', () => {
    expect(weekdayOf('2026-03-02')).toBe('monday')
    expect(weekdayOf('2026-03-08')).toBe('sunday')
    expect(weekdayOf('1970-01-01')).toBe('thursday')
    expect(weekdayOf('1969-12-31')).toBe('wednesday')
    expect(weekdayOf('2024-02-29')).toBe('thursday')
    expect(weekdayOf('2026-02-29')).toBeNull()
    expect(weekdayOf('2026-3-2')).toBeNull()
  })
})

describe('schedules', () => {
  it('no schedule means always', () => {
    expect(isScheduled(null, at('2026-03-02', '03:00'))).toBe(true)
    expect(isScheduled(undefined, at('2026-03-02', '03:00'))).toBe(true)
    expect(isScheduled([], at('2026-03-02', '03:00'))).toBe(true)
    expect(isScheduled([{}], at('2026-03-02', '03:00'))).toBe(true)
  })

  it('checks weekdays, with an empty list meaning every day', () => {
    const weekends: Schedule = [{ weekdays: ['saturday', 'sunday'] }]
    expect(isScheduled(weekends, at('2026-03-07', '12:00'))).toBe(true)
    expect(isScheduled(weekends, at('2026-03-02', '12:00'))).toBe(false)
    expect(isScheduled([{ weekdays: [] }], at('2026-03-02', '12:00'))).toBe(true)
  })

  it('treats from as inclusive and to as exclusive', () => {
    const breakfast: Schedule = [{ from: '07:00', to: '11:00' }]
    expect(isScheduled(breakfast, at('2026-03-02', '06:59'))).toBe(false)
    expect(isScheduled(breakfast, at('2026-03-02', '07:00'))).toBe(true)
    expect(isScheduled(breakfast, at('2026-03-02', '10:59'))).toBe(true)
    expect(isScheduled(breakfast, at('2026-03-02', '11:00'))).toBe(false)
    expect(isScheduled([{ from: '18:00' }], at('2026-03-02', '23:59'))).toBe(true)
    expect(isScheduled([{ to: '24:00' }], at('2026-03-02', '23:59'))).toBe(true)
    expect(isScheduled([{ from: '00:00', to: '00:00' }], at('2026-03-02', '13:37'))).toBe(true)
  })

  it('runs windows past midnight on the day they start', () => {
    const fridayNight: Schedule = [{ weekdays: ['friday'], from: '22:00', to: '02:00' }]
    expect(isScheduled(fridayNight, at('2026-03-06', '23:00'))).toBe(true) // Friday
    expect(isScheduled(fridayNight, at('2026-03-07', '01:30'))).toBe(true) // Saturday early
    expect(isScheduled(fridayNight, at('2026-03-07', '02:00'))).toBe(false)
    expect(isScheduled(fridayNight, at('2026-03-06', '01:30'))).toBe(false) // Thursday's night
    expect(isScheduled(fridayNight, at('2026-03-07', '23:00'))).toBe(false)
  })

  it('checks the date range inclusively', () => {
    const advent: Schedule = [{ startDate: '2026-11-29', endDate: '2026-12-24' }]
    expect(isScheduled(advent, at('2026-11-28', '23:59'))).toBe(false)
    expect(isScheduled(advent, at('2026-11-29', '00:00'))).toBe(true)
    expect(isScheduled(advent, at('2026-12-24', '23:59'))).toBe(true)
    expect(isScheduled(advent, at('2026-12-25', '00:00'))).toBe(false)
    // The night after the last day still belongs to the last day.
    expect(
      isScheduled([{ endDate: '2026-12-24', from: '22:00', to: '01:00' }], at('2026-12-25', '00:30')),
    ).toBe(true)
  })

  it('allows when any rule matches', () => {
    const lunchAndDinner: Schedule = [
      { from: '11:30', to: '14:00' },
      { from: '18:00', to: '22:00' },
    ]
    expect(isScheduled(lunchAndDinner, at('2026-03-02', '12:00'))).toBe(true)
    expect(isScheduled(lunchAndDinner, at('2026-03-02', '19:00'))).toBe(true)
    expect(isScheduled(lunchAndDinner, at('2026-03-02', '16:00'))).toBe(false)
  })

  it('fails closed on malformed data', () => {
    expect(ruleMatches({ from: '7:00' }, at('2026-03-02', '08:00'))).toBe(false)
    expect(ruleMatches({ to: '25:00' }, at('2026-03-02', '08:00'))).toBe(false)
    expect(ruleMatches({ startDate: '2026-13-01' }, at('2026-03-02', '08:00'))).toBe(false)
    expect(ruleMatches({}, at('2026-03-02', '24:00'))).toBe(false)
    expect(ruleMatches({}, at('02.03.2026', '08:00'))).toBe(false)
  })
})

describe('availability', () => {
  const now = at('2026-03-02', '15:00')
  const morning: Schedule = [{ from: '06:00', to: '11:00' }]

  it('orders a category when enabled and scheduled', () => {
    expect(categoryAvailability(aCategory(), now)).toEqual({ visible: true, orderable: true, reason: null })
  })

  it('shows an unavailable category only when visible-when-unavailable', () => {
    expect(categoryAvailability(aCategory({ schedule: morning }), now)).toEqual({
      visible: false,
      orderable: false,
      reason: 'category-unscheduled',
    })
    expect(
      categoryAvailability(aCategory({ schedule: morning, isVisibleWhenUnavailable: true }), now),
    ).toEqual({
      visible: true,
      orderable: false,
      reason: 'category-unscheduled',
    })
    expect(
      categoryAvailability(aCategory({ isEnabled: false, isVisibleWhenUnavailable: true }), now),
    ).toEqual({
      visible: true,
      orderable: false,
      reason: 'category-disabled',
    })
  })

  it('requires product and category to be enabled and scheduled', () => {
    expect(productAvailability(aProduct(), aCategory(), now)).toEqual({ orderable: true, reason: null })
    expect(productAvailability(aProduct({ isEnabled: false }), aCategory(), now).reason).toBe(
      'product-disabled',
    )
    expect(productAvailability(aProduct({ schedule: morning }), aCategory(), now).reason).toBe(
      'product-unscheduled',
    )
    expect(productAvailability(aProduct(), aCategory({ isEnabled: false }), now).reason).toBe(
      'category-disabled',
    )
    expect(productAvailability(aProduct(), aCategory({ schedule: morning }), now)).toEqual({
      orderable: false,
      reason: 'category-unscheduled',
    })
  })
})
