import { describe, expect, it } from 'vitest'
import { isMonth, monthChoices, previousMonth, timeSheetHref } from './time-sheets-model.ts'

describe('time sheets page', () => {
  it('offers this month and the twelve before, over the year boundary', () => {
    expect(previousMonth('2027-01')).toBe('2026-12')
    const months = monthChoices('2027-03')
    expect(months).toHaveLength(13)
    expect(months.slice(0, 4)).toEqual(['2027-03', '2027-02', '2027-01', '2026-12'])
    expect(months.at(-1)).toBe('2026-03')
  })

  it('checks a month and builds the download paths', () => {
    expect(isMonth('2027-12')).toBe(true)
    expect(isMonth('2027-13')).toBe(false)
    expect(isMonth(null)).toBe(false)
    expect(timeSheetHref('u 1', '2027-03', 'pdf')).toBe('/api/time-sheets/u%201/2027-03.pdf')
  })
})
