import type { BranchDirectory } from '@shop/kit'
import { dataOf, staffOrderSchema, undoStatusChangeBodySchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type CommandDeps, runOrderCommand, withContext } from '../../commands/order-commands.ts'
import { idempotencyOf } from '../../http-helpers.ts'
import {
  apiKeyHeaders,
  beforeValidation,
  errorAnswers,
  idempotencyHeaders,
  idParams,
  typed,
} from '../../http-schemas.ts'
import { staffOrderAccess } from './staff-access.ts'

/**
 * POST /api/orders/{id}/undo (docs/api.md "Undo"): staff (session of the branch or its X-Api-Key)
 * take back their last status change (confirm, ready / in delivery, complete, delivered) within
 * 10 s of it, by the events' times (the server clock). The order is back at its previous status
 * by a compensating event (OrderStatusChangeUndone); the undone event stays. 409 with the reason
 * when it is too late, when something else happened since, or for a change that cannot be undone.
 */
export async function undoRoutes(
  app: FastifyInstance,
  deps: CommandDeps & { branches: BranchDirectory },
): Promise<void> {
  const authorize = staffOrderAccess(deps)
  const staff = beforeValidation((req: FastifyRequest) => authorize(req, (req.params as { id: string }).id))
  typed(app).post(
    '/api/orders/:id/undo',
    {
      preValidation: staff.preValidation,
      schema: {
        summary: 'Undo the last status change within 10 s (staff): a compensating event',
        tags: ['orders'],
        params: idParams,
        headers: idempotencyHeaders.extend(apiKeyHeaders.shape),
        body: undoStatusChangeBodySchema,
        response: { 200: dataOf(staffOrderSchema), ...errorAnswers(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const command = withContext(deps, staff.of(req), { type: 'UndoStatusChange' })
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
