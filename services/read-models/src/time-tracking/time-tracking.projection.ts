import type { Database, Projection, StoredEvent } from '@shop/kit'
import { WORKING_TIME_STREAM_TYPE, type WorkingTimeEvent } from '@shop/shared/contracts'
import {
  type ActivityState,
  activityTotals,
  effectiveTimes,
  evolveWorkingTime,
  seconds,
  toMs,
  type WorkingTimeState,
  workingDayOf,
} from '@shop/shared/domain/time-tracking'
import { type Insertable, sql, type Transaction } from 'kysely'

/**
 * The time-tracking read model (issue 20, docs/time-tracking.md "Read model"): the users'
 * `working-time-<userId>` streams folded per activity (shared/domain/time-tracking), one row per
 * activity with the times that count beside the recorded ones, and the worked and break seconds
 * per user and local day of the ended activities. Everything is made from the events alone (the
 * branch's zone is in WorkingActivityStarted; a running activity's seconds count to its last
 * event), so a rebuild gives the same rows as the live projection.
 */
export const timeTrackingProjection: Projection = {
  name: 'time-tracking',
  version: 1,
  tables: ['tt_users', 'tt_activities', 'tt_user_days'],
  streamTypes: [WORKING_TIME_STREAM_TYPE],
  async apply(trx, events) {
    await applyWorkingTime(trx, events)
    return []
  },
}

type Row = Insertable<Database['tt_activities']>
type DayDelta = { userId: string; day: string; worked: number; breaks: number; activities: number }

/** What an activity adds to its user's day: only once it ended. */
function contribution(a: ActivityState, lastAt: number): DayDelta | null {
  if (a.status !== 'ended') return null
  const times = effectiveTimes(a)
  const t = activityTotals(toMs(times), lastAt)
  return {
    userId: a.userId,
    day: workingDayOf(Date.parse(times.start), a.timeZone),
    worked: seconds(t.workedMs),
    breaks: seconds(t.breakMs),
    activities: 1,
  }
}

async function applyWorkingTime(trx: Transaction<Database>, events: readonly StoredEvent[]): Promise<void> {
  const userIds = [...new Set(events.map((e) => (e.data as WorkingTimeEvent).userId))]
  const activityIds = [...new Set(events.map((e) => (e.data as WorkingTimeEvent).activityId))]
  const versions = new Map(
    (
      await trx
        .selectFrom('tt_users')
        .select(['user_id', 'version'])
        .where('user_id', 'in', userIds)
        .execute()
    ).map((r) => [r.user_id, r.version]),
  )
  const stored = await trx
    .selectFrom('tt_activities')
    .select(['activity_id', 'state'])
    .where('activity_id', 'in', activityIds)
    .execute()
  // The activities these events touch, as one state (evolve needs no others).
  let state: WorkingTimeState = {
    activities: Object.fromEntries(stored.map((r) => [r.activity_id, r.state as ActivityState])),
    order: [],
    currentId: null,
  }
  const before = new Map<string, DayDelta | null>()
  const lastAt = new Map<string, number>()
  for (const e of events) {
    const event = e.data as WorkingTimeEvent
    const version = versions.get(event.userId) ?? 0
    // Each event once, in stream order: a replayed batch changes nothing.
    if (e.streamPosition !== version + 1) continue
    versions.set(event.userId, e.streamPosition)
    const existing = state.activities[event.activityId]
    if (!before.has(event.activityId))
      before.set(event.activityId, existing ? contribution(existing, 0) : null)
    state = evolveWorkingTime(state, event)
    lastAt.set(event.activityId, Date.parse(event.at))
  }
  if (before.size === 0) return
  await trx
    .insertInto('tt_users')
    .values([...versions].map(([user_id, version]) => ({ user_id, version })))
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ version: eb.ref('excluded.version') })))
    .execute()
  const rows: Row[] = []
  const deltas = new Map<string, DayDelta>()
  const add = (d: DayDelta | null, sign: 1 | -1) => {
    if (!d) return
    const key = `${d.userId}\u0000${d.day}`
    const sum = deltas.get(key) ?? { userId: d.userId, day: d.day, worked: 0, breaks: 0, activities: 0 }
    sum.worked += sign * d.worked
    sum.breaks += sign * d.breaks
    sum.activities += sign * d.activities
    deltas.set(key, sum)
  }
  for (const [id, old] of before) {
    const a = state.activities[id]
    if (!a) continue
    const at = lastAt.get(id)!
    const times = effectiveTimes(a)
    const totals = activityTotals(toMs(times), at)
    add(old, -1)
    add(contribution(a, at), 1)
    rows.push({
      activity_id: id,
      user_id: a.userId,
      branch_id: a.branchId,
      project_id: a.projectId,
      task_id: a.taskId,
      status: a.status,
      day: workingDayOf(Date.parse(times.start), a.timeZone),
      start_at: times.start,
      end_at: times.end,
      recorded_start: a.recorded.start,
      recorded_end: a.recorded.end,
      is_corrected: a.corrections.length > 0,
      worked_seconds: seconds(totals.workedMs),
      break_seconds: seconds(totals.breakMs),
      state: JSON.stringify(a),
    })
  }
  await trx
    .insertInto('tt_activities')
    .values(rows)
    .onConflict((oc) =>
      oc.column('activity_id').doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        day: eb.ref('excluded.day'),
        start_at: eb.ref('excluded.start_at'),
        end_at: eb.ref('excluded.end_at'),
        recorded_end: eb.ref('excluded.recorded_end'),
        is_corrected: eb.ref('excluded.is_corrected'),
        worked_seconds: eb.ref('excluded.worked_seconds'),
        break_seconds: eb.ref('excluded.break_seconds'),
        state: eb.ref('excluded.state'),
      })),
    )
    .execute()
  const changed = [...deltas.values()].filter((d) => d.worked !== 0 || d.breaks !== 0 || d.activities !== 0)
  if (changed.length === 0) return
  await trx
    .insertInto('tt_user_days')
    .values(
      changed.map((d) => ({
        user_id: d.userId,
        day: d.day,
        worked_seconds: d.worked,
        break_seconds: d.breaks,
        activities: d.activities,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({
        worked_seconds: sql`tt_user_days.worked_seconds + excluded.worked_seconds`,
        break_seconds: sql`tt_user_days.break_seconds + excluded.break_seconds`,
        activities: sql`tt_user_days.activities + excluded.activities`,
      }),
    )
    .execute()
  // A day whose last activity moved away (a correction to another day) has no row, as in a rebuild.
  await trx
    .deleteFrom('tt_user_days')
    .where('activities', '<=', 0)
    .where((eb) => eb.or(changed.map((d) => eb.and([eb('user_id', '=', d.userId), eb('day', '=', d.day)]))))
    .execute()
}
