import { z } from 'zod'
import { meRecordSchema } from './auth.http.ts'
import { paymentsInfoSchema } from './payments.http.ts'
import {
  blockResourceSchema,
  branchResourceSchema,
  categoryResourceSchema,
  configResourceSchema,
  divisionResourceSchema,
  donateeResourceSchema,
  menuResourceSchema,
  navigationResourceSchema,
  productResourceSchema,
  siteResourceSchema,
  tableResourceSchema,
  tagResourceSchema,
} from './resource-items.http.ts'

// GET /api/init (spec §4): everything a client needs to start, in one answer: a list of
// `{ url, data }`, each entry what GET on its url answers inside `{ data }`, in this order.

const entry = <U extends string, T extends z.ZodType>(url: U, data: T) =>
  z.strictObject({ url: z.literal(url), data })

export const initEntrySchema = z
  .discriminatedUnion('url', [
    entry('/api/config', configResourceSchema.nullable()),
    /** The signed-in staff member; null for a visitor. */
    entry('/api/users/me', meRecordSchema.nullable()),
    entry('/api/divisions', z.array(divisionResourceSchema)),
    entry('/api/branches', z.array(branchResourceSchema)),
    entry('/api/menus', z.array(menuResourceSchema)),
    entry('/api/categories', z.array(categoryResourceSchema)),
    entry('/api/products', z.array(productResourceSchema)),
    entry('/api/tags', z.array(tagResourceSchema)),
    entry('/api/tables', z.array(tableResourceSchema)),
    entry('/api/sites', z.array(siteResourceSchema)),
    entry('/api/navigations', z.array(navigationResourceSchema)),
    entry('/api/blocks', z.array(blockResourceSchema)),
    entry('/api/donatees', z.array(donateeResourceSchema)),
    entry('/api/payments', paymentsInfoSchema),
  ])
  .meta({ id: 'InitEntry' })
export type InitEntry = z.infer<typeof initEntrySchema>

export const initAnswerSchema = z.array(initEntrySchema).meta({ id: 'InitAnswer' })
export type InitAnswer = z.infer<typeof initAnswerSchema>
