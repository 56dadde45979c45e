/**
 * The menu page's view model: the /api/init resources turned into the shapes the domain rules
 * take (shared/domain/catalogue), and the few display decisions of this page. No rule lives
 * here; every rule is a call into the domain.
 */
import type { OrderType, PartType, Unit } from '@shop/shared/domain/catalogue'
import {
  isCountableUnit,
  toDomainCategory,
  toDomainMenu,
  toDomainProduct,
  toSchedule,
  UNIT_SYMBOLS,
} from '@shop/shared/domain/catalogue'
import type { MoneyLocale } from '@shop/shared/domain/common'
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

/** How the menu shows money: the shop's currency in the page's locale. */
export type Display = { currency: string; locale: MoneyLocale }

// How amounts read is the storefront's (lib/amount-format.ts: menu, checkout, status).
export { formatAmount, moneyLocale } from '../../lib/amount-format.ts'

/**
 * The i18n key of a unit's name, or null for measured units, which show their symbol
 * (UNIT_SYMBOLS: 'kg', 'dl'). Countable names are plural-aware ('1 Paar', '2 Personen').
 */
export function unitKey(unit: Unit): string | null {
  return isCountableUnit(unit) ? `unit.${unit}` : null
}

export function unitSymbol(unit: Unit): string | null {
  return isCountableUnit(unit) ? null : UNIT_SYMBOLS[unit]
}

/** Spec §5 uploads: images jpg, jpeg, png, gif; files txt, csv, images, mp4, mpeg, webm, zip, pdf, office. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif'
export const FILE_ACCEPT = [
  '.txt',
  '.csv',
  IMAGE_ACCEPT,
  '.mp4',
  '.mpeg',
  '.mpg',
  '.webm',
  '.zip',
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
].join(',')

export function acceptFor(type: PartType): string | undefined {
  if (type === 'image' || type === 'images') return IMAGE_ACCEPT
  if (type === 'file' || type === 'files') return FILE_ACCEPT
  return undefined
}

export function isMultipleUpload(type: PartType): boolean {
  return type === 'images' || type === 'files'
}

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
