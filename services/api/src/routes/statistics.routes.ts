import { type Db, HttpError, msg } from '@shop/kit'
import {
  canceledOrdersStatistics,
  eventsStatistics,
  findResource,
  itemStatistics,
  ordersStatistics,
  orderTimesStatistics,
  pagesStatistics,
  pageViewsStatistics,
  popularItemsStatistics,
  revenueStatistics,
  type Scope,
  uniqueVisitorsStatistics,
  userProfileStatistics,
  userProfileWorkingActivities,
  visitorTimesStatistics,
  workingActivitiesStatistics,
  workingSchedulesStatistics,
} from '@shop/read-models'
import { dataOf, STATISTICS_RESPONSE_SCHEMAS } from '@shop/shared/contracts'
import {
  type StatisticsName,
  type StatisticsQuery,
  statisticsQuerySchema,
  userProfileQuerySchema,
  userProfileSchema,
  userProfileWorkingActivitiesSchema,
} from '@shop/shared/contracts/http/statistics.http.ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AUTH_MESSAGES, hasRole, ROLE_ADMIN, requireStaff } from '../auth/guard.ts'
import { beforeValidation, errorAnswers, typed } from '../http-schemas.ts'

// GET /api/statistics/<name> (spec §7, docs/statistics.md). Admins read every branch, employees
// their own. The working-time figures (issue 20, docs/statistics.md "Working time"): an employee
// reads their branches' sums but only their own line of `byUser`, and only their own user
// profile (another user's is 403).

/** What a handler knows besides the query: the clock and whose line an employee may see. */
type Context = { now: number; ownUserId: string | undefined }

const HANDLERS = {
  'unique-visitors': (db, q) => uniqueVisitorsStatistics(db, q),
  'page-views': pageViewsStatistics,
  pages: pagesStatistics,
  events: eventsStatistics,
  'visitor-times': visitorTimesStatistics,
  'working-activities': async (db, q, c) => {
    const s = await workingActivitiesStatistics(db, q, c.now)
    return c.ownUserId === undefined ? s : { ...s, byUser: s.byUser.filter((u) => u.userId === c.ownUserId) }
  },
  'working-schedules': async (db, q, c) => {
    const s = await workingSchedulesStatistics(db, q)
    return c.ownUserId === undefined ? s : { ...s, byUser: s.byUser.filter((u) => u.userId === c.ownUserId) }
  },
  orders: ordersStatistics,
  revenue: revenueStatistics,
  'canceled-orders': canceledOrdersStatistics,
  items: itemStatistics,
  'popular-items': popularItemsStatistics,
  'order-times': orderTimesStatistics,
} as const satisfies {
  // Each handler answers what its route declares (the compiler checks it here).
  [N in StatisticsName]: (
    db: Db,
    q: Scope,
    c: Context,
  ) => Promise<z.infer<(typeof STATISTICS_RESPONSE_SCHEMAS)[N]>>
}

export async function statisticsRoutes(
  app: FastifyInstance,
  deps: { db: Db; now?: () => Date },
): Promise<void> {
  const now = () => (deps.now ?? (() => new Date()))().getTime()
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
      async (req) => {
        const q = scope(req, req.query)
        const user = staff.of(req).user
        const c = { now: now(), ownUserId: hasRole(user, ROLE_ADMIN) ? undefined : user.id }
        return { data: (await handler(deps.db, q, c)) as never }
      },
    )
  }

  /** A manager reads every user's profile, an employee only their own. */
  const profileOf = (req: FastifyRequest, userId: string) => {
    const user = staff.of(req).user
    if (!hasRole(user, ROLE_ADMIN) && user.id !== userId)
      throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
  }

  api.get(
    '/api/statistics/user-profile',
    {
      preValidation: staff.preValidation,
      schema: {
        summary:
          "A user's planned against worked time from start to end (local days), per day and in total; running activities count to `now` (staff: managers every user, employees their own)",
        tags: ['statistics'],
        querystring: userProfileQuerySchema,
        response: { 200: dataOf(userProfileSchema), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => {
      profileOf(req, req.query.user)
      const at = req.query.now === undefined ? now() : Date.parse(req.query.now)
      const data = await userProfileStatistics(deps.db, req.query.user, req.query.start, req.query.end, at)
      if (!data) throw new HttpError(404, msg('notFound'), 'user')
      return { data }
    },
  )

  api.get(
    '/api/statistics/user-profile-working-activities',
    {
      preValidation: staff.preValidation,
      schema: {
        summary:
          "A user's working activities from start to end (local days), per day (staff: managers every user, employees their own)",
        tags: ['statistics'],
        querystring: userProfileQuerySchema,
        response: { 200: dataOf(userProfileWorkingActivitiesSchema), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req) => {
      profileOf(req, req.query.user)
      if (!(await findResource(deps.db, 'user', req.query.user)))
        throw new HttpError(404, msg('notFound'), 'user')
      const at = req.query.now === undefined ? now() : Date.parse(req.query.now)
      return {
        data: await userProfileWorkingActivities(deps.db, req.query.user, req.query.start, req.query.end, at),
      }
    },
  )
}
