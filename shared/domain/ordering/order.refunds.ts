// Refunds of an online payment: what the order's events say was paid, asked back, paid back or
// refused, and what is still due. Pure; the decider asks for a refund with the command that
// makes one due, the refund process (services/api/src/payments/refunds.ts) settles it, and the
// views show it (docs/payments.md "Refunds").
import type { RefundReason } from '../../contracts/events/order.events.ts'
import { payableTotal } from '../catalogue/pricing.ts'
import type { OrderState } from './order.decider.ts'
import type { OrderStatus } from './order.machine.ts'

export type RefundStatus = 'pending' | 'refunded' | 'failed'

/** One refund: asked for once, tried (`attempt`) until the provider paid it back. */
export type OrderRefund = {
  refundNumber: number
  /** Cents. */
  amount: number
  reason: RefundReason
  attempt: number
  /**
   * How often the provider refused it: a refused idempotency key keeps its answer at the provider
   * (Stripe caches it), so the next try needs a new key; an unreachable provider keeps the key.
   */
  refusals: number
  status: RefundStatus
  failureReason: string | null
  failureKind: 'refused' | 'unreachable' | null
  /** The provider's refund id. */
  reference: string | null
  requestedAt: string
  settledAt: string | null
}

const UNFULFILLED: readonly OrderStatus[] = ['canceled', 'rejected', 'failed']

export function refundsOf(state: Pick<OrderState, 'refunds'>): OrderRefund[] {
  return state.refunds ?? []
}

/** What the provider took (cents): the payable total when the payment arrived; 0 before. */
export function paidAmountOf(state: OrderState): number {
  const { payment } = state.lifecycle
  if (payment !== 'paid' && payment !== 'refunded') return 0
  return state.paidAmount ?? payableTotal(state.pricing)
}

const sum = (refunds: readonly OrderRefund[]) => refunds.reduce((total, r) => total + r.amount, 0)

export function refundedAmountOf(state: OrderState): number {
  return sum(refundsOf(state).filter((r) => r.status === 'refunded'))
}

/**
 * What should be paid back and has not been asked for yet (cents): all of it when the order ended
 * unfulfilled, else what the total fell below the payment. A failed refund counts as asked for:
 * staff retry it rather than the shop asking twice.
 */
export function refundDue(state: OrderState): number {
  if (state.lifecycle.payment !== 'paid') return 0
  const paid = paidAmountOf(state)
  const target = UNFULFILLED.includes(state.lifecycle.status)
    ? paid
    : Math.max(0, paid - payableTotal(state.pricing))
  return Math.max(0, target - sum(refundsOf(state)))
}

/** The most an online-paid order may cost now: what was paid less what was asked back. */
export function maxTotalOfPaidOrder(state: OrderState): number {
  return Math.max(0, paidAmountOf(state) - sum(refundsOf(state)))
}

/** Why a refund becomes due now: the command that made it due, or where the order ended. */
export function refundReasonFor(commandType: string, status: OrderStatus): RefundReason {
  if (commandType === 'MarkPaid') return 'latePayment'
  if (commandType === 'RemoveOrderItem') return 'itemRemoved'
  if (status === 'canceled') return 'canceled'
  if (status === 'rejected') return 'rejected'
  if (status === 'failed') return 'failed'
  return 'itemChanged'
}

/**
 * The provider's idempotency key of a refund's current try: the order, the refund's number and its
 * refusals so far. A process that dies between the provider's answer and the event asks again
 * with the same key and gets the same refund back: it is made once.
 */
export function refundIdempotencyKey(
  orderId: string,
  refund: Pick<OrderRefund, 'refundNumber' | 'refusals'>,
) {
  return `refund-${orderId}-${refund.refundNumber}-${refund.refusals + 1}`
}

/** The refund state as the customer and staff see it (spec §3 order status view, `refund`). */
export type RefundSummary = {
  /** pending: asked for, not answered yet; failed: the provider did not pay back (staff retry). */
  status: 'pending' | 'failed' | 'partial' | 'refunded'
  paidAmount: number
  refundedAmount: number
  pendingAmount: number
  failedAmount: number
}

/** Null while no refund was ever asked for. */
export function refundSummaryOf(state: OrderState): RefundSummary | null {
  const refunds = refundsOf(state)
  if (refunds.length === 0) return null
  const of = (status: RefundStatus) => sum(refunds.filter((r) => r.status === status))
  const paidAmount = paidAmountOf(state)
  const refundedAmount = of('refunded')
  const pendingAmount = of('pending')
  const failedAmount = of('failed')
  const status =
    pendingAmount > 0
      ? 'pending'
      : failedAmount > 0
        ? 'failed'
        : refundedAmount >= paidAmount
          ? 'refunded'
          : 'partial'
  return { status, paidAmount, refundedAmount, pendingAmount, failedAmount }
}
