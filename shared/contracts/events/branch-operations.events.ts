import { z } from 'zod'
import { actorSchema } from './order.events.ts'

// A branch's day-to-day operations (issue 17): one stream per branch, `branch-operations-<id>`,
// whose events say what staff did at the counter: a product sold out ("86") and back, online
// orders paused and resumed, extra preparation time given and taken back. Each event carries who
// did it and when; the times it names are instants (ISO, UTC).

const isoDateTime = z.iso.datetime({ offset: true })
const id = z.string().min(1)

const envelope = { branchId: id, at: isoDateTime, actor: actorSchema }

export const productSoldOutSchema = z.object({
  type: z.literal('ProductSoldOut'),
  ...envelope,
  productId: id,
  /** Back by itself from this instant on. */
  until: isoDateTime,
})
export const productBackInStockSchema = z.object({
  type: z.literal('ProductBackInStock'),
  ...envelope,
  productId: id,
})
export const ordersPausedSchema = z.object({
  type: z.literal('OrdersPaused'),
  ...envelope,
  until: isoDateTime,
})
export const ordersResumedSchema = z.object({ type: z.literal('OrdersResumed'), ...envelope })
export const preparationTimeExtendedSchema = z.object({
  type: z.literal('PreparationTimeExtended'),
  ...envelope,
  extraMinutes: z.int().min(1),
  until: isoDateTime,
})
export const preparationTimeResetSchema = z.object({ type: z.literal('PreparationTimeReset'), ...envelope })

export const branchOperationsEventSchema = z.discriminatedUnion('type', [
  productSoldOutSchema,
  productBackInStockSchema,
  ordersPausedSchema,
  ordersResumedSchema,
  preparationTimeExtendedSchema,
  preparationTimeResetSchema,
])

export type ProductSoldOut = z.infer<typeof productSoldOutSchema>
export type ProductBackInStock = z.infer<typeof productBackInStockSchema>
export type OrdersPaused = z.infer<typeof ordersPausedSchema>
export type OrdersResumed = z.infer<typeof ordersResumedSchema>
export type PreparationTimeExtended = z.infer<typeof preparationTimeExtendedSchema>
export type PreparationTimeReset = z.infer<typeof preparationTimeResetSchema>
export type BranchOperationsEvent = z.infer<typeof branchOperationsEventSchema>

export const BRANCH_OPERATIONS_EVENT_TYPES = [
  'ProductSoldOut',
  'ProductBackInStock',
  'OrdersPaused',
  'OrdersResumed',
  'PreparationTimeExtended',
  'PreparationTimeReset',
] as const satisfies readonly BranchOperationsEvent['type'][]

/** The stream type of a branch's operations (its stream id is `branch-operations-<branchId>`). */
export const BRANCH_OPERATIONS_STREAM_TYPE = 'branch-operations'
