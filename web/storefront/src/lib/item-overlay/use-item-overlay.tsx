import type { CartItem, Product } from '@shop/shared/domain/catalogue'
import { lazy, Suspense, useRef, useState } from 'react'
import type { LineChange } from '../cart-store.ts'
import { useT } from '../i18n.tsx'
import { useToast } from '../toast.tsx'
import type { ItemOverlayProps } from './item-overlay.tsx'
import { loadOverlay } from './load-item-overlay.ts'

// The overlay is the heaviest part of a page and only needed after a tap: its own chunk. What
// the pages import from here is only this wrapper and the hook below (no overlay code).
const ItemOverlay = lazy(() => loadOverlay().then((m) => ({ default: m.ItemOverlay })))

/** The item overlay, loaded on first use; nothing shows while its chunk arrives. */
export function LazyItemOverlay(props: ItemOverlayProps) {
  return (
    <Suspense fallback={null}>
      <ItemOverlay {...props} />
    </Suspense>
  )
}

/** What the overlay shows: a product, or a cart line opened again to change it (issue 18). */
export type OverlayTarget = {
  product: Product
  orderable: boolean
  reason: string | null
  /** A cart line opened again: its place and what it holds. */
  line?: { index: number; item: CartItem }
}

/**
 * The overlay's state on a page with a cart (the menu's, the checkout's): what is open, opening
 * it (remembering what had the focus), closing it with the focus back there, and saving a line
 * opened again into its place (`replace`: merged with an equal line, lib/cart-store.ts).
 * `cartList` selects the element holding the page's cart lines: a line saved anew is drawn
 * anew, so the focus goes to that line's "Ändern".
 */
export function useItemOverlay(cartList: string, replace: (index: number, item: CartItem) => LineChange) {
  const t = useT('sf-menu')
  const toast = useToast()
  const [target, setTarget] = useState<OverlayTarget | null>(null)
  const trigger = useRef<HTMLElement | null>(null)
  const show = (next: OverlayTarget) => {
    trigger.current = document.activeElement as HTMLElement | null
    setTarget(next)
  }
  const close = (line?: number) => {
    setTarget(null)
    // The dialog leaves the page when closed; focus goes back to what opened it, or (a changed
    // line is drawn anew) to that line's "Ändern".
    requestAnimationFrame(() => {
      if (trigger.current?.isConnected) trigger.current.focus()
      else if (line !== undefined)
        document
          .querySelector<HTMLElement>(`${cartList} [data-line-index="${line}"] .cart-line__edit`)
          ?.focus()
    })
  }
  /** Saves the changed item into line `index`, says so, and closes the overlay. */
  const saveLine = (index: number, item: CartItem) => {
    const changed = replace(index, item)
    toast(changed.capped ? t('addedCapped') : t('cart.updated'))
    close(changed.index)
  }
  return { target, show, close, saveLine }
}
