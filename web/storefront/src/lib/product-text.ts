/**
 * How product names and amounts read everywhere in the storefront (menu, cart, checkout,
 * status page): one naming of units, and a number never parted from its unit at a line end.
 */
import { COUNTABLE_UNITS, UNIT_SYMBOLS } from '@shop/shared/domain/catalogue'
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
