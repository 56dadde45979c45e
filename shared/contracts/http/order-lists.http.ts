import { z } from 'zod'
import { ORDER_TYPES } from '../../domain/common/vocabulary.ts'
import { ORDER_STATUSES } from '../../domain/ordering/order.machine.ts'

const instant = z.iso.datetime({ offset: true }).or(z.iso.date())

/** GET /api/orders (history), /current, /missed: filters of the staff's order lists. */
export const orderListQuerySchema = z.strictObject({
  branch: z.string().min(1).max(100).optional(),
  /** Created at or after (ISO date-time with offset, or a date = its UTC midnight). */
  from: instant.optional(),
  /** Created before. */
  to: instant.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  orderType: z.enum(ORDER_TYPES).optional(),
  /** Words to find in customer, comment and items. */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Paging: the createdAt of the last order of the previous page. */
  before: z.iso.datetime({ offset: true }).optional(),
})
export type OrderListQuery = z.output<typeof orderListQuerySchema>
