/**
 * The catalogue lookup, without a library: texts by locale and namespace, the fallback chain,
 * `{{name}}` placeholders and plural forms by `count`. It gives what i18next gives for our
 * catalogues (i18n.unit.test.ts checks every text against i18next), at a fraction of the
 * browser's download.
 */
export type Catalogue = { readonly [key: string]: string | Catalogue }
export type TranslationParams = Record<string, string | number>
/** By full code ('de-AT'), language ('de') or 'default': the locales to try after the asked one. */
export type FallbackLocales = Readonly<Record<string, readonly string[]>>

export type Translator = {
  /**
   * Translates `key` (optionally `namespace:key`) synchronously. `{{name}}` placeholders are
   * filled from `params` (a missing value leaves its placeholder; a parameter named like an
   * option never changes the lookup); `count` picks the plural form.
   */
  t(key: string, params?: TranslationParams, locale?: string): string
  /** True when the key exists in the catalogue of `locale` or one of its fallbacks. */
  has(key: string, locale?: string): boolean
  add(locale: string, namespace: string, texts: Catalogue): void
  /**
   * Adds a namespace of texts for some locales (the web apps bring their own screens' texts
   * this way, so the server does not carry them). Adding again merges, the new texts winning.
   */
  addNamespace(namespace: string, byLocale: Readonly<Record<string, object>>): void
  locales(): string[]
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g

export function createTranslator(opts: {
  defaultLocale: string
  defaultNamespace: string
  fallbacks: FallbackLocales
}): Translator {
  const store = new Map<string, Map<string, Catalogue>>()
  const chains = new Map<string, string[]>()
  const plainTexts = new Map<string, string | null>()
  const pluralRules = new Map<string, Intl.PluralRules>()

  // As i18next resolves a code: the code, its language, then the configured fallbacks.
  function chain(locale: string): string[] {
    let codes = chains.get(locale)
    if (!codes) {
      const language = locale.split('-')[0] ?? locale
      const fallbacks = opts.fallbacks[locale] ?? opts.fallbacks[language] ?? opts.fallbacks.default ?? []
      codes = [...new Set([locale, language, ...fallbacks])]
      chains.set(locale, codes)
    }
    return codes
  }

  function split(key: string): [string, string] {
    const at = key.indexOf(':')
    return at < 0 ? [opts.defaultNamespace, key] : [key.slice(0, at), key.slice(at + 1)]
  }

  function find(locale: string, namespace: string, path: string): string | undefined {
    let node: string | Catalogue | undefined = store.get(locale)?.get(namespace)
    for (const part of path.split('.')) {
      if (node === undefined || typeof node === 'string') return undefined
      node = node[part]
    }
    return typeof node === 'string' ? node : undefined
  }

  function rules(locale: string): Intl.PluralRules {
    let r = pluralRules.get(locale)
    if (!r) {
      try {
        r = new Intl.PluralRules(locale)
      } catch {
        r = new Intl.PluralRules('en')
      }
      pluralRules.set(locale, r)
    }
    return r
  }

  /** The text with its fallbacks; with a count the plural form of each locale is tried first. */
  function lookup(key: string, locale: string, count?: number): string | undefined {
    const [namespace, path] = split(key)
    for (const code of chain(locale)) {
      if (count !== undefined) {
        if (count === 0) {
          const zero = find(code, namespace, `${path}_zero`)
          if (zero !== undefined) return zero
        }
        const form = find(code, namespace, `${path}_${rules(code).select(count)}`)
        if (form !== undefined) return form
      }
      const text = find(code, namespace, path)
      if (text !== undefined) return text
    }
    return undefined
  }

  function fill(text: string, params: TranslationParams): string {
    return text.replace(PLACEHOLDER, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    )
  }

  function add(locale: string, namespace: string, texts: Catalogue): void {
    let byNamespace = store.get(locale)
    if (!byNamespace) {
      byNamespace = new Map()
      store.set(locale, byNamespace)
    }
    byNamespace.set(namespace, merge(byNamespace.get(namespace), texts))
    plainTexts.clear()
  }

  return {
    t(key, params, locale = opts.defaultLocale) {
      const count = typeof params?.count === 'number' ? params.count : undefined
      if (count !== undefined) return fill(lookup(key, locale, count) ?? split(key)[1], params!)
      // Mails and receipts ask for the same texts over and over: the lookup is cached.
      const cacheKey = `${locale}\u0000${key}`
      let text = plainTexts.get(cacheKey)
      if (text === undefined) {
        text = lookup(key, locale) ?? null
        plainTexts.set(cacheKey, text)
      }
      const found = text ?? split(key)[1]
      return params === undefined ? found : fill(found, params)
    },
    has(key, locale = opts.defaultLocale) {
      return lookup(key, locale) !== undefined
    },
    add,
    addNamespace(namespace, byLocale) {
      for (const [locale, texts] of Object.entries(byLocale)) add(locale, namespace, texts as Catalogue)
    },
    locales() {
      return [...store.keys()]
    },
  }
}

function merge(base: Catalogue | undefined, extra: Catalogue): Catalogue {
  if (!base) return extra
  const out: Record<string, string | Catalogue> = { ...base }
  for (const [k, v] of Object.entries(extra)) {
    const old = out[k]
    out[k] = typeof v === 'object' && typeof old === 'object' ? merge(old, v) : v
  }
  return out
}
