import type { Db } from '@shop/kit'
import { DEFAULT_TIME_ZONE } from '@shop/shared/contracts'
import type {
  UserProfileStatistics,
  UserProfileWorkingActivities,
  WorkingActivitiesStatistics,
  WorkingSchedulesStatistics,
} from '@shop/shared/contracts/http/statistics.http.ts'
import { addDays } from '@shop/shared/domain/scheduling'
import {
  type ActivityState,
  absenceDaysWithin,
  activityTotals,
  activityView,
  effectiveTimes,
  type PlannedRow,
  plannedRow,
  type RevenueRow,
  seconds,
  toMs,
  type UserInfo,
  type WorkedRow,
  workingDayOf,
  workingFigures,
} from '@shop/shared/domain/time-tracking'
import { sql } from 'kysely'
import { listResourcesOfTypes } from '../resources/resources.ts'

// The working-time statistics (issue 20; docs/statistics.md "Working time"): worked time from
// the time-tracking read model (ended activities summed in SQL, running and paused ones counted
// to `now`), the plan and the users' rates from the resources, the revenue from the statistics
// read model (the same orders as GET /statistics/revenue). The sums are
// shared/domain/time-tracking/statistics.ts.

/** Local days (inclusive), the branches (undefined: every one) and perhaps only some users. */
export type WorkingScope = {
  from: string
  to: string
  branchIds: readonly string[] | undefined
  userIds?: readonly string[] | undefined
}

const n = (v: unknown) => Number(v ?? 0)

/** Worked and break seconds per user, branch and day; running activities count to `now`. */
export async function workedRows(db: Db, q: WorkingScope, now: number): Promise<WorkedRow[]> {
  if (q.userIds?.length === 0 || q.branchIds?.length === 0) return []
  const filters = sql.join(
    [
      sql`day BETWEEN ${q.from}::date AND ${q.to}::date`,
      ...(q.branchIds ? [sql`branch_id = ANY(${[...q.branchIds]}::text[])`] : []),
      ...(q.userIds ? [sql`user_id = ANY(${[...q.userIds]}::text[])`] : []),
    ],
    sql` AND `,
  )
  const [ended, open] = await Promise.all([
    sql<{ user_id: string; branch_id: string; date: string; worked: number; breaks: number; n: number }>`
      SELECT user_id, branch_id, day::text AS date, sum(worked_seconds)::float8 AS worked,
             sum(break_seconds)::float8 AS breaks, count(*)::float8 AS n
        FROM tt_activities WHERE status = 'ended' AND ${filters}
       GROUP BY user_id, branch_id, day`.execute(db),
    sql<{ state: ActivityState }>`
      SELECT state FROM tt_activities WHERE status <> 'ended' AND ${filters}`.execute(db),
  ])
  const rows: WorkedRow[] = ended.rows.map((r) => ({
    userId: r.user_id,
    branchId: r.branch_id,
    date: r.date,
    workedSeconds: n(r.worked),
    breakSeconds: n(r.breaks),
    activities: n(r.n),
  }))
  for (const { state: a } of open.rows) {
    const times = effectiveTimes(a)
    const t = activityTotals(toMs(times), now)
    rows.push({
      userId: a.userId,
      branchId: a.branchId,
      date: workingDayOf(Date.parse(times.start), a.timeZone),
      workedSeconds: seconds(t.workedMs),
      breakSeconds: seconds(t.breakMs),
      activities: 1,
    })
  }
  return rows
}

/** Net and gross revenue per day and branch: the revenue statistics' orders (docs/statistics.md). */
export async function revenueRows(db: Db, q: WorkingScope): Promise<RevenueRow[]> {
  if (q.branchIds?.length === 0) return []
  const { rows } = await sql<{ date: string; branch_id: string; net: number; gross: number }>`
    SELECT day::text AS date, branch_id, sum(revenue_net)::float8 AS net, sum(revenue_gross)::float8 AS gross
      FROM st_order_days
     WHERE day BETWEEN ${q.from}::date AND ${q.to}::date
       ${q.branchIds ? sql`AND branch_id = ANY(${[...q.branchIds]}::text[])` : sql``}
     GROUP BY day, branch_id HAVING sum(revenue_orders) > 0
     ORDER BY day, branch_id`.execute(db)
  return rows.map((r) => ({ date: r.date, branchId: r.branch_id, net: n(r.net), gross: n(r.gross) }))
}

export type PlanEntry =
  | { kind: 'shift'; userId: string; branchId: string; start: string; end: string; breakMinutes: number }
  | { kind: 'holiday' | 'sick'; userId: string; from: string; to: string; days: number | null }

export type PlanContext = {
  users: Map<string, UserInfo & { branchIds: string[]; holidayDaysPerYear: number | null }>
  zones: Map<string, string>
  entries: PlanEntry[]
}

/** The users (name, rate, branches), the branches' zones and the plan, read once. */
export async function planContext(db: Db): Promise<PlanContext> {
  const rows = await listResourcesOfTypes(db, ['user', 'branch', 'working-schedule'])
  const ctx: PlanContext = { users: new Map(), zones: new Map(), entries: [] }
  for (const r of rows) {
    const d = r.data
    if (r.type === 'user') {
      const branches = Array.isArray(d.branches) ? (d.branches as { id?: unknown }[]) : []
      ctx.users.set(r.id, {
        name: String(d.displayName || d.username || r.id),
        hourlyRate: typeof d.hourlyRate === 'number' ? d.hourlyRate : null,
        holidayDaysPerYear: typeof d.holidayDaysPerYear === 'number' ? d.holidayDaysPerYear : null,
        branchIds: branches.map((b) => String(b.id)),
      })
    } else if (r.type === 'branch') {
      ctx.zones.set(r.id, typeof d.timeZone === 'string' ? d.timeZone : DEFAULT_TIME_ZONE)
    } else if (d.kind === 'shift') {
      ctx.entries.push({
        kind: 'shift',
        userId: String(d.userId),
        branchId: String(d.branchId),
        start: String(d.start),
        end: String(d.end),
        breakMinutes: typeof d.breakMinutes === 'number' ? d.breakMinutes : 0,
      })
    } else if (d.kind === 'holiday' || d.kind === 'sick') {
      ctx.entries.push({
        kind: d.kind,
        userId: String(d.userId),
        from: String(d.from),
        to: String(d.to),
        days: typeof d.days === 'number' ? d.days : null,
      })
    }
  }
  return ctx
}

/** The planned shifts of the scope, each on the local day it starts in its branch's zone. */
export function plannedRows(ctx: PlanContext, q: WorkingScope): PlannedRow[] {
  const rows: PlannedRow[] = []
  for (const e of ctx.entries) {
    if (e.kind !== 'shift') continue
    if (q.branchIds && !q.branchIds.includes(e.branchId)) continue
    if (q.userIds && !q.userIds.includes(e.userId)) continue
    const row = plannedRow(e, ctx.zones.get(e.branchId) ?? DEFAULT_TIME_ZONE)
    if (row.date >= q.from && row.date <= q.to) rows.push(row)
  }
  return rows
}

export async function workingActivitiesStatistics(
  db: Db,
  q: WorkingScope,
  now: number,
): Promise<WorkingActivitiesStatistics> {
  const [worked, revenue, ctx] = await Promise.all([
    workedRows(db, q, now),
    revenueRows(db, q),
    planContext(db),
  ])
  const f = workingFigures(worked, plannedRows(ctx, q), ctx.users, revenue)
  return {
    total: {
      workedSeconds: f.total.workedSeconds,
      breakSeconds: f.total.breakSeconds,
      plannedSeconds: f.total.plannedSeconds,
      overtimeSeconds: f.total.overtimeSeconds,
      activities: f.total.activities,
      unratedSeconds: f.total.unratedSeconds,
      laborCost: f.total.laborCost,
      revenueNet: f.total.revenueNet,
      share: f.total.share,
    },
    byUser: f.byUser,
    byBranch: f.byBranch,
    days: f.days,
    laborCost: f.laborCost,
  }
}

type PlanSums = { plannedSeconds: number; plannedBreakSeconds: number; shifts: number }
const planZero = (): PlanSums => ({ plannedSeconds: 0, plannedBreakSeconds: 0, shifts: 0 })
const addPlan = (s: PlanSums, r: PlannedRow) => {
  s.plannedSeconds += r.plannedSeconds
  s.plannedBreakSeconds += r.plannedBreakSeconds
  s.shifts += 1
}
const sorted = <T>(map: Map<string, T>) =>
  [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v)
const round2 = (x: number) => Math.round(x * 100) / 100

/** The plan of the scope: shifts per user, branch and day; absence days of the branches' users. */
export async function workingSchedulesStatistics(
  db: Db,
  q: WorkingScope,
): Promise<WorkingSchedulesStatistics> {
  const ctx = await planContext(db)
  const rows = plannedRows(ctx, q)
  const total = { ...planZero(), holidayDays: 0, sickDays: 0 }
  const byUser = new Map<
    string,
    PlanSums & { userId: string; name: string; holidayDays: number; sickDays: number }
  >()
  const userOf = (userId: string) => {
    let u = byUser.get(userId)
    if (!u) {
      u = { ...planZero(), userId, name: ctx.users.get(userId)?.name ?? userId, holidayDays: 0, sickDays: 0 }
      byUser.set(userId, u)
    }
    return u
  }
  const byBranch = new Map<string, PlanSums & { branchId: string }>()
  const days = new Map<string, PlanSums & { date: string }>()
  for (const r of rows) {
    addPlan(total, r)
    addPlan(userOf(r.userId), r)
    if (!byBranch.has(r.branchId)) byBranch.set(r.branchId, { ...planZero(), branchId: r.branchId })
    addPlan(byBranch.get(r.branchId)!, r)
    if (!days.has(r.date)) days.set(r.date, { ...planZero(), date: r.date })
    addPlan(days.get(r.date)!, r)
  }
  // Absences have no branch: they count for users of the branches in scope.
  for (const e of ctx.entries) {
    if (e.kind === 'shift') continue
    if (q.userIds && !q.userIds.includes(e.userId)) continue
    const branches = ctx.users.get(e.userId)?.branchIds ?? []
    if (q.branchIds && !branches.some((b) => q.branchIds!.includes(b))) continue
    const d = absenceDaysWithin(e, q.from, q.to)
    if (d === 0) continue
    const u = userOf(e.userId)
    if (e.kind === 'holiday') {
      u.holidayDays = round2(u.holidayDays + d)
      total.holidayDays = round2(total.holidayDays + d)
    } else {
      u.sickDays = round2(u.sickDays + d)
      total.sickDays = round2(total.sickDays + d)
    }
  }
  return {
    total,
    byUser: [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name, 'de')),
    byBranch: sorted(byBranch),
    days: sorted(days),
  }
}

/** One user's planned against worked time, every day of start–end; undefined: no such user. */
export async function userProfileStatistics(
  db: Db,
  userId: string,
  start: string,
  end: string,
  now: number,
): Promise<UserProfileStatistics | undefined> {
  const ctx = await planContext(db)
  const user = ctx.users.get(userId)
  if (!user) return undefined
  const q: WorkingScope = { from: start, to: end, branchIds: undefined, userIds: [userId] }
  const worked = await workedRows(db, q, now)
  const planned = plannedRows(ctx, q)
  const days = new Map<string, UserProfileStatistics['days'][number]>()
  for (let day = start; day <= end; day = addDays(day, 1))
    days.set(day, {
      date: day,
      workedSeconds: 0,
      breakSeconds: 0,
      plannedSeconds: 0,
      overtimeSeconds: 0,
      activities: 0,
      absence: null,
    })
  for (const r of worked) {
    const d = days.get(r.date)!
    d.workedSeconds += r.workedSeconds
    d.breakSeconds += r.breakSeconds
    d.activities += r.activities
  }
  for (const r of planned) days.get(r.date)!.plannedSeconds += r.plannedSeconds
  let holidayDays = 0
  let sickDays = 0
  for (const e of ctx.entries) {
    if (e.kind === 'shift' || e.userId !== userId) continue
    if (e.kind === 'holiday') holidayDays += absenceDaysWithin(e, start, end)
    else sickDays += absenceDaysWithin(e, start, end)
    for (let day = e.from < start ? start : e.from; day <= e.to && day <= end; day = addDays(day, 1))
      days.get(day)!.absence = e.kind
  }
  const list = [...days.values()]
  for (const d of list) d.overtimeSeconds = d.workedSeconds - d.plannedSeconds
  const sum = (k: 'workedSeconds' | 'breakSeconds' | 'plannedSeconds' | 'activities') =>
    list.reduce((s, d) => s + d[k], 0)
  const workedSeconds = sum('workedSeconds')
  const plannedSeconds = sum('plannedSeconds')
  return {
    userId,
    name: user.name,
    start,
    end,
    now: new Date(now).toISOString(),
    total: {
      workedSeconds,
      breakSeconds: sum('breakSeconds'),
      plannedSeconds,
      overtimeSeconds: workedSeconds - plannedSeconds,
      activities: sum('activities'),
      shifts: planned.length,
      holidayDays: round2(holidayDays),
      sickDays: round2(sickDays),
    },
    days: list,
  }
}

/** One user's activities of start–end per local day (days without any are left out). */
export async function userProfileWorkingActivities(
  db: Db,
  userId: string,
  start: string,
  end: string,
  now: number,
): Promise<UserProfileWorkingActivities> {
  const rows = await db
    .selectFrom('tt_activities')
    .select('state')
    .where('user_id', '=', userId)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .orderBy('start_at')
    .orderBy('activity_id')
    .execute()
  const days = new Map<string, UserProfileWorkingActivities['days'][number]>()
  for (const r of rows) {
    const view = activityView(r.state as ActivityState, now)
    let d = days.get(view.day)
    if (!d) {
      d = { date: view.day, workedSeconds: 0, breakSeconds: 0, activities: [] }
      days.set(view.day, d)
    }
    d.workedSeconds += view.workedSeconds
    d.breakSeconds += view.breakSeconds
    d.activities.push(view)
  }
  return { userId, start, end, days: sorted(days) }
}
