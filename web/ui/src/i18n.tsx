import { i18n, registerNamespace, type TranslationParams, t } from '@shop/shared/i18n'
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
import { I18nextProvider, type UseTranslationOptions, useTranslation } from 'react-i18next'

/**
 * The locale machinery of a web app (storefront, back-office): react-i18next over the i18next
 * instance of `@shop/shared/i18n` (which each app's Vite config swaps for its browser module,
 * with only the shared catalogues it needs), and the app's own catalogues
 * (src/locales/<locale>/<namespace>.json, German bundled, the others downloaded when chosen)
 * added to it as namespaces. The choice is stored per origin.
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
  /**
   * A query parameter whose locale (`?lang=fr-FR`) wins over the stored one and the browser's
   * when the app starts, without being stored (a link that opens a page in a language).
   */
  urlParameter?: string
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
   * `<namespace>:title`; a key with its own `ns:` prefix reads that namespace. Built on
   * react-i18next's `useTranslation`: a change of language renders the component again.
   */
  useT(namespace: string): Translate
  /**
   * German catalogues bundled with a page's own chunk rather than the entry (a page the first
   * load does not need): registered when that chunk loads, before it renders.
   */
  addGerman(modules: Record<string, CatalogueModule>): void
}

// Every text is bundled or loaded before its locale is switched to: nothing to suspend for.
const TRANSLATION_OPTIONS: UseTranslationOptions<undefined> = { useSuspense: false }

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
    if (opts.urlParameter) {
      try {
        const asked = new URLSearchParams(window.location.search).get(opts.urlParameter)
        if (isLocale(asked)) return asked
      } catch {
        // no location (not a browser): fall through
      }
    }
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
      // Synchronous (every text is bundled): react-i18next renders its users again.
      void i18n.changeLanguage(next)
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
    return (
      <I18nextProvider i18n={i18n}>
        <Context.Provider value={value}>{children}</Context.Provider>
      </I18nextProvider>
    )
  }

  function useLocale(): LocaleContextValue<L> {
    return useContext(Context)
  }

  function useT(namespace: string): Translate {
    // The instance and its language from react-i18next; the texts through the shared `t` over
    // the same instance, so parameters are only values (never options) and repeated texts are
    // looked up once (a render asks for hundreds).
    const { i18n: instance } = useTranslation(namespace, TRANSLATION_OPTIONS)
    const lng = instance.language
    return useCallback(
      (key: string, params?: TranslationParams) =>
        t(key.includes(':') ? key : `${namespace}:${key}`, params, lng),
      [namespace, lng],
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
    addGerman: (modules) => {
      for (const [path, module] of Object.entries(modules)) register(path, module.default)
    },
  }
}
