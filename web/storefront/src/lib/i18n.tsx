import { DEFAULT_LOCALE, registerNamespace, type TranslationParams, t } from '@shop/shared/i18n'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'

/** Locales the storefront offers (spec §9: enabled de-CH and fr-FR; English has a catalogue too). */
export const ENABLED_LOCALES = ['de-CH', 'fr-FR'] as const
export const STOREFRONT_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export type StorefrontLocale = (typeof STOREFRONT_LOCALES)[number]
const STORAGE_KEY = 'asp-locale'

// Every screen's texts: src/locales/<locale>/<namespace>.json, bundled (no fetch, no flash).
const files = import.meta.glob<{ default: object }>('../locales/*/*.json', { eager: true })
const byNamespace = new Map<string, Record<string, object>>()
for (const [path, module] of Object.entries(files)) {
  const [, locale, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? []
  if (!locale || !namespace) continue
  const entry = byNamespace.get(namespace) ?? {}
  entry[locale] = module.default
  byNamespace.set(namespace, entry)
}
for (const [namespace, texts] of byNamespace) registerNamespace(namespace, texts)

export function isStorefrontLocale(value: unknown): value is StorefrontLocale {
  return typeof value === 'string' && (STOREFRONT_LOCALES as readonly string[]).includes(value)
}

/** The stored choice, else the browser's first language we have, else de-CH (spec §9). */
export function initialLocale(): StorefrontLocale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    if (isStorefrontLocale(stored)) return stored
  } catch {
    // storage blocked: fall through
  }
  for (const lang of navigator.languages ?? []) {
    if (lang.toLowerCase().startsWith('fr')) return 'fr-FR'
    if (lang.toLowerCase().startsWith('de')) return 'de-CH'
  }
  return DEFAULT_LOCALE as StorefrontLocale
}

let currentLocale: StorefrontLocale = DEFAULT_LOCALE as StorefrontLocale

/** The locale outside React (API calls send it as Accept-Language). */
export function activeLocale(): StorefrontLocale {
  return currentLocale
}

type LocaleContext = { locale: StorefrontLocale; setLocale: (locale: StorefrontLocale) => void }
const Context = createContext<LocaleContext>({ locale: currentLocale, setLocale: () => {} })

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setState] = useState<StorefrontLocale>(() => {
    currentLocale = initialLocale()
    document.documentElement.lang = currentLocale
    return currentLocale
  })
  const setLocale = useCallback((next: StorefrontLocale) => {
    currentLocale = next
    document.documentElement.lang = next
    try {
      localStorage.setItem(STORAGE_KEY, next)
    } catch {
      // storage blocked: the choice lasts for this page
    }
    setState(next)
  }, [])
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale])
  return <Context.Provider value={value}>{children}</Context.Provider>
}

export function useLocale(): LocaleContext {
  return useContext(Context)
}

export type Translate = (key: string, params?: TranslationParams) => string

/**
 * The translate function of a namespace in the active locale: `t('title')` reads
 * `<namespace>:title`; a key with its own `ns:` prefix reads that namespace.
 */
export function useT(namespace: string): Translate {
  const { locale } = useLocale()
  return useCallback(
    (key: string, params?: TranslationParams) =>
      t(key.includes(':') ? key : `${namespace}:${key}`, params, locale),
    [namespace, locale],
  )
}
