import { z } from 'zod'
import { CUSTOMER_ACTIONS, STAFF_ACTIONS } from '../../domain/ordering/order-actions.ts'
import {
  COUNTER_APPOINTMENT_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '../../domain/ordering/order-vocabulary.ts'
import {
  orderAddressSchema,
  orderCustomerSchema,
  orderItemPartSchema,
  orderItemSchema,
  orderPricingSchema,
  orderUploadRefSchema,
  REFUND_REASONS,
} from '../events/order.events.ts'
import { isoInstantSchema } from './responses.http.ts'

// The order as the API answers it (spec §7): the customer's status page (public view) and the
// staff's board, lists and actions (board view), each with the order's stream version when a
// route adds it. The domain's PublicOrderView and BoardOrderView are these schemas' types
// (shared/domain/ordering/order.views.ts makes them). The events' own parts are reused field by
// field, strict: an answer with a field no schema names is refused.

/** An upload attached to an item's part (its public hash opens it under /upload/…). */
export const orderUploadViewSchema = z.strictObject(orderUploadRefSchema.shape).meta({ id: 'OrderUpload' })

export const orderItemPartViewSchema = z
  .strictObject({ ...orderItemPartSchema.shape, uploads: z.array(orderUploadViewSchema) })
  .meta({ id: 'OrderItemPart' })

/** An order line: the product as named and priced when ordered (cents). */
export const orderItemViewSchema = z
  .strictObject({ ...orderItemSchema.shape, parts: z.array(orderItemPartViewSchema).optional() })
  .meta({ id: 'OrderItem' })

export const orderAddressViewSchema = z.strictObject(orderAddressSchema.shape).meta({ id: 'OrderAddress' })

export const orderCustomerViewSchema = z
  .strictObject({ ...orderCustomerSchema.shape, address: orderAddressViewSchema.nullable().optional() })
  .meta({ id: 'OrderCustomer' })

/** Spec §3 order pricing in cents (orders from before the checkout: totalGross only). */
export const orderPricingViewSchema = z.strictObject(orderPricingSchema.shape).meta({ id: 'OrderPricing' })

/** One status the order reached, and when. */
export const timelineStepSchema = z
  .strictObject({ status: z.enum(ORDER_STATUSES), at: isoInstantSchema })
  .meta({ id: 'TimelineStep' })

/**
 * The refunds of an online payment in sum (docs/payments.md "Refunds"): null until one was asked
 * for. `status`: pending (asked, not answered yet), failed (the provider did not pay back; staff
 * retry it), partial (some money is back, nothing open), refunded (all of it is back).
 */
export const orderRefundSummarySchema = z
  .strictObject({
    status: z.enum(['pending', 'failed', 'partial', 'refunded']),
    paidAmount: z.int().min(0),
    refundedAmount: z.int().min(0),
    pendingAmount: z.int().min(0),
    failedAmount: z.int().min(0),
  })
  .meta({ id: 'OrderRefundSummary' })

/** One refund as staff see it (the back-office order detail). */
export const orderRefundViewSchema = z
  .strictObject({
    refundNumber: z.int().min(1),
    amount: z.int().min(0),
    reason: z.enum(REFUND_REASONS),
    attempt: z.int().min(1),
    status: z.enum(['pending', 'refunded', 'failed']),
    /** The provider's words when it refused, or why it could not be asked. */
    failureReason: z.string().nullable(),
    /** The provider's refund id. */
    reference: z.string().nullable(),
    requestedAt: isoInstantSchema,
    settledAt: isoInstantSchema.nullable(),
  })
  .meta({ id: 'OrderRefund' })

/**
 * The status page's order (toPublicOrderView). The is* flags tell what has happened (a confirmed
 * order canceled later stays isConfirmed); `status` says where it is now.
 */
export const publicOrderViewSchema = z
  .strictObject({
    id: z.string(),
    uid: z.string(),
    /** The status link's secret: only its owner sees it. */
    hash: z.string(),
    /** The branch's number of the day; null until the orders projection drew it. */
    ticketNumber: z.int().min(1).nullable(),
    isConfirmed: z.boolean(),
    isRejected: z.boolean(),
    isCompleted: z.boolean(),
    isCanceled: z.boolean(),
    isFailed: z.boolean(),
    isInDelivery: z.boolean(),
    isDelivered: z.boolean(),
    isDelivery: z.boolean(),
    isDineIn: z.boolean(),
    tableIdentifier: z.string().nullable(),
    isPaid: z.boolean(),
    isRefunded: z.boolean(),
    /** Money paid back (cents) and what is still open or failed; null while none was asked for. */
    refund: orderRefundSummarySchema.nullable(),
    paymentMethod: z.string(),
    /** Whether the customer asked for a fixed time (false: as soon as possible). */
    appointment: z.boolean(),
    appointmentDate: isoInstantSchema.nullable(),
    /** The shop's proposed time while the customer may answer it, or after accepting it. */
    counterAppointment: isoInstantSchema.nullable(),
    rejectionMessage: z.string().nullable(),
    /** Why the shop canceled the order (shown on the status page); null: no reason given. */
    cancelReason: z.string().nullable(),
    questionnaireRating: z.int().min(1).max(5).nullable(),
    branch: z.strictObject({ id: z.string() }),
    /** The online payment's page while the payment is awaited. */
    paymentRedirectUrl: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    items: z.array(orderItemViewSchema),
    totalGross: z.int().min(0),
    /** What is paid: totalGross with a cash order's rounding to the smallest coin. */
    totalPayable: z.int(),
    pricing: orderPricingViewSchema,
    /** Placed while the branch was closed; handled after reopening. */
    isPreorder: z.boolean(),
    /** A quotation request: the shop prices and confirms it. */
    isQuotation: z.boolean(),
    createdAt: isoInstantSchema,
    timeline: z.array(timelineStepSchema),
    allowedActions: z.array(z.enum(CUSTOMER_ACTIONS)),
  })
  .meta({ id: 'PublicOrderView' })

/**
 * The staff's order (toBoardOrderView): the public view without the customer's secrets (the
 * status link's hash, the payment page), plus the customer's data and the staff's actions.
 */
export const boardOrderViewSchema = publicOrderViewSchema
  .omit({ allowedActions: true, paymentRedirectUrl: true, hash: true })
  .extend({
    customerName: z.string(),
    customer: orderCustomerViewSchema,
    deliveryAddress: orderAddressViewSchema.nullable(),
    deliveryArea: z.string().nullable(),
    donateeId: z.string().nullable(),
    comment: z.string().nullable(),
    counterAppointmentStatus: z.enum(COUNTER_APPOINTMENT_STATUSES),
    /** When the kitchen has to be ready: an accepted counter-appointment replaces the request. */
    dueAt: isoInstantSchema.nullable(),
    cancelReason: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** Every refund asked for, oldest first. */
    refunds: z.array(orderRefundViewSchema),
    allowedActions: z.array(z.enum(STAFF_ACTIONS)),
    updatedAt: isoInstantSchema,
  })
  .meta({ id: 'BoardOrderView' })

const orderVersion = z.int().min(1).describe("The order's stream version: send it back with the next command")

/**
 * The customer's order: the public view with its version (the status page, the checkout's 201
 * and the answers of the customer's actions).
 */
export const customerOrderSchema = publicOrderViewSchema
  .extend({ version: orderVersion })
  .meta({ id: 'CustomerOrder' })
export type CustomerOrder = z.infer<typeof customerOrderSchema>

/**
 * The staff's order: the board view with its version (one order, the lists, the board and the
 * answers of the staff's actions).
 */
export const staffOrderSchema = boardOrderViewSchema
  .extend({ version: orderVersion })
  .meta({ id: 'StaffOrder' })
export type StaffOrder = z.infer<typeof staffOrderSchema>
