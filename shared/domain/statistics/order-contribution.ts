import { payableTotal, priceLines } from '../catalogue/pricing.ts'
import { type OrderType, orderTypeOf } from '../common/vocabulary.ts'
import type { OrderState } from '../ordering/order.decider.ts'
import { wallClockOf } from '../scheduling/zoned-time.ts'

// What one order adds to the statistics (issue 7): a pure function of the order's folded state
// and its branch's time zone. The statistics projection keeps each order's last contribution and
// moves the pre-aggregated tables by the difference when the order changes, so every figure is
// a sum of contributions: a rebuild from the events gives the same tables.
//
// Which orders count where (issue 14, docs/statistics.md "Which orders count"): every order sits
// on the local day and hour it is **due** (its appointment, or the counter-appointment the
// customer accepted; an as-soon-as-possible order is due when it was placed), so a pre-order
// placed on Monday for Wednesday is Wednesday's. Orders, outcomes, order times and durations
// count every order there; revenue, taxes, items and options only the orders the shop has
// **confirmed** and that did not end rejected, canceled or failed, nor were refunded.

/** Where an order ended up, for the statistics: still running, done, or one of the three ends without sale. */
export const ORDER_OUTCOMES = ['open', 'completed', 'rejected', 'canceled', 'failed'] as const
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number]

/** Outcomes that are not a sale: never revenue, counted on their own (canceled-orders). */
export const LOST_OUTCOMES: readonly OrderOutcome[] = ['rejected', 'canceled', 'failed']

/** Statuses an order only reaches once the shop confirmed it (the lost ones end it before or after). */
const CONFIRMED_STATUSES: readonly OrderState['lifecycle']['status'][] = [
  'confirmed',
  'ready',
  'inDelivery',
  'completed',
  'delivered',
]

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
  /** The local date and hour the order is due (dueAtOf) in `timeZone`. */
  day: string
  hour: number
  /** The zone the day and hour were taken in: the branch's when the order was first counted. */
  timeZone?: string
  orderType: OrderType
  outcome: OrderOutcome
  /** Counted as revenue: confirmed by the shop, not rejected, canceled or failed, not refunded. */
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

export { orderTypeOf }

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
 * When the order is due: the counter-appointment the customer accepted, else the requested
 * appointment, else (as soon as possible) the time it was placed.
 */
export function dueAtOf(
  state: Pick<OrderState, 'appointment' | 'counterAppointment' | 'createdAt' | 'lifecycle'>,
): string {
  if (state.lifecycle.counterAppointment === 'accepted' && state.counterAppointment !== null)
    return state.counterAppointment
  return state.appointment ?? state.createdAt
}

/** Revenue: the shop confirmed the order, it did not end without sale, its money was not refunded. */
export function countsAsRevenue(state: Pick<OrderState, 'lifecycle'>): boolean {
  return CONFIRMED_STATUSES.includes(state.lifecycle.status) && state.lifecycle.payment !== 'refunded'
}

/**
 * The order's contribution, on the local day and hour it is due. `before` (the order's earlier
 * contribution) keeps the zone it was first counted in: an order does not move to another day
 * because its branch's zone changes later, only because its due time does.
 */
export function orderContribution(
  state: OrderState,
  timeZone: string,
  before?: Pick<OrderContribution, 'timeZone'>,
): OrderContribution {
  const zone = before?.timeZone ?? timeZone
  const clock = wallClockOf(Date.parse(dueAtOf(state)), zone)
  const outcome = outcomeOf(state.lifecycle.status)
  const revenue = countsAsRevenue(state)
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
    timeZone: zone,
    orderType: orderTypeOf(state),
    outcome,
    revenue,
    // What the shop takes in: a cash order's rounding to the smallest coin counts, and being
    // tax-free it moves net and gross alike, never the tax.
    money: {
      net: (pricing.totalNet ?? pricing.totalGross) + (pricing.cashRounding ?? 0),
      tax: pricing.totalTax ?? 0,
      gross: payableTotal(pricing),
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
