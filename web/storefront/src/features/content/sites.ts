/**
 * Sites by path and locale (spec §2 route table: the catch-all path is resolved as a site by path
 * and locale; §3 "site and navigation": translated per locale, each with its own path).
 * Pure: the shell's header and the content page share it.
 */

/** The default content locale (spec §9): used when the active locale has no translation. */
export const DEFAULT_CONTENT_LOCALE = 'de-CH'

export type SiteTranslationLike = {
  path: string
  title?: string | null
  name: string
  description?: string | null
  content?: unknown
  /** False: this language is still a draft (shown to staff only, with the draft marker). */
  isPublic?: boolean
}

export type SiteLike = {
  id: string
  type?: string
  isPublic?: boolean
  translations: Partial<Record<string, SiteTranslationLike>>
}

/** The content locales that stand for a storefront locale, best first ('en' has two). */
export function contentLocales(locale: string): string[] {
  if (locale === 'en') return ['en-GB', 'en-US']
  return [locale]
}

/** The storefront locale a content locale belongs to (for the language picker). */
export function storefrontLocaleOf(contentLocale: string): string {
  return contentLocale.startsWith('en-') ? 'en' : contentLocale
}

function entries(site: SiteLike): [string, SiteTranslationLike][] {
  return Object.entries(site.translations).filter((e): e is [string, SiteTranslationLike] => Boolean(e[1]))
}

/** A translation for the active locale, else the default locale's, else the first one. */
export function pickTranslation<T>(
  translations: Partial<Record<string, T>>,
  locale: string,
): { locale: string; translation: T } | undefined {
  const all = Object.entries(translations).filter(
    (e): e is [string, T] => e[1] !== undefined && e[1] !== null,
  )
  for (const wanted of [...contentLocales(locale), DEFAULT_CONTENT_LOCALE]) {
    const hit = all.find(([l]) => l === wanted)
    if (hit) return { locale: hit[0], translation: hit[1] }
  }
  const first = all[0]
  return first ? { locale: first[0], translation: first[1] } : undefined
}

/** The site's translation for the active locale, else the default locale's, else the first. */
export function siteTranslation(
  site: SiteLike,
  locale: string,
): { locale: string; translation: SiteTranslationLike } | undefined {
  return pickTranslation(site.translations, locale)
}

/** The path a link to the site uses in the active locale (translated path if one exists). */
export function sitePath(site: SiteLike, locale: string): string | undefined {
  return siteTranslation(site, locale)?.translation.path
}

/** A browser path in the form site paths are stored in: decoded, without a trailing slash. */
export function normalisePath(pathname: string): string {
  let path = pathname
  try {
    path = decodeURI(pathname)
  } catch {
    // a malformed escape: compare as it is
  }
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path
}

/** Routes the router gives to other pages (never a site, even if a site claims the path). */
export function isContentRoute(pathname: string): boolean {
  return pathname !== '/' && !/^\/(store|status|site|kiosk)(\/|$)/.test(pathname)
}

export type ResolvedSite = {
  site: SiteLike
  /** The content locale of the translation shown. */
  locale: string
  translation: SiteTranslationLike
  /**
   * Set when the path belongs to another language of a site that has a translation in the
   * active locale: the page moves there, so content and language picker agree.
   */
  redirectTo?: string
}

/**
 * The site at a path for the active locale: a translation of the active locale with that path
 * first; else the default locale's, else any translation with that path.
 */
export function resolveSite(
  sites: readonly SiteLike[],
  pathname: string,
  locale: string,
): ResolvedSite | undefined {
  if (!isContentRoute(pathname)) return undefined
  const path = normalisePath(pathname)
  const hits: { site: SiteLike; locale: string; translation: SiteTranslationLike }[] = []
  for (const site of sites) {
    for (const [l, translation] of entries(site)) {
      if (normalisePath(translation.path) === path) hits.push({ site, locale: l, translation })
    }
  }
  const wanted = contentLocales(locale)
  const own = hits.find((h) => wanted.includes(h.locale))
  if (own) return own
  const hit = hits.find((h) => h.locale === DEFAULT_CONTENT_LOCALE) ?? hits[0]
  if (!hit) return undefined
  const translated = entries(hit.site).find(([l]) => wanted.includes(l))
  if (translated && normalisePath(translated[1].path) !== path) {
    return { ...hit, redirectTo: translated[1].path }
  }
  return hit
}

/** The storefront locales (of `enabled`) a site has a translation for. */
export function siteLocales(site: SiteLike, enabled: readonly string[]): string[] {
  const have = new Set(entries(site).map(([l]) => storefrontLocaleOf(l)))
  return enabled.filter((l) => have.has(l))
}

/**
 * Where the logo on a content page leads (spec §2: a slash plus the language part of the active
 * locale). The default locale's home is '/'; another language's home only when a site claims
 * that path, else '/' too, so the logo never leads to a 404.
 */
export function homePath(locale: string, sites: readonly SiteLike[]): string {
  if (locale === DEFAULT_CONTENT_LOCALE) return '/'
  const path = `/${locale.split('-')[0]?.toLowerCase() ?? ''}`
  const exists = sites.some((s) => entries(s).some(([, t]) => normalisePath(t.path) === path))
  return exists ? path : '/'
}

/**
 * The page's language alternates (spec §2: alternate-language links): every translation with its
 * path, the page's own included; none when the site has one translation only.
 */
export function siteAlternates(site: SiteLike): { locale: string; href: string }[] {
  const all = entries(site).map(([locale, t]) => ({ locale, href: t.path }))
  return all.length > 1 ? all : []
}
