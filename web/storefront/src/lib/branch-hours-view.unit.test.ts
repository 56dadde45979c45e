import { describe, expect, it } from 'vitest'
import {
  branchesTakingOrders,
  closedForOrders,
  formatClock,
  type HoursBranch,
  reopeningText,
  telLink,
  weekdayName,
} from './branch-hours-view.ts'

const rule = (type: 'daily' | 'saturday' | 'sunday', from: string, to: string) => ({
  type,
  date: null,
  isClosed: false,
  from,
  to,
})

const branch = (id: string, overrides: Partial<HoursBranch> = {}): HoursBranch => ({
  id,
  identifier: id,
  name: `Filiale ${id}`,
  isPublic: true,
  timeZone: 'Europe/Zurich',
  openingHours: [rule('daily', '06:30', '19:00')],
  deliveryHours: [],
  isDeliveryHoursEnabled: false,
  isTakeawayEnabled: true,
  isDeliveryEnabled: false,
  isDineInEnabled: false,
  isPreorderEnabled: false,
  isQuotationRequired: false,
  ...overrides,
})

// Monday 23 November 2026, 03:00 in Zürich.
const NIGHT = Date.parse('2026-11-23T02:00:00Z')

describe('a branch that takes no orders now (issue 18)', () => {
  it('is closed for orders until it opens, unless it takes pre-orders or quotations', () => {
    expect(closedForOrders(branch('a'), NIGHT)).toEqual({ opensAt: Date.parse('2026-11-23T05:30:00Z') })
    expect(closedForOrders(branch('a', { isPreorderEnabled: true }), NIGHT)).toBeNull()
    expect(closedForOrders(branch('a', { isQuotationRequired: true }), NIGHT)).toBeNull()
    expect(closedForOrders(branch('a'), Date.parse('2026-11-23T09:00:00Z'))).toBeNull()
    // Never open: closed, with no time to name.
    expect(closedForOrders(branch('a', { openingHours: [] }), NIGHT)).toEqual({ opensAt: null })
  })

  it('offers the other public branches that take orders now', () => {
    const all = [
      branch('here'),
      branch('preorders', { isPreorderEnabled: true }),
      branch('hidden', { isPreorderEnabled: true, isPublic: false }),
      branch('late', { openingHours: [rule('daily', '00:00', '24:00')] }),
      branch('closed'),
    ]
    expect(branchesTakingOrders(all, 'here', NIGHT).map((b) => b.id)).toEqual(['preorders', 'late'])
  })
})

describe('words for times and days', () => {
  it('writes times and weekdays in the language', () => {
    expect(formatClock('06:30', 'de-CH')).toBe('06:30')
    expect(formatClock('24:00', 'fr-FR')).toBe('24:00')
    expect(formatClock('17:30', 'en').replace(/\s/g, ' ')).toBe('05:30 PM')
    expect(weekdayName('2026-12-24', 'de-CH')).toBe('Donnerstag')
    expect(weekdayName('2026-12-24', 'fr-FR')).toBe('jeudi')
    expect(weekdayName('2026-12-24', 'en')).toBe('Thursday')
  })

  it("says today's time alone, another day with its weekday and date", () => {
    expect(reopeningText(Date.parse('2026-11-23T05:30:00Z'), NIGHT, 'Europe/Zurich', 'de-CH')).toEqual({
      today: true,
      time: '06:30',
    })
    const later = reopeningText(Date.parse('2026-11-24T05:30:00Z'), NIGHT, 'Europe/Zurich', 'de-CH')
    expect(later.today).toBe(false)
    if (!later.today) expect(later.when).toMatch(/^Dienstag, 24\. November.*06:30$/)
    expect(telLink('+41 44 251 18 98')).toBe('tel:+41442511898')
    expect(telLink('0041 44 251 18 98')).toBe('tel:+41442511898')
  })
})
