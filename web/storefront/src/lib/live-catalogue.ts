import type { CatalogueChange } from '@shop/live'
import { useEffect } from 'react'
import { useShopData } from './shop-data.tsx'

// "Live where others poll" on the menu and the checkout: the gateway's 'catalogue' topic names
// each committed change of the catalogue and of a branch's operations (docs/storefront.md "Live
// updates"). One socket per tab, shared by whoever listens (the shop data, each branch's
// operations), kept a moment after the last one left so that going from the menu to the checkout
// keeps it. The shared live client reconnects it; while it is away the listeners' own polls
// (the operations' 15 s, the shop data's 4 hours) are what is left. The client is loaded after
// the page (a chunk of its own, shared with the status page): the menu's first paint needs no
// socket, and its JavaScript stays within its budget (docs/storefront.md).

export type CatalogueListener = {
  onChange?: (change: CatalogueChange) => void
  /** Changes may have been missed (the socket was away, the gateway lost its bus): reload. */
  onResync?: () => void
  /** Whether the socket is live now (said at once on listening, then on each change). */
  onLive?: (live: boolean) => void
}

const listeners = new Set<CatalogueListener>()
let watcher: { stop(): void } | undefined
let loading = false
let live = false
let closing: ReturnType<typeof setTimeout> | undefined

/** Listens to the catalogue topic; returns the function that stops listening. */
export function listenCatalogue(listener: CatalogueListener): () => void {
  listeners.add(listener)
  if (closing) clearTimeout(closing)
  closing = undefined
  if (!watcher && !loading && typeof WebSocket !== 'undefined') {
    loading = true
    import('@shop/live')
      .then(({ watchCatalogue }) => {
        loading = false
        if (watcher || listeners.size === 0) return
        watcher = watchCatalogue({
          baseUrl: location.origin,
          onStatus: (status) => {
            live = status === 'live'
            for (const l of listeners) l.onLive?.(live)
          },
          onChange: (change) => {
            for (const l of listeners) l.onChange?.(change)
          },
          onResync: () => {
            for (const l of listeners) l.onResync?.()
          },
        })
      })
      // Not loaded (offline): the polls go on; the next listener tries again.
      .catch(() => {
        loading = false
      })
  }
  listener.onLive?.(live)
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0 || !watcher) return
    if (closing) clearTimeout(closing)
    closing = setTimeout(() => {
      closing = undefined
      if (listeners.size > 0) return
      watcher?.stop()
      watcher = undefined
      live = false
    }, 2000)
  }
}

/** The resources /api/init answers with: a change of one of them reloads the shop data. */
const SHOP_DATA_RESOURCES: ReadonlySet<string> = new Set([
  'config',
  'division',
  'branch',
  'tag',
  'table',
  'product',
  'category',
  'menu',
  'donatee',
  'site',
  'navigation',
  'block',
])
/** A burst of changes (a bulk price change of 200 products) makes one reload: after this quiet… */
export const SHOP_DATA_QUIET_MS = 400
/** …or at the latest this long after its first change. */
export const SHOP_DATA_MAX_WAIT_MS = 3000

/**
 * Reloads the shop data (/api/init, revalidated with its ETag) when the catalogue changed, once
 * per burst; the menu page then migrates the cart as after its 4-hour reload (spec §4 "Cart
 * migration"). A change arriving while a reload runs reloads again after it.
 */
export function useLiveShopData(): void {
  const { reload } = useShopData()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let first = 0
    let running = false
    let again = false
    let stopped = false
    const run = async () => {
      timer = undefined
      first = 0
      running = true
      try {
        await reload()
      } finally {
        running = false
      }
      if (again && !stopped) soon()
    }
    const soon = () => {
      again = running
      if (running) return
      const now = Date.now()
      first ||= now
      if (timer) clearTimeout(timer)
      timer = setTimeout(run, Math.min(SHOP_DATA_QUIET_MS, Math.max(0, first + SHOP_DATA_MAX_WAIT_MS - now)))
    }
    const stop = listenCatalogue({
      onChange: (change) => {
        if (SHOP_DATA_RESOURCES.has(change.resource)) soon()
      },
      onResync: soon,
    })
    return () => {
      stopped = true
      stop()
      if (timer) clearTimeout(timer)
    }
  }, [reload])
}
