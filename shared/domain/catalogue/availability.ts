/**
 * Product and category schedules, evaluated against a LOCAL wall-clock date and time the
 * caller supplies (the scheduling module turns an instant into the branch's local time;
 * nothing here knows about time zones or reads a clock).
 *
 * The spec names a `schedule` on products and categories but not its shape; this is ours:
 * - no schedule (null, undefined or an empty list): always available;
 * - otherwise available when ANY rule matches;
 * - a rule matches when ALL the constraints it states hold:
 *   - weekdays: the day is one of them (absent or empty: every day);
 *   - startDate / endDate: the day lies in the range, both ends inclusive;
 *   - from / to: the time lies in [from, to), 'HH:MM', from defaults to 00:00 and to to
 *     24:00. A window with to < from runs past midnight (22:00–02:00): the part after
 *     midnight belongs to the day it started, so weekdays and dates are checked against the
 *     previous day. from = to means the whole day.
 * - a rule with a malformed date or time never matches: failing closed keeps an item out of
 *   the shop rather than selling it at the wrong time.
 */
import type { Category, Product } from './catalogue.types.ts'

export { WEEKDAYS, type Weekday } from '../common/vocabulary.ts'

import { WEEKDAYS, type Weekday } from '../common/vocabulary.ts'

export type ScheduleRule = {
  weekdays?: readonly Weekday[]
  /** 'HH:MM', inclusive. */
  from?: string
  /** 'HH:MM' or '24:00', exclusive. */
  to?: string
  /** 'YYYY-MM-DD', inclusive. */
  startDate?: string
  /** 'YYYY-MM-DD', inclusive. */
  endDate?: string
}
export type Schedule = readonly ScheduleRule[]

/** A local date ('YYYY-MM-DD') and wall-clock time ('HH:MM') in the branch's zone. */
export type LocalDateTime = { date: string; time: string }

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/
const MINUTES_PER_DAY = 24 * 60

/** Days since 1970-01-01 for a valid calendar date, else null (Date.UTC is pure arithmetic). */
function dayNumber(date: string): number | null {
  const match = DATE.exec(date)
  if (match === null) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  const ms = Date.UTC(year, month - 1, day)
  const check = new Date(ms)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null
  }
  return ms / 86_400_000
}

function weekdayOfDay(day: number): Weekday {
  // 1970-01-01 was a Thursday (index 3 from Monday).
  return WEEKDAYS[(((day + 3) % 7) + 7) % 7]!
}

/** The weekday of a 'YYYY-MM-DD' date; null when the date is not a real one. */
export function weekdayOf(date: string): Weekday | null {
  const day = dayNumber(date)
  return day === null ? null : weekdayOfDay(day)
}

/** 'HH:MM' to minutes after midnight; '24:00' allowed only where `allowEndOfDay`. */
function minutesOf(time: string, allowEndOfDay: boolean): number | null {
  const match = TIME.exec(time)
  if (match === null) return null
  const hours = Number(match[1])
  const minutes = Number(match[2])
  if (allowEndOfDay && hours === 24 && minutes === 0) return MINUTES_PER_DAY
  if (hours > 23 || minutes > 59) return null
  return hours * 60 + minutes
}

function dayMatches(rule: ScheduleRule, day: number): boolean | null {
  if (rule.weekdays !== undefined && rule.weekdays.length > 0 && !rule.weekdays.includes(weekdayOfDay(day))) {
    return false
  }
  if (rule.startDate !== undefined) {
    const start = dayNumber(rule.startDate)
    if (start === null) return null
    if (day < start) return false
  }
  if (rule.endDate !== undefined) {
    const end = dayNumber(rule.endDate)
    if (end === null) return null
    if (day > end) return false
  }
  return true
}

export function ruleMatches(rule: ScheduleRule, at: LocalDateTime): boolean {
  const day = dayNumber(at.date)
  const minute = minutesOf(at.time, false)
  if (day === null || minute === null) return false
  const from = rule.from === undefined ? 0 : minutesOf(rule.from, false)
  const to = rule.to === undefined ? MINUTES_PER_DAY : minutesOf(rule.to, true)
  if (from === null || to === null) return false
  if (from === to) return dayMatches(rule, day) === true
  if (from < to) return minute >= from && minute < to && dayMatches(rule, day) === true
  // Past midnight: the evening part belongs to today, the early part to yesterday's rule.
  if (minute >= from) return dayMatches(rule, day) === true
  if (minute < to) return dayMatches(rule, day - 1) === true
  return false
}

/** No schedule means always; otherwise any matching rule allows. */
export function isScheduled(schedule: Schedule | null | undefined, at: LocalDateTime): boolean {
  if (schedule === null || schedule === undefined || schedule.length === 0) return true
  return schedule.some((rule) => ruleMatches(rule, at))
}

export type CategoryUnavailableReason = 'category-disabled' | 'category-unscheduled'
export type ProductUnavailableReason = 'product-disabled' | 'product-unscheduled' | CategoryUnavailableReason

export type CategoryAvailability = {
  /** Listed on the menu page. */
  visible: boolean
  /** Its products can be put in the cart. */
  orderable: boolean
  reason: CategoryUnavailableReason | null
}

/**
 * A category is orderable when enabled and scheduled. An unavailable one is still shown
 * (greyed, nothing orderable) when isVisibleWhenUnavailable, so customers see what is
 * coming (the breakfast menu after 11:00) instead of a menu that changes shape.
 */
export function categoryAvailability(
  category: Pick<Category, 'isEnabled' | 'schedule' | 'isVisibleWhenUnavailable'>,
  at: LocalDateTime,
): CategoryAvailability {
  const reason: CategoryUnavailableReason | null = !category.isEnabled
    ? 'category-disabled'
    : isScheduled(category.schedule, at)
      ? null
      : 'category-unscheduled'
  if (reason === null) return { visible: true, orderable: true, reason: null }
  return { visible: category.isVisibleWhenUnavailable, orderable: false, reason }
}

export type ProductAvailability = { orderable: boolean; reason: ProductUnavailableReason | null }

/** Orderable = product enabled AND product scheduled AND its category enabled AND scheduled. */
export function productAvailability(
  product: Pick<Product, 'isEnabled' | 'schedule'>,
  category: Pick<Category, 'isEnabled' | 'schedule' | 'isVisibleWhenUnavailable'>,
  at: LocalDateTime,
): ProductAvailability {
  if (!product.isEnabled) return { orderable: false, reason: 'product-disabled' }
  if (!isScheduled(product.schedule, at)) return { orderable: false, reason: 'product-unscheduled' }
  const ofCategory = categoryAvailability(category, at)
  return { orderable: ofCategory.orderable, reason: ofCategory.reason }
}
