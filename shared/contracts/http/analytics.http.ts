import { z } from 'zod'

export { CONSENT_COOKIE, CONSENT_DAYS, CONSENT_GIVEN } from './consent.ts'

/** Keys one entry's `data` may have (the storefront sends at most six). */
export const ANALYTICS_DATA_MAX_KEYS = 10

/** POST /api/analytics-log (spec §7): only sent, and only accepted, with consent. */
export const analyticsLogBodySchema = z
  .strictObject({
    type: z.enum(['event', 'pageview', 'commerce']),
    action: z.string().trim().min(1).max(100),
    category: z.string().trim().max(100).optional(),
    /** Small free-form details (path, product uid, value); never personal data. */
    data: z
      .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
      .superRefine((data, ctx) => {
        const keys = Object.keys(data).length
        if (keys > ANALYTICS_DATA_MAX_KEYS) {
          ctx.addIssue({
            code: 'too_big',
            origin: 'array',
            maximum: ANALYTICS_DATA_MAX_KEYS,
            inclusive: true,
            input: data,
          })
        }
      })
      .optional(),
  })
  .meta({ id: 'AnalyticsLog' })
export type AnalyticsLogBody = z.output<typeof analyticsLogBodySchema>
