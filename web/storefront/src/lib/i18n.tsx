import { DEFAULT_LOCALE, registerNamespace, type TranslationParams, t } from '@shop/shared/i18n'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { loadSharedLocale } from './i18n-catalogues.ts'

/** Locales the storefront offers (spec §9: enabled de-CH and fr-FR; English has a catalogue too). */
export const ENABLED_LOCALES = ['de-CH', 'fr-FR'] as const
export const STOREFRONT_LOCALES = ['de-CH', 'fr-FR', 'en'] as const
export type StorefrontLocale = (typeof STOREFRONT_LOCALES)[number]
const STORAGE_KEY = 'asp-locale'

// Every screen's texts: src/locales/<locale>/<namespace>.json. German is bundled (no flash, no
// fetch); another locale is downloaded when chosen, with the shared catalogues of that locale.
const german = import.meta.glob<{ default: object }>('../locales/de-CH/*.json', { eager: true })
const others = import.meta.glob<{ default: object }>(['../locales/*/*.json', '!../locales/de-CH/*.json'])

function register(path: string, texts: object) {
  const [, locale, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? []
  if (locale && namespace) registerNamespace(namespace, { [locale]: texts })
}
for (const [path, module] of Object.entries(german)) register(path, module.default)

const loadedLocales = new Map<string, Promise<void>>()

/** Makes every text of a locale available (once); German always is. */
export function loadLocale(locale: string): Promise<void> {
  let done = loadedLocales.get(locale)
  if (!done) {
    const files = Object.entries(others).filter(([path]) => path.includes(`/locales/${locale}/`))
    done = Promise.all([
      loadSharedLocale(locale),
      ...files.map(([path, load]) => load().then((module) => register(path, module.default))),
    ]).then(() => {})
    loadedLocales.set(locale, done)
  }
  return done
}

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
  const [wanted] = useState(initialLocale)
  const [locale, setState] = useState<StorefrontLocale | undefined>(
    wanted === DEFAULT_LOCALE ? (DEFAULT_LOCALE as StorefrontLocale) : undefined,
  )
  const apply = useCallback((next: StorefrontLocale) => {
    currentLocale = next
    document.documentElement.lang = next
    setState(next)
  }, [])
  useEffect(() => {
    // A stored or browser locale other than German: its texts first, then the first render.
    if (wanted !== DEFAULT_LOCALE) {
      void loadLocale(wanted)
        .then(() => apply(wanted))
        .catch(() => apply(DEFAULT_LOCALE as StorefrontLocale))
    } else apply(wanted)
  }, [wanted, apply])
  const setLocale = useCallback(
    (next: StorefrontLocale) => {
      try {
        localStorage.setItem(STORAGE_KEY, next)
      } catch {
        // storage blocked: the choice lasts for this page
      }
      void loadLocale(next).then(() => apply(next))
    },
    [apply],
  )
  const value = useMemo(
    () => ({ locale: locale ?? (DEFAULT_LOCALE as StorefrontLocale), setLocale }),
    [locale, setLocale],
  )
  if (!locale) return null
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
