import { createShopI18n, translationsOf } from './instance.ts'

export type { Catalogue, TranslationParams, Translations } from './instance.ts'
export {
  CATALOGUE_LOCALES,
  type CatalogueLocale,
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
  type FallbackLocales,
  fallbackLocales,
} from './locales.ts'

import deChAuth from './locales/de-CH/auth.json' with { type: 'json' }
import deChCheckout from './locales/de-CH/checkout.json' with { type: 'json' }
import deChErrors from './locales/de-CH/errors.json' with { type: 'json' }
import deChNotifications from './locales/de-CH/notifications.json' with { type: 'json' }
import deChOrdering from './locales/de-CH/ordering.json' with { type: 'json' }
import deChPrint from './locales/de-CH/print.json' with { type: 'json' }
import deChScheduling from './locales/de-CH/scheduling.json' with { type: 'json' }
import enAuth from './locales/en/auth.json' with { type: 'json' }
import enCheckout from './locales/en/checkout.json' with { type: 'json' }
import enErrors from './locales/en/errors.json' with { type: 'json' }
import enNotifications from './locales/en/notifications.json' with { type: 'json' }
import enOrdering from './locales/en/ordering.json' with { type: 'json' }
import enPrint from './locales/en/print.json' with { type: 'json' }
import enScheduling from './locales/en/scheduling.json' with { type: 'json' }
import frFrAuth from './locales/fr-FR/auth.json' with { type: 'json' }
import frFrCheckout from './locales/fr-FR/checkout.json' with { type: 'json' }
import frFrErrors from './locales/fr-FR/errors.json' with { type: 'json' }
import frFrNotifications from './locales/fr-FR/notifications.json' with { type: 'json' }
import frFrOrdering from './locales/fr-FR/ordering.json' with { type: 'json' }
import frFrPrint from './locales/fr-FR/print.json' with { type: 'json' }
import frFrScheduling from './locales/fr-FR/scheduling.json' with { type: 'json' }

export const resources = {
  'de-CH': {
    ordering: deChOrdering,
    checkout: deChCheckout,
    scheduling: deChScheduling,
    auth: deChAuth,
    errors: deChErrors,
    notifications: deChNotifications,
    print: deChPrint,
  },
  'fr-FR': {
    ordering: frFrOrdering,
    checkout: frFrCheckout,
    scheduling: frFrScheduling,
    auth: frFrAuth,
    errors: frFrErrors,
    notifications: frFrNotifications,
    print: frFrPrint,
  },
  en: {
    ordering: enOrdering,
    checkout: enCheckout,
    scheduling: enScheduling,
    auth: enAuth,
    errors: enErrors,
    notifications: enNotifications,
    print: enPrint,
  },
} as const

/**
 * The server's i18next instance (the browsers get their app's own, with fewer catalogues:
 * web/<app>/src/lib/i18n-catalogues.ts): every catalogue of every locale, initialised
 * synchronously.
 */
export const i18n = createShopI18n(resources)

export const { t, hasTranslation, registerNamespace } = translationsOf(i18n)
