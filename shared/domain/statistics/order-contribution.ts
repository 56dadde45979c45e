import { priceLines } from '../catalogue/pricing.ts'
import type { OrderType } from '../common/vocabulary.ts'
import type { OrderState } from '../ordering/order.decider.ts'
import { wallClockOf } from '../scheduling/zoned-time.ts'

// What one order adds to the statistics (issue 7): a pure function of the order's folded state
// and its branch's time zone. The statistics projection keeps each order's last contribution and
// moves the pre-aggregated tables by the difference when the order changes, so every figure is
// a sum of contributions: a rebuild from the events gives the same tables.

/** Where an order ended up, for the statistics: still running, done, or one of the three ends without sale. */
export const ORDER_OUTCOMES = ['open', 'completed', 'rejected', 'canceled', 'failed'] as const
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number]

/** Outcomes that are not a sale: never revenue, counted on their own (canceled-orders). */
export const LOST_OUTCOMES: readonly OrderOutcome[] = ['rejected', 'canceled', 'failed']

export type Money = { net: number; tax: number; gross: number }

export type ContributionItem = {
  productUid: string
  name: string
  unit: string
  amount: number
  gross: number
}

export type ContributionOption = { productUid: string; part: string; option: string; amount: number }

export type OrderContribution = {
  branchId: string
  /** The local date and hour of the order's creation in the branch's zone. */
  day: string
  hour: number
  orderType: OrderType
  outcome: OrderOutcome
  /** Counted as revenue: not rejected, canceled or failed, and not refunded. */
  revenue: boolean
  money: Money
  /** Net, tax and gross per tax rate ('8.1', '2.6'), items and delivery together. */
  rates: Record<string, Money>
  items: ContributionItem[]
  options: ContributionOption[]
  /** The message of a rejection, the reason of a cancellation or failure. */
  reason: string | null
  /** Seconds from the order to its first confirmation, and to its completion or delivery. */
  confirmSeconds: number | null
  completeSeconds: number | null
  /** The customer's overall rating (1–5), once the questionnaire is answered. */
  rating: number | null
}

export function orderTypeOf(state: Pick<OrderState, 'isDelivery' | 'isDineIn'>): OrderType {
  return state.isDelivery ? 'delivery' : state.isDineIn ? 'dineIn' : 'takeaway'
}

export function outcomeOf(status: OrderState['lifecycle']['status']): OrderOutcome {
  switch (status) {
    case 'completed':
    case 'delivered':
      return 'completed'
    case 'rejected':
    case 'canceled':
    case 'failed':
      return status
    default:
      return 'open'
  }
}

function secondsTo(state: OrderState, statuses: readonly string[]): number | null {
  const step = state.timeline.find((s) => statuses.includes(s.status))
  if (!step) return null
  return Math.max(0, Math.round((Date.parse(step.at) - Date.parse(state.createdAt)) / 1000))
}

/**
 * Net, tax and gross per tax rate: the items split per rate as the checkout priced them
 * (priceLines), plus the delivery fee under the rate whose stored tax exceeds the items' by the
 * delivery's tax. Empty for orders from before the checkout stored rates.
 */
export function ratesOf(state: Pick<OrderState, 'items' | 'pricing'>): Record<string, Money> {
  const { pricing } = state
  if (pricing.totalNet === undefined || state.items.some((i) => i.taxRate === undefined)) return {}
  const lines = state.items.map((i) => ({ gross: i.total, taxRate: i.taxRate ?? 0 }))
  const rates: Record<string, Money> = { ...priceLines(lines, null).rateGroups }
  const delivery = {
    net: pricing.deliveryNet ?? 0,
    tax: pricing.deliveryTax ?? 0,
    gross: pricing.deliveryGross ?? 0,
  }
  if (delivery.gross > 0) {
    const taxes = pricing.taxes ?? {}
    const key =
      Object.keys(taxes).find((k) => taxes[k]! - (rates[k]?.tax ?? 0) === delivery.tax) ?? 'delivery'
    const r = rates[key] ?? { net: 0, tax: 0, gross: 0 }
    rates[key] = { net: r.net + delivery.net, tax: r.tax + delivery.tax, gross: r.gross + delivery.gross }
  }
  return rates
}

/**
 * The order's contribution. `placed` keeps the day and hour of an earlier contribution: an order
 * stays on the day it was placed even if its branch's zone changes later.
 */
export function orderContribution(
  state: OrderState,
  timeZone: string,
  placed?: Pick<OrderContribution, 'day' | 'hour'>,
): OrderContribution {
  const clock = placed
    ? { date: placed.day, hour: placed.hour }
    : wallClockOf(Date.parse(state.createdAt), timeZone)
  const outcome = outcomeOf(state.lifecycle.status)
  const revenue = !LOST_OUTCOMES.includes(outcome) && state.lifecycle.payment !== 'refunded'
  const pricing = state.pricing
  const items: ContributionItem[] = state.items.map((i) => ({
    productUid: i.productUid,
    name: i.name,
    unit: i.unit,
    amount: i.amount,
    gross: i.total,
  }))
  const options: ContributionOption[] = state.items.flatMap((i) =>
    (i.parts ?? []).flatMap((p) =>
      p.options.map((option) => ({ productUid: i.productUid, part: p.name, option, amount: i.amount })),
    ),
  )
  const reason =
    outcome === 'rejected'
      ? state.rejectionMessage
      : outcome === 'canceled'
        ? state.cancelReason
        : outcome === 'failed'
          ? state.failureReason
          : null
  return {
    branchId: state.branchId,
    day: clock.date,
    hour: clock.hour,
    orderType: orderTypeOf(state),
    outcome,
    revenue,
    money: {
      net: pricing.totalNet ?? pricing.totalGross,
      tax: pricing.totalTax ?? 0,
      gross: pricing.totalGross,
    },
    rates: ratesOf(state),
    items,
    options,
    reason: reason?.trim() || null,
    confirmSeconds: secondsTo(state, ['confirmed']),
    completeSeconds: secondsTo(state, ['completed', 'delivered']),
    rating: state.questionnaire?.rating ?? null,
  }
}
