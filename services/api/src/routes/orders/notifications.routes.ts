import { type BranchDirectory, type Db, HttpError, msg } from '@shop/kit'
import { type Channel, enqueueResend, jobView, listOrderJobs } from '@shop/read-models/notifications'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { idempotencyOf } from '../../http-helpers.ts'
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

  app.get<{ Params: { id: string } }>('/api/orders/:id/notifications', async (req) => {
    await authorizeStaff(req, req.params.id)
    const jobs = await listOrderJobs(deps.db, req.params.id)
    return { data: jobs.map(jobView) }
  })

  const resend = (path: string, channel: Channel) =>
    app.post<{ Params: { id: string } }>(`/api/orders/:id/${path}`, async (req, reply) => {
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
    })
  resend('resend-new-order-email', 'email')
  resend('resend-new-order-sms', 'sms')
}
