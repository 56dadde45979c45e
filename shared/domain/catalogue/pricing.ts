/**
 * Prices, taxes, delivery fee and minimum order (spec §3 order pricing, §5 delivery
 * minimum, §9 pricing display, tax per item, free delivery).
 *
 * All prices are GROSS: consumer prices in Germany, Austria and Switzerland must include
 * VAT, so product.price and deliveryArea.price are what the customer pays. Net and tax are
 * derived per tax-rate group (see splitGross in ../common/money.ts). Money is integer
 * cents throughout; every rounding is half away from zero and happens once per quantity.
 */
import type { Cents, GrossSplit, MoneyLocale } from '../common/money.ts'
import {
  DEFAULT_CURRENCY,
  DEFAULT_MONEY_LOCALE,
  formatMoney,
  multiplyCents,
  splitGross,
} from '../common/money.ts'
import type { Cart, CartItem, CartItemPart } from './cart.ts'
import { orderTypeOf, selectedDeliveryArea } from './cart.ts'
import type { DeliveryArea, OrderType, PricingModel, Product } from './catalogue.types.ts'
import { chosenOptions } from './item-validity.ts'
import type { Unit } from './units.ts'
import { pricingModelFor, unitRatio } from './units.ts'

export type MoneyDisplay = { currency?: string; locale?: MoneyLocale }

function money(cents: Cents, display: MoneyDisplay = {}): string {
  return formatMoney(cents, display.currency ?? DEFAULT_CURRENCY, display.locale ?? DEFAULT_MONEY_LOCALE)
}

// --- Unit price with option modifiers ---------------------------------------------------

/**
 * The unit price of a configured item. Order, because the spec does not give one:
 * 1. overwrite replaces the base price; with several, the last chosen in part order wins
 *    (the most specific choice is usually configured last, e.g. size after base);
 * 2. every add and subtract of the chosen options is applied to that price;
 * 3. the result is floored at 0: a discount option can never make the shop pay out.
 * Clamping once at the end makes the result independent of the add/subtract order.
 * Only chosen options of select and multiselect parts count, each at most once.
 */
export function unitPrice(product: Pick<Product, 'price' | 'config'>, parts: readonly CartItemPart[]): Cents {
  let price = product.price
  let delta = 0
  const partsConfig = product.config?.parts ?? []
  const chosen = partsConfig.flatMap((part, index) =>
    chosenOptions(part, parts[index]).map((name) => part.options.find((option) => option.name === name)!),
  )
  for (const option of chosen) if (option.modifier === 'overwrite') price = option.value
  for (const option of chosen) {
    if (option.modifier === 'add') delta += option.value
    else if (option.modifier === 'subtract') delta -= option.value
  }
  return Math.max(0, price + delta)
}

/**
 * The gross price of an amount in a unit: unit price (per the product's unit) × amount ×
 * the unit's ratio, exact, rounded once half away from zero. Throws when the product is
 * not sold in that unit (itemProblems reports it first).
 */
export function priceForAmount(
  product: Pick<Product, 'unit' | 'alternativeUnits'>,
  unitPriceCents: Cents,
  amount: number,
  unit: Unit,
): Cents {
  const ratio = unitRatio(product, unit)
  if (ratio === null) throw new RangeError(`product is not sold in unit ${unit}`)
  return multiplyCents(unitPriceCents, amount, ratio)
}

/** The line total of a cart item (gross). */
export function itemGross(item: CartItem): Cents {
  return priceForAmount(item.product, unitPrice(item.product, item.parts), item.amount, item.unit)
}

/** The pricing model of an item: its chosen unit decides ('ca.' for a bread by the piece). */
export function itemPricingModel(
  item: Pick<CartItem, 'unit'> & { product: Pick<Product, 'unit' | 'alternativeUnits' | 'calculationModel'> },
): PricingModel {
  return pricingModelFor(item.product, item.unit)
}

// --- Display ------------------------------------------------------------------------

/** Spec §9: fixed has no prefix, approximate 'ca.', minimum 'ab'. */
export const PRICE_PREFIXES: Readonly<Record<PricingModel, string>> = {
  fixed: '',
  approximate: 'ca.',
  minimum: 'ab',
}

/** '12.50 EUR' with its prefix: 'ca. EUR 12.50', 'ab EUR 3.00'. */
export function formatPrice(cents: Cents, model: PricingModel, display: MoneyDisplay = {}): string {
  const prefix = PRICE_PREFIXES[model]
  return prefix === '' ? money(cents, display) : `${prefix} ${money(cents, display)}`
}

/** The price shown for an item, or null when the product hides its price. */
export function itemPriceLabel(item: CartItem, display: MoneyDisplay = {}): string | null {
  if (item.product.isPriceHidden) return null
  return formatPrice(itemGross(item), itemPricingModel(item), display)
}

/** Any non-fixed item makes the total approximate (spec §9: totals show 'ca.'). */
export function isTotalApproximate(items: readonly CartItem[]): boolean {
  return items.some((item) => itemPricingModel(item) !== 'fixed')
}

/** The cart shows the hidden-price notice when any item hides its price. */
export function hasHiddenPrices(items: readonly Pick<CartItem, 'product'>[]): boolean {
  return items.some((item) => item.product.isPriceHidden)
}

// --- Tax --------------------------------------------------------------------------

/** Spec §9: dine-in → dineInTax, delivery → tax, takeaway → takeawayTax. */
export function taxRateFor(
  product: Pick<Product, 'tax' | 'takeawayTax' | 'dineInTax'>,
  orderType: OrderType,
): number {
  switch (orderType) {
    case 'dineIn':
      return product.dineInTax
    case 'delivery':
      return product.tax
    case 'takeaway':
      return product.takeawayTax
  }
}

/** The key of a rate in `taxes`: the shortest decimal text, '8.1', '2.6', '20', '0'. */
export function rateKey(ratePercent: number): string {
  if (!Number.isFinite(ratePercent) || ratePercent < 0) {
    throw new RangeError(`tax rate must be a finite percentage ≥ 0, got ${ratePercent}`)
  }
  return String(ratePercent === 0 ? 0 : ratePercent)
}

export type OrderPricing = {
  net: Cents
  tax: Cents
  gross: Cents
  deliveryNet: Cents
  deliveryTax: Cents
  deliveryGross: Cents
  totalNet: Cents
  totalTax: Cents
  totalGross: Cents
  /** Tax per rate (items and delivery together), keyed by rateKey. */
  taxes: Record<string, Cents>
  /**
   * A cash order's rounding to the currency's smallest coin (see cashRoundingFor): tax-free,
   * may be negative; what is paid is totalGross + cashRounding. Absent: not rounded.
   */
  cashRounding?: Cents
  /** Net, tax and gross per rate (items and delivery together); net + tax = gross each. */
  rateGroups: Record<string, GrossSplit>
}

export type PricedLine = { gross: Cents; taxRate: number }

function addSplit(into: Record<string, GrossSplit>, key: string, split: GrossSplit): void {
  const current = into[key] ?? { net: 0, tax: 0, gross: 0 }
  into[key] = {
    net: current.net + split.net,
    tax: current.tax + split.tax,
    gross: current.gross + split.gross,
  }
}

/**
 * Order pricing from gross lines. Lines are summed per tax rate first and each rate group
 * is split once (rounding per line would make the sum of nets drift by a cent per line);
 * the delivery fee is split on its own because its net and tax are reported separately.
 * Tax is always gross − net, so net + tax = gross holds exactly per rate, for items, for
 * delivery and in total.
 */
export function priceLines(lines: readonly PricedLine[], delivery: PricedLine | null): OrderPricing {
  const itemGroups: Record<string, GrossSplit> = {}
  const grossByRate = new Map<string, { rate: number; gross: Cents }>()
  for (const line of lines) {
    const key = rateKey(line.taxRate)
    const group = grossByRate.get(key) ?? { rate: line.taxRate, gross: 0 }
    group.gross += line.gross
    grossByRate.set(key, group)
  }
  for (const [key, group] of grossByRate) itemGroups[key] = splitGross(group.gross, group.rate)
  const items = Object.values(itemGroups).reduce(
    (sum, split) => ({ net: sum.net + split.net, tax: sum.tax + split.tax, gross: sum.gross + split.gross }),
    { net: 0, tax: 0, gross: 0 },
  )
  const deliverySplit =
    delivery === null ? { net: 0, tax: 0, gross: 0 } : splitGross(delivery.gross, delivery.taxRate)
  const rateGroups: Record<string, GrossSplit> = { ...itemGroups }
  if (delivery !== null && delivery.gross !== 0)
    addSplit(rateGroups, rateKey(delivery.taxRate), deliverySplit)
  const taxes = Object.fromEntries(Object.entries(rateGroups).map(([key, split]) => [key, split.tax]))
  return {
    net: items.net,
    tax: items.tax,
    gross: items.gross,
    deliveryNet: deliverySplit.net,
    deliveryTax: deliverySplit.tax,
    deliveryGross: deliverySplit.gross,
    totalNet: items.net + deliverySplit.net,
    totalTax: items.tax + deliverySplit.tax,
    totalGross: items.gross + deliverySplit.gross,
    taxes,
    rateGroups,
  }
}

// --- Delivery fee and minimum order -------------------------------------------------

function threshold(value: Cents | null): Cents | null {
  return value !== null && value > 0 ? value : null
}

/**
 * Free when the area is marked free or the items' gross reaches freeFromOrderValue.
 * The spec says "exceeds" (>), but the customer reads 'Kostenlose Lieferung ab 30,00 €.'
 * ("from 30.00"), so an order of exactly 30.00 must be free: we use ≥. A threshold of
 * null or 0 means "no threshold" (0 is what an empty back-office number field saves).
 */
export function isDeliveryFree(
  area: Pick<DeliveryArea, 'free' | 'freeFromOrderValue'>,
  itemsGross: Cents,
): boolean {
  if (area.free) return true
  const from = threshold(area.freeFromOrderValue)
  return from !== null && itemsGross >= from
}

/** The delivery fee (gross); 0 for takeaway and dine-in, which never pay one. */
export function deliveryFee(
  area: Pick<DeliveryArea, 'price' | 'free' | 'freeFromOrderValue'> | null,
  itemsGross: Cents,
  orderType: OrderType,
): Cents {
  if (orderType !== 'delivery' || area === null) return 0
  return isDeliveryFree(area, itemsGross) ? 0 : area.price
}

export type MinimumOrderStatus = { reached: boolean; minimum: Cents; missing: Cents }

/**
 * Spec §5: blocked while minimumOrderValue > gross (the items' gross, without the fee),
 * so exactly the minimum is enough. Null when not delivering or the area has no minimum.
 */
export function minimumOrderStatus(
  area: Pick<DeliveryArea, 'minimumOrderValue'> | null,
  itemsGross: Cents,
  orderType: OrderType,
): MinimumOrderStatus | null {
  if (orderType !== 'delivery' || area === null) return null
  const minimum = threshold(area.minimumOrderValue)
  if (minimum === null) return null
  return { reached: !(minimum > itemsGross), minimum, missing: Math.max(0, minimum - itemsGross) }
}

export const MINIMUM_ORDER_VALUE_TEXT =
  'Sie haben den Mindestbestellwert in Höhe von {amount} leider noch nicht erreicht.'
export const MINIMUM_ORDER_REST_TEXT =
  'Fügen Sie Waren im Wert von mindestens {rest} hinzu oder wählen Sie eine andere Art der Lieferung.'
export const FREE_DELIVERY_TEXT = 'Kostenlose Lieferung ab {amount}.'

export function minimumOrderValueMessage(minimum: Cents, display: MoneyDisplay = {}): string {
  return MINIMUM_ORDER_VALUE_TEXT.replace('{amount}', money(minimum, display))
}

export function minimumOrderRestMessage(rest: Cents, display: MoneyDisplay = {}): string {
  return MINIMUM_ORDER_REST_TEXT.replace('{rest}', money(rest, display))
}

/** Both warnings while the minimum is not reached; empty otherwise. */
export function minimumOrderMessages(
  status: MinimumOrderStatus | null,
  display: MoneyDisplay = {},
): string[] {
  if (status === null || status.reached) return []
  return [minimumOrderValueMessage(status.minimum, display), minimumOrderRestMessage(status.missing, display)]
}

export function freeDeliveryMessage(amount: Cents, display: MoneyDisplay = {}): string {
  return FREE_DELIVERY_TEXT.replace('{amount}', money(amount, display))
}

/**
 * The free-delivery hint for a delivery order whose area has a threshold; it stays while
 * the threshold is reached (it explains why the fee is gone). Null when the area is free
 * anyway, has no threshold, or the order is not a delivery.
 */
export function freeDeliveryHint(
  area: Pick<DeliveryArea, 'free' | 'freeFromOrderValue'> | null,
  orderType: OrderType,
  display: MoneyDisplay = {},
): string | null {
  if (orderType !== 'delivery' || area === null || area.free) return null
  const from = threshold(area.freeFromOrderValue)
  return from === null ? null : freeDeliveryMessage(from, display)
}

// --- Order-total cap ------------------------------------------------------------------

/**
 * The largest order total (gross, cents) a shop takes without a quotation when its config sets
 * no `maximumOrderValue`: 10,000.00 in the currency. Beyond it a branch that requires
 * quotations takes the order as a quotation request; any other branch refuses it and points
 * the customer to a quote (spec §5 style, checkout.maximumOrder).
 */
export const DEFAULT_MAXIMUM_ORDER_VALUE: Cents = 1_000_000

export type MaximumOrderStatus = { exceeded: boolean; maximum: Cents; excess: Cents }

/** Whether an order total goes beyond the shop's cap (exactly the cap is still fine). */
export function maximumOrderStatus(totalGross: Cents, maximum: Cents | null | undefined): MaximumOrderStatus {
  const cap =
    typeof maximum === 'number' && Number.isFinite(maximum) && maximum > 0
      ? maximum
      : DEFAULT_MAXIMUM_ORDER_VALUE
  return { exceeded: totalGross > cap, maximum: cap, excess: Math.max(0, totalGross - cap) }
}

// --- Cash rounding --------------------------------------------------------------------

/**
 * Cash is paid in coins: where the smallest coin is worth more than a cent, a cash total is
 * rounded to it. Switzerland's is 5 Rappen; the euro has its cent coins (some countries round
 * by law; a shop there sets its step in the config's `cashRounding`). Steps in cents.
 */
export const DEFAULT_CASH_ROUNDING: Readonly<Record<string, number>> = { CHF: 5 }

/** Steps per currency code (the config's `cashRounding`); 0 rounds nothing. */
export type CashRoundingSteps = Readonly<Record<string, number>>

/** The step in cents a cash total in this currency is rounded to; 0 when it is not rounded. */
export function cashRoundingStep(currency: string, steps?: CashRoundingSteps | null): number {
  const own = steps && Object.hasOwn(steps, currency) ? steps[currency] : undefined
  const step = own ?? DEFAULT_CASH_ROUNDING[currency] ?? 0
  return Number.isSafeInteger(step) && step > 1 ? step : 0
}

/**
 * The nearest multiple of `step`, a tie upwards (the Swiss rule for 5 Rappen: x.x2 → x.x0,
 * x.x3 → x.x5, x.x7 → x.x5, x.x8 → next x.x0). Totals are whole cents, so a tie exists only
 * for an even step (10: x.x5 → next x.x0).
 */
export function roundToStep(cents: Cents, step: number): Cents {
  if (step <= 1) return cents
  const remainder = ((cents % step) + step) % step
  const down = cents - remainder
  return remainder * 2 >= step ? down + step : down
}

/**
 * What cash payment changes about a total: the difference to the rounded amount (tax-free,
 * negative when rounded down), or null when nothing is rounded: any method but cash (a card,
 * a voucher, an online payment pays the exact cents) or a currency without a step.
 */
export function cashRoundingFor(
  totalGross: Cents,
  paymentMethod: string,
  currency: string,
  steps?: CashRoundingSteps | null,
): Cents | null {
  if (paymentMethod !== 'cash') return null
  const step = cashRoundingStep(currency, steps)
  return step === 0 ? null : roundToStep(totalGross, step) - totalGross
}

/**
 * The pricing for this payment: `cashRounding` set when a cash total is rounded (0 when it
 * needed nothing), removed otherwise. Net, tax, gross and the taxes per rate stay as they are:
 * the rounding is not a sale and carries no VAT.
 */
export function withCashRounding<P extends { totalGross: Cents; cashRounding?: Cents | undefined }>(
  pricing: P,
  paymentMethod: string,
  currency: string,
  steps?: CashRoundingSteps | null,
): P {
  const { cashRounding: _before, ...rest } = pricing
  const rounding = cashRoundingFor(pricing.totalGross, paymentMethod, currency, steps)
  return (rounding === null ? rest : { ...rest, cashRounding: rounding }) as P
}

/** What the customer pays: the total with its cash rounding (orders from before have none). */
export function payableTotal(pricing: { totalGross: Cents; cashRounding?: Cents | null | undefined }): Cents {
  return pricing.totalGross + (pricing.cashRounding ?? 0)
}

// --- The whole cart -------------------------------------------------------------------

/** Prices the items for an order type; the delivery fee and its tax come from the area. */
export function priceOrder(
  items: readonly CartItem[],
  orderType: OrderType,
  deliveryArea: DeliveryArea | null,
): OrderPricing {
  const lines = items.map((item) => ({
    gross: itemGross(item),
    taxRate: taxRateFor(item.product, orderType),
  }))
  const itemsGross = lines.reduce((sum, line) => sum + line.gross, 0)
  const fee = deliveryFee(deliveryArea, itemsGross, orderType)
  const delivery =
    orderType === 'delivery' && deliveryArea !== null ? { gross: fee, taxRate: deliveryArea.tax } : null
  return priceLines(lines, delivery)
}

export type OrderBlockReason = 'empty-cart' | 'minimum-order-value'

export type CartSummary = {
  orderType: OrderType
  deliveryArea: DeliveryArea | null
  pricing: OrderPricing
  /** Prefix for the totals: 'ca.' when any item is not fixed-price, else ''. */
  totalPrefix: '' | 'ca.'
  /**
   * Hidden-price items are still in the totals (the order must be charged in full), only
   * their own line hides the price; the cart shows the notice.
   */
  hasHiddenPrices: boolean
  deliveryFree: boolean
  minimumOrder: MinimumOrderStatus | null
  /** Why the order button is disabled (spec §5), or null. */
  blockReason: OrderBlockReason | null
}

export function cartSummary(cart: Cart, deliveryAreas: readonly DeliveryArea[]): CartSummary {
  const orderType = orderTypeOf(cart)
  const area = orderType === 'delivery' ? selectedDeliveryArea(deliveryAreas, cart.deliveryArea) : null
  const pricing = priceOrder(cart.items, orderType, area)
  const minimumOrder = minimumOrderStatus(area, pricing.gross, orderType)
  const blockReason: OrderBlockReason | null =
    cart.items.length === 0
      ? 'empty-cart'
      : minimumOrder !== null && !minimumOrder.reached
        ? 'minimum-order-value'
        : null
  return {
    orderType,
    deliveryArea: area,
    pricing,
    totalPrefix: isTotalApproximate(cart.items) ? 'ca.' : '',
    hasHiddenPrices: hasHiddenPrices(cart.items),
    deliveryFree: area !== null && isDeliveryFree(area, pricing.gross),
    minimumOrder,
    blockReason,
  }
}
