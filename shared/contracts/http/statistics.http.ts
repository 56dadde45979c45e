import { z } from 'zod'
import { ORDER_TYPES, type OrderType } from '../../domain/common/vocabulary.ts'
import { ORDER_OUTCOMES, type OrderOutcome } from '../../domain/statistics/order-contribution.ts'
import { isoDateSchema } from './responses.http.ts'
import { workingActivitySchema } from './time-tracking.http.ts'

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

// Working time (issue 20, docs/statistics.md "Working time"). Seconds are whole seconds; money
// is cents; days are the local days activities and shifts count to (the day they start).

const seconds = z.int()
const workingSums = {
  workedSeconds: z.int().min(0),
  breakSeconds: z.int().min(0),
  plannedSeconds: z.int().min(0),
  /** worked − planned (negative: less worked than planned). */
  overtimeSeconds: seconds,
  activities: count,
}

/** Labour cost of one branch on one local day beside its revenue. */
export const laborCostDaySchema = z.strictObject({
  date: isoDateSchema,
  branchId: z.string(),
  workedSeconds: z.int().min(0),
  /** Worked seconds of users without an hourly rate: not in `laborCost`. */
  unratedSeconds: z.int().min(0),
  /** Cents: worked hours × hourly rate of the users with a rate. */
  laborCost: z.int().min(0),
  /** The revenue statistics' revenue of the day and branch (cents). */
  revenueNet: z.number(),
  revenueGross: z.number(),
  /** laborCost ÷ revenueNet (0.28 = 28 %); null without revenue. A lower bound while unratedSeconds > 0. */
  share: z.number().nullable(),
})
export type LaborCostDay = z.infer<typeof laborCostDaySchema>

/**
 * GET /api/statistics/working-activities: worked, break and planned seconds and overtime in the
 * range, in total, per user, per branch and per day; the labour cost share per day and branch.
 */
export const workingActivitiesStatisticsSchema = z
  .strictObject({
    total: z.strictObject({
      ...workingSums,
      unratedSeconds: z.int().min(0),
      laborCost: z.int().min(0),
      revenueNet: z.number(),
      share: z.number().nullable(),
    }),
    byUser: z.array(
      z.strictObject({
        ...workingSums,
        userId: z.string(),
        name: z.string(),
        /** Cents; null when the user has no hourly rate. */
        laborCost: z.int().min(0).nullable(),
      }),
    ),
    byBranch: z.array(z.strictObject({ ...workingSums, branchId: z.string() })),
    days: z.array(z.strictObject({ ...workingSums, date: isoDateSchema })),
    laborCost: z.array(laborCostDaySchema),
  })
  .meta({ id: 'WorkingActivitiesStatistics' })
export type WorkingActivitiesStatistics = z.infer<typeof workingActivitiesStatisticsSchema>

const planSums = {
  plannedSeconds: z.int().min(0),
  plannedBreakSeconds: z.int().min(0),
  shifts: count,
}

/**
 * GET /api/statistics/working-schedules: the plan alone: planned seconds, planned breaks and
 * shifts per user, branch and day; holiday and sick days per user (Monday to Friday, or the
 * entry's `days`) within the range.
 */
export const workingSchedulesStatisticsSchema = z
  .strictObject({
    total: z.strictObject({ ...planSums, holidayDays: count, sickDays: count }),
    byUser: z.array(
      z.strictObject({
        ...planSums,
        userId: z.string(),
        name: z.string(),
        holidayDays: count,
        sickDays: count,
      }),
    ),
    byBranch: z.array(z.strictObject({ ...planSums, branchId: z.string() })),
    days: z.array(z.strictObject({ ...planSums, date: isoDateSchema })),
  })
  .meta({ id: 'WorkingSchedulesStatistics' })
export type WorkingSchedulesStatistics = z.infer<typeof workingSchedulesStatisticsSchema>

/** GET /api/statistics/user-profile?user&start&end[&now] */
export const userProfileQuerySchema = z
  .strictObject({
    user: z.string().min(1).max(100),
    start: localDate,
    end: localDate,
    /** The moment a running activity counts to (default: the server's now). */
    now: z.iso.datetime({ offset: true, message: 'validation.dateTime' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.start > q.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.statisticsRangeOrder' })
    else if ((Date.parse(q.end) - Date.parse(q.start)) / 86_400_000 + 1 > MAX_STATISTICS_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.statisticsRangeTooLong' })
  })
export type UserProfileQuery = z.output<typeof userProfileQuerySchema>

/** GET /api/statistics/user-profile-working-activities?user&start&end */
export const userProfileActivitiesQuerySchema = userProfileQuerySchema

const profileDay = z.strictObject({
  date: isoDateSchema,
  workedSeconds: z.int().min(0),
  breakSeconds: z.int().min(0),
  plannedSeconds: z.int().min(0),
  overtimeSeconds: seconds,
  activities: count,
  /** A planned absence on the day. */
  absence: z.enum(['holiday', 'sick']).nullable(),
})

/** A user's planned against worked time for the period, per day and in total. */
export const userProfileSchema = z
  .strictObject({
    userId: z.string(),
    name: z.string(),
    start: isoDateSchema,
    end: isoDateSchema,
    /** The moment running activities were counted to. */
    now: z.string(),
    total: z.strictObject({
      workedSeconds: z.int().min(0),
      breakSeconds: z.int().min(0),
      plannedSeconds: z.int().min(0),
      overtimeSeconds: seconds,
      activities: count,
      shifts: count,
      holidayDays: count,
      sickDays: count,
    }),
    /** Every day of the period, in order. */
    days: z.array(profileDay),
  })
  .meta({ id: 'UserProfileStatistics' })
export type UserProfileStatistics = z.infer<typeof userProfileSchema>

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
  'working-activities': workingActivitiesStatisticsSchema,
  'working-schedules': workingSchedulesStatisticsSchema,
} as const satisfies Record<StatisticsName, z.ZodType>

/** GET /api/statistics/user-profile-working-activities: the user's activities per local day. */
export const userProfileWorkingActivitiesSchema = z
  .strictObject({
    userId: z.string(),
    start: isoDateSchema,
    end: isoDateSchema,
    days: z.array(
      z.strictObject({
        date: isoDateSchema,
        workedSeconds: z.int().min(0),
        breakSeconds: z.int().min(0),
        activities: z.array(workingActivitySchema),
      }),
    ),
  })
  .meta({ id: 'UserProfileWorkingActivities' })
export type UserProfileWorkingActivities = z.infer<typeof userProfileWorkingActivitiesSchema>
