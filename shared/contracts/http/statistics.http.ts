import { z } from 'zod'
import { ORDER_TYPES, type OrderType } from '../../domain/common/vocabulary.ts'
import { ORDER_OUTCOMES, type OrderOutcome } from '../../domain/statistics/order-contribution.ts'
import { isoDateSchema } from './responses.http.ts'

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

// The answers (`{ data: … }` around each). Counts and sums are numbers (sums of cents are whole
// cents); days are the branch's local dates.

const count = z.number().min(0)
const weekday = z.int().min(1).max(7)
const hour = z.int().min(0).max(23)
const nullableAverage = z.number().nullable()

export const moneySumsSchema = z.strictObject({ net: z.number(), tax: z.number(), gross: z.number() })
export type MoneySums = z.infer<typeof moneySumsSchema>
const money = moneySumsSchema.shape

/** GET /api/statistics/orders */
export const ordersStatisticsSchema = z
  .strictObject({
    total: z.strictObject({
      orders: count,
      byOutcome: z.strictObject(
        Object.fromEntries(ORDER_OUTCOMES.map((o) => [o, count])) as Record<OrderOutcome, typeof count>,
      ),
      byType: z.strictObject(
        Object.fromEntries(ORDER_TYPES.map((t) => [t, count])) as Record<OrderType, typeof count>,
      ),
      /** Average seconds from the order to its confirmation / completion (null: none yet). */
      averageConfirmSeconds: nullableAverage,
      averageCompleteSeconds: nullableAverage,
      /** Average overall rating of the answered questionnaires (1–5). */
      averageRating: nullableAverage,
      ratings: count,
    }),
    days: z.array(
      z.strictObject({ date: isoDateSchema, orders: count, completed: count, open: count, lost: count }),
    ),
  })
  .meta({ id: 'OrdersStatistics' })
export type OrdersStatistics = z.infer<typeof ordersStatisticsSchema>

/** GET /api/statistics/revenue: orders that count (not rejected, canceled, failed or refunded). */
export const revenueStatisticsSchema = z
  .strictObject({
    total: z.strictObject({ ...money, orders: count, averageGross: nullableAverage }),
    byRate: z.array(z.strictObject({ ...money, rate: z.string() })),
    byType: z.array(z.strictObject({ ...money, orderType: z.string(), orders: count })),
    days: z.array(z.strictObject({ ...money, date: isoDateSchema, orders: count })),
  })
  .meta({ id: 'RevenueStatistics' })
export type RevenueStatistics = z.infer<typeof revenueStatisticsSchema>

/** GET /api/statistics/canceled-orders */
export const canceledOrdersStatisticsSchema = z
  .strictObject({
    total: z.strictObject({ rejected: count, canceled: count, failed: count, share: nullableAverage }),
    reasons: z.array(
      z.strictObject({
        outcome: z.enum(ORDER_OUTCOMES).extract(['rejected', 'canceled', 'failed']),
        reason: z.string(),
        orders: count,
      }),
    ),
    days: z.array(z.strictObject({ date: isoDateSchema, rejected: count, canceled: count, failed: count })),
  })
  .meta({ id: 'CanceledOrdersStatistics' })
export type CanceledOrdersStatistics = z.infer<typeof canceledOrdersStatisticsSchema>

const itemStatisticsEntry = z.strictObject({
  productUid: z.string(),
  name: z.string(),
  unit: z.string(),
  quantity: count,
  lines: count,
  gross: z.number(),
})

/** GET /api/statistics/items and popular-items: what sold, per product and unit. */
export const itemStatisticsSchema = z.array(itemStatisticsEntry).meta({ id: 'ItemStatistics' })
export type ItemStatistics = z.infer<typeof itemStatisticsSchema>

export const popularItemsStatisticsSchema = z
  .strictObject({
    /** The top products per unit (pieces and weights are not added up), by quantity. */
    byUnit: z.array(
      z.strictObject({ unit: z.string(), items: z.array(itemStatisticsEntry.omit({ unit: true })) }),
    ),
    /** The most chosen options of configurable products. */
    options: z.array(
      z.strictObject({
        productUid: z.string(),
        name: z.string(),
        part: z.string(),
        option: z.string(),
        lines: count,
        quantity: count,
      }),
    ),
  })
  .meta({ id: 'PopularItemsStatistics' })
export type PopularItemsStatistics = z.infer<typeof popularItemsStatisticsSchema>

/** GET /api/statistics/order-times: orders by weekday (1 = Monday) and hour, local time. */
export const orderTimesStatisticsSchema = z
  .strictObject({ cells: z.array(z.strictObject({ weekday, hour, orders: count })) })
  .meta({ id: 'OrderTimesStatistics' })
export type OrderTimesStatistics = z.infer<typeof orderTimesStatisticsSchema>

/**
 * GET /api/statistics/unique-visitors: distinct consented visitors (a page view each at least),
 * in the range and per day. `exact` is false when the range holds too many visitor-days to count
 * at request time: `total` (and, across several branches, the days) are then HyperLogLog
 * estimates, within about ±2 % (docs/statistics.md#unique-visitors).
 */
export const uniqueVisitorsStatisticsSchema = z
  .strictObject({
    total: count,
    days: z.array(z.strictObject({ date: isoDateSchema, visitors: count })),
    exact: z.boolean(),
  })
  .meta({ id: 'UniqueVisitorsStatistics' })
export type UniqueVisitorsStatistics = z.infer<typeof uniqueVisitorsStatisticsSchema>

/** GET /api/statistics/page-views */
export const pageViewsStatisticsSchema = z
  .strictObject({ total: count, days: z.array(z.strictObject({ date: isoDateSchema, views: count })) })
  .meta({ id: 'PageViewsStatistics' })
export type PageViewsStatistics = z.infer<typeof pageViewsStatisticsSchema>

/** GET /api/statistics/pages: the `limit` most viewed paths. */
export const pagesStatisticsSchema = z
  .array(z.strictObject({ path: z.string(), views: count }))
  .meta({ id: 'PagesStatistics' })
export type PagesStatistics = z.infer<typeof pagesStatisticsSchema>

/** GET /api/statistics/events: the non-page-view entries of the analytics log (commerce, ui). */
export const eventsStatisticsSchema = z
  .array(z.strictObject({ type: z.string(), category: z.string(), action: z.string(), events: count }))
  .meta({ id: 'EventsStatistics' })
export type EventsStatistics = z.infer<typeof eventsStatisticsSchema>

/** GET /api/statistics/visitor-times: page views by weekday (1 = Monday) and local hour. */
export const visitorTimesStatisticsSchema = z
  .strictObject({ cells: z.array(z.strictObject({ weekday, hour, views: count })) })
  .meta({ id: 'VisitorTimesStatistics' })
export type VisitorTimesStatistics = z.infer<typeof visitorTimesStatisticsSchema>

/**
 * GET /api/statistics/working-activities and working-schedules: the shape the time-tracking
 * issue fills; until it lands there is nothing to count and every answer is empty.
 */
export const workingStatisticsSchema = z
  .strictObject({
    total: z.strictObject({ seconds: count, entries: count }),
    byUser: z.array(z.strictObject({ userId: z.string(), name: z.string(), seconds: count, entries: count })),
    days: z.array(z.strictObject({ date: isoDateSchema, seconds: count, entries: count })),
  })
  .meta({ id: 'WorkingStatistics' })
export type WorkingStatistics = z.infer<typeof workingStatisticsSchema>

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

/** Each statistics route's answer (inside `{ data }`), by its name. */
export const STATISTICS_RESPONSE_SCHEMAS = {
  'unique-visitors': uniqueVisitorsStatisticsSchema,
  'page-views': pageViewsStatisticsSchema,
  pages: pagesStatisticsSchema,
  events: eventsStatisticsSchema,
  orders: ordersStatisticsSchema,
  revenue: revenueStatisticsSchema,
  'canceled-orders': canceledOrdersStatisticsSchema,
  items: itemStatisticsSchema,
  'popular-items': popularItemsStatisticsSchema,
  'visitor-times': visitorTimesStatisticsSchema,
  'order-times': orderTimesStatisticsSchema,
  'working-activities': workingStatisticsSchema,
  'working-schedules': workingStatisticsSchema,
} as const satisfies Record<StatisticsName, z.ZodType>
