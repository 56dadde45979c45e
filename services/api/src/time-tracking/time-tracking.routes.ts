import { randomUUID } from 'node:crypto'
import { type Db, HttpError, msg, type StaffUser } from '@shop/kit'
import {
  findResource,
  findWorkingActivity,
  listResources,
  listWorkingActivities,
  userWorkingDays,
  workingActivityOwner,
} from '@shop/read-models'
import {
  type Actor,
  correctionBodySchema,
  DEFAULT_TIME_ZONE,
  dataOf,
  holidayBalanceSchema,
  holidayBalancesQuerySchema,
  resourceItemSchema,
  startActivityBodySchema,
  terminalParams,
  terminalProjectSchema,
  terminalSchedulesQuerySchema,
  terminalStateQuerySchema,
  timeTrackingStateSchema,
  userWorkingDaySchema,
  workingActivitiesQuerySchema,
  workingActivitySchema,
} from '@shop/shared/contracts'
import { addDays, localDateOf, startOfIsoWeek } from '@shop/shared/domain/scheduling'
import {
  activityView,
  holidayBalance,
  terminalState,
  type WorkingTimeCommand,
  WorkingTimeRuleError,
} from '@shop/shared/domain/time-tracking'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { canActForBranch, hasRole, ROLE_ADMIN, requireRole, requireStaff } from '../auth/guard.ts'
import { errorAnswers, idempotencyHeaders, typed } from '../http-schemas.ts'
import { idempotencyOf } from '../idempotency.ts'
import { scheduleMatches } from '../resources/resource-registry.ts'
import { terminalUser } from './terminal-user.ts'
import { loadWorkingTime, runWorkingTimeCommand } from './working-time-commands.ts'

// Staff time tracking (issue 20; docs/time-tracking.md "API", docs/api.md "Time tracking").
// The terminal (spec §7 /time-tracking/{token}/{username}/…) is reached by the user's access
// token and username, no login; its answers are made from the user's stream (the decider's
// state), so an answer right after an action shows it. The back-office routes read the
// time-tracking read model and take a staff session; corrections are for managers (ROLE_ADMIN).

export type TimeTrackingRouteDeps = {
  db: Db
  bus: { notifyAppended(): void }
  now: () => Date
}

const TAGS = ['time-tracking']
const zoneOf = (data: Record<string, unknown> | undefined) =>
  typeof data?.timeZone === 'string' ? data.timeZone : DEFAULT_TIME_ZONE
const staffActor = (user: StaffUser): Actor => ({ kind: 'staff', id: user.id, name: user.displayName })

export async function timeTrackingRoutes(app: FastifyInstance, deps: TimeTrackingRouteDeps): Promise<void> {
  const api = typed(app)

  /** The zone the terminal's today and week are in: the branch's asked for, else the user's first. */
  async function terminalZone(user: StaffUser, branch?: string): Promise<string> {
    const branchId = branch ?? user.branches[0]?.id
    if (branchId === undefined) return DEFAULT_TIME_ZONE
    return zoneOf((await findResource(deps.db, 'branch', branchId))?.data)
  }

  const stateAnswers = { 200: dataOf(timeTrackingStateSchema), ...errorAnswers(400, 404, 409, 422) }

  api.get(
    '/api/time-tracking/:token/:username/working-activities',
    {
      schema: {
        summary:
          "The terminal's state: the current activity (or null), today's and this week's activities and sums (access token + username)",
        tags: TAGS,
        params: terminalParams,
        querystring: terminalStateQuerySchema,
        response: { 200: dataOf(timeTrackingStateSchema), ...errorAnswers(404) },
      },
    },
    async (req, reply) => {
      const user = await terminalUser(deps.db, req.params.token, req.params.username)
      const { state } = await loadWorkingTime(deps.db, user.id)
      reply.header('cache-control', 'no-store')
      const zone = await terminalZone(user, req.query.branch)
      return { data: terminalState(state, deps.now().getTime(), zone) }
    },
  )

  api.get(
    '/api/time-tracking/:token/:username/working-schedules',
    {
      schema: {
        summary:
          "The user's plan (shifts and absences) between two local days, by default this week and next (access token + username)",
        tags: TAGS,
        params: terminalParams,
        querystring: terminalSchedulesQuerySchema,
        response: { 200: dataOf(z.array(resourceItemSchema('working-schedule'))), ...errorAnswers(400, 404) },
      },
    },
    async (req, reply) => {
      const user = await terminalUser(deps.db, req.params.token, req.params.username)
      const zone = await terminalZone(user)
      const monday = startOfIsoWeek(localDateOf(deps.now(), zone))
      const query = { user: user.id, from: req.query.from ?? monday, to: req.query.to ?? addDays(monday, 13) }
      if (query.to < query.from) throw new HttpError(400, msg('ordering:validation.endAfterStart'), 'to')
      const rows = (await listResources(deps.db, 'working-schedule')).filter((r) =>
        scheduleMatches(r.data, query),
      )
      reply.header('cache-control', 'no-store')
      return { data: rows.map((r) => ({ ...r.data, id: r.id, version: r.version })) }
    },
  )

  api.get(
    '/api/time-tracking/:token/:username/projects',
    {
      schema: {
        summary:
          "The active projects the user may book time on (their branches' and those for every branch), each with its tasks (access token + username)",
        tags: TAGS,
        params: terminalParams,
        response: { 200: dataOf(z.array(terminalProjectSchema)), ...errorAnswers(404) },
      },
    },
    async (req, reply) => {
      const user = await terminalUser(deps.db, req.params.token, req.params.username)
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'de')
      const projects = (await listResources(deps.db, 'project'))
        .filter((p) => p.data.isActive !== false)
        .filter((p) => typeof p.data.branchId !== 'string' || canActForBranch(user, p.data.branchId))
      const tasks = await listResources(deps.db, 'task')
      reply.header('cache-control', 'no-store')
      return {
        data: projects
          .map((p) => ({
            id: p.id,
            name: String(p.data.name ?? ''),
            branchId: typeof p.data.branchId === 'string' ? p.data.branchId : null,
            tasks: tasks
              .filter((t) => t.data.projectId === p.id)
              .map((t) => ({ id: t.id, name: String(t.data.name ?? '') }))
              .sort(byName),
          }))
          .sort(byName),
      }
    },
  )

  /** One terminal action: the command of the user, answered with the terminal's state after it. */
  function terminalAction(
    path: string,
    summary: string,
    command: (
      user: StaffUser,
      base: { userId: string; at: string; actor: Actor },
      body: unknown,
    ) => Promise<WorkingTimeCommand>,
    body?: z.ZodType,
  ) {
    api.post(
      `/api/time-tracking/:token/:username/working-activities/${path}`,
      {
        schema: {
          summary: `${summary} (access token + username; Idempotency-Key)`,
          tags: TAGS,
          params: terminalParams,
          headers: idempotencyHeaders,
          ...(body ? { body } : {}),
          response: stateAnswers,
        },
      },
      async (req: FastifyRequest<{ Params: z.infer<typeof terminalParams> }>) => {
        const user = await terminalUser(deps.db, req.params.token, req.params.username)
        // The key is the terminal user's: another user's same key never meets it.
        const idempotency = idempotencyOf(req, { scope: `terminal:${user.id}`, owner: null })
        const now = deps.now()
        const base = { userId: user.id, at: now.toISOString(), actor: staffActor(user) }
        const cmd = await command(user, base, req.body)
        const branchHint = cmd.type === 'StartWorkingActivity' ? cmd.branchId : undefined
        // The answer (stored for a retry under the key) is made in the command, from its state.
        const zone = await terminalZone(user, branchHint)
        const data = await runWorkingTimeCommand(
          deps,
          cmd,
          (state) => terminalState(state, now.getTime(), zone),
          idempotency,
        )
        return { data }
      },
    )
  }

  terminalAction(
    'start',
    'Start a working activity at a branch, optionally for a project or task',
    async (user, base, raw) => {
      const body = raw as z.infer<typeof startActivityBodySchema>
      const branch = await findResource(deps.db, 'branch', body.branchId)
      if (!branch) throw new WorkingTimeRuleError('start', 'branchUnknown', 'branchId')
      if (!canActForBranch(user, branch.id))
        throw new WorkingTimeRuleError('start', 'branchNotOfUser', 'branchId')
      let projectId = body.projectId ?? null
      const taskId = body.taskId ?? null
      if (taskId !== null) {
        const task = await findResource(deps.db, 'task', taskId)
        if (!task) throw new WorkingTimeRuleError('start', 'taskUnknown', 'taskId')
        const ofTask = String(task.data.projectId)
        if (projectId !== null && projectId !== ofTask)
          throw new WorkingTimeRuleError('start', 'taskOtherProject', 'taskId')
        projectId = ofTask
      }
      if (projectId !== null) {
        const project = await findResource(deps.db, 'project', projectId)
        if (!project || project.data.isActive === false)
          throw new WorkingTimeRuleError('start', 'projectUnknown', body.projectId ? 'projectId' : 'taskId')
        const of = project.data.branchId
        if (typeof of === 'string' && of !== branch.id)
          throw new WorkingTimeRuleError('start', 'projectOtherBranch', 'projectId')
      }
      return {
        type: 'StartWorkingActivity',
        ...base,
        activityId: randomUUID(),
        branchId: branch.id,
        projectId,
        taskId,
        timeZone: zoneOf(branch.data),
      }
    },
    startActivityBodySchema,
  )
  terminalAction('pause', 'Pause the running activity', async (_u, base) => ({
    type: 'PauseWorkingActivity',
    ...base,
  }))
  terminalAction('resume', 'Resume the paused activity', async (_u, base) => ({
    type: 'ResumeWorkingActivity',
    ...base,
  }))
  terminalAction('end', 'End the running or paused activity', async (_u, base) => ({
    type: 'EndWorkingActivity',
    ...base,
  }))

  /** Whose time a staff member may read: a manager everyone's, an employee their own. */
  const readableUsers = (req: FastifyRequest, asked: string | undefined) => {
    const p = requireStaff(req)
    if (hasRole(p.user, ROLE_ADMIN)) return { userId: asked }
    if (asked !== undefined && asked !== p.user.id) return { userIds: [] as string[] }
    return { userId: p.user.id }
  }

  api.get(
    '/api/working-activities',
    {
      schema: {
        summary:
          'Working activities, oldest first, filtered by branch, user and local days from–to (staff: managers every user, employees their own)',
        tags: TAGS,
        querystring: workingActivitiesQuerySchema,
        response: { 200: dataOf(z.array(workingActivitySchema)), ...errorAnswers(400, 401) },
      },
    },
    async (req) => {
      const users = readableUsers(req, req.query.user)
      const activities = await listWorkingActivities(deps.db, {
        ...users,
        branchId: req.query.branch,
        from: req.query.from,
        to: req.query.to,
      })
      const now = deps.now().getTime()
      return { data: activities.map((a) => activityView(a, now)) }
    },
  )

  api.get(
    '/api/working-activities/days',
    {
      schema: {
        summary:
          'Worked and break seconds per user and local day of the ended activities (staff: managers every user, employees their own)',
        tags: TAGS,
        querystring: workingActivitiesQuerySchema.omit({ branch: true }),
        response: { 200: dataOf(z.array(userWorkingDaySchema)), ...errorAnswers(400, 401) },
      },
    },
    async (req) => {
      const users = readableUsers(req, req.query.user)
      return { data: await userWorkingDays(deps.db, { ...users, from: req.query.from, to: req.query.to }) }
    },
  )

  api.get(
    '/api/working-activities/:id',
    {
      schema: {
        summary: 'One working activity (staff: managers every one, employees their own)',
        tags: TAGS,
        params: z.object({ id: z.string() }),
        response: { 200: dataOf(workingActivitySchema), ...errorAnswers(401, 404) },
      },
    },
    async (req) => {
      const p = requireStaff(req)
      const activity = await findWorkingActivity(deps.db, req.params.id)
      // Another user's activity is as unknown to an employee as one that does not exist.
      if (!activity || (!hasRole(p.user, ROLE_ADMIN) && activity.userId !== p.user.id))
        throw new HttpError(404, msg('notFound'), 'id')
      return { data: activityView(activity, deps.now().getTime()) }
    },
  )

  api.post(
    '/api/working-activities/:id/corrections',
    {
      schema: {
        summary:
          'Correct an activity: its whole times (start, end, pauses) and why (managers); the recorded times stay, a running activity ends',
        tags: TAGS,
        params: z.object({ id: z.string() }),
        headers: idempotencyHeaders,
        body: correctionBodySchema,
        response: { 200: dataOf(workingActivitySchema), ...errorAnswers(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      const p = requireRole(req, ROLE_ADMIN)
      const userId = await workingActivityOwner(deps.db, req.params.id)
      if (userId === undefined) throw new WorkingTimeRuleError('correct', 'activityNotFound', 'id')
      const now = deps.now()
      const data = await runWorkingTimeCommand(
        deps,
        {
          type: 'CorrectWorkingActivity',
          userId,
          at: now.toISOString(),
          actor: staffActor(p.user),
          activityId: req.params.id,
          start: req.body.start,
          end: req.body.end,
          pauses: req.body.pauses,
          reason: req.body.reason,
        },
        (state) => activityView(state.activities[req.params.id]!, now.getTime()),
        idempotencyOf(req),
      )
      return { data }
    },
  )

  api.get(
    '/api/time-sheets/holiday-balances',
    {
      schema: {
        summary:
          'Holiday balances of a year (default this one): entitlement, taken, planned and balance in days per user (staff: managers every user, employees their own)',
        tags: TAGS,
        querystring: holidayBalancesQuerySchema,
        response: { 200: dataOf(z.array(holidayBalanceSchema)), ...errorAnswers(400, 401) },
      },
    },
    async (req) => {
      const users = readableUsers(req, req.query.user)
      const today = localDateOf(deps.now(), DEFAULT_TIME_ZONE)
      const year = req.query.year === undefined ? Number(today.slice(0, 4)) : Number(req.query.year)
      const all = await listResources(deps.db, 'user')
      const shown = all.filter((u) =>
        users.userIds !== undefined
          ? users.userIds.includes(u.id)
          : users.userId === undefined || u.id === users.userId,
      )
      const holidays = (await listResources(deps.db, 'working-schedule')).filter(
        (r) => r.data.kind === 'holiday',
      )
      return {
        data: shown.map((u) => {
          const entitlement = typeof u.data.holidayDaysPerYear === 'number' ? u.data.holidayDaysPerYear : null
          const absences = holidays
            .filter((h) => h.data.userId === u.id)
            .map((h) => ({
              from: String(h.data.from),
              to: String(h.data.to),
              days: typeof h.data.days === 'number' ? h.data.days : null,
            }))
          return {
            userId: u.id,
            username: String(u.data.username ?? ''),
            displayName: String(u.data.displayName ?? u.data.username ?? ''),
            year,
            ...holidayBalance(entitlement, absences, year, today),
          }
        }),
      }
    },
  )
}
