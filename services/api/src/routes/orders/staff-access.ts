import { type BranchDirectory, type Db, HttpError, msg } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import type { FastifyRequest } from 'fastify'
import { AUTH_MESSAGES, canActForBranch } from '../../auth/guard.ts'
import { orderBranch } from '../../commands/order-commands.ts'
import { boardCallerOf, hasBoardCredential, requireBoardFor } from '../../http-helpers.ts'

const NOT_FOUND = msg('orderNotFound')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type StaffOrderAccess = (req: FastifyRequest, orderId: string) => Promise<Actor>

/**
 * Checks that the caller may act on one order: a staff session (admins for every branch,
 * employees for their own, spec §6), the order's branch api key (X-Api-Key) or a paired board
 * device of the order's branch (`Authorization: Device`, http-helpers.ts). Such a credential, when
 * sent, decides (as on the board socket): the shared frontdesk tablet works even in a browser
 * that also holds another branch's staff session. Answers 404 for unknown orders, without
 * telling whether the order exists before a credential is shown.
 */
export function staffOrderAccess(deps: { db: Db; branches: BranchDirectory }): StaffOrderAccess {
  /** Resolves the order's branch and checks the caller may act for it. */
  return async (req: FastifyRequest, orderId: string): Promise<Actor> => {
    if (!UUID.test(orderId)) throw new HttpError(404, NOT_FOUND)
    const branchId = await orderBranch(deps.db, orderId)
    const principal = hasBoardCredential(req) ? undefined : req.principal
    if (principal) {
      // A staff session: admins act for every branch, employees for their own (spec §6).
      if (!branchId) throw new HttpError(404, NOT_FOUND)
      if (!canActForBranch(principal.user, branchId))
        throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
      return { kind: 'staff', id: principal.user.id, name: principal.user.displayName }
    }
    if (!branchId) {
      // No hint whether the order exists before the caller shows a valid credential.
      await boardCallerOf(req, deps)
      throw new HttpError(404, NOT_FOUND)
    }
    return requireBoardFor(req, deps, branchId)
  }
}
