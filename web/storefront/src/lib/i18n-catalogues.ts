/**
 * The browser's stand-in for `@shop/shared/i18n` (vite.config.ts swaps it in for every import,
 * the shared domain's included): the same functions over an i18next instance made the same
 * way, but only with the catalogues a customer's screens use, German bundled and the other
 * locales downloaded when chosen. Keeps the initial JavaScript small (docs/benchmarks.md,
 * storefront budget). web/ui's locale kit puts this instance under react-i18next.
 */

import { createShopI18n, translationsOf } from '@shop/shared/i18n/instance.ts'
import deChCheckout from '@shop/shared/i18n/locales/de-CH/checkout.json'
import deChErrors from '@shop/shared/i18n/locales/de-CH/errors.json'
import deChOrdering from '@shop/shared/i18n/locales/de-CH/ordering.json'
import deChScheduling from '@shop/shared/i18n/locales/de-CH/scheduling.json'
import { DEFAULT_LOCALE } from '@shop/shared/i18n/locales.ts'

export type { Catalogue, TranslationParams, Translations } from '@shop/shared/i18n/instance.ts'
export {
  CATALOGUE_LOCALES,
  type CatalogueLocale,
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  type FallbackLocales,
  fallbackLocales,
} from '@shop/shared/i18n/locales.ts'

export const i18n = createShopI18n({
  [DEFAULT_LOCALE]: {
    ordering: deChOrdering,
    checkout: deChCheckout,
    scheduling: deChScheduling,
    errors: deChErrors,
  },
})

export const { t, hasTranslation, registerNamespace } = translationsOf(i18n)

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
      registerNamespace('ordering', { [locale]: ordering.default })
      registerNamespace('checkout', { [locale]: checkout.default })
      registerNamespace('scheduling', { [locale]: scheduling.default })
      registerNamespace('errors', { [locale]: errors.default })
    })
    loaded.set(locale, done)
  }
  return done
}
