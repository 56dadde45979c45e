import { describe, expect, it } from 'vitest'
import { priceLines } from '../catalogue/pricing.ts'
import { decide, evolve, type OrderState } from '../ordering/order.decider.ts'
import {
  createOrderCommand,
  DELIVERY,
  DINE_IN,
  lifecycleCommand,
  stateOf,
  TAKEAWAY,
  TAKEAWAY_ONLINE,
} from '../ordering/order.test-support.ts'
import { orderContribution, outcomeOf, ratesOf } from './order-contribution.ts'

const ZURICH = 'Europe/Zurich'

/** The order after a lifecycle command at an instant, through the real decide and evolve. */
function step(state: OrderState, type: Parameters<typeof lifecycleCommand>[0], at: string): OrderState {
  return decide(lifecycleCommand(type, at), state).reduce<OrderState>((s, e) => evolve(s, e)!, state)
}

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

  it('places the order on the local day and hour it is due, in the zone it was first counted in', () => {
    // T0 is 2025-03-29 10:00 UTC; the fixture's appointment is 12:30 in Zürich (CET), 11:30 UTC:
    // 07:30 in New York (EDT).
    const state = stateOf(TAKEAWAY, [])
    expect(orderContribution(state, ZURICH)).toMatchObject({
      day: '2025-03-29',
      hour: 12,
      timeZone: ZURICH,
      orderType: 'takeaway',
    })
    expect(orderContribution(state, 'America/New_York')).toMatchObject({ day: '2025-03-29', hour: 7 })
    // The branch moved to another zone since: the order stays where it was counted.
    expect(orderContribution(state, 'Pacific/Auckland', { timeZone: ZURICH })).toMatchObject({
      day: '2025-03-29',
      hour: 12,
      timeZone: ZURICH,
    })
    // As soon as possible: due when it was placed (11:00 in Zürich).
    expect(orderContribution({ ...state, appointment: null }, ZURICH)).toMatchObject({
      day: '2025-03-29',
      hour: 11,
    })
  })

  it('counts a pre-order placed on Monday and due on Wednesday on Wednesday, and only once confirmed', () => {
    // Monday 2 March 2026, 18:00 in Zürich, for Wednesday 4 March, 09:30.
    const create = createOrderCommand(TAKEAWAY, {
      at: '2026-03-02T17:00:00.000Z',
      appointment: '2026-03-04T08:30:00.000Z',
      isPreorder: true,
    })
    const placed = evolve(null, decide(create, null)[0]!)!
    const waiting = orderContribution(placed, ZURICH)
    expect(waiting).toMatchObject({ day: '2026-03-04', hour: 9, outcome: 'open', revenue: false })
    // Confirmed on Tuesday: still Wednesday's, now as revenue.
    const confirmed = orderContribution(
      step(placed, 'ConfirmOrder', '2026-03-03T07:00:00.000Z'),
      ZURICH,
      waiting,
    )
    expect(confirmed).toMatchObject({ day: '2026-03-04', hour: 9, outcome: 'open', revenue: true })
    // Nothing on Monday, the day it was placed.
    expect(confirmed.day).not.toBe('2026-03-02')
  })

  it('moves the order to the day of a counter-appointment once the customer accepted it', () => {
    const proposed = stateOf(TAKEAWAY, ['ProposeCounterAppointment'])
    // Proposed only: still the requested time (12:30).
    expect(orderContribution(proposed, ZURICH)).toMatchObject({ hour: 12, revenue: false })
    // Accepted (13:15): the order is confirmed by that, and due then.
    const accepted = stateOf(TAKEAWAY, ['ProposeCounterAppointment', 'AcceptCounterAppointment'])
    expect(orderContribution(accepted, ZURICH)).toMatchObject({ day: '2025-03-29', hour: 13, revenue: true })
    // Rejected: canceled, no revenue.
    const rejected = stateOf(TAKEAWAY, ['ProposeCounterAppointment', 'RejectCounterAppointment'])
    expect(orderContribution(rejected, ZURICH)).toMatchObject({ outcome: 'canceled', revenue: false })
  })

  it('counts no revenue for an order not confirmed yet', () => {
    expect(orderContribution(stateOf(TAKEAWAY, []), ZURICH)).toMatchObject({
      outcome: 'open',
      revenue: false,
    })
    // An online payment that arrived does not make it revenue either: the shop has not accepted it.
    expect(orderContribution(stateOf(TAKEAWAY_ONLINE, ['MarkPaid']), ZURICH)).toMatchObject({
      outcome: 'open',
      revenue: false,
    })
  })

  it('takes the revenue of a confirmed order back when it is canceled', () => {
    const confirmed = orderContribution(stateOf(TAKEAWAY, ['ConfirmOrder']), ZURICH)
    expect(confirmed).toMatchObject({ outcome: 'open', revenue: true })
    const canceled = orderContribution(stateOf(TAKEAWAY, ['ConfirmOrder', 'CancelOrder']), ZURICH, confirmed)
    expect(canceled).toMatchObject({ outcome: 'canceled', revenue: false, day: confirmed.day })
  })

  it('counts revenue once confirmed, unless rejected, canceled, failed or refunded', () => {
    expect(
      orderContribution(stateOf(DELIVERY, ['ConfirmOrder', 'MarkInDelivery', 'MarkDelivered']), ZURICH),
    ).toMatchObject({ outcome: 'completed', revenue: true, orderType: 'delivery' })
    expect(orderContribution(stateOf(TAKEAWAY, ['ConfirmOrder', 'MarkInDelivery']), ZURICH)).toMatchObject({
      outcome: 'open',
      revenue: true,
    })
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
