import { registerNamespace, type TranslationParams, t } from '@shop/shared/i18n'
import {
  createContext,
  type JSX,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'

/**
 * The locale machinery of a web app (storefront, back-office): the app's own catalogues
 * (src/locales/<locale>/<namespace>.json, German bundled, the others downloaded when chosen)
 * over the shared translator of `@shop/shared/i18n` (which each app's Vite config swaps for its
 * browser module with only the shared catalogues it needs). The choice is stored per origin.
 */
export type Translate = (key: string, params?: TranslationParams) => string

type CatalogueModule = { default: object }

export type LocaleKitOptions<L extends string> = {
  locales: readonly L[]
  defaultLocale: L
  /** The app's German catalogues: `import.meta.glob('../locales/de-CH/*.json', { eager: true })`. */
  german: Record<string, CatalogueModule>
  /** The app's other catalogues, lazily: `import.meta.glob([...'!../locales/de-CH/*.json'])`. */
  others: Record<string, () => Promise<CatalogueModule>>
  /** Downloads the shared catalogues of a locale (the app's browser catalogue module). */
  loadShared: (locale: string) => Promise<void>
  /** The app's locale for one of the browser's languages, if it has one. */
  fromBrowser: (language: string) => L | undefined
  storageKey?: string
}

export type LocaleContextValue<L extends string> = { locale: L; setLocale: (locale: L) => void }

export type LocaleKit<L extends string> = {
  loadLocale(locale: string): Promise<void>
  isLocale(value: unknown): value is L
  initialLocale(): L
  /** The locale outside React (API calls send it as Accept-Language). */
  activeLocale(): L
  LocaleProvider(props: { children: ReactNode }): JSX.Element | null
  useLocale(): LocaleContextValue<L>
  /**
   * The translate function of a namespace in the active locale: `t('title')` reads
   * `<namespace>:title`; a key with its own `ns:` prefix reads that namespace.
   */
  useT(namespace: string): Translate
}

/** `…/locales/<locale>/<namespace>.json` → its locale and namespace. */
export function catalogueOf(path: string): { locale: string; namespace: string } | undefined {
  const [, locale, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? []
  return locale && namespace ? { locale, namespace } : undefined
}

export function createLocaleKit<L extends string>(opts: LocaleKitOptions<L>): LocaleKit<L> {
  const storageKey = opts.storageKey ?? 'asp-locale'
  const register = (path: string, texts: object) => {
    const found = catalogueOf(path)
    if (found) registerNamespace(found.namespace, { [found.locale]: texts })
  }
  for (const [path, module] of Object.entries(opts.german)) register(path, module.default)

  const loaded = new Map<string, Promise<void>>()
  function loadLocale(locale: string): Promise<void> {
    let done = loaded.get(locale)
    if (!done) {
      const files = Object.entries(opts.others).filter(([path]) => path.includes(`/locales/${locale}/`))
      done = Promise.all([
        opts.loadShared(locale),
        ...files.map(([path, load]) => load().then((module) => register(path, module.default))),
      ]).then(() => {})
      loaded.set(locale, done)
    }
    return done
  }

  function isLocale(value: unknown): value is L {
    return typeof value === 'string' && (opts.locales as readonly string[]).includes(value)
  }

  function initialLocale(): L {
    try {
      const stored = localStorage.getItem(storageKey)
      if (isLocale(stored)) return stored
    } catch {
      // storage blocked: fall through
    }
    for (const lang of navigator.languages ?? []) {
      const found = opts.fromBrowser(lang.toLowerCase())
      if (found) return found
    }
    return opts.defaultLocale
  }

  let currentLocale: L = opts.defaultLocale
  const Context = createContext<LocaleContextValue<L>>({ locale: currentLocale, setLocale: () => {} })

  function LocaleProvider({ children }: { children: ReactNode }) {
    const [wanted] = useState(initialLocale)
    const [locale, setState] = useState<L | undefined>(
      wanted === opts.defaultLocale ? opts.defaultLocale : undefined,
    )
    const apply = useCallback((next: L) => {
      currentLocale = next
      document.documentElement.lang = next
      setState(next)
    }, [])
    useEffect(() => {
      // A stored or browser locale other than German: its texts first, then the first render.
      if (wanted !== opts.defaultLocale) {
        void loadLocale(wanted)
          .then(() => apply(wanted))
          .catch(() => apply(opts.defaultLocale))
      } else apply(wanted)
    }, [wanted, apply])
    const setLocale = useCallback(
      (next: L) => {
        try {
          localStorage.setItem(storageKey, next)
        } catch {
          // storage blocked: the choice lasts for this page
        }
        void loadLocale(next).then(() => apply(next))
      },
      [apply],
    )
    const value = useMemo(() => ({ locale: locale ?? opts.defaultLocale, setLocale }), [locale, setLocale])
    if (!locale) return null
    return <Context.Provider value={value}>{children}</Context.Provider>
  }

  function useLocale(): LocaleContextValue<L> {
    return useContext(Context)
  }

  function useT(namespace: string): Translate {
    const { locale } = useLocale()
    return useCallback(
      (key: string, params?: TranslationParams) =>
        t(key.includes(':') ? key : `${namespace}:${key}`, params, locale),
      [namespace, locale],
    )
  }

  return {
    loadLocale,
    isLocale,
    initialLocale,
    activeLocale: () => currentLocale,
    LocaleProvider,
    useLocale,
    useT,
  }
}
