/**
 * The statistics dashboard's pure decisions (docs/statistics.md, unit tested): the range presets
 * in the shop's local days, the previous period, the filters in the URL query, the change
 * against the previous period, the days and the heat maps the charts draw, and the CSV files.
 */
import type {
  OrdersStatistics,
  PageViewsStatistics,
  PopularItemsStatistics,
  RevenueStatistics,
  UniqueVisitorsStatistics,
} from '@shop/shared/contracts/http/statistics.http.ts'
import { centsToDecimalString, ORDER_TYPES, type OrderType } from '@shop/shared/domain/common'
import {
  addDays,
  daysBetween,
  isLocalDate,
  isoWeekdayOf,
  type LocalDate,
} from '@shop/shared/domain/scheduling/zoned-time.ts'

export const PRESETS = ['today', 'yesterday', 'week', 'last30', 'year', 'custom'] as const
export type Preset = (typeof PRESETS)[number]
export const DEFAULT_PRESET: Exclude<Preset, 'custom'> = 'last30'

/** Both ends included, in the branches' local days. */
export type DateRange = { from: LocalDate; to: LocalDate }

export type DashboardFilters = {
  preset: Preset
  /** Only for 'custom' (the presets follow the day). */
  from: string
  to: string
  /** '' = every branch the user may read (the server scopes an employee's). */
  branch: string
  orderType: OrderType | ''
}

/**
 * The range of a preset on `today`: "this week" is Monday to today, "last 30 days" today − 29 to
 * today, "this year" 1 January to today.
 */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: LocalDate): DateRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case 'yesterday': {
      const day = addDays(today, -1)
      return { from: day, to: day }
    }
    case 'week':
      return { from: addDays(today, 1 - isoWeekdayOf(today)), to: today }
    case 'last30':
      return { from: addDays(today, -29), to: today }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today }
  }
}

/** The number of days of a range, both ends included (0 for a reversed one). */
export function rangeDays(range: DateRange): number {
  return Math.max(0, daysBetween(range.from, range.to) + 1)
}

/** The same number of days immediately before the range. */
export function previousPeriod(range: DateRange): DateRange {
  const days = Math.max(1, rangeDays(range))
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) }
}

/** Every day of the range in order (at most `max`, for a chart's axis). */
export function datesOf(range: DateRange, max = 1200): LocalDate[] {
  const days = Math.min(rangeDays(range), max)
  return Array.from({ length: days }, (_, i) => addDays(range.from, i))
}

const isPreset = (v: string | null): v is Preset => PRESETS.includes(v as Preset)
const isOrderType = (v: string | null): v is OrderType => ORDER_TYPES.includes(v as OrderType)

/** The filters of the URL query (`range`, `from`, `to`, `branch`, `type`). */
export function filtersFromSearch(params: URLSearchParams, today: LocalDate): DashboardFilters {
  const preset = isPreset(params.get('range')) ? (params.get('range') as Preset) : DEFAULT_PRESET
  const type = params.get('type')
  let from = ''
  let to = ''
  if (preset === 'custom') {
    const fallback = presetRange(DEFAULT_PRESET, today)
    from = params.get('from') ?? fallback.from
    to = params.get('to') ?? fallback.to
  }
  return {
    preset,
    from,
    to,
    branch: params.get('branch') ?? '',
    orderType: isOrderType(type) ? type : '',
  }
}

/** The URL query of the filters; defaults are left out. */
export function filtersToSearch(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.preset !== DEFAULT_PRESET) params.set('range', filters.preset)
  if (filters.preset === 'custom') {
    params.set('from', filters.from)
    params.set('to', filters.to)
  }
  if (filters.branch) params.set('branch', filters.branch)
  if (filters.orderType) params.set('type', filters.orderType)
  return params
}

/** The range the filters ask for on `today` (a custom one as typed: the server checks it). */
export function rangeOf(filters: DashboardFilters, today: LocalDate): DateRange {
  return filters.preset === 'custom'
    ? { from: filters.from, to: filters.to }
    : presetRange(filters.preset, today)
}

/** Whether both ends are dates (a custom range being typed may not be yet). */
export function isCompleteRange(range: DateRange): boolean {
  return isLocalDate(range.from) && isLocalDate(range.to)
}

/** GET /api/statistics/<name> with the range and the filters. */
export function statisticsPath(
  name: string,
  range: DateRange,
  filters: Pick<DashboardFilters, 'branch' | 'orderType'>,
  limit?: number,
): string {
  const params = new URLSearchParams({ from: range.from, to: range.to })
  if (filters.branch) params.set('branch', filters.branch)
  if (filters.orderType) params.set('orderType', filters.orderType)
  if (limit !== undefined) params.set('limit', String(limit))
  return `/statistics/${name}?${params}`
}

/**
 * The relative change against the previous period (0.12 = +12 %), or null when there is nothing
 * to compare with (no previous value, or it was zero).
 */
export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null
  return (current - previous) / previous
}

/** The change of a share in percentage points (0.25 → 0.30 is +5), null without both shares. */
export function pointsChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null
  return Math.round((current - previous) * 1000) / 10
}

/**
 * The direction an arrow shows for a change as it is displayed (rounded: "+0 %" gets no arrow
 * up), null without a comparison.
 */
export function directionOf(shown: number | null): 'up' | 'down' | 'same' | null {
  if (shown === null) return null
  if (shown === 0) return 'same'
  return shown > 0 ? 'up' : 'down'
}

export type DayPoint = { date: LocalDate; orders: number; gross: number; net: number; tax: number }

/**
 * One point per day of the range for the revenue chart and table: the orders placed that day
 * (all outcomes) and the revenue of the orders that count; days without orders are zeros.
 */
export function dayPoints(
  range: DateRange,
  revenue: Pick<RevenueStatistics, 'days'>,
  orders: Pick<OrdersStatistics, 'days'>,
): DayPoint[] {
  const money = new Map(revenue.days.map((d) => [d.date, d]))
  const counts = new Map(orders.days.map((d) => [d.date, d.orders]))
  return datesOf(range).map((date) => {
    const m = money.get(date)
    return { date, orders: counts.get(date) ?? 0, gross: m?.gross ?? 0, net: m?.net ?? 0, tax: m?.tax ?? 0 }
  })
}

export type VisitDayPoint = { date: LocalDate; visitors: number; views: number }

/**
 * One point per day of the range for the visitors chart and table: the distinct visitors and
 * the page views of the day; days without any are zeros.
 */
export function visitDayPoints(
  range: DateRange,
  visitors: Pick<UniqueVisitorsStatistics, 'days'>,
  views: Pick<PageViewsStatistics, 'days'>,
): VisitDayPoint[] {
  const people = new Map(visitors.days.map((d) => [d.date, d.visitors]))
  const seen = new Map(views.days.map((d) => [d.date, d.views]))
  return datesOf(range).map((date) => ({ date, visitors: people.get(date) ?? 0, views: seen.get(date) ?? 0 }))
}

/**
 * Whether the unique visitors are a HyperLogLog estimate (±2 %). Only an explicit `false`
 * says so: a server that does not send `exact` yet counts exactly.
 */
export function isEstimate(visitors: Partial<Pick<UniqueVisitorsStatistics, 'exact'>>): boolean {
  return visitors.exact === false
}

/** A popular option as the chart names it: "Cappuccino – Milch: Hafermilch". */
export function optionLabel(
  o: Pick<PopularItemsStatistics['options'][number], 'name' | 'part' | 'option'>,
): string {
  return o.part ? `${o.name} – ${o.part}: ${o.option}` : `${o.name} – ${o.option}`
}

export type HeatMap = {
  /** [hour index into `hours`, weekday index 0 = Monday, value] for every cell. */
  cells: [number, number, number][]
  /** The hours shown: from the first to the last hour with a value (8–18 without any). */
  hours: number[]
  /** values[weekday index][hour index] */
  matrix: number[][]
  max: number
  total: number
  busiest: { weekday: number; hour: number; value: number } | null
}

/** A cell of a weekday × hour answer (ISO weekday 1 = Monday, local hour 0–23). */
export type WeekHourCell = { weekday: number; hour: number }

/**
 * The weekday × hour matrix of a weekday × hour answer: GET /api/statistics/order-times
 * (`key` 'orders') or visitor-times ('views').
 */
export function heatMap<K extends string>(
  cells: readonly (WeekHourCell & { [key in K]: number })[],
  key: K,
): HeatMap {
  const used = cells
    .map((c) => ({ weekday: c.weekday, hour: c.hour, value: c[key] }))
    .filter((c) => c.value > 0 && c.weekday >= 1 && c.weekday <= 7 && c.hour >= 0 && c.hour < 24)
  const first = used.length ? Math.min(...used.map((c) => c.hour)) : 8
  const last = used.length ? Math.max(...used.map((c) => c.hour)) : 18
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i)
  const matrix = Array.from({ length: 7 }, () => hours.map(() => 0))
  let busiest: HeatMap['busiest'] = null
  let total = 0
  for (const c of used) {
    const row = matrix[c.weekday - 1]
    if (!row) continue
    row[c.hour - first] = (row[c.hour - first] ?? 0) + c.value
    total += c.value
  }
  const out: [number, number, number][] = []
  let max = 0
  matrix.forEach((row, w) => {
    row.forEach((value, h) => {
      out.push([h, w, value])
      if (value > max) max = value
      if (value > 0 && (!busiest || value > busiest.value))
        busiest = { weekday: w + 1, hour: hours[h] ?? 0, value }
    })
  })
  return { cells: out, hours, matrix, max, total, busiest }
}

/** Whole minutes and seconds of a duration (rounded to the second). */
export function durationParts(seconds: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.round(seconds))
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 }
}

// ---------------------------------------------------------------------------------------------
// CSV: UTF-8 with a BOM (so spreadsheet programs read the umlauts), comma separated, CRLF lines,
// quoted where needed; money as decimal francs (12.50).

export type CsvValue = string | number | null | undefined

/** Cents as a decimal amount for a CSV cell ("12.50"). */
export function csvMoney(cents: number): string {
  return centsToDecimalString(Math.round(cents))
}

/**
 * One cell: numbers as they are; text quoted when it holds a comma, quote or line break. Text
 * that a spreadsheet would run as a formula (= + - @ at the start) gets a leading apostrophe.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const CSV_BOM = '\uFEFF'

/** The whole file: BOM, the header row, then the rows. */
export function toCsv(header: string[], rows: CsvValue[][]): string {
  return `${CSV_BOM}${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

/** `umsatz-2026-11-01_2026-11-30.csv` */
export function csvFileName(prefix: string, range: DateRange): string {
  const safe = prefix
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${safe || 'statistik'}-${range.from}_${range.to}.csv`
}
