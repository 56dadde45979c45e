/**
 * The order's full history from the event store (GET /api/orders/{id}/events): who did what,
 * when. Each event becomes one row: the actor (the staff member's name, "Kunde" or "System"),
 * a label per event type and the details worth reading (the rejection message, the new
 * appointment, the changed item, the new total …). Unknown event types still show, by type.
 */

export type EventActor = { kind: 'customer' | 'staff' | 'system'; id?: string; name?: string }

export type OrderEventEntry = {
  position: number
  type: string
  at: string
  actor: EventActor
  details?: Record<string, unknown> | null
}

/** The label key of each known event type in bo-orders (`event.*`). */
export const EVENT_LABELS: Readonly<Record<string, string>> = {
  OrderCreated: 'event.OrderCreated',
  OrderConfirmed: 'event.OrderConfirmed',
  OrderRejected: 'event.OrderRejected',
  OrderCanceled: 'event.OrderCanceled',
  OrderMarkedInDelivery: 'event.OrderMarkedInDelivery',
  OrderCompleted: 'event.OrderCompleted',
  OrderDelivered: 'event.OrderDelivered',
  OrderFailed: 'event.OrderFailed',
  OrderPaid: 'event.OrderPaid',
  OrderRefunded: 'event.OrderRefunded',
  OrderRefundRequested: 'event.OrderRefundRequested',
  OrderRefundFailed: 'event.OrderRefundFailed',
  CounterAppointmentProposed: 'event.CounterAppointmentProposed',
  CounterAppointmentAccepted: 'event.CounterAppointmentAccepted',
  CounterAppointmentRejected: 'event.CounterAppointmentRejected',
  OrderItemChanged: 'event.OrderItemChanged',
  OrderItemRemoved: 'event.OrderItemRemoved',
  QuestionnaireAnswered: 'event.QuestionnaireAnswered',
  OrderStatusChangeUndone: 'event.OrderStatusChangeUndone',
}

/** How a detail value is shown: text as it is, an instant as date-time, cents as money … */
export type DetailKind =
  | 'text'
  | 'dateTime'
  | 'money'
  | 'amount'
  | 'rating'
  | 'paymentMethod'
  | 'items'
  | 'refundReason'

export type ItemAmount = { name?: string; amount: number; unit: string }

export type TimelineDetail =
  | {
      key: string
      labelKey: string
      kind: 'text' | 'dateTime' | 'paymentMethod' | 'refundReason'
      value: string
    }
  | { key: string; labelKey: string; kind: 'money' | 'rating'; value: number }
  | { key: string; labelKey: string; kind: 'amount'; value: ItemAmount }
  | { key: string; labelKey: string; kind: 'items'; value: ItemAmount[] }

export type TimelineRow = {
  key: string
  at: string
  actor: { kind: EventActor['kind']; name: string | null }
  /** A bo-orders key, or null for an unknown type (shown by its type name). */
  labelKey: string | null
  type: string
  details: TimelineDetail[]
}

// The details shown, in this order; each with its label (bo-orders `detailField.*`) and kind.
const DETAIL_FIELDS: readonly { key: string; kind: DetailKind }[] = [
  { key: 'message', kind: 'text' },
  { key: 'reason', kind: 'text' },
  { key: 'refundReason', kind: 'refundReason' },
  { key: 'appointment', kind: 'dateTime' },
  { key: 'items', kind: 'items' },
  { key: 'itemName', kind: 'text' },
  { key: 'amount', kind: 'amount' },
  { key: 'paymentMethod', kind: 'paymentMethod' },
  { key: 'totalGross', kind: 'money' },
  { key: 'refundAmount', kind: 'money' },
  { key: 'reference', kind: 'text' },
  { key: 'rating', kind: 'rating' },
  { key: 'comment', kind: 'text' },
]

function itemAmount(value: unknown): ItemAmount | null {
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  if (typeof v.amount !== 'number' || typeof v.unit !== 'string') return null
  return { ...(typeof v.name === 'string' ? { name: v.name } : {}), amount: v.amount, unit: v.unit }
}

function flatDetails(details: Record<string, unknown>): Record<string, unknown> {
  // The changed item comes flat ({ name, amount, unit }) or nested ({ item: {…} }).
  const flat: Record<string, unknown> = { ...details }
  // A refund's amount is money, not an item's amount.
  if ('refundNumber' in details) {
    flat.refundAmount = details.amount
    delete flat.amount
    // A request's reason is a word of the refund vocabulary (a failure's is the provider's text).
    if ('attempt' in details) {
      flat.refundReason = details.reason
      delete flat.reason
    }
  }
  const item = details.item
  if (item && typeof item === 'object') {
    const i = item as Record<string, unknown>
    flat.itemName ??= i.name
    flat.amount ??= i.amount
    flat.unit ??= i.unit
  }
  const pricing = details.pricing
  if (pricing && typeof pricing === 'object')
    flat.totalGross ??= (pricing as Record<string, unknown>).totalGross
  if (typeof details.name === 'string' && flat.itemName === undefined) flat.itemName = details.name
  return flat
}

/** The details of one event worth showing (the server sends each type's meaningful fields). */
export function eventDetails(details: Record<string, unknown> | null | undefined): TimelineDetail[] {
  if (!details) return []
  const flat = flatDetails(details)
  const rows: TimelineDetail[] = []
  for (const { key, kind } of DETAIL_FIELDS) {
    const value = flat[key]
    const labelKey = `detailField.${key}`
    if (value === null || value === undefined || value === '') continue
    switch (kind) {
      case 'money':
      case 'rating':
        if (typeof value === 'number' && Number.isFinite(value)) rows.push({ key, labelKey, kind, value })
        break
      case 'amount': {
        const amount = itemAmount({ amount: value, unit: flat.unit })
        if (amount) rows.push({ key, labelKey, kind, value: amount })
        break
      }
      case 'items': {
        const items = Array.isArray(value)
          ? value.map(itemAmount).filter((i): i is ItemAmount => i !== null)
          : []
        if (items.length > 0) rows.push({ key, labelKey, kind, value: items })
        break
      }
      default:
        if (typeof value === 'string' || typeof value === 'number')
          rows.push({ key, labelKey, kind, value: String(value) })
    }
  }
  return rows
}

/** The rows oldest first (the server's order, made sure by position). */
export function timelineRows(
  events: readonly OrderEventEntry[],
  order: { isDelivery: boolean } = { isDelivery: true },
): TimelineRow[] {
  return [...events]
    .sort((a, b) => a.position - b.position)
    .map((event) => ({
      key: `${event.position}-${event.type}`,
      at: event.at,
      actor: {
        kind: event.actor?.kind ?? 'system',
        name: event.actor?.kind === 'staff' ? (event.actor.name ?? event.actor.id ?? null) : null,
      },
      // Takeaway and dine-in orders become "ready" with the same event.
      labelKey:
        event.type === 'OrderMarkedInDelivery' && !order.isDelivery
          ? 'event.OrderMarkedReady'
          : (EVENT_LABELS[event.type] ?? null),
      type: event.type,
      // The creation's total is the total, not a new one.
      details: eventDetails(event.details).map((d) =>
        event.type === 'OrderCreated' && d.key === 'totalGross' ? { ...d, labelKey: 'detailField.total' } : d,
      ),
    }))
}

/** "Demo Admin", or the bo-orders key of the customer / system actor. */
export function actorText(actor: TimelineRow['actor'], t: (key: string) => string): string {
  if (actor.kind === 'customer') return t('actor.customer')
  if (actor.kind === 'system') return t('actor.system')
  return actor.name ?? t('actor.staff')
}
