import { z } from 'zod'
import { ORDER_TYPES } from '../../domain/common/vocabulary.ts'

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
