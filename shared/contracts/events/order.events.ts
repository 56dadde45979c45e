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

/** An upload attached to a configurable part (file, files, image, images). */
export const orderUploadRefSchema = z.object({
  id,
  version: z.int().min(1),
  extension: z.string(),
  publicHash: z.string(),
  mimeType: z.string(),
})
export type OrderUploadRef = z.infer<typeof orderUploadRefSchema>

/** What the customer chose for one configurable part, named as the product named it then. */
export const orderItemPartSchema = z.object({
  name: z.string(),
  type: z.string(),
  options: z.array(z.string()),
  text: z.string().nullable(),
  uploads: z.array(orderUploadRefSchema),
})
export type OrderItemPart = z.infer<typeof orderItemPartSchema>

// Fields added with the checkout are optional: orders stored before it lack them.
export const orderItemSchema = z.object({
  itemId: id,
  productUid: id,
  productId: z.string().optional(),
  name: z.string(),
  amount: z.number().positive(),
  unit: z.string().min(1),
  /** Cents per product unit, options included. */
  unitPrice: cents,
  /** Gross cents of the line. */
  total: cents,
  /** Percent, by the order type (spec §9). */
  taxRate: z.number().min(0).optional(),
  pricingModel: z.enum(['fixed', 'approximate', 'minimum']).optional(),
  isPriceHidden: z.boolean().optional(),
  parts: z.array(orderItemPartSchema).optional(),
})
export type OrderItem = z.infer<typeof orderItemSchema>

export const orderAddressSchema = z.object({
  companyName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  street: z.string().nullable(),
  floor: z.string().nullable(),
  stairway: z.string().nullable(),
  door: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
})
export type OrderAddress = z.infer<typeof orderAddressSchema>

export const orderCustomerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isCompany: z.boolean().optional(),
  companyName: z.string().nullable().optional(),
  vatNo: z.string().nullable().optional(),
  /** The billing address (also the delivery address unless `deliveryAddress` is set). */
  address: orderAddressSchema.nullable().optional(),
})
export type OrderCustomer = z.infer<typeof orderCustomerSchema>

/** Spec §3 order pricing in cents; `taxes` keyed by rate ("8.1"). Only totalGross before the checkout. */
export const orderPricingSchema = z.object({
  net: cents.optional(),
  tax: cents.optional(),
  gross: cents.optional(),
  deliveryNet: cents.optional(),
  deliveryTax: cents.optional(),
  deliveryGross: cents.optional(),
  totalNet: cents.optional(),
  totalTax: cents.optional(),
  totalGross: cents,
  taxes: z.record(z.string(), cents).optional(),
  /**
   * A cash order's rounding to the smallest coin (CHF: 5 Rappen), tax-free, may be negative: the
   * customer pays totalGross + cashRounding. Absent on other orders and on those from before.
   */
  cashRounding: z.int().min(-100_000).max(100_000).optional(),
})
export type OrderPricing = z.infer<typeof orderPricingSchema>

/**
 * The delivery area an order agreed to: its id (null for an area from before areas had ids),
 * its name and its fee terms at order time. Repricing the order uses these, never the area's
 * current terms, so a renamed or repriced area changes no placed order.
 */
export const orderDeliveryTermsSchema = z.object({
  id: z.string().min(1).nullable(),
  area: z.string(),
  price: cents,
  tax: z.number().min(0),
  free: z.boolean(),
  freeFromOrderValue: cents.nullable(),
  minimumOrderValue: cents.nullable(),
})
export type OrderDeliveryTerms = z.infer<typeof orderDeliveryTermsSchema>

export const paymentSessionSchema = z.object({
  provider: z.string().min(1),
  sessionId: z.string().min(1),
  redirectUrl: z.string().min(1),
})
export type PaymentSession = z.infer<typeof paymentSessionSchema>

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
  /** A different delivery address (isDeliveryAddressDifferent). */
  deliveryAddress: orderAddressSchema.nullable().optional(),
  deliveryArea: z.string().nullable().optional(),
  /** The area's id and fee terms at order time (orders from before lack them). */
  deliveryTerms: orderDeliveryTermsSchema.nullable().optional(),
  donateeId: z.string().nullable().optional(),
  /** Placed while the branch was closed; handled after reopening. */
  isPreorder: z.boolean().optional(),
  /** A quotation request: the shop prices and confirms it. */
  isQuotation: z.boolean().optional(),
  /** The online payment's checkout, opened before the order was stored. */
  payment: paymentSessionSchema.nullable().optional(),
  /** The language the customer ordered in (de-CH, fr-FR, en): the shop's messages use it. */
  locale: z.string().min(2).max(35).nullable().optional(),
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
/** Why a refund was asked for: the order ended unfulfilled, a late payment arrived, an item got cheaper. */
export const REFUND_REASONS = [
  'canceled',
  'rejected',
  'failed',
  'latePayment',
  'itemChanged',
  'itemRemoved',
] as const
export type RefundReason = (typeof REFUND_REASONS)[number]
const refundNumber = z.int().min(1)
/**
 * A refund is due (appended with the cancel, reject, late payment or cheaper item change that made
 * it due, or by a staff retry of a failed one: `attempt` > 1). The refund process (services/api
 * payments/refunds.ts) asks the provider and answers with OrderRefunded or OrderRefundFailed.
 */
export const orderRefundRequestedSchema = z.object({
  type: z.literal('OrderRefundRequested'),
  ...envelope,
  refundNumber,
  attempt: z.int().min(1),
  amount: z.int().min(1),
  reason: z.enum(REFUND_REASONS),
})
/**
 * The provider paid money back. Older events (before refunds were requested) carry nothing but the
 * envelope and mean the whole payment.
 */
export const orderRefundedSchema = z.object({
  type: z.literal('OrderRefunded'),
  ...envelope,
  refundNumber: refundNumber.optional(),
  attempt: z.int().min(1).optional(),
  amount: cents.optional(),
  /** The provider's refund id (Stripe `re_…`). */
  reference: z.string().nullable().optional(),
})
/**
 * The provider refused the refund (`refused`: its answer is cached under the idempotency key, a
 * retry needs a new one) or could not be reached (`unreachable`: a retry repeats the same key, so a
 * refund that went through after all is not made twice). Staff retry it.
 */
export const orderRefundFailedSchema = z.object({
  type: z.literal('OrderRefundFailed'),
  ...envelope,
  refundNumber,
  attempt: z.int().min(1),
  amount: z.int().min(1),
  reason: z.string().min(1),
  kind: z.enum(['refused', 'unreachable']),
})
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
/** Staff changed an item (amount, unit, parts); the order is repriced with it. */
export const orderItemChangedSchema = z.object({
  type: z.literal('OrderItemChanged'),
  ...envelope,
  item: orderItemSchema,
  pricing: orderPricingSchema,
})
/**
 * Staff removed an item (the customer called); `item` is the line as it was (for the history),
 * `pricing` the order repriced without it. An order keeps at least one item.
 */
export const orderItemRemovedSchema = z.object({
  type: z.literal('OrderItemRemoved'),
  ...envelope,
  itemId: id,
  item: orderItemSchema,
  pricing: orderPricingSchema,
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

/**
 * Staff took back their last status change within 10 s (docs/api.md "Undo"): a compensating event,
 * the undone one stays in the stream. `undone` names it, `from` and `to` are the statuses (the
 * order is back at `to`).
 */
export const UNDOABLE_ORDER_EVENTS = [
  'OrderConfirmed',
  'OrderMarkedInDelivery',
  'OrderCompleted',
  'OrderDelivered',
] as const
const orderStatusName = z.enum([
  'awaitingConfirmation',
  'confirmed',
  'ready',
  'inDelivery',
  'completed',
  'delivered',
  'rejected',
  'canceled',
  'failed',
])
export const orderStatusChangeUndoneSchema = z.object({
  type: z.literal('OrderStatusChangeUndone'),
  ...envelope,
  undone: z.enum(UNDOABLE_ORDER_EVENTS),
  from: orderStatusName,
  to: orderStatusName,
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
  orderRefundRequestedSchema,
  orderRefundFailedSchema,
  counterAppointmentProposedSchema,
  counterAppointmentAcceptedSchema,
  counterAppointmentRejectedSchema,
  questionnaireAnsweredSchema,
  orderItemChangedSchema,
  orderItemRemovedSchema,
  orderStatusChangeUndoneSchema,
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
  'OrderRefundRequested',
  'OrderRefundFailed',
  'CounterAppointmentProposed',
  'CounterAppointmentAccepted',
  'CounterAppointmentRejected',
  'QuestionnaireAnswered',
  'OrderItemChanged',
  'OrderItemRemoved',
  'OrderStatusChangeUndone',
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
export type OrderRefundRequested = z.infer<typeof orderRefundRequestedSchema>
export type OrderRefundFailed = z.infer<typeof orderRefundFailedSchema>
export type CounterAppointmentProposed = z.infer<typeof counterAppointmentProposedSchema>
export type CounterAppointmentAccepted = z.infer<typeof counterAppointmentAcceptedSchema>
export type CounterAppointmentRejected = z.infer<typeof counterAppointmentRejectedSchema>
export type QuestionnaireAnswered = z.infer<typeof questionnaireAnsweredSchema>
export type OrderItemChanged = z.infer<typeof orderItemChangedSchema>
export type OrderItemRemoved = z.infer<typeof orderItemRemovedSchema>
export type OrderStatusChangeUndone = z.infer<typeof orderStatusChangeUndoneSchema>
