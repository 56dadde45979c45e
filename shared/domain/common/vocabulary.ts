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
export type OrderType = (typeof ORDER_TYPES)[number]

export const LEAD_TIME_TYPES = ['minutes', 'hours', 'days', 'weeks'] as const
export type LeadTimeType = (typeof LEAD_TIME_TYPES)[number]

/** Spec §9 locales. */
export const LOCALES = ['de-AT', 'de-CH', 'de-DE', 'en-GB', 'en-US', 'fr-FR'] as const
export type Locale = (typeof LOCALES)[number]
