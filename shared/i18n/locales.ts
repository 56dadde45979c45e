import { createTranslator, type FallbackLocales, type Translator } from './translator.ts'

export const DEFAULT_LOCALE = 'de-CH'
export const CATALOGUE_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number]
export const DEFAULT_NAMESPACE = 'ordering'

// German is the product's language: every other German variant, and any locale without a
// catalogue, falls back to de-CH; French variants try fr-FR first.
export const fallbackLocales: FallbackLocales = {
  de: ['de-CH'],
  fr: ['fr-FR', 'de-CH'],
  en: ['en', 'de-CH'],
  default: ['de-CH'],
}

/** A translator with the product's default locale, namespace and fallbacks, and no texts yet. */
export function shopTranslator(): Translator {
  return createTranslator({
    defaultLocale: DEFAULT_LOCALE,
    defaultNamespace: DEFAULT_NAMESPACE,
    fallbacks: fallbackLocales,
  })
}
