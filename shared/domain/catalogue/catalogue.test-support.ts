import type { Cart, CartItem, CartItemPart } from './cart.ts'
import type { Category, ConfigurablePart, DeliveryArea, Product } from './catalogue.types.ts'
import type { Unit } from './units.ts'

/** A plain fixed-price piece product; override what a test is about. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p-1',
    uid: 'uid-1',
    name: 'Gipfeli',
    description: 'Buttergipfeli',
    type: 'simple',
    price: 180,
    tax: 2.6,
    takeawayTax: 2.6,
    dineInTax: 8.1,
    unit: 'piece',
    alternativeUnits: [],
    minimumQuantity: 1,
    maximumQuantity: null,
    quantityStepSize: 1,
    defaultQuantity: null,
    defaultUnit: null,
    calculationModel: 'fixed',
    isPriceHidden: false,
    isEnabled: true,
    schedule: null,
    isStepByStep: false,
    config: null,
    isLeadTimeEnabled: false,
    leadTimeType: null,
    leadTimeValue: null,
    ...overrides,
  }
}

/** Ham sold per kilogram, also by the slice-pack (0.2 kg, approximate). */
export function aHam(overrides: Partial<Product> = {}): Product {
  return aProduct({
    id: 'p-ham',
    uid: 'uid-ham',
    name: 'Schinken',
    description: 'Beinschinken',
    price: 3990,
    unit: 'kilogram',
    minimumQuantity: 0.1,
    maximumQuantity: 5,
    quantityStepSize: 0.05,
    calculationModel: 'approximate',
    alternativeUnits: [
      {
        unit: 'package',
        ratio: 0.2,
        calculationModel: 'approximate',
        minimumQuantity: 1,
        maximumQuantity: 10,
        quantityStepSize: 1,
      },
      {
        unit: 'gram',
        ratio: 0.001,
        calculationModel: 'approximate',
        minimumQuantity: 100,
        maximumQuantity: 5000,
        quantityStepSize: 50,
      },
    ],
    ...overrides,
  })
}

export function aPart(overrides: Partial<ConfigurablePart> = {}): ConfigurablePart {
  return { name: 'Grösse', type: 'select', optional: false, options: [], ...overrides }
}

export function part(values: Partial<CartItemPart> = {}): CartItemPart {
  return { options: [], text: '', uploads: [], ...values }
}

export function anItem(
  product: Product,
  amount = 1,
  unit: Unit = product.unit,
  parts: CartItemPart[] = [],
): CartItem {
  return { product, amount, unit, parts }
}

export function aCart(items: CartItem[], overrides: Partial<Cart> = {}): Cart {
  return {
    items,
    isDelivery: false,
    isDineIn: false,
    deliveryArea: null,
    order: { appointment: null, comment: '' },
    ...overrides,
  }
}

export function anArea(overrides: Partial<DeliveryArea> = {}): DeliveryArea {
  return {
    area: 'Zentrum',
    price: 500,
    tax: 8.1,
    free: false,
    freeFromOrderValue: 5000,
    minimumOrderValue: 2000,
    ...overrides,
  }
}

export function aCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: 'c-1',
    name: 'Backwaren',
    isEnabled: true,
    schedule: null,
    isVisibleWhenUnavailable: false,
    ...overrides,
  }
}

/** Intl separates with no-break spaces; tests compare with plain ones. */
export function plain(text: string): string {
  return text.replace(/\s/g, ' ')
}
