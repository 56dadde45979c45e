/**
 * The working-time statistics (spec §7 /statistics/working-activities, working-schedules,
 * user-profile; docs/statistics.md "Working time", docs/time-tracking.md "Statistics"): sums of
 * worked, break and planned seconds per user, branch and local day, overtime (worked − planned)
 * and the labour cost share (labour cost ÷ net revenue) per day and branch. Pure: the API reads
 * the rows (time-tracking read model, the plan, the users' rates, the revenue of the statistics
 * read model) and these functions add them up.
 */
import { daysBetween, localDateOf } from '../scheduling/zoned-time.ts'
import { type Absence, weekdaysBetween } from './holidays.ts'
import { plannedMs, seconds } from './totals.ts'

/** Worked time of one user at one branch on one local day (from the activities). */
export type WorkedRow = {
  userId: string
  branchId: string
  date: string
  workedSeconds: number
  breakSeconds: number
  activities: number
}

/** Planned time of one shift, counted to the local day it starts on (like an activity). */
export type PlannedRow = {
  userId: string
  branchId: string
  date: string
  plannedSeconds: number
  plannedBreakSeconds: number
}

export type RevenueRow = { date: string; branchId: string; net: number; gross: number }

export type UserInfo = { name: string; hourlyRate: number | null }

export type WorkingSums = {
  workedSeconds: number
  breakSeconds: number
  plannedSeconds: number
  overtimeSeconds: number
  activities: number
}

export type LaborCostDay = {
  date: string
  branchId: string
  workedSeconds: number
  /** Worked seconds of users without an hourly rate: not in `laborCost`. */
  unratedSeconds: number
  /** Cents: worked hours × the user's hourly rate, of the users with a rate. */
  laborCost: number
  /** Net revenue of the day (cents), the revenue statistics' orders. */
  revenueNet: number
  revenueGross: number
  /** laborCost ÷ revenueNet (null without revenue); a lower bound while unratedSeconds > 0. */
  share: number | null
}

export type WorkingFigures = {
  total: WorkingSums & {
    unratedSeconds: number
    laborCost: number
    revenueNet: number
    share: number | null
  }
  byUser: (WorkingSums & { userId: string; name: string; laborCost: number | null })[]
  byBranch: (WorkingSums & { branchId: string })[]
  days: (WorkingSums & { date: string })[]
  laborCost: LaborCostDay[]
}

/** A shift of the plan as its stored data (resource `working-schedule`, kind shift). */
export type ShiftEntry = {
  userId: string
  branchId: string
  start: string
  end: string
  breakMinutes: number
}

/** The planned seconds of a shift on the day it starts, in its branch's zone. */
export function plannedRow(shift: ShiftEntry, timeZone: string): PlannedRow {
  const span = Math.max(0, Date.parse(shift.end) - Date.parse(shift.start))
  const planned = plannedMs(shift)
  return {
    userId: shift.userId,
    branchId: shift.branchId,
    date: localDateOf(Date.parse(shift.start), timeZone),
    plannedSeconds: seconds(planned),
    plannedBreakSeconds: seconds(span - planned),
  }
}

/** Cents for worked seconds at an hourly rate in cents, rounded to the cent. */
export function laborCostOf(workedSeconds: number, hourlyRate: number): number {
  return Math.round((workedSeconds * hourlyRate) / 3600)
}

/** Labour cost ÷ net revenue, four decimals (0.2834 = 28.34 %); null without revenue. */
export function laborCostShare(laborCost: number, revenueNet: number): number | null {
  return revenueNet > 0 ? Math.round((laborCost / revenueNet) * 10_000) / 10_000 : null
}

const zero = (): WorkingSums => ({
  workedSeconds: 0,
  breakSeconds: 0,
  plannedSeconds: 0,
  overtimeSeconds: 0,
  activities: 0,
})

function entry<V>(map: Map<string, V>, key: string, make: () => V): V {
  let v = map.get(key)
  if (v === undefined) {
    v = make()
    map.set(key, v)
  }
  return v
}

const byKey = <T>(map: Map<string, T>) =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v)

/**
 * The figures of a range: worked (`worked`), planned (`planned`) and revenue rows, each already
 * limited to the range and the branches asked for. Overtime is worked − planned (negative: less
 * worked than planned). Users are listed by name, branches and days in order; a day appears when
 * something was worked or planned on it.
 */
export function workingFigures(
  worked: readonly WorkedRow[],
  planned: readonly PlannedRow[],
  users: ReadonlyMap<string, UserInfo>,
  revenue: readonly RevenueRow[],
): WorkingFigures {
  const total = zero()
  const byUser = new Map<string, WorkingSums & { userId: string; name: string; laborCost: number | null }>()
  const byBranch = new Map<string, WorkingSums & { branchId: string }>()
  const days = new Map<string, WorkingSums & { date: string }>()
  const cost = new Map<string, LaborCostDay>()
  const costOf = (date: string, branchId: string) =>
    entry(cost, `${date}\u0000${branchId}`, () => ({
      date,
      branchId,
      workedSeconds: 0,
      unratedSeconds: 0,
      laborCost: 0,
      revenueNet: 0,
      revenueGross: 0,
      share: null,
    }))
  const userOf = (userId: string) =>
    entry(byUser, userId, () => ({
      ...zero(),
      userId,
      name: users.get(userId)?.name ?? userId,
      laborCost: users.get(userId)?.hourlyRate == null ? null : 0,
    }))
  for (const r of worked) {
    const targets = [
      total,
      userOf(r.userId),
      entry(byBranch, r.branchId, () => ({ ...zero(), branchId: r.branchId })),
      entry(days, r.date, () => ({ ...zero(), date: r.date })),
    ]
    for (const t of targets) {
      t.workedSeconds += r.workedSeconds
      t.breakSeconds += r.breakSeconds
      t.activities += r.activities
    }
    const rate = users.get(r.userId)?.hourlyRate ?? null
    const day = costOf(r.date, r.branchId)
    day.workedSeconds += r.workedSeconds
    if (rate === null) day.unratedSeconds += r.workedSeconds
    else {
      const c = laborCostOf(r.workedSeconds, rate)
      day.laborCost += c
      const u = userOf(r.userId)
      u.laborCost = (u.laborCost ?? 0) + c
    }
  }
  for (const r of planned) {
    const targets = [
      total,
      userOf(r.userId),
      entry(byBranch, r.branchId, () => ({ ...zero(), branchId: r.branchId })),
      entry(days, r.date, () => ({ ...zero(), date: r.date })),
    ]
    for (const t of targets) t.plannedSeconds += r.plannedSeconds
  }
  for (const r of revenue) {
    // Revenue on a day nobody worked stays out of the per-day list but counts in the total.
    const day = cost.get(`${r.date}\u0000${r.branchId}`)
    if (day) {
      day.revenueNet += r.net
      day.revenueGross += r.gross
    }
  }
  const all = [total, ...byUser.values(), ...byBranch.values(), ...days.values()]
  for (const s of all) s.overtimeSeconds = s.workedSeconds - s.plannedSeconds
  const laborDays = byKey(cost)
  for (const d of laborDays) d.share = laborCostShare(d.laborCost, d.revenueNet)
  const laborCost = laborDays.reduce((sum, d) => sum + d.laborCost, 0)
  const unratedSeconds = laborDays.reduce((sum, d) => sum + d.unratedSeconds, 0)
  const revenueNet = revenue.reduce((sum, r) => sum + r.net, 0)
  return {
    total: {
      ...total,
      unratedSeconds,
      laborCost,
      revenueNet,
      share: laborCostShare(laborCost, revenueNet),
    },
    byUser: [...byUser.values()].sort(
      (a, b) => a.name.localeCompare(b.name, 'de') || (a.userId < b.userId ? -1 : 1),
    ),
    byBranch: byKey(byBranch),
    days: byKey(days),
    laborCost: laborDays,
  }
}

/**
 * The days of an absence within from–to (local days, inclusive): its Monday-to-Friday days, or
 * its `days` spread evenly over its calendar days (holidays.ts counts a year the same way).
 */
export function absenceDaysWithin(absence: Absence, from: string, to: string): number {
  const a = absence.from < from ? from : absence.from
  const b = absence.to > to ? to : absence.to
  if (b < a) return 0
  if (absence.days === null) return weekdaysBetween(a, b)
  const total = daysBetween(absence.from, absence.to) + 1
  return Math.round(((absence.days * (daysBetween(a, b) + 1)) / total) * 100) / 100
}
