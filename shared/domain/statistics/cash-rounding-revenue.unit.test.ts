import { describe, expect, it } from 'vitest'
import { priceLines, withCashRounding } from '../catalogue/pricing.ts'
import { stateOf, TAKEAWAY } from '../ordering/order.test-support.ts'
import { orderContribution } from './order-contribution.ts'

// Revenue counts what the shop takes in (issue 14, item 18): a cash order's rounding to the
// smallest coin is part of it, tax-free. Which orders count is order-contribution.unit.test.ts's.

describe('revenue of a cash order rounded to CHF 0.05', () => {
  const { rateGroups: _rates, ...exact } = priceLines([{ gross: 1243, taxRate: 2.6 }], null)

  it('counts the rounded amount in net and gross; the tax stays the exact one', () => {
    const state = { ...stateOf(TAKEAWAY, []), pricing: withCashRounding(exact, 'cash', 'CHF') }
    expect(state.pricing.cashRounding).toBe(2)
    expect(orderContribution(state, 'Europe/Zurich').money).toEqual({
      net: exact.totalNet + 2,
      tax: exact.totalTax,
      gross: 1245,
    })
  })

  it('a rounding down lowers it; an order without rounding counts its exact total', () => {
    const down = { ...stateOf(TAKEAWAY, []), pricing: { ...exact, cashRounding: -3 } }
    expect(orderContribution(down, 'Europe/Zurich').money.gross).toBe(1240)
    const exactState = { ...stateOf(TAKEAWAY, []), pricing: exact }
    expect(orderContribution(exactState, 'Europe/Zurich').money).toEqual({
      net: exact.totalNet,
      tax: exact.totalTax,
      gross: 1243,
    })
  })
})
