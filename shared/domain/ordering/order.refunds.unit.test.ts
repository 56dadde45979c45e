import { describe, expect, it } from 'vitest'
import type { OrderEvent } from '../../contracts/events/order.events.ts'
import { orderEventSchema } from '../../contracts/events/order.events.ts'
import type { OrderCommand, OrderState } from './order.decider.ts'
import { decide, evolve, foldOrder } from './order.decider.ts'
import { OrderRuleError } from './order.errors.ts'
import { refundDue, refundIdempotencyKey, refundSummaryOf, refundsOf } from './order.refunds.ts'
import { at, historyOf, ORDER_ID, staff, system, TAKEAWAY, TAKEAWAY_ONLINE } from './order.test-support.ts'
import { toBoardOrderView, toPublicOrderView } from './order.views.ts'

// Issue 18 item 6: a paid online order that is canceled, rejected or made cheaper gets its money
// back through refund requests the decider appends with the command, settled by the refund process.

const WHEN = at(50)

function given(events: OrderEvent[]) {
  const state = foldOrder(events)
  return {
    state,
    when(command: OrderCommand) {
      return {
        thenEmits(expected: OrderEvent[]): { events: OrderEvent[]; state: OrderState } {
          const produced = decide(command, state)
          expect(produced).toEqual(expected)
          for (const event of produced) expect(orderEventSchema.parse(event)).toEqual(event)
          return { events: [...events, ...produced], state: produced.reduce(evolve, state) as OrderState }
        },
        thenRefuses(message: RegExp): void {
          let caught: unknown
          try {
            decide(command, state)
          } catch (error) {
            caught = error
          }
          expect(caught).toBeInstanceOf(OrderRuleError)
          expect((caught as OrderRuleError).code).toBe('illegal_transition')
          expect((caught as OrderRuleError).message).toMatch(message)
        },
      }
    },
  }
}

const envelope = (actor = staff, when = WHEN) => ({ orderId: ORDER_ID, at: when, actor })
const cancel = (when = WHEN): OrderCommand => ({
  type: 'CancelOrder',
  at: when,
  actor: staff,
  reason: 'Ofen defekt',
})
const refund = (refundNumber: number, attempt = 1, when = WHEN): OrderCommand => ({
  type: 'RefundPayment',
  at: when,
  actor: system,
  refundNumber,
  attempt,
  reference: `re_${refundNumber}_${attempt}`,
})
const failRefund = (kind: 'refused' | 'unreachable', attempt = 1): OrderCommand => ({
  type: 'FailRefund',
  at: WHEN,
  actor: system,
  refundNumber: 1,
  attempt,
  reason: kind === 'refused' ? 'Charge ch_1 has already been refunded.' : 'Stripe not reachable',
  kind,
})
/** Item 1 (2 pizzas, 29.00) becomes one pizza: the order costs 22.00 instead of 36.50. */
const cheaperItem: OrderCommand = {
  type: 'ChangeOrderItem',
  at: WHEN,
  actor: staff,
  item: {
    itemId: 'item-1',
    productUid: 'prod-pizza',
    name: 'Pizza Margherita',
    amount: 1,
    unit: 'piece',
    unitPrice: 1450,
    total: 1450,
  },
  pricing: { totalGross: 2200 },
}

describe('refunds: a paid order that ends unfulfilled', () => {
  const paid = historyOf(TAKEAWAY_ONLINE, ['MarkPaid'])

  it('given a paid online order, when staff cancel it, then the cancel and a refund of all of it', () => {
    const { state } = given(paid)
      .when(cancel())
      .thenEmits([
        { type: 'OrderCanceled', ...envelope(), reason: 'Ofen defekt' },
        {
          type: 'OrderRefundRequested',
          ...envelope(),
          refundNumber: 1,
          attempt: 1,
          amount: 3650,
          reason: 'canceled',
        },
      ])
    expect(refundDue(state)).toBe(0)
    expect(state.lifecycle.payment).toBe('paid')
    expect(toPublicOrderView(state)).toMatchObject({
      isPaid: true,
      isRefunded: false,
      refund: {
        status: 'pending',
        paidAmount: 3650,
        refundedAmount: 0,
        pendingAmount: 3650,
        failedAmount: 0,
      },
    })
  })

  it('given the refund asked for, when the provider paid it back, then OrderRefunded and isRefunded', () => {
    const canceled = given(paid)
      .when(cancel())
      .thenEmits(decide(cancel(), foldOrder(paid))).events
    const { state } = given(canceled)
      .when(refund(1))
      .thenEmits([
        {
          type: 'OrderRefunded',
          ...envelope(system),
          refundNumber: 1,
          attempt: 1,
          amount: 3650,
          reference: 're_1_1',
        },
      ])
    expect(state.lifecycle.payment).toBe('refunded')
    expect(state.lifecycle.status).toBe('canceled')
    const view = toPublicOrderView(state)
    expect(view).toMatchObject({ isPaid: true, isRefunded: true })
    expect(view.refund).toEqual({
      status: 'refunded',
      paidAmount: 3650,
      refundedAmount: 3650,
      pendingAmount: 0,
      failedAmount: 0,
    })
    expect(toBoardOrderView(state).refunds).toEqual([
      {
        refundNumber: 1,
        amount: 3650,
        reason: 'canceled',
        attempt: 1,
        status: 'refunded',
        failureReason: null,
        reference: 're_1_1',
        requestedAt: WHEN,
        settledAt: WHEN,
      },
    ])
    // Paid back once: a second answer for the same refund is refused.
    given(
      given(canceled)
        .when(refund(1))
        .thenEmits(decide(refund(1), foldOrder(canceled))).events,
    )
      .when(refund(1))
      .thenRefuses(/nicht möglich\. /)
  })

  it('given a rejected paid order, then the refund says so', () => {
    const rejected = decide(
      { type: 'RejectOrder', at: WHEN, actor: staff, message: 'Ausgebucht' },
      foldOrder(paid),
    )
    expect(rejected.map((e) => e.type)).toEqual(['OrderRejected', 'OrderRefundRequested'])
    expect(rejected[1]).toMatchObject({ reason: 'rejected', amount: 3650 })
  })

  it('given a cash order, when it is canceled, then no refund is asked for', () => {
    expect(decide(cancel(), foldOrder(historyOf(TAKEAWAY, []))).map((e) => e.type)).toEqual(['OrderCanceled'])
  })

  it('given an order canceled while the payment was pending, when the money arrives, then it goes back', () => {
    const canceled = historyOf(TAKEAWAY_ONLINE, ['CancelOrder'])
    given(canceled)
      .when({ type: 'MarkPaid', at: WHEN, actor: system, reference: 'pi_late' })
      .thenEmits([
        { type: 'OrderPaid', ...envelope(system), reference: 'pi_late' },
        {
          type: 'OrderRefundRequested',
          ...envelope(system),
          refundNumber: 1,
          attempt: 1,
          amount: 3650,
          reason: 'latePayment',
        },
      ])
  })

  it('reads a refund recorded before refunds were numbered as the whole payment', () => {
    const legacy = [
      ...historyOf(TAKEAWAY_ONLINE, ['MarkPaid']),
      { type: 'OrderCanceled', ...envelope(staff, at(2)), reason: null },
      { type: 'OrderRefunded', ...envelope(system, at(3)) },
    ] as OrderEvent[]
    const state = foldOrder(legacy) as OrderState
    expect(state.lifecycle.payment).toBe('refunded')
    expect(refundSummaryOf(state)).toMatchObject({ status: 'refunded', refundedAmount: 3650 })
  })
})

describe('refunds: failures and retries', () => {
  const asked = (() => {
    const paid = historyOf(TAKEAWAY_ONLINE, ['MarkPaid'])
    return [...paid, ...decide(cancel(), foldOrder(paid))]
  })()

  it('given a refund the provider refused, then it is failed with the reason, and staff may retry it', () => {
    const { events, state } = given(asked)
      .when(failRefund('refused'))
      .thenEmits([
        {
          type: 'OrderRefundFailed',
          ...envelope(system),
          refundNumber: 1,
          attempt: 1,
          amount: 3650,
          reason: 'Charge ch_1 has already been refunded.',
          kind: 'refused',
        },
      ])
    expect(refundSummaryOf(state)).toMatchObject({ status: 'failed', failedAmount: 3650, pendingAmount: 0 })
    expect(toBoardOrderView(state).refunds[0]).toMatchObject({
      status: 'failed',
      failureReason: 'Charge ch_1 has already been refunded.',
    })
    // A refused key keeps its answer at the provider: the retry asks with a new one.
    expect(refundIdempotencyKey(ORDER_ID, refundsOf(state)[0]!)).toBe(`refund-${ORDER_ID}-1-2`)
    // Nothing more is due: the failed refund is retried, not asked for twice.
    expect(refundDue(state)).toBe(0)

    const retried = given(events)
      .when({ type: 'RetryRefund', at: WHEN, actor: staff, refundNumber: 1 })
      .thenEmits([
        {
          type: 'OrderRefundRequested',
          ...envelope(),
          refundNumber: 1,
          attempt: 2,
          amount: 3650,
          reason: 'canceled',
        },
      ])
    expect(refundSummaryOf(retried.state)?.status).toBe('pending')
    // The answer to the first try no longer settles it; the second try's does.
    given(retried.events)
      .when(refund(1, 1))
      .thenRefuses(/keine solche Rückerstattung offen/)
    const done = given(retried.events)
      .when(refund(1, 2))
      .thenEmits([
        {
          type: 'OrderRefunded',
          ...envelope(system),
          refundNumber: 1,
          attempt: 2,
          amount: 3650,
          reference: 're_1_2',
        },
      ])
    expect(done.state.lifecycle.payment).toBe('refunded')
  })

  it('keeps the idempotency key after an unreachable provider: a refund made after all is not made twice', () => {
    const { state } = given(asked)
      .when(failRefund('unreachable'))
      .thenEmits(decide(failRefund('unreachable'), foldOrder(asked)))
    expect(refundIdempotencyKey(ORDER_ID, refundsOf(state)[0]!)).toBe(`refund-${ORDER_ID}-1-1`)
  })

  it('refuses a retry of a refund that did not fail', () => {
    given(asked)
      .when({ type: 'RetryRefund', at: WHEN, actor: staff, refundNumber: 1 })
      .thenRefuses(
        /^Die Aktion „Rückerstattung erneut versuchen“ .* Es gibt keine solche fehlgeschlagene Rückerstattung\.$/,
      )
  })
})

describe('refunds: an item of a paid order changed', () => {
  const paid = historyOf(TAKEAWAY_ONLINE, ['MarkPaid'])

  it('given a paid online order, when an item gets cheaper, then the difference is refunded', () => {
    const { events, state } = given(paid)
      .when(cheaperItem)
      .thenEmits([
        {
          type: 'OrderItemChanged',
          ...envelope(),
          item: (cheaperItem as Extract<OrderCommand, { type: 'ChangeOrderItem' }>).item,
          pricing: { totalGross: 2200 },
        },
        {
          type: 'OrderRefundRequested',
          ...envelope(),
          refundNumber: 1,
          attempt: 1,
          amount: 1450,
          reason: 'itemChanged',
        },
      ])
    expect(state.lifecycle.status).toBe('awaitingConfirmation')

    const partly = given(events)
      .when(refund(1))
      .thenEmits(decide(refund(1), state))
    expect(partly.state.lifecycle.payment).toBe('paid')
    expect(toPublicOrderView(partly.state)).toMatchObject({
      isRefunded: false,
      refund: { status: 'partial', paidAmount: 3650, refundedAmount: 1450 },
    })

    // Canceled afterwards: the rest goes back too, and then all of it is.
    const rest = given(partly.events)
      .when(cancel(at(60)))
      .thenEmits([
        { type: 'OrderCanceled', ...envelope(staff, at(60)), reason: 'Ofen defekt' },
        {
          type: 'OrderRefundRequested',
          ...envelope(staff, at(60)),
          refundNumber: 2,
          attempt: 1,
          amount: 2200,
          reason: 'canceled',
        },
      ])
    const all = given(rest.events)
      .when(refund(2))
      .thenEmits(decide(refund(2), rest.state))
    expect(all.state.lifecycle.payment).toBe('refunded')
    expect(refundSummaryOf(all.state)).toMatchObject({ status: 'refunded', refundedAmount: 3650 })
  })

  it('refuses an item change that makes a paid order cost more than was paid', () => {
    given(paid)
      .when({
        ...cheaperItem,
        item: { ...(cheaperItem as Extract<OrderCommand, { type: 'ChangeOrderItem' }>).item, amount: 3 },
        pricing: { totalGross: 5100 },
      } as OrderCommand)
      .thenRefuses(/Eine online bezahlte Bestellung kann nicht mehr kosten, als bezahlt wurde\.$/)
  })

  it('keeps the items of an online order whose payment is still pending', () => {
    given(historyOf(TAKEAWAY_ONLINE, []))
      .when(cheaperItem)
      .thenRefuses(
        /^Die Aktion „Artikel ändern“ ist bei einer Bestellung im Status „Wartet auf Bestätigung“ nicht möglich\.$/,
      )
  })
})

describe('an item removed (the customer called to drop it)', () => {
  /** Item 1 (2 pizzas, 29.00) goes: the salad (7.50) is left. */
  const removePizza = (pricing = { totalGross: 750 }, itemId = 'item-1'): OrderCommand => ({
    type: 'RemoveOrderItem',
    at: WHEN,
    actor: staff,
    itemId,
    pricing,
  })
  const pizza = {
    itemId: 'item-1',
    productUid: 'prod-pizza',
    name: 'Pizza Margherita',
    amount: 2,
    unit: 'piece',
    unitPrice: 1450,
    total: 2900,
  }

  it('given a cash order, when an item is removed, then the order is repriced without it and nothing is refunded', () => {
    const { state } = given(historyOf(TAKEAWAY, ['ConfirmOrder']))
      .when(removePizza())
      .thenEmits([
        {
          type: 'OrderItemRemoved',
          ...envelope(),
          itemId: 'item-1',
          item: pizza,
          pricing: { totalGross: 750 },
        },
      ])
    expect(state.items.map((i) => i.itemId)).toEqual(['item-2'])
    expect(state.pricing.totalGross).toBe(750)
    expect(state.lifecycle.status).toBe('confirmed')
    expect(refundsOf(state)).toEqual([])
    // The views follow: the customer's status page and the board show the one item and the new total.
    expect(toPublicOrderView(state)).toMatchObject({ totalGross: 750, items: [{ itemId: 'item-2' }] })
    expect(toBoardOrderView(state).items).toHaveLength(1)
  })

  it('given a paid online order, when an item is removed, then its price is refunded in the same append', () => {
    const { events, state } = given(historyOf(TAKEAWAY_ONLINE, ['MarkPaid', 'ConfirmOrder']))
      .when(removePizza())
      .thenEmits([
        {
          type: 'OrderItemRemoved',
          ...envelope(),
          itemId: 'item-1',
          item: pizza,
          pricing: { totalGross: 750 },
        },
        {
          type: 'OrderRefundRequested',
          ...envelope(),
          refundNumber: 1,
          attempt: 1,
          amount: 2900,
          reason: 'itemRemoved',
        },
      ])
    expect(refundDue(state)).toBe(0)
    const settled = given(events)
      .when(refund(1))
      .thenEmits(decide(refund(1), state))
    expect(settled.state.lifecycle.payment).toBe('paid')
    expect(refundSummaryOf(settled.state)).toMatchObject({
      status: 'partial',
      paidAmount: 3650,
      refundedAmount: 2900,
    })
  })

  it('refuses to remove the last item: staff cancel the order instead', () => {
    const one = given(historyOf(TAKEAWAY, []))
      .when(removePizza())
      .thenEmits([expect.objectContaining({ type: 'OrderItemRemoved' }) as unknown as OrderEvent])
    given(one.events)
      .when(removePizza({ totalGross: 0 }, 'item-2'))
      .thenRefuses(
        /^Der letzte Artikel einer Bestellung kann nicht entfernt werden\. Stornieren Sie stattdessen die Bestellung\.$/,
      )
  })

  it('refuses an item the order does not have', () => {
    let caught: unknown
    try {
      decide(removePizza({ totalGross: 3650 }, 'item-9'), foldOrder(historyOf(TAKEAWAY, [])))
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(OrderRuleError)
    expect((caught as OrderRuleError).code).toBe('not_found')
    expect((caught as OrderRuleError).field).toBe('itemId')
  })

  it('refuses where an item change is refused: a ready order, an online payment still pending', () => {
    given(historyOf(TAKEAWAY, ['ConfirmOrder', 'MarkInDelivery']))
      .when(removePizza())
      .thenRefuses(
        /^Die Aktion „Artikel entfernen“ ist bei einer Bestellung im Status „Abholbereit“ nicht möglich\.$/,
      )
    given(historyOf(TAKEAWAY_ONLINE, []))
      .when(removePizza())
      .thenRefuses(
        /^Die Aktion „Artikel entfernen“ ist bei einer Bestellung im Status „Wartet auf Bestätigung“ nicht möglich\.$/,
      )
  })

  it('refuses a removal that makes a paid order cost more than was paid (a delivery fee no longer waived)', () => {
    given(historyOf(TAKEAWAY_ONLINE, ['MarkPaid']))
      .when(removePizza({ totalGross: 3700 }))
      .thenRefuses(/Eine online bezahlte Bestellung kann nicht mehr kosten, als bezahlt wurde\.$/)
  })
})
