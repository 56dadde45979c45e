import {
  type Cart,
  type CartItem,
  type CartItemPart,
  emptyCart,
  migrateCart,
  type QuantityRules,
  quantityRulesFor,
  type StepDirection,
  snapAmount,
  stepAmount,
  stepperState,
} from '@shop/shared/domain/catalogue'
import { readSession, sessionKey, writeSession } from './session.ts'

/**
 * The cart per branch identifier in session storage (spec §3, §9: key `asp-cart-<identifier>`),
 * with one in-memory copy per branch shared by every component that shows it. Components read
 * and change it through `useCart` (use-cart.ts).
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

// --- Cart lines (issue 18): one line per product, unit and configuration ------------------

/** The same options (in any order), the same text and the same uploads. */
function samePart(a: CartItemPart | undefined, b: CartItemPart | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  const options = (part: CartItemPart) => [...new Set(part.options)].sort().join('\u0000')
  const uploads = (part: CartItemPart) => part.uploads.map((u) => `${u.id}@${u.version}`).join(' ')
  return options(a) === options(b) && a.text.trim() === b.text.trim() && uploads(a) === uploads(b)
}

/**
 * Two items that are one cart line: the same product in the same unit, every part configured
 * alike. Adding such an item again raises the line's amount instead of making a second line.
 */
export function sameLine(a: CartItem, b: CartItem): boolean {
  if (a.product.id !== b.product.id || a.unit !== b.unit) return false
  const length = Math.max(a.parts.length, b.parts.length)
  for (let index = 0; index < length; index++) if (!samePart(a.parts[index], b.parts[index])) return false
  return true
}

/** The line's limits in its unit (the product's minimum, maximum and step for that unit). */
export function lineRules(item: CartItem): QuantityRules {
  return quantityRulesFor(item.product, item.unit) ?? { min: null, max: null, step: null }
}

/** Sums amounts without binary noise (0.1 + 0.2 kg is 0.3 kg): amounts have at most 6 decimals. */
function sumAmounts(a: number, b: number): number {
  return Math.round((a + b) * 1e6) / 1e6
}

/** A cart change and the line it touched; `capped` when the line maximum held the amount back. */
export type LineChange = { cart: Cart; index: number; capped: boolean }

/** Two equal lines' amounts as one, on the line's grid and at most its maximum. */
function mergedAmount(item: CartItem, added: number): { amount: number; capped: boolean } {
  const rules = lineRules(item)
  const sum = sumAmounts(item.amount, added)
  return { amount: snapAmount(sum, rules), capped: rules.max !== null && sum > rules.max }
}

/** Adds an item: to the equal line if there is one (amounts summed), else as a new last line. */
export function addToCart(cart: Cart, item: CartItem): LineChange {
  const index = cart.items.findIndex((line) => sameLine(line, item))
  if (index === -1)
    return { cart: { ...cart, items: [...cart.items, item] }, index: cart.items.length, capped: false }
  const line = cart.items[index] as CartItem
  const { amount, capped } = mergedAmount(line, item.amount)
  const items = cart.items.map((current, position) => (position === index ? { ...current, amount } : current))
  return { cart: { ...cart, items }, index, capped }
}

/**
 * Saves an item edited in the overlay back into its line (same place). When it now equals
 * another line, that line is folded into it: one line remains, where the edited one was.
 */
export function replaceLine(cart: Cart, index: number, item: CartItem): LineChange {
  if (index < 0 || index >= cart.items.length) return addToCart(cart, item)
  const other = cart.items.findIndex((line, position) => position !== index && sameLine(line, item))
  if (other === -1) {
    const items = cart.items.map((line, position) => (position === index ? item : line))
    return { cart: { ...cart, items }, index, capped: false }
  }
  const { amount, capped } = mergedAmount(item, (cart.items[other] as CartItem).amount)
  const items = cart.items
    .map((line, position) => (position === index ? { ...item, amount } : line))
    .filter((_, position) => position !== other)
  return { cart: { ...cart, items }, index: other < index ? index - 1 : index, capped }
}

/**
 * The least a line can hold: the product's minimum in the line's unit, else one step (or 1), as
 * the item overlay starts; never 0 (a product without a minimum would step down to nothing).
 */
export function lineMinimum(item: CartItem): number {
  const rules = lineRules(item)
  const minimum = snapAmount(0, rules)
  if (minimum > 0) return minimum
  return snapAmount(rules.step !== null && rules.step > 0 ? rules.step : 1, rules)
}

/** Where a line stands: at its minimum (− gives way to remove), at its maximum (+ does nothing). */
export type LineStepper = { atMinimum: boolean; atMaximum: boolean }

export function lineStepper(item: CartItem): LineStepper {
  const state = stepperState(item.amount, lineRules(item))
  return {
    atMinimum: state.decreaseDisabled || item.amount <= lineMinimum(item),
    atMaximum: state.increaseDisabled,
  }
}

/**
 * One − or + on a line: the amount moves by the product's step in the line's unit and stays
 * within its minimum and maximum. It never removes the line: at the minimum the cart offers a
 * remove button in the − button's place (lineStepper), a deliberate second choice.
 */
export function stepLine(cart: Cart, index: number, direction: StepDirection): Cart {
  const line = cart.items[index]
  if (line === undefined) return cart
  const amount = Math.max(stepAmount(line.amount, lineRules(line), direction), lineMinimum(line))
  if (amount === line.amount || (direction === -1 && amount > line.amount)) return cart
  return {
    ...cart,
    items: cart.items.map((item, position) => (position === index ? { ...item, amount } : item)),
  }
}

/**
 * A React key per line that follows the line, not its position (a removed line does not hand
 * its key, and its live amount, to the next one): product, unit and configuration, numbered
 * when an older cart still holds two equal lines.
 */
export function lineKeys(items: readonly CartItem[]): string[] {
  const seen = new Map<string, number>()
  return items.map((item) => {
    const parts = item.parts
      .map(
        (p) => `${[...p.options].sort().join(',')}|${p.text.trim()}|${p.uploads.map((u) => u.id).join(',')}`,
      )
      .join(';')
    const base = `${item.product.id}:${item.unit}:${parts}`
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return count === 0 ? base : `${base}#${count}`
  })
}
