import type { FallbackLngObjList } from 'i18next'
import { createInstance } from 'i18next'
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

export const DEFAULT_LOCALE = 'de-CH'
export const CATALOGUE_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number]
export const DEFAULT_NAMESPACE = 'ordering'

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

// German is the product's language: every other German variant, and any locale without a
// catalogue, falls back to de-CH; French variants try fr-FR first.
export const fallbackLocales: FallbackLngObjList = {
  de: ['de-CH'],
  fr: ['fr-FR', 'de-CH'],
  en: ['en', 'de-CH'],
  default: ['de-CH'],
}

export type TranslationParams = Record<string, string | number>

const i18n = createInstance()
// initAsync: false makes init finish before it returns, so `t` works at import time on
// the server and in the browser alike; the resources are bundled, nothing is fetched.
void i18n.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: fallbackLocales,
  ns: [DEFAULT_NAMESPACE, 'scheduling', 'auth', 'errors', 'checkout', 'notifications', 'print'],
  defaultNS: DEFAULT_NAMESPACE,
  initAsync: false,
  returnNull: false,
  // Messages go into JSON bodies and text nodes, never into raw HTML.
  interpolation: { escapeValue: false },
})

/**
 * Translates `key` (optionally `namespace:key`). Values go through `replace` so a parameter
 * named like an i18next option (`lng`, `ns`, `defaultValue`) cannot change the lookup.
 */
export function t(key: string, params?: TranslationParams, locale: string = DEFAULT_LOCALE): string {
  if (params === undefined) return template(key, locale)
  const count = params.count
  if (count === undefined) {
    // The catalogues use plain `{{name}}` placeholders (no formats, no nesting): filled here from
    // the cached text, as i18next fills them (a missing value leaves its placeholder).
    return template(key, locale).replace(PLACEHOLDER, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    )
  }
  // Plurals: i18next picks the form by the count.
  return String(i18n.t(key, { lng: locale, replace: params, count }))
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g

/**
 * The catalogues are bundled and never change at run time: a text is looked up (with its
 * fallbacks) once per locale; mails and receipts ask for the same ones over and over.
 */
function template(key: string, locale: string): string {
  const cacheKey = `${locale}\u0000${key}`
  let text = plainTexts.get(cacheKey)
  if (text === undefined) {
    text = String(i18n.t(key, { lng: locale, replace: {} }))
    plainTexts.set(cacheKey, text)
  }
  return text
}

const plainTexts = new Map<string, string>()
const existing = new Map<string, boolean>()

/**
 * Adds a namespace of texts for some locales (the web apps bring their own screens' texts
 * this way, so the server does not carry them). Adding again replaces; the caches start over.
 */
export function registerNamespace(namespace: string, byLocale: Readonly<Record<string, object>>): void {
  for (const [locale, texts] of Object.entries(byLocale)) {
    i18n.addResourceBundle(locale, namespace, texts, true, true)
  }
  plainTexts.clear()
  existing.clear()
}

/** True when the key exists in the catalogue of `locale` or one of its fallbacks. */
export function hasTranslation(key: string, locale: string = DEFAULT_LOCALE): boolean {
  const cacheKey = `${locale}\u0000${key}`
  let found = existing.get(cacheKey)
  if (found === undefined) {
    found = i18n.exists(key, { lng: locale })
    existing.set(cacheKey, found)
  }
  return found
}
