/**
 * The time-tracking terminal's pure logic (docs/time-tracking.md "The terminal screen"): the
 * running time and today's and the week's totals at any moment, computed from the server's state
 * and the clock (never by counting ticks, so a sleeping tablet or a skipped tick shows the right
 * time); which buttons a state offers; the two weeks of plan beside the worked hours.
 */
import type { TimeTrackingState, WorkingActivityView } from '@shop/shared/contracts'
import {
  addDays,
  localDateOf,
  startOfIsoWeek,
  wallClockOf,
} from '@shop/shared/domain/scheduling/zoned-time.ts'
import { activityTotals, toMs } from '@shop/shared/domain/time-tracking/totals.ts'

export type TerminalAction = 'start' | 'pause' | 'resume' | 'end'

/** What the terminal shows: nothing runs, an activity runs, or it is paused. */
export type TerminalPhase = 'idle' | 'running' | 'paused'

export function phaseOf(state: Pick<TimeTrackingState, 'current'>): TerminalPhase {
  if (!state.current) return 'idle'
  return state.current.status === 'paused' ? 'paused' : 'running'
}

/** The buttons of a phase, the primary (the one focus lands on) first. */
export function actionsOf(phase: TerminalPhase): TerminalAction[] {
  if (phase === 'idle') return ['start']
  if (phase === 'running') return ['pause', 'end']
  return ['resume', 'end']
}

/**
 * The server's clock as the tablet sees it: the difference between the answer's `at` and the
 * tablet's clock when the answer arrived. A tablet whose clock is off still counts right.
 */
export function clockSkew(at: string, receivedAt: number): number {
  const ms = Date.parse(at)
  return Number.isFinite(ms) ? ms - receivedAt : 0
}

/** Worked seconds of an activity at `now` (pauses excluded), whole seconds. */
export function workedSecondsAt(
  activity: Pick<WorkingActivityView, 'start' | 'end' | 'pauses'>,
  now: number,
) {
  return Math.floor(activityTotals(toMs(activity), now).workedMs / 1000)
}

export function breakSecondsAt(activity: Pick<WorkingActivityView, 'start' | 'end' | 'pauses'>, now: number) {
  return Math.floor(activityTotals(toMs(activity), now).breakMs / 1000)
}

export type LiveTotals = {
  /** The current activity's worked seconds (0 when none). */
  runningSeconds: number
  todayWorkedSeconds: number
  todayBreakSeconds: number
  /** Worked seconds per local day of this week. */
  weekDays: Map<string, number>
  weekWorkedSeconds: number
}

/**
 * The totals at `now`: the server's sums (made at `state.at`) plus what the current activity
 * has added since, on the day it counts to. Never less than the server's sums (a `now` before
 * `at` adds nothing).
 */
export function liveTotals(state: TimeTrackingState, now: number): LiveTotals {
  const current = state.current
  let runningSeconds = 0
  let workedDelta = 0
  let breakDelta = 0
  if (current) {
    runningSeconds = Math.max(current.workedSeconds, workedSecondsAt(current, now))
    workedDelta = runningSeconds - current.workedSeconds
    breakDelta = Math.max(0, breakSecondsAt(current, now) - current.breakSeconds)
  }
  const onToday = current !== null && current.day === state.today.date
  const weekDays = new Map<string, number>()
  for (const day of state.week.days) {
    weekDays.set(
      day.date,
      day.workedSeconds + (current !== null && current.day === day.date ? workedDelta : 0),
    )
  }
  const inWeek = current !== null && weekDays.has(current.day)
  return {
    runningSeconds,
    todayWorkedSeconds: state.today.workedSeconds + (onToday ? workedDelta : 0),
    todayBreakSeconds: state.today.breakSeconds + (onToday ? breakDelta : 0),
    weekDays,
    weekWorkedSeconds: state.week.workedSeconds + (inWeek ? workedDelta : 0),
  }
}

/** `1:02:03`: hours, minutes and seconds of a running clock. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/** `7:05`: hours and minutes of a total (seconds cut, never rounded up). */
export function formatHoursMinutes(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`
}

// ---------------------------------------------------------------------------------------------
// the plan of this week and next beside the worked hours

/** An entry of GET …/working-schedules as the terminal reads it. */
export type PlanEntry = {
  id: string
  kind: string
  branchId?: string | null
  start?: string | null
  end?: string | null
  breakMinutes?: number
  from?: string | null
  to?: string | null
  note?: string | null
}

export type PlanShift = {
  id: string
  branchId: string | null
  /** Local wall-clock times in the shift's branch's zone, `HH:mm`. */
  start: string
  end: string
  /** Whether the shift ends on a later local day than it starts (a night shift). */
  endsNextDay: boolean
  breakMinutes: number
  note: string | null
}

export type PlanDay = {
  date: string
  isToday: boolean
  shifts: PlanShift[]
  /** The absences that cover the day: holiday or sick. */
  absences: { id: string; kind: 'holiday' | 'sick'; note: string | null }[]
  /** Worked seconds of the day (this week's days only; null for days of next week). */
  workedSeconds: number | null
}

export type PlanWeek = { from: string; to: string; days: PlanDay[] }

/**
 * This week and next (Monday to Sunday, from `today`), each day with the user's shifts (a shift
 * is the day's it starts on, in its branch's zone, like the activities), absences and, this
 * week, the worked seconds.
 */
export function planWeeks(opts: {
  today: string
  entries: readonly PlanEntry[]
  worked: ReadonlyMap<string, number>
  /** The zone of a branch (a shift's); the terminal's zone for unknown ones. */
  zoneOf: (branchId: string | null | undefined) => string
}): PlanWeek[] {
  const monday = startOfIsoWeek(opts.today)
  const shifts = new Map<string, PlanShift[]>()
  for (const entry of opts.entries) {
    if (entry.kind !== 'shift' || !entry.start || !entry.end) continue
    const zone = opts.zoneOf(entry.branchId)
    const from = wallClockOf(Date.parse(entry.start), zone)
    const to = wallClockOf(Date.parse(entry.end), zone)
    const list = shifts.get(from.date) ?? []
    list.push({
      id: entry.id,
      branchId: entry.branchId ?? null,
      start: from.time,
      end: to.time,
      endsNextDay: to.date > from.date,
      breakMinutes: entry.breakMinutes ?? 0,
      note: entry.note ?? null,
    })
    shifts.set(from.date, list)
  }
  for (const list of shifts.values())
    list.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  const absences = opts.entries.filter(
    (e): e is PlanEntry & { kind: 'holiday' | 'sick'; from: string; to: string } =>
      (e.kind === 'holiday' || e.kind === 'sick') && typeof e.from === 'string' && typeof e.to === 'string',
  )
  return [0, 7].map((offset) => {
    const from = addDays(monday, offset)
    const days: PlanDay[] = []
    for (let i = 0; i < 7; i++) {
      const date = addDays(from, i)
      days.push({
        date,
        isToday: date === opts.today,
        shifts: shifts.get(date) ?? [],
        absences: absences
          .filter((a) => a.from <= date && a.to >= date)
          .map((a) => ({ id: a.id, kind: a.kind, note: a.note ?? null })),
        workedSeconds: offset === 0 ? (opts.worked.get(date) ?? 0) : null,
      })
    }
    return { from, to: addDays(from, 6), days }
  })
}

/** Today in `timeZone` at `now` (the state's day may be a poll old at midnight). */
export const todayIn = (now: number, timeZone: string) => localDateOf(now, timeZone)

// ---------------------------------------------------------------------------------------------
// choices

export type TerminalBranch = { id: string; name: string; timeZone: string }

/**
 * The branches the user may start at, in the shop's order: the user's own; an admin without any
 * acts for every branch (as the server allows).
 */
export function branchesOfUser(
  all: readonly TerminalBranch[],
  user: { branches: readonly { id: string }[] },
  roles: readonly string[],
): TerminalBranch[] {
  if (user.branches.length === 0) return roles.includes('ROLE_ADMIN') ? [...all] : []
  const own = new Set(user.branches.map((b) => b.id))
  return all.filter((b) => own.has(b.id))
}

/** The branch preselected: the remembered one if it is still offered, else the only one. */
export function initialBranch(branches: readonly TerminalBranch[], remembered: string | null): string | null {
  if (remembered && branches.some((b) => b.id === remembered)) return remembered
  return branches.length === 1 ? branches[0]!.id : null
}

/** Where the terminal remembers the last branch chosen, per link (token and username). */
export const branchStorageKey = (token: string, username: string) =>
  `shop.time-terminal.branch:${token}:${username}`

/**
 * An Idempotency-Key: random, from `crypto.getRandomValues` (also on a tablet that opens the
 * shop over plain http, where `crypto.randomUUID` is missing).
 */
export function newIdempotencyKey(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
) {
  const bytes = random(new Uint8Array(16))
  return `tt-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
