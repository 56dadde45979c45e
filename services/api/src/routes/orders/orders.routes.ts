import { type BranchDirectory, HttpError, msg, readStream } from '@shop/kit'
import { boardView, findPublicOrder, listBoard, listBranchOrders, ticketNumberOf } from '@shop/read-models'
import {
  type Actor,
  counterAppointmentAnswerBodySchema,
  counterAppointmentProposalBodySchema,
  orderStatusCommandBodySchema,
  questionnaireBodySchema,
  rejectOrderBodySchema,
} from '@shop/shared/contracts'
import { statusRouteCommand } from '@shop/shared/domain/ordering'
import type { FastifyInstance } from 'fastify'
import { AUTH_MESSAGES, canActForBranch, requireStaff } from '../../auth/guard.ts'
import {
  type CommandDeps,
  type LifecycleCommandInput,
  loadOrder,
  orderStreamId,
  runOrderCommand,
  withContext,
} from '../../commands/order-commands.ts'
import { idempotencyOf, parseBody, requireKeyFor } from '../../http-helpers.ts'
import { toOrderEventEntry } from './order-events.ts'
import { staffOrderAccess } from './staff-access.ts'

export type OrderRouteDeps = CommandDeps & { branches: BranchDirectory }

const NOT_FOUND = msg('orderNotFound')

/** The status route's actions of spec §7 and the command each one sends (the order-action table). */
function staffCommand(
  action: string,
  body: unknown,
  locale: string,
): { command: LifecycleCommandInput; version?: number } {
  const found = statusRouteCommand(action)
  if (!found) throw new HttpError(404, msg('unknownAction'), 'action')
  switch (found.body) {
    case 'reject': {
      const b = parseBody(rejectOrderBodySchema, body, locale)
      return { command: { type: 'RejectOrder', message: b.message }, ...version(b.version) }
    }
    case 'cancel': {
      const b = parseBody(orderStatusCommandBodySchema, body, locale)
      return { command: { type: 'CancelOrder', reason: b.message ?? null }, ...version(b.version) }
    }
    case 'plain': {
      const b = parseBody(orderStatusCommandBodySchema, body, locale)
      return { command: { type: found.command }, ...version(b.version) }
    }
  }
}

const version = (v: number | undefined) => (v === undefined ? {} : { version: v })

export async function orderRoutes(app: FastifyInstance, deps: OrderRouteDeps): Promise<void> {
  const authorizeStaff = staffOrderAccess(deps)

  app.get<{ Params: { id: string } }>('/api/orders/:id', async (req) => {
    await authorizeStaff(req, req.params.id)
    const [{ state, version: v }, ticketNumber] = await Promise.all([
      loadOrder(deps.db, req.params.id),
      // The ticket number is drawn by the orders projection: null for the moment until then.
      ticketNumberOf(deps.db, req.params.id),
    ])
    if (!state) throw new HttpError(404, NOT_FOUND)
    return { data: { ...boardView(state, ticketNumber), version: v } }
  })

  // The order's timeline from the event store: who did what, when (oldest first).
  app.get<{ Params: { id: string } }>('/api/orders/:id/events', async (req) => {
    await authorizeStaff(req, req.params.id)
    const stream = await readStream(deps.db, orderStreamId(req.params.id))
    if (stream.events.length === 0) throw new HttpError(404, NOT_FOUND)
    return { data: stream.events.map(toOrderEventEntry) }
  })

  // The frontdesk board for a logged-in admin, or an employee of the branch (spec §6): the same
  // answer as the key route below, for staff who never see the branch's api key.
  app.get<{ Params: { branchId: string } }>('/api/orders/board/:branchId', async (req) => {
    const { user } = requireStaff(req)
    const branch = await deps.branches.get(req.params.branchId)
    if (!branch) throw new HttpError(404, msg('unknownBranch'), 'branchId')
    if (!canActForBranch(user, branch.id)) throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
    const rows = await listBoard(deps.db, branch.id, deps.now())
    return { data: rows.map((r) => ({ ...r.view, version: r.version })) }
  })

  app.post<{ Params: { id: string; action: string } }>(
    '/api/orders/:id/status/:action',
    async (req, reply) => {
      const actor = await authorizeStaff(req, req.params.id)
      const { command, version: expectedVersion } = staffCommand(req.params.action, req.body, req.locale)
      const { order, duplicate } = await runOrderCommand(
        deps,
        req.params.id,
        withContext(deps, actor, command),
        {
          expectedVersion,
          idempotency: idempotencyOf(req),
          view: 'staff',
        },
      )
      if (duplicate) reply.header('idempotent-replayed', 'true')
      // When the events were committed (epoch ms): lets a client time commit → live update.
      reply.header('x-committed-at', (performance.timeOrigin + performance.now()).toFixed(3))
      return { data: order }
    },
  )

  app.post<{ Params: { id: string } }>('/api/orders/:id/counter-appointment', async (req, reply) => {
    const actor = await authorizeStaff(req, req.params.id)
    const body = parseBody(counterAppointmentProposalBodySchema, req.body, req.locale)
    const command = withContext(deps, actor, {
      type: 'ProposeCounterAppointment',
      appointment: new Date(body.appointmentDate).toISOString(),
    })
    const { order, duplicate } = await runOrderCommand(deps, req.params.id, command, {
      expectedVersion: body.version,
      idempotency: idempotencyOf(req),
      view: 'staff',
    })
    if (duplicate) reply.header('idempotent-replayed', 'true')
    return { data: order }
  })

  app.get<{ Params: { uid: string; hash: string } }>('/api/orders/public/:uid/:hash', async (req) => {
    const order = await findPublicOrder(deps.db, req.params.uid, req.params.hash)
    if (!order) throw new HttpError(404, NOT_FOUND)
    return { data: { ...order.view, version: order.version } }
  })

  const customerCommand = (
    path: string,
    build: (
      body: unknown,
      locale: string,
    ) => { command: LifecycleCommandInput; version?: number | undefined },
  ) => {
    app.post<{ Params: { uid: string; hash: string } }>(
      `/api/orders/public/:uid/:hash/${path}`,
      async (req, reply) => {
        const { command, version: expectedVersion } = build(req.body, req.locale)
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
  customerCommand('confirm-counter-appointment', (body, locale) => {
    const b = parseBody(counterAppointmentAnswerBodySchema, body, locale)
    return { command: { type: 'AcceptCounterAppointment' }, version: b.version }
  })
  customerCommand('reject-counter-appointment', (body, locale) => {
    const b = parseBody(counterAppointmentAnswerBodySchema, body, locale)
    return { command: { type: 'RejectCounterAppointment' }, version: b.version }
  })
  customerCommand('questionnaire', (body, locale) => {
    const b = parseBody(questionnaireBodySchema, body, locale)
    return {
      command: {
        type: 'AnswerQuestionnaire',
        rating: b.rating,
        foodRating: b.foodRating,
        serviceRating: b.serviceRating,
        processRating: b.processRating,
        comment: b.comment ?? null,
      },
    }
  })

  app.get<{ Params: { branchId: string; apiKey: string }; Querystring: { limit?: string; before?: string } }>(
    '/api/orders/backoffice/:branchId/:apiKey',
    async (req) => {
      const branch = await deps.branches.get(req.params.branchId)
      requireKeyFor(branch, req.params.apiKey)
      const limit = Math.min(200, Math.max(1, Number.parseInt(req.query.limit ?? '50', 10) || 50))
      const before = req.query.before ? new Date(req.query.before) : undefined
      if (before && Number.isNaN(before.getTime())) {
        throw new HttpError(400, msg('invalidDate'), 'before')
      }
      const rows = await listBranchOrders(deps.db, branch.id, { limit, before })
      return { data: rows.map((r) => ({ ...r.view, version: r.version })) }
    },
  )

  app.get<{ Params: { branchId: string; apiKey: string } }>(
    '/api/orders/frontdesk/:branchId/:apiKey',
    async (req) => {
      const branch = await deps.branches.get(req.params.branchId)
      requireKeyFor(branch, req.params.apiKey)
      const rows = await listBoard(deps.db, branch.id, deps.now())
      return { data: rows.map((r) => ({ ...r.view, version: r.version })) }
    },
  )
}
