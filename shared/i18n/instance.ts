/**
 * The catalogues through i18next: one instance with the product's locales, fallbacks and
 * namespaces, initialised synchronously, and the functions the server and the shared domain
 * call (`t(key, params, locale)`, `hasTranslation`, `registerNamespace`) over it. The web apps
 * put the same instance under react-i18next (web/ui's locale kit).
 */
import { createInstance, type i18n as I18n, type TOptions } from 'i18next'
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, fallbackLocales } from './locales.ts'

/** A namespace's texts: nested keys, strings at the leaves. */
export type Catalogue = { readonly [key: string]: string | Catalogue }
/** The catalogues of a locale by namespace. */
export type Catalogues = Readonly<Record<string, object>>
/**
 * Values for the `{{name}}` placeholders (and the Intl formats, `{{rate, number}}`); a number
 * `count` also picks the plural form (`_zero` for 0 when the text has one, then the locale's
 * plural category). A parameter named like an i18next option (`lng`, `ns`, `context`…) is only
 * a value: it never changes the lookup.
 */
export type TranslationParams = Record<string, string | number>

export type Translations = {
  /**
   * The text of `key` (optionally `namespace:key`) in `locale` (default de-CH) or its fallbacks,
   * synchronously, placeholders filled from `params` (a missing value leaves its placeholder).
   * A missing key gives the key without its namespace.
   */
  t(key: string, params?: TranslationParams, locale?: string): string
  /** True when the key has a text in `locale` or one of its fallbacks. */
  hasTranslation(key: string, locale?: string): boolean
  /**
   * Adds a namespace of texts for some locales (the web apps bring their own screens' texts and
   * download other locales this way). Adding again merges, the new texts winning.
   */
  registerNamespace(namespace: string, byLocale: Readonly<Record<string, object>>): void
}

/** An i18next instance with the product's settings and these catalogues, ready on return. */
export function createShopI18n(catalogues: Readonly<Record<string, Catalogues>>): I18n {
  const i18n = createInstance()
  // A copy: texts merged in later (registerNamespace) must not change the imported JSON modules.
  const resources = JSON.parse(JSON.stringify(catalogues)) as Record<string, Record<string, Catalogue>>
  const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))]
  void i18n.init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: fallbackLocales as Record<string, string[]>,
    ns: namespaces.includes(DEFAULT_NAMESPACE) ? namespaces : [DEFAULT_NAMESPACE, ...namespaces],
    defaultNS: DEFAULT_NAMESPACE,
    nsSeparator: ':',
    keySeparator: '.',
    // Everything is bundled: init, t and changeLanguage complete synchronously.
    initAsync: false,
    returnNull: false,
    returnEmptyString: true,
    // A key naming a group of texts is a missing text: its key, as for any other missing key.
    returnedObjectHandler: (key: string) => key,
    // React escapes what it renders; the mails escape their HTML themselves (render.ts).
    interpolation: { escapeValue: false },
  })
  return i18n
}

const NESTING = '$t('
const PLAIN_PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}|\{\{/g

/** The text with its plain placeholders filled; undefined when one is not plain or has no value. */
function plainFill(text: string, params: TranslationParams): string | undefined {
  let ok = true
  const out = text.replace(PLAIN_PLACEHOLDER, (whole, name: string | undefined) => {
    if (name === undefined || !Object.hasOwn(params, name)) {
      ok = false
      return whole
    }
    return String(params[name])
  })
  return ok ? out : undefined
}
const PLACEHOLDER = '{{'
/** Entries a cache keeps before it starts over (keys come from code, a count from data). */
const CACHE_LIMIT = 10_000

/** Values by locale and key, made once; all forgotten when texts are added, or when too many. */
function cacheByLocale<V>() {
  let byLocale = new Map<string, Map<string, V>>()
  let size = 0
  const clear = () => {
    byLocale = new Map()
    size = 0
  }
  function get(lng: string, key: string, make: () => V): V {
    let byKey = byLocale.get(lng)
    if (byKey === undefined) {
      byKey = new Map()
      byLocale.set(lng, byKey)
    }
    let value = byKey.get(key)
    if (value === undefined) {
      if (size >= CACHE_LIMIT) {
        clear()
        return get(lng, key, make)
      }
      value = make()
      byKey.set(key, value)
      size++
    }
    return value
  }
  return { get, clear }
}

/**
 * `t`, `hasTranslation` and `registerNamespace` over an instance. i18next resolves every text
 * (fallbacks, namespaces, plural forms) and fills it with its own interpolator and Intl
 * formats. The resolved text of a key, locale and count is kept until texts are added: mails,
 * receipts and renders ask for the same texts over and over, and an `i18n.t` costs some µs,
 * about a hundred times a kept lookup. A text that nests others (`$t(…)`) always takes `i18n.t`.
 */
export function translationsOf(i18n: I18n): Translations {
  const texts = cacheByLocale<string>()
  const known = cacheByLocale<boolean>()
  const forget = () => {
    texts.clear()
    known.clear()
  }
  i18n.store.on('added', forget)
  i18n.store.on('removed', forget)

  function options(lng: string, params: TranslationParams | undefined): TOptions {
    // The parameters only fill placeholders (`replace`); only a number count is an option.
    const count = params?.count
    return typeof count === 'number' ? { lng, count, replace: params } : { lng, replace: params ?? {} }
  }

  function resolved(key: string, lng: string, count: number | undefined): string {
    if (count === undefined)
      return texts.get(lng, key, () => String(i18n.t(key, { lng, skipInterpolation: true })))
    return texts.get(lng, `${key}\u0000${count}`, () =>
      String(i18n.t(key, { lng, count, skipInterpolation: true })),
    )
  }

  return {
    t(key, params, locale) {
      const lng = locale || DEFAULT_LOCALE
      const count = params?.count
      const text = resolved(key, lng, typeof count === 'number' ? count : undefined)
      if (text.includes(NESTING)) return String(i18n.t(key, options(lng, params)))
      if (params === undefined || !text.includes(PLACEHOLDER)) return text
      // Plain `{{name}}` placeholders whose values are all given: what the interpolator makes of
      // them (escapeValue is off: the value as text), without its per-call setup, which cost
      // mails and receipts several µs a line. Formats (`{{rate, number}}`), a missing value or a
      // nesting take i18next's interpolator itself.
      const plain = plainFill(text, params)
      if (plain !== undefined) return plain
      // What i18n.t does with the resolved text: the same interpolator, data and options.
      return i18n.services.interpolator.interpolate(text, params, lng, options(lng, params) as object)
    },
    hasTranslation(key, locale) {
      const lng = locale || DEFAULT_LOCALE
      return known.get(lng, key, () => i18n.exists(key, { lng, returnObjects: false }))
    },
    registerNamespace(namespace, byLocale) {
      for (const [locale, texts] of Object.entries(byLocale))
        i18n.addResourceBundle(locale, namespace, texts, true, true)
    },
  }
}
