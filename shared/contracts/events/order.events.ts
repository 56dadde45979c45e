import { z } from 'zod'

// Bump when an event's shape changes incompatibly; the store keeps it per event for upcasting.
export const ORDER_EVENTS_SCHEMA_VERSION = 1

const isoDateTime = z.iso.datetime({ offset: true })
const id = z.string().min(1)
const cents = z.int().min(0)

export const actorSchema = z.object({
  kind: z.enum(['customer', 'staff', 'system']),
  id: z.string().optional(),
  name: z.string().optional(),
})
export type Actor = z.infer<typeof actorSchema>

export const orderItemSchema = z.object({
  itemId: id,
  productUid: id,
  name: z.string(),
  amount: z.number().positive(),
  unit: z.string().min(1),
  unitPrice: cents,
  total: cents,
})
export type OrderItem = z.infer<typeof orderItemSchema>

export const orderCustomerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
})
export type OrderCustomer = z.infer<typeof orderCustomerSchema>

export const orderPricingSchema = z.object({ totalGross: cents })
export type OrderPricing = z.infer<typeof orderPricingSchema>

// Every event names its order, so a projector reading the global log needs no stream lookup.
const envelope = { orderId: id, at: isoDateTime, actor: actorSchema }

export const orderCreatedSchema = z.object({
  type: z.literal('OrderCreated'),
  ...envelope,
  uid: id,
  hash: id,
  branchId: id,
  isDelivery: z.boolean(),
  isDineIn: z.boolean(),
  tableIdentifier: z.string().nullable(),
  customer: orderCustomerSchema,
  items: z.array(orderItemSchema).min(1),
  // null: as soon as possible
  appointment: isoDateTime.nullable(),
  comment: z.string().nullable(),
  paymentMethod: z.string().min(1),
  isOnlinePayment: z.boolean(),
  pricing: orderPricingSchema,
})

export const orderConfirmedSchema = z.object({ type: z.literal('OrderConfirmed'), ...envelope })
export const orderRejectedSchema = z.object({
  type: z.literal('OrderRejected'),
  ...envelope,
  message: z.string().min(1),
})
export const orderCanceledSchema = z.object({
  type: z.literal('OrderCanceled'),
  ...envelope,
  reason: z.string().nullable(),
})
export const orderMarkedInDeliverySchema = z.object({ type: z.literal('OrderMarkedInDelivery'), ...envelope })
export const orderCompletedSchema = z.object({ type: z.literal('OrderCompleted'), ...envelope })
export const orderDeliveredSchema = z.object({ type: z.literal('OrderDelivered'), ...envelope })
export const orderFailedSchema = z.object({
  type: z.literal('OrderFailed'),
  ...envelope,
  reason: z.string().min(1),
})
export const orderPaidSchema = z.object({
  type: z.literal('OrderPaid'),
  ...envelope,
  reference: z.string().nullable(),
})
export const orderRefundedSchema = z.object({ type: z.literal('OrderRefunded'), ...envelope })
export const counterAppointmentProposedSchema = z.object({
  type: z.literal('CounterAppointmentProposed'),
  ...envelope,
  appointment: isoDateTime,
})
export const counterAppointmentAcceptedSchema = z.object({
  type: z.literal('CounterAppointmentAccepted'),
  ...envelope,
  // Copied from the proposal so the event alone tells the new time.
  appointment: isoDateTime,
})
export const counterAppointmentRejectedSchema = z.object({
  type: z.literal('CounterAppointmentRejected'),
  ...envelope,
  appointment: isoDateTime,
})
const rating = z.int().min(1).max(5)
export const questionnaireAnsweredSchema = z.object({
  type: z.literal('QuestionnaireAnswered'),
  ...envelope,
  rating,
  foodRating: rating,
  serviceRating: rating,
  processRating: rating,
  comment: z.string().nullable(),
})

export const orderEventSchema = z.discriminatedUnion('type', [
  orderCreatedSchema,
  orderConfirmedSchema,
  orderRejectedSchema,
  orderCanceledSchema,
  orderMarkedInDeliverySchema,
  orderCompletedSchema,
  orderDeliveredSchema,
  orderFailedSchema,
  orderPaidSchema,
  orderRefundedSchema,
  counterAppointmentProposedSchema,
  counterAppointmentAcceptedSchema,
  counterAppointmentRejectedSchema,
  questionnaireAnsweredSchema,
])

export const ORDER_EVENT_TYPES = [
  'OrderCreated',
  'OrderConfirmed',
  'OrderRejected',
  'OrderCanceled',
  'OrderMarkedInDelivery',
  'OrderCompleted',
  'OrderDelivered',
  'OrderFailed',
  'OrderPaid',
  'OrderRefunded',
  'CounterAppointmentProposed',
  'CounterAppointmentAccepted',
  'CounterAppointmentRejected',
  'QuestionnaireAnswered',
] as const satisfies readonly z.infer<typeof orderEventSchema>['type'][]

export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]
export type OrderEvent = z.infer<typeof orderEventSchema>
export type OrderEventOf<T extends OrderEventType> = Extract<OrderEvent, { type: T }>

export type OrderCreated = z.infer<typeof orderCreatedSchema>
export type OrderConfirmed = z.infer<typeof orderConfirmedSchema>
export type OrderRejected = z.infer<typeof orderRejectedSchema>
export type OrderCanceled = z.infer<typeof orderCanceledSchema>
export type OrderMarkedInDelivery = z.infer<typeof orderMarkedInDeliverySchema>
export type OrderCompleted = z.infer<typeof orderCompletedSchema>
export type OrderDelivered = z.infer<typeof orderDeliveredSchema>
export type OrderFailed = z.infer<typeof orderFailedSchema>
export type OrderPaid = z.infer<typeof orderPaidSchema>
export type OrderRefunded = z.infer<typeof orderRefundedSchema>
export type CounterAppointmentProposed = z.infer<typeof counterAppointmentProposedSchema>
export type CounterAppointmentAccepted = z.infer<typeof counterAppointmentAcceptedSchema>
export type CounterAppointmentRejected = z.infer<typeof counterAppointmentRejectedSchema>
export type QuestionnaireAnswered = z.infer<typeof questionnaireAnsweredSchema>
