/**
 * The browser's stand-in for `@shop/shared/i18n` (vite.config.ts swaps it in for every import,
 * the shared domain's included): the same functions over the same translator, but only the
 * catalogues a customer's screens use, German bundled and the other locales downloaded when
 * chosen. Keeps the initial JavaScript small (docs/benchmarks.md, storefront budget).
 */
import deChCheckout from '@shop/shared/i18n/locales/de-CH/checkout.json'
import deChErrors from '@shop/shared/i18n/locales/de-CH/errors.json'
import deChOrdering from '@shop/shared/i18n/locales/de-CH/ordering.json'
import deChScheduling from '@shop/shared/i18n/locales/de-CH/scheduling.json'
import { DEFAULT_LOCALE, shopTranslator } from '@shop/shared/i18n/locales.ts'
import type { Catalogue, Translator } from '@shop/shared/i18n/translator.ts'

export {
  CATALOGUE_LOCALES,
  type CatalogueLocale,
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  fallbackLocales,
} from '@shop/shared/i18n/locales.ts'
export type { TranslationParams } from '@shop/shared/i18n/translator.ts'

const translator = shopTranslator()
translator.add(DEFAULT_LOCALE, 'ordering', deChOrdering)
translator.add(DEFAULT_LOCALE, 'checkout', deChCheckout)
translator.add(DEFAULT_LOCALE, 'scheduling', deChScheduling)
translator.add(DEFAULT_LOCALE, 'errors', deChErrors)

export const t: Translator['t'] = translator.t
export const hasTranslation: Translator['has'] = translator.has
export const registerNamespace: Translator['addNamespace'] = translator.addNamespace

type Json = { default: object }
const SHARED: Record<string, () => Promise<[Json, Json, Json, Json]>> = {
  'fr-FR': () =>
    Promise.all([
      import('@shop/shared/i18n/locales/fr-FR/ordering.json'),
      import('@shop/shared/i18n/locales/fr-FR/checkout.json'),
      import('@shop/shared/i18n/locales/fr-FR/scheduling.json'),
      import('@shop/shared/i18n/locales/fr-FR/errors.json'),
    ]),
  en: () =>
    Promise.all([
      import('@shop/shared/i18n/locales/en/ordering.json'),
      import('@shop/shared/i18n/locales/en/checkout.json'),
      import('@shop/shared/i18n/locales/en/scheduling.json'),
      import('@shop/shared/i18n/locales/en/errors.json'),
    ]),
}

const loaded = new Map<string, Promise<void>>()

/** Downloads the shared catalogues of a locale once (German is always there). */
export function loadSharedLocale(locale: string): Promise<void> {
  const load = SHARED[locale]
  if (!load) return Promise.resolve()
  let done = loaded.get(locale)
  if (!done) {
    done = load().then(([ordering, checkout, scheduling, errors]) => {
      translator.add(locale, 'ordering', ordering.default as Catalogue)
      translator.add(locale, 'checkout', checkout.default as Catalogue)
      translator.add(locale, 'scheduling', scheduling.default as Catalogue)
      translator.add(locale, 'errors', errors.default as Catalogue)
    })
    loaded.set(locale, done)
  }
  return done
}
