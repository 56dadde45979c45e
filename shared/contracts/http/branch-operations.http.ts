import { z } from 'zod'
import { isoInstantSchema } from './responses.http.ts'

// A branch's operations (issue 17; docs/api.md "Branch operations"): products sold out at the
// branch, online orders paused, extra preparation time. Read by anyone (the storefront shows
// them), written by staff of the branch or its frontdesk key.

/** POST /api/branches/{id}/sold-out */
export const soldOutBodySchema = z
  .strictObject({
    /** The product's id or its uid. */
    product: z.string().min(1).max(200),
    /** Back by itself from then on; absent: at the end of the branch's business day. */
    until: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'MarkSoldOut' })
export type SoldOutBody = z.output<typeof soldOutBodySchema>

/** POST /api/branches/{id}/pause: a duration, or the rest of the branch's business day. */
export const pauseBodySchema = z
  .strictObject({
    minutes: z.literal([15, 30, 60]).optional(),
    untilEndOfDay: z.literal(true).optional(),
  })
  .meta({ id: 'PauseOrders', description: 'Exactly one of `minutes` and `untilEndOfDay`.' })
export type PauseBody = z.output<typeof pauseBodySchema>

/** POST /api/branches/{id}/preparation-time */
export const preparationTimeBodySchema = z
  .strictObject({
    /** Minutes added to every order's earliest time (5-minute steps). */
    extraMinutes: z.int().min(5).max(240).multipleOf(5),
    /** For how long; absent: until the end of the branch's business day. */
    forMinutes: z.int().min(5).max(1440).optional(),
  })
  .meta({ id: 'ExtendPreparationTime' })
export type PreparationTimeBody = z.output<typeof preparationTimeBodySchema>

export const branchProductParams = z.object({
  id: z.string().describe("The branch's id"),
  product: z.string().describe("The product's id or uid"),
})

/** GET /api/branches/{id}/operations, and the answer of every operations write. */
export const branchOperationsSchema = z
  .strictObject({
    branch: z.strictObject({ id: z.string() }),
    /** The version of the branch's operations stream (0: nothing was ever done). */
    version: z.int().min(0),
    /** The end of the branch's business day now: what "until the end of the day" means. */
    endOfDay: isoInstantSchema,
    /** Products sold out at this branch now, each until when. */
    soldOut: z.array(
      z.strictObject({
        product: z.strictObject({ id: z.string(), uid: z.string().nullable(), name: z.string().nullable() }),
        until: isoInstantSchema,
        since: isoInstantSchema,
      }),
    ),
    /** Online orders paused until `until` (null: taking orders). */
    pause: z.strictObject({ until: isoInstantSchema, since: isoInstantSchema }).nullable(),
    /** Extra preparation time in force (null: none). */
    preparation: z
      .strictObject({ extraMinutes: z.int().min(1), until: isoInstantSchema, since: isoInstantSchema })
      .nullable(),
  })
  .meta({ id: 'BranchOperations' })
export type BranchOperationsView = z.infer<typeof branchOperationsSchema>
