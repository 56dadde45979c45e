import { hasConsent } from './consent.ts'

type Data = Record<string, string | number | boolean | null>

/**
 * POST /api/analytics-log (spec §7): sent only with the consent cookie; a failure is ignored
 * (the shop works the same without it). keepalive lets a purchase event outlive the redirect.
 */
export function track(
  type: 'event' | 'pageview' | 'commerce',
  action: string,
  category?: string,
  data?: Data,
) {
  if (!hasConsent()) return
  try {
    void fetch('/api/analytics-log', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type, action, ...(category ? { category } : {}), ...(data ? { data } : {}) }),
    }).catch(() => {})
  } catch {
    // ignored by design
  }
}

/**
 * The path a page view records: the status link's uid and hash are a secret (they open the
 * order), so `/status/<uid>/<hash>` is logged as `/status`; query and hash are left out.
 */
export function pagePathOf(pathname: string): string {
  const path = pathname.replace(/\/status\/[^/]+\/[^/]+\/?$/, '/status')
  return path.length > 300 ? path.slice(0, 300) : path || '/'
}

/** The branch identifier of a branch page (`/store/<id>…`, `/kiosk/<id>…`), if any. */
export function branchIdentifierOf(pathname: string): string | undefined {
  return /^\/(?:store|kiosk)\/([^/]+)/.exec(pathname)?.[1]
}
