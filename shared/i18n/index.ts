import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, fallbackLocales } from './locales.ts'
import { type Catalogue, createTranslator, type TranslationParams } from './translator.ts'

export {
  CATALOGUE_LOCALES,
  type CatalogueLocale,
  DEFAULT_LOCALE,
  DEFAULT_NAMESPACE,
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

export type { TranslationParams } from './translator.ts'

const translator = createTranslator({
  defaultLocale: DEFAULT_LOCALE,
  defaultNamespace: DEFAULT_NAMESPACE,
  fallbacks: fallbackLocales,
})
for (const [locale, namespaces] of Object.entries(resources)) {
  for (const [namespace, texts] of Object.entries(namespaces))
    translator.add(locale, namespace, texts as Catalogue)
}

/**
 * Translates `key` (optionally `namespace:key`) synchronously, on the server and in the
 * browser alike. `{{name}}` placeholders are filled from `params` (a missing value leaves its
 * placeholder; a parameter named like an option never changes the lookup); `count` picks the
 * plural form.
 */
export function t(key: string, params?: TranslationParams, locale: string = DEFAULT_LOCALE): string {
  return translator.t(key, params, locale)
}

/** True when the key exists in the catalogue of `locale` or one of its fallbacks. */
export function hasTranslation(key: string, locale: string = DEFAULT_LOCALE): boolean {
  return translator.has(key, locale)
}

/**
 * Adds a namespace of texts for some locales (the web apps bring their own screens' texts
 * this way, so the server does not carry them). Adding again merges, the new texts winning.
 */
export function registerNamespace(namespace: string, byLocale: Readonly<Record<string, object>>): void {
  for (const [locale, texts] of Object.entries(byLocale))
    translator.add(locale, namespace, texts as Catalogue)
}
