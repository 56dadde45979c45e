import { type Db, HttpError, msg } from '@shop/kit'
import { listResourcesOfTypes, listWorkingActivities, planContext, plannedRows } from '@shop/read-models'
import { DEFAULT_TIME_ZONE } from '@shop/shared/contracts'
import { activityView } from '@shop/shared/domain/time-tracking'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AUTH_MESSAGES, hasRole, ROLE_ADMIN, requireStaff } from '../auth/guard.ts'
import { bytesSchema, errorAnswers, typed } from '../http-schemas.ts'
import { buildTimeSheet, monthRange, sheetTexts, timeSheetCsv } from './time-sheet.ts'
import { timeSheetPdf } from './time-sheet-pdf.ts'

// GET /api/time-sheets/{userId}/{YYYY-MM}.csv and .pdf (issue 20 payroll export;
// docs/time-tracking.md "Time sheets"): a month's time sheet of one employee, for managers
// (ROLE_ADMIN) and for the employee themselves.

const FILE = /^(\d{4})-(0[1-9]|1[0-2])\.(csv|pdf)$/

export async function timeSheetRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date },
): Promise<void> {
  typed(app).get(
    '/api/time-sheets/:userId/:file',
    {
      schema: {
        summary:
          "A month's time sheet of one employee as CSV (UTF-8 with BOM, semicolons) or PDF (A4): {YYYY-MM}.csv or .pdf (managers every user, employees their own)",
        tags: ['time-tracking'],
        params: z.object({ userId: z.string(), file: z.string() }),
        response: {
          200: {
            description: 'The time sheet',
            content: {
              'text/csv': { schema: z.string() },
              'application/pdf': { schema: bytesSchema('The time sheet as PDF') },
            },
          },
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (req, reply) => {
      const p = requireStaff(req)
      const { userId, file } = req.params
      if (!hasRole(p.user, ROLE_ADMIN) && p.user.id !== userId)
        throw new HttpError(403, AUTH_MESSAGES.notPrivileged(req.locale))
      const m = FILE.exec(file)
      if (!m) throw new HttpError(400, msg('ordering:validation.timeSheetMonth'), 'month')
      const month = `${m[1]}-${m[2]}`
      const format = m[3] as 'csv' | 'pdf'
      const ctx = await planContext(deps.db)
      const user = ctx.users.get(userId)
      if (!user) throw new HttpError(404, msg('notFound'), 'userId')
      const { from, to } = monthRange(month)
      const now = deps.now()
      const [activities, named] = await Promise.all([
        listWorkingActivities(deps.db, { userId, from, to }),
        listResourcesOfTypes(deps.db, ['branch', 'project', 'task']),
      ])
      const names = (type: string) =>
        new Map(named.filter((r) => r.type === type).map((r) => [r.id, String(r.data.name ?? r.id)]))
      const branchNames = names('branch')
      const texts = sheetTexts(req.locale)
      const sheet = buildTimeSheet({
        userId,
        name: user.name,
        branches: user.branchIds.map((id) => branchNames.get(id) ?? id),
        month,
        generatedAt: now,
        timeZone: ctx.zones.get(user.branchIds[0] ?? '') ?? DEFAULT_TIME_ZONE,
        activities: activities.map((a) => activityView(a, now.getTime())),
        shifts: plannedRows(ctx, { from, to, branchIds: undefined, userIds: [userId] }).map((r) => ({
          date: r.date,
          plannedSeconds: r.plannedSeconds,
        })),
        absences: ctx.entries.flatMap((e) =>
          e.kind !== 'shift' && e.userId === userId
            ? [{ kind: e.kind, from: e.from, to: e.to, days: e.days }]
            : [],
        ),
        projectNames: names('project'),
        taskNames: names('task'),
        texts,
      })
      const name = `time-sheet-${String(user.name)
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase()}-${month}`
      // Personal data: never kept by a cache.
      reply.header('cache-control', 'no-store')
      if (format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(timeSheetCsv(sheet, texts))
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .send(Buffer.from(await timeSheetPdf(sheet, texts)))
    },
  )
}
