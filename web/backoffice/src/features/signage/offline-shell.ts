import { BACKEND_BASE } from '@shop/ui/routes'

/**
 * Lets the player open without a network (a TV restarted during an outage): registers the
 * player's service worker (public/signage-sw.js, scoped to the player's address) and hands it the
 * page and the files this page loaded, which it keeps. Where no worker can run (no secure
 * context, an old browser) the player still plays on while it stays open.
 */
export async function keepPlayerForOffline(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !isSecureContext) return
  try {
    await navigator.serviceWorker.register(`${BACKEND_BASE}/signage-sw.js`, {
      scope: `${BACKEND_BASE}/signage`,
    })
    const ready = await navigator.serviceWorker.ready
    // The files this page runs on: this module's own chunk, the scripts, preloads and styles in
    // the document (Vite adds those of the lazily loaded player), and what the browser fetched.
    const loaded = [
      import.meta.url,
      ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
      ...[...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((l) => l.href),
      ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ]
    const assets = [...new Set(loaded)].filter((url) =>
      new URL(url, location.href).pathname.startsWith(`${BACKEND_BASE}/assets/`),
    )
    ready.active?.postMessage({ type: 'keep', urls: [`${BACKEND_BASE}/signage`, ...assets] })
  } catch {
    // Not kept: the player plays on while it stays open.
  }
}
