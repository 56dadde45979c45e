import type { Db } from '@shop/kit'
import { normaliseRedirectPath } from '@shop/shared/contracts'
import { sql } from 'kysely'
import { shopConfig } from './site.ts'

// What the storefront server tells crawlers (services/api/src/seo.ts): the public pages for
// sitemap.xml, and a page's title and description for the head of index.html, so a crawler
// without JavaScript (a social link preview) sees what the client sets later.

export type SitemapTranslation = { locale: string; path: string }
export type SitemapData = {
  /** The configuration's last change (the home page's lastmod), if stored. */
  homeUpdatedAt: string | undefined
  /** Public sites with their public translations (at least one). */
  sites: { id: string; updatedAt: string; translations: SitemapTranslation[] }[]
  /** Public branches, their menu pages at /store/{identifier}. */
  branches: { identifier: string; updatedAt: string }[]
}

type SiteTranslationData = {
  path?: unknown
  title?: unknown
  name?: unknown
  description?: unknown
  isPublic?: unknown
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const iso = (value: Date | string) => new Date(value).toISOString()

/** The translations of a site's state, each with its locale, in a stable order. */
function translationsOf(data: unknown): [string, SiteTranslationData][] {
  const translations = (data as { translations?: unknown } | null)?.translations
  if (!translations || typeof translations !== 'object') return []
  return Object.entries(translations as Record<string, SiteTranslationData | null>)
    .filter((e): e is [string, SiteTranslationData] => Boolean(e[1]) && typeof e[1]?.path === 'string')
    .sort(([a], [b]) => a.localeCompare(b))
}

/** The public sites, branches and the home page for sitemap.xml; drafts are left out. */
export async function publicSitemap(db: Db): Promise<SitemapData> {
  const rows = await db
    .selectFrom('rm_resources')
    .select(['type', 'id', 'data', 'updated_at'])
    .where('type', 'in', ['site', 'branch', 'config'])
    .where(sql<boolean>`type = 'config' OR data->'isPublic' = 'true'::jsonb`)
    .orderBy('type')
    .orderBy('id')
    .execute()
  const data: SitemapData = { homeUpdatedAt: undefined, sites: [], branches: [] }
  for (const row of rows) {
    if (row.type === 'config') data.homeUpdatedAt = iso(row.updated_at)
    if (row.type === 'branch') {
      const identifier = text((row.data as { identifier?: unknown }).identifier)
      if (identifier) data.branches.push({ identifier, updatedAt: iso(row.updated_at) })
    }
    if (row.type === 'site') {
      const translations = translationsOf(row.data)
        // A translation may carry its own public flag: a false one is a draft.
        .filter(([, t]) => t.isPublic !== false)
        .map(([locale, t]) => ({ locale, path: normaliseRedirectPath(String(t.path)) }))
      if (translations.length > 0)
        data.sites.push({ id: row.id, updatedAt: iso(row.updated_at), translations })
    }
  }
  return data
}

export type SeoConfig = {
  shopName: string
  title: string
  description: string
  seoDescription: string
}

export type SeoPage =
  | {
      kind: 'site'
      config: SeoConfig
      locale: string
      title: string
      description: string
      isPublic: boolean
      /** The site's translations (every language, this one included), with their paths. */
      alternates: SitemapTranslation[]
    }
  | { kind: 'branch'; config: SeoConfig; name: string; description: string }
  | { kind: 'home'; config: SeoConfig }

function seoConfigOf(data: Record<string, unknown> | undefined): SeoConfig {
  return {
    shopName: text(data?.shopName),
    title: text(data?.title),
    description: text(data?.description),
    seoDescription: text(data?.seoDescription),
  }
}

/**
 * The page a storefront path shows, for its head: the home page, a branch's menu page
 * (/store/{identifier}) or a content page (a site translation at the path; de-CH first, as
 * the client falls back to it). Undefined for any other path (the client's 404 or its own page).
 */
export async function seoPageAt(
  db: Db,
  pathname: string,
  preferredLocale = 'de-CH',
): Promise<SeoPage | undefined> {
  const path = normaliseRedirectPath(pathname)
  const configOf = async () => seoConfigOf(await shopConfig(db))
  if (path === '/') return { kind: 'home', config: await configOf() }
  const store = /^\/store\/([^/]+)$/.exec(path)
  if (store) {
    const branch = await db
      .selectFrom('rm_resources')
      .select('data')
      .where('type', '=', 'branch')
      .where(sql<string>`lower(data->>'identifier')`, '=', (store[1] ?? '').toLowerCase())
      .executeTakeFirst()
    if (!branch) return undefined
    const d = branch.data as { name?: unknown; description?: unknown }
    return { kind: 'branch', config: await configOf(), name: text(d.name), description: text(d.description) }
  }
  if (/^\/(store|status|site|kiosk)(\/|$)/.test(path)) return undefined
  const { rows } = await sql<{ data: unknown }>`
    SELECT r.data FROM rm_resources r
     WHERE r.type = 'site'
       AND EXISTS (SELECT 1 FROM jsonb_each(CASE WHEN jsonb_typeof(r.data->'translations') = 'object'
                                                 THEN r.data->'translations' ELSE '{}'::jsonb END) AS t
                    WHERE coalesce(nullif(rtrim(t.value->>'path', '/'), ''), '/') = ${path})
     ORDER BY r.created_at, r.id`.execute(db)
  const hits = rows.flatMap((row) =>
    translationsOf(row.data)
      .filter(([, t]) => normaliseRedirectPath(String(t.path)) === path)
      .map(([locale, t]) => ({ row, locale, t })),
  )
  const hit =
    hits.find((h) => h.locale === preferredLocale) ?? hits.find((h) => h.locale === 'de-CH') ?? hits[0]
  if (!hit) return undefined
  return {
    kind: 'site',
    config: await configOf(),
    locale: hit.locale,
    title: text(hit.t.title) || text(hit.t.name),
    description: text(hit.t.description),
    isPublic: (hit.row.data as { isPublic?: unknown }).isPublic === true && hit.t.isPublic !== false,
    alternates: translationsOf(hit.row.data).map(([locale, t]) => ({ locale, path: String(t.path) })),
  }
}
