/**
 * The back-office order as the API gives it (the board view plus version) and the display
 * decisions of the order pages: dates in DD.MM.YYYY HH:mm of the branch's zone, money in the
 * German format with two decimals (spec §9), order type, addresses. Type-only imports from
 * the ordering domain keep the lifecycle machine out of the bundle.
 */
import { PAYMENT_METHODS } from '@shop/shared/domain/checkout/payment-methods.ts'
import { formatMoney, type OrderType, orderTypeOf } from '@shop/shared/domain/common'
import type { BoardOrderView, OrderStatus, StaffAction } from '@shop/shared/domain/ordering'
import { formatLocalDate, wallClockOf } from '@shop/shared/domain/scheduling/zoned-time.ts'

export type StaffOrder = BoardOrderView & { version: number }
export type OrderAddress = NonNullable<BoardOrderView['deliveryAddress']>

export const DEFAULT_TIME_ZONE = 'Europe/Zurich'

/** 'DD.MM.YYYY HH:mm' in the zone (spec §9); '' for a missing or unreadable instant. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return ''
  const ms = Date.parse(iso)
  if (!Number.isFinite(ms)) return ''
  const wall = wallClockOf(ms, timeZone)
  return `${formatLocalDate(wall.date)} ${wall.time}`
}

/** Money is always shown in the German (Swiss) format with two decimals, whatever the UI language. */
export function money(cents: number | null | undefined, currency: string): string {
  return formatMoney(
    typeof cents === 'number' && Number.isFinite(cents) ? Math.round(cents) : 0,
    currency,
    'de-CH',
  )
}

export type OrderKind = OrderType

export function orderKindOf(order: Pick<StaffOrder, 'isDelivery' | 'isDineIn'>): OrderKind {
  return orderTypeOf(order)
}

/** The ticket number, or the first characters of the id for orders without one. */
export function ticketLabel(order: Pick<StaffOrder, 'ticketNumber' | 'id'>): string {
  return order.ticketNumber !== null && order.ticketNumber !== undefined
    ? `#${order.ticketNumber}`
    : order.id.slice(0, 8).toUpperCase()
}

/** When the kitchen must be ready: the accepted counter-appointment, else the wish, else ASAP (null). */
export function dueOf(order: Pick<StaffOrder, 'dueAt' | 'appointmentDate'>): string | null {
  return order.dueAt ?? order.appointmentDate ?? null
}

export function customerLabel(order: Pick<StaffOrder, 'customerName' | 'customer'>): string {
  const c = order.customer
  const name = order.customerName || [c?.firstName, c?.lastName].filter(Boolean).join(' ')
  return c?.isCompany && c.companyName ? `${c.companyName} (${name})` : name
}

/** Address lines as a label would print them: company, name, street with floor/stair/door, zip and city. */
export function addressLines(address: OrderAddress | null | undefined): string[] {
  if (!address) return []
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ')
  const extras = [address.floor, address.stairway, address.door].filter(Boolean).join(' / ')
  const street = [address.street, extras].filter(Boolean).join(', ')
  const city = [address.zipCode, address.city].filter(Boolean).join(' ')
  return [address.companyName ?? '', name, street, [city, address.country].filter(Boolean).join(', ')].filter(
    (line) => line.trim() !== '',
  )
}

/** Whether the payment method is an online provider: only those can be re-checked. */
export function isOnlinePayment(method: string): boolean {
  return (
    Object.hasOwn(PAYMENT_METHODS, method) && PAYMENT_METHODS[method as keyof typeof PAYMENT_METHODS].online
  )
}

/** The method's name from bo-orders, or the stored value for a method this app does not know. */
export function paymentMethodText(method: string, t: (key: string) => string): string {
  return Object.hasOwn(PAYMENT_METHODS, method) ? t(`paymentMethod.${method}`) : method
}

/** The staff's status actions in the order the buttons are shown (forward first, then the exits). */
const ACTION_ORDER: readonly StaffAction[] = [
  'confirm',
  'in-delivery',
  'completed',
  'delivered',
  'counter-appointment',
  'reject',
  'cancel',
]

export function statusActions(order: Pick<StaffOrder, 'allowedActions'>): StaffAction[] {
  return ACTION_ORDER.filter((action) => order.allowedActions.includes(action))
}

/** Statuses that need attention get a tone; the text always says the status too (never colour alone). */
export function statusTone(status: OrderStatus): 'warning' | 'success' | 'danger' | 'info' {
  if (status === 'awaitingConfirmation') return 'warning'
  if (status === 'completed' || status === 'delivered') return 'success'
  if (status === 'rejected' || status === 'canceled' || status === 'failed') return 'danger'
  return 'info'
}

/**
 * Whether the item edit is offered: not on a finished order. The server decides the rest (ready,
 * online payment) and its refusal is shown in the editor.
 */
export function mayEditItems(
  order: Pick<StaffOrder, 'status'> & Partial<Pick<StaffOrder, 'paymentMethod' | 'paymentStatus'>>,
): boolean {
  const final: readonly OrderStatus[] = ['completed', 'delivered', 'rejected', 'canceled', 'failed']
  if (final.includes(order.status)) return false
  // An online order changes only once paid (to a lower total: the difference is refunded).
  return !(order.paymentMethod && isOnlinePayment(order.paymentMethod) && order.paymentStatus !== 'paid')
}

/** The taxes of the pricing, highest rate first: [["8.1", 123], ["2.6", 45]]. */
export function taxLines(pricing: StaffOrder['pricing']): [string, number][] {
  return Object.entries(pricing.taxes ?? {}).sort(([a], [b]) => Number(b) - Number(a))
}
