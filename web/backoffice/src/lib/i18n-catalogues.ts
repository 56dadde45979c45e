/**
 * The back-office's stand-in for `@shop/shared/i18n` (vite.config.ts swaps it in for every
 * import, the shared domain's included): the same functions over an i18next instance made the
 * same way, German bundled, the other locales downloaded when chosen. web/ui's locale kit puts
 * this instance under react-i18next.
 */

import { createShopI18n, translationsOf } from '@shop/shared/i18n/instance.ts'
import deChAuth from '@shop/shared/i18n/locales/de-CH/auth.json'
import deChCheckout from '@shop/shared/i18n/locales/de-CH/checkout.json'
import deChErrors from '@shop/shared/i18n/locales/de-CH/errors.json'
import deChNotifications from '@shop/shared/i18n/locales/de-CH/notifications.json'
import deChOrdering from '@shop/shared/i18n/locales/de-CH/ordering.json'
import deChPrint from '@shop/shared/i18n/locales/de-CH/print.json'
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

/** The shared namespaces the staff screens use, German bundled. */
export const i18n = createShopI18n({
  [DEFAULT_LOCALE]: {
    auth: deChAuth,
    ordering: deChOrdering,
    checkout: deChCheckout,
    scheduling: deChScheduling,
    errors: deChErrors,
    notifications: deChNotifications,
    print: deChPrint,
  },
})

export const { t, hasTranslation, registerNamespace } = translationsOf(i18n)

const others = import.meta.glob<{ default: object }>([
  '../../../../shared/i18n/locales/*/*.json',
  '!../../../../shared/i18n/locales/de-CH/*.json',
])

const loaded = new Map<string, Promise<void>>()

/** Downloads the shared catalogues of a locale once (German is always there). */
export function loadSharedLocale(locale: string): Promise<void> {
  let done = loaded.get(locale)
  if (!done) {
    const files = Object.entries(others).filter(([path]) => path.includes(`/locales/${locale}/`))
    done = Promise.all(
      files.map(([path, load]) =>
        load().then((module) => {
          const ns = /\/([^/]+)\.json$/.exec(path)?.[1]
          if (ns) registerNamespace(ns, { [locale]: module.default })
        }),
      ),
    ).then(() => {})
    loaded.set(locale, done)
  }
  return done
}
