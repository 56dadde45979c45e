import { z } from 'zod'
import { isoDateSchema, isoInstantSchema } from './responses.http.ts'

// Staff time tracking over HTTP (issue 20; docs/time-tracking.md "API", docs/api.md "Time
// tracking"). Every answer is `{ data }`; every refusal the spec's error body. Times are ISO
// instants (UTC); days are local dates (YYYY-MM-DD) in the zone of the activity's branch.
// Durations are whole seconds.

const instant = isoInstantSchema
const ref = z.string().trim().min(1).max(64)

/** A pause or another interval; `end` null while it lasts. */
export const openIntervalSchema = z
  .object({ start: instant, end: instant.nullable() })
  .meta({ id: 'OpenInterval' })

/** Times of an activity: start, end (null while it runs) and pauses. */
export const activityTimesSchema = z
  .object({ start: instant, end: instant.nullable(), pauses: z.array(openIntervalSchema) })
  .meta({ id: 'WorkingActivityTimes' })

/** One correction of an activity: the whole activity as it should have been, who and why. */
export const activityCorrectionSchema = z
  .object({
    /** When the correction was made. */
    at: instant,
    /** Who made it (a manager): user id and display name as they were then. */
    by: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
    reason: z.string(),
    start: instant,
    end: instant,
    pauses: z.array(z.object({ start: instant, end: instant })),
  })
  .meta({ id: 'WorkingActivityCorrection' })

export const ACTIVITY_STATUSES = ['running', 'paused', 'ended'] as const

/**
 * A working activity. `start`, `end` and `pauses` are the times that count (the last
 * correction's, else the recorded ones); `recorded` keeps what the terminal recorded and
 * `corrections` every correction, oldest first. `workedSeconds` and `breakSeconds` count to the
 * answer's moment while the activity runs. `day` is the local day it counts to: the day it
 * started, in `timeZone` (its branch's zone when it started).
 */
export const workingActivitySchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    branchId: z.string(),
    projectId: z.string().nullable(),
    taskId: z.string().nullable(),
    status: z.enum(ACTIVITY_STATUSES),
    day: isoDateSchema,
    timeZone: z.string(),
    start: instant,
    end: instant.nullable(),
    pauses: z.array(openIntervalSchema),
    workedSeconds: z.int().min(0),
    breakSeconds: z.int().min(0),
    isCorrected: z.boolean(),
    recorded: activityTimesSchema,
    corrections: z.array(activityCorrectionSchema),
  })
  .meta({ id: 'WorkingActivity' })
export type WorkingActivityView = z.infer<typeof workingActivitySchema>

/** Sums of one local day. */
export const workingDaySchema = z
  .object({
    date: isoDateSchema,
    workedSeconds: z.int().min(0),
    breakSeconds: z.int().min(0),
    activities: z.int().min(0),
  })
  .meta({ id: 'WorkingDay' })
export type WorkingDayView = z.infer<typeof workingDaySchema>

/**
 * The terminal's state (spec §3 "time tracking holds … working activities and one current
 * working activity (may be null)"): the answer of GET …/working-activities and of every action.
 * `today` and `week` (Monday to Sunday) are in `timeZone`: the zone of the branch asked for
 * (`?branch=`, or the branch a start names), else of the user's first branch, else the shop's
 * default (Europe/Zurich).
 */
export const timeTrackingStateSchema = z
  .object({
    /** The moment the answer was made (running times count to it). */
    at: instant,
    timeZone: z.string(),
    current: workingActivitySchema.nullable(),
    today: workingDaySchema.extend({ activities: z.array(workingActivitySchema) }),
    week: z.object({
      from: isoDateSchema,
      to: isoDateSchema,
      workedSeconds: z.int().min(0),
      breakSeconds: z.int().min(0),
      days: z.array(workingDaySchema),
      activities: z.array(workingActivitySchema),
    }),
  })
  .meta({ id: 'TimeTrackingState' })
export type TimeTrackingState = z.infer<typeof timeTrackingStateSchema>

/** The terminal's path parameters: the user's access token and username (spec §1). */
export const terminalParams = z.object({ token: z.string(), username: z.string() })

/** GET …/working-activities: the branch whose zone names today and the week (optional). */
export const terminalStateQuerySchema = z.object({ branch: z.string().optional() })

/** POST …/working-activities/start. A task implies its project (a given project must match). */
export const startActivityBodySchema = z
  .strictObject({
    branchId: ref,
    projectId: ref.nullable().optional(),
    taskId: ref.nullable().optional(),
  })
  .meta({ id: 'StartWorkingActivity' })
export type StartActivityBody = z.infer<typeof startActivityBodySchema>

/** POST /api/working-activities/{id}/corrections (managers). */
export const correctionBodySchema = z
  .strictObject({
    start: instant,
    end: instant,
    pauses: z
      .array(z.strictObject({ start: instant, end: instant }))
      .max(50)
      .default([]),
    reason: z.string().trim().min(1).max(500),
  })
  .meta({ id: 'WorkingActivityCorrectionBody' })
export type CorrectionBody = z.infer<typeof correctionBodySchema>

/** GET /api/working-activities and …/days: filters (from and to are local days, inclusive). */
export const workingActivitiesQuerySchema = z.object({
  branch: z.string().optional(),
  user: z.string().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
})
export type WorkingActivitiesQuery = z.infer<typeof workingActivitiesQuerySchema>

/** GET /api/working-activities/days: one user's sums of one local day (ended activities). */
export const userWorkingDaySchema = workingDaySchema
  .extend({ userId: z.string() })
  .meta({ id: 'UserWorkingDay' })

/** GET …/working-schedules on the terminal: local days, inclusive (default this week and next). */
export const terminalSchedulesQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
})

/**
 * GET …/projects on the terminal: the active projects the user may book time on (those of the
 * user's branches and those for every branch, `branchId` null), each with its tasks, by name.
 */
export const terminalProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    branchId: z.string().nullable(),
    tasks: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'TerminalProject' })
export type TerminalProject = z.infer<typeof terminalProjectSchema>

/** GET /api/time-sheets/holiday-balances. */
export const holidayBalancesQuerySchema = z.object({
  year: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  user: z.string().optional(),
})

/**
 * One user's holidays of one year, in days: the entitlement (the user's `holidayDaysPerYear`,
 * null when not set), taken (holiday absences before today), planned (from today on) and the
 * balance (entitlement − taken − planned; null without entitlement).
 */
export const holidayBalanceSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    displayName: z.string(),
    year: z.int(),
    entitlementDays: z.number().nullable(),
    takenDays: z.number(),
    plannedDays: z.number(),
    balanceDays: z.number().nullable(),
  })
  .meta({ id: 'HolidayBalance' })
export type HolidayBalance = z.infer<typeof holidayBalanceSchema>
