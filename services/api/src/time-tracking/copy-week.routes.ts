import { type Db, HttpError, msg } from '@shop/kit'
import { findResource, listResources } from '@shop/read-models'
import { DEFAULT_TIME_ZONE, dataOf, resourceItemSchema } from '@shop/shared/contracts'
import { copyWeekBodySchema } from '@shop/shared/contracts/http/working-plan.http.ts'
import { addDays } from '@shop/shared/domain/scheduling'
import {
  copyWeekShifts,
  mondayOfWeekKey,
  type PlannedShift,
} from '@shop/shared/domain/time-tracking/plan-week.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ROLE_ADMIN, requireRole } from '../auth/guard.ts'
import { beforeValidation, errorAnswers, idempotencyHeaders, typed } from '../http-schemas.ts'
import { idempotentRoute } from '../idempotency.ts'
import { RESOURCES, scheduleMatches } from '../resources/resource-registry.ts'
import { createResource } from '../resources/resource-store.ts'
import { actorOf, present, withReferences } from '../resources/write-steps.ts'

// "Copy last week" of the back-office's week plan (issue 20; docs/time-tracking.md "The week
// plan"): every shift of one ISO week of a branch, moved to another week on the same weekday with
// the same wall-clock times in the branch's zone, each a plan entry of its own (a resource write
// like a POST /api/working-schedules, with its history). A shift that would repeat one already
// planned (same user, branch, start, end and break) is left out, so copying twice adds nothing;
// an Idempotency-Key answers a retry with the first answer.

export type CopyWeekRouteDeps = {
  db: Db
  bus: { notifyAppended(): void }
}

const def = RESOURCES.find((r) => r.type === 'working-schedule')!

const asShift = (row: { data: Record<string, unknown> }): PlannedShift => ({
  userId: String(row.data.userId),
  branchId: String(row.data.branchId),
  start: String(row.data.start),
  end: String(row.data.end),
  breakMinutes: typeof row.data.breakMinutes === 'number' ? row.data.breakMinutes : 0,
  note: typeof row.data.note === 'string' ? row.data.note : null,
})

export async function copyWeekRoutes(app: FastifyInstance, deps: CopyWeekRouteDeps): Promise<void> {
  const api = typed(app)
  const key = idempotentRoute(deps.db, 'working-schedule-copy')
  // The role first: a refused caller's key is never reserved.
  const admin = beforeValidation((req) => requireRole(req, ROLE_ADMIN))
  api.post(
    '/api/working-schedules/copy-week',
    {
      preValidation: admin.preValidation,
      preHandler: key.preHandler,
      onSend: key.onSend,
      schema: {
        summary:
          "Copy a branch's shifts of one ISO week into another week (admins; same weekday and local times; shifts already planned are left out; Idempotency-Key)",
        tags: ['time-tracking'],
        headers: idempotencyHeaders,
        body: copyWeekBodySchema,
        response: {
          200: dataOf(z.array(resourceItemSchema('working-schedule'))),
          ...errorAnswers(400, 401, 403, 409, 422),
        },
      },
    },
    async (req) => {
      const p = admin.of(req)
      const { branchId, fromWeek, toWeek } = req.body
      if (fromWeek === toWeek) throw new HttpError(400, msg('ordering:validation.invalid'), 'toWeek')
      const branch = await findResource(deps.db, 'branch', branchId)
      if (!branch) throw new HttpError(400, msg('referenceMissing'), 'branchId')
      const zone = typeof branch.data.timeZone === 'string' ? branch.data.timeZone : DEFAULT_TIME_ZONE
      const from = mondayOfWeekKey(fromWeek)!
      const to = mondayOfWeekKey(toWeek)!
      const shiftsOf = async (monday: string) =>
        (await listResources(deps.db, 'working-schedule'))
          .filter((r) =>
            scheduleMatches(r.data, {
              branch: branchId,
              kind: 'shift',
              from: monday,
              to: addDays(monday, 6),
            }),
          )
          .map(asShift)
      const copies = copyWeekShifts(await shiftsOf(from), await shiftsOf(to), from, to, zone)
      const created = []
      for (const shift of copies) {
        const data = { kind: 'shift', from: null, to: null, days: null, ...shift }
        const row = await createResource({
          db: deps.db,
          bus: deps.bus,
          type: def.type,
          actor: actorOf(p),
          data,
          alongside: withReferences(def, data, undefined),
        })
        created.push(present(def, row, p))
      }
      return { data: created }
    },
  )
}
