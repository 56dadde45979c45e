import { BRANCHES_SHOWN_TEXT, NO_BRANCHES_FOUND_TEXT } from '@shop/shared/domain/catalogue'
import {
  type BranchHours,
  deliveryRulesOf,
  type LocalInterval,
  localDateOf,
  type OpeningHoursRule,
  WEEKDAY_NAMES,
  type WeekdayName,
  weekHours,
} from '@shop/shared/domain/scheduling'

/**
 * The home page's view models (spec §1, §2 "Branch list (home)"). Pure: the page passes the
 * current time in, so the same functions serve the unit tests.
 */

/** The fields of a branch the home page reads (a `Branch` from /api/init satisfies it). */
export type HomeBranch = {
  identifier: string
  name: string
  street: string | null
  zipCode: string | null
  city: string | null
  phone: string | null
  latitude: number | null
  longitude: number | null
  isPublic: boolean
  isDeliveryEnabled: boolean
  isDeliveryHoursEnabled: boolean
  openingHours: readonly RuleInput[]
  deliveryHours: readonly RuleInput[]
  orderableFrom: string | null
  closedMessage: string | null
  timeZone: string
}

/** An hours rule as the API sends it: a closed rule may leave its times null. */
export type RuleInput = Omit<OpeningHoursRule, 'from' | 'to'> & { from: string | null; to: string | null }

function toRules(rules: readonly RuleInput[]): OpeningHoursRule[] {
  // A missing time parses as malformed, which the schedule drops (closed rules ignore times).
  return rules.map((rule) => ({ ...rule, from: rule.from ?? '', to: rule.to ?? '' }))
}

/** The branch's scheduling fields in the domain's shape (spec §3 opening-hours rules). */
export function branchHours(branch: HomeBranch): BranchHours {
  return {
    timeZone: branch.timeZone,
    openingHours: toRules(branch.openingHours),
    deliveryHours: toRules(branch.deliveryHours),
    isDeliveryHoursEnabled: branch.isDeliveryHoursEnabled,
    orderableFrom: branch.orderableFrom,
    closedMessage: branch.closedMessage,
  }
}

export type HomeConfig = {
  shopName?: unknown
  title?: unknown
  description?: unknown
  seoDescription?: unknown
}

/**
 * Spec §1: "For a single branch it shows three teasers". The teaser page shows when exactly one
 * branch is public; with several (or none) the branch list shows, non-public ones inactive.
 */
export function teaserBranch<B extends Pick<HomeBranch, 'isPublic'>>(branches: readonly B[]): B | null {
  const visible = branches.filter((branch) => branch.isPublic)
  return visible.length === 1 ? (visible[0] ?? null) : null
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** Spec §2 page titles, division: '{title} - {shop title}'; without a title the shop title alone. */
export function homeTitle(config: HomeConfig): string {
  const title = textOf(config.title)
  const shop = textOf(config.shopName)
  if (title === '') return shop
  if (shop === '' || title === shop) return title
  return `${title} - ${shop}`
}

/** The intro block's heading: the configured title, else the shop name. */
export function introTitle(config: HomeConfig): string {
  return textOf(config.title) || textOf(config.shopName)
}

export function homeDescription(config: HomeConfig): string | undefined {
  return textOf(config.seoDescription) || textOf(config.description) || undefined
}

/** A dialable tel: URL: digits and a leading plus only ('+41 44 251 18 98' → 'tel:+41442511898'). */
export function telHref(phone: string): string {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return `tel:+${digits}`
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`
  return `tel:${digits}`
}

/** 'Marktgasse 45, 8400 Winterthur' (the parts that are set). */
export function addressLine(branch: Pick<HomeBranch, 'street' | 'zipCode' | 'city'>): string {
  const town = [branch.zipCode, branch.city].filter((part) => textOf(part) !== '').join(' ')
  return [textOf(branch.street), town].filter((part) => part !== '').join(', ')
}

/**
 * The "Route" teaser's target: directions to the coordinates when the branch has them, else to
 * the address; null with neither. A plain link, so no map script loads (spec §9: a map only
 * with the maps plugin and consent).
 */
export function routeHref(
  branch: Pick<HomeBranch, 'latitude' | 'longitude' | 'street' | 'zipCode' | 'city'>,
): string | null {
  const destination =
    branch.latitude !== null && branch.longitude !== null
      ? `${branch.latitude},${branch.longitude}`
      : addressLine(branch)
  if (destination === '') return null
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`
}

export type WeekRow = {
  weekday: WeekdayName
  date: string
  isToday: boolean
  opening: LocalInterval[]
  /** null when the branch does not deliver. */
  delivery: LocalInterval[] | null
}

/**
 * Opening and delivery hours of the current week, Monday to Sunday, in the branch's time zone
 * (once rules of this week applied; delivery hours are the opening hours unless enabled).
 */
export function weekRows(branch: HomeBranch, now: Date | number): WeekRow[] {
  const hours = branchHours(branch)
  const today = localDateOf(now, branch.timeZone)
  const opening = weekHours(hours.openingHours, today)
  const delivery = branch.isDeliveryEnabled ? weekHours(deliveryRulesOf(hours), today) : null
  return opening.map((day, index) => ({
    weekday: WEEKDAY_NAMES[day.isoWeekday - 1] ?? 'monday',
    date: day.date,
    isToday: day.date === today,
    opening: day.intervals,
    delivery: delivery ? (delivery[index]?.intervals ?? []) : null,
  }))
}

/**
 * The shared result texts in the i18n catalogue's placeholder syntax: the German catalogue
 * must say exactly what the domain's constants say (checked by the unit test).
 */
export const RESULT_TEXTS = {
  shown: BRANCHES_SHOWN_TEXT.replace('{shown}', '{{shown}}').replace('{total}', '{{total}}'),
  none: NO_BRANCHES_FOUND_TEXT,
} as const
