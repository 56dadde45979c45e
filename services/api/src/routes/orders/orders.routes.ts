import { type BranchDirectory, HttpError, msg, readStream } from '@shop/kit'
import { boardView, findPublicOrder, listBoard, listBranchOrders, ticketNumberOf } from '@shop/read-models'
import {
  type Actor,
  counterAppointmentAnswerBodySchema,
  counterAppointmentProposalBodySchema,
  customerOrderSchema,
  dataOf,
  orderEventEntrySchema,
  orderStatusCommandBodySchema,
  questionnaireBodySchema,
  rejectOrderBodySchema,
  staffOrderSchema,
} from '@shop/shared/contracts'
import { STATUS_ROUTE_ACTIONS, statusRouteCommand } from '@shop/shared/domain/ordering'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AUTH_MESSAGES, canActForBranch, requireStaff } from '../../auth/guard.ts'
import {
  type CommandDeps,
  type LifecycleCommandInput,
  loadOrder,
  orderStreamId,
  runOrderCommand,
  withContext,
} from '../../commands/order-commands.ts'
import { hasBoardCredential, idempotencyOf, requireBoardFor, requireKeyFor } from '../../http-helpers.ts'
import {
  apiKeyHeaders,
  beforeValidation,
  errorAnswers,
  idempotencyHeaders,
  idParams,
  typed,
} from '../../http-schemas.ts'
import { toOrderEventEntry } from './order-events.ts'
import { staffOrderAccess } from './staff-access.ts'

export type OrderRouteDeps = CommandDeps & { branches: BranchDirectory }

const NOT_FOUND = msg('orderNotFound')

const version = (v: number | undefined) => (v === undefined ? {} : { version: v })

/** A status action's body: the reject's message, or the optional comment and version. */
type StatusBody = { message?: string | undefined; version?: number | undefined }

/** The command a status action sends (the order-action table's row and the parsed body). */
function staffCommand(
  found: NonNullable<ReturnType<typeof statusRouteCommand>>,
  body: StatusBody,
): { command: LifecycleCommandInput; version?: number } {
  switch (found.body) {
    case 'reject':
      return { command: { type: 'RejectOrder', message: body.message ?? '' }, ...version(body.version) }
    case 'cancel':
      return { command: { type: 'CancelOrder', reason: body.message ?? null }, ...version(body.version) }
    case 'plain':
      return { command: { type: found.command }, ...version(body.version) }
  }
}

const TAGS = ['orders']
const uidHashParams = z.object({ uid: z.string(), hash: z.string() })
const branchKeyParams = z.object({ branchId: z.string(), apiKey: z.string() })

export async function orderRoutes(app: FastifyInstance, deps: OrderRouteDeps): Promise<void> {
  const api = typed(app)
  const authorizeStaff = staffOrderAccess(deps)
  /** The staff check of a route on one order, before its body is looked at. */
  const staffOnOrder = () =>
    beforeValidation((req: FastifyRequest) => authorizeStaff(req, (req.params as { id: string }).id))

  api.get(
    '/api/orders/:id',
    {
      schema: {
        summary:
          'One order for staff (session of the branch or X-Api-Key): the board view with ticket number and version',
        tags: TAGS,
        params: idParams,
        headers: apiKeyHeaders,
        response: { 200: dataOf(staffOrderSchema), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      await authorizeStaff(req, req.params.id)
      const [{ state, version: v }, ticketNumber] = await Promise.all([
        loadOrder(deps.db, req.params.id),
        // The ticket number is drawn by the orders projection: null for the moment until then.
        ticketNumberOf(deps.db, req.params.id),
      ])
      if (!state) throw new HttpError(404, NOT_FOUND)
      return { data: { ...boardView(state, ticketNumber), version: v } }
    },
  )

  // The order's timeline from the event store: who did what, when (oldest first).
  api.get(
    '/api/orders/:id/events',
    {
      schema: {
        summary: "The order's timeline from the event store, oldest first: who did what, when (staff)",
        tags: TAGS,
        params: idParams,
        headers: apiKeyHeaders,
        response: { 200: dataOf(z.array(orderEventEntrySchema)), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      await authorizeStaff(req, req.params.id)
      const stream = await readStream(deps.db, orderStreamId(req.params.id))
      if (stream.events.length === 0) throw new HttpError(404, NOT_FOUND)
      return { data: stream.events.map(toOrderEventEntry) }
    },
  )

  // The frontdesk board for a logged-in admin, or an employee of the branch (spec §6): the same
  // answer as the key route below, for staff who never see the branch's api key.
  api.get(
    '/api/orders/board/:branchId',
    {
      schema: {
        summary:
          'The frontdesk board for a staff session (an admin, or an employee of the branch), or a paired board device of the branch (`Authorization: Device`)',
        tags: TAGS,
        params: z.object({ branchId: z.string() }),
        response: { 200: dataOf(z.array(staffOrderSchema)), ...errorAnswers(401, 403, 404) },
      },
    },
    async (req) => {
      if (hasBoardCredential(req)) {
        // A paired board device of the branch (or the key) polls the same answer.
        await requireBoardFor(req, deps, req.params.branchId)
        const rows = await listBoard(deps.db, req.params.branchId, deps.now())
        return { data: rows.map((r) => ({ ...r.view, version: r.version })) }
      }
      const { user } = requireStaff(req)
      const branch = await deps.branches.get(req.params.branchId)
      if (!branch) throw new HttpError(404, msg('unknownBranch'), 'branchId')
      if (!canActForBranch(user, branch.id)) throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
      const rows = await listBoard(deps.db, branch.id, deps.now())
      return { data: rows.map((r) => ({ ...r.view, version: r.version })) }
    },
  )

  // One route per status action of the order-action table, each with the body it takes.
  for (const action of STATUS_ROUTE_ACTIONS) {
    const found = statusRouteCommand(action)!
    const staff = staffOnOrder()
    api.post(
      `/api/orders/:id/status/${action}`,
      {
        preValidation: staff.preValidation,
        schema: {
          summary: `Staff status action: ${action} (${found.command})`,
          tags: TAGS,
          params: idParams,
          headers: idempotencyHeaders.extend(apiKeyHeaders.shape),
          body: found.body === 'reject' ? rejectOrderBodySchema : orderStatusCommandBodySchema,
          response: { 200: dataOf(staffOrderSchema), ...errorAnswers(400, 401, 403, 404, 409, 422) },
        },
      },
      async (req, reply) => {
        const { command, version: expectedVersion } = staffCommand(found, req.body)
        const { order, duplicate } = await runOrderCommand(
          deps,
          req.params.id,
          withContext(deps, staff.of(req), command),
          { expectedVersion, idempotency: idempotencyOf(req), view: 'staff' },
        )
        if (duplicate) reply.header('idempotent-replayed', 'true')
        // When the events were committed (epoch ms): lets a client time commit → live update.
        reply.header('x-committed-at', (performance.timeOrigin + performance.now()).toFixed(3))
        return { data: order }
      },
    )
  }
  // Any other action: the caller's access first (no hint about the order), then 404.
  api.post(
    '/api/orders/:id/status/:action',
    {
      schema: {
        summary: 'An action the status route does not know: 404 (after the staff check)',
        tags: TAGS,
        params: z.object({ id: z.string(), action: z.string() }),
        response: errorAnswers(401, 403, 404),
      },
    },
    async (req) => {
      await authorizeStaff(req, req.params.id)
      throw new HttpError(404, msg('unknownAction'), 'action')
    },
  )

  const proposal = staffOnOrder()
  api.post(
    '/api/orders/:id/counter-appointment',
    {
      preValidation: proposal.preValidation,
      schema: {
        summary: 'Propose another time (staff)',
        tags: TAGS,
        params: idParams,
        headers: idempotencyHeaders.extend(apiKeyHeaders.shape),
        body: counterAppointmentProposalBodySchema,
        response: { 200: dataOf(staffOrderSchema), ...errorAnswers(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const command = withContext(deps, proposal.of(req), {
        type: 'ProposeCounterAppointment',
        appointment: new Date(req.body.appointmentDate).toISOString(),
      })
      const { order, duplicate } = await runOrderCommand(deps, req.params.id, command, {
        expectedVersion: req.body.version,
        idempotency: idempotencyOf(req),
        view: 'staff',
      })
      if (duplicate) reply.header('idempotent-replayed', 'true')
      return { data: order }
    },
  )

  api.get(
    '/api/orders/public/:uid/:hash',
    {
      schema: {
        summary: 'The public order view (status page): uid plus hash',
        tags: TAGS,
        params: uidHashParams,
        response: { 200: dataOf(customerOrderSchema), ...errorAnswers(404) },
      },
    },
    async (req) => {
      const order = await findPublicOrder(deps.db, req.params.uid, req.params.hash)
      if (!order) throw new HttpError(404, NOT_FOUND)
      return { data: { ...order.view, version: order.version } }
    },
  )

  const customerCommand = <S extends z.ZodType>(
    path: string,
    summary: string,
    body: S,
    build: (body: z.output<S>) => { command: LifecycleCommandInput; version?: number | undefined },
  ) => {
    api.post(
      `/api/orders/public/:uid/:hash/${path}`,
      {
        schema: {
          summary,
          tags: TAGS,
          params: uidHashParams,
          headers: idempotencyHeaders,
          body,
          response: { 200: dataOf(customerOrderSchema), ...errorAnswers(400, 404, 409, 422) },
        },
      },
      async (req, reply) => {
        const { command, version: expectedVersion } = build(req.body as z.output<S>)
        const found = await findPublicOrder(deps.db, req.params.uid, req.params.hash)
        if (!found) throw new HttpError(404, NOT_FOUND)
        const actor: Actor = { kind: 'customer' }
        const { order, duplicate } = await runOrderCommand(
          deps,
          found.orderId,
          withContext(deps, actor, command),
          { expectedVersion, idempotency: idempotencyOf(req) },
        )
        if (duplicate) reply.header('idempotent-replayed', 'true')
        return { data: order }
      },
    )
  }
  customerCommand(
    'confirm-counter-appointment',
    'Accept the proposed time',
    counterAppointmentAnswerBodySchema,
    (b) => ({ command: { type: 'AcceptCounterAppointment' }, version: b.version }),
  )
  customerCommand(
    'reject-counter-appointment',
    'Decline the proposed time (cancels the order)',
    counterAppointmentAnswerBodySchema,
    (b) => ({ command: { type: 'RejectCounterAppointment' }, version: b.version }),
  )
  customerCommand('questionnaire', 'Rate the order once', questionnaireBodySchema, (b) => ({
    command: {
      type: 'AnswerQuestionnaire',
      rating: b.rating,
      foodRating: b.foodRating,
      serviceRating: b.serviceRating,
      processRating: b.processRating,
      comment: b.comment ?? null,
    },
  }))

  api.get(
    '/api/orders/backoffice/:branchId/:apiKey',
    {
      schema: {
        summary: "A branch's orders by its api key, newest first (limit 1–200, default 50; before: a date)",
        tags: TAGS,
        params: branchKeyParams,
        querystring: z.object({ limit: z.string().optional(), before: z.string().optional() }),
        response: { 200: dataOf(z.array(staffOrderSchema)), ...errorAnswers(400, 403) },
      },
    },
    async (req) => {
      const branch = await deps.branches.get(req.params.branchId)
      requireKeyFor(branch, req.params.apiKey)
      // A limit that is no number falls back to the default, as it always did.
      const limit = Math.min(200, Math.max(1, Number.parseInt(req.query.limit ?? '50', 10) || 50))
      const before = req.query.before ? new Date(req.query.before) : undefined
      if (before && Number.isNaN(before.getTime())) {
        throw new HttpError(400, msg('invalidDate'), 'before')
      }
      const rows = await listBranchOrders(deps.db, branch.id, { limit, before })
      return { data: rows.map((r) => ({ ...r.view, version: r.version })) }
    },
  )

  api.get(
    '/api/orders/frontdesk/:branchId/:apiKey',
    {
      schema: {
        summary: 'The frontdesk board: open and recently finished orders of a branch',
        tags: TAGS,
        params: branchKeyParams,
        response: { 200: dataOf(z.array(staffOrderSchema)), ...errorAnswers(403) },
      },
    },
    async (req) => {
      const branch = await deps.branches.get(req.params.branchId)
      requireKeyFor(branch, req.params.apiKey)
      const rows = await listBoard(deps.db, branch.id, deps.now())
      return { data: rows.map((r) => ({ ...r.view, version: r.version })) }
    },
  )
}
