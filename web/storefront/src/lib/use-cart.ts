import {
  type Cart,
  type CartItem,
  clearCart,
  emptyCart,
  removeCartItem,
  type StepDirection,
} from '@shop/shared/domain/catalogue'
import { useCallback, useSyncExternalStore } from 'react'
import {
  addToCart,
  getCart,
  type LineChange,
  replaceLine,
  stepLine,
  subscribe,
  updateCart,
} from './cart-store.ts'

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
  const changeLine = useCallback(
    (change: (c: Cart) => LineChange): LineChange => {
      let result: LineChange | undefined
      update((c) => {
        result = change(c)
        return result.cart
      })
      return result as LineChange
    },
    [update],
  )
  /**
   * A change written as an edit of the cart: `edit((c) => { c.deliveryArea = key })`. The recipe
   * gets a copy of the cart and of its order, the parts such edits change; the items are only
   * ever replaced (add, step, replace, remove), never edited in place. Without immer, which
   * would weigh on the menu page's JavaScript (docs/benchmarks.md, the 150 KB budget).
   */
  const edit = useCallback(
    (recipe: (draft: Cart) => void) =>
      update((c) => {
        const draft = { ...c, order: { ...c.order } }
        recipe(draft)
        return draft
      }),
    [update],
  )
  /** Adds an item, merged into an equal line (same product, unit and configuration). */
  const add = useCallback((item: CartItem) => changeLine((c) => addToCart(c, item)), [changeLine])
  /** Saves an item edited in the overlay back into line `index` (merging with an equal line). */
  const replace = useCallback(
    (index: number, item: CartItem) => changeLine((c) => replaceLine(c, index, item)),
    [changeLine],
  )
  /** One − or + on a line, within the product's limits and steps in the line's unit. */
  const step = useCallback(
    (index: number, direction: StepDirection) => update((c) => stepLine(c, index, direction)),
    [update],
  )
  const remove = useCallback((index: number) => update((c) => removeCartItem(c, index)), [update])
  const clear = useCallback(() => update(clearCart), [update])
  return { cart, update, edit, add, replace, step, remove, clear }
}
