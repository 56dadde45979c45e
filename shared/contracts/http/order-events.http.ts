import { z } from 'zod'
import { ORDER_TYPES } from '../../domain/common/vocabulary.ts'
import {
  ORDER_EVENT_TYPES,
  type OrderEventType,
  orderStatusChangeUndoneSchema,
  REFUND_REASONS,
} from '../events/order.events.ts'
import { isoInstantSchema } from './responses.http.ts'

// GET /api/orders/{id}/events: an order's event timeline for the back-office (who did what,
// when), from the event store, oldest first. The types the browser imports (order-events.ts) are
// these schemas' types.

export const orderEventActorSchema = z
  .strictObject({
    kind: z.enum(['customer', 'staff', 'system']),
    id: z.string().optional(),
    name: z.string().optional(),
  })
  .meta({ id: 'OrderEventActor' })

/** An item as a timeline entry names it. */
export const orderEventItemSchema = z
  .strictObject({ name: z.string(), amount: z.number(), unit: z.string() })
  .meta({ id: 'OrderEventItem' })

const nothing = z.strictObject({})
const cents = z.int().min(0)
const rating = z.int().min(1).max(5)

/**
 * What an event type tells beyond who and when; never the status link's hash or the online
 * payment's session. Amounts are cents. An event with nothing of its own (a bare transition of
 * the order-action table) tells nothing more: it needs no line here.
 */
const DETAILS = {
  OrderCreated: z.strictObject({
    orderType: z.enum(ORDER_TYPES),
    tableIdentifier: z.string().nullable(),
    /** The requested time; null: as soon as possible. */
    appointment: isoInstantSchema.nullable(),
    paymentMethod: z.string(),
    isOnlinePayment: z.boolean(),
    /** The online payment's provider (its session stays out). */
    paymentProvider: z.string().nullable(),
    totalGross: cents,
    items: z.array(orderEventItemSchema),
    comment: z.string().nullable(),
    isPreorder: z.boolean(),
    isQuotation: z.boolean(),
  }),
  OrderRejected: z.strictObject({ message: z.string() }),
  OrderCanceled: z.strictObject({ reason: z.string().nullable() }),
  OrderFailed: z.strictObject({ reason: z.string() }),
  OrderPaid: z.strictObject({ reference: z.string().nullable() }),
  OrderRefundRequested: z.strictObject({
    refundNumber: z.int().min(1),
    attempt: z.int().min(1),
    amount: cents,
    reason: z.enum(REFUND_REASONS),
  }),
  /** Amount and number null: a refund recorded before refunds were numbered (the whole payment). */
  OrderRefunded: z.strictObject({
    refundNumber: z.int().min(1).nullable(),
    amount: cents.nullable(),
    reference: z.string().nullable(),
  }),
  OrderRefundFailed: z.strictObject({
    refundNumber: z.int().min(1),
    amount: cents,
    reason: z.string(),
    kind: z.enum(['refused', 'unreachable']),
  }),
  CounterAppointmentProposed: z.strictObject({ appointment: isoInstantSchema }),
  CounterAppointmentAccepted: z.strictObject({ appointment: isoInstantSchema }),
  CounterAppointmentRejected: z.strictObject({ appointment: isoInstantSchema }),
  OrderItemChanged: orderEventItemSchema.extend({
    itemId: z.string(),
    /** The line's new gross total. */
    total: cents,
    parts: z.array(
      z.strictObject({ name: z.string(), options: z.array(z.string()), text: z.string().nullable() }),
    ),
    /** The order's new total. */
    totalGross: cents,
  }),
  /** The item as it was (its line total) and the order's new total without it. */
  OrderItemRemoved: orderEventItemSchema.extend({
    itemId: z.string(),
    /** The removed line's gross total. */
    total: cents,
    /** The order's new total. */
    totalGross: cents,
  }),
  /** Which status change was taken back, and the statuses (the order is back at `to`). */
  OrderStatusChangeUndone: orderStatusChangeUndoneSchema
    .pick({ undone: true, from: true, to: true })
    .strict(),
  QuestionnaireAnswered: z.strictObject({
    rating,
    foodRating: rating,
    serviceRating: rating,
    processRating: rating,
    comment: z.string().nullable(),
  }),
} as const satisfies Partial<Record<OrderEventType, z.ZodObject>>

type DetailsSchemas = {
  [T in OrderEventType]: T extends keyof typeof DETAILS ? (typeof DETAILS)[T] : typeof nothing
}

/** Every event type's details (`{}` for the bare ones). */
export const ORDER_EVENT_DETAILS_SCHEMAS = Object.fromEntries(
  ORDER_EVENT_TYPES.map((type) => [
    type,
    (DETAILS as Partial<Record<OrderEventType, z.ZodObject>>)[type] ?? nothing,
  ]),
) as DetailsSchemas

function entryOf<T extends OrderEventType>(type: T) {
  return z
    .strictObject({
      /** The event's position in the order's stream (1 = created); also the order's version after it. */
      position: z.int().min(1),
      type: z.literal(type),
      /** When it happened. */
      at: isoInstantSchema,
      actor: orderEventActorSchema,
      details: ORDER_EVENT_DETAILS_SCHEMAS[type] as DetailsSchemas[T],
    })
    .meta({ id: `${type}Entry` })
}

type EntrySchema = { [T in OrderEventType]: ReturnType<typeof entryOf<T>> }[OrderEventType]

/** One event of the order as the back-office timeline shows it, by its type (every type of the union). */
export const orderEventEntrySchema = z
  .discriminatedUnion('type', ORDER_EVENT_TYPES.map(entryOf) as unknown as [EntrySchema, ...EntrySchema[]])
  .meta({ id: 'OrderEventEntry' })
