/**
 * A user's working time (issue 20; docs/time-tracking.md), event-sourced like an order:
 * `decide(command, state)` gives the events or refuses, `evolve(state, event)` folds them. One
 * stream per user (`working-time-<userId>`) holds every activity of the user, so the rules that
 * span activities (one running at a time, corrections that must not overlap another activity)
 * are decided on one state and one stream version: two terminals acting for the same user at
 * once append with the same expected version, and the second is decided again on the first's
 * result.
 *
 * Refusals name the action the spec's §8 message is for ("Aktivität konnte nicht gestartet /
 * beendet / pausiert / fortgesetzt werden", and "korrigiert" for a correction) and the reason.
 */
import type { Actor } from '../../contracts/events/order.events.ts'
import type { WorkingTimeEvent } from '../../contracts/events/time-tracking.events.ts'
import { t } from '../../i18n/index.ts'
import type { TimesIso } from './totals.ts'

export type ActivityStatus = 'running' | 'paused' | 'ended'

export type Correction = TimesIso & { end: string; at: string; actor: Actor; reason: string }

export type ActivityState = {
  activityId: string
  userId: string
  branchId: string
  projectId: string | null
  taskId: string | null
  timeZone: string
  status: ActivityStatus
  /** The times as the terminal recorded them (start, pauses, end); never changed by a correction. */
  recorded: TimesIso
  /** Every correction, oldest first; the last one gives the times that count. */
  corrections: Correction[]
}

export type WorkingTimeState = {
  /** By activity id. */
  activities: Readonly<Record<string, ActivityState>>
  /** Activity ids in the order they started. */
  order: readonly string[]
  /** The running or paused activity, or null. */
  currentId: string | null
}

export function initialWorkingTimeState(): WorkingTimeState {
  return { activities: {}, order: [], currentId: null }
}

type CommandBase = { userId: string; at: string; actor: Actor }
export type StartWorkingActivity = CommandBase & {
  type: 'StartWorkingActivity'
  activityId: string
  branchId: string
  projectId: string | null
  taskId: string | null
  timeZone: string
}
export type CorrectWorkingActivity = CommandBase & {
  type: 'CorrectWorkingActivity'
  activityId: string
  start: string
  end: string
  pauses: { start: string; end: string }[]
  reason: string
}
export type WorkingTimeCommand =
  | StartWorkingActivity
  | (CommandBase & { type: 'PauseWorkingActivity' })
  | (CommandBase & { type: 'ResumeWorkingActivity' })
  | (CommandBase & { type: 'EndWorkingActivity' })
  | CorrectWorkingActivity

/** The action a refusal is for: the spec's §8 message names it. */
export type WorkingTimeAction = 'start' | 'pause' | 'resume' | 'end' | 'correct'

export const ACTION_OF: Record<WorkingTimeCommand['type'], WorkingTimeAction> = {
  StartWorkingActivity: 'start',
  PauseWorkingActivity: 'pause',
  ResumeWorkingActivity: 'resume',
  EndWorkingActivity: 'end',
  CorrectWorkingActivity: 'correct',
}

/**
 * Why a command is refused. `conflict`: the state does not allow it now (HTTP 409); `invalid`:
 * the input breaks a rule (400); `not_found`: no such activity (404).
 */
export const REFUSALS = {
  alreadyRunning: 'conflict',
  notRunning: 'conflict',
  alreadyPaused: 'conflict',
  notPaused: 'conflict',
  startBeforeLastEnd: 'conflict',
  activityNotFound: 'not_found',
  reasonRequired: 'invalid',
  endNotAfterStart: 'invalid',
  inFuture: 'invalid',
  pauseOutside: 'invalid',
  pausesOverlap: 'invalid',
  overlapsOther: 'invalid',
  // Checked by the API before a start (they need the resources): listed for one catalogue.
  branchUnknown: 'invalid',
  branchNotOfUser: 'invalid',
  projectUnknown: 'invalid',
  projectOtherBranch: 'invalid',
  taskUnknown: 'invalid',
  taskOtherProject: 'invalid',
} as const
export type RefusalReason = keyof typeof REFUSALS
export type RefusalKind = (typeof REFUSALS)[RefusalReason]

const ACTION_KEYS: Record<WorkingTimeAction, string> = {
  start: 'errors:errors.activityStartFailed',
  pause: 'errors:errors.activityPauseFailed',
  resume: 'errors:errors.activityResumeFailed',
  end: 'errors:errors.activityEndFailed',
  correct: 'errors:errors.activityCorrectFailed',
}

/** "Aktivität konnte nicht gestartet werden. Es läuft bereits eine Aktivität." in the caller's language. */
export function refusalMessage(action: WorkingTimeAction, reason: RefusalReason, locale?: string): string {
  const reasonKey = `errors:errors.activityRefused.${reason}`
  return `${t(ACTION_KEYS[action], undefined, locale)} ${t(reasonKey, undefined, locale)}`
}

/** A command the rules refuse: the action, the reason (a catalogue key) and the field it concerns. */
export class WorkingTimeRuleError extends Error {
  readonly action: WorkingTimeAction
  readonly reason: RefusalReason
  readonly kind: RefusalKind
  readonly field: string
  readonly render: (locale?: string) => string
  constructor(action: WorkingTimeAction, reason: RefusalReason, field = '') {
    super(refusalMessage(action, reason))
    this.name = 'WorkingTimeRuleError'
    this.action = action
    this.reason = reason
    this.kind = REFUSALS[reason]
    this.field = field
    this.render = (locale) => refusalMessage(action, reason, locale)
  }
}

const ms = (iso: string) => Date.parse(iso)

/** The times that count: the last correction's, else the recorded ones. */
export function effectiveTimes(activity: ActivityState): TimesIso {
  const last = activity.corrections.at(-1)
  return last ? { start: last.start, end: last.end, pauses: last.pauses } : activity.recorded
}

export function currentActivity(state: WorkingTimeState): ActivityState | null {
  return state.currentId === null ? null : (state.activities[state.currentId] ?? null)
}

export function decideWorkingTime(command: WorkingTimeCommand, state: WorkingTimeState): WorkingTimeEvent[] {
  const action = ACTION_OF[command.type]
  const refuse = (reason: RefusalReason, field = ''): never => {
    throw new WorkingTimeRuleError(action, reason, field)
  }
  const base = { userId: command.userId, at: command.at, actor: command.actor }
  const current = currentActivity(state)
  switch (command.type) {
    case 'StartWorkingActivity': {
      if (current) return refuse('alreadyRunning')
      // A clock behind the last end (another server's) would make two activities overlap.
      if (state.order.some((id) => laterEnd(state.activities[id]!, ms(command.at))))
        return refuse('startBeforeLastEnd')
      return [
        {
          type: 'WorkingActivityStarted',
          ...base,
          activityId: command.activityId,
          branchId: command.branchId,
          projectId: command.projectId,
          taskId: command.taskId,
          timeZone: command.timeZone,
        },
      ]
    }
    case 'PauseWorkingActivity':
      if (!current) return refuse('notRunning')
      if (current.status === 'paused') return refuse('alreadyPaused')
      return [{ type: 'WorkingActivityPaused', ...base, activityId: current.activityId }]
    case 'ResumeWorkingActivity':
      if (!current) return refuse('notRunning')
      if (current.status !== 'paused') return refuse('notPaused')
      return [{ type: 'WorkingActivityResumed', ...base, activityId: current.activityId }]
    case 'EndWorkingActivity':
      if (!current) return refuse('notRunning')
      return [{ type: 'WorkingActivityEnded', ...base, activityId: current.activityId }]
    case 'CorrectWorkingActivity': {
      const activity = state.activities[command.activityId]
      if (!activity) return refuse('activityNotFound', 'activityId')
      const reason = command.reason.trim()
      if (reason.length === 0) return refuse('reasonRequired', 'reason')
      const start = ms(command.start)
      const end = ms(command.end)
      if (!(end > start)) return refuse('endNotAfterStart', 'end')
      if (end > ms(command.at)) return refuse('inFuture', 'end')
      const pauses = [...command.pauses].sort((a, b) => ms(a.start) - ms(b.start))
      for (const [i, p] of command.pauses.entries()) {
        if (!(ms(p.end) > ms(p.start)) || ms(p.start) < start || ms(p.end) > end)
          refuse('pauseOutside', `pauses.${i}`)
      }
      for (let i = 1; i < pauses.length; i++)
        if (ms(pauses[i]!.start) < ms(pauses[i - 1]!.end)) refuse('pausesOverlap', 'pauses')
      for (const id of state.order) {
        if (id === command.activityId) continue
        const other = effectiveTimes(state.activities[id]!)
        const otherEnd = other.end === null ? Number.POSITIVE_INFINITY : ms(other.end)
        if (start < otherEnd && ms(other.start) < end) refuse('overlapsOther', 'start')
      }
      return [
        {
          type: 'WorkingActivityCorrected',
          ...base,
          activityId: command.activityId,
          start: new Date(start).toISOString(),
          end: new Date(end).toISOString(),
          pauses: pauses.map((p) => ({
            start: new Date(ms(p.start)).toISOString(),
            end: new Date(ms(p.end)).toISOString(),
          })),
          reason,
        },
      ]
    }
  }
}

/** Whether an activity (as it counts) ends after `at`. */
function laterEnd(activity: ActivityState, at: number): boolean {
  const end = effectiveTimes(activity).end
  return end !== null && ms(end) > at
}

export function evolveWorkingTime(state: WorkingTimeState, event: WorkingTimeEvent): WorkingTimeState {
  const put = (activity: ActivityState, currentId = state.currentId): WorkingTimeState => ({
    activities: { ...state.activities, [activity.activityId]: activity },
    order: state.order.includes(activity.activityId) ? state.order : [...state.order, activity.activityId],
    currentId,
  })
  if (event.type === 'WorkingActivityStarted') {
    return put(
      {
        activityId: event.activityId,
        userId: event.userId,
        branchId: event.branchId,
        projectId: event.projectId,
        taskId: event.taskId,
        timeZone: event.timeZone,
        status: 'running',
        recorded: { start: event.at, end: null, pauses: [] },
        corrections: [],
      },
      event.activityId,
    )
  }
  const activity = state.activities[event.activityId]
  if (!activity) return state
  const { recorded } = activity
  switch (event.type) {
    case 'WorkingActivityPaused':
      return put({
        ...activity,
        status: 'paused',
        recorded: { ...recorded, pauses: [...recorded.pauses, { start: event.at, end: null }] },
      })
    case 'WorkingActivityResumed':
      return put({ ...activity, status: 'running', recorded: closePause(recorded, event.at) })
    case 'WorkingActivityEnded':
      return put(
        { ...activity, status: 'ended', recorded: { ...closePause(recorded, event.at), end: event.at } },
        state.currentId === activity.activityId ? null : state.currentId,
      )
    case 'WorkingActivityCorrected': {
      const correction: Correction = {
        start: event.start,
        end: event.end,
        pauses: event.pauses,
        at: event.at,
        actor: event.actor,
        reason: event.reason,
      }
      // Correcting the running activity ends it (a forgotten clock-out); its recorded times stay open.
      return put(
        { ...activity, status: 'ended', corrections: [...activity.corrections, correction] },
        state.currentId === activity.activityId ? null : state.currentId,
      )
    }
  }
}

/** Ending an activity while paused ends the pause at the same instant. */
function closePause(times: TimesIso, at: string): TimesIso {
  const last = times.pauses.at(-1)
  if (!last || last.end !== null) return times
  return { ...times, pauses: [...times.pauses.slice(0, -1), { start: last.start, end: at }] }
}

export function foldWorkingTime(events: readonly WorkingTimeEvent[]): WorkingTimeState {
  return events.reduce(evolveWorkingTime, initialWorkingTimeState())
}

export const workingTimeDecider = {
  initialState: initialWorkingTimeState,
  evolve: evolveWorkingTime,
  decide: decideWorkingTime,
}
