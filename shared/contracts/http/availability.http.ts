import { z } from 'zod'
import { ORDER_TYPES } from '../../domain/common/vocabulary.ts'
import { UNAVAILABLE_REASONS } from '../../domain/scheduling/time-slots.ts'
import { isoDateSchema, isoInstantSchema } from './responses.http.ts'

/** GET /api/branches/{id}/availability: the days and windows an order can be placed for. */
export const availabilityQuerySchema = z.strictObject({
  orderType: z.enum(ORDER_TYPES).default('takeaway'),
  /** First local date to answer for ('YYYY-MM-DD'); default today in the branch's zone. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateTime')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'validation.dateTime')
    .optional(),
  days: z.coerce.number().int().min(1).max(180).default(14),
  /** The cart's product uids, comma-separated: their lead times move the earliest slot. */
  products: z
    .string()
    .max(4000)
    .optional()
    .transform((v) =>
      v
        ? [
            ...new Set(
              v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    ),
})
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>

const localTime = z.string().regex(/^\d{2}:\d{2}$/)

/** A run of slots of one day, every `stepMinutes` from `first` to `last` (both included). */
export const availabilityWindowSchema = z
  .strictObject({
    /** Wall clock of the first and last slot ('HH:MM'): the "Verfügbare Zeiten" entry. */
    from: localTime,
    to: localTime,
    first: isoInstantSchema,
    last: isoInstantSchema,
  })
  .meta({ id: 'AvailabilityWindow' })

export const availabilityDaySchema = z
  .strictObject({
    date: isoDateSchema,
    isoWeek: z.int().min(1).max(53),
    isAvailable: z.boolean(),
    /** Why the whole day is not orderable (null: it is). */
    reason: z
      .enum(UNAVAILABLE_REASONS)
      .extract([
        'in-past',
        'beyond-horizon',
        'closed-day',
        'before-lead-time',
        'no-slots-day',
        'paused',
        'closed-now',
      ])
      .nullable(),
    /** The reason in the caller's language. */
    message: z.string().nullable(),
    windows: z.array(availabilityWindowSchema),
  })
  .meta({ id: 'AvailabilityDay' })

/** GET /api/branches/{id}/availability: from when, and on which days at which times, to order. */
export const availabilitySchema = z
  .strictObject({
    branch: z.strictObject({ id: z.string() }),
    orderType: z.enum(ORDER_TYPES),
    timeZone: z.string(),
    stepMinutes: z.int().min(1),
    /** Now plus the cart's largest lead time, before rounding to the step. */
    earliest: isoInstantSchema,
    /**
     * The first available slot, the as-soon-as-possible time (null: none within the horizon).
     * While the branch is paused it is the first time that can be chosen; no order "as soon as
     * possible" is taken then (`pause`).
     */
    firstSlot: isoInstantSchema.nullable(),
    days: z.array(availabilityDaySchema),
    /**
     * The branch's busy mode (docs/api.md "Branch operations"): online orders paused until
     * `until` (null: not paused). `laterTimes`: a time from `until` on can still be ordered (the
     * branch takes pre-orders); `resumesAt`: when orders are taken again today (null: not today).
     */
    pause: z
      .strictObject({
        until: isoInstantSchema,
        laterTimes: z.boolean(),
        resumesAt: isoInstantSchema.nullable(),
        message: z.string(),
      })
      .nullable(),
    /** Extra preparation time in force: a lead time of every order until `until` (null: none). */
    preparation: z.strictObject({ extraMinutes: z.int().min(1), until: isoInstantSchema }).nullable(),
    /**
     * The branch takes no order of this type now (closed, without pre-orders or quotation
     * requests): no day is available and no time offered, as the checkout would refuse each.
     * `opensAt`: when it takes orders again (null: not within the horizon). Null while it takes
     * orders; absent from answers before issue 18.
     */
    closedNow: z.strictObject({ opensAt: isoInstantSchema.nullable(), message: z.string() }).nullish(),
  })
  .meta({ id: 'Availability' })
export type Availability = z.infer<typeof availabilitySchema>
