import { createHash } from 'node:crypto'
import helmet from '@fastify/helmet'
import type { FastifyInstance, FastifyReply } from 'fastify'

// Security headers (docs/security.md "Headers"): on every answer `nosniff`, `X-Frame-Options`,
// a referrer policy that never sends a path (a status link's hash) to another site, and on every
// HTML page a Content-Security-Policy that allows only the shop's own scripts. The apps' one
// inline script (the theme before the first paint) is allowed by its hash, taken from the built
// page, so a rebuilt page keeps working and nothing else inline runs.

/** The origins OpenStreetMap's tiles come from (the storefront's default map, spec §9). */
export const OSM_TILE_ORIGIN = 'https://tile.openstreetmap.org'

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    // Per page below: the HTML pages set their own.
    contentSecurityPolicy: false,
    // Images and uploads are linked from mails and other sites.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
  })
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The hashes of a page's inline `<script>` (no src) and `<style>` elements, for its CSP. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const of = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi'))]
      .filter((m) => !/\ssrc\s*=/i.test(m[1] ?? ''))
      .map((m) => sha256(m[2] ?? ''))
  return { scripts: of('script'), styles: of('style') }
}

export type PagePolicy = {
  /** Hashes of the page's inline scripts and styles (`inlineHashes`). */
  scripts?: readonly string[]
  styles?: readonly string[]
  /** Other origins the page's map reads tiles and styles from. */
  mapOrigins?: readonly string[]
}

/** The Content-Security-Policy of one HTML page. */
export function contentSecurityPolicy(policy: PagePolicy = {}): string {
  const map = policy.mapOrigins ?? []
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(policy.scripts ?? [])],
    // Components set element styles through the CSSOM (allowed); no <style> element runs but the
    // page's own by hash, and no style attribute from markup (content HTML is sanitised too).
    'style-src': ["'self'", ...(policy.styles ?? [])],
    'img-src': ["'self'", 'data:', 'blob:', ...map],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...map],
    // The map renders in workers made from blobs; the service worker is the app's own file.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** Sets the page's policy on an HTML answer. */
export function withPagePolicy(reply: FastifyReply, policy: PagePolicy): FastifyReply {
  return reply.header('content-security-policy', contentSecurityPolicy(policy))
}

/** The origin of a configured map style URL (an https URL), if any. */
export function mapOriginOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}
