import { z } from 'zod'
import { actorSchema } from './order.events.ts'

// Staff time tracking (issue 20; docs/time-tracking.md): one stream per user,
// `working-time-<userId>`, whose events say when the user started, paused, resumed and ended a
// working activity at the terminal, and how a manager corrected one afterwards. Every event
// carries who did it (`actor`) and when (`at`, an instant in UTC); the times of an activity are
// the `at` of its events. A correction is an event of its own: the recorded times stay.

const isoDateTime = z.iso.datetime({ offset: true })
const id = z.string().min(1)

const envelope = { userId: id, at: isoDateTime, actor: actorSchema }

/** A closed interval of two instants (a pause, or the activity itself in a correction). */
export const timeIntervalSchema = z.object({ start: isoDateTime, end: isoDateTime })
export type TimeInterval = z.infer<typeof timeIntervalSchema>

export const workingActivityStartedSchema = z.object({
  type: z.literal('WorkingActivityStarted'),
  ...envelope,
  activityId: id,
  branchId: id,
  projectId: id.nullable(),
  taskId: id.nullable(),
  /**
   * The branch's time zone when the activity started: the local day it counts to is fixed by
   * the event, so a replay gives the same days even after the branch's zone was changed.
   */
  timeZone: z.string().min(1),
})
export const workingActivityPausedSchema = z.object({
  type: z.literal('WorkingActivityPaused'),
  ...envelope,
  activityId: id,
})
export const workingActivityResumedSchema = z.object({
  type: z.literal('WorkingActivityResumed'),
  ...envelope,
  activityId: id,
})
export const workingActivityEndedSchema = z.object({
  type: z.literal('WorkingActivityEnded'),
  ...envelope,
  activityId: id,
})
/**
 * A manager's correction: the whole activity as it should have been (start, end, pauses), why,
 * and (in the envelope) who. The latest correction counts; the recorded times and every earlier
 * correction stay in the stream and in the read model. Correcting a running activity ends it.
 */
export const workingActivityCorrectedSchema = z.object({
  type: z.literal('WorkingActivityCorrected'),
  ...envelope,
  activityId: id,
  start: isoDateTime,
  end: isoDateTime,
  pauses: z.array(timeIntervalSchema),
  reason: z.string().min(1),
})

export const workingTimeEventSchema = z.discriminatedUnion('type', [
  workingActivityStartedSchema,
  workingActivityPausedSchema,
  workingActivityResumedSchema,
  workingActivityEndedSchema,
  workingActivityCorrectedSchema,
])

export type WorkingActivityStarted = z.infer<typeof workingActivityStartedSchema>
export type WorkingActivityPaused = z.infer<typeof workingActivityPausedSchema>
export type WorkingActivityResumed = z.infer<typeof workingActivityResumedSchema>
export type WorkingActivityEnded = z.infer<typeof workingActivityEndedSchema>
export type WorkingActivityCorrected = z.infer<typeof workingActivityCorrectedSchema>
export type WorkingTimeEvent = z.infer<typeof workingTimeEventSchema>

export const WORKING_TIME_EVENT_TYPES = [
  'WorkingActivityStarted',
  'WorkingActivityPaused',
  'WorkingActivityResumed',
  'WorkingActivityEnded',
  'WorkingActivityCorrected',
] as const satisfies readonly WorkingTimeEvent['type'][]

/** The stream type of a user's working time (its stream id is `working-time-<userId>`). */
export const WORKING_TIME_STREAM_TYPE = 'working-time'
export const workingTimeStreamId = (userId: string) => `${WORKING_TIME_STREAM_TYPE}-${userId}`
