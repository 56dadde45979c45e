export const DEFAULT_LOCALE = 'de-CH'
export const CATALOGUE_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number]
export const DEFAULT_NAMESPACE = 'ordering'

/** By full code ('de-AT'), language ('de') or 'default': the locales to try after the asked one. */
export type FallbackLocales = Readonly<Record<string, readonly string[]>>

// German is the product's language: every other German variant, and any locale without a
// catalogue, falls back to de-CH; French variants try fr-FR first. i18next's `fallbackLng`.
export const fallbackLocales: FallbackLocales = {
  de: ['de-CH'],
  fr: ['fr-FR', 'de-CH'],
  en: ['en', 'de-CH'],
  default: ['de-CH'],
}
