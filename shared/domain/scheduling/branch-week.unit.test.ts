import { describe, expect, it } from 'vitest'
import { branchWeek } from './branch-week.ts'
import type { OpeningHoursRule } from './opening-hours.ts'

const open = (type: OpeningHoursRule['type'], from: string, to: string, date: string | null = null) => ({
  type,
  date,
  isClosed: false,
  from,
  to,
})

// The demo's Zürich café: every day 06:30–19:00, Friday and Saturday until 01:00, Sunday
// shorter, Christmas Eve until 14:00; delivery on weekdays at lunch and in the evening.
const branch = {
  timeZone: 'Europe/Zurich',
  openingHours: [
    open('daily', '06:30', '19:00'),
    open('friday', '06:00', '01:00'),
    open('saturday', '06:00', '01:00'),
    open('sunday', '08:00', '17:00'),
    open('once', '06:30', '14:00', '2026-12-24'),
  ],
  deliveryHours: [open('monday', '11:00', '13:30'), open('monday', '17:30', '20:30')],
  isDeliveryHoursEnabled: true,
  isDeliveryEnabled: true,
}
const hours = (intervals: { from: string; to: string }[]) => intervals.map(({ from, to }) => `${from}–${to}`)

describe('branchWeek (issue 18)', () => {
  it('lists the current week Monday to Sunday with opening and delivery hours, today marked', () => {
    // Wednesday 2026-11-25, 10:00 in Zürich.
    const week = branchWeek(branch, Date.parse('2026-11-25T09:00:00Z'))
    expect(week.days.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ])
    expect(week.days.map((d) => hours(d.opening.intervals))).toEqual([
      ['06:30–19:00'],
      ['06:30–19:00'],
      ['06:30–19:00'],
      ['06:30–19:00'],
      ['06:00–01:00'],
      ['06:00–01:00'],
      ['08:00–17:00'],
    ])
    expect(hours(week.days[0]!.delivery!.intervals)).toEqual(['11:00–13:30', '17:30–20:30'])
    expect(week.days[1]!.delivery!.intervals).toEqual([])
    expect(week.todayHours).toMatchObject({ date: '2026-11-25', isToday: true })
    expect(week.days.filter((d) => d.isToday)).toHaveLength(1)
    expect(week.days.some((d) => d.opening.isException)).toBe(false)
  })

  it("marks the once rule of this week as today's exception", () => {
    // Thursday 2026-12-24, 08:00 in Zürich.
    const week = branchWeek(branch, Date.parse('2026-12-24T07:00:00Z'))
    expect(week.todayHours.opening).toEqual({
      intervals: [expect.objectContaining({ from: '06:30', to: '14:00' })],
      isException: true,
    })
    expect(week.days.filter((d) => d.opening.isException).map((d) => d.date)).toEqual(['2026-12-24'])
  })

  it('has no delivery without delivery, and takes the day of the branch time zone', () => {
    // Sunday 23:30 UTC is already Monday in Zürich.
    const week = branchWeek({ ...branch, isDeliveryEnabled: false }, Date.parse('2026-11-29T23:30:00Z'))
    expect(week.today).toBe('2026-11-30')
    expect(week.days.every((d) => d.delivery === null)).toBe(true)
  })
})
