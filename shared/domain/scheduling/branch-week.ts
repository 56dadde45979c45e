import type { BranchHours } from './branch-hours.ts'
import { deliveryRulesOf } from './branch-hours.ts'
import type { LocalInterval } from './opening-hours.ts'
import { toSchedule, weekHours } from './opening-hours.ts'
import type { IsoWeekday, LocalDate } from './zoned-time.ts'
import { localDateOf } from './zoned-time.ts'

// A branch's week as a customer reads it (issue 18: "nowhere can a customer see a branch's
// week"): the opening and delivery hours of the current ISO week, Monday to Sunday, in the
// branch's time zone, by the same rules the availability and the checkout use (spec §5: a once
// rule applies in its week only; delivery hours are the opening hours unless enabled).

/** One kind of hours on one day; `isException`: a once rule of that date changes the usual week. */
export interface WeekHours {
  intervals: LocalInterval[]
  isException: boolean
}

export interface BranchWeekDay {
  date: LocalDate
  isoWeekday: IsoWeekday
  isToday: boolean
  opening: WeekHours
  /** null when the branch does not deliver. */
  delivery: WeekHours | null
}

export interface BranchWeek {
  today: LocalDate
  days: BranchWeekDay[]
  /** Today, with its exceptions (the same entry as in `days`). */
  todayHours: BranchWeekDay
}

const sameIntervals = (a: readonly LocalInterval[], b: readonly LocalInterval[]) =>
  a.length === b.length &&
  a.every((x, i) => x.fromMinutes === b[i]!.fromMinutes && x.toMinutes === b[i]!.toMinutes)

function hoursOfWeek(rules: BranchHours['openingHours'], today: LocalDate): WeekHours[] {
  const schedule = toSchedule(rules)
  return weekHours(schedule, today).map((day) => ({
    intervals: day.intervals,
    isException:
      schedule.onceDates.has(day.date) &&
      !sameIntervals(day.intervals, schedule.weekly[day.isoWeekday] ?? []),
  }))
}

/** The current week of a branch at `now`, today marked. */
export function branchWeek(
  branch: BranchHours & { isDeliveryEnabled?: boolean | null },
  now: number | Date,
): BranchWeek {
  const today = localDateOf(now, branch.timeZone)
  const opening = hoursOfWeek(branch.openingHours, today)
  const delivery = branch.isDeliveryEnabled === true ? hoursOfWeek(deliveryRulesOf(branch), today) : null
  const dates = weekHours([], today)
  const days = dates.map((day, index) => ({
    date: day.date,
    isoWeekday: day.isoWeekday,
    isToday: day.date === today,
    opening: opening[index]!,
    delivery: delivery === null ? null : delivery[index]!,
  }))
  return { today, days, todayHours: days.find((day) => day.isToday)! }
}
