// Menu content in the customer's language (issue 18 item 8): a product's or category's
// `translations` by locale, German (the resource's own field) where a text is not translated.
// The storefront shows names so; the server's refusals name products so.

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
