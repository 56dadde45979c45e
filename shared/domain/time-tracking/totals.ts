/**
 * Worked time and break time, from instants only (epoch ms, UTC): the length of an interval is
 * its end minus its start, whatever the wall clock did in between, so a night across a DST
 * change counts the hours that really passed (22:00–06:00 in Europe/Zurich is 7 hours on
 * 2027-03-28 and 9 on 2027-10-31). A zone is only used to name the local day an activity
 * counts to.
 *
 * The day rule (docs/time-tracking.md "Days and weeks"): an activity counts, whole, to the local
 * day it started on, in the time zone of its branch when it started. A night shift from Saturday
 * 22:00 to Sunday 06:00 is Saturday's; a split shift (06:00–10:00 and 16:00–19:00) is two
 * activities of the same day. The shift plan counts the same way, so plan and record compare per
 * shift.
 */
import { addDays, localDateOf, startOfIsoWeek } from '../scheduling/zoned-time.ts'

/** An activity's times in epoch ms; an open end (null) runs until `now`. */
export type TimesMs = {
  start: number
  end: number | null
  pauses: readonly { start: number; end: number | null }[]
}

/** The same with ISO instants, as events and views carry them. */
export type TimesIso = {
  start: string
  end: string | null
  pauses: readonly { start: string; end: string | null }[]
}

export type Totals = { workedMs: number; breakMs: number }

export const ZERO_TOTALS: Totals = { workedMs: 0, breakMs: 0 }

export function toMs(times: TimesIso): TimesMs {
  return {
    start: Date.parse(times.start),
    end: times.end === null ? null : Date.parse(times.end),
    pauses: times.pauses.map((p) => ({
      start: Date.parse(p.start),
      end: p.end === null ? null : Date.parse(p.end),
    })),
  }
}

/**
 * Worked and break time of one activity at `now`: the span from start to end (or now), less the
 * pauses within it. A pause is clipped to the activity and overlapping pauses count once, so no
 * input gives negative or double-counted time.
 */
export function activityTotals(times: TimesMs, now: number): Totals {
  const end = times.end ?? Math.max(now, times.start)
  const span = Math.max(0, end - times.start)
  const clipped = times.pauses
    .map((p) => ({ start: Math.max(p.start, times.start), end: Math.min(p.end ?? end, end) }))
    .filter((p) => p.end > p.start)
    .sort((a, b) => a.start - b.start)
  let breakMs = 0
  let reached = Number.NEGATIVE_INFINITY
  for (const p of clipped) {
    const from = Math.max(p.start, reached)
    if (p.end > from) breakMs += p.end - from
    reached = Math.max(reached, p.end)
  }
  return { workedMs: span - breakMs, breakMs }
}

export function addTotals(a: Totals, b: Totals): Totals {
  return { workedMs: a.workedMs + b.workedMs, breakMs: a.breakMs + b.breakMs }
}

/** The local day an activity counts to: the day it started, in its branch's zone. */
export function workingDayOf(start: number, timeZone: string): string {
  return localDateOf(start, timeZone)
}

/** Monday of the ISO week of a local day ('2027-03-28' → '2027-03-22'). */
export function weekOf(day: string): { from: string; to: string } {
  const from = startOfIsoWeek(day)
  return { from, to: addDays(from, 6) }
}

/** Sums per local day (the day rule above), days in order. */
export function totalsByDay(
  activities: readonly { times: TimesMs; timeZone: string }[],
  now: number,
): Map<string, Totals & { activities: number }> {
  const days = new Map<string, Totals & { activities: number }>()
  for (const a of activities) {
    const day = workingDayOf(a.times.start, a.timeZone)
    const sum = days.get(day) ?? { workedMs: 0, breakMs: 0, activities: 0 }
    const t = activityTotals(a.times, now)
    days.set(day, {
      workedMs: sum.workedMs + t.workedMs,
      breakMs: sum.breakMs + t.breakMs,
      activities: sum.activities + 1,
    })
  }
  return new Map([...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/** The planned working time of a shift: its span less its break (never below zero). */
export function plannedMs(shift: { start: string; end: string; breakMinutes: number }): number {
  return Math.max(0, Date.parse(shift.end) - Date.parse(shift.start) - shift.breakMinutes * 60_000)
}

export const seconds = (ms: number) => Math.floor(ms / 1000)
