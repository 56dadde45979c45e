/**
 * The cart (spec §3), kept per branch identifier in the browser session, and its
 * transitions (spec §4: migration after a data reload, clearing).
 */
import type { DeliveryArea, OrderType, Product, Upload } from './catalogue.types.ts'
import { findDeliveryArea } from './delivery-areas.ts'
import type { Unit } from './units.ts'
import { initialAmount } from './units.ts'

/**
 * One entry per configurable part of the product, index-aligned with product.config.parts.
 * Which field counts depends on the part type: select and multiselect use `options`
 * (option names; a select has at most one), text and textarea use `text`, file(s) and
 * image(s) use `uploads`.
 */
export type CartItemPart = { options: readonly string[]; text: string; uploads: readonly Upload[] }

/** The product is the snapshot taken when the item was added; migration compares it. */
export type CartItem = { product: Product; amount: number; unit: Unit; parts: readonly CartItemPart[] }

export type CartOrder = { appointment: string | null; comment: string }

export type Cart = {
  items: readonly CartItem[]
  isDelivery: boolean
  isDineIn: boolean
  /** The chosen delivery area: its id (deliveryAreaKey), or its name for an area without one. */
  deliveryArea: string | null
  order: CartOrder
}

export function emptyCart(): Cart {
  return {
    items: [],
    isDelivery: false,
    isDineIn: false,
    deliveryArea: null,
    order: { appointment: null, comment: '' },
  }
}

/** Delivery wins over dine-in if stored flags ever contradict, because only it has fees and a minimum. */
export function orderTypeOf(cart: Pick<Cart, 'isDelivery' | 'isDineIn'>): OrderType {
  if (cart.isDelivery) return 'delivery'
  if (cart.isDineIn) return 'dineIn'
  return 'takeaway'
}

export function withOrderType(cart: Cart, type: OrderType): Cart {
  return { ...cart, isDelivery: type === 'delivery', isDineIn: type === 'dineIn' }
}

/**
 * The delivery area in effect: the stored one if the branch still has it (by id, so a renamed
 * area stays chosen; or by name), otherwise the first area (spec §4: the first area is
 * preselected when none is set).
 */
export function selectedDeliveryArea(
  areas: readonly DeliveryArea[],
  chosen: string | null,
): DeliveryArea | null {
  return findDeliveryArea(areas, chosen) ?? areas[0] ?? null
}

/** A fresh item as the overlay opens it: initial amount and unit, every part empty. */
export function newCartItem(product: Product): CartItem {
  const { amount, unit } = initialAmount(product)
  const parts = (product.config?.parts ?? []).map(() => ({ options: [], text: '', uploads: [] }))
  return { product, amount, unit, parts }
}

export function addCartItem(cart: Cart, item: CartItem): Cart {
  return { ...cart, items: [...cart.items, item] }
}

export function removeCartItem(cart: Cart, index: number): Cart {
  return { ...cart, items: cart.items.filter((_, position) => position !== index) }
}

type ProductIdentity = Pick<Product, 'id' | 'name' | 'description' | 'price'>

/** The four fields the spec names: a change to any of them invalidates the cart item. */
export function sameProduct(snapshot: ProductIdentity, current: ProductIdentity): boolean {
  return (
    snapshot.id === current.id &&
    snapshot.name === current.name &&
    snapshot.description === current.description &&
    snapshot.price === current.price
  )
}

export type CartMigration = { cart: Cart; removed: CartItem[] }

/**
 * After a data reload (spec §4), drops items whose product (id, name, description, price)
 * no longer matches an active product. Kept items get the fresh product as snapshot, so
 * tax rates, flags and option lists that changed without touching those four fields are
 * current at checkout. Item order is preserved.
 */
export function migrateCart(cart: Cart, activeProducts: readonly Product[]): CartMigration {
  const byId = new Map(activeProducts.map((product) => [product.id, product]))
  const items: CartItem[] = []
  const removed: CartItem[] = []
  for (const item of cart.items) {
    const current = byId.get(item.product.id)
    if (current !== undefined && sameProduct(item.product, current)) items.push({ ...item, product: current })
    else removed.push(item)
  }
  return { cart: { ...cart, items }, removed }
}

/** Empties items and blanks appointment and comment (spec §4); order type and area stay. */
export function clearCart(cart: Cart): Cart {
  return { ...cart, items: [], order: { ...cart.order, appointment: null, comment: '' } }
}
