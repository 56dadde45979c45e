import { instantOf, isLocalDate, wallClockOf } from '@shop/shared/domain/scheduling'

// The counter-appointment dialog's rules: what it starts with and what a typed date and time
// mean in the branch's zone. Pure: unit tested.

const STEP_MS = 5 * 60_000

/**
 * A date and a time typed in the branch's zone ('2026-11-24', '14:30') as an ISO instant, for the
 * counter-appointment command (the scheduling rules' instantOf); undefined when either is not valid.
 */
export function zonedIso(date: string, time: string, timeZone: string): string | undefined {
  if (!isLocalDate(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return undefined
  return new Date(instantOf(date, time, timeZone)).toISOString()
}

/**
 * The date and time the dialog opens with, in the branch's zone: the order's current due time,
 * or an hour from now rounded up to the time field's 5-minute step when it has none.
 */
export function proposalStart(
  due: string | null | undefined,
  now: number,
  timeZone: string,
): { date: string; time: string } {
  const at = due ? Date.parse(due) : Math.ceil((now + 60 * 60_000) / STEP_MS) * STEP_MS
  const { date, time } = wallClockOf(at, timeZone)
  return { date, time }
}
