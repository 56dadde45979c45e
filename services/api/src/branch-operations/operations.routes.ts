import { type BranchDirectory, type Bus, type Db, HttpError, msg } from '@shop/kit'
import {
  type BranchOperationsRow,
  findBranchOperations,
  findProductByIdOrUid,
  findResource,
  type ResourceRow,
  resourcesById,
} from '@shop/read-models'
import {
  type Actor,
  type BranchOperationsView,
  branchOperationsSchema,
  branchProductParams,
  dataOf,
  pauseBodySchema,
  preparationTimeBodySchema,
  soldOutBodySchema,
} from '@shop/shared/contracts'
import {
  activeOperations,
  type BranchOperationsCommand,
  operationEnd,
  SOLD_OUT_MAX_DAYS,
} from '@shop/shared/domain/operations'
import { DAY_MS, endOfBusinessDay } from '@shop/shared/domain/scheduling'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES, canActForBranch } from '../auth/guard.ts'
import { toCheckoutBranch } from '../checkout/checkout-data.ts'
import { hasBoardCredential, requireBoardFor } from '../http-helpers.ts'
import {
  apiKeyHeaders,
  beforeValidation,
  errorAnswers,
  idempotencyHeaders,
  idParams,
  typed,
} from '../http-schemas.ts'
import { type IdempotentSlot, idempotentWrite } from '../idempotency.ts'
import { runOperationsCommand } from './operations-store.ts'

// A branch's operations (issue 17; docs/api.md "Branch operations"): products sold out at the
// branch, online orders paused, extra preparation time. Anyone reads them (the storefront shows
// them); staff of the branch write them: an admin, an employee of the branch, or the branch's
// frontdesk key (X-Api-Key, which decides when sent, as for order actions).

export type OperationsRouteDeps = { db: Db; bus: Bus; branches: BranchDirectory; now: () => Date }

type Branch = ResourceRow
type Access = { branch: Branch; actor: Actor }

const TAGS = ['branch-operations']
const UNKNOWN_BRANCH = msg('unknownBranch')
const iso = (ms: number) => new Date(ms).toISOString()
const text = (value: unknown) => (typeof value === 'string' ? value : null)

/** The answer: what is in force at `now`, each sold-out product with its uid and name. */
async function viewOf(
  db: Db,
  branch: Branch,
  row: BranchOperationsRow,
  now: Date,
): Promise<BranchOperationsView> {
  const active = activeOperations(row.state, now.getTime())
  const ids = [...active.soldOut.keys()]
  const products = new Map((await resourcesById(db, 'product', ids)).map((p) => [p.id, p.data]))
  const soldOut = ids
    .map((id) => ({
      product: { id, uid: text(products.get(id)?.uid), name: text(products.get(id)?.name) },
      until: iso(active.soldOut.get(id)!),
      since: row.state.soldOut[id]!.at,
    }))
    .sort((a, b) => (a.product.name ?? a.product.id).localeCompare(b.product.name ?? b.product.id, 'de'))
  return {
    branch: { id: branch.id },
    version: row.version,
    endOfDay: iso(endOfBusinessDay(toCheckoutBranch(branch.id, branch.data), now)),
    soldOut,
    pause:
      active.pausedUntil === null || row.state.pause === null
        ? null
        : { until: iso(active.pausedUntil), since: row.state.pause.at },
    preparation:
      active.preparation === null || row.state.preparation === null
        ? null
        : {
            extraMinutes: active.preparation.extraMinutes,
            until: iso(active.preparation.until),
            since: row.state.preparation.at,
          },
  }
}

export async function branchOperationsRoutes(app: FastifyInstance, deps: OperationsRouteDeps): Promise<void> {
  const api = typed(app)

  /**
   * Who may change a branch's operations, checked before the body is looked at: without a
   * credential 401; a staff session (when no key is sent) of an admin or an employee of the
   * branch, else 403; the branch's key (the frontdesk plugin on), else 403. An unknown branch is
   * 404 once a credential was shown.
   */
  async function accessOf(req: FastifyRequest): Promise<Access> {
    const branchId = (req.params as { id: string }).id
    const principal = hasBoardCredential(req) ? undefined : req.principal
    if (principal) {
      const branch = await findResource(deps.db, 'branch', branchId)
      if (!branch) throw new HttpError(404, UNKNOWN_BRANCH, 'id')
      if (!canActForBranch(principal.user, branch.id))
        throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
      return { branch, actor: { kind: 'staff', id: principal.user.id, name: principal.user.displayName } }
    }
    // The branch's key or a paired board device of the branch (http-helpers.ts).
    const actor = await requireBoardFor(req, deps, branchId)
    const branch = await findResource(deps.db, 'branch', branchId)
    if (!branch) throw new HttpError(404, UNKNOWN_BRANCH, 'id')
    return { branch, actor }
  }

  /** Runs a command under the request's Idempotency-Key; answers the operations after it. */
  function write(
    req: FastifyRequest,
    reply: FastifyReply,
    access: Access,
    now: Date,
    command: () => Promise<BranchOperationsCommand>,
  ) {
    return idempotentWrite(req, reply, deps.db, 200, async (slot) => {
      const row = await runOperationsCommand(deps, await command(), keptAnswer(slot, access, now))
      return viewOf(deps.db, access.branch, row, now)
    })
  }

  /** The store's half of an idempotent write: the answer it keeps with the append. */
  const keptAnswer = (slot: IdempotentSlot | undefined, access: Access, now: Date) =>
    slot && {
      id: slot.id,
      requestHash: slot.requestHash,
      answer: async (after: BranchOperationsRow, trx: Db) =>
        slot.stored(await viewOf(trx, access.branch, after, now)),
    }

  const base = (access: Access, now: Date) => ({
    branchId: access.branch.id,
    at: now.toISOString(),
    actor: access.actor,
  })
  const writeAnswers = { 200: dataOf(branchOperationsSchema), ...errorAnswers(400, 401, 403, 404, 409, 422) }
  const writeHeaders = idempotencyHeaders.extend(apiKeyHeaders.shape)

  api.get(
    '/api/branches/:id/operations',
    {
      schema: {
        summary:
          "A branch's operations now: products sold out at the branch (until when), online orders paused, extra preparation time (anyone)",
        tags: TAGS,
        params: idParams,
        response: { 200: dataOf(branchOperationsSchema), ...errorAnswers(404) },
      },
    },
    async (req, reply) => {
      const branch = await findResource(deps.db, 'branch', req.params.id)
      if (!branch) throw new HttpError(404, UNKNOWN_BRANCH, 'id')
      const now = deps.now()
      const row = await findBranchOperations(deps.db, branch.id)
      // Read by polling storefronts and boards: always the current state, never a cached one.
      reply.header('cache-control', 'no-cache')
      return { data: await viewOf(deps.db, branch, row, now) }
    },
  )

  const soldOut = beforeValidation(accessOf)
  api.post(
    '/api/branches/:id/sold-out',
    {
      preValidation: soldOut.preValidation,
      schema: {
        summary:
          'Mark a product sold out at the branch until a time, by default until the end of its business day (staff of the branch, or X-Api-Key)',
        tags: TAGS,
        params: idParams,
        headers: writeHeaders,
        body: soldOutBodySchema,
        response: writeAnswers,
      },
    },
    async (req, reply) => {
      const access = soldOut.of(req)
      const now = deps.now()
      return write(req, reply, access, now, async () => {
        const product = await findProductByIdOrUid(deps.db, req.body.product)
        if (!product) throw new HttpError(400, msg('productNotFound'), 'product')
        let until: number
        if (req.body.until === undefined) {
          until = endOfBusinessDay(toCheckoutBranch(access.branch.id, access.branch.data), now)
        } else {
          until = Date.parse(req.body.until)
          if (!(until > now.getTime())) throw new HttpError(400, msg('operationsUntilPast'), 'until')
          if (until > now.getTime() + SOLD_OUT_MAX_DAYS * DAY_MS)
            throw new HttpError(400, msg('operationsUntilTooFar', { days: SOLD_OUT_MAX_DAYS }), 'until')
        }
        return { type: 'MarkSoldOut', ...base(access, now), productId: product.id, until: iso(until) }
      })
    },
  )

  const backInStock = beforeValidation(accessOf)
  api.delete(
    '/api/branches/:id/sold-out/:product',
    {
      preValidation: backInStock.preValidation,
      schema: {
        summary: 'Put a sold-out product back before its time (staff of the branch, or X-Api-Key)',
        tags: TAGS,
        params: branchProductParams,
        headers: writeHeaders,
        response: writeAnswers,
      },
    },
    async (req, reply) => {
      const access = backInStock.of(req)
      const now = deps.now()
      return write(req, reply, access, now, async () => {
        const product = await findProductByIdOrUid(deps.db, req.params.product)
        let productId = product?.id
        if (productId === undefined) {
          // A product deleted while sold out can still be put back by its id.
          const current = await findBranchOperations(deps.db, access.branch.id)
          if (!Object.hasOwn(current.state.soldOut, req.params.product))
            throw new HttpError(404, msg('productNotFound'), 'product')
          productId = req.params.product
        }
        return { type: 'MarkBackInStock', ...base(access, now), productId }
      })
    },
  )

  const pause = beforeValidation(accessOf)
  api.post(
    '/api/branches/:id/pause',
    {
      preValidation: pause.preValidation,
      schema: {
        summary:
          'Pause online orders for 15, 30 or 60 minutes or the rest of the business day (staff of the branch, or X-Api-Key)',
        tags: TAGS,
        params: idParams,
        headers: writeHeaders,
        body: pauseBodySchema,
        response: writeAnswers,
      },
    },
    async (req, reply) => {
      const access = pause.of(req)
      const now = deps.now()
      return write(req, reply, access, now, async () => {
        const { minutes, untilEndOfDay } = req.body
        if ((minutes === undefined) === (untilEndOfDay === undefined))
          throw new HttpError(400, msg('operationsPauseChoice'), 'minutes')
        const branch = toCheckoutBranch(access.branch.id, access.branch.data)
        const until = operationEnd(
          minutes === undefined ? { untilEndOfDay: true } : { minutes },
          branch,
          now.getTime(),
        )
        return { type: 'PauseOrders', ...base(access, now), until: iso(until) }
      })
    },
  )

  const resume = beforeValidation(accessOf)
  api.delete(
    '/api/branches/:id/pause',
    {
      preValidation: resume.preValidation,
      schema: {
        summary: 'Take online orders again before the pause ends (staff of the branch, or X-Api-Key)',
        tags: TAGS,
        params: idParams,
        headers: writeHeaders,
        response: writeAnswers,
      },
    },
    async (req, reply) => {
      const access = resume.of(req)
      const now = deps.now()
      return write(req, reply, access, now, async () => ({ type: 'ResumeOrders', ...base(access, now) }))
    },
  )

  const extend = beforeValidation(accessOf)
  api.post(
    '/api/branches/:id/preparation-time',
    {
      preValidation: extend.preValidation,
      schema: {
        summary:
          "Add extra preparation time to every order's earliest time, for some minutes or the rest of the business day (staff of the branch, or X-Api-Key)",
        tags: TAGS,
        params: idParams,
        headers: writeHeaders,
        body: preparationTimeBodySchema,
        response: writeAnswers,
      },
    },
    async (req, reply) => {
      const access = extend.of(req)
      const now = deps.now()
      return write(req, reply, access, now, async () => {
        const { extraMinutes, forMinutes } = req.body
        const until = operationEnd(
          forMinutes === undefined ? { untilEndOfDay: true } : { minutes: forMinutes },
          toCheckoutBranch(access.branch.id, access.branch.data),
          now.getTime(),
        )
        return { type: 'ExtendPreparationTime', ...base(access, now), extraMinutes, until: iso(until) }
      })
    },
  )

  const reset = beforeValidation(accessOf)
  api.delete(
    '/api/branches/:id/preparation-time',
    {
      preValidation: reset.preValidation,
      schema: {
        summary: 'End the extra preparation time early (staff of the branch, or X-Api-Key)',
        tags: TAGS,
        params: idParams,
        headers: writeHeaders,
        response: writeAnswers,
      },
    },
    async (req, reply) => {
      const access = reset.of(req)
      const now = deps.now()
      return write(req, reply, access, now, async () => ({
        type: 'ResetPreparationTime',
        ...base(access, now),
      }))
    },
  )
}
