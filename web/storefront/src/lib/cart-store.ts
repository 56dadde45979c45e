import { type Cart, type CartItem, emptyCart, migrateCart } from '@shop/shared/domain/catalogue'
import { readSession, sessionKey, writeSession } from './session.ts'

/**
 * The cart per branch identifier in session storage (spec §3, §9: key `asp-cart-<identifier>`),
 * with one in-memory copy per branch shared by every component that shows it. Components read
 * and change it through `useCart` (use-cart.ts, which keeps immer out of the pages without a cart).
 */
const carts = new Map<string, Cart>()
const listeners = new Set<() => void>()

export function cartKey(branchIdentifier: string): string {
  return sessionKey('cart', branchIdentifier)
}

export function getCart(branchIdentifier: string): Cart {
  let cart = carts.get(branchIdentifier)
  if (!cart) {
    cart = { ...emptyCart(), ...(readSession<Cart>(cartKey(branchIdentifier)) ?? {}) }
    carts.set(branchIdentifier, cart)
  }
  return cart
}

export function setCart(branchIdentifier: string, next: Cart): void {
  carts.set(branchIdentifier, next)
  writeSession(cartKey(branchIdentifier), next)
  for (const listener of listeners) listener()
}

export function updateCart(branchIdentifier: string, change: (cart: Cart) => Cart): Cart {
  const next = change(getCart(branchIdentifier))
  setCart(branchIdentifier, next)
  return next
}

/** Drops the in-memory copies (the kiosk's reset, and tests). */
export function forgetCarts(): void {
  carts.clear()
  for (const listener of listeners) listener()
}

/** Called after every change of any branch's cart (useCart's external store). */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Spec §4 "Cart migration": items whose product changed or left the menu are removed. */
export function migrateStoredCart(
  branchIdentifier: string,
  activeProducts: Parameters<typeof migrateCart>[1],
): CartItem[] {
  const { cart, removed } = migrateCart(getCart(branchIdentifier), activeProducts)
  if (removed.length > 0) setCart(branchIdentifier, cart)
  return removed
}
