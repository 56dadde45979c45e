// Menu content in the customer's language (issue 18 item 8): a product's or category's
// `translations` by locale, German (the resource's own field) where a text is not translated.
// The storefront shows names so; the server's refusals and the customer's mails name products so.

/** Anything with a German name and maybe translations of it. */
export type Translatable = { name: string; translations?: unknown }

/** A translated text if it has one, else the German original. */
export function orGerman(translated: unknown, german: string): string {
  return typeof translated === 'string' && translated.trim() !== '' ? translated : german
}

/** The translation of one locale, if the item has one. */
export function translationIn<T extends object = { name?: unknown }>(
  item: { translations?: unknown },
  locale: string,
): Partial<T> | undefined {
  const all = item.translations
  if (typeof all !== 'object' || all === null) return undefined
  const translation = (all as Record<string, unknown>)[locale]
  return typeof translation === 'object' && translation !== null ? (translation as Partial<T>) : undefined
}

/** A product's or category's name in the locale, else German. */
export function localName(item: Translatable, locale: string): string {
  return orGerman(translationIn(item, locale)?.name, item.name)
}

type PartTranslation = { name?: string | null; description?: string | null; options?: (string | null)[] }
type ProductTranslation = { name?: string | null; description?: string | null; parts?: PartTranslation[] }

/** What the helpers read of a product: its German texts, its parts and their translations. */
export type TranslatableProduct = Translatable & {
  description?: string | null
  config?: {
    parts: readonly { name: string; description?: string | null; options?: readonly { name: string }[] }[]
  } | null
}

const partTranslation = (product: TranslatableProduct, partIndex: number, locale: string) =>
  translationIn<ProductTranslation>(product, locale)?.parts?.[partIndex]

/** A configurable part's name and description in the locale (by position), else German. */
export function localPart(
  product: TranslatableProduct,
  partIndex: number,
  locale: string,
): { name: string; description: string } {
  const part = product.config?.parts[partIndex]
  const translated = partTranslation(product, partIndex, locale)
  return {
    name: orGerman(translated?.name, part?.name ?? ''),
    description: orGerman(translated?.description, part?.description ?? ''),
  }
}

/**
 * An option's name in the locale. Options are chosen, stored and ordered by their German name
 * (`option`); the translation is found by the option's position in its part.
 */
export function localOption(
  product: TranslatableProduct,
  partIndex: number,
  option: string,
  locale: string,
): string {
  const index = product.config?.parts[partIndex]?.options?.findIndex((o) => o.name === option) ?? -1
  if (index < 0) return option
  return orGerman(partTranslation(product, partIndex, locale)?.options?.[index], option)
}

/** What an order line holds of its product's texts: the German names, as ordered. */
export type OrderedLine = {
  productUid: string
  name: string
  parts?: readonly { name: string; options: readonly string[]; text?: string | null }[] | undefined
}

/**
 * An order line's texts in the locale (the status page, the customer's mails): the product's
 * name, and each part's name and chosen options, from the menu's translations. The order keeps
 * what was ordered, so a text is translated only while the menu's product still bears it: the
 * name while the product is called so in German, a part while the part at its position has that
 * German name; otherwise, and for a product no longer in the menu, the line reads as stored.
 */
export function localOrderedLine(
  line: OrderedLine,
  /** The menu's product of the line (its `productUid`), if it still has one. */
  product: TranslatableProduct | undefined,
  locale: string,
): { name: string; parts: { name: string; options: string[]; text: string }[] } {
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
