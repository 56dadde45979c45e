import { z } from 'zod'
import { mondayOfWeekKey } from '../../domain/time-tracking/plan-week.ts'

// The week plan's own command (issue 20; docs/time-tracking.md "The week plan"): copy one ISO
// week's shifts of a branch into another week. The plan entries themselves are resources
// (resources.http.ts, `/api/working-schedules`).

/** An ISO week as '2027-W12'. */
export const isoWeekKeySchema = z
  .string()
  .regex(/^\d{4}-W\d{2}$/, 'validation.invalid')
  .refine((key) => mondayOfWeekKey(key) !== null, 'validation.invalid')
  .describe("An ISO week, e.g. '2027-W12'")

/** POST /api/working-schedules/copy-week (admins). */
export const copyWeekBodySchema = z
  .strictObject({
    branchId: z.string().trim().min(1).max(64),
    fromWeek: isoWeekKeySchema,
    toWeek: isoWeekKeySchema,
  })
  .meta({ id: 'CopyWorkingScheduleWeek' })
export type CopyWeekBody = z.infer<typeof copyWeekBodySchema>
