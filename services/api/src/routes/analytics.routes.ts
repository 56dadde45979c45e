import { type Bus, type Db, HttpError, type Limits, msg, recordAnalyticsHits } from '@shop/kit'
import { analyticsLogBodySchema, CONSENT_COOKIE, CONSENT_DAYS, CONSENT_GIVEN } from '@shop/shared/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { mintVisitor, signVisitor, verifiedVisitor, visitorSecret } from '../analytics/visitor-ids.ts'
import { cookieOptions } from '../auth/guard.ts'
import { errorAnswers, typed } from '../http-schemas.ts'
import { rateLimit } from '../limits/rate-limit.ts'

/** The consented visitor's id (first party, no personal data), signed by the server. */
export const VISITOR_COOKIE = 'shop_vid'

// Visitor analytics (spec §7, docs/statistics.md "Visitors", docs/security.md "Analytics"):
// recorded only with the consent cookie, as rows of the analytics log (not events: page views
// are no business facts, and the log is pruned), which the visitors projection reads. A body
// over `limits.analytics.maxBodyBytes` is refused (413) before it is read; every client address
// is rate limited. With consent the visitor gets an id cookie signed by the server (as long as
// the consent lasts); an id the server did not sign counts as no id, and one address gets only
// so many new ids a day, so unique visitors cannot be made up at will.
export async function analyticsRoutes(
  app: FastifyInstance,
  deps: { db: Db; bus: Bus; now: () => Date; limits: Limits },
) {
  const limits = deps.limits.analytics
  typed(app).post(
    '/api/analytics-log',
    {
      bodyLimit: limits.maxBodyBytes,
      config: rateLimit('analytics'),
      // Without the consent cookie nothing is looked at, the body included.
      preValidation: async (req) => {
        if (req.cookies[CONSENT_COOKIE] !== CONSENT_GIVEN) throw new HttpError(403, msg('consentRequired'))
      },
      schema: {
        summary: 'Record page views and events of a consenting visitor (anyone, with the consent cookie)',
        tags: ['storefront'],
        body: analyticsLogBodySchema,
        response: { 204: z.undefined().describe('Recorded'), ...errorAnswers(400, 403, 413, 429) },
      },
    },
    async (req, reply) => {
      const body = req.body
      const now = deps.now()
      const secret = await visitorSecret(deps.db)
      let visitor = verifiedVisitor(secret, req.cookies[VISITOR_COOKIE])
      if (visitor === null) {
        visitor = await mintVisitor(deps.db, secret, {
          address: req.ip,
          day: now.toISOString().slice(0, 10),
          cap: limits.newVisitorsPerAddressPerDay,
        })
        if (visitor !== null) {
          reply.setCookie(
            VISITOR_COOKIE,
            signVisitor(secret, visitor),
            cookieOptions(true, CONSENT_DAYS * 24 * 60 * 60),
          )
        }
      }
      await recordAnalyticsHits(deps.db, [{ at: now.toISOString(), ...body, visitor }])
      deps.bus.notifyAppended()
      return reply.status(204).send()
    },
  )
}
