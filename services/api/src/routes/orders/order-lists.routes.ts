import { type Db, HttpError } from '@shop/kit'
import { listOrders, type OrderListFilter, resourcesById } from '@shop/read-models'
import { orderListQuerySchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES, hasRole, ROLE_ADMIN, requireStaff } from '../../auth/guard.ts'
import { parseBody } from '../../http-helpers.ts'

// The staff's order lists (spec §7): history with filters, current (open) and missed (nobody
// answered within the branch's missedOrderMinutes), all from the board read model. Admins see
// every branch, employees their own.

export const DEFAULT_MISSED_MINUTES = 4

const toDate = (v: string | undefined) => (v === undefined ? undefined : new Date(v))

export async function orderListRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date },
): Promise<void> {
  const scope = (req: FastifyRequest) => {
    const p = requireStaff(req)
    const query = parseBody(orderListQuerySchema, req.query, req.locale)
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

  app.get('/api/orders', async (req) => answer(await listOrders(deps.db, scope(req))))

  app.get('/api/orders/current', async (req) =>
    answer(await listOrders(deps.db, { ...scope(req), onlyOpen: true })),
  )

  app.get('/api/orders/missed', async (req) => {
    const filter = scope(req)
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
  })
}
