/**
 * How product names and amounts read everywhere in the storefront (menu, cart, checkout,
 * status page): one naming of units, and a number never parted from its unit at a line end.
 */
import {
  COUNTABLE_UNITS,
  isCountableUnit,
  localName,
  orGerman,
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

type PartTranslation = { name?: string | null; description?: string | null; options?: (string | null)[] }
type Translation = { name?: string | null; description?: string | null; parts?: PartTranslation[] }

/** What the functions read of a product or category (the cart's stored copies included). */
export type Translatable = {
  name: string
  description?: string | null
  translations?: unknown
  config?: {
    parts: readonly { name: string; description?: string | null; options?: readonly { name: string }[] }[]
  } | null
}

const or = orGerman

const translationOf = (item: Pick<Translatable, 'translations'>, locale: string) =>
  translationIn<Translation>(item, locale)

export { localName }

/** A product's description in the locale, else German ('' when it has none). */
export function localDescription(item: Translatable, locale: string): string {
  return or(translationOf(item, locale)?.description, item.description ?? '')
}

/** A configurable part's name and description in the locale (by position), else German. */
export function localPart(
  product: Translatable,
  partIndex: number,
  locale: string,
): { name: string; description: string } {
  const part = product.config?.parts[partIndex]
  const translated = translationOf(product, locale)?.parts?.[partIndex]
  return {
    name: or(translated?.name, part?.name ?? ''),
    description: or(translated?.description, part?.description ?? ''),
  }
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

/**
 * An option's name in the locale. Options are chosen, stored and ordered by their German name
 * (`option`); the translation is found by the option's position in its part.
 */
export function localOption(
  product: Translatable,
  partIndex: number,
  option: string,
  locale: string,
): string {
  const index = product.config?.parts[partIndex]?.options?.findIndex((o) => o.name === option) ?? -1
  if (index < 0) return option
  return or(translationOf(product, locale)?.parts?.[partIndex]?.options?.[index], option)
}

/** What an order line holds of its product's texts: the German names, as ordered. */
export type OrderedLine = {
  productUid: string
  name: string
  parts?: readonly { name: string; options: readonly string[]; text?: string | null }[]
}

/**
 * An order line's texts in the locale (the status page): the product's name, and each part's
 * name and chosen options, from the menu's translations. The order keeps what was ordered, so
 * a text is translated only while the menu's product still bears it: the name while the product
 * is called so in German, a part while the part at its position has that German name; otherwise,
 * and for a product no longer in the menu, the line reads as stored.
 */
export function localOrderedLine(
  line: OrderedLine,
  products: readonly (Translatable & { uid: string })[],
  locale: string,
): { name: string; parts: { name: string; options: string[]; text: string }[] } {
  const product = products.find((p) => p.uid === line.productUid)
  return {
    name: product && product.name === line.name ? localName(product, locale) : line.name,
    parts: (line.parts ?? []).map((part, index) => {
      const same = product?.config?.parts[index]?.name === part.name
      return {
        name: product && same ? localPart(product, index, locale).name : part.name,
        options: part.options.map((option) =>
          product && same ? localOption(product, index, option, locale) : option,
        ),
        text: part.text ?? '',
      }
    }),
  }
}
