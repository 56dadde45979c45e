/**
 * The branch editor's two mappings (issue 17): a stored branch to the form's values and the
 * form's values to the body `createBranchBodySchema` checks. The form keeps the contract's own
 * shape wherever it can, so every refusal (the browser's or the server's) names a field of the
 * form: the hours stay the contract's rule list (`openingHours.3.to`), only kept in a canonical
 * order the editor can show by weekday; postcodes are one text per area, split into the list on
 * the way out (an error at `deliveryAreas.0.zipCodes.1` is shown at that area's postcode field).
 */

import type { ImageRef } from '@shop/shared/contracts'
import {
  addDays,
  type BranchHours,
  compileSchedule,
  type DayHours,
  deliveryRulesOf,
  hoursOn,
  type LocalDate,
  localDateOf,
  type OpeningHoursRule,
  WEEKDAY_NAMES,
  type WeekdayName,
} from '@shop/shared/domain/scheduling'

export type { ImageRef }
export { WEEKDAY_NAMES, type WeekdayName }

/** One opening- or delivery-hours rule as the form holds it: blank texts for "none". */
export type RuleForm = {
  type: 'once' | 'daily' | WeekdayName
  date: string
  isClosed: boolean
  from: string
  to: string
}

export type AreaForm = {
  /** The area's stable id (null for a new one: the server makes it). */
  id: string | null
  area: string
  price: number | null
  tax: number | null
  free: boolean
  freeFromOrderValue: number | null
  minimumOrderValue: number | null
  /** The postcodes as typed: separated by commas, spaces or new lines. */
  zipCodes: string
}

export const BRANCH_FLAGS = [
  'isPublic',
  'isDeliveryHoursEnabled',
  'isTakeawayEnabled',
  'isDeliveryEnabled',
  'isDineInEnabled',
  'isTableSelectionEnabled',
  'isPreorderEnabled',
  'isAppointmentRequired',
  'isQuotationRequired',
  'isCashEnabled',
  'isATMCardEnabled',
  'isVoucherEnabled',
  'isStripeEnabled',
  'isMollieEnabled',
  'isDeliveryEmailRequired',
  'isDeliveryPhoneRequired',
  'isDeliveryAddressRequired',
  'isDineInEmailRequired',
  'isDineInPhoneRequired',
  'isDineInAddressRequired',
  'isTakeawayEmailRequired',
  'isTakeawayPhoneRequired',
  'isTakeawayAddressRequired',
] as const
export type BranchFlag = (typeof BRANCH_FLAGS)[number]

const TEXTS = [
  'identifier',
  'name',
  'description',
  'street',
  'zipCode',
  'city',
  // Issue 18: the branch's country ('' for the config's defaultCountry); see docs/backoffice.md.
  'country',
  'phone',
  'email',
  'keywords',
  'orderableFrom',
  'closedMessage',
  'timeZone',
] as const
type TextField = (typeof TEXTS)[number]

export type BranchForm = Record<TextField, string> &
  Record<BranchFlag, boolean> & {
    latitude: number | null
    longitude: number | null
    tags: { id: string }[]
    images: ImageRef[]
    logo: ImageRef | null
    openingHours: RuleForm[]
    deliveryHours: RuleForm[]
    deliveryAreas: AreaForm[]
    missedOrderMinutes: number | null
  }

/** The contract's defaults (createBranchBodySchema) for a new branch. */
const FLAG_DEFAULTS: Record<BranchFlag, boolean> = {
  isPublic: false,
  isDeliveryHoursEnabled: false,
  isTakeawayEnabled: true,
  isDeliveryEnabled: false,
  isDineInEnabled: false,
  isTableSelectionEnabled: false,
  isPreorderEnabled: false,
  isAppointmentRequired: false,
  isQuotationRequired: false,
  isCashEnabled: true,
  isATMCardEnabled: false,
  isVoucherEnabled: false,
  isStripeEnabled: false,
  isMollieEnabled: false,
  isDeliveryEmailRequired: false,
  isDeliveryPhoneRequired: true,
  isDeliveryAddressRequired: true,
  isDineInEmailRequired: false,
  isDineInPhoneRequired: false,
  isDineInAddressRequired: false,
  isTakeawayEmailRequired: false,
  isTakeawayPhoneRequired: false,
  isTakeawayAddressRequired: false,
}

export const DEFAULT_TIME_ZONE = 'Europe/Zurich'
const DEFAULT_MISSED_MINUTES = 4

const str = (value: unknown) => (typeof value === 'string' ? value : '')
const num = (value: unknown) => (typeof value === 'number' ? value : null)
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : [])

export function toRuleForm(rule: Partial<OpeningHoursRule> | Record<string, unknown>): RuleForm {
  const r = rule as Record<string, unknown>
  return {
    type: (typeof r.type === 'string' ? r.type : 'daily') as RuleForm['type'],
    date: str(r.date),
    isClosed: r.isClosed === true,
    from: str(r.from),
    to: str(r.to),
  }
}

/** The rule as the contract takes it: blank texts are null, a closed rule keeps no times. */
export function toRuleBody(rule: RuleForm): Record<string, unknown> {
  const blank = (value: string) => (value.trim() === '' ? null : value.trim())
  return {
    type: rule.type,
    date: rule.type === 'once' ? blank(rule.date) : null,
    isClosed: rule.isClosed,
    from: rule.isClosed ? null : blank(rule.from),
    to: rule.isClosed ? null : blank(rule.to),
  }
}

/** Splits typed postcodes ("8001, 8002 8003") into the contract's list; blanks are dropped. */
export function zipCodeList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((zip) => zip.trim())
    .filter((zip) => zip !== '')
}

export function emptyArea(): AreaForm {
  return {
    id: null,
    area: '',
    price: 0,
    tax: null,
    free: false,
    freeFromOrderValue: null,
    minimumOrderValue: null,
    zipCodes: '',
  }
}

/** A stored branch (or null for a new one) as the form's values. */
export function toForm(item: Record<string, unknown> | null): BranchForm {
  const source = item ?? {}
  const texts = Object.fromEntries(TEXTS.map((key) => [key, str(source[key])])) as Record<TextField, string>
  if (texts.timeZone === '') texts.timeZone = DEFAULT_TIME_ZONE
  const flags = Object.fromEntries(
    BRANCH_FLAGS.map((key) => [key, typeof source[key] === 'boolean' ? source[key] : FLAG_DEFAULTS[key]]),
  ) as Record<BranchFlag, boolean>
  return {
    ...texts,
    ...flags,
    latitude: num(source.latitude),
    longitude: num(source.longitude),
    tags: list<{ id: string }>(source.tags).map((tag) => ({ id: tag.id })),
    images: list<ImageRef>(source.images).map(imageRef),
    logo: source.logo && typeof source.logo === 'object' ? imageRef(source.logo as ImageRef) : null,
    openingHours: canonicalRules(list<Record<string, unknown>>(source.openingHours).map(toRuleForm)),
    deliveryHours: canonicalRules(list<Record<string, unknown>>(source.deliveryHours).map(toRuleForm)),
    deliveryAreas: list<Record<string, unknown>>(source.deliveryAreas).map((area) => ({
      id: typeof area.id === 'string' ? area.id : null,
      area: str(area.area),
      price: num(area.price),
      tax: num(area.tax),
      free: area.free === true,
      freeFromOrderValue: num(area.freeFromOrderValue),
      minimumOrderValue: num(area.minimumOrderValue),
      zipCodes: list<string>(area.zipCodes).join(', '),
    })),
    missedOrderMinutes: num(source.missedOrderMinutes) ?? (item === null ? DEFAULT_MISSED_MINUTES : null),
  }
}

const imageRef = (image: ImageRef): ImageRef => ({
  id: image.id,
  version: image.version,
  extension: image.extension,
})

/** The body the contract checks (and the server takes) for the form's values. */
export function toBody(values: BranchForm): Record<string, unknown> {
  const blank = (value: string) => (value.trim() === '' ? null : value)
  const body: Record<string, unknown> = {}
  for (const key of TEXTS)
    body[key] = key === 'identifier' || key === 'name' ? values[key] : blank(values[key])
  body.timeZone = values.timeZone.trim() === '' ? DEFAULT_TIME_ZONE : values.timeZone
  for (const key of BRANCH_FLAGS) body[key] = values[key]
  return {
    ...body,
    latitude: values.latitude,
    longitude: values.longitude,
    tags: values.tags.map((tag) => ({ id: tag.id })),
    images: values.images.map(imageRef),
    logo: values.logo ? imageRef(values.logo) : null,
    openingHours: values.openingHours.map(toRuleBody),
    deliveryHours: values.deliveryHours.map(toRuleBody),
    deliveryAreas: values.deliveryAreas.map((area) => ({
      id: area.id,
      area: area.area,
      price: area.price,
      tax: area.tax,
      free: area.free,
      freeFromOrderValue: area.freeFromOrderValue,
      minimumOrderValue: area.minimumOrderValue,
      zipCodes: zipCodeList(area.zipCodes),
    })),
    // Empty: the contract's default (4 minutes).
    ...(values.missedOrderMinutes === null ? {} : { missedOrderMinutes: values.missedOrderMinutes }),
  }
}

// ---------------------------------------------------------------------------------------------
// The hours editor's model: the contract's rule list, kept in the order daily, Monday … Sunday,
// then the dated rules. In that order the shared resolution (a weekday rule replaces the daily
// hours, a second rule of the same kind adds a shift) reads exactly as the editor shows it.

/** 0 daily, 1–7 Monday–Sunday, 8 a dated rule. */
export function rankOf(type: RuleForm['type']): number {
  if (type === 'daily') return 0
  if (type === 'once') return 8
  return WEEKDAY_NAMES.indexOf(type) + 1
}

const isCanonical = (rules: readonly RuleForm[]) =>
  rules.every((rule, i) => i === 0 || rankOf(rules[i - 1]?.type ?? 'daily') <= rankOf(rule.type))

/**
 * The rules in the editor's order. Rules already so ordered stay as they are (same list, same
 * indexes). Rules stored in another order (a daily rule after a weekday rule, which would
 * override it) are rewritten as what they mean: each weekday's resolved hours as weekday rules
 * (the shared `compileSchedule`), then the dated rules in their order.
 */
export function canonicalRules(rules: readonly RuleForm[]): RuleForm[] {
  if (isCanonical(rules)) return [...rules]
  const parsed = rules.filter((rule) => rule.type !== 'once')
  const schedule = compileSchedule(parsed.map((rule) => toRuleBody(rule) as unknown as OpeningHoursRule))
  const weekly: RuleForm[] = []
  WEEKDAY_NAMES.forEach((weekday, index) => {
    const intervals = schedule.weekly[index + 1] ?? []
    if (intervals.length === 0) {
      if (parsed.some((rule) => rule.type === weekday || rule.type === 'daily'))
        weekly.push({ type: weekday, date: '', isClosed: true, from: '', to: '' })
      return
    }
    for (const interval of intervals)
      weekly.push({ type: weekday, date: '', isClosed: false, from: interval.from, to: interval.to })
  })
  return [...weekly, ...rules.filter((rule) => rule.type === 'once')]
}

/** Where a new rule of this type goes: after the last rule of its rank or an earlier one. */
function insertAt(rules: readonly RuleForm[], rule: RuleForm): RuleForm[] {
  const rank = rankOf(rule.type)
  let at = 0
  rules.forEach((r, i) => {
    if (rankOf(r.type) <= rank) at = i + 1
  })
  return [...rules.slice(0, at), rule, ...rules.slice(at)]
}

/** Adds a shift to a weekday (or every day): a closed rule of that day gives way to it. */
export function addShift(rules: readonly RuleForm[], type: 'daily' | WeekdayName): RuleForm[] {
  const kept = rules.filter((rule) => !(rule.type === type && rule.isClosed))
  return insertAt(kept, { type, date: '', isClosed: false, from: '', to: '' })
}

/** Closes a weekday (or every day): its own shifts go, one closed rule says so. */
export function closeDay(rules: readonly RuleForm[], type: 'daily' | WeekdayName): RuleForm[] {
  const kept = rules.filter((rule) => rule.type !== type)
  return insertAt(kept, { type, date: '', isClosed: true, from: '', to: '' })
}

/** Forgets a weekday's own rules: it takes the daily hours again (or is closed without them). */
export function resetDay(rules: readonly RuleForm[], type: 'daily' | WeekdayName): RuleForm[] {
  return rules.filter((rule) => rule.type !== type)
}

/** Adds a dated exception: closed all day (a holiday) or with its own hours. */
export function addException(rules: readonly RuleForm[], date: string, isClosed: boolean): RuleForm[] {
  return insertAt(rules, { type: 'once', date, isClosed, from: '', to: '' })
}

export function removeRule(rules: readonly RuleForm[], index: number): RuleForm[] {
  return rules.filter((_, i) => i !== index)
}

/** The rules of one weekday (or daily, or the dated ones) with their indexes in the list. */
export function rulesOf(
  rules: readonly RuleForm[],
  type: RuleForm['type'],
): { rule: RuleForm; index: number }[] {
  return rules.flatMap((rule, index) => (rule.type === type ? [{ rule, index }] : []))
}

// ---------------------------------------------------------------------------------------------
// The preview: what the shared scheduling code (the storefront's and the checkout's) makes of
// the form's rules, day by day in the branch's time zone.

export type PreviewDay = { date: LocalDate; opening: DayHours; delivery: DayHours | null }

/** The branch's hours as the shared scheduling code reads them (malformed rules are left out). */
export function branchHoursOf(
  values: Pick<BranchForm, 'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled' | 'timeZone'>,
): BranchHours {
  const rules = (list: readonly RuleForm[]) =>
    list.map((rule) => toRuleBody(rule) as unknown as OpeningHoursRule)
  return {
    timeZone: values.timeZone || DEFAULT_TIME_ZONE,
    openingHours: rules(values.openingHours),
    deliveryHours: rules(values.deliveryHours),
    isDeliveryHoursEnabled: values.isDeliveryHoursEnabled,
  }
}

/** The next `days` days from today in the branch's zone: opening and (if delivering) delivery hours. */
export function previewDays(
  values: Pick<
    BranchForm,
    'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled' | 'timeZone' | 'isDeliveryEnabled'
  >,
  now: Date | number,
  days = 14,
): PreviewDay[] {
  const hours = branchHoursOf(values)
  let timeZone = hours.timeZone
  let today: LocalDate
  try {
    today = localDateOf(now, timeZone)
  } catch {
    timeZone = DEFAULT_TIME_ZONE
    today = localDateOf(now, timeZone)
  }
  const opening = compileSchedule(hours.openingHours)
  const delivery = values.isDeliveryEnabled ? compileSchedule(deliveryRulesOf(hours)) : null
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i)
    return { date, opening: hoursOn(opening, date), delivery: delivery ? hoursOn(delivery, date) : null }
  })
}
