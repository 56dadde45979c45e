import {
  addCartItem,
  type Cart,
  type CartItem,
  clearCart,
  emptyCart,
  removeCartItem,
} from '@shop/shared/domain/catalogue'
import { type Draft, Immer } from 'immer'
import { useCallback, useSyncExternalStore } from 'react'
import { getCart, subscribe, updateCart } from './cart-store.ts'

// The cart's items hold the catalogue's product objects, the same ones the menu shows: immer must
// not freeze them (its default freezes the whole result, untouched parts included).
const { produce } = new Immer({ autoFreeze: false })

/** A branch's cart for a component: re-rendered on every change, with the ways to change it. */
export function useCart(branchIdentifier: string) {
  const cart = useSyncExternalStore(
    subscribe,
    () => getCart(branchIdentifier),
    () => emptyCart(),
  )
  const update = useCallback(
    (change: (c: Cart) => Cart) => updateCart(branchIdentifier, change),
    [branchIdentifier],
  )
  /** A change written as an edit of the cart (immer): `edit((c) => { c.deliveryArea = key })`. */
  const edit = useCallback((recipe: (draft: Draft<Cart>) => void) => update(produce(recipe)), [update])
  const add = useCallback((item: CartItem) => update((c) => addCartItem(c, item)), [update])
  const remove = useCallback((index: number) => update((c) => removeCartItem(c, index)), [update])
  const clear = useCallback(() => update(clearCart), [update])
  return { cart, update, edit, add, remove, clear }
}
