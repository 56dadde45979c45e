/**
 * Catalogue entities of spec §3 as the domain rules see them. Money fields are integer
 * cents; tax fields are percentages (8.1 means 8.1 %); quantities are decimal numbers in
 * the named unit. Rules take narrow Pick<> views of these so callers can pass partial data.
 */
import type { Cents } from '../common/money.ts'
import type { Schedule } from './availability.ts'
import type { Unit } from './units.ts'

/**
 * How a price is meant (spec §9): fixed has no prefix, approximate shows 'ca.' (sold by
 * weight, weighed when packed), minimum shows 'ab' (final price may be higher).
 */
export const PRICING_MODELS = ['fixed', 'approximate', 'minimum'] as const
export type PricingModel = (typeof PRICING_MODELS)[number]

export { ORDER_TYPES } from '../common/vocabulary.ts'

import type { ORDER_TYPES } from '../common/vocabulary.ts'
export type OrderType = (typeof ORDER_TYPES)[number]

/**
 * Another unit a product can be ordered in. `ratio` is how many of the product's own unit
 * one of this unit is: a bread priced per kilogram with { unit: 'piece', ratio: 0.5 } weighs
 * about 0.5 kg a piece. The quantity limits are in this unit.
 */
export type AlternativeUnit = {
  unit: Unit
  ratio: number
  calculationModel: PricingModel
  minimumQuantity: number | null
  maximumQuantity: number | null
  quantityStepSize: number | null
}

export const PRICE_MODIFIERS = ['add', 'subtract', 'overwrite'] as const
export type PriceModifier = (typeof PRICE_MODIFIERS)[number]

/** `value` is in cents; for overwrite it is the new unit price. */
export type ConfigurableOption = { name: string; modifier: PriceModifier; value: Cents }

export const PART_TYPES = [
  'text',
  'textarea',
  'image',
  'images',
  'file',
  'files',
  'select',
  'multiselect',
] as const
export type PartType = (typeof PART_TYPES)[number]

export type ConfigurablePart = {
  name: string
  description?: string
  type: PartType
  optional: boolean
  options: readonly ConfigurableOption[]
}

export { LEAD_TIME_TYPES } from '../common/vocabulary.ts'

import type { LEAD_TIME_TYPES } from '../common/vocabulary.ts'
export type LeadTimeType = (typeof LEAD_TIME_TYPES)[number]

export type Product = {
  id: string
  uid: string
  name: string
  description: string
  allergens?: string | null
  images?: readonly { id: string; version: number; extension: string }[]
  /** Includes 'configurable' and 'bundle'; the rest of the list is not in the spec. */
  type: string
  /** Gross unit price per `unit`, in cents, VAT included. */
  price: Cents
  /** Delivery VAT rate in percent (the spec names it plain `tax`). */
  tax: number
  takeawayTax: number
  dineInTax: number
  unit: Unit
  alternativeUnits: readonly AlternativeUnit[]
  minimumQuantity: number | null
  maximumQuantity: number | null
  quantityStepSize: number | null
  defaultQuantity: number | null
  defaultUnit: Unit | null
  /**
   * The pricing model of the product's own unit. The spec lists "pricing and
   * calculationModel"; one field drives prices and prefixes here.
   */
  calculationModel: PricingModel
  isPriceHidden: boolean
  isEnabled: boolean
  schedule: Schedule | null
  isStepByStep: boolean
  config: { parts: readonly ConfigurablePart[] } | null
  isLeadTimeEnabled: boolean
  leadTimeType: LeadTimeType | null
  leadTimeValue: number | null
}

export type Category = {
  id: string
  name: string
  image?: { id: string; version: number; extension: string } | null
  isEnabled: boolean
  schedule: Schedule | null
  isVisibleWhenUnavailable: boolean
  /** The name in other languages, by locale (issue 18; shown by the storefront, German otherwise). */
  translations?: Readonly<Record<string, { name?: string | null } | undefined>>
}

/** A branch's delivery area (spec §3); money in cents, `tax` in percent. */
export type DeliveryArea = {
  /**
   * Its stable identity, made when the branch is written (a rename keeps it); absent on areas
   * written before areas had one. Orders keep it with the area's terms (delivery-areas.ts).
   */
  id?: string | null
  area: string
  /**
   * The postcodes the area serves ('8001', or a prefix '80*'); absent or empty: any postcode.
   */
  zipCodes?: readonly string[] | null
  price: Cents
  tax: number
  free: boolean
  /** null or ≤ 0: no threshold. */
  freeFromOrderValue: Cents | null
  /** null or ≤ 0: no minimum. */
  minimumOrderValue: Cents | null
}

export type Upload = { id: string; version: number; extension: string; publicHash: string; mimeType: string }
