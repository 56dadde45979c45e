import { randomBytes, randomUUID } from 'node:crypto'
import { appendToStream, type Bus, type Db, HttpError, msg } from '@shop/kit'
import { analyticsLogBodySchema, CONSENT_COOKIE, CONSENT_DAYS, CONSENT_GIVEN } from '@shop/shared/contracts'
import type { FastifyInstance } from 'fastify'
import { cookieOptions } from '../auth/guard.ts'
import { parseBody } from '../http-helpers.ts'
import { rateLimit } from '../limits/rate-limit.ts'

/** The consented visitor's random id (first party, no personal data): counts unique visitors. */
export const VISITOR_COOKIE = 'shop_vid'
const VISITOR_ID = /^[\w-]{16,64}$/

// Visitor analytics (spec §7): recorded only with the consent cookie, as events the
// statistics projections read. Each entry is its own small stream, so visitors never contend
// for one stream's row. With consent the visitor gets a random id cookie (as long as the
// consent lasts), so the statistics can count unique visitors without knowing who they are.
export async function analyticsRoutes(app: FastifyInstance, deps: { db: Db; bus: Bus; now: () => Date }) {
  app.post('/api/analytics-log', { config: rateLimit('analytics') }, async (req, reply) => {
    if (req.cookies[CONSENT_COOKIE] !== CONSENT_GIVEN) throw new HttpError(403, msg('consentRequired'))
    const body = parseBody(analyticsLogBodySchema, req.body, req.locale)
    let visitor = req.cookies[VISITOR_COOKIE]
    if (!visitor || !VISITOR_ID.test(visitor)) {
      visitor = randomBytes(16).toString('base64url')
      reply.setCookie(VISITOR_COOKIE, visitor, cookieOptions(true, CONSENT_DAYS * 24 * 60 * 60))
    }
    const id = randomUUID()
    await appendToStream(deps.db, {
      streamId: `analytics-${id}`,
      streamType: 'analytics',
      expectedVersion: 0,
      events: [{ type: 'AnalyticsLogged', data: { ...body, visitor, at: deps.now().toISOString() } }],
    })
    deps.bus.notifyAppended()
    return reply.status(204).send()
  })
}
