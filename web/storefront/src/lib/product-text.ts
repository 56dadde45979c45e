/**
 * How product names and amounts read everywhere in the storefront (menu, cart, checkout,
 * status page): one naming of units, and a number never parted from its unit at a line end.
 */
import {
  COUNTABLE_UNITS,
  isCountableUnit,
  localName,
  localOption,
  localPart,
  orGerman,
  type TranslatableProduct,
  translationIn,
  UNIT_SYMBOLS,
  type Unit,
} from '@shop/shared/domain/catalogue'
import { formatAmount } from './amount-format.ts'
import type { Translate } from './i18n.tsx'

const NBSP = '\u00a0'

/**
 * A number and the unit after it ('500 g', '6 Stück', '0,5 l') joined by a non-breaking space,
 * so a name like 'Bio-Vollkornbrot 500 g' never leaves the 'g' alone on a line. Only the units
 * shop names use (g, kg, dag, ml, cl, dl, l, cm, Stk., Stück, St.), and only as a whole word.
 */
const NUMBER_UNIT = /(\d)[ \t\u00a0]+(kg|dag|g|ml|cl|dl|l|cm|Stk\.|Stück|St\.)(?![\p{L}\p{N}])/gu

export function keepUnitsTogether(name: string): string {
  return name.replace(NUMBER_UNIT, `$1${NBSP}$2`)
}

const COUNTABLE: ReadonlySet<string> = new Set(COUNTABLE_UNITS)

/**
 * An amount with its unit in the page's language: '500 g', '1 Stück', '2 Paar'. Measured units
 * show the domain's symbol (UNIT_SYMBOLS); counted ones the plural-aware name of the storefront's
 * one unit catalogue (`sf-menu:unit.*`), whichever namespace `t` belongs to.
 */
export function amountLabel(t: Translate, amount: number, unit: string, locale: string): string {
  const symbol = (UNIT_SYMBOLS as Readonly<Record<string, string>>)[unit]
  const name =
    symbol ?? (COUNTABLE.has(unit) ? t(`sf-menu:unit.${unit}`, { count: amount === 1 ? 1 : 2 }) : unit)
  return `${formatAmount(amount, locale)} ${name}`
}

/**
 * The i18n key of a unit's name (`sf-menu`), or null for measured units, which show their symbol
 * (UNIT_SYMBOLS: 'kg', 'dl'). Countable names are plural-aware ('1 Paar', '2 Personen').
 */
export function unitKey(unit: Unit): string | null {
  return isCountableUnit(unit) ? `unit.${unit}` : null
}

export function unitSymbol(unit: Unit): string | null {
  return isCountableUnit(unit) ? null : UNIT_SYMBOLS[unit]
}

// --- Menu content in the customer's language (issue 18) ----------------------------------------
//
// Products and categories carry `translations` keyed by locale ('fr-FR', 'en'; German is the
// original, spec §9's default and fallback). Every screen that shows a name, a description, a
// part or an option asks these functions, so a text missing in a language shows the German one
// everywhere alike. The German names stay what the cart and the order hold (staff read them).

/** What the functions read of a product or category (the cart's stored copies included). */
export type Translatable = TranslatableProduct

export { localName, localOption, localPart }

/** A product's description in the locale, else German ('' when it has none). */
export function localDescription(item: Translatable, locale: string): string {
  return orGerman(
    translationIn<{ description?: string | null }>(item, locale)?.description,
    item.description ?? '',
  )
}

/** What a part shows in the locale: its name, its description and each option's name. */
export type PartLabels = { name: string; description: string; option: (option: string) => string }

/** A part's texts in the locale (name, description, options by their German name), else German. */
export function localPartLabels(product: Translatable, partIndex: number, locale: string): PartLabels {
  return {
    ...localPart(product, partIndex, locale),
    option: (option) => localOption(product, partIndex, option, locale),
  }
}
