import { type Db, HttpError } from '@shop/kit'
import {
  canceledOrdersStatistics,
  eventsStatistics,
  itemStatistics,
  noWorkingTime,
  ordersStatistics,
  orderTimesStatistics,
  pagesStatistics,
  pageViewsStatistics,
  popularItemsStatistics,
  revenueStatistics,
  type Scope,
  uniqueVisitorsStatistics,
  visitorTimesStatistics,
} from '@shop/read-models'
import { statisticsQuerySchema } from '@shop/shared/contracts/http/statistics.http.ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES, hasRole, ROLE_ADMIN, requireStaff } from '../auth/guard.ts'
import { parseBody } from '../http-helpers.ts'

// GET /api/statistics/<name> (spec §7, docs/statistics.md). Admins read every branch, employees
// their own.

const HANDLERS = {
  'unique-visitors': uniqueVisitorsStatistics,
  'page-views': pageViewsStatistics,
  pages: pagesStatistics,
  events: eventsStatistics,
  'visitor-times': visitorTimesStatistics,
  'working-activities': noWorkingTime,
  'working-schedules': noWorkingTime,
  orders: ordersStatistics,
  revenue: revenueStatistics,
  'canceled-orders': canceledOrdersStatistics,
  items: itemStatistics,
  'popular-items': popularItemsStatistics,
  'order-times': orderTimesStatistics,
} as const

export async function statisticsRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const scope = (req: FastifyRequest): Scope => {
    const p = requireStaff(req)
    const query = parseBody(statisticsQuerySchema, req.query, req.locale)
    const own = hasRole(p.user, ROLE_ADMIN) ? undefined : p.user.branches.map((b) => b.id)
    if (query.branch && own && !own.includes(query.branch)) {
      throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
    }
    return { ...query, branchIds: query.branch ? [query.branch] : own }
  }
  for (const [name, handler] of Object.entries(HANDLERS)) {
    app.get(`/api/statistics/${name}`, async (req) => ({
      data: await (handler as (db: Db, q: Scope) => Promise<unknown>)(deps.db, scope(req)),
    }))
  }
}
