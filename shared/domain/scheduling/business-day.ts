import type { BranchHours } from './branch-hours.ts'
import { shiftsBetween } from './opening-hours.ts'
import type { InstantInput } from './zoned-time.ts'
import { addDays, localDateOf, startOfLocalDay, toEpochMs } from './zoned-time.ts'

/**
 * The end of the branch's business day at `now`, in its own time zone: what "sold out for
 * today" and "no more online orders today" last until (shared/domain/operations).
 *
 * - Inside a shift, the business day is the day that shift belongs to: at Saturday 01:00 in
 *   Friday's 22:00–02:00 it is Friday's, so it ends at 02:00, not at Saturday's closing.
 * - Otherwise it is today's local date.
 * - It ends at that day's last closing time still ahead (a shift past midnight ends on the next
 *   calendar day). Opening hours count, and delivery hours when the branch uses them: the later
 *   closing wins.
 * - When nothing of today is ahead (after the last closing, a closed day), at the next local
 *   midnight: whatever was marked is back for the next day.
 */
export function endOfBusinessDay(branch: BranchHours, now: InstantInput): number {
  const ms = toEpochMs(now)
  const { timeZone } = branch
  const today = localDateOf(ms, timeZone)
  const schedules = [
    branch.openingHours,
    ...(branch.isDeliveryHoursEnabled === true ? [branch.deliveryHours ?? []] : []),
  ]
  const shifts = schedules.flatMap((rules) => shiftsBetween(rules, addDays(today, -1), today, timeZone))
  let date = today
  for (const shift of shifts) {
    if (shift.start <= ms && ms < shift.end && shift.date < date) date = shift.date
  }
  let end: number | null = null
  for (const shift of shifts) {
    if (shift.date === date && shift.end > ms && (end === null || shift.end > end)) end = shift.end
  }
  return end ?? startOfLocalDay(addDays(today, 1), timeZone)
}
