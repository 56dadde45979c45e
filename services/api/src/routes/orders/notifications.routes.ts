import { type BranchDirectory, type Db, HttpError, msg } from '@shop/kit'
import { type Channel, enqueueResend, jobView, listOrderJobs } from '@shop/read-models/notifications'
import { dataOf, notificationJobSchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { idempotencyOf } from '../../http-helpers.ts'
import { apiKeyHeaders, errorAnswers, idempotencyHeaders, idParams, typed } from '../../http-schemas.ts'
import { staffOrderAccess } from './staff-access.ts'

export type NotificationRouteDeps = {
  db: Db
  branches: BranchDirectory
  /** Where status links point (PUBLIC_URL, from the configuration); default the origin the caller used. */
  publicUrl?: string | undefined
}

const REFUSED = {
  'no-email': { message: msg('notifications:errors.noEmail'), field: 'email' },
  'no-phone': { message: msg('notifications:errors.noPhone'), field: 'phone' },
  'sms-disabled': { message: msg('notifications:errors.smsDisabled'), field: 'enablePluginSMS' },
} as const

function publicUrlOf(req: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${req.protocol}://${req.host}`
}

/**
 * The order's notification log and the staff resends of spec §7 (the notifier sends; these
 * routes only read jobs and add one).
 */
export async function notificationRoutes(app: FastifyInstance, deps: NotificationRouteDeps): Promise<void> {
  const authorizeStaff = staffOrderAccess(deps)

  const api = typed(app)
  api.get(
    '/api/orders/:id/notifications',
    {
      schema: {
        summary: "The order's notifications (staff): e-mails and SMS with status, attempts and last error",
        tags: ['orders'],
        params: idParams,
        headers: apiKeyHeaders,
        response: { 200: dataOf(z.array(notificationJobSchema)), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      await authorizeStaff(req, req.params.id)
      const jobs = await listOrderJobs(deps.db, req.params.id)
      return { data: jobs.map(jobView) }
    },
  )

  const resend = (path: string, channel: Channel) =>
    api.post(
      `/api/orders/:id/${path}`,
      {
        schema: {
          summary: `Send the new-order ${channel === 'email' ? 'e-mail' : 'SMS'} again (staff); the notifier sends it`,
          tags: ['orders'],
          params: idParams,
          headers: idempotencyHeaders.extend(apiKeyHeaders.shape),
          response: { 202: dataOf(notificationJobSchema), ...errorAnswers(401, 403, 404, 409) },
        },
      },
      async (req, reply) => {
        await authorizeStaff(req, req.params.id)
        const idempotency = idempotencyOf(req)
        const result = await enqueueResend(deps.db, req.params.id, channel, {
          publicUrl: publicUrlOf(req, deps.publicUrl),
          branches: deps.branches,
          idempotencyKey: idempotency?.key,
        })
        if (result.kind === 'not-found') throw new HttpError(404, msg('orderNotFound'))
        if (result.kind !== 'enqueued') {
          const refused = REFUSED[result.kind]
          throw new HttpError(409, refused.message, refused.field)
        }
        if (result.duplicate) reply.header('idempotent-replayed', 'true')
        // Accepted: the notifier sends it; GET …/notifications shows how it went.
        return reply.status(202).send({ data: jobView(result.job) })
      },
    )
  resend('resend-new-order-email', 'email')
  resend('resend-new-order-sms', 'sms')
}
