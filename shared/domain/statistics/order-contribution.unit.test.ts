import { describe, expect, it } from 'vitest'
import { priceLines } from '../catalogue/pricing.ts'
import { DELIVERY, DINE_IN, stateOf, TAKEAWAY, TAKEAWAY_ONLINE } from '../ordering/order.test-support.ts'
import { orderContribution, outcomeOf, ratesOf } from './order-contribution.ts'

const ZURICH = 'Europe/Zurich'

describe('an order’s contribution to the statistics', () => {
  it('maps every status to its outcome', () => {
    expect(
      ['awaitingConfirmation', 'confirmed', 'ready', 'inDelivery'].map((s) => outcomeOf(s as never)),
    ).toEqual(['open', 'open', 'open', 'open'])
    expect(outcomeOf('completed')).toBe('completed')
    expect(outcomeOf('delivered')).toBe('completed')
    expect(outcomeOf('rejected')).toBe('rejected')
    expect(outcomeOf('canceled')).toBe('canceled')
    expect(outcomeOf('failed')).toBe('failed')
  })

  it('places the order on its local day and hour, and keeps them once placed', () => {
    // T0 is 2025-03-29 10:00 UTC: 11:00 in Zürich (CET), 06:00 in New York (EDT).
    const state = stateOf(TAKEAWAY, [])
    expect(orderContribution(state, ZURICH)).toMatchObject({
      day: '2025-03-29',
      hour: 11,
      orderType: 'takeaway',
    })
    expect(orderContribution(state, 'America/New_York')).toMatchObject({ day: '2025-03-29', hour: 6 })
    expect(orderContribution(state, 'Pacific/Auckland', { day: '2025-03-29', hour: 11 })).toMatchObject({
      day: '2025-03-29',
      hour: 11,
    })
  })

  it('counts revenue unless rejected, canceled, failed or refunded', () => {
    expect(
      orderContribution(stateOf(DELIVERY, ['ConfirmOrder', 'MarkInDelivery', 'MarkDelivered']), ZURICH),
    ).toMatchObject({ outcome: 'completed', revenue: true, orderType: 'delivery' })
    expect(orderContribution(stateOf(TAKEAWAY, ['RejectOrder']), ZURICH)).toMatchObject({
      outcome: 'rejected',
      revenue: false,
    })
    expect(orderContribution(stateOf(DINE_IN, ['CancelOrder']), ZURICH)).toMatchObject({
      outcome: 'canceled',
      revenue: false,
      orderType: 'dineIn',
    })
    const refunded = stateOf(TAKEAWAY_ONLINE, ['MarkPaid', 'CancelOrder', 'RefundPayment'])
    expect(orderContribution(refunded, ZURICH)).toMatchObject({ outcome: 'canceled', revenue: false })
    expect(
      orderContribution({ ...refunded, lifecycle: { ...refunded.lifecycle, status: 'completed' } }, ZURICH),
    ).toMatchObject({ outcome: 'completed', revenue: false })
  })

  it('measures the time to the confirmation and to the completion, and keeps the reason', () => {
    const done = orderContribution(
      stateOf(TAKEAWAY, ['ConfirmOrder', 'MarkInDelivery', 'CompleteOrder']),
      ZURICH,
    )
    expect(done.confirmSeconds).toBeGreaterThan(0)
    expect(done.completeSeconds).toBeGreaterThan(done.confirmSeconds!)
    const open = orderContribution(stateOf(TAKEAWAY, []), ZURICH)
    expect([open.confirmSeconds, open.completeSeconds, open.reason]).toEqual([null, null, null])
    const rejected = orderContribution(stateOf(TAKEAWAY, ['RejectOrder']), ZURICH)
    expect(rejected.reason).toBeTruthy()
  })

  it('lists items and the chosen options of configured parts', () => {
    const state = stateOf(TAKEAWAY, [])
    state.items[0]!.parts = [
      { name: 'Grösse', type: 'select', options: ['24 cm'], text: null, uploads: [] },
      { name: 'Extras', type: 'checkbox', options: ['Oliven', 'Sardellen'], text: null, uploads: [] },
    ]
    const c = orderContribution(state, ZURICH)
    expect(c.items.map((i) => [i.productUid, i.amount, i.unit, i.gross])).toEqual([
      ['prod-pizza', 2, 'piece', 2900],
      ['prod-salad', 250, 'gram', 750],
    ])
    expect(c.options.map((o) => `${o.part}: ${o.option} × ${o.amount}`)).toEqual([
      'Grösse: 24 cm × 2',
      'Extras: Oliven × 2',
      'Extras: Sardellen × 2',
    ])
  })
})

describe('revenue per tax rate', () => {
  it('splits the items as the checkout did and puts the delivery fee under its own rate', () => {
    const state = stateOf(DELIVERY, [])
    state.items[0]!.taxRate = 2.6
    state.items[1]!.taxRate = 2.6
    const pricing = priceLines(
      state.items.map((i) => ({ gross: i.total, taxRate: 2.6 })),
      { gross: 500, taxRate: 8.1 },
    )
    state.pricing = pricing
    const rates = ratesOf(state)
    expect(Object.keys(rates).sort()).toEqual(['2.6', '8.1'])
    expect(rates['8.1']).toEqual({ net: pricing.deliveryNet, tax: pricing.deliveryTax, gross: 500 })
    const sum = Object.values(rates).reduce((a, r) => a + r.gross, 0)
    expect(sum).toBe(pricing.totalGross)
    expect(Object.values(rates).reduce((a, r) => a + r.tax, 0)).toBe(pricing.totalTax)
  })

  it('adds the fee to the items’ group when both have the same rate', () => {
    const state = stateOf(DELIVERY, [])
    for (const i of state.items) i.taxRate = 8.1
    const pricing = priceLines(
      state.items.map((i) => ({ gross: i.total, taxRate: 8.1 })),
      { gross: 500, taxRate: 8.1 },
    )
    state.pricing = pricing
    expect(ratesOf(state)).toEqual({ '8.1': pricing.rateGroups['8.1'] })
  })

  it('has no rates for orders stored before the checkout priced them', () => {
    expect(ratesOf(stateOf(TAKEAWAY, []))).toEqual({})
  })
})
