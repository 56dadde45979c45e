import { type Db, HttpError } from '@shop/kit'
import { listOrders, type OrderListFilter, resourcesById } from '@shop/read-models'
import { dataOf, type OrderListQuery, orderListQuerySchema, staffOrderSchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AUTH_MESSAGES, hasRole, ROLE_ADMIN, requireStaff } from '../../auth/guard.ts'
import { beforeValidation, errorAnswers, typed } from '../../http-schemas.ts'

// The staff's order lists (spec §7): history with filters, current (open) and missed (nobody
// answered within the branch's missedOrderMinutes), all from the board read model. Admins see
// every branch, employees their own.

export const DEFAULT_MISSED_MINUTES = 4

const toDate = (v: string | undefined) => (v === undefined ? undefined : new Date(v))

export async function orderListRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date },
): Promise<void> {
  const staff = beforeValidation((req: FastifyRequest) => requireStaff(req))
  const scope = (req: FastifyRequest, query: OrderListQuery) => {
    const p = staff.of(req)
    const own = hasRole(p.user, ROLE_ADMIN) ? undefined : p.user.branches.map((b) => b.id)
    if (query.branch && own && !own.includes(query.branch)) {
      throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
    }
    const branchIds = query.branch ? [query.branch] : own
    const filter: OrderListFilter = {
      branchIds,
      from: toDate(query.from),
      to: toDate(query.to),
      status: query.status,
      orderType: query.orderType,
      text: query.q,
      before: toDate(query.before),
      limit: query.limit,
    }
    return filter
  }
  const answer = (rows: Awaited<ReturnType<typeof listOrders>>) => ({
    data: rows.map((r) => ({ ...r.view, version: r.version })),
  })
  const api = typed(app)
  const schema = (summary: string) => ({
    summary,
    tags: ['orders'],
    querystring: orderListQuerySchema,
    response: { 200: dataOf(z.array(staffOrderSchema)), ...errorAnswers(400, 401, 403) },
  })
  const options = (summary: string) => ({ preValidation: staff.preValidation, schema: schema(summary) })

  api.get(
    '/api/orders',
    options('Order history with filters, newest first (staff: admins every branch, employees their own)'),
    async (req) => answer(await listOrders(deps.db, scope(req, req.query))),
  )

  api.get('/api/orders/current', options('The open orders (staff)'), async (req) =>
    answer(await listOrders(deps.db, { ...scope(req, req.query), onlyOpen: true })),
  )

  api.get(
    '/api/orders/missed',
    options("Orders nobody answered within the branch's missedOrderMinutes (staff)"),
    async (req) => {
      const filter = scope(req, req.query)
      const now = deps.now().getTime()
      const waiting = await listOrders(deps.db, {
        ...filter,
        status: 'awaitingConfirmation',
        unansweredBefore: new Date(now - 60_000),
        limit: 500,
      })
      const branchIds = [...new Set(waiting.map((r) => r.view.branch.id))]
      const minutes = new Map<string, number>()
      for (const r of await resourcesById(deps.db, 'branch', branchIds)) {
        const m = r.data.missedOrderMinutes
        if (typeof m === 'number') minutes.set(r.id, m)
      }
      const missed = waiting.filter(
        (r) =>
          Date.parse(r.view.createdAt) <=
          now - (minutes.get(r.view.branch.id) ?? DEFAULT_MISSED_MINUTES) * 60_000,
      )
      return answer(missed.slice(0, filter.limit))
    },
  )
}
