/**
 * The week plan's grid (issue 20; docs/time-tracking.md "The week plan"): rows are the branch's
 * employees, columns Monday to Sunday in the branch's zone; a shift sits on the day it starts
 * (as the record counts it), an absence on each of its days; each row ends with its planned
 * hours (the shifts' spans less their breaks). Pure: the page renders what this lays out.
 */
import {
  addDays,
  formatLocalDate,
  isoWeekOf,
  localDateOf,
} from '@shop/shared/domain/scheduling/zoned-time.ts'
import {
  daysOfWeek,
  localShift,
  mondayOfWeekKey,
  weekKeyOf,
} from '@shop/shared/domain/time-tracking/plan-week.ts'
import { plannedMs } from '@shop/shared/domain/time-tracking/totals.ts'

export type PlanEntry = {
  id: string
  version: number
  kind: 'shift' | 'holiday' | 'sick'
  userId: string
  branchId: string | null
  start: string | null
  end: string | null
  breakMinutes: number
  from: string | null
  to: string | null
  days: number | null
  note: string | null
}

export type Employee = { id: string; name: string }

export type ShiftBlock = {
  entry: PlanEntry
  startTime: string
  endTime: string
  /** The shift ends on a later day (past midnight). */
  nextDay: boolean
}

export type PlanCell = { date: string; shifts: ShiftBlock[]; absences: PlanEntry[] }
export type PlanRow = { employee: Employee; cells: PlanCell[]; plannedMs: number }

/** The users of a branch, by name. */
export function employeesOf(
  users: readonly {
    id: string
    username?: unknown
    displayName?: unknown
    branches?: unknown
    isEnabled?: unknown
  }[],
  branchId: string,
): Employee[] {
  return users
    .filter(
      (u) =>
        Array.isArray(u.branches) &&
        u.branches.some((b: { id?: unknown }) => b?.id === branchId) &&
        u.isEnabled !== false,
    )
    .map((u) => ({
      id: u.id,
      name: String((typeof u.displayName === 'string' && u.displayName) || u.username || u.id),
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * Lays out the week from `monday`: the rows of `employees` (and of anyone else with a shift of
 * this branch in the week, so no entry is hidden), each with seven cells and the planned time.
 */
export function layoutWeek(
  entries: readonly PlanEntry[],
  employees: readonly Employee[],
  monday: string,
  branchId: string,
  timeZone: string,
  nameOf: (userId: string) => string = (id) => id,
): PlanRow[] {
  const days = daysOfWeek(monday)
  const sunday = days[6]!
  const shifts = entries.filter(
    (e) =>
      e.kind === 'shift' &&
      e.branchId === branchId &&
      e.start !== null &&
      e.end !== null &&
      (() => {
        const day = localDateOf(Date.parse(e.start), timeZone)
        return day >= monday && day <= sunday
      })(),
  )
  const absences = entries.filter(
    (e) => e.kind !== 'shift' && e.from !== null && e.to !== null && e.to >= monday && e.from <= sunday,
  )
  const people = [...employees]
  for (const s of shifts)
    if (!people.some((p) => p.id === s.userId)) people.push({ id: s.userId, name: nameOf(s.userId) })
  return people.map((employee) => {
    const own = shifts
      .filter((s) => s.userId === employee.id)
      .sort((a, b) => Date.parse(a.start!) - Date.parse(b.start!))
    const cells = days.map((date) => ({
      date,
      shifts: own
        .filter((s) => localDateOf(Date.parse(s.start!), timeZone) === date)
        .map((entry) => {
          const local = localShift({ start: entry.start!, end: entry.end! }, timeZone)
          return {
            entry,
            startTime: local.startTime,
            endTime: local.endTime,
            nextDay: local.endDate > local.date,
          }
        }),
      absences: absences.filter((a) => a.userId === employee.id && a.from! <= date && a.to! >= date),
    }))
    const planned = own.reduce(
      (sum, s) => sum + plannedMs({ start: s.start!, end: s.end!, breakMinutes: s.breakMinutes }),
      0,
    )
    return { employee, cells, plannedMs: planned }
  })
}

/** The week's number and its days as the heading shows them: 12 and '22.–28.03.2027'. */
export function weekHeading(monday: string): { week: number; range: string } {
  const sunday = addDays(monday, 6)
  const [from, to] = [formatLocalDate(monday), formatLocalDate(sunday)]
  const range =
    monday.slice(0, 4) !== sunday.slice(0, 4)
      ? `${from}–${to}`
      : monday.slice(5, 7) !== sunday.slice(5, 7)
        ? `${from.slice(0, 6)}–${to}`
        : `${from.slice(0, 3)}–${to}`
  return { week: isoWeekOf(monday).week, range }
}

/** The week in the address ('2027-W12') if valid, else the week of `today`. */
export function weekFromSearch(value: string | null, today: string): string {
  return value !== null && mondayOfWeekKey(value) !== null ? value : weekKeyOf(today)
}

/** Hours with at most two decimals (7.5, 38.25). */
export function hoursOf(ms: number): number {
  return Math.round((ms / 3_600_000) * 100) / 100
}

/** A plan entry as the PUT body: its fields with another user, start and end (a move). */
export function movedBody(
  entry: PlanEntry,
  change: { userId: string; start: string; end: string },
): Record<string, unknown> & { version: number } {
  return {
    kind: entry.kind,
    userId: change.userId,
    branchId: entry.branchId,
    start: change.start,
    end: change.end,
    breakMinutes: entry.breakMinutes,
    from: null,
    to: null,
    days: null,
    note: entry.note,
    version: entry.version,
  }
}
