/**
 * What the API answers of a user's working time (shared/contracts/http/time-tracking.http.ts),
 * made from the decider's state: the terminal's answers (every action and GET …/working-activities)
 * and the read model's rows (services/read-models/src/time-tracking) use the same function.
 */
import type {
  TimeTrackingState,
  WorkingActivityView,
  WorkingDayView,
} from '../../contracts/http/time-tracking.http.ts'
import { addDays, localDateOf } from '../scheduling/zoned-time.ts'
import { activityTotals, seconds, toMs, weekOf, workingDayOf } from './totals.ts'
import {
  type ActivityState,
  currentActivity,
  effectiveTimes,
  type WorkingTimeState,
} from './working-time.decider.ts'

/** One activity as answered at `now` (a running one counts to now). */
export function activityView(activity: ActivityState, now: number): WorkingActivityView {
  const times = effectiveTimes(activity)
  const totals = activityTotals(toMs(times), now)
  return {
    id: activity.activityId,
    userId: activity.userId,
    branchId: activity.branchId,
    projectId: activity.projectId,
    taskId: activity.taskId,
    status: activity.status,
    day: workingDayOf(Date.parse(times.start), activity.timeZone),
    timeZone: activity.timeZone,
    start: times.start,
    end: times.end,
    pauses: times.pauses.map((p) => ({ start: p.start, end: p.end })),
    workedSeconds: seconds(totals.workedMs),
    breakSeconds: seconds(totals.breakMs),
    isCorrected: activity.corrections.length > 0,
    recorded: {
      start: activity.recorded.start,
      end: activity.recorded.end,
      pauses: activity.recorded.pauses.map((p) => ({ start: p.start, end: p.end })),
    },
    corrections: activity.corrections.map((c) => ({
      at: c.at,
      by: { id: c.actor.id ?? null, name: c.actor.name ?? null },
      reason: c.reason,
      start: c.start,
      end: c.end,
      pauses: c.pauses.map((p) => ({ start: p.start, end: p.end ?? c.end })),
    })),
  }
}

/** Sums of activities by their day, for the days from–to (each day listed, zero when none). */
export function daySums(views: readonly WorkingActivityView[], from: string, to: string): WorkingDayView[] {
  const days: WorkingDayView[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const of = views.filter((v) => v.day === day)
    days.push({
      date: day,
      workedSeconds: of.reduce((sum, v) => sum + v.workedSeconds, 0),
      breakSeconds: of.reduce((sum, v) => sum + v.breakSeconds, 0),
      activities: of.length,
    })
  }
  return days
}

/**
 * The terminal's state at `now`: the current activity, today's and this week's activities in
 * `timeZone`. An activity is the day's (and the week's) whose start fell on it in its own zone.
 */
export function terminalState(state: WorkingTimeState, now: number, timeZone: string): TimeTrackingState {
  const today = localDateOf(now, timeZone)
  const week = weekOf(today)
  const views = state.order
    .map((id) => activityView(state.activities[id]!, now))
    .filter((v) => v.day >= week.from && v.day <= week.to)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  const current = currentActivity(state)
  const days = daySums(views, week.from, week.to)
  const todays = views.filter((v) => v.day === today)
  const todaySum = days.find((d) => d.date === today)!
  return {
    at: new Date(now).toISOString(),
    timeZone,
    current: current ? activityView(current, now) : null,
    today: { ...todaySum, activities: todays },
    week: {
      ...week,
      workedSeconds: days.reduce((sum, d) => sum + d.workedSeconds, 0),
      breakSeconds: days.reduce((sum, d) => sum + d.breakSeconds, 0),
      days,
      activities: views,
    },
  }
}
