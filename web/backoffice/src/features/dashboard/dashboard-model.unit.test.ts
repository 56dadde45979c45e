import { describe, expect, it } from 'vitest'
import {
  CSV_BOM,
  csvCell,
  csvFileName,
  csvMoney,
  datesOf,
  dayPoints,
  directionOf,
  durationParts,
  filtersFromSearch,
  filtersToSearch,
  heatMap,
  isCompleteRange,
  isEstimate,
  optionLabel,
  pointsChange,
  presetRange,
  previousPeriod,
  rangeDays,
  rangeOf,
  relativeChange,
  statisticsPath,
  toCsv,
  visitDayPoints,
} from './dashboard-model.ts'

// Tuesday 24 November 2026 (the e2e stage's day).
const TUESDAY = '2026-11-24'

describe('range presets and the previous period', () => {
  it('computes every preset in local days', () => {
    expect(presetRange('today', TUESDAY)).toEqual({ from: TUESDAY, to: TUESDAY })
    expect(presetRange('yesterday', TUESDAY)).toEqual({ from: '2026-11-23', to: '2026-11-23' })
    expect(presetRange('week', TUESDAY)).toEqual({ from: '2026-11-23', to: TUESDAY })
    // A Monday is its own week's start; a Sunday goes back six days.
    expect(presetRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' })
    expect(presetRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
    expect(presetRange('last30', TUESDAY)).toEqual({ from: '2026-10-26', to: TUESDAY })
    expect(rangeDays(presetRange('last30', TUESDAY))).toBe(30)
    expect(presetRange('year', TUESDAY)).toEqual({ from: '2026-01-01', to: TUESDAY })
    // Across a month and a year end.
    expect(presetRange('yesterday', '2027-01-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' })
    expect(presetRange('last30', '2027-01-10')).toEqual({ from: '2026-12-12', to: '2027-01-10' })
  })

  it('takes the same number of days immediately before as the previous period', () => {
    expect(previousPeriod({ from: TUESDAY, to: TUESDAY })).toEqual({ from: '2026-11-23', to: '2026-11-23' })
    expect(previousPeriod({ from: '2026-10-26', to: TUESDAY })).toEqual({
      from: '2026-09-26',
      to: '2026-10-25',
    })
    const week = previousPeriod({ from: '2026-11-23', to: TUESDAY })
    expect(week).toEqual({ from: '2026-11-21', to: '2026-11-22' })
    // This year so far (2026 is no leap year): 328 days before 1 January.
    const year = presetRange('year', TUESDAY)
    expect(rangeDays(previousPeriod(year))).toBe(rangeDays(year))
    expect(previousPeriod(year).to).toBe('2025-12-31')
    // March across a leap day.
    expect(previousPeriod({ from: '2028-03-01', to: '2028-03-31' })).toEqual({
      from: '2028-01-30',
      to: '2028-02-29',
    })
  })

  it('lists the days of a range and counts reversed ranges as empty', () => {
    expect(datesOf({ from: '2026-10-30', to: '2026-11-02' })).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ])
    expect(rangeDays({ from: '2026-11-02', to: '2026-11-01' })).toBe(0)
    expect(datesOf({ from: '2026-11-02', to: '2026-11-01' })).toEqual([])
  })
})

describe('filters in the URL query', () => {
  it('reads the defaults, presets, custom ranges, branch and order type', () => {
    const none = filtersFromSearch(new URLSearchParams(), TUESDAY)
    expect(none).toEqual({ preset: 'last30', from: '', to: '', branch: '', orderType: '' })
    expect(rangeOf(none, TUESDAY)).toEqual({ from: '2026-10-26', to: TUESDAY })
    const custom = filtersFromSearch(
      new URLSearchParams('range=custom&from=2026-11-01&to=2026-11-10&branch=b1&type=delivery'),
      TUESDAY,
    )
    expect(custom).toEqual({
      preset: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
      branch: 'b1',
      orderType: 'delivery',
    })
    expect(rangeOf(custom, TUESDAY)).toEqual({ from: '2026-11-01', to: '2026-11-10' })
    // Unknown values fall back; a custom range without dates starts as the last 30 days.
    expect(filtersFromSearch(new URLSearchParams('range=decade&type=drone'), TUESDAY)).toMatchObject({
      preset: 'last30',
      orderType: '',
    })
    expect(filtersFromSearch(new URLSearchParams('range=custom'), TUESDAY)).toMatchObject({
      from: '2026-10-26',
      to: TUESDAY,
    })
  })

  it('writes only what differs from the defaults and reads it back the same', () => {
    expect(
      filtersToSearch({ preset: 'last30', from: '', to: '', branch: '', orderType: '' }).toString(),
    ).toBe('')
    const today = { preset: 'today', from: '', to: '', branch: 'b2', orderType: 'dineIn' } as const
    expect(filtersToSearch(today).toString()).toBe('range=today&branch=b2&type=dineIn')
    expect(filtersFromSearch(filtersToSearch(today), TUESDAY)).toEqual(today)
    const custom = {
      preset: 'custom',
      from: '2026-11-10',
      to: '2026-11-01',
      branch: '',
      orderType: '',
    } as const
    expect(filtersFromSearch(filtersToSearch(custom), TUESDAY)).toEqual(custom)
  })

  it('builds the statistics request and tells complete ranges from ones being typed', () => {
    expect(
      statisticsPath('orders', { from: '2026-11-01', to: '2026-11-30' }, { branch: '', orderType: '' }),
    ).toBe('/statistics/orders?from=2026-11-01&to=2026-11-30')
    expect(
      statisticsPath(
        'popular-items',
        { from: TUESDAY, to: TUESDAY },
        { branch: 'b 1', orderType: 'takeaway' },
        10,
      ),
    ).toBe('/statistics/popular-items?from=2026-11-24&to=2026-11-24&branch=b+1&orderType=takeaway&limit=10')
    expect(isCompleteRange({ from: '2026-11-01', to: '2026-11-30' })).toBe(true)
    expect(isCompleteRange({ from: '', to: '2026-11-30' })).toBe(false)
  })
})

describe('changes against the previous period', () => {
  it('gives a relative change, none without a previous value', () => {
    expect(relativeChange(112, 100)).toBeCloseTo(0.12)
    expect(relativeChange(50, 100)).toBeCloseTo(-0.5)
    expect(relativeChange(5, 0)).toBeNull()
    expect(relativeChange(0, 0)).toBeNull()
    expect(relativeChange(null, 10)).toBeNull()
    expect(relativeChange(10, null)).toBeNull()
    expect(relativeChange(0, 10)).toBe(-1)
  })

  it('gives a share change in percentage points', () => {
    expect(pointsChange(0.3, 0.25)).toBe(5)
    expect(pointsChange(0.1, 0.125)).toBe(-2.5)
    expect(pointsChange(0.1, null)).toBeNull()
  })

  it('points the arrow as the rounded change reads', () => {
    expect(directionOf(12)).toBe('up')
    expect(directionOf(-0.5)).toBe('down')
    expect(directionOf(Math.round(relativeChange(1001, 1000)! * 100))).toBe('same')
    expect(directionOf(null)).toBeNull()
  })
})

describe('chart data', () => {
  it('fills every day of the range for the revenue chart', () => {
    const points = dayPoints(
      { from: '2026-11-01', to: '2026-11-03' },
      { days: [{ date: '2026-11-02', orders: 2, net: 1000, tax: 81, gross: 1081 }] },
      {
        days: [
          { date: '2026-11-02', orders: 3, completed: 2, open: 0, lost: 1 },
          { date: '2026-11-03', orders: 1, completed: 0, open: 0, lost: 1 },
        ],
      },
    )
    expect(points).toEqual([
      { date: '2026-11-01', orders: 0, gross: 0, net: 0, tax: 0 },
      { date: '2026-11-02', orders: 3, gross: 1081, net: 1000, tax: 81 },
      { date: '2026-11-03', orders: 1, gross: 0, net: 0, tax: 0 },
    ])
  })

  it('builds the weekday × hour matrix over the hours with orders', () => {
    const map = heatMap(
      [
        { weekday: 2, hour: 9, orders: 3 },
        { weekday: 2, hour: 11, orders: 5 },
        { weekday: 7, hour: 10, orders: 1 },
      ],
      'orders',
    )
    expect(map.hours).toEqual([9, 10, 11])
    expect(map.matrix[1]).toEqual([3, 0, 5])
    expect(map.matrix[6]).toEqual([0, 1, 0])
    expect(map.matrix[0]).toEqual([0, 0, 0])
    expect(map.cells).toHaveLength(21)
    expect(map.cells).toContainEqual([2, 1, 5])
    expect(map.max).toBe(5)
    expect(map.total).toBe(9)
    expect(map.busiest).toEqual({ weekday: 2, hour: 11, value: 5 })
    const empty = heatMap([], 'orders')
    expect(empty.hours).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18])
    expect(empty.busiest).toBeNull()
    expect(empty.max).toBe(0)
  })

  it('builds the same matrix from page views by weekday and hour, leaving out impossible cells', () => {
    const map = heatMap(
      [
        { weekday: 6, hour: 9, views: 2 },
        { weekday: 6, hour: 10, views: 1 },
        { weekday: 7, hour: 0, views: 1 },
        { weekday: 8, hour: 5, views: 9 },
        { weekday: 1, hour: 24, views: 9 },
        { weekday: 3, hour: 12, views: 0 },
      ],
      'views',
    )
    // Midnight to ten: every hour between the first and the last with views.
    expect(map.hours).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(map.matrix[5]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1])
    expect(map.matrix[6]).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(map.total).toBe(4)
    expect(map.max).toBe(2)
    expect(map.busiest).toEqual({ weekday: 6, hour: 9, value: 2 })
    expect(map.cells).toHaveLength(7 * 11)
  })

  it('fills every day of the range for the visitors chart', () => {
    const points = visitDayPoints(
      { from: '2026-04-10', to: '2026-04-13' },
      {
        days: [
          { date: '2026-04-11', visitors: 1 },
          { date: '2026-04-12', visitors: 1 },
        ],
      },
      {
        days: [
          { date: '2026-04-11', views: 3 },
          { date: '2026-04-12', views: 1 },
          // Outside the range (never drawn).
          { date: '2026-04-20', views: 7 },
        ],
      },
    )
    expect(points).toEqual([
      { date: '2026-04-10', visitors: 0, views: 0 },
      { date: '2026-04-11', visitors: 1, views: 3 },
      { date: '2026-04-12', visitors: 1, views: 1 },
      { date: '2026-04-13', visitors: 0, views: 0 },
    ])
    expect(visitDayPoints({ from: '2026-04-10', to: '2026-04-10' }, { days: [] }, { days: [] })).toEqual([
      { date: '2026-04-10', visitors: 0, views: 0 },
    ])
  })

  it('tells an estimated visitor count only by an explicit exact: false', () => {
    expect(isEstimate({ exact: false })).toBe(true)
    expect(isEstimate({ exact: true })).toBe(false)
    // A server that does not send the field yet counts exactly.
    expect(isEstimate({})).toBe(false)
  })

  it('names a popular option with its product and part', () => {
    expect(optionLabel({ name: 'Cappuccino', part: 'Milch', option: 'Hafermilch' })).toBe(
      'Cappuccino – Milch: Hafermilch',
    )
    expect(optionLabel({ name: 'Wunschtorte', part: '', option: '24 cm' })).toBe('Wunschtorte – 24 cm')
  })

  it('splits durations', () => {
    expect(durationParts(272.4)).toEqual({ hours: 0, minutes: 4, seconds: 32 })
    expect(durationParts(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 })
  })
})

describe('CSV', () => {
  it('quotes where needed, keeps numbers, defuses formulas', () => {
    expect(csvCell('Buttergipfeli')).toBe('Buttergipfeli')
    expect(csvCell('Brot, hell')).toBe('"Brot, hell"')
    expect(csvCell('Sag "Hallo"')).toBe('"Sag ""Hallo"""')
    expect(csvCell('zwei\nZeilen')).toBe('"zwei\nZeilen"')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('-5')).toBe("'-5")
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(1.5)).toBe('1.5')
    expect(csvCell(null)).toBe('')
  })

  it('writes money as decimal francs and the whole file with BOM, header and CRLF', () => {
    expect(csvMoney(1250)).toBe('12.50')
    expect(csvMoney(5)).toBe('0.05')
    expect(csvMoney(-199)).toBe('-1.99')
    const csv = toCsv(
      ['Datum', 'Bestellungen', 'Brutto'],
      [
        ['2026-11-24', 3, csvMoney(1250)],
        ['2026-11-25', 0, csvMoney(0)],
      ],
    )
    expect(csv.startsWith(CSV_BOM)).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Datum,Bestellungen,Brutto',
      '2026-11-24,3,12.50',
      '2026-11-25,0,0.00',
      '',
    ])
  })

  it('names the file after its content and the range', () => {
    const range = { from: '2026-11-01', to: '2026-11-30' }
    expect(csvFileName('Umsatz', range)).toBe('umsatz-2026-11-01_2026-11-30.csv')
    expect(csvFileName('Beliebte Artikel', range)).toBe('beliebte-artikel-2026-11-01_2026-11-30.csv')
    expect(csvFileName('Stornogründe', range)).toBe('stornogrunde-2026-11-01_2026-11-30.csv')
    expect(csvFileName('', range)).toBe('statistik-2026-11-01_2026-11-30.csv')
  })
})
