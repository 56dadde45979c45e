// Words the whole product shares (spec §3, §9): one definition each, used by the rules, the
// HTTP contract and the clients.

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const ORDER_TYPES = ['takeaway', 'delivery', 'dineIn'] as const
/** How the customer gets the order: the rules, statistics, receipts, mails and lists name it so. */
export type OrderType = (typeof ORDER_TYPES)[number]

/** The order type of anything that says whether it is a delivery or eaten in (an order, a form, an event). */
export function orderTypeOf(order: { isDelivery: boolean; isDineIn?: boolean | null }): OrderType {
  return order.isDelivery ? 'delivery' : order.isDineIn ? 'dineIn' : 'takeaway'
}

export const LEAD_TIME_TYPES = ['minutes', 'hours', 'days', 'weeks'] as const
export type LeadTimeType = (typeof LEAD_TIME_TYPES)[number]

/** Spec §9 locales. */
export const LOCALES = ['de-AT', 'de-CH', 'de-DE', 'en-GB', 'en-US', 'fr-FR'] as const
export type Locale = (typeof LOCALES)[number]
