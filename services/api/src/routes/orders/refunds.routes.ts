import { type BranchDirectory, HttpError, msg } from '@shop/kit'
import { dataOf, retryRefundBodySchema, staffOrderSchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { type CommandDeps, runOrderCommand, withContext } from '../../commands/order-commands.ts'
import { idempotencyOf } from '../../http-helpers.ts'
import {
  apiKeyHeaders,
  beforeValidation,
  errorAnswers,
  idempotencyHeaders,
  typed,
} from '../../http-schemas.ts'
import { staffOrderAccess } from './staff-access.ts'

/**
 * POST /api/orders/{id}/refunds/{refundNumber}/retry (docs/api.md "Refunds"): staff ask the payment
 * provider again for a refund that failed. The route appends the new request (OrderRefundRequested,
 * the next attempt); the refund process asks the provider and records its answer, so the answer
 * arrives on the order (the board's live row, the order detail) a moment later. 409 when the
 * refund did not fail (still open, or paid back).
 */
export async function refundRoutes(
  app: FastifyInstance,
  deps: CommandDeps & { branches: BranchDirectory },
): Promise<void> {
  const authorize = staffOrderAccess(deps)
  const staff = beforeValidation((req: FastifyRequest) => authorize(req, (req.params as { id: string }).id))
  typed(app).post(
    '/api/orders/:id/refunds/:refundNumber/retry',
    {
      preValidation: staff.preValidation,
      schema: {
        summary: 'Retry a failed refund (staff): the payment provider is asked again',
        tags: ['orders'],
        params: z.object({ id: z.string(), refundNumber: z.string() }),
        headers: idempotencyHeaders.extend(apiKeyHeaders.shape),
        body: retryRefundBodySchema,
        response: { 200: dataOf(staffOrderSchema), ...errorAnswers(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const refundNumber = Number(req.params.refundNumber)
      if (!/^[1-9]\d{0,5}$/.test(req.params.refundNumber)) {
        throw new HttpError(404, msg('refundNotFound'), 'refundNumber')
      }
      const command = withContext(deps, staff.of(req), { type: 'RetryRefund', refundNumber })
      const { order, duplicate } = await runOrderCommand(deps, req.params.id, command, {
        expectedVersion: req.body.version,
        idempotency: idempotencyOf(req),
        view: 'staff',
      })
      if (duplicate) reply.header('idempotent-replayed', 'true')
      return { data: order }
    },
  )
}
