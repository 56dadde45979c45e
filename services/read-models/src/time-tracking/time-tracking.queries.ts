import type { Db } from '@shop/kit'
import type { ActivityState } from '@shop/shared/domain/time-tracking'
import { sql } from 'kysely'

// What the API reads of the time-tracking read model (time-tracking.projection.ts).

export type WorkingTimeFilter = {
  userId?: string | undefined
  branchId?: string | undefined
  /** Local days, inclusive (the day an activity counts to). */
  from?: string | undefined
  to?: string | undefined
  /** Only these users (an employee sees their own). */
  userIds?: readonly string[] | undefined
}

/** The activities (their decider state) matching the filter, oldest start first. */
export async function listWorkingActivities(db: Db, filter: WorkingTimeFilter): Promise<ActivityState[]> {
  let q = db.selectFrom('tt_activities').select('state')
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId)
  if (filter.userIds !== undefined) {
    if (filter.userIds.length === 0) return []
    q = q.where('user_id', 'in', filter.userIds)
  }
  if (filter.branchId !== undefined) q = q.where('branch_id', '=', filter.branchId)
  if (filter.from !== undefined) q = q.where('day', '>=', filter.from)
  if (filter.to !== undefined) q = q.where('day', '<=', filter.to)
  const rows = await q.orderBy('start_at').orderBy('activity_id').limit(5000).execute()
  return rows.map((r) => r.state as ActivityState)
}

/** One activity (its decider state), or undefined when unknown. */
export async function findWorkingActivity(db: Db, activityId: string): Promise<ActivityState | undefined> {
  const row = await db
    .selectFrom('tt_activities')
    .select('state')
    .where('activity_id', '=', activityId)
    .executeTakeFirst()
  return row ? (row.state as ActivityState) : undefined
}

/** Whose activity this is (the stream a correction goes to), or undefined when unknown. */
export async function workingActivityOwner(db: Db, activityId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tt_activities')
    .select('user_id')
    .where('activity_id', '=', activityId)
    .executeTakeFirst()
  return row?.user_id
}

export type UserWorkingDay = {
  userId: string
  date: string
  workedSeconds: number
  breakSeconds: number
  activities: number
}

/** Worked and break seconds per user and local day (ended activities), by user then day. */
export async function userWorkingDays(db: Db, filter: WorkingTimeFilter): Promise<UserWorkingDay[]> {
  let q = db
    .selectFrom('tt_user_days')
    .select(['user_id', sql<string>`day::text`.as('date'), 'worked_seconds', 'break_seconds', 'activities'])
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId)
  if (filter.userIds !== undefined) {
    if (filter.userIds.length === 0) return []
    q = q.where('user_id', 'in', filter.userIds)
  }
  if (filter.from !== undefined) q = q.where('day', '>=', filter.from)
  if (filter.to !== undefined) q = q.where('day', '<=', filter.to)
  const rows = await q.orderBy('user_id').orderBy('day').limit(10_000).execute()
  return rows.map((r) => ({
    userId: r.user_id,
    date: r.date,
    workedSeconds: r.worked_seconds,
    breakSeconds: r.break_seconds,
    activities: r.activities,
  }))
}
