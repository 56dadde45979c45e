import { z } from 'zod'
import { ORDER_TYPES } from '../../domain/common/vocabulary.ts'

// GET /api/statistics/<name>?from&to (spec §7, issue 7, docs/statistics.md): the manager's
// figures from the statistics read model. Days are the branch's local days, both ends included.

/** The longest range one request may ask for (a little over three years). */
export const MAX_STATISTICS_DAYS = 1200

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'validation.date',
  )

export const statisticsQuerySchema = z
  .strictObject({
    from: localDate,
    to: localDate,
    branch: z.string().min(1).max(100).optional(),
    orderType: z.enum(ORDER_TYPES).optional(),
    /** How many entries a ranking returns (popular-items). */
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.statisticsRangeOrder' })
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > MAX_STATISTICS_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.statisticsRangeTooLong' })
  })
export type StatisticsQuery = z.output<typeof statisticsQuerySchema>

export type MoneySums = { net: number; tax: number; gross: number }

/** GET /api/statistics/orders */
export type OrdersStatistics = {
  total: {
    orders: number
    byOutcome: Record<'open' | 'completed' | 'rejected' | 'canceled' | 'failed', number>
    byType: Record<'takeaway' | 'delivery' | 'dineIn', number>
    /** Average seconds from the order to its confirmation / completion (null: none yet). */
    averageConfirmSeconds: number | null
    averageCompleteSeconds: number | null
    /** Average overall rating of the answered questionnaires (1–5). */
    averageRating: number | null
    ratings: number
  }
  days: { date: string; orders: number; completed: number; open: number; lost: number }[]
}

/** GET /api/statistics/revenue: orders that count (not rejected, canceled, failed or refunded). */
export type RevenueStatistics = {
  total: MoneySums & { orders: number; averageGross: number | null }
  byRate: (MoneySums & { rate: string })[]
  byType: (MoneySums & { orderType: string; orders: number })[]
  days: (MoneySums & { date: string; orders: number })[]
}

/** GET /api/statistics/canceled-orders */
export type CanceledOrdersStatistics = {
  total: { rejected: number; canceled: number; failed: number; share: number | null }
  reasons: { outcome: 'rejected' | 'canceled' | 'failed'; reason: string; orders: number }[]
  days: { date: string; rejected: number; canceled: number; failed: number }[]
}

/** GET /api/statistics/items and popular-items: what sold, per product and unit. */
export type ItemStatistics = {
  productUid: string
  name: string
  unit: string
  quantity: number
  lines: number
  gross: number
}[]

export type PopularItemsStatistics = {
  /** The top products per unit (pieces and weights are not added up), by quantity. */
  byUnit: { unit: string; items: Omit<ItemStatistics[number], 'unit'>[] }[]
  /** The most chosen options of configurable products. */
  options: {
    productUid: string
    name: string
    part: string
    option: string
    lines: number
    quantity: number
  }[]
}

/** GET /api/statistics/order-times: orders by weekday (1 = Monday) and hour, local time. */
export type OrderTimesStatistics = { cells: { weekday: number; hour: number; orders: number }[] }

/**
 * GET /api/statistics/unique-visitors: distinct consented visitors (a page view each at least),
 * in the range and per day. `exact` is false when the range holds too many visitor-days to count
 * at request time: `total` (and, across several branches, the days) are then HyperLogLog
 * estimates, within about ±2 % (docs/statistics.md#unique-visitors).
 */
export type UniqueVisitorsStatistics = {
  total: number
  days: { date: string; visitors: number }[]
  exact: boolean
}

/** GET /api/statistics/page-views */
export type PageViewsStatistics = { total: number; days: { date: string; views: number }[] }

/** GET /api/statistics/pages: the `limit` most viewed paths. */
export type PagesStatistics = { path: string; views: number }[]

/** GET /api/statistics/events: the non-page-view entries of the analytics log (commerce, ui). */
export type EventsStatistics = { type: string; category: string; action: string; events: number }[]

/** GET /api/statistics/visitor-times: page views by weekday (1 = Monday) and local hour. */
export type VisitorTimesStatistics = { cells: { weekday: number; hour: number; views: number }[] }

/**
 * GET /api/statistics/working-activities and working-schedules: the shape the time-tracking
 * issue fills; until it lands there is nothing to count and every answer is empty.
 */
export type WorkingStatistics = {
  total: { seconds: number; entries: number }
  byUser: { userId: string; name: string; seconds: number; entries: number }[]
  days: { date: string; seconds: number; entries: number }[]
}

export const STATISTICS_NAMES = [
  'unique-visitors',
  'page-views',
  'pages',
  'events',
  'orders',
  'revenue',
  'canceled-orders',
  'items',
  'popular-items',
  'visitor-times',
  'order-times',
  'working-activities',
  'working-schedules',
] as const
export type StatisticsName = (typeof STATISTICS_NAMES)[number]
