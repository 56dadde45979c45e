import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { Db } from '@shop/kit'
import { mapStyleUrl, publicSitemap, redirectFor, seoPageAt, shopConfig } from '@shop/read-models'
import { normaliseRedirectPath } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import sharp from 'sharp'
import { inlineHashes, mapOriginOf, OSM_TILE_ORIGIN, withPagePolicy } from './security-headers.ts'
import { pageHeadOf, robotsTxt, sitemapXml, withHead } from './seo.ts'
import { PAGE } from './web-page.ts'

/** The built storefront (`npm run build:web`), beside the API in the repository. */
export const DEFAULT_STOREFRONT_ROOT = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'web',
  'storefront',
  'dist',
)

/** Paths the API, the socket and the file routes own: never answered with the app. */
const SERVER_PREFIXES = [
  '/api/',
  '/ws',
  '/image/',
  '/upload/',
  '/payments/',
  '/healthz',
  '/readyz',
  '/metrics',
  // The back-office app (services/api/src/backoffice.ts): '/backend' and everything under it.
  '/backend/',
]

/**
 * The storefront from the API process (one origin, DESIGN §1): hashed assets for a year, the
 * app shell for every other GET (the client routes it), after the shop's redirects (spec §3
 * redirect resource: path → target with 301 or 302). A path the server owns keeps its JSON 404.
 * False when the storefront was not built (nothing registered).
 */
export async function storefrontRoutes(
  app: FastifyInstance,
  deps: {
    db: Db
    root?: string | undefined
    /** The shop's public address (PUBLIC_URL) for absolute URLs; default the caller's origin. */
    publicUrl?: string | undefined
  },
): Promise<boolean> {
  const root = deps.root ?? DEFAULT_STOREFRONT_ROOT
  // Not built (`npm run build:web`): the API alone.
  if (!existsSync(join(root, 'index.html'))) return false
  // The build writes .br and .gz copies beside its files (scripts/build-web.ts).
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true })
  // The page's inline theme script, allowed by its hash (security-headers.ts).
  const indexHtml = readFileSync(join(root, 'index.html'), 'utf8')
  const inline = inlineHashes(indexHtml)
  const originOf = (req: FastifyRequest) =>
    deps.publicUrl?.trim().replace(/\/+$/, '') || `${req.protocol}://${req.host}`

  // SEO (spec §2): the public pages for search engines, and what they may crawl.
  app.get('/sitemap.xml', PAGE, async (req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(sitemapXml(await publicSitemap(deps.db), originOf(req))),
  )
  app.get('/robots.txt', PAGE, async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(robotsTxt(originOf(req))),
  )

  // The web app manifest from the shop's configuration (white label: its name, not ours).
  app.get('/manifest.webmanifest', PAGE, async (_req, reply) => {
    const data = (await shopConfig(deps.db)) ?? {}
    const name = String(data.shopName || data.title || 'Shop')
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        JSON.stringify({
          name,
          short_name: name.length > 12 ? name.split(/\s+/)[0] : name,
          description: String(data.seoDescription || data.description || ''),
          lang: 'de-CH',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#faf7f2',
          theme_color: '#000000',
          icons: [
            { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
          ],
        }),
      )
  })
  // PNG icons (install prompts want them) rendered once from the SVG.
  const icons = new Map<number, Promise<Buffer>>()
  app.get<{ Params: { size: string } }>('/icon-:size.png', PAGE, async (req, reply) => {
    const size = Number(req.params.size)
    if (size !== 192 && size !== 512) return reply.callNotFound()
    let png = icons.get(size)
    if (!png) {
      png = sharp(readFileSync(join(root, 'icon.svg')), { density: 300 })
        .resize(size, size)
        .png()
        .toBuffer()
      icons.set(size, png)
    }
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await png)
  })

  app.get('/*', PAGE, async (req, reply) => {
    const path = decodeURI(req.url.split('?')[0] ?? '/')
    if (SERVER_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) {
      return reply.callNotFound()
    }
    if (path.startsWith('/assets/')) {
      // Content-hashed names: a new build makes new names.
      return reply.sendFile(path.slice(1), { maxAge: 365 * 24 * 3600 * 1000, immutable: true })
    }
    if (
      path !== '/index.html' &&
      /^\/[\w.-]+\.(?:svg|png|ico|webmanifest|json|txt|js|html)$/.test(path) &&
      existsSync(join(root, path))
    ) {
      return reply.sendFile(path.slice(1), { maxAge: 3600 * 1000 })
    }
    // The lookups below decode the path once more ('/%2500' → '/%00' → NUL): a NUL names no
    // redirect and no page, and PostgreSQL refuses it in text.
    if (normaliseRedirectPath(path).includes('\u0000')) return reply.callNotFound()
    const redirect = await redirectFor(deps.db, path)
    if (redirect) return reply.redirect(redirect.target, redirect.statusCode)
    const mapOrigin = mapOriginOf(await mapStyleUrl(deps.db))
    const page = withPagePolicy(reply, {
      scripts: inline.scripts,
      styles: inline.styles,
      mapOrigins: [OSM_TILE_ORIGIN, ...(mapOrigin ? [mapOrigin] : [])],
    })
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
    // A content page, a branch's menu page or the home page: its title, description, canonical
    // URL, alternates and social tags in the head for crawlers without JavaScript (seo.ts).
    const seo = await seoPageAt(deps.db, path)
    if (seo) {
      const pathname = req.url.split('?')[0] ?? '/'
      return page.send(withHead(indexHtml, pageHeadOf(seo, originOf(req), pathname)))
    }
    return page.sendFile('index.html', { cacheControl: false })
  })
  return true
}
