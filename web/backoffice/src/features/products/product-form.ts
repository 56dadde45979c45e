/**
 * The product editor's two mappings (issue 17): the stored product (GET /api/products/{id}) to
 * the form's values and the form's values to the body the contract takes
 * (`createProductBodySchema`, shared/contracts/http/resources.http.ts). Inputs hold text where
 * the API holds null (an empty field), and a weekday list where it holds null (any day); the
 * mappings turn one into the other both ways, so a product loaded and saved unchanged stays the
 * same (products.unit.test.ts).
 */
import {
  CALCULATION_MODELS,
  LEAD_TIME_TYPES,
  MENU_TRANSLATION_LOCALES,
  type MenuTranslationLocale,
  PRICE_MODIFIERS,
  PRODUCT_PART_TYPES,
  PRODUCT_TYPES,
  PRODUCT_UNITS,
  WEEKDAYS,
} from '@shop/shared/contracts'
import { dimensionOf, type Unit } from '@shop/shared/domain/catalogue'

export type ProductUnit = (typeof PRODUCT_UNITS)[number]
export type ProductType = (typeof PRODUCT_TYPES)[number]
export type CalculationModel = (typeof CALCULATION_MODELS)[number]
export type LeadTimeType = (typeof LEAD_TIME_TYPES)[number]
export type PartType = (typeof PRODUCT_PART_TYPES)[number]
export type PriceModifier = (typeof PRICE_MODIFIERS)[number]
export type Weekday = (typeof WEEKDAYS)[number]

import type { ImageRef } from '@shop/shared/contracts'

export type { ImageRef }
export {
  CALCULATION_MODELS,
  LEAD_TIME_TYPES,
  MENU_TRANSLATION_LOCALES,
  type MenuTranslationLocale,
  PRICE_MODIFIERS,
  PRODUCT_PART_TYPES,
  PRODUCT_TYPES,
  WEEKDAYS,
}

/** A stored translation (issue 18): null where a text is not translated; parts by position. */
export type StoredTranslation = {
  name: string | null
  description: string | null
  parts: { name: string | null; description: string | null; options: (string | null)[] }[]
}

/** The product as the API answers it (every field present; optional ones null). */
export type StoredProduct = {
  id: string
  version: number
  uid: string
  name: string
  description: string | null
  allergens: string | null
  images: ImageRef[]
  type: ProductType
  price: number
  tax: number
  takeawayTax: number
  dineInTax: number
  unit: ProductUnit
  alternativeUnits: {
    unit: ProductUnit
    ratio: number
    calculationModel: CalculationModel
    minimumQuantity: number
    maximumQuantity: number | null
    quantityStepSize: number
  }[]
  minimumQuantity: number
  maximumQuantity: number | null
  quantityStepSize: number
  defaultQuantity: number | null
  defaultUnit: ProductUnit | null
  calculationModel: CalculationModel
  isPriceHidden: boolean
  isEnabled: boolean
  schedule: {
    weekdays: Weekday[] | null
    from: string | null
    to: string | null
    startDate: string | null
    endDate: string | null
  }[]
  isStepByStep: boolean
  config: {
    parts: {
      name: string
      description: string | null
      type: PartType
      optional: boolean
      options: { name: string; modifier: PriceModifier; value: number }[]
    }[]
  }
  isLeadTimeEnabled: boolean
  leadTimeType: LeadTimeType
  leadTimeValue: number
  /** Absent on products stored before translations existed. */
  translations?: Partial<Record<MenuTranslationLocale, StoredTranslation>>
}

export type ProductBody = Omit<StoredProduct, 'id' | 'version'>

/** A number input's value: null while empty, NaN while unreadable (the contract refuses both). */
type Num = number | null

export type PartOptionValues = { name: string; modifier: PriceModifier; value: Num }
export type PartValues = {
  name: string
  description: string
  type: PartType
  optional: boolean
  options: PartOptionValues[]
}
export type AlternativeUnitValues = {
  unit: ProductUnit
  ratio: Num
  calculationModel: CalculationModel
  minimumQuantity: Num
  maximumQuantity: Num
  quantityStepSize: Num
}
export type ScheduleValues = {
  weekdays: Weekday[]
  from: string
  to: string
  startDate: string
  endDate: string
}

/**
 * A locale's translation as the form edits it: '' for "not translated". `parts` mirrors
 * `config.parts` by position (the parts editor moves and removes them together).
 */
export type PartTranslationValues = { name: string; description: string; options: string[] }
export type TranslationValues = { name: string; description: string; parts: PartTranslationValues[] }
export type TranslationsValues = Record<MenuTranslationLocale, TranslationValues>

/** The form's values: text for nullable texts and times, a weekday list for "any day". */
export type ProductFormValues = {
  uid: string
  name: string
  description: string
  allergens: string
  images: ImageRef[]
  type: ProductType
  price: Num
  tax: Num
  takeawayTax: Num
  dineInTax: Num
  unit: ProductUnit
  alternativeUnits: AlternativeUnitValues[]
  minimumQuantity: Num
  maximumQuantity: Num
  quantityStepSize: Num
  defaultQuantity: Num
  /** '' for "the product's unit" (null). */
  defaultUnit: ProductUnit | ''
  calculationModel: CalculationModel
  isPriceHidden: boolean
  isEnabled: boolean
  schedule: ScheduleValues[]
  isStepByStep: boolean
  config: { parts: PartValues[] }
  isLeadTimeEnabled: boolean
  leadTimeType: LeadTimeType
  leadTimeValue: Num
  translations: TranslationsValues
}

/** Swiss VAT (spec §9's demo shop): 8.1 % for delivery, 2.6 % for food taken away or delivered. */
const NEW_PRODUCT: ProductFormValues = {
  uid: '',
  name: '',
  description: '',
  allergens: '',
  images: [],
  type: 'simple',
  price: null,
  tax: 2.6,
  takeawayTax: 2.6,
  dineInTax: 8.1,
  unit: 'piece',
  alternativeUnits: [],
  minimumQuantity: 1,
  maximumQuantity: null,
  quantityStepSize: 1,
  defaultQuantity: null,
  defaultUnit: '',
  calculationModel: 'fixed',
  isPriceHidden: false,
  isEnabled: true,
  schedule: [],
  isStepByStep: false,
  config: { parts: [] },
  isLeadTimeEnabled: false,
  leadTimeType: 'hours',
  leadTimeValue: 0,
  translations: Object.fromEntries(
    MENU_TRANSLATION_LOCALES.map((locale): [string, TranslationValues] => [
      locale,
      { name: '', description: '', parts: [] },
    ]),
  ) as TranslationsValues,
}

const text = (value: string | null | undefined) => value ?? ''
/** An empty (or blank) input is null; anything else as typed (the contract trims it). */
const orNull = (value: string) => (value.trim() === '' ? null : value)

export function emptyPart(type: PartType = 'select'): PartValues {
  return { name: '', description: '', type, optional: false, options: [] }
}

export function emptyOption(): PartOptionValues {
  return { name: '', modifier: 'add', value: 0 }
}

export function emptySchedule(): ScheduleValues {
  return { weekdays: [], from: '', to: '', startDate: '', endDate: '' }
}

export function hasOptions(type: PartType): boolean {
  return type === 'select' || type === 'multiselect'
}

/** The stored product (or null for a new one) as the form's values. */
export function productToForm(item: Record<string, unknown> | null): ProductFormValues {
  if (item === null) return structuredClone(NEW_PRODUCT)
  const p = item as unknown as StoredProduct
  return {
    uid: p.uid,
    name: p.name,
    description: text(p.description),
    allergens: text(p.allergens),
    images: (p.images ?? []).map((image) => ({
      id: image.id,
      version: image.version,
      extension: image.extension,
    })),
    type: p.type,
    price: p.price,
    tax: p.tax,
    takeawayTax: p.takeawayTax,
    dineInTax: p.dineInTax,
    unit: p.unit,
    alternativeUnits: (p.alternativeUnits ?? []).map((a) => ({ ...a })),
    minimumQuantity: p.minimumQuantity,
    maximumQuantity: p.maximumQuantity,
    quantityStepSize: p.quantityStepSize,
    defaultQuantity: p.defaultQuantity,
    defaultUnit: p.defaultUnit ?? '',
    calculationModel: p.calculationModel,
    isPriceHidden: p.isPriceHidden,
    isEnabled: p.isEnabled,
    schedule: (p.schedule ?? []).map((entry) => ({
      weekdays: entry.weekdays ? [...entry.weekdays] : [],
      from: text(entry.from),
      to: text(entry.to),
      startDate: text(entry.startDate),
      endDate: text(entry.endDate),
    })),
    isStepByStep: p.isStepByStep,
    config: {
      parts: (p.config?.parts ?? []).map((part) => ({
        name: part.name,
        description: text(part.description),
        type: part.type,
        optional: part.optional,
        options: part.options.map((option) => ({ ...option })),
      })),
    },
    isLeadTimeEnabled: p.isLeadTimeEnabled,
    leadTimeType: p.leadTimeType,
    leadTimeValue: p.leadTimeValue,
    translations: translationsToForm(p.translations),
  }
}

/**
 * The form's values as the body of POST / PUT. Numbers stay as they are (null and NaN reach the
 * contract, which names the field); weekdays keep the week's order.
 */
export function productToBody(values: ProductFormValues): Record<string, unknown> {
  return {
    uid: values.uid,
    name: values.name,
    description: orNull(values.description),
    allergens: orNull(values.allergens),
    images: values.images.map((image) => ({
      id: image.id,
      version: image.version,
      extension: image.extension,
    })),
    type: values.type,
    price: values.price,
    tax: values.tax,
    takeawayTax: values.takeawayTax,
    dineInTax: values.dineInTax,
    unit: values.unit,
    alternativeUnits: values.alternativeUnits.map((a) => ({
      unit: a.unit,
      ratio: a.ratio,
      calculationModel: a.calculationModel,
      minimumQuantity: a.minimumQuantity,
      maximumQuantity: a.maximumQuantity,
      quantityStepSize: a.quantityStepSize,
    })),
    minimumQuantity: values.minimumQuantity,
    maximumQuantity: values.maximumQuantity,
    quantityStepSize: values.quantityStepSize,
    defaultQuantity: values.defaultQuantity,
    defaultUnit: values.defaultUnit === '' ? null : values.defaultUnit,
    calculationModel: values.calculationModel,
    isPriceHidden: values.isPriceHidden,
    isEnabled: values.isEnabled,
    schedule: values.schedule.map((entry) => ({
      weekdays: entry.weekdays.length === 0 ? null : WEEKDAYS.filter((day) => entry.weekdays.includes(day)),
      from: orNull(entry.from),
      to: orNull(entry.to),
      startDate: orNull(entry.startDate),
      endDate: orNull(entry.endDate),
    })),
    isStepByStep: values.isStepByStep,
    config: {
      parts: values.config.parts.map((part) => ({
        name: part.name,
        description: orNull(part.description),
        type: part.type,
        optional: part.optional,
        // Only a select or multiselect has options: a part switched to text drops them.
        options: hasOptions(part.type)
          ? part.options.map((option) => ({
              name: option.name,
              modifier: option.modifier,
              value: option.value,
            }))
          : [],
      })),
    },
    isLeadTimeEnabled: values.isLeadTimeEnabled,
    leadTimeType: values.leadTimeType,
    leadTimeValue: values.leadTimeValue,
    translations: translationsToBody(values.translations, values.config.parts),
  }
}

// --- Translations (issue 18) -------------------------------------------------------------------

function emptyPartTranslation(): PartTranslationValues {
  return { name: '', description: '', options: [] }
}

/** The stored translations as the form's values: every locale present, '' where not translated. */
export function translationsToForm(
  stored: Partial<Record<MenuTranslationLocale, StoredTranslation>> | undefined,
): TranslationsValues {
  return Object.fromEntries(
    MENU_TRANSLATION_LOCALES.map((locale) => {
      const translation = stored?.[locale]
      return [
        locale,
        {
          name: text(translation?.name),
          description: text(translation?.description),
          parts: (translation?.parts ?? []).map((part) => ({
            name: text(part.name),
            description: text(part.description),
            options: part.options.map(text),
          })),
        },
      ]
    }),
  ) as TranslationsValues
}

/**
 * The translations as the contract takes them: only as many parts and options as the product
 * has (in their order), blank texts as null, nothing trailing that translates nothing, and no
 * locale without any translated text.
 */
export function translationsToBody(
  translations: Partial<TranslationsValues> | undefined,
  parts: readonly PartValues[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const locale of MENU_TRANSLATION_LOCALES) {
    const translation = translations?.[locale]
    const partsBody = parts.map((part, index) => {
      const values = translation?.parts?.[index]
      const options = hasOptions(part.type)
        ? part.options.map((_, optionIndex) => orNull(values?.options?.[optionIndex] ?? ''))
        : []
      while (options.length > 0 && options[options.length - 1] === null) options.pop()
      return { name: orNull(values?.name ?? ''), description: orNull(values?.description ?? ''), options }
    })
    const isEmpty = (part: (typeof partsBody)[number]) =>
      part.name === null && part.description === null && part.options.length === 0
    while (partsBody.length > 0 && isEmpty(partsBody[partsBody.length - 1]!)) partsBody.pop()
    const name = orNull(translation?.name ?? '')
    const description = orNull(translation?.description ?? '')
    if (name === null && description === null && partsBody.length === 0) continue
    body[locale] = { name, description, parts: partsBody }
  }
  return body
}

/**
 * The translations after the parts changed (moved, removed): `change` is applied to every
 * locale's parts, filled up to the `count` parts the product had, so each translation stays
 * with its part.
 */
export function withTranslatedParts(
  translations: TranslationsValues,
  count: number,
  change: (parts: PartTranslationValues[]) => PartTranslationValues[],
): TranslationsValues {
  return Object.fromEntries(
    MENU_TRANSLATION_LOCALES.map((locale) => {
      const translation = translations[locale] ?? { name: '', description: '', parts: [] }
      const parts = [...(translation.parts ?? [])]
      while (parts.length < count) parts.push(emptyPartTranslation())
      return [locale, { ...translation, parts: change(parts) }]
    }),
  ) as TranslationsValues
}

/** The same for one part's options (moved, removed), filled up to the part's `count` options. */
export function withTranslatedOptions(
  translations: TranslationsValues,
  partCount: number,
  partIndex: number,
  count: number,
  change: (options: string[]) => string[],
): TranslationsValues {
  return withTranslatedParts(translations, partCount, (parts) =>
    parts.map((part, index) => {
      if (index !== partIndex) return part
      const options = [...(part.options ?? [])]
      while (options.length < count) options.push('')
      return { ...part, options: change(options) }
    }),
  )
}

/** `items` without the one at `index` (a new array). */
export function without<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index)
}

/** The unit families of spec §3, in the order the unit picker groups them. */
export const UNIT_FAMILIES = ['count', 'weight', 'volume', 'length', 'area', 'cubic'] as const
export type UnitFamily = (typeof UNIT_FAMILIES)[number]

export function unitsByFamily(): { family: UnitFamily; units: ProductUnit[] }[] {
  return UNIT_FAMILIES.map((family) => ({
    family,
    units: PRODUCT_UNITS.filter((unit) => dimensionOf(unit as Unit) === family),
  }))
}

/** Moves the item at `from` to `to` (a new array). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items]
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/** How many texts of a locale's translation are filled in. */
export function translatedCount(value: unknown): number {
  if (typeof value === 'string') return value.trim() === '' ? 0 : 1
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + translatedCount(v), 0)
  if (value !== null && typeof value === 'object')
    return Object.values(value).reduce((n: number, v) => n + translatedCount(v), 0)
  return 0
}
