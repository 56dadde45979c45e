// No zod here: the API's redirect rules, the storefront server and the back-office share it.

/**
 * Path prefixes the server or the storefront's fixed routes own (spec §2 route table; the API,
 * the back-office, the assets, the socket, the file and payment routes, the ops routes): a
 * redirect there would hide a page or a route, so its path may not start with one.
 * Each stands for itself and everything below it ('/api' and '/api/…', not '/apiary').
 */
export const RESERVED_PATH_PREFIXES = [
  '/api',
  '/backend',
  '/assets',
  '/ws',
  '/image',
  '/upload',
  '/payments',
  '/fonts',
  '/healthz',
  '/readyz',
  '/metrics',
  '/status',
  '/site',
  '/kiosk',
  '/checkout',
] as const

/** Single paths the storefront server answers itself (the home page, SEO and app files). */
export const RESERVED_PATHS = [
  '/',
  '/index.html',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
  '/icon.svg',
  '/icon-192.png',
  '/icon-512.png',
  '/sw.js',
  '/offline.html',
  '/favicon.ico',
] as const

/**
 * A path as the storefront compares it: without query and fragment, decoded, without trailing
 * slashes ('/' stays '/').
 */
export function normaliseRedirectPath(value: string): string {
  let path = value.split(/[?#]/)[0] ?? ''
  try {
    path = decodeURI(path)
  } catch {
    // a malformed escape: compare as it is
  }
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/'
}

/** The shop-internal path a redirect target leads to (normalised), or undefined for another site. */
export function internalTargetPath(target: string): string | undefined {
  if (!target.startsWith('/') || target.startsWith('//')) return undefined
  return normaliseRedirectPath(target)
}

/** The reserved prefix or path (spec §2 fixed routes, the server's own) a path falls under. */
export function reservedPathOf(path: string): string | undefined {
  const normal = normaliseRedirectPath(path)
  const lower = normal.toLowerCase()
  const single = RESERVED_PATHS.find((p) => p === lower)
  if (single) return single
  return RESERVED_PATH_PREFIXES.find((p) => lower === p || lower.startsWith(`${p}/`))
}

/** The branch identifier of a branch menu path (/store/{identifier}…), if the path is one. */
export function branchIdentifierOfPath(path: string): string | undefined {
  const match = /^\/store\/([^/]+)(?:\/|$)/i.exec(normaliseRedirectPath(path))
  return match?.[1]
}
