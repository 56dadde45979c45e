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
