// Digital signage (spec §1, §3; docs/devices.md): which items of a stream play at an instant.
// Pure: the player and the API both use it. Schedules are wall-clock times in the branch's zone,
// so a DST change moves them with the clock (08:00–12:00 stays 08:00–12:00 local).

import { WEEKDAYS, type Weekday } from '../common/vocabulary.ts'
import { type InstantInput, wallClockOf } from '../scheduling/zoned-time.ts'

/** When an item plays: on these local weekdays, from–to ('HH:mm'; to before from runs past midnight). */
export type SignageSchedule = { days: readonly Weekday[]; from: string; to: string }

export type SignageStreamItem = {
  segmentId: string
  durationSeconds?: number | null
  schedule?: SignageSchedule | null
}

/** The length a segment plays when neither it nor the item says. */
export const DEFAULT_SEGMENT_SECONDS = 10

const minutesOf = (time: string): number => {
  const [h, m] = time.split(':').map(Number)
  return (h ?? 0) * 60 + (m ?? 0)
}

const weekdayOf = (isoWeekday: number): Weekday => WEEKDAYS[isoWeekday - 1] as Weekday

/**
 * Whether an item with `schedule` plays at `instant` in `timeZone`; no schedule: always. A window
 * past midnight (22:00–02:00) belongs to the day it starts on: Friday's runs into Saturday night.
 */
export function isScheduledAt(
  schedule: SignageSchedule | null | undefined,
  instant: InstantInput,
  timeZone: string,
): boolean {
  if (!schedule) return true
  const clock = wallClockOf(instant, timeZone)
  const now = clock.hour * 60 + clock.minute
  const from = minutesOf(schedule.from)
  const to = minutesOf(schedule.to)
  const today = weekdayOf(clock.isoWeekday)
  const yesterday = weekdayOf(((clock.isoWeekday + 5) % 7) + 1)
  if (from < to) return schedule.days.includes(today) && now >= from && now < to
  // Past midnight: the evening part today, the morning part from yesterday's window.
  return (schedule.days.includes(today) && now >= from) || (schedule.days.includes(yesterday) && now < to)
}

/** The items of a stream that play at `instant`, in their order, with their index in the stream. */
export function playableAt<T extends SignageStreamItem>(
  items: readonly T[],
  instant: InstantInput,
  timeZone: string,
): { item: T; index: number }[] {
  return items.flatMap((item, index) =>
    isScheduledAt(item.schedule, instant, timeZone) ? [{ item, index }] : [],
  )
}

/**
 * The index of the item to play after the one at `current` (-1: none played yet): the next one in
 * order that is scheduled at `instant`, wrapping round; -1 when nothing is scheduled (the player
 * then shows the shop's name).
 */
export function nextItemIndex(
  items: readonly SignageStreamItem[],
  current: number,
  instant: InstantInput,
  timeZone: string,
): number {
  for (let step = 1; step <= items.length; step++) {
    const index = (((current + step) % items.length) + items.length) % items.length
    if (isScheduledAt(items[index]?.schedule, instant, timeZone)) return index
  }
  return -1
}

/** How long an item plays: its own duration, else its segment's, else the default. */
export function itemSeconds(item: SignageStreamItem, segmentSeconds: number | null | undefined): number {
  return item.durationSeconds ?? segmentSeconds ?? DEFAULT_SEGMENT_SECONDS
}
