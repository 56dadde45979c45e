import { randomUUID } from 'node:crypto'
import { appendToStream, type Bus, type Db, HttpError, msg } from '@shop/kit'
import { analyticsLogBodySchema, CONSENT_COOKIE, CONSENT_GIVEN } from '@shop/shared/contracts'
import type { FastifyInstance } from 'fastify'
import { parseBody } from '../http-helpers.ts'

// Visitor analytics (spec §7): recorded only with the consent cookie, as events the
// statistics projections read. Each entry is its own small stream, so visitors never contend
// for one stream's row.
export async function analyticsRoutes(app: FastifyInstance, deps: { db: Db; bus: Bus; now: () => Date }) {
  app.post('/api/analytics-log', async (req, reply) => {
    if (req.cookies[CONSENT_COOKIE] !== CONSENT_GIVEN) throw new HttpError(403, msg('consentRequired'))
    const body = parseBody(analyticsLogBodySchema, req.body, req.locale)
    const id = randomUUID()
    await appendToStream(deps.db, {
      streamId: `analytics-${id}`,
      streamType: 'analytics',
      expectedVersion: 0,
      events: [{ type: 'AnalyticsLogged', data: { ...body, at: deps.now().toISOString() } }],
    })
    deps.bus.notifyAppended()
    return reply.status(204).send()
  })
}
