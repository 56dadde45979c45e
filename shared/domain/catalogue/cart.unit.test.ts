import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addCartItem,
  clearCart,
  emptyCart,
  migrateCart,
  newCartItem,
  orderTypeOf,
  removeCartItem,
  selectedDeliveryArea,
  withOrderType,
} from './cart.ts'
import { aCart, aHam, anArea, anItem, aPart, aProduct, part } from './catalogue.test-support.ts'

describe('cart', () => {
  it('derives the order type from the flags', () => {
    expect(orderTypeOf(emptyCart())).toBe('takeaway')
    expect(orderTypeOf({ isDelivery: true, isDineIn: false })).toBe('delivery')
    expect(orderTypeOf({ isDelivery: false, isDineIn: true })).toBe('dineIn')
    expect(orderTypeOf({ isDelivery: true, isDineIn: true })).toBe('delivery')
    expect(withOrderType(emptyCart(), 'dineIn')).toMatchObject({ isDelivery: false, isDineIn: true })
  })

  it('preselects the first delivery area when none (or an unknown one) is set', () => {
    const areas = [anArea({ area: 'A' }), anArea({ area: 'B' })]
    expect(selectedDeliveryArea(areas, null)?.area).toBe('A')
    expect(selectedDeliveryArea(areas, 'B')?.area).toBe('B')
    expect(selectedDeliveryArea(areas, 'gone')?.area).toBe('A')
    expect(selectedDeliveryArea([], 'B')).toBeNull()
  })

  it('creates items as the overlay opens them', () => {
    const cake = aProduct({ config: { parts: [aPart(), aPart({ type: 'text' })] } })
    expect(newCartItem(cake)).toEqual({ product: cake, amount: 1, unit: 'piece', parts: [part(), part()] })
    expect(newCartItem(aHam())).toMatchObject({ amount: 0.1, unit: 'kilogram', parts: [] })
  })

  it('adds and removes items', () => {
    const a = anItem(aProduct({ id: 'a' }))
    const b = anItem(aProduct({ id: 'b' }))
    const cart = addCartItem(addCartItem(emptyCart(), a), b)
    expect(cart.items).toEqual([a, b])
    expect(removeCartItem(cart, 0).items).toEqual([b])
    expect(removeCartItem(cart, 5).items).toEqual([a, b])
  })

  it('clears items, appointment and comment but keeps the order type and area', () => {
    const cart = aCart([anItem(aProduct())], {
      isDelivery: true,
      deliveryArea: 'Zentrum',
      order: { appointment: '2026-03-02T12:00:00+01:00', comment: 'Bitte klingeln' },
    })
    expect(clearCart(cart)).toEqual({
      items: [],
      isDelivery: true,
      isDineIn: false,
      deliveryArea: 'Zentrum',
      order: { appointment: null, comment: '' },
    })
  })
})

describe('cart migration (spec §4)', () => {
  const bread = aProduct({ id: 'bread', name: 'Brot', description: 'Ruchbrot', price: 450 })
  const roll = aProduct({ id: 'roll', name: 'Weggli', description: 'Milchbrötchen', price: 120 })

  it('keeps items whose id, name, description and price still match an active product', () => {
    const cart = aCart([anItem(bread, 2), anItem(roll, 6)])
    const reloaded = { ...bread, tax: 8.1, images: [] }
    const { cart: migrated, removed } = migrateCart(cart, [reloaded, roll])
    expect(removed).toEqual([])
    expect(migrated.items.map((i) => i.amount)).toEqual([2, 6])
    expect(migrated.items[0]!.product).toBe(reloaded) // fresh snapshot
  })

  it('removes items whose product changed or is no longer active', () => {
    const cart = aCart([anItem(bread), anItem(roll), anItem(aProduct({ id: 'gone' }))], {
      order: { appointment: null, comment: 'x' },
    })
    const cases = [
      { ...bread, price: 480 },
      { ...bread, name: 'Bauernbrot' },
      { ...bread, description: 'neu' },
    ]
    for (const changed of cases) {
      const { cart: migrated, removed } = migrateCart(cart, [changed, roll])
      expect(migrated.items.map((i) => i.product.id)).toEqual(['roll'])
      expect(removed.map((i) => i.product.id)).toEqual(['bread', 'gone'])
      expect(migrated.order.comment).toBe('x')
    }
  })

  it('keeps exactly the matching items, in order (property)', () => {
    const productArb = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      name: fc.constantFrom('N1', 'N2'),
      description: fc.constantFrom('D1', 'D2'),
      price: fc.constantFrom(100, 200),
    })
    fc.assert(
      fc.property(
        fc.array(productArb, { maxLength: 8 }),
        fc.array(productArb, { maxLength: 4 }),
        (inCart, active) => {
          const activeProducts = [...new Map(active.map((p) => [p.id, aProduct(p)])).values()]
          const items = inCart.map((p, index) => anItem(aProduct(p), index + 1))
          const { cart, removed } = migrateCart(aCart(items), activeProducts)
          const matches = (p: (typeof inCart)[number]) => {
            const current = activeProducts.find((a) => a.id === p.id)
            return (
              current !== undefined &&
              current.name === p.name &&
              current.description === p.description &&
              current.price === p.price
            )
          }
          expect(cart.items.map((i) => i.amount)).toEqual(
            items.filter((_, i) => matches(inCart[i]!)).map((i) => i.amount),
          )
          expect(removed).toEqual(items.filter((_, i) => !matches(inCart[i]!)))
          expect(cart.items.length + removed.length).toBe(items.length)
        },
      ),
    )
  })
})
