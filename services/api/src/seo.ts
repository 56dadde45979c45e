import type { SeoPage, SitemapData } from '@shop/read-models'

// What crawlers read of the storefront (spec §2 "Page titles": title, canonical URL, alternate
// languages, social meta tags), made on the server: sitemap.xml, robots.txt, and the head of
// index.html for a content page, a branch's menu page and the home page, so a crawler without
// JavaScript (a social link preview) sees what the client's useHead (web/storefront/src/lib/
// head.ts) sets later. The client finds these tags and updates them in place. Every text the
// shop entered is escaped; nothing here adds a script (the page's CSP stays as it is).

/** Text for HTML (element content and double-quoted attribute values). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** Text for XML (the sitemap). */
export const escapeXml = escapeHtml

/** An absolute URL of a shop path: each segment percent-encoded once (a path may be stored decoded). */
export function absoluteUrl(origin: string, path: string): string {
  const encoded = path
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment))
      } catch {
        return encodeURIComponent(segment)
      }
    })
    .join('/')
  return `${origin}${encoded.startsWith('/') ? encoded : `/${encoded}`}`
}

/** sitemap.xml (sitemaps.org 0.9 with xhtml:link alternates of each site's languages). */
export function sitemapXml(data: SitemapData, origin: string): string {
  const url = (
    loc: string,
    lastmod: string | undefined,
    alternates: { locale: string; href: string }[] = [],
  ) =>
    [
      '  <url>',
      `    <loc>${escapeXml(loc)}</loc>`,
      ...(lastmod ? [`    <lastmod>${escapeXml(lastmod)}</lastmod>`] : []),
      ...alternates.map(
        (alt) =>
          `    <xhtml:link rel="alternate" hreflang="${escapeXml(alt.locale)}" href="${escapeXml(alt.href)}"/>`,
      ),
      '  </url>',
    ].join('\n')
  const entries: string[] = [url(`${origin}/`, data.homeUpdatedAt)]
  for (const branch of data.branches) {
    entries.push(url(absoluteUrl(origin, `/store/${branch.identifier}`), branch.updatedAt))
  }
  for (const site of data.sites) {
    const alternates =
      site.translations.length > 1
        ? site.translations.map((t) => ({ locale: t.locale, href: absoluteUrl(origin, t.path) }))
        : []
    const seen = new Set<string>()
    for (const translation of site.translations) {
      const loc = absoluteUrl(origin, translation.path)
      if (seen.has(loc)) continue
      seen.add(loc)
      entries.push(url(loc, site.updatedAt, alternates))
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt: the storefront for everyone, not the back-office, the API, checkouts, order status. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /backend',
    'Disallow: /api/',
    'Disallow: /store/*/checkout',
    'Disallow: /checkout',
    'Disallow: /status/',
    'Disallow: /kiosk/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

export type PageHead = {
  title: string
  description: string
  canonical: string
  alternates: { locale: string; href: string }[]
  /** A draft page: not for search engines. */
  noindex: boolean
}

/**
 * The head of a page as the client's pages set it: content page '{site title} - {shop name}'
 * (content-page.tsx), branch '{branch name} - {shop title}' (menu-page.tsx), home the
 * configured title and shop name (home.view.ts `homeTitle`, `homeDescription`).
 */
export function pageHeadOf(page: SeoPage, origin: string, pathname: string): PageHead {
  const canonical = absoluteUrl(origin, pathname)
  const { config } = page
  switch (page.kind) {
    case 'site':
      return {
        title: `${page.title} - ${config.shopName}`,
        description: page.description,
        canonical,
        // Every language, this one included; none for a page in one language (as the client).
        alternates:
          page.alternates.length > 1
            ? page.alternates.map((alt) => ({ locale: alt.locale, href: absoluteUrl(origin, alt.path) }))
            : [],
        noindex: !page.isPublic,
      }
    case 'branch':
      return {
        title: `${page.name} - ${config.title || config.shopName}`,
        description: page.description,
        canonical,
        alternates: [],
        noindex: false,
      }
    case 'home': {
      const { title, shopName } = config
      const full =
        title === '' ? shopName : shopName === '' || title === shopName ? title : `${title} - ${shopName}`
      return {
        title: full,
        description: config.seoDescription || config.description,
        canonical,
        alternates: [],
        noindex: false,
      }
    }
  }
}

/** The head tags of a page (escaped): title, description, canonical, alternates, Open Graph, Twitter. */
export function headTags(head: PageHead): string {
  const e = escapeHtml
  const tags = [
    `<title>${e(head.title)}</title>`,
    ...(head.description ? [`<meta name="description" content="${e(head.description)}" />`] : []),
    `<link rel="canonical" href="${e(head.canonical)}" />`,
    ...head.alternates.map(
      (alt) => `<link rel="alternate" hreflang="${e(alt.locale)}" href="${e(alt.href)}" />`,
    ),
    `<meta property="og:title" content="${e(head.title)}" />`,
    ...(head.description ? [`<meta property="og:description" content="${e(head.description)}" />`] : []),
    `<meta property="og:url" content="${e(head.canonical)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta name="twitter:card" content="summary" />',
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ]
  return tags.map((tag) => `    ${tag}`).join('\n')
}

/**
 * index.html with the page's head: the build's placeholder title and empty description are
 * replaced, the rest goes before `</head>`.
 */
export function withHead(html: string, head: PageHead): string {
  const stripped = html
    .replace(/[ \t]*<title>[\s\S]*?<\/title>\r?\n?/i, '')
    .replace(/[ \t]*<meta name="description"[^>]*>\r?\n?/i, '')
  const at = stripped.search(/<\/head>/i)
  if (at < 0) return html
  return `${stripped.slice(0, at)}${headTags(head).trimStart()}\n  ${stripped.slice(at)}`
}
