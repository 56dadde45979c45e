import type { BranchOperationsView } from '@shop/shared/contracts'
import { activeMenu } from '@shop/shared/domain/catalogue'
import { addDays, instantOf, localDateOf, MINUTE_MS, wallClockOf } from '@shop/shared/domain/scheduling'

// What the branch-ops controls show and ask, without React: which marks are in force at the
// page's clock, how an "until" reads in the branch's zone, the remaining time, the time a
// chosen date and time mean, and the active menu's products the board searches.

export type SoldOutEntry = BranchOperationsView['soldOut'][number]

/** The marks of an answer still in force at `now` (an answer read a while ago may hold ended ones). */
export function inForce(view: BranchOperationsView | undefined, now: number) {
  if (!view) return { soldOut: [] as SoldOutEntry[], pause: null, preparation: null }
  const live = <T extends { until: string } | null>(mark: T): T | null =>
    mark !== null && Date.parse(mark.until) > now ? mark : null
  return {
    soldOut: view.soldOut.filter((entry) => Date.parse(entry.until) > now),
    pause: live(view.pause),
    preparation: live(view.preparation),
  }
}

/** The product's mark in force at `now`, if it is sold out. */
export function soldOutEntryOf(
  view: BranchOperationsView | undefined,
  productId: string,
  now: number,
): SoldOutEntry | undefined {
  return inForce(view, now).soldOut.find((entry) => entry.product.id === productId)
}

/**
 * An instant as staff read it in the branch's zone: the time alone today ('18:00'), with the
 * weekday and date on another day ('Mi., 25.11., 07:00').
 */
export function untilText(until: number, now: number, timeZone: string, locale: string): string {
  const sameDay = localDateOf(until, timeZone) === localDateOf(now, timeZone)
  if (sameDay) return wallClockOf(until, timeZone).time
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(until)
}

/** Whole minutes left until `until` (at least 1 while it lasts). */
export function minutesLeft(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / MINUTE_MS))
}

/** The remaining time as hours and minutes ('1 h 05' reads as { hours: 1, minutes: 5 }). */
export function remainingParts(until: number, now: number): { hours: number; minutes: number } {
  const total = minutesLeft(until, now)
  return { hours: Math.floor(total / 60), minutes: total % 60 }
}

/** The date and time the "until …" form starts with: an hour from now, on the 5-minute step. */
export function defaultUntil(now: number, timeZone: string): { date: string; time: string } {
  const step = 5 * MINUTE_MS
  const at = Math.ceil((now + 60 * MINUTE_MS) / step) * step
  const clock = wallClockOf(at, timeZone)
  return { date: clock.date, time: clock.time }
}

/**
 * The instant a chosen date and time mean in the branch's zone (ISO), or null when the input is
 * incomplete. A time earlier than now on today's date means tomorrow (a bakery marking "until
 * 07:00" in the evening means the next morning).
 */
export function chosenUntil(date: string, time: string, now: number, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null
  let at = instantOf(date, time, timeZone)
  if (Number.isNaN(at)) return null
  if (at <= now && date === localDateOf(now, timeZone)) at = instantOf(addDays(date, 1), time, timeZone)
  return new Date(at).toISOString()
}

/** The products a branch's active menu lists now (enabled ones), by name. */
export type MenuProduct = { id: string; uid: string; name: string }

type MenuResource = {
  id: string
  availableFrom: string
  branches: readonly { id: string }[]
  catalog?: readonly { category: { id: string }; products: readonly { id: string }[] }[] | null
}
type ProductResource = { id: string; uid: string; name: string; isEnabled?: boolean | null }

export function activeMenuProducts(
  menus: readonly MenuResource[],
  products: readonly ProductResource[],
  branchId: string,
  now: number,
): MenuProduct[] {
  const menu = activeMenu(menus, branchId, new Date(now))
  if (!menu) return []
  const ids = new Set((menu.catalog ?? []).flatMap((entry) => entry.products.map((p) => p.id)))
  return products
    .filter((p) => ids.has(p.id) && p.isEnabled !== false)
    .map((p) => ({ id: p.id, uid: p.uid, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'))
}

/** The products whose name or uid contains every word of the query (case and accents ignored). */
export function searchProducts(products: readonly MenuProduct[], query: string): MenuProduct[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...products]
  return products.filter((p) => {
    const text = fold(`${p.name} ${p.uid}`)
    return words.every((word) => text.includes(word))
  })
}
