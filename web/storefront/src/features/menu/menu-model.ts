/**
 * The menu page's view model: the /api/init resources turned into the shapes the domain rules
 * take (shared/domain/catalogue), and the few display decisions of this page. No rule lives
 * here; every rule is a call into the domain.
 */
import type { OrderType } from '@shop/shared/domain/catalogue'
import { toDomainCategory, toDomainMenu, toDomainProduct, toSchedule } from '@shop/shared/domain/catalogue'
import type { OpeningHoursRule } from '@shop/shared/domain/scheduling'

// The resource mappings are shared with the back-office's menu preview.
export { toDomainCategory, toDomainMenu, toDomainProduct, toSchedule }

/** The scheduling fields of a branch resource (closed rules may carry null times). */
export type BranchLike = {
  timeZone: string
  openingHours?: readonly unknown[] | null
  deliveryHours?: readonly unknown[] | null
  isDeliveryHoursEnabled?: boolean | null
  orderableFrom?: string | null
  closedMessage?: string | null
  isTakeawayEnabled?: boolean | null
  isDeliveryEnabled?: boolean | null
  isDineInEnabled?: boolean | null
}

export function branchHours(branch: BranchLike) {
  return {
    timeZone: branch.timeZone,
    openingHours: (branch.openingHours ?? []) as readonly OpeningHoursRule[],
    deliveryHours: (branch.deliveryHours ?? []) as readonly OpeningHoursRule[],
    isDeliveryHoursEnabled: branch.isDeliveryHoursEnabled === true,
    orderableFrom: branch.orderableFrom ?? null,
    closedMessage: branch.closedMessage ?? null,
  }
}

/** The order types the branch offers, in the spec's order (takeaway, delivery, dine-in). */
export function enabledOrderTypes(branch: BranchLike): OrderType[] {
  const types: OrderType[] = []
  if (branch.isTakeawayEnabled !== false) types.push('takeaway')
  if (branch.isDeliveryEnabled === true) types.push('delivery')
  if (branch.isDineInEnabled === true) types.push('dineIn')
  return types
}

/**
 * The order type to set when the page opens (spec §4): nothing stored yet → the config's
 * default when the branch supports it; a stored type the branch no longer offers → the
 * branch's first. Null when the cart's type can stay.
 */
export function orderTypeToApply(
  current: OrderType,
  stored: boolean,
  enabled: readonly OrderType[],
  configDefault: unknown,
): OrderType | null {
  if (!stored && typeof configDefault === 'string' && enabled.includes(configDefault as OrderType)) {
    return configDefault === current ? null : (configDefault as OrderType)
  }
  if (enabled.length > 0 && !enabled.includes(current)) return enabled[0] ?? null
  return null
}

// How amounts, money and units read is the storefront's (lib/amount-format.ts, lib/product-text.ts:
// menu, item overlay, checkout, status).
export { type Display, formatAmount, moneyLocale } from '../../lib/amount-format.ts'

/**
 * The group the category bar highlights (spec §2): the last one whose top is above 25 % of
 * the window height; the first while none has reached it yet.
 */
export function activeGroupIndex(tops: readonly number[], viewportHeight: number): number {
  const line = viewportHeight * 0.25
  let active = 0
  tops.forEach((top, index) => {
    if (top <= line) active = index
  })
  return active
}
