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
import { dataOf, STATISTICS_RESPONSE_SCHEMAS } from '@shop/shared/contracts'
import {
  type StatisticsName,
  type StatisticsQuery,
  statisticsQuerySchema,
} from '@shop/shared/contracts/http/statistics.http.ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AUTH_MESSAGES, hasRole, ROLE_ADMIN, requireStaff } from '../auth/guard.ts'
import { beforeValidation, errorAnswers, typed } from '../http-schemas.ts'

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
} as const satisfies {
  // Each handler answers what its route declares (the compiler checks it here).
  [N in StatisticsName]: (db: Db, q: Scope) => Promise<z.infer<(typeof STATISTICS_RESPONSE_SCHEMAS)[N]>>
}

export async function statisticsRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const staff = beforeValidation((req: FastifyRequest) => requireStaff(req))
  const scope = (req: FastifyRequest, query: StatisticsQuery): Scope => {
    const p = staff.of(req)
    const own = hasRole(p.user, ROLE_ADMIN) ? undefined : p.user.branches.map((b) => b.id)
    if (query.branch && own && !own.includes(query.branch)) {
      throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
    }
    return { ...query, branchIds: query.branch ? [query.branch] : own }
  }
  const api = typed(app)
  for (const [name, handler] of Object.entries(HANDLERS)) {
    api.get(
      `/api/statistics/${name}`,
      {
        preValidation: staff.preValidation,
        schema: {
          summary: `Statistics: ${name} (staff: admins every branch, employees their own; docs/statistics.md)`,
          tags: ['statistics'],
          querystring: statisticsQuerySchema,
          response: {
            200: dataOf(STATISTICS_RESPONSE_SCHEMAS[name as StatisticsName]),
            ...errorAnswers(400, 401, 403),
          },
        },
      },
      // One route per name: the handler's answer was checked against its schema above.
      async (req) => ({ data: (await handler(deps.db, scope(req, req.query))) as never }),
    )
  }
}
