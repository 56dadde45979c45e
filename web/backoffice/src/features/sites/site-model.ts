/**
 * The site editor's form (issue 19): a site (spec §3 "site and navigation") as the form holds it
 * and the body it sends. The form mirrors the body (`translations.de-CH.content.sections.0.text`),
 * so the shared contract's and the server's errors land at their fields; it adds per language
 * whether the language is offered at all, and for the whole site which variant of the default
 * type it is (simple page: formatted text; standard page: sections). Pure.
 */
import {
  type ContentConfig,
  completeContent,
  contentValueOf,
  isObject,
  SITE_TYPES,
  type SiteVariant,
  siteVariantOf,
} from '@shop/shared/domain/content'

/** The languages a site is written in here (content locales; 'en-GB' is the storefront's English). */
export const SITE_LOCALES = ['de-CH', 'fr-FR', 'en-GB'] as const
export type SiteLocale = (typeof SITE_LOCALES)[number]

export type SiteTranslationForm = {
  /** The language is offered (a translation is stored). */
  enabled: boolean
  path: string
  name: string
  title: string
  description: string
  /** This language is public once the site is (false: it stays a draft). */
  isPublic: boolean
  content: unknown
}

export type SiteForm = {
  type: string
  isPublic: boolean
  variant: SiteVariant
  translations: Record<SiteLocale, SiteTranslationForm>
}

type StoredTranslation = {
  path?: string
  name?: string
  title?: string | null
  description?: string | null
  isPublic?: boolean
  content?: unknown
}

export type StoredSite = {
  type?: string
  isPublic?: boolean
  translations?: Partial<Record<string, StoredTranslation | null>>
}

/** The content configuration of a site type's variant, if the editor knows the type. */
export function configOf(type: string, variant: SiteVariant): ContentConfig | undefined {
  return SITE_TYPES[type]?.[variant]
}

/**
 * A content brought to another variant: a simple page's text becomes a standard page's first text
 * section; a standard page becomes simple with the texts of its sections (columns' texts
 * included; pictures, teasers and galleries are left out). Other fields stay.
 */
export function convertContent(content: unknown, to: SiteVariant): Record<string, unknown> {
  const value = contentValueOf(content)
  const source = isObject(value) ? value : {}
  const from = siteVariantOf(source)
  const { body, sections, ...rest } = source
  if (from === to) return { ...source }
  if (to === 'standard') {
    const html = typeof body === 'string' ? body : ''
    return { ...rest, sections: html.trim() ? [{ type: 'text_section', text: html }] : [] }
  }
  const texts: string[] = []
  for (const section of Array.isArray(sections) ? sections : []) {
    if (!isObject(section)) continue
    if (section.type === 'text_section' && typeof section.text === 'string') texts.push(section.text)
    if (section.type === 'columns_section' && Array.isArray(section.content)) {
      for (const item of section.content) {
        if (isObject(item) && item.type === 'text' && typeof item.text === 'string') texts.push(item.text)
      }
    }
  }
  return { ...rest, body: texts.filter((t) => t.trim()).join('') }
}

/** A content as the form edits it: in the site's variant, every configured field present. */
export function contentToForm(type: string, variant: SiteVariant, content: unknown): unknown {
  const config = configOf(type, variant)
  if (!config) return content ?? null
  return completeContent(config, convertContent(content, variant))
}

/** The stored site (or a new one: a German standard page) as the form's values. */
export function siteToForm(site: StoredSite | null): SiteForm {
  const type = site?.type ?? 'default'
  const stored = site?.translations ?? {}
  const first = SITE_LOCALES.map((l) => stored[l]).find(Boolean) ?? Object.values(stored).find(Boolean)
  const variant: SiteVariant = site ? siteVariantOf(contentValueOf(first?.content ?? null)) : 'standard'
  const translations = Object.fromEntries(
    SITE_LOCALES.map((locale) => {
      const t = stored[locale] ?? null
      return [
        locale,
        {
          enabled: t !== null || (site === null && locale === 'de-CH'),
          path: t?.path ?? '',
          name: t?.name ?? '',
          title: t?.title ?? '',
          description: t?.description ?? '',
          isPublic: t?.isPublic !== false,
          content: contentToForm(type, variant, t?.content ?? null),
        },
      ]
    }),
  ) as Record<SiteLocale, SiteTranslationForm>
  return { type, isPublic: site?.isPublic ?? false, variant, translations }
}

/** The content to send: the variant's fields (the other variant's field left out), others kept. */
export function contentToBody(type: string, variant: SiteVariant, content: unknown): unknown {
  if (!configOf(type, variant)) return content ?? null
  const source = isObject(content) ? content : {}
  const { body, sections, ...rest } = source
  return variant === 'standard' ? { ...rest, sections: sections ?? [] } : { ...rest, body: body ?? '' }
}

/**
 * The body of POST/PUT /api/sites: the offered languages only; the languages of the stored site
 * the editor does not show (de-AT, en-US, …) are kept as they are.
 */
export function siteToBody(values: SiteForm, site: StoredSite | null): Record<string, unknown> {
  const kept = Object.fromEntries(
    Object.entries(site?.translations ?? {}).filter(
      ([locale, t]) => t && !(SITE_LOCALES as readonly string[]).includes(locale),
    ),
  )
  const translations: Record<string, unknown> = { ...kept }
  for (const locale of SITE_LOCALES) {
    const t = values.translations[locale]
    if (!t?.enabled) continue
    translations[locale] = {
      path: t.path,
      name: t.name,
      title: t.title,
      description: t.description,
      isPublic: t.isPublic,
      content: contentToBody(values.type, values.variant, t.content),
    }
  }
  return { type: values.type, isPublic: values.isPublic, translations }
}

/** Whether anyone can read this translation (the site and the language are public). */
export function isPublicTranslation(site: StoredSite, locale: string): boolean {
  const t = site.translations?.[locale]
  return site.isPublic === true && !!t && t.isPublic !== false
}

/**
 * The paths a save moved that visitors could reach before (a public translation of a public
 * site): each old path may get a redirect to the new one.
 */
export function movedPublicPaths(
  before: StoredSite | null,
  after: StoredSite,
): { locale: string; from: string; to: string }[] {
  if (!before) return []
  return Object.entries(before.translations ?? {}).flatMap(([locale, t]) => {
    const next = after.translations?.[locale]
    if (!t?.path || !next?.path || !isPublicTranslation(before, locale)) return []
    return t.path !== next.path ? [{ locale, from: t.path, to: next.path }] : []
  })
}
