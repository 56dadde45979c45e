import type { OrderType } from '@shop/shared/domain/catalogue'
import {
  type BranchHours,
  type LocalDate,
  type LocalInterval,
  localDateOf,
  nextOrderingStart,
  takesOrdersNow,
  wallClockOf,
} from '@shop/shared/domain/scheduling'

// The branch's week and "takes no orders now" as the storefront shows them on the home page's
// branch cards, the menu page and the checkout (issue 18). The rules are the shared scheduling
// domain's, the same the availability answer and the server's checkout use; this file only
// picks what to show and words dates and times in the customer's language.

/** The branch fields these views read (a Branch from /api/init has them all). */
export type HoursBranch = BranchHours & {
  id: string
  identifier: string
  name: string
  isPublic: boolean
  isTakeawayEnabled: boolean
  isDeliveryEnabled: boolean
  isDineInEnabled: boolean
  isPreorderEnabled: boolean
  isQuotationRequired: boolean
}

const TYPES: readonly [OrderType, 'isTakeawayEnabled' | 'isDeliveryEnabled' | 'isDineInEnabled'][] = [
  ['takeaway', 'isTakeawayEnabled'],
  ['delivery', 'isDeliveryEnabled'],
  ['dineIn', 'isDineInEnabled'],
]

function enabledTypes(branch: HoursBranch): OrderType[] {
  return TYPES.filter(([, flag]) => branch[flag]).map(([type]) => type)
}

/** Whether the branch takes some order now (any type it offers; pre-orders count). */
export function takesAnyOrderNow(branch: HoursBranch, now: number): boolean {
  return enabledTypes(branch).some((type) => takesOrdersNow(branch, type, now))
}

/**
 * A branch that takes no order of any type now, and when it takes one again (epoch ms; null:
 * not within the horizon). Null while it takes orders. A busy branch's pause is the busy
 * notice's to tell (lib/branch-operations.tsx).
 */
export function closedForOrders(branch: HoursBranch, now: number): { opensAt: number | null } | null {
  const types = enabledTypes(branch)
  if (types.length === 0 || takesAnyOrderNow(branch, now)) return null
  const starts = types
    .map((type) => nextOrderingStart(branch, type, now))
    .filter((start): start is number => start !== null)
  return { opensAt: starts.length > 0 ? Math.min(...starts) : null }
}

/** The other public branches that take orders now, in their list order. */
export function branchesTakingOrders<T extends HoursBranch>(
  branches: readonly T[],
  except: string,
  now: number,
): T[] {
  return branches.filter((branch) => branch.id !== except && branch.isPublic && takesAnyOrderNow(branch, now))
}

// --- words for dates and times -------------------------------------------------------------

/** '07:30' in the locale's clock ('07:30' in de-CH and fr-FR, '7:30 AM' in en); '24:00' stays. */
export function formatClock(time: string, locale: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  if (hours >= 24 && !locale.startsWith('en')) return time
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hours % 24, minutes)),
  )
}

/** The interval's wall clock ('from' – 'to'), each in the locale's clock. */
export function intervalClock(interval: Pick<LocalInterval, 'from' | 'to'>, locale: string) {
  return { from: formatClock(interval.from, locale), to: formatClock(interval.to, locale) }
}

/** 'Montag' / 'lundi' / 'Monday' for a local date. */
export function weekdayName(date: LocalDate, locale: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  )
}

/**
 * When orders are taken again, in words: today's time only ('11:00'), or the weekday, date and
 * time ('Montag, 30. November, 06:30') in the branch's time zone.
 */
export function reopeningText(
  opensAt: number,
  now: number,
  timeZone: string,
  locale: string,
): { today: true; time: string } | { today: false; when: string } {
  const clock = wallClockOf(opensAt, timeZone)
  if (clock.date === localDateOf(now, timeZone)) return { today: true, time: formatClock(clock.time, locale) }
  const when = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(opensAt))
  return { today: false, when }
}

/** A tel: link for a displayed number ('+41 44 251 18 98' → 'tel:+41442511898'). */
export function telLink(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, '')
  return `tel:${digits.startsWith('00') ? `+${digits.slice(2)}` : digits}`
}
