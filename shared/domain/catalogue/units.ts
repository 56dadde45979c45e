/**
 * Units, conversions and amount input (spec §3 units and factors, §5 amount input, §9 cart
 * count). Amounts are plain numbers at the edges but every calculation runs on exact
 * decimals (../common/decimal.ts), so 0.1 kg + 0.2 kg is 0.3 kg and a snapped amount is
 * exactly on the step grid.
 */
import type { Decimal } from '../common/decimal.ts'
import {
  addDecimal,
  compareDecimal,
  DECIMAL_ZERO,
  decimalOf,
  decimalToNumber,
  divideDecimal,
  divideToInteger,
  divideToIntegerFloor,
  maxDecimal,
  minDecimal,
  multiplyDecimal,
  shiftDecimal,
  subtractDecimal,
} from '../common/decimal.ts'
import type { AlternativeUnit, PricingModel, Product } from './catalogue.types.ts'

/** Counted units: no conversion between them or into measured units. */
export const COUNTABLE_UNITS = ['piece', 'serving', 'pair', 'person', 'package'] as const
export type CountableUnit = (typeof COUNTABLE_UNITS)[number]

/**
 * Measured units with the power of ten of their factor to the dimension's base unit
 * (gram, ml, mm, mm2, mm3). The spec's factors are all powers of ten, so conversion is a
 * decimal shift and exact in both directions. Identifiers follow the spec's spelling.
 */
const MEASURED = {
  gram: { dimension: 'weight', exponent: 0 },
  decagram: { dimension: 'weight', exponent: 1 },
  kilogram: { dimension: 'weight', exponent: 3 },
  ml: { dimension: 'volume', exponent: 0 },
  cl: { dimension: 'volume', exponent: 1 },
  dl: { dimension: 'volume', exponent: 2 },
  l: { dimension: 'volume', exponent: 3 },
  mm: { dimension: 'length', exponent: 0 },
  cm: { dimension: 'length', exponent: 1 },
  dm: { dimension: 'length', exponent: 2 },
  m: { dimension: 'length', exponent: 3 },
  km: { dimension: 'length', exponent: 6 },
  mm2: { dimension: 'area', exponent: 0 },
  cm2: { dimension: 'area', exponent: 2 },
  dm2: { dimension: 'area', exponent: 4 },
  m2: { dimension: 'area', exponent: 6 },
  mm3: { dimension: 'cubic', exponent: 0 },
  cm3: { dimension: 'cubic', exponent: 3 },
  dm3: { dimension: 'cubic', exponent: 6 },
  m3: { dimension: 'cubic', exponent: 9 },
} as const satisfies Record<string, { dimension: string; exponent: number }>

export type MeasuredUnit = keyof typeof MEASURED
export type Unit = CountableUnit | MeasuredUnit
export type Dimension = 'count' | (typeof MEASURED)[MeasuredUnit]['dimension']

export const MEASURED_UNITS = Object.keys(MEASURED) as MeasuredUnit[]
export const UNITS: readonly Unit[] = [...COUNTABLE_UNITS, ...MEASURED_UNITS]

/** Factor to the base unit of the dimension (kilogram → 1000); countable units have none. */
export const UNIT_FACTORS = Object.fromEntries(
  MEASURED_UNITS.map((unit) => [unit, 10 ** MEASURED[unit].exponent]),
) as Readonly<Record<MeasuredUnit, number>>

/** Language-neutral symbols for measured units; countable unit names are i18n texts. */
export const UNIT_SYMBOLS: Readonly<Record<MeasuredUnit, string>> = {
  gram: 'g',
  decagram: 'dag',
  kilogram: 'kg',
  ml: 'ml',
  cl: 'cl',
  dl: 'dl',
  l: 'l',
  mm: 'mm',
  cm: 'cm',
  dm: 'dm',
  m: 'm',
  km: 'km',
  mm2: 'mm²',
  cm2: 'cm²',
  dm2: 'dm²',
  m2: 'm²',
  mm3: 'mm³',
  cm3: 'cm³',
  dm3: 'dm³',
  m3: 'm³',
}

// Imports and back-office input use symbols too; 'dkg' is the Austrian decagram.
const UNIT_ALIASES: Readonly<Record<string, Unit>> = {
  g: 'gram',
  dag: 'decagram',
  dkg: 'decagram',
  kg: 'kilogram',
  'mm²': 'mm2',
  'cm²': 'cm2',
  'dm²': 'dm2',
  'm²': 'm2',
  'mm³': 'mm3',
  'cm³': 'cm3',
  'dm³': 'dm3',
  'm³': 'm3',
}

export function isUnit(value: string): value is Unit {
  return (UNITS as readonly string[]).includes(value)
}

/** A unit identifier or symbol ('kg', 'Kilogram', 'm²') to the unit; null when unknown. */
export function parseUnit(text: string): Unit | null {
  const key = text.trim()
  if (isUnit(key)) return key
  const lower = key.toLowerCase()
  if (isUnit(lower)) return lower
  return UNIT_ALIASES[key] ?? UNIT_ALIASES[lower] ?? null
}

export function isCountableUnit(unit: Unit): unit is CountableUnit {
  return (COUNTABLE_UNITS as readonly string[]).includes(unit)
}

export function dimensionOf(unit: Unit): Dimension {
  return isCountableUnit(unit) ? 'count' : MEASURED[unit].dimension
}

/** True when an amount in `from` can be expressed in `to` by a factor. */
export function isConvertible(from: Unit, to: Unit): boolean {
  if (from === to) return true
  if (isCountableUnit(from) || isCountableUnit(to)) return false
  return MEASURED[from].dimension === MEASURED[to].dimension
}

function convertDecimal(amount: Decimal, from: Unit, to: Unit): Decimal | null {
  if (from === to) return amount
  if (isCountableUnit(from) || isCountableUnit(to)) return null
  if (MEASURED[from].dimension !== MEASURED[to].dimension) return null
  return shiftDecimal(amount, MEASURED[from].exponent - MEASURED[to].exponent)
}

/** Converts an amount between units of one dimension (0.25 kilogram → 250 gram); exact. */
export function convertAmount(amount: number, from: Unit, to: Unit): number | null {
  const converted = convertDecimal(decimalOf(amount), from, to)
  return converted === null ? null : decimalToNumber(converted)
}

// --- Product units --------------------------------------------------------------------

export type UnitProduct = Pick<
  Product,
  | 'unit'
  | 'alternativeUnits'
  | 'calculationModel'
  | 'minimumQuantity'
  | 'maximumQuantity'
  | 'quantityStepSize'
>

/** The units a product can be ordered in: its own first, then its alternatives. */
export function orderableUnits(product: Pick<Product, 'unit' | 'alternativeUnits'>): Unit[] {
  const units: Unit[] = [product.unit]
  for (const alternative of product.alternativeUnits) {
    if (!units.includes(alternative.unit)) units.push(alternative.unit)
  }
  return units
}

function alternativeOf(product: Pick<Product, 'alternativeUnits'>, unit: Unit): AlternativeUnit | undefined {
  return product.alternativeUnits.find((alternative) => alternative.unit === unit)
}

/**
 * How many of the product's unit one `unit` is, as an exact decimal. The product's own
 * unit is 1. An alternative of the same family (gram for a kilogram product) always uses the
 * fixed factors of spec §3 (0.001), whatever ratio is stored: a stored ratio that contradicts
 * them (1000) would price 125 g as 125 kg. Any other alternative (a piece of a kilogram
 * bread) uses its ratio. Null when the product cannot be ordered in that unit.
 */
function ratioDecimal(product: Pick<Product, 'unit' | 'alternativeUnits'>, unit: Unit): Decimal | null {
  if (unit === product.unit) return decimalOf(1)
  const alternative = alternativeOf(product, unit)
  if (alternative === undefined) return null
  const fixed = convertDecimal(decimalOf(1), unit, product.unit)
  if (fixed !== null) return fixed
  if (Number.isFinite(alternative.ratio) && alternative.ratio > 0) return decimalOf(alternative.ratio)
  return null
}

/**
 * The ratio spec §3's factors fix for an alternative unit of the product's family (kilogram
 * product, gram alternative: 0.001); null when the units are of different families (a piece
 * of a kilogram bread), where the shop chooses the ratio.
 */
export function fixedUnitRatio(productUnit: Unit, unit: Unit): number | null {
  if (productUnit === unit) return 1
  const fixed = convertDecimal(decimalOf(1), unit, productUnit)
  return fixed === null ? null : decimalToNumber(fixed)
}

/** How far a stored ratio may lie from the factors' ratio (relative): only binary noise. */
export const UNIT_RATIO_TOLERANCE = 1e-9

/** False when a same-family alternative's ratio contradicts the fixed factors (spec §3). */
export function isUnitRatioConsistent(productUnit: Unit, unit: Unit, ratio: number): boolean {
  const fixed = fixedUnitRatio(productUnit, unit)
  if (fixed === null) return true
  return Number.isFinite(ratio) && Math.abs(ratio - fixed) <= fixed * UNIT_RATIO_TOLERANCE
}

export function unitRatio(product: Pick<Product, 'unit' | 'alternativeUnits'>, unit: Unit): number | null {
  const ratio = ratioDecimal(product, unit)
  return ratio === null ? null : decimalToNumber(ratio)
}

/** An amount in `unit` expressed in the product's own unit (2 pieces à 0.5 kg → 1). */
export function amountInProductUnit(
  product: Pick<Product, 'unit' | 'alternativeUnits'>,
  amount: number,
  unit: Unit,
): number | null {
  const ratio = ratioDecimal(product, unit)
  return ratio === null ? null : decimalToNumber(multiplyDecimal(decimalOf(amount), ratio))
}

/** The pricing model for the chosen unit: an alternative unit has its own (piece of a kg bread: 'ca.'). */
export function pricingModelFor(
  product: Pick<Product, 'unit' | 'alternativeUnits' | 'calculationModel'>,
  unit: Unit,
): PricingModel {
  if (unit === product.unit) return product.calculationModel
  return alternativeOf(product, unit)?.calculationModel ?? product.calculationModel
}

/**
 * Quantity limits in one unit. min null means 0; max null means no limit (but see
 * AMOUNT_CEILING); step null (or ≤ 0) means any amount is allowed.
 */
export type QuantityRules = { min: number | null; max: number | null; step: number | null }

/**
 * The most one order line may hold of a product (or alternative unit) that sets no
 * `maximumQuantity`, per unit family: far above what a bakery, butcher or caterer sells in
 * one line, far below the absurd (a billion pieces made a CHF 6.9 billion order). A product
 * that needs more says so with its own maximum. docs/api.md lists them.
 */
export const DEFAULT_LINE_MAXIMUM: Readonly<Record<Dimension, { amount: number; unit: Unit }>> = {
  count: { amount: 1000, unit: 'piece' },
  weight: { amount: 1000, unit: 'kilogram' },
  volume: { amount: 1000, unit: 'l' },
  length: { amount: 1000, unit: 'm' },
  area: { amount: 1000, unit: 'm2' },
  cubic: { amount: 10, unit: 'm3' },
}

/** The default line maximum expressed in `unit` (1000 kg is 1,000,000 gram). */
export function defaultLineMaximum(unit: Unit): number {
  const limit = DEFAULT_LINE_MAXIMUM[dimensionOf(unit)]
  if (isCountableUnit(unit)) return limit.amount
  const converted = convertDecimal(decimalOf(limit.amount), limit.unit, unit)
  return converted === null ? limit.amount : decimalToNumber(minDecimal(converted, decimalOf(AMOUNT_CEILING)))
}

/** The unit's limits; a missing maximum is the family's default line maximum. */
export function quantityRulesFor(product: UnitProduct, unit: Unit): QuantityRules | null {
  const source = unit === product.unit ? product : alternativeOf(product, unit)
  if (source === undefined) return null
  const max =
    source.maximumQuantity !== null && Number.isFinite(source.maximumQuantity)
      ? source.maximumQuantity
      : defaultLineMaximum(unit)
  return { min: source.minimumQuantity, max, step: source.quantityStepSize }
}

/**
 * No amount in any unit goes above this, whatever the product says: a billion units is far
 * beyond any order, and below it every amount with up to six decimals is exact as a double.
 */
export const AMOUNT_CEILING = 1_000_000_000

type Grid = { min: Decimal; max: Decimal; step: Decimal | null }

function gridOf(rules: QuantityRules): Grid {
  const min =
    rules.min !== null && Number.isFinite(rules.min) && rules.min > 0 ? decimalOf(rules.min) : DECIMAL_ZERO
  const step =
    rules.step !== null && Number.isFinite(rules.step) && rules.step > 0 ? decimalOf(rules.step) : null
  // A maximum below the minimum is a data error; the minimum wins so the item stays orderable.
  // Above AMOUNT_CEILING a snapped decimal may no longer be exactly a double, so it caps too.
  const ceiling = maxDecimal(decimalOf(AMOUNT_CEILING), min)
  const max =
    rules.max !== null && Number.isFinite(rules.max)
      ? minDecimal(maxDecimal(decimalOf(rules.max), min), ceiling)
      : ceiling
  return { min, max, step }
}

function snapDecimal(value: Decimal, grid: Grid): Decimal {
  const { min, max, step } = grid
  if (step === null) return minDecimal(maxDecimal(value, min), max)
  // The grid is anchored at the minimum (min, min+step, …) so the minimum itself is always
  // reachable, even when it is not a multiple of the step. Nearest grid point, ties upwards.
  let index = divideToInteger(subtractDecimal(value, min), step)
  if (index < 0n) index = 0n
  // The largest grid point not above the maximum; a maximum off the grid is not reachable.
  const last = divideToIntegerFloor(subtractDecimal(max, min), step)
  if (index > last) index = last
  return addDecimal(min, multiplyDecimal(step, { digits: index, scale: 0 }))
}

/**
 * Snaps an amount to the unit's minimum, maximum and step grid (spec §5). Non-finite or
 * negative input counts as 0 and so snaps to the minimum.
 */
export function snapAmount(amount: number, rules: QuantityRules): number {
  const value = Number.isFinite(amount) && amount > 0 ? decimalOf(amount) : DECIMAL_ZERO
  return decimalToNumber(snapDecimal(value, gridOf(rules)))
}

/**
 * How far an amount may lie from its grid point and still count as that point: binary noise
 * of a client's arithmetic (0.1 + 0.2 = 0.30000000000000004), relative to the amount, never
 * a real quantity (a billionth of a gram on a kilogram).
 */
export const AMOUNT_TOLERANCE = 1e-12

/**
 * The amount as the order keeps it: snapped to the grid when it lies on it up to
 * AMOUNT_TOLERANCE (0.30000000000000004 in steps of 0.1 is 0.3); null when it is off the
 * grid or outside min/max (the client snaps, so that amount was not typed into our form).
 */
export function acceptedAmount(amount: number, rules: QuantityRules): number | null {
  if (!Number.isFinite(amount) || amount <= 0) return null
  const value = decimalOf(amount)
  const snapped = snapDecimal(value, gridOf(rules))
  const distance = subtractDecimal(value, snapped)
  const magnitude = maxDecimal(decimalOf(1), snapped)
  const tolerance = multiplyDecimal(magnitude, decimalOf(AMOUNT_TOLERANCE))
  const absolute =
    compareDecimal(distance, DECIMAL_ZERO) < 0 ? subtractDecimal(DECIMAL_ZERO, distance) : distance
  return compareDecimal(absolute, tolerance) <= 0 ? decimalToNumber(snapped) : null
}

/** The +/- buttons move by the step; without a step they move by one whole unit. */
function buttonStep(grid: Grid): Decimal {
  return grid.step ?? decimalOf(1)
}

export type StepDirection = 1 | -1

/** One +/- click: the snapped amount moved by one step, snapped again (so it stops at min/max). */
export function stepAmount(amount: number, rules: QuantityRules, direction: StepDirection): number {
  const grid = gridOf(rules)
  const current = snapDecimal(Number.isFinite(amount) && amount > 0 ? decimalOf(amount) : DECIMAL_ZERO, grid)
  const delta = buttonStep(grid)
  // Below zero or past the maximum, snapping pulls the amount back to min or max.
  const moved = direction === 1 ? addDecimal(current, delta) : subtractDecimal(current, delta)
  return decimalToNumber(snapDecimal(moved, grid))
}

export type StepperState = { amount: number; decreaseDisabled: boolean; increaseDisabled: boolean }

/** The snapped amount and whether each button would still change it (disabled at min/max). */
export function stepperState(amount: number, rules: QuantityRules): StepperState {
  const current = snapAmount(amount, rules)
  return {
    amount: current,
    decreaseDisabled: stepAmount(current, rules, -1) >= current,
    increaseDisabled: stepAmount(current, rules, 1) <= current,
  }
}

const AMOUNT_INPUT = /^(\d+([.,]\d*)?|[.,]\d+)$/

/**
 * Reads the amount field (spec §5): comma or dot as decimal separator, empty (or blank)
 * becomes 0. Null for anything that is not a non-negative decimal, so the caller can keep
 * the previous amount instead of guessing.
 */
export function parseAmountInput(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  if (!AMOUNT_INPUT.test(trimmed)) return null
  return decimalToNumber(decimalOf(trimmed.replace(',', '.')))
}

/** Typed input → snapped amount; null when the text is not a number. */
export function amountFromInput(text: string, rules: QuantityRules): number | null {
  const parsed = parseAmountInput(text)
  return parsed === null ? null : snapAmount(parsed, rules)
}

// Conversions through a ratio can repeat (1/3); nine digits is far below any step size.
const CONVERSION_SCALE = 9

/**
 * Changing the unit keeps the quantity of goods (spec §5): 1 kg becomes 2 pieces for a
 * 0.5 kg piece, then snaps to the new unit's limits. Null when either unit is not offered.
 */
export function changeUnit(product: UnitProduct, amount: number, from: Unit, to: Unit): number | null {
  const fromRatio = ratioDecimal(product, from)
  const toRatio = ratioDecimal(product, to)
  const rules = quantityRulesFor(product, to)
  if (fromRatio === null || toRatio === null || rules === null) return null
  const inProductUnit = multiplyDecimal(decimalOf(Math.max(0, amount)), fromRatio)
  const converted = divideDecimal(inProductUnit, toRatio, CONVERSION_SCALE)
  return decimalToNumber(snapDecimal(converted, gridOf(rules)))
}

export type InitialAmount = { amount: number; unit: Unit }

/**
 * What the item overlay opens with (spec §2): the default quantity in the default unit
 * when the product has one, otherwise the minimum of the product's unit. Without either
 * it opens with one step (or 1), because 0 would be an invalid item. Always snapped.
 */
export function initialAmount(
  product: UnitProduct & Pick<Product, 'defaultQuantity' | 'defaultUnit'>,
): InitialAmount {
  const defaultUnit =
    product.defaultUnit !== null && quantityRulesFor(product, product.defaultUnit) !== null
      ? product.defaultUnit
      : product.unit
  const rules = quantityRulesFor(product, defaultUnit) ?? { min: null, max: null, step: null }
  if (product.defaultQuantity !== null && product.defaultQuantity > 0) {
    return { amount: snapAmount(product.defaultQuantity, rules), unit: defaultUnit }
  }
  const grid = gridOf(rules)
  const start = compareDecimal(grid.min, DECIMAL_ZERO) > 0 ? grid.min : buttonStep(grid)
  return { amount: decimalToNumber(snapDecimal(start, grid)), unit: defaultUnit }
}

// --- Cart count (spec §9) -------------------------------------------------------------

/** Units whose amount is a number of things a customer counts. */
export const COUNTED_BY_AMOUNT_UNITS: readonly Unit[] = ['piece', 'pair', 'person']

/** 3 pieces count 3; 0.5 kg of ham, or 2 servings, count 1 (spec §9). */
export function cartItemCount(item: { amount: number; unit: Unit }): number {
  return COUNTED_BY_AMOUNT_UNITS.includes(item.unit) ? item.amount : 1
}

/** The badge number on the cart; summed exactly so 0.5 + 0.5 pieces show 1. */
export function cartCount(items: readonly { amount: number; unit: Unit }[]): number {
  let total = DECIMAL_ZERO
  for (const item of items) total = addDecimal(total, decimalOf(cartItemCount(item)))
  return decimalToNumber(total)
}
