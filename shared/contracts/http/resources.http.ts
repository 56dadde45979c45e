import { z } from 'zod'
import { PART_TYPES, PRICE_MODIFIERS, PRICING_MODELS } from '../../domain/catalogue/catalogue.types.ts'
import { DEFAULT_MAXIMUM_ORDER_VALUE } from '../../domain/catalogue/pricing.ts'
import { fixedUnitRatio, isUnitRatioConsistent } from '../../domain/catalogue/units.ts'
import { decimalOf, decimalToString } from '../../domain/common/decimal.ts'
import {
  LEAD_TIME_TYPES,
  LOCALES,
  ORDER_TYPES,
  WEEKDAYS,
  type Weekday,
} from '../../domain/common/vocabulary.ts'
import {
  blockContentConfig,
  blockContentValue,
  contentSchemaOf,
  contentValueOf,
  siteContentSchema,
} from '../../domain/content/index.ts'
import { OPENING_HOURS_RULE_TYPES } from '../../domain/scheduling/opening-hours.ts'
import { imageTemplateLayerSchema, MAX_TEMPLATE_SIZE } from './image-templates.http.ts'
import { DEFAULT_MAP_BEARING, DEFAULT_MAP_PITCH, DEFAULT_MAP_ZOOM } from './map.ts'
import { CHECKOUT_COUNTRIES, DEFAULT_COUNTRY } from './orders.http.ts'
import { internalTargetPath, normaliseRedirectPath, reservedPathOf } from './redirect-paths.ts'

/*
 * Bodies of the back-office CRUD calls (spec §7): POST /api/{resource} creates, PUT
 * /api/{resource}/{id} replaces the whole resource and carries the version it was read at.
 * Bodies are strict (an unknown field is refused) and fully specified on output: a missing
 * optional field becomes null, a flag or list its default, so an omitted field on PUT resets it.
 * Messages are catalogue keys (see errors.http.ts); a key without a translation yet falls back
 * to the generic message of its issue code.
 */

// ---------------------------------------------------------------------------------------------
// Building blocks

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/
/** 'HH:MM' from 00:00 to 24:00 (24:00 closes a day). */
export const TIME_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/
export const DEFAULT_TIME_ZONE = 'Europe/Zurich'
export const DEFAULT_CURRENCY = 'EUR'
/** Map defaults of spec §9. */
export { DEFAULT_MAP_BEARING, DEFAULT_MAP_PITCH, DEFAULT_MAP_ZOOM } from './map.ts'
export const DEFAULT_MISSED_ORDER_MINUTES = 4
/** Spec §9 locales; translated resources are keyed by them. */
export const CONTENT_LOCALES = LOCALES
export type ContentLocale = (typeof CONTENT_LOCALES)[number]
export { WEEKDAYS, type Weekday }
export const DELIVERY_METHODS = ORDER_TYPES
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]
export const USER_ROLES = ['ROLE_ADMIN', 'ROLE_EMPLOYEE'] as const
export type UserRole = (typeof USER_ROLES)[number]
/** Spec §3 units; weights, volumes, lengths, areas and cubics convert to their base unit. */
export const PRODUCT_UNITS = [
  'piece',
  'serving',
  'pair',
  'person',
  'package',
  'gram',
  'decagram',
  'kilogram',
  'ml',
  'cl',
  'dl',
  'l',
  'mm',
  'cm',
  'dm',
  'm',
  'km',
  'mm2',
  'cm2',
  'dm2',
  'm2',
  'mm3',
  'cm3',
  'dm3',
  'm3',
] as const
export type ProductUnit = (typeof PRODUCT_UNITS)[number]
export const PRODUCT_TYPES = ['simple', 'configurable', 'bundle'] as const
export const CALCULATION_MODELS = PRICING_MODELS
export { LEAD_TIME_TYPES }
export const PRODUCT_PART_TYPES = PART_TYPES
export { OPENING_HOURS_RULE_TYPES, PRICE_MODIFIERS }
export const NAVIGATION_ITEM_TYPES = ['home', 'site', 'branch', 'link'] as const
export const BLOCK_TYPES = ['default', 'legacy'] as const
/** The blocks the storefront's header menu shows (spec §2): kept while it relies on them. */
export const MENU_BLOCK_IDENTIFIERS = ['about', 'contact'] as const
/** The navigation the storefront's header shows (spec §2 Shell). */
export const MAIN_NAVIGATION_IDENTIFIER = 'main'
export const REDIRECT_STATUS_CODES = [301, 302] as const
export const MAX_NAVIGATION_DEPTH = 4
/** Upper bound for money in cents (10 million in the currency). */
export const MAX_MONEY = 1_000_000_000
const MAX_QUANTITY = 1_000_000
const MAX_JSON_LENGTH = 1_000_000

const TIME_ZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC'])
const CURRENCIES = new Set<string>(Intl.supportedValuesOf('currency'))

type Ctx = z.core.$RefinementCtx<unknown>
type Path = (string | number)[]

function addIssue(ctx: Ctx, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', path, message, input: undefined })
}

/** Absent, null or blank becomes null; anything else must pass `schema`. */
function nullable<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
    schema.nullable(),
  )
}

const text = (max: number) => z.string().trim().min(1).max(max)
const optionalText = (max: number) => nullable(z.string().trim().max(max))
export const versionSchema = z.int().min(1)
export const slugSchema = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(64)
  .regex(SLUG_PATTERN, 'validation.slug')
export const timeSchema = z.string().trim().regex(TIME_PATTERN, 'validation.time')
export const dateSchema = z.iso.date()
export const dateTimeSchema = z.iso.datetime({ offset: true })
export const timeZoneSchema = z
  .string()
  .trim()
  .refine((value) => TIME_ZONES.has(value), 'validation.timeZone')
  .default(DEFAULT_TIME_ZONE)
export const currencySchema = z
  .string()
  .trim()
  .refine((value) => CURRENCIES.has(value), 'validation.currency')
  .default(DEFAULT_CURRENCY)
/** Integer cents. */
export const moneySchema = z.int().min(0).max(MAX_MONEY)
/** Percent with at most two decimals (8.1, 2.6, 7.7). */
export const taxRateSchema = z.number().min(0).max(100).multipleOf(0.01)
const emailSchema = z.string().trim().max(255).pipe(z.email())
const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ]*$/, 'validation.phone')
  .max(32)
const urlSchema = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }))
/** An absolute http(s) URL or a path on this site ('/agb'). */
const linkSchema = z.string().trim().max(2048).refine(isLink, 'validation.url')
/** A path on this site: starts with '/', no query, fragment or whitespace. */
export const pathSchema = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(2048)
  .regex(/^\/(?!\/)[^\s?#]*$/, 'validation.path')
const quantitySchema = z.number().gt(0).max(MAX_QUANTITY)
/** Any JSON value up to 1 MB serialized (spec: content whose fields are not shown). */
const jsonSchema = z.json().superRefine((value, ctx) => {
  const length = JSON.stringify(value).length
  if (length > MAX_JSON_LENGTH) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'string',
      maximum: MAX_JSON_LENGTH,
      inclusive: true,
      input: length,
    })
  }
})

function isLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value)
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
}

/** Reports every repeated key after its first occurrence, at `path(index)`. */
function checkUnique<T>(ctx: Ctx, items: readonly T[], key: (item: T) => unknown, path: (i: number) => Path) {
  const seen = new Set<unknown>()
  items.forEach((item, index) => {
    const value = key(item)
    if (seen.has(value)) addIssue(ctx, path(index), 'validation.duplicate')
    seen.add(value)
  })
}

function uniqueList<T extends z.ZodType>(
  item: T,
  max: number,
  key: (item: z.output<T>) => unknown,
  at: Path = [],
) {
  return z
    .array(item)
    .max(max)
    .superRefine((items, ctx) => checkUnique(ctx, items, key, (index) => [index, ...at]))
}

/** A reference to another resource: `{ id }`. */
export const idRefSchema = z.strictObject({ id: text(64) })
export type IdRef = z.output<typeof idRefSchema>
const refList = (max: number) => uniqueList(idRefSchema, max, (ref) => ref.id, ['id']).default([])

/** A stored image as addressed by /image/{id}-{version}.{extension}. */
export const imageRefSchema = z.strictObject({
  id: text(64),
  version: versionSchema,
  extension: z
    .string()
    .trim()
    .regex(/^[a-z0-9]{1,8}$/, 'validation.invalid'),
})
export type ImageRef = z.output<typeof imageRefSchema>
const imageList = (max: number) => uniqueList(imageRefSchema, max, (image) => image.id, ['id']).default([])

/** Per-locale values; only the locales of spec §9 are keys. */
const translations = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(CONTENT_LOCALES), value)

/** Adds the `version` a PUT body must carry (optimistic concurrency); keeps the refinements. */
export function withVersion<Shape extends z.core.$ZodShape>(
  schema: z.ZodObject<Shape, z.core.$strict>,
): z.ZodObject<z.core.util.Extend<Shape, { version: typeof versionSchema }>, z.core.$strict> {
  // safeExtend cannot check a generic shape for a clashing `version`; the bodies have none.
  const base = schema as z.ZodObject<z.core.$ZodShape, z.core.$strict>
  return base.safeExtend({ version: versionSchema }) as z.ZodObject as never
}

/** Reports min > max and a default outside [min, max] with the bound it breaks. */
function checkQuantities(
  ctx: Ctx,
  value: { minimumQuantity: number; maximumQuantity: number | null; defaultQuantity?: number | null },
): void {
  const { minimumQuantity: min, maximumQuantity: max, defaultQuantity } = value
  if (max !== null && max < min) {
    ctx.addIssue({
      code: 'too_small',
      origin: 'number',
      minimum: min,
      inclusive: true,
      input: max,
      path: ['maximumQuantity'],
    })
  }
  if (defaultQuantity === undefined || defaultQuantity === null) return
  if (defaultQuantity < min) {
    ctx.addIssue({
      code: 'too_small',
      origin: 'number',
      minimum: min,
      inclusive: true,
      input: defaultQuantity,
      path: ['defaultQuantity'],
    })
  } else if (max !== null && defaultQuantity > max) {
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: max,
      inclusive: true,
      input: defaultQuantity,
      path: ['defaultQuantity'],
    })
  }
}

function checkTimeRange(ctx: Ctx, from: string | null, to: string | null): void {
  if (from !== null && to !== null && to <= from) addIssue(ctx, ['to'], 'validation.timeRange')
}

// ---------------------------------------------------------------------------------------------
// config (GET / POST /api/config, a single object)

/** The frontdesk's preset reasons of a shop that set none (issue 18): de-CH, as the customer reads them. */
export const DEFAULT_REJECTION_REASONS = [
  'Heute ausverkauft',
  'Zu viel los',
  'Ausserhalb des Liefergebiets',
] as const
export const MAX_REJECTION_REASONS = 20

const configFields = {
  shopName: text(255),
  businessName: optionalText(255),
  title: optionalText(255),
  description: optionalText(10_000),
  seoTitle: optionalText(255),
  seoDescription: optionalText(1000),
  website: nullable(urlSchema),
  termsAndConditions: nullable(linkSchema),
  termsAndConditionsText: optionalText(10_000),
  privacyPolicy: nullable(linkSchema),
  privacyPolicyText: optionalText(10_000),
  imprint: nullable(linkSchema),
  imprintText: optionalText(10_000),
  allergens: nullable(linkSchema),
  allergensText: optionalText(10_000),
  currency: currencySchema,
  defaultDeliveryMethod: z.enum(DELIVERY_METHODS).default('takeaway'),
  /** The country preselected in checkout addresses where the branch does not say (spec §3: AT). */
  defaultCountry: z.enum(CHECKOUT_COUNTRIES).default(DEFAULT_COUNTRY),
  enablePluginPWA: z.boolean().default(false),
  enablePluginToolbar: z.boolean().default(false),
  enablePluginMaps: z.boolean().default(false),
  mapZoom: z.number().min(0).max(22).default(DEFAULT_MAP_ZOOM),
  mapPitch: z.number().min(0).max(85).default(DEFAULT_MAP_PITCH),
  mapBearing: z.number().min(-180).max(180).default(DEFAULT_MAP_BEARING),
  /**
   * A MapLibre style (JSON URL) for the map on the single-branch home page; without one the map
   * shows OpenStreetMap's raster tiles. Loaded only with the maps plugin and the visitor's consent.
   */
  mapStyleUrl: nullable(urlSchema),
  enablePluginSMS: z.boolean().default(false),
  enablePluginDonations: z.boolean().default(false),
  enablePluginFrontdesk: z.boolean().default(false),
  enablePluginOrderReviews: z.boolean().default(false),
  disableTickets: z.boolean().default(false),
  enableCash: z.boolean().default(true),
  /**
   * Cash totals rounded to the smallest coin, in cents per currency code ({ "CHF": 5 }; 0: not
   * rounded). Currencies left out keep the default: CHF 5, every other none (pricing.ts).
   */
  cashRounding: z
    .record(
      z.string().refine((code) => CURRENCIES.has(code), 'validation.currency'),
      z.int().min(0).max(100),
    )
    .default({}),
  enableATMCard: z.boolean().default(false),
  enableVoucher: z.boolean().default(false),
  enablePluginStripe: z.boolean().default(false),
  enableStripe: z.boolean().default(false),
  enablePluginMollie: z.boolean().default(false),
  enableMollie: z.boolean().default(false),
  isContactEmailRequired: z.boolean().default(false),
  isContactPhoneRequired: z.boolean().default(false),
  /**
   * The largest order total (gross, cents) taken without a quotation: beyond it a branch that
   * requires quotations takes a quotation request, any other refuses with where to ask for one.
   */
  maximumOrderValue: moneySchema.min(1).default(DEFAULT_MAXIMUM_ORDER_VALUE),
  /**
   * The reasons the frontdesk offers as one tap when it rejects or cancels an order (the customer
   * reads the one chosen). A config stored before has none: clients use the defaults.
   */
  rejectionReasons: z
    .array(text(200))
    .max(MAX_REJECTION_REASONS)
    .default([...DEFAULT_REJECTION_REASONS]),
  /** The storefront's font for headings and for body text: a family of GET /api/fonts (null: the theme's). */
  headingFont: optionalText(255),
  bodyFont: optionalText(255),
}
/** POST /api/config: the first save carries no version, every later one the version read. */
export const createConfigBodySchema = z.strictObject(configFields)
export const updateConfigBodySchema = withVersion(createConfigBodySchema)
export type CreateConfigBody = z.output<typeof createConfigBodySchema>
export type UpdateConfigBody = z.output<typeof updateConfigBodySchema>

// ---------------------------------------------------------------------------------------------
// users

const userFields = {
  username: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9._@+-]*$/, 'validation.username'),
  displayName: optionalText(255),
  roles: uniqueList(z.enum(USER_ROLES), USER_ROLES.length, (role) => role).min(1),
  branches: refList(500),
  /** False switches the account off: no login, and every open session is refused (spec §8). */
  isEnabled: z.boolean().default(true),
  /** Holiday entitlement per year in days (time tracking: GET /api/time-sheets/holiday-balances). */
  holidayDaysPerYear: nullable(z.number().min(0).max(366).multipleOf(0.5)),
  /** Gross hourly rate in cents, for the labour cost in the statistics (time tracking). */
  hourlyRate: nullable(moneySchema),
}
// Passwords are taken as typed: no trimming.
const passwordSchema = z.string().min(10).max(4096)
export const createUserBodySchema = z.strictObject({ ...userFields, password: passwordSchema })
/** PUT /api/users/{id}: without password the current one stays. */
export const updateUserBodySchema = withVersion(
  z.strictObject({ ...userFields, password: passwordSchema.optional() }),
)
export type CreateUserBody = z.output<typeof createUserBodySchema>
export type UpdateUserBody = z.output<typeof updateUserBodySchema>

// ---------------------------------------------------------------------------------------------
// divisions (fields not shown in the spec beyond the id: kept to name, description, branches)

export const createDivisionBodySchema = z.strictObject({
  name: text(255),
  description: optionalText(10_000),
  branches: refList(500),
})
export const updateDivisionBodySchema = withVersion(createDivisionBodySchema)
export type CreateDivisionBody = z.output<typeof createDivisionBodySchema>
export type UpdateDivisionBody = z.output<typeof updateDivisionBodySchema>

// ---------------------------------------------------------------------------------------------
// branches

/**
 * One opening- or delivery-hours rule (spec §5): `once` needs a date (and only it has one);
 * an open rule needs from and to, a closed one may leave them out. A `to` before `from` runs
 * past midnight into the next day (a bar open 22:00–02:00); equal times say nothing and are
 * refused (a 24-hour day is 00:00–24:00), and a day cannot start at 24:00.
 */
export const openingHoursRuleSchema = z
  .strictObject({
    type: z.enum(OPENING_HOURS_RULE_TYPES),
    date: nullable(dateSchema),
    isClosed: z.boolean().default(false),
    from: nullable(timeSchema),
    to: nullable(timeSchema),
  })
  .superRefine((rule, ctx) => {
    if (rule.type === 'once' && rule.date === null) addIssue(ctx, ['date'], 'validation.notBlank')
    if (rule.type !== 'once' && rule.date !== null) addIssue(ctx, ['date'], 'validation.extraField')
    if (rule.isClosed) return
    if (rule.from === null) addIssue(ctx, ['from'], 'validation.notBlank')
    if (rule.to === null) addIssue(ctx, ['to'], 'validation.notBlank')
    if (rule.from !== null && rule.from === rule.to) addIssue(ctx, ['to'], 'validation.timeRange')
    if (rule.from === '24:00') addIssue(ctx, ['from'], 'validation.time')
  })
export type OpeningHoursRule = z.output<typeof openingHoursRuleSchema>

/** A postcode an area serves ('8001'), or a prefix for every postcode starting so ('80*'). */
export const zipCodePatternSchema = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(16)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*\*?$/, 'validation.zipCode')

export const deliveryAreaSchema = z.strictObject({
  /**
   * The area's stable identity (a rename keeps it; orders refer to it). Null on create: the
   * server makes one; send back what GET answered to keep it.
   */
  id: nullable(
    z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid'),
  ),
  area: text(255),
  price: moneySchema,
  tax: taxRateSchema,
  free: z.boolean().default(false),
  freeFromOrderValue: nullable(moneySchema),
  minimumOrderValue: nullable(moneySchema),
  /** The postcodes the area serves; empty: any postcode (the checkout checks the address). */
  zipCodes: uniqueList(zipCodePatternSchema, 2000, (zip) => zip.replace(/\s+/g, '').toUpperCase()).default(
    [],
  ),
})
export type DeliveryArea = z.output<typeof deliveryAreaSchema>

export const createBranchBodySchema = z
  .strictObject({
    identifier: slugSchema,
    name: text(255),
    description: optionalText(10_000),
    street: optionalText(255),
    zipCode: optionalText(16),
    city: optionalText(255),
    /**
     * The country the branch is in (issue 18): customers' national phone numbers are read in it
     * and the checkout preselects it. Null: the config's defaultCountry.
     */
    country: nullable(z.enum(CHECKOUT_COUNTRIES)),
    phone: nullable(phoneSchema),
    email: nullable(emailSchema),
    latitude: nullable(z.number().min(-90).max(90)),
    longitude: nullable(z.number().min(-180).max(180)),
    keywords: optionalText(1000),
    tags: refList(100),
    images: imageList(50),
    logo: nullable(imageRefSchema),
    isPublic: z.boolean().default(false),
    openingHours: z.array(openingHoursRuleSchema).max(100).default([]),
    deliveryHours: z.array(openingHoursRuleSchema).max(100).default([]),
    isDeliveryHoursEnabled: z.boolean().default(false),
    orderableFrom: nullable(timeSchema),
    closedMessage: optionalText(2000),
    isTakeawayEnabled: z.boolean().default(true),
    isDeliveryEnabled: z.boolean().default(false),
    isDineInEnabled: z.boolean().default(false),
    isTableSelectionEnabled: z.boolean().default(false),
    isPreorderEnabled: z.boolean().default(false),
    isAppointmentRequired: z.boolean().default(false),
    isQuotationRequired: z.boolean().default(false),
    isCashEnabled: z.boolean().default(true),
    isATMCardEnabled: z.boolean().default(false),
    isVoucherEnabled: z.boolean().default(false),
    isStripeEnabled: z.boolean().default(false),
    isMollieEnabled: z.boolean().default(false),
    isDeliveryEmailRequired: z.boolean().default(false),
    isDeliveryPhoneRequired: z.boolean().default(true),
    isDeliveryAddressRequired: z.boolean().default(true),
    isDineInEmailRequired: z.boolean().default(false),
    isDineInPhoneRequired: z.boolean().default(false),
    isDineInAddressRequired: z.boolean().default(false),
    isTakeawayEmailRequired: z.boolean().default(false),
    isTakeawayPhoneRequired: z.boolean().default(false),
    isTakeawayAddressRequired: z.boolean().default(false),
    deliveryAreas: uniqueList(deliveryAreaSchema, 100, (area) => area.area.toLowerCase(), ['area']).default(
      [],
    ),
    timeZone: timeZoneSchema,
    /** Minutes after which an unanswered order counts as missed. */
    missedOrderMinutes: z.int().min(1).max(120).default(DEFAULT_MISSED_ORDER_MINUTES),
  })
  .superRefine((branch, ctx) => {
    if (branch.latitude === null && branch.longitude !== null)
      addIssue(ctx, ['latitude'], 'validation.notBlank')
    if (branch.longitude === null && branch.latitude !== null)
      addIssue(ctx, ['longitude'], 'validation.notBlank')
    checkUnique(
      ctx,
      branch.deliveryAreas,
      (area) => area.id ?? Symbol('no id'),
      (index) => ['deliveryAreas', index, 'id'],
    )
    // The checkout needs an area to choose from (spec §4: the first one is preselected).
    if (branch.isDeliveryEnabled && branch.deliveryAreas.length === 0) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'array',
        minimum: 1,
        inclusive: true,
        input: branch.deliveryAreas,
        path: ['deliveryAreas'],
      })
    }
  })
export const updateBranchBodySchema = withVersion(createBranchBodySchema)
export type CreateBranchBody = z.output<typeof createBranchBodySchema>
export type UpdateBranchBody = z.output<typeof updateBranchBodySchema>

// ---------------------------------------------------------------------------------------------
// tags, tables, donatees

export const createTagBodySchema = z.strictObject({ name: text(255), image: nullable(imageRefSchema) })
export const updateTagBodySchema = withVersion(createTagBodySchema)
export type CreateTagBody = z.output<typeof createTagBodySchema>
export type UpdateTagBody = z.output<typeof updateTagBodySchema>

export const createTableBodySchema = z.strictObject({ identifier: slugSchema, branch: idRefSchema })
export const updateTableBodySchema = withVersion(createTableBodySchema)
export type CreateTableBody = z.output<typeof createTableBodySchema>
export type UpdateTableBody = z.output<typeof updateTableBodySchema>

export const createDonateeBodySchema = z.strictObject({
  identifier: slugSchema,
  name: text(255),
  description: optionalText(10_000),
})
export const updateDonateeBodySchema = withVersion(createDonateeBodySchema)
export type CreateDonateeBody = z.output<typeof createDonateeBodySchema>
export type UpdateDonateeBody = z.output<typeof updateDonateeBodySchema>

// ---------------------------------------------------------------------------------------------
// products and categories

/** When a product or category is available: all given conditions must hold; none means always. */
export const scheduleEntrySchema = z
  .strictObject({
    weekdays: nullable(uniqueList(z.enum(WEEKDAYS), WEEKDAYS.length, (day) => day).min(1)),
    from: nullable(timeSchema),
    to: nullable(timeSchema),
    startDate: nullable(dateSchema),
    endDate: nullable(dateSchema),
  })
  .superRefine((entry, ctx) => {
    checkTimeRange(ctx, entry.from, entry.to)
    if (entry.startDate !== null && entry.endDate !== null && entry.endDate < entry.startDate) {
      addIssue(ctx, ['endDate'], 'validation.dateRange')
    }
  })
export type ScheduleEntry = z.output<typeof scheduleEntrySchema>
const scheduleSchema = z.array(scheduleEntrySchema).max(50).default([])

export const productPartOptionSchema = z.strictObject({
  name: text(255),
  modifier: z.enum(PRICE_MODIFIERS).default('add'),
  value: moneySchema.default(0),
})
export type ProductPartOption = z.output<typeof productPartOptionSchema>

/** A configurable part: only select and multiselect have options, and need at least one. */
export const productPartSchema = z
  .strictObject({
    name: text(255),
    description: optionalText(2000),
    type: z.enum(PRODUCT_PART_TYPES),
    optional: z.boolean().default(false),
    options: z.array(productPartOptionSchema).max(100).default([]),
  })
  .superRefine((part, ctx) => {
    const hasOptions = part.type === 'select' || part.type === 'multiselect'
    if (hasOptions && part.options.length === 0) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'array',
        minimum: 1,
        inclusive: true,
        input: part.options,
        path: ['options'],
      })
    }
    if (!hasOptions && part.options.length > 0) addIssue(ctx, ['options'], 'validation.extraField')
  })
export type ProductPart = z.output<typeof productPartSchema>

export const alternativeUnitSchema = z
  .strictObject({
    unit: z.enum(PRODUCT_UNITS),
    /** Amount of the product's unit per one of this unit. */
    ratio: z.number().gt(0).max(MAX_QUANTITY),
    calculationModel: z.enum(CALCULATION_MODELS).default('fixed'),
    minimumQuantity: quantitySchema.default(1),
    maximumQuantity: nullable(quantitySchema),
    quantityStepSize: quantitySchema.default(1),
  })
  .superRefine((unit, ctx) => checkQuantities(ctx, unit))
export type AlternativeUnit = z.output<typeof alternativeUnitSchema>

/**
 * The locales menu content (products, categories) can be translated to (issue 18). German is
 * the original (spec §9: de-CH is the default and the fallback), so it has no translation; the
 * storefront shows a translated text in its language and the German one where none is given.
 */
export const MENU_TRANSLATION_LOCALES = ['fr-FR', 'en'] as const
export type MenuTranslationLocale = (typeof MENU_TRANSLATION_LOCALES)[number]
const menuTranslations = <T extends z.ZodType>(value: T) =>
  z.partialRecord(z.enum(MENU_TRANSLATION_LOCALES), value).default({})

/**
 * A part's translation: by position, as `config.parts` (and its options) are ordered. A blank
 * text (null) is not translated and shows the German one.
 */
export const productPartTranslationSchema = z.strictObject({
  name: optionalText(255),
  description: optionalText(2000),
  options: z.array(optionalText(255)).max(100).default([]),
})
export const productTranslationSchema = z.strictObject({
  name: optionalText(255),
  description: optionalText(10_000),
  parts: z.array(productPartTranslationSchema).max(50).default([]),
})
export type ProductTranslation = z.output<typeof productTranslationSchema>
export const categoryTranslationSchema = z.strictObject({ name: optionalText(255) })
export type CategoryTranslation = z.output<typeof categoryTranslationSchema>

/**
 * Spec §3 names "pricing and calculationModel (fixed, approximate, minimum)": one field,
 * `calculationModel`, as on the alternative units; §9 derives the price prefix from it.
 * Quantities are in the product's unit; defaultQuantity null means the minimum.
 */
export const createProductBodySchema = z
  .strictObject({
    uid: slugSchema,
    name: text(255),
    description: optionalText(10_000),
    allergens: optionalText(255),
    images: imageList(20),
    type: z.enum(PRODUCT_TYPES).default('simple'),
    price: moneySchema,
    /** Applies to delivery. */
    tax: taxRateSchema,
    takeawayTax: taxRateSchema,
    dineInTax: taxRateSchema,
    unit: z.enum(PRODUCT_UNITS).default('piece'),
    alternativeUnits: uniqueList(alternativeUnitSchema, 10, (unit) => unit.unit, ['unit']).default([]),
    minimumQuantity: quantitySchema.default(1),
    maximumQuantity: nullable(quantitySchema),
    quantityStepSize: quantitySchema.default(1),
    defaultQuantity: nullable(quantitySchema),
    defaultUnit: nullable(z.enum(PRODUCT_UNITS)),
    calculationModel: z.enum(CALCULATION_MODELS).default('fixed'),
    isPriceHidden: z.boolean().default(false),
    isEnabled: z.boolean().default(true),
    schedule: scheduleSchema,
    isStepByStep: z.boolean().default(false),
    config: z.strictObject({ parts: z.array(productPartSchema).max(50).default([]) }).default({ parts: [] }),
    isLeadTimeEnabled: z.boolean().default(false),
    leadTimeType: z.enum(LEAD_TIME_TYPES).default('minutes'),
    leadTimeValue: z.int().min(0).max(100_000).default(0),
    translations: menuTranslations(productTranslationSchema),
  })
  .superRefine((product, ctx) => {
    checkQuantities(ctx, product)
    checkPartTranslations(ctx, product.config.parts, product.translations)
    product.alternativeUnits.forEach((alternative, index) => {
      if (alternative.unit === product.unit) {
        addIssue(ctx, ['alternativeUnits', index, 'unit'], 'validation.duplicate')
        return
      }
      // Within one family (gram of a kilogram product) spec §3's factors fix the ratio.
      if (!isUnitRatioConsistent(product.unit, alternative.unit, alternative.ratio)) {
        const fixed = fixedUnitRatio(product.unit, alternative.unit)!
        ctx.addIssue({
          code: 'custom',
          path: ['alternativeUnits', index, 'ratio'],
          message: 'validation.unitRatio',
          params: { ratio: decimalToString(decimalOf(fixed)) },
          input: alternative.ratio,
        })
      }
    })
    const units = [product.unit, ...product.alternativeUnits.map((alternative) => alternative.unit)]
    if (product.defaultUnit !== null && !units.includes(product.defaultUnit)) {
      addIssue(ctx, ['defaultUnit'], 'validation.choice')
    }
    if (product.isLeadTimeEnabled && product.leadTimeValue < 1) {
      ctx.addIssue({
        code: 'too_small',
        origin: 'number',
        minimum: 1,
        inclusive: true,
        input: product.leadTimeValue,
        path: ['leadTimeValue'],
      })
    }
  })
/** A translated part or option needs its German original (same position). */
function checkPartTranslations(
  ctx: Ctx,
  parts: readonly ProductPart[],
  translations: Partial<Record<MenuTranslationLocale, ProductTranslation>>,
) {
  for (const [locale, translation] of Object.entries(translations)) {
    translation?.parts.forEach((part, index) => {
      const original = parts[index]
      if (original === undefined) {
        addIssue(ctx, ['translations', locale, 'parts', index], 'validation.extraField')
        return
      }
      if (part.options.length > original.options.length) {
        addIssue(ctx, ['translations', locale, 'parts', index, 'options'], 'validation.extraField')
      }
    })
  }
}
export const updateProductBodySchema = withVersion(createProductBodySchema)
export type CreateProductBody = z.output<typeof createProductBodySchema>
export type UpdateProductBody = z.output<typeof updateProductBodySchema>

export const createCategoryBodySchema = z.strictObject({
  name: text(255),
  image: nullable(imageRefSchema),
  isEnabled: z.boolean().default(true),
  schedule: scheduleSchema,
  isVisibleWhenUnavailable: z.boolean().default(false),
  translations: menuTranslations(categoryTranslationSchema),
})
export const updateCategoryBodySchema = withVersion(createCategoryBodySchema)
export type CreateCategoryBody = z.output<typeof createCategoryBodySchema>
export type UpdateCategoryBody = z.output<typeof updateCategoryBodySchema>

// ---------------------------------------------------------------------------------------------
// menus

export const menuCatalogEntrySchema = z.strictObject({
  category: idRefSchema,
  products: refList(1000),
})
export type MenuCatalogEntry = z.output<typeof menuCatalogEntrySchema>

/** A branch's active menu is the one with the latest availableFrom in the past (spec §9). */
export const createMenuBodySchema = z.strictObject({
  name: text(255),
  availableFrom: dateTimeSchema,
  branches: refList(500),
  catalog: uniqueList(menuCatalogEntrySchema, 200, (entry) => entry.category.id, ['category', 'id']).default(
    [],
  ),
})
export const updateMenuBodySchema = withVersion(createMenuBodySchema)
export type CreateMenuBody = z.output<typeof createMenuBodySchema>
export type UpdateMenuBody = z.output<typeof updateMenuBodySchema>

// ---------------------------------------------------------------------------------------------
// content: sites, navigations, blocks, redirects, scenes

/**
 * A translation's own `isPublic`: absent (as before the field) or true, the translation is public
 * whenever the site is; false keeps this language a draft on a public site (docs/content.md).
 */
export const siteTranslationSchema = z.strictObject({
  path: pathSchema,
  title: optionalText(255),
  name: text(255),
  description: optionalText(1000),
  content: jsonSchema.default(null),
  isPublic: z.boolean().optional(),
})
export type SiteTranslation = z.output<typeof siteTranslationSchema>

/** Reports a typed content's issues (shared/domain/content) at `translations.{locale}.content…`. */
function checkContent(ctx: Ctx, schema: z.ZodType | undefined, value: unknown, path: Path): void {
  if (!schema) return
  const result = schema.safeParse(value)
  if (result.success) return
  for (const issue of result.error.issues) {
    ctx.addIssue({ ...issue, path: [...path, ...issue.path] } as Parameters<Ctx['addIssue']>[0])
  }
}

/**
 * Site types are not listed by the spec beyond 'default'; any slug is taken. A 'default' site's
 * content is checked by its variant's configuration (simple page `{ body }`, standard page
 * `{ sections }`: shared/domain/content/known-types.ts); other types' content is any JSON.
 */
export const createSiteBodySchema = z
  .strictObject({
    translations: translations(siteTranslationSchema),
    isPublic: z.boolean().default(false),
    type: slugSchema.default('default'),
  })
  .superRefine((site, ctx) => {
    if (Object.keys(site.translations).length === 0) addIssue(ctx, ['translations'], 'validation.notBlank')
    for (const [locale, translation] of Object.entries(site.translations)) {
      if (!translation) continue
      const content = contentValueOf(translation.content)
      checkContent(ctx, siteContentSchema(site.type, content), content, ['translations', locale, 'content'])
    }
  })
export const updateSiteBodySchema = withVersion(createSiteBodySchema)
export type CreateSiteBody = z.output<typeof createSiteBodySchema>
export type UpdateSiteBody = z.output<typeof updateSiteBodySchema>

export type NavigationItemType = (typeof NAVIGATION_ITEM_TYPES)[number]
export type NavigationItem = {
  type: NavigationItemType
  /** A site or branch id, or for links a URL or path; unused for home. */
  target: string | null
  /** The label in German (the shop's default language), and in any language without its own. */
  label: string
  /**
   * The label per other language (spec §3: navigations are translated per locale), e.g.
   * `{ 'fr-FR': 'Filiales', 'en-GB': 'Branches' }`; optional, items without it stay valid. The
   * storefront's fallback: docs/content.md "Navigations".
   */
  labels?: Partial<Record<ContentLocale, string>> | undefined
  isEnabled: boolean
  children: NavigationItem[]
}

// Built to a fixed depth so a deeply nested body cannot exhaust the stack.
function navigationItemSchemaOf(depth: number): z.ZodType<NavigationItem> {
  const children: z.ZodType<NavigationItem[]> =
    depth > 1
      ? z.array(navigationItemSchemaOf(depth - 1)).max(50)
      : (z.array(z.unknown()).max(0) as z.ZodType<unknown[]> as z.ZodType<NavigationItem[]>)
  return z
    .strictObject({
      type: z.enum(NAVIGATION_ITEM_TYPES),
      target: optionalText(2048),
      label: text(255),
      labels: translations(text(255)).optional(),
      isEnabled: z.boolean().default(true),
      children: children.default([]),
    })
    .superRefine((item, ctx) => {
      if (item.type === 'home') return
      if (item.target === null) addIssue(ctx, ['target'], 'validation.notBlank')
      else if (item.type === 'link' && !isLink(item.target)) addIssue(ctx, ['target'], 'validation.url')
      else if (item.type !== 'link' && item.target.length > 64) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: 64,
          inclusive: true,
          input: item.target,
          path: ['target'],
        })
      }
    })
}
/** A navigation item with children up to MAX_NAVIGATION_DEPTH levels. */
export const navigationItemSchema = navigationItemSchemaOf(MAX_NAVIGATION_DEPTH)

/**
 * The spec shows an identifier ('main' is special), translations and items; what a translation
 * holds is not shown, so it is kept to a name.
 */
export const createNavigationBodySchema = z.strictObject({
  identifier: slugSchema,
  translations: translations(z.strictObject({ name: text(255) })).default({}),
  items: z.array(navigationItemSchema).max(100).default([]),
})
export const updateNavigationBodySchema = withVersion(createNavigationBodySchema)
export type CreateNavigationBody = z.output<typeof createNavigationBodySchema>
export type UpdateNavigationBody = z.output<typeof updateNavigationBodySchema>

/**
 * Identifiers 'about' and 'contact' are special. A translation's content is checked by the
 * block type's configuration (shared/domain/content/known-types.ts: 'default' `{ body }`,
 * 'legacy' `{ data: [...] }` or the bare list).
 */
export const createBlockBodySchema = z
  .strictObject({
    identifier: slugSchema,
    name: text(255),
    type: z.enum(BLOCK_TYPES).default('default'),
    translations: translations(
      z.strictObject({ isPublic: z.boolean().default(false), content: jsonSchema.default(null) }),
    ).default({}),
  })
  .superRefine((block, ctx) => {
    const config = blockContentConfig(block.type)
    if (!config) return
    const schema = contentSchemaOf(config)
    for (const [locale, translation] of Object.entries(block.translations)) {
      if (!translation) continue
      const path = ['translations', locale, 'content']
      if (block.type === 'legacy' && Array.isArray(translation.content)) {
        // The bare list is the `data` collection: its items' errors are named as stored.
        const items = blockContentValue(block.type, translation.content)
        const result = schema.safeParse(items)
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({ ...issue, path: [...path, ...issue.path.slice(1)] } as Parameters<
              Ctx['addIssue']
            >[0])
          }
        }
        continue
      }
      checkContent(ctx, schema, contentValueOf(translation.content), path)
    }
  })
export const updateBlockBodySchema = withVersion(createBlockBodySchema)
export type CreateBlockBody = z.output<typeof createBlockBodySchema>
export type UpdateBlockBody = z.output<typeof updateBlockBodySchema>

export const createRedirectBodySchema = z
  .strictObject({
    path: pathSchema,
    target: z.string().trim().min(1, { abort: true }).max(2048).refine(isLink, 'validation.url'),
    statusCode: z.literal(REDIRECT_STATUS_CODES).default(301),
  })
  .superRefine((redirect, ctx) => {
    // The storefront matches a path without its query and trailing slashes: so does the loop.
    if (internalTargetPath(redirect.target) === normaliseRedirectPath(redirect.path)) {
      addIssue(ctx, ['target'], 'validation.redirectLoop')
    }
    // A fixed route of spec §2 or the server's own path: the redirect would hide it.
    const reserved = reservedPathOf(redirect.path)
    if (reserved) {
      ctx.addIssue({
        code: 'custom',
        path: ['path'],
        message: 'validation.redirectReserved',
        params: { path: reserved },
        input: undefined,
      })
    }
  })
export const updateRedirectBodySchema = withVersion(createRedirectBodySchema)
export type CreateRedirectBody = z.output<typeof createRedirectBodySchema>
export type UpdateRedirectBody = z.output<typeof updateRedirectBodySchema>

/** Scene fields beyond the path are not shown in the spec. */
export const createSceneBodySchema = z.strictObject({
  path: pathSchema,
  name: text(255),
  content: jsonSchema.default(null),
})
export const updateSceneBodySchema = withVersion(createSceneBodySchema)
export type CreateSceneBody = z.output<typeof createSceneBodySchema>
export type UpdateSceneBody = z.output<typeof updateSceneBodySchema>

// ---------------------------------------------------------------------------------------------
// devices, departments (fields not shown in the spec beyond id and identifier: kept small)

/** What a device is (issue 21, docs/devices.md): a receipt printer, a board tablet, a signage screen. */
export const DEVICE_KINDS = ['printer', 'board', 'signage'] as const
export type DeviceKind = (typeof DEVICE_KINDS)[number]
/** What a printer prints: new orders, confirmed orders, kitchen tickets (items without prices). */
export const PRINT_PURPOSES = ['newOrder', 'confirmedOrder', 'kitchenTicket'] as const
export type PrintPurpose = (typeof PRINT_PURPOSES)[number]
/** The ESC/POS code pages the shop's output speaks (services/api/src/print/escpos.ts). */
export const PRINTER_CODE_PAGES = ['cp858'] as const
export const PRINTER_PAPER_WIDTHS = [80, 58] as const
export const DEFAULT_PRINTER_PORT = 9100

/**
 * A device. Printers are reached at host:port (ESC/POS over TCP) and need a host and a branch;
 * boards and signage screens pair with a code instead (POST /api/devices/{id}/pair) and ignore
 * the printer fields. Status (online, last seen) is not stored here: GET /api/devices/status.
 */
export const createDeviceBodySchema = z
  .strictObject({
    identifier: nullable(slugSchema).default(null),
    name: text(255),
    kind: z.enum(DEVICE_KINDS),
    branch: nullable(idRefSchema),
    host: nullable(
      z
        .string()
        .trim()
        .max(255)
        .regex(/^[A-Za-z0-9.:[\]_-]+$/, 'validation.invalid'),
    ).default(null),
    port: z.int().min(1).max(65535).default(DEFAULT_PRINTER_PORT),
    paperWidth: z.literal(PRINTER_PAPER_WIDTHS).default(80),
    codePage: z.enum(PRINTER_CODE_PAGES).default('cp858'),
    purposes: z.array(z.enum(PRINT_PURPOSES)).max(PRINT_PURPOSES.length).default([]),
  })
  .superRefine((device, ctx) => {
    if (device.kind !== 'printer') return
    if (device.host === null) addIssue(ctx, ['host'], 'validation.notBlank')
    if (device.branch === null) addIssue(ctx, ['branch'], 'validation.notBlank')
  })
export const updateDeviceBodySchema = withVersion(createDeviceBodySchema)
export type CreateDeviceBody = z.output<typeof createDeviceBodySchema>
export type UpdateDeviceBody = z.output<typeof updateDeviceBodySchema>

export const createDepartmentBodySchema = z.strictObject({
  name: text(255),
  branch: nullable(idRefSchema),
})
export const updateDepartmentBodySchema = withVersion(createDepartmentBodySchema)
export type CreateDepartmentBody = z.output<typeof createDepartmentBodySchema>
export type UpdateDepartmentBody = z.output<typeof updateDepartmentBodySchema>

// ---------------------------------------------------------------------------------------------
// media: images, uploads, image templates, fonts

/**
 * Image metadata only; the file goes through the upload endpoint, which also sets id,
 * version, extension and the pixel width (read-only here).
 */
export const createImageBodySchema = z.strictObject({ alt: optionalText(255) })
export const updateImageBodySchema = withVersion(createImageBodySchema)
export type CreateImageBody = z.output<typeof createImageBodySchema>
export type UpdateImageBody = z.output<typeof updateImageBodySchema>

/**
 * Upload metadata only: id, version, extension, publicHash and mimeType (spec §3) all come from
 * the uploaded file, so nothing is writable yet.
 */
export const createUploadBodySchema = z.strictObject({})
export const updateUploadBodySchema = withVersion(createUploadBodySchema)
export type CreateUploadBody = z.output<typeof createUploadBodySchema>
export type UpdateUploadBody = z.output<typeof updateUploadBodySchema>

/**
 * A size and its layers, the first drawn at the bottom (GET /image-templates/{id}/layers;
 * image-templates.http.ts): rectangle, image, text and logo.
 */
export const createImageTemplateBodySchema = z.strictObject({
  name: text(255),
  width: z.int().min(1).max(MAX_TEMPLATE_SIZE),
  height: z.int().min(1).max(MAX_TEMPLATE_SIZE),
  layers: uniqueList(imageTemplateLayerSchema, 50, (layer) => layer.id, ['id']).default([]),
})
export const updateImageTemplateBodySchema = withVersion(createImageTemplateBodySchema)
export type CreateImageTemplateBody = z.output<typeof createImageTemplateBodySchema>
export type UpdateImageTemplateBody = z.output<typeof updateImageTemplateBodySchema>

/** Variants as Google Fonts names them: 'regular', 'italic', '700', '700italic'. */
export const createFontBodySchema = z.strictObject({
  family: text(255),
  variants: uniqueList(
    z
      .string()
      .trim()
      .regex(/^(?:regular|italic|[1-9]00(?:italic)?)$/, 'validation.invalid'),
    18,
    (variant) => variant,
  ).min(1),
})
export const updateFontBodySchema = withVersion(createFontBodySchema)
export type CreateFontBody = z.output<typeof createFontBodySchema>
export type UpdateFontBody = z.output<typeof updateFontBodySchema>

// ---------------------------------------------------------------------------------------------
// time tracking (issue 20; docs/time-tracking.md): the plan, projects and tasks

export const WORKING_SCHEDULE_KINDS = ['shift', 'holiday', 'sick'] as const
export type WorkingScheduleKind = (typeof WORKING_SCHEDULE_KINDS)[number]
/** The longest shift one entry may plan (hours) and the longest absence (days). */
export const MAX_SHIFT_HOURS = 16
export const MAX_ABSENCE_DAYS = 366

/**
 * One entry of the working plan: a shift (`kind: 'shift'`: userId, branchId, start and end as
 * instants, breakMinutes) or an absence (`kind: 'holiday' | 'sick'`: userId, the local days
 * `from`–`to` inclusive; `days` overrides the count of Monday-to-Friday days for the holiday
 * balance, e.g. 0.5 for half a day). The fields of the other kind stay null. A split shift is two
 * entries.
 */
export const createWorkingScheduleBodySchema = z
  .strictObject({
    kind: z.enum(WORKING_SCHEDULE_KINDS),
    userId: text(64),
    branchId: nullable(text(64)),
    start: nullable(dateTimeSchema),
    end: nullable(dateTimeSchema),
    breakMinutes: z
      .int()
      .min(0)
      .max(MAX_SHIFT_HOURS * 60)
      .default(0),
    from: nullable(dateSchema),
    to: nullable(dateSchema),
    days: nullable(z.number().min(0).max(MAX_ABSENCE_DAYS).multipleOf(0.5)),
    note: optionalText(1000),
  })
  .superRefine((value, ctx) => {
    const blank = (field: string) => addIssue(ctx, [field], 'validation.notBlank')
    const none = (field: string) => addIssue(ctx, [field], 'validation.extraField')
    if (value.kind === 'shift') {
      if (value.branchId === null) blank('branchId')
      if (value.start === null) blank('start')
      if (value.end === null) blank('end')
      if (value.from !== null) none('from')
      if (value.to !== null) none('to')
      if (value.days !== null) none('days')
      if (value.start === null || value.end === null) return
      const span = Date.parse(value.end) - Date.parse(value.start)
      if (!(span > 0)) addIssue(ctx, ['end'], 'validation.endAfterStart')
      else if (span > MAX_SHIFT_HOURS * 3_600_000)
        ctx.addIssue({
          code: 'custom',
          path: ['end'],
          message: 'validation.shiftTooLong',
          params: { limit: MAX_SHIFT_HOURS },
          input: undefined,
        })
      else if (value.breakMinutes * 60_000 >= span) addIssue(ctx, ['breakMinutes'], 'validation.breakTooLong')
      return
    }
    if (value.from === null) blank('from')
    if (value.to === null) blank('to')
    if (value.start !== null) none('start')
    if (value.end !== null) none('end')
    if (value.breakMinutes !== 0) none('breakMinutes')
    if (value.from === null || value.to === null) return
    if (value.to < value.from) addIssue(ctx, ['to'], 'validation.endAfterStart')
    else if ((Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 >= MAX_ABSENCE_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'validation.absenceTooLong',
        params: { limit: MAX_ABSENCE_DAYS },
        input: undefined,
      })
  })
export const updateWorkingScheduleBodySchema = withVersion(createWorkingScheduleBodySchema)
export type CreateWorkingScheduleBody = z.output<typeof createWorkingScheduleBodySchema>
export type UpdateWorkingScheduleBody = z.output<typeof updateWorkingScheduleBodySchema>

/** A project time is booked against (a catering job); `branchId` null: every branch. */
export const createProjectBodySchema = z.strictObject({
  name: text(255),
  branchId: nullable(text(64)),
  isActive: z.boolean().default(true),
})
export const updateProjectBodySchema = withVersion(createProjectBodySchema)
export type CreateProjectBody = z.output<typeof createProjectBodySchema>
export type UpdateProjectBody = z.output<typeof updateProjectBodySchema>

/** A task of a project. */
export const createTaskBodySchema = z.strictObject({ projectId: text(64), name: text(255) })
export const updateTaskBodySchema = withVersion(createTaskBodySchema)
export type CreateTaskBody = z.output<typeof createTaskBodySchema>
export type UpdateTaskBody = z.output<typeof updateTaskBodySchema>

// ---------------------------------------------------------------------------------------------
// digital signage (issue 21; docs/devices.md): segments, streams and the screens that play them

export const SIGNAGE_SEGMENT_TYPES = ['image', 'content', 'menu', 'pickup'] as const
export type SignageSegmentType = (typeof SIGNAGE_SEGMENT_TYPES)[number]
export const SIGNAGE_IMAGE_FITS = ['contain', 'cover'] as const
/** The longest a segment or an item may play (seconds). */
export const MAX_SIGNAGE_SECONDS = 3600
export const DEFAULT_SIGNAGE_SECONDS = 10
const signageSeconds = z.int().min(1).max(MAX_SIGNAGE_SECONDS)

/**
 * What a screen shows for a while: an image (`image`, `fit`), a content page or block (`site` or
 * `block`), a branch's menu or a selection of its products (`branch`, `products`: names, live
 * prices and sold out), or the pickup display of a branch (`branch`: ticket numbers in
 * preparation and ready). The fields of the other types stay null / empty.
 */
export const createSignageSegmentBodySchema = z
  .strictObject({
    name: text(255),
    type: z.enum(SIGNAGE_SEGMENT_TYPES),
    durationSeconds: signageSeconds.default(DEFAULT_SIGNAGE_SECONDS),
    image: nullable(imageRefSchema),
    fit: z.enum(SIGNAGE_IMAGE_FITS).default('contain'),
    site: nullable(idRefSchema),
    block: nullable(idRefSchema),
    branch: nullable(idRefSchema),
    products: refList(100),
  })
  .superRefine((segment, ctx) => {
    const blank = (field: string) => addIssue(ctx, [field], 'validation.notBlank')
    const none = (field: string) => addIssue(ctx, [field], 'validation.extraField')
    const uses = {
      image: segment.type === 'image',
      site: segment.type === 'content',
      block: segment.type === 'content',
      branch: segment.type === 'menu' || segment.type === 'pickup',
      products: segment.type === 'menu',
    }
    for (const field of ['image', 'site', 'block', 'branch'] as const)
      if (!uses[field] && segment[field] !== null) none(field)
    if (!uses.products && segment.products.length > 0) none('products')
    if (segment.type === 'image' && segment.image === null) blank('image')
    if (segment.type === 'content' && (segment.site === null) === (segment.block === null))
      blank(segment.site === null ? 'site' : 'block')
    if ((segment.type === 'menu' || segment.type === 'pickup') && segment.branch === null) blank('branch')
  })
export const updateSignageSegmentBodySchema = withVersion(createSignageSegmentBodySchema)
export type CreateSignageSegmentBody = z.output<typeof createSignageSegmentBodySchema>
export type UpdateSignageSegmentBody = z.output<typeof updateSignageSegmentBodySchema>

/** Local weekdays and 'HH:mm' from–to in the branch's zone; to before from runs past midnight. */
export const signageScheduleSchema = z
  .strictObject({
    days: uniqueList(z.enum(WEEKDAYS), 7, (day) => day).min(1),
    from: timeSchema,
    to: timeSchema,
  })
  .superRefine((schedule, ctx) => {
    if (schedule.from === schedule.to) addIssue(ctx, ['to'], 'validation.endAfterStart')
  })

export const signageStreamItemSchema = z.strictObject({
  segmentId: text(64),
  /** Null: the segment's own duration. */
  durationSeconds: nullable(signageSeconds),
  /** Null: always. */
  schedule: nullable(signageScheduleSchema),
})
export type SignageStreamItemBody = z.output<typeof signageStreamItemSchema>

/** A playlist: its items play in order, each for its duration, when its schedule says. */
export const createSignageStreamBodySchema = z.strictObject({
  name: text(255),
  items: z.array(signageStreamItemSchema).max(200).default([]),
})
export const updateSignageStreamBodySchema = withVersion(createSignageStreamBodySchema)
export type CreateSignageStreamBody = z.output<typeof createSignageStreamBodySchema>
export type UpdateSignageStreamBody = z.output<typeof updateSignageStreamBodySchema>

/** A screen: a paired device of kind `signage` (`deviceId`) of a branch, and the stream it plays. */
export const createSignageDeviceBodySchema = z.strictObject({
  name: text(255),
  branch: idRefSchema,
  deviceId: text(64),
  streamId: nullable(text(64)),
})
export const updateSignageDeviceBodySchema = withVersion(createSignageDeviceBodySchema)
export type CreateSignageDeviceBody = z.output<typeof createSignageDeviceBodySchema>
export type UpdateSignageDeviceBody = z.output<typeof updateSignageDeviceBodySchema>

// ---------------------------------------------------------------------------------------------
// registry

/** Path segments under /api; logs are read-only and have no body. */
export const RESOURCE_TYPES = [
  'config',
  'users',
  'divisions',
  'branches',
  'tags',
  'tables',
  'products',
  'categories',
  'menus',
  'donatees',
  'sites',
  'navigations',
  'blocks',
  'redirects',
  'devices',
  'departments',
  'images',
  'uploads',
  'image-templates',
  'scenes',
  'fonts',
  'working-schedules',
  'projects',
  'tasks',
  'digital-signage-segments',
  'digital-signage-streams',
  'digital-signage-devices',
] as const
export type ResourceType = (typeof RESOURCE_TYPES)[number]

export function isResourceType(value: string): value is ResourceType {
  return (RESOURCE_TYPES as readonly string[]).includes(value)
}

/** create: POST body, update: PUT body (with version). */
export const RESOURCE_SCHEMAS = {
  config: { create: createConfigBodySchema, update: updateConfigBodySchema },
  users: { create: createUserBodySchema, update: updateUserBodySchema },
  divisions: { create: createDivisionBodySchema, update: updateDivisionBodySchema },
  branches: { create: createBranchBodySchema, update: updateBranchBodySchema },
  tags: { create: createTagBodySchema, update: updateTagBodySchema },
  tables: { create: createTableBodySchema, update: updateTableBodySchema },
  products: { create: createProductBodySchema, update: updateProductBodySchema },
  categories: { create: createCategoryBodySchema, update: updateCategoryBodySchema },
  menus: { create: createMenuBodySchema, update: updateMenuBodySchema },
  donatees: { create: createDonateeBodySchema, update: updateDonateeBodySchema },
  sites: { create: createSiteBodySchema, update: updateSiteBodySchema },
  navigations: { create: createNavigationBodySchema, update: updateNavigationBodySchema },
  blocks: { create: createBlockBodySchema, update: updateBlockBodySchema },
  redirects: { create: createRedirectBodySchema, update: updateRedirectBodySchema },
  devices: { create: createDeviceBodySchema, update: updateDeviceBodySchema },
  departments: { create: createDepartmentBodySchema, update: updateDepartmentBodySchema },
  images: { create: createImageBodySchema, update: updateImageBodySchema },
  uploads: { create: createUploadBodySchema, update: updateUploadBodySchema },
  'image-templates': { create: createImageTemplateBodySchema, update: updateImageTemplateBodySchema },
  scenes: { create: createSceneBodySchema, update: updateSceneBodySchema },
  fonts: { create: createFontBodySchema, update: updateFontBodySchema },
  'working-schedules': { create: createWorkingScheduleBodySchema, update: updateWorkingScheduleBodySchema },
  projects: { create: createProjectBodySchema, update: updateProjectBodySchema },
  tasks: { create: createTaskBodySchema, update: updateTaskBodySchema },
  'digital-signage-segments': {
    create: createSignageSegmentBodySchema,
    update: updateSignageSegmentBodySchema,
  },
  'digital-signage-streams': { create: createSignageStreamBodySchema, update: updateSignageStreamBodySchema },
  'digital-signage-devices': { create: createSignageDeviceBodySchema, update: updateSignageDeviceBodySchema },
} as const satisfies Record<ResourceType, { create: z.ZodType; update: z.ZodType }>

export type ResourceCreateBody<T extends ResourceType> = z.output<(typeof RESOURCE_SCHEMAS)[T]['create']>
export type ResourceUpdateBody<T extends ResourceType> = z.output<(typeof RESOURCE_SCHEMAS)[T]['update']>
