import type { StoredEvent } from '@shop/kit'
import type { OrderEvent } from '@shop/shared/contracts'
import type {
  OrderEventActor,
  OrderEventDetails,
  OrderEventEntry,
} from '@shop/shared/contracts/http/order-events.ts'
import { orderTypeOf } from '@shop/shared/domain/ordering'

const ACTOR_KINDS = new Set(['customer', 'staff', 'system'])

function actorOf(e: StoredEvent): OrderEventActor {
  const raw = ((e.data as { actor?: unknown }).actor ?? e.metadata.actor) as
    | { kind?: unknown; id?: unknown; name?: unknown }
    | undefined
  if (!raw || typeof raw.kind !== 'string' || !ACTOR_KINDS.has(raw.kind)) return { kind: 'system' }
  return {
    kind: raw.kind as OrderEventActor['kind'],
    ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
    ...(typeof raw.name === 'string' ? { name: raw.name } : {}),
  }
}

/** Each event type's meaningful fields: never the status link's hash, the customer's
 * payment session or anything the staff does not act on. */
function detailsOf(event: OrderEvent): OrderEventDetails[keyof OrderEventDetails] {
  switch (event.type) {
    case 'OrderCreated':
      return {
        orderType: orderTypeOf(event),
        tableIdentifier: event.tableIdentifier,
        appointment: event.appointment,
        paymentMethod: event.paymentMethod,
        isOnlinePayment: event.isOnlinePayment,
        paymentProvider: event.payment?.provider ?? null,
        totalGross: event.pricing.totalGross,
        items: event.items.map((i) => ({ name: i.name, amount: i.amount, unit: i.unit })),
        comment: event.comment,
        isPreorder: event.isPreorder ?? false,
        isQuotation: event.isQuotation ?? false,
      }
    case 'OrderRejected':
      return { message: event.message }
    case 'OrderCanceled':
      return { reason: event.reason }
    case 'OrderFailed':
      return { reason: event.reason }
    case 'OrderPaid':
      return { reference: event.reference }
    case 'OrderRefundRequested':
      return {
        refundNumber: event.refundNumber,
        attempt: event.attempt,
        amount: event.amount,
        reason: event.reason,
      }
    case 'OrderRefunded':
      return {
        refundNumber: event.refundNumber ?? null,
        amount: event.amount ?? null,
        reference: event.reference ?? null,
      }
    case 'OrderRefundFailed':
      return {
        refundNumber: event.refundNumber,
        amount: event.amount,
        reason: event.reason,
        kind: event.kind,
      }
    case 'CounterAppointmentProposed':
    case 'CounterAppointmentAccepted':
    case 'CounterAppointmentRejected':
      return { appointment: event.appointment }
    case 'OrderItemChanged':
      return {
        itemId: event.item.itemId,
        name: event.item.name,
        amount: event.item.amount,
        unit: event.item.unit,
        total: event.item.total,
        parts: (event.item.parts ?? []).map((p) => ({ name: p.name, options: p.options, text: p.text })),
        totalGross: event.pricing.totalGross,
      }
    case 'OrderItemRemoved':
      return {
        itemId: event.itemId,
        name: event.item.name,
        amount: event.item.amount,
        unit: event.item.unit,
        total: event.item.total,
        totalGross: event.pricing.totalGross,
      }
    case 'OrderStatusChangeUndone':
      return { undone: event.undone, from: event.from, to: event.to }
    case 'QuestionnaireAnswered':
      return {
        rating: event.rating,
        foodRating: event.foodRating,
        serviceRating: event.serviceRating,
        processRating: event.processRating,
        comment: event.comment,
      }
    case 'OrderConfirmed':
    case 'OrderMarkedInDelivery':
    case 'OrderCompleted':
    case 'OrderDelivered':
      return {}
    default:
      // An event type this build does not know (a newer writer): who and when, nothing more.
      return {}
  }
}

/** One stored order event as the back-office timeline shows it (GET /api/orders/{id}/events). */
export function toOrderEventEntry(e: StoredEvent): OrderEventEntry {
  const data = e.data as OrderEvent & { at?: unknown }
  const at = typeof data.at === 'string' ? data.at : new Date(e.createdAt).toISOString()
  return {
    position: e.streamPosition,
    type: e.type,
    at,
    actor: actorOf(e),
    details: detailsOf({ ...data, type: e.type } as OrderEvent),
  } as OrderEventEntry
}
