import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { aCart, aHam, anArea, anItem, aPart, aProduct, part, plain } from './catalogue.test-support.ts'
import type { ConfigurableOption } from './catalogue.types.ts'
import {
  cartSummary,
  deliveryFee,
  FREE_DELIVERY_TEXT,
  formatPrice,
  freeDeliveryHint,
  freeDeliveryMessage,
  hasHiddenPrices,
  isDeliveryFree,
  isTotalApproximate,
  itemGross,
  itemPriceLabel,
  MINIMUM_ORDER_REST_TEXT,
  MINIMUM_ORDER_VALUE_TEXT,
  minimumOrderMessages,
  minimumOrderStatus,
  PRICE_PREFIXES,
  priceForAmount,
  priceLines,
  priceOrder,
  rateKey,
  taxRateFor,
  unitPrice,
} from './pricing.ts'

const option = (
  name: string,
  modifier: ConfigurableOption['modifier'],
  value: number,
): ConfigurableOption => ({
  name,
  modifier,
  value,
})

const pizza = aProduct({
  id: 'p-pizza',
  name: 'Pizza',
  price: 1450,
  config: {
    parts: [
      aPart({
        name: 'Grösse',
        options: [
          option('Normal', 'add', 0),
          option('Gross', 'overwrite', 1850),
          option('Familie', 'overwrite', 2900),
        ],
      }),
      aPart({
        name: 'Extras',
        type: 'multiselect',
        optional: true,
        options: [
          option('Käse', 'add', 200),
          option('Schinken', 'add', 300),
          option('Ohne Zwiebeln', 'subtract', 50),
        ],
      }),
      aPart({ name: 'Wunsch', type: 'text', optional: true, options: [] }),
    ],
  },
})

describe('unit price with modifiers', () => {
  it('is the base price without choices', () => {
    expect(unitPrice(pizza, [])).toBe(1450)
    expect(unitPrice(pizza, [part(), part(), part()])).toBe(1450)
  })

  it('adds and subtracts', () => {
    expect(unitPrice(pizza, [part({ options: ['Normal'] }), part({ options: ['Käse', 'Schinken'] })])).toBe(
      1950,
    )
    expect(unitPrice(pizza, [part({ options: ['Normal'] }), part({ options: ['Ohne Zwiebeln'] })])).toBe(1400)
  })

  it('overwrites first, then adds and subtracts on top', () => {
    expect(unitPrice(pizza, [part({ options: ['Gross'] }), part({ options: ['Käse'] })])).toBe(2050)
    // The order of the extras does not matter.
    expect(
      unitPrice(pizza, [part({ options: ['Familie'] }), part({ options: ['Ohne Zwiebeln', 'Käse'] })]),
    ).toBe(3050)
  })

  it('lets the last overwrite in part order win', () => {
    const product = aProduct({
      price: 1000,
      config: {
        parts: [
          aPart({ options: [option('A', 'overwrite', 500)] }),
          aPart({ options: [option('B', 'overwrite', 700)] }),
        ],
      },
    })
    expect(unitPrice(product, [part({ options: ['A'] }), part({ options: ['B'] })])).toBe(700)
  })

  it('ignores unknown names, duplicates and a second choice in a select', () => {
    expect(unitPrice(pizza, [part({ options: ['Gross', 'Familie'] })])).toBe(1850)
    expect(unitPrice(pizza, [part({ options: ['Riesig'] }), part({ options: ['Käse', 'Käse'] })])).toBe(1650)
  })

  it('never goes below 0', () => {
    const product = aProduct({
      price: 300,
      config: { parts: [aPart({ type: 'multiselect', options: [option('Gutschein', 'subtract', 500)] })] },
    })
    expect(unitPrice(product, [part({ options: ['Gutschein'] })])).toBe(0)
  })

  it('modifiers never produce a negative price (property)', () => {
    const optionArb = fc.record({
      name: fc.string({ maxLength: 3 }),
      modifier: fc.constantFrom('add' as const, 'subtract' as const, 'overwrite' as const),
      value: fc.integer({ min: -10_000, max: 10_000 }),
    })
    const partArb = fc.record({
      type: fc.constantFrom('select' as const, 'multiselect' as const),
      options: fc.array(optionArb, { maxLength: 5 }),
    })
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.array(partArb, { maxLength: 4 }), (price, parts) => {
        const product = aProduct({ price, config: { parts: parts.map((p) => aPart(p)) } })
        const chosen = parts.map((p) => part({ options: p.options.map((o) => o.name) }))
        const result = unitPrice(product, chosen)
        expect(Number.isSafeInteger(result)).toBe(true)
        expect(result).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})

describe('price for an amount', () => {
  const ham = aHam()

  it('prices per the product unit, alternatives through their ratio', () => {
    expect(priceForAmount(ham, 3990, 0.35, 'kilogram')).toBe(1397) // 1396.5, half away from zero
    expect(priceForAmount(ham, 3990, 350, 'gram')).toBe(1397)
    expect(priceForAmount(ham, 3990, 2, 'package')).toBe(1596)
    expect(() => priceForAmount(ham, 3990, 1, 'piece')).toThrow(RangeError)
  })

  it('multiplies the configured unit price by the amount', () => {
    expect(
      itemGross(anItem(pizza, 3, 'piece', [part({ options: ['Gross'] }), part({ options: ['Käse'] })])),
    ).toBe(6150)
  })
})

describe('pricing display (spec §9)', () => {
  it('prefixes by model', () => {
    expect(PRICE_PREFIXES).toEqual({ fixed: '', approximate: 'ca.', minimum: 'ab' })
    expect(plain(formatPrice(1250, 'fixed'))).toBe('EUR 12.50')
    expect(plain(formatPrice(1250, 'approximate'))).toBe('ca. EUR 12.50')
    expect(plain(formatPrice(1250, 'minimum', { locale: 'de-DE' }))).toBe('ab 12,50 €')
  })

  it('hides hidden prices and flags the notice', () => {
    const secret = anItem(aProduct({ isPriceHidden: true }))
    expect(itemPriceLabel(secret)).toBeNull()
    expect(plain(itemPriceLabel(anItem(aHam(), 0.35))!)).toBe('ca. EUR 13.97')
    expect(hasHiddenPrices([secret, anItem(pizza)])).toBe(true)
    expect(hasHiddenPrices([anItem(pizza)])).toBe(false)
  })

  it('makes the total approximate when any item is variable', () => {
    expect(isTotalApproximate([anItem(pizza)])).toBe(false)
    expect(isTotalApproximate([anItem(pizza), anItem(aHam(), 0.2)])).toBe(true)
    expect(isTotalApproximate([anItem(aProduct({ calculationModel: 'minimum' }))])).toBe(true)
  })
})

describe('tax', () => {
  it('picks the rate by order type (spec §9)', () => {
    const product = aProduct({ tax: 2.6, takeawayTax: 2.5, dineInTax: 8.1 })
    expect(taxRateFor(product, 'delivery')).toBe(2.6)
    expect(taxRateFor(product, 'takeaway')).toBe(2.5)
    expect(taxRateFor(product, 'dineIn')).toBe(8.1)
  })

  it('keys rates by their shortest decimal text', () => {
    expect(rateKey(8.1)).toBe('8.1')
    expect(rateKey(20)).toBe('20')
    expect(rateKey(2.6)).toBe('2.6')
    expect(rateKey(-0)).toBe('0')
    expect(() => rateKey(-1)).toThrow(RangeError)
  })

  it('splits gross prices per rate group', () => {
    const pricing = priceLines(
      [
        { gross: 1081, taxRate: 8.1 },
        { gross: 1081, taxRate: 8.1 },
        { gross: 1026, taxRate: 2.6 },
      ],
      { gross: 500, taxRate: 8.1 },
    )
    expect(pricing).toEqual({
      net: 3000,
      tax: 188,
      gross: 3188,
      deliveryNet: 463,
      deliveryTax: 37,
      deliveryGross: 500,
      totalNet: 3463,
      totalTax: 225,
      totalGross: 3688,
      taxes: { '8.1': 199, '2.6': 26 },
      rateGroups: {
        '8.1': { net: 2463, tax: 199, gross: 2662 },
        '2.6': { net: 1000, tax: 26, gross: 1026 },
      },
    })
  })

  it('rounds per rate group, not per line', () => {
    // Three lines of 5 ct at 8.1 %: per line 5 + 5 + 5 net (0 tax); per group 15 → 14 net, 1 tax.
    const pricing = priceLines(
      [5, 5, 5].map((gross) => ({ gross, taxRate: 8.1 })),
      null,
    )
    expect(pricing.net).toBe(14)
    expect(pricing.tax).toBe(1)
    expect(pricing.deliveryGross).toBe(0)
    expect(pricing.taxes).toEqual({ '8.1': 1 })
  })

  it('net + tax = gross per rate, for items, for delivery and in total (property)', () => {
    const rate = fc.constantFrom(0, 2.5, 2.6, 3.8, 7, 8.1, 10, 13, 19, 20)
    const line = fc.record({ gross: fc.nat({ max: 1_000_000 }), taxRate: rate })
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.option(line, { nil: null }), (lines, delivery) => {
        const p = priceLines(lines, delivery)
        expect(p.net + p.tax).toBe(p.gross)
        expect(p.deliveryNet + p.deliveryTax).toBe(p.deliveryGross)
        expect(p.totalNet + p.totalTax).toBe(p.totalGross)
        expect(p.totalGross).toBe(lines.reduce((s, l) => s + l.gross, 0) + (delivery?.gross ?? 0))
        const groups = Object.values(p.rateGroups)
        for (const g of groups) expect(g.net + g.tax).toBe(g.gross)
        expect(groups.reduce((s, g) => s + g.gross, 0)).toBe(p.totalGross)
        expect(groups.reduce((s, g) => s + g.net, 0)).toBe(p.totalNet)
        expect(Object.values(p.taxes).reduce((s, t) => s + t, 0)).toBe(p.totalTax)
        for (const [key, tax] of Object.entries(p.taxes)) expect(tax).toBe(p.rateGroups[key]!.tax)
      }),
    )
  })
})

describe('delivery fee', () => {
  const area = anArea({ price: 500, freeFromOrderValue: 5000 })

  it('is the area price below the threshold', () => {
    expect(deliveryFee(area, 4999, 'delivery')).toBe(500)
  })

  it('is free from exactly the threshold on (≥, matching "Kostenlose Lieferung ab …")', () => {
    expect(isDeliveryFree(area, 4999)).toBe(false)
    expect(isDeliveryFree(area, 5000)).toBe(true)
    expect(deliveryFee(area, 5000, 'delivery')).toBe(0)
    expect(deliveryFee(area, 5001, 'delivery')).toBe(0)
  })

  it('is free for areas marked free, and has no threshold at null or 0', () => {
    expect(deliveryFee(anArea({ free: true }), 0, 'delivery')).toBe(0)
    expect(deliveryFee(anArea({ freeFromOrderValue: null }), 1_000_000, 'delivery')).toBe(500)
    expect(deliveryFee(anArea({ freeFromOrderValue: 0 }), 1_000_000, 'delivery')).toBe(500)
  })

  it('is never charged for takeaway or dine-in', () => {
    expect(deliveryFee(area, 100, 'takeaway')).toBe(0)
    expect(deliveryFee(area, 100, 'dineIn')).toBe(0)
    expect(deliveryFee(null, 100, 'delivery')).toBe(0)
  })

  it('gives the free-delivery hint', () => {
    expect(FREE_DELIVERY_TEXT).toBe('Kostenlose Lieferung ab {amount}.')
    expect(plain(freeDeliveryMessage(5000))).toBe('Kostenlose Lieferung ab EUR 50.00.')
    expect(plain(freeDeliveryHint(area, 'delivery', { locale: 'de-DE' })!)).toBe(
      'Kostenlose Lieferung ab 50,00 €.',
    )
    expect(freeDeliveryHint(area, 'takeaway')).toBeNull()
    expect(freeDeliveryHint(anArea({ free: true }), 'delivery')).toBeNull()
    expect(freeDeliveryHint(anArea({ freeFromOrderValue: null }), 'delivery')).toBeNull()
  })
})

describe('minimum order value (spec §5)', () => {
  const area = anArea({ minimumOrderValue: 2000 })

  it('blocks while the minimum exceeds the gross; exactly the minimum is enough', () => {
    expect(minimumOrderStatus(area, 1250, 'delivery')).toEqual({
      reached: false,
      minimum: 2000,
      missing: 750,
    })
    expect(minimumOrderStatus(area, 2000, 'delivery')).toEqual({ reached: true, minimum: 2000, missing: 0 })
    expect(minimumOrderStatus(area, 2500, 'delivery')).toEqual({ reached: true, minimum: 2000, missing: 0 })
  })

  it('applies to deliveries with a minimum only', () => {
    expect(minimumOrderStatus(area, 0, 'takeaway')).toBeNull()
    expect(minimumOrderStatus(area, 0, 'dineIn')).toBeNull()
    expect(minimumOrderStatus(anArea({ minimumOrderValue: null }), 0, 'delivery')).toBeNull()
    expect(minimumOrderStatus(anArea({ minimumOrderValue: 0 }), 0, 'delivery')).toBeNull()
    expect(minimumOrderStatus(null, 0, 'delivery')).toBeNull()
  })

  it('words both messages with formatted amounts', () => {
    expect(MINIMUM_ORDER_VALUE_TEXT).toBe(
      'Sie haben den Mindestbestellwert in Höhe von {amount} leider noch nicht erreicht.',
    )
    expect(MINIMUM_ORDER_REST_TEXT).toBe(
      'Fügen Sie Waren im Wert von mindestens {rest} hinzu oder wählen Sie eine andere Art der Lieferung.',
    )
    expect(
      minimumOrderMessages(minimumOrderStatus(area, 1250, 'delivery'), { locale: 'de-DE' }).map(plain),
    ).toEqual([
      'Sie haben den Mindestbestellwert in Höhe von 20,00 € leider noch nicht erreicht.',
      'Fügen Sie Waren im Wert von mindestens 7,50 € hinzu oder wählen Sie eine andere Art der Lieferung.',
    ])
    expect(minimumOrderMessages(minimumOrderStatus(area, 2000, 'delivery'))).toEqual([])
    expect(minimumOrderMessages(null)).toEqual([])
  })
})

describe('order pricing of a cart', () => {
  const croissant = aProduct({ price: 180, tax: 2.6, takeawayTax: 2.6, dineInTax: 8.1 })

  it('uses the order type for tax and adds the delivery fee with the area tax', () => {
    const items = [anItem(croissant, 10)]
    const takeaway = priceOrder(items, 'takeaway', anArea())
    expect(takeaway.totalGross).toBe(1800)
    expect(takeaway.deliveryGross).toBe(0)
    expect(takeaway.taxes).toEqual({ '2.6': 46 })

    const dineIn = priceOrder(items, 'dineIn', null)
    expect(dineIn.taxes).toEqual({ '8.1': 135 })

    const delivery = priceOrder(items, 'delivery', anArea({ price: 500, tax: 8.1 }))
    expect(delivery.deliveryGross).toBe(500)
    expect(delivery.totalGross).toBe(2300)
    expect(delivery.taxes).toEqual({ '2.6': 46, '8.1': 37 })
  })

  it('summarises the cart for the checkout', () => {
    const areas = [anArea({ area: 'Zentrum', minimumOrderValue: 2000 }), anArea({ area: 'Land', price: 900 })]
    const small = cartSummary(
      aCart([anItem(croissant, 5)], { isDelivery: true, deliveryArea: 'Zentrum' }),
      areas,
    )
    expect(small.orderType).toBe('delivery')
    expect(small.deliveryArea?.area).toBe('Zentrum')
    expect(small.pricing.deliveryGross).toBe(500)
    expect(small.minimumOrder).toEqual({ reached: false, minimum: 2000, missing: 1100 })
    expect(small.blockReason).toBe('minimum-order-value')
    expect(small.totalPrefix).toBe('')

    const big = cartSummary(aCart([anItem(croissant, 30), anItem(aHam(), 0.2)], { isDelivery: true }), areas)
    expect(big.deliveryArea?.area).toBe('Zentrum') // first area preselected
    expect(big.deliveryFree).toBe(true)
    expect(big.pricing.deliveryGross).toBe(0)
    expect(big.blockReason).toBeNull()
    expect(big.totalPrefix).toBe('ca.')

    const empty = cartSummary(aCart([]), areas)
    expect(empty.blockReason).toBe('empty-cart')
    expect(empty.deliveryArea).toBeNull()
    expect(empty.minimumOrder).toBeNull()

    const takeaway = cartSummary(aCart([anItem(croissant, 1)], { deliveryArea: 'Zentrum' }), areas)
    expect(takeaway.blockReason).toBeNull()
    expect(takeaway.pricing.deliveryGross).toBe(0)
  })

  it('keeps hidden-price items in the totals', () => {
    const summary = cartSummary(aCart([anItem(aProduct({ isPriceHidden: true, price: 990 }))]), [])
    expect(summary.hasHiddenPrices).toBe(true)
    expect(summary.pricing.totalGross).toBe(990)
  })
})
