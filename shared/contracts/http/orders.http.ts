import { z } from 'zod'
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES } from '../../domain/common/phone.ts'

// Offsets are required: a local time without one is ambiguous across branch time zones.
const isoDateTime = z.iso.datetime({ offset: true })
const text = (max: number) => z.string().trim().min(1).max(max)
const version = z.int().min(1)
const rating = z.int().min(1).max(5)

/** Spec §5 checkout: the countries offered. */
export const CHECKOUT_COUNTRIES = PHONE_COUNTRIES
export const DEFAULT_COUNTRY = DEFAULT_PHONE_COUNTRY

const optionalText = (max: number) => z.string().trim().max(max).nullish()
const country = z.enum(CHECKOUT_COUNTRIES)

/** One entry per configurable part of the product, index-aligned with its parts. */
export const createOrderItemPartSchema = z.strictObject({
  options: z.array(text(255)).max(100).default([]),
  text: z.string().trim().max(2000).nullish(),
  uploads: z
    .array(z.strictObject({ id: text(64) }))
    .max(20)
    .default([]),
})
export type CreateOrderItemPart = z.output<typeof createOrderItemPartSchema>

/**
 * The product of a cart item: its uid, or spec §3's cart item shape `{ uid, isPriceHidden }`.
 * Either becomes the uid; `isPriceHidden` is the client's copy and never used (the catalogue
 * says whether a price is hidden).
 */
export const cartItemProductSchema = z.union([
  text(64),
  z.strictObject({ uid: text(64), isPriceHidden: z.boolean().nullish() }).transform((product) => product.uid),
])

/**
 * A cart item: the product by uid, the amount in `unit` (default the product's unit) and the
 * configured parts. `price` is the unit price (cents) the customer was shown: optional, and
 * when present it must match the server's price, so a changed or manipulated price is never
 * ordered silently. `name` is informational only.
 */
export const createOrderItemBodySchema = z.strictObject({
  product: cartItemProductSchema,
  name: text(255).optional(),
  amount: z.number().gt(0).max(1_000_000_000),
  unit: text(32).optional(),
  parts: z.array(createOrderItemPartSchema).max(50).default([]),
  price: z.int().min(0).optional(),
})
export type CreateOrderItemBody = z.output<typeof createOrderItemBodySchema>

/**
 * POST /orders: the order form of spec §3 plus isDelivery, isDineIn, the cart items and the
 * branch (its id). Optional fields may be omitted or null. Which fields are required beyond
 * the names depends on the branch and the order type; the server checks that (checkout).
 */
export const createOrderBodySchema = z
  .strictObject({
    branch: text(64),
    isDelivery: z.boolean(),
    isDineIn: z.boolean(),
    table: text(64).nullish(),
    isCompany: z.boolean().default(false),
    companyName: optionalText(255),
    company: optionalText(255),
    firstName: text(255),
    lastName: text(255),
    street: optionalText(255),
    floor: optionalText(32),
    stairway: optionalText(32),
    door: optionalText(32),
    zipCode: optionalText(16),
    city: optionalText(255),
    country: country.default(DEFAULT_COUNTRY),
    vatNo: optionalText(32),
    email: z.email().max(255).nullish(),
    // Normalised by the checkout (digits and +, 00 → +); the pattern only keeps junk out.
    phone: z
      .string()
      .trim()
      .regex(/^[0-9+ ()/.-]*$/, 'validation.phone')
      .max(32)
      .nullish(),
    isDeliveryAddressDifferent: z.boolean().default(false),
    isDeliveryCompany: z.boolean().default(false),
    deliveryCompanyName: optionalText(255),
    deliveryFirstName: optionalText(255),
    deliveryLastName: optionalText(255),
    deliveryStreet: optionalText(255),
    deliveryFloor: optionalText(32),
    deliveryStairway: optionalText(32),
    deliveryDoor: optionalText(32),
    deliveryZipCode: optionalText(16),
    deliveryCity: optionalText(255),
    deliveryCountry: country.nullish(),
    deliveryArea: optionalText(255),
    items: z.array(createOrderItemBodySchema).min(1).max(500),
    appointmentDate: isoDateTime.nullish(),
    comment: z.string().trim().max(2000).nullish(),
    paymentMethod: text(64).default('cash'),
    legalInstructions: z.boolean().default(false),
    privacyPolicy: z.boolean().default(false),
    donatee: text(64).nullish(),
  })
  // `when` lets these run alongside most other field errors (zod still skips them after an
  // explicitly aborting issue), so the client usually sees every problem at once.
  .refine((body) => !(body.isDelivery && body.isDineIn), {
    path: ['isDineIn'],
    message: 'validation.deliveryAndDineIn',
    when: ({ value }) => isRecord(value) && value.isDelivery === true && value.isDineIn === true,
  })
  .refine((body) => !body.isDineIn || Boolean(body.table), {
    path: ['table'],
    message: 'validation.notBlank',
    when: ({ value }) =>
      isRecord(value) && value.isDineIn === true && (value.table === undefined || value.table === null),
  })
  .meta({ id: 'CreateOrder' })
export type CreateOrderBody = z.output<typeof createOrderBodySchema>
export type CreateOrderBodyInput = z.input<typeof createOrderBodySchema>

/**
 * PUT /orders/{id}/items/{itemId}: staff change an item's amount, unit or parts; the server
 * reprices the item and the order from the catalogue. Omitted fields stay as they were.
 */
export const changeOrderItemBodySchema = z
  .strictObject({
    amount: z.number().gt(0).max(1_000_000_000).optional(),
    unit: text(32).optional(),
    parts: z.array(createOrderItemPartSchema).max(50).optional(),
    version: version.optional(),
  })
  .meta({ id: 'ChangeOrderItem' })
export type ChangeOrderItemBody = z.output<typeof changeOrderItemBodySchema>

/**
 * DELETE /orders/{id}/items/{itemId}: a DELETE carries no body, so the version the caller saw is
 * the query's (as for the resources' DELETE): `?version=3`, 409 when it is no longer current.
 * No `meta` id: the API document inlines query parameters (a named one would be a $ref there).
 */
export const removeOrderItemQuerySchema = z.object({
  version: z.string().optional().describe('The version the caller saw (409 when it is no longer current)'),
})

/**
 * GET /orders/{id}/items/{itemId}/removal: what removing the item would do, for the confirm
 * dialog (cents): the order's new total and, for an order paid online, the refund it asks for.
 */
export const orderItemRemovalSchema = z
  .strictObject({
    itemId: z.string(),
    totalGross: z.int().min(0),
    refundAmount: z.int().min(0),
    /** The order's version this was computed on (send it with the DELETE). */
    version,
  })
  .meta({ id: 'OrderItemRemoval' })
export type OrderItemRemoval = z.output<typeof orderItemRemovalSchema>

/** POST /orders/{id}/status/{cancel,confirm,in-delivery,completed}; `message` is the cancel reason. */
export const orderStatusCommandBodySchema = z
  .strictObject({
    version: version.optional(),
    message: z.string().trim().max(2000).optional(),
  })
  .meta({ id: 'OrderStatusCommand' })
export type OrderStatusCommandBody = z.output<typeof orderStatusCommandBodySchema>

/** POST /orders/{id}/status/reject: the customer is told why, so the message is required. */
export const rejectOrderBodySchema = z
  .strictObject({
    version: version.optional(),
    message: text(2000),
  })
  .meta({ id: 'RejectOrder' })
export type RejectOrderBody = z.output<typeof rejectOrderBodySchema>

export const counterAppointmentProposalBodySchema = z
  .strictObject({
    appointmentDate: isoDateTime,
    version: version.optional(),
  })
  .meta({ id: 'CounterAppointmentProposal' })
export type CounterAppointmentProposalBody = z.output<typeof counterAppointmentProposalBodySchema>

/** POST /orders/public/{uid}/{hash}/{confirm,reject}-counter-appointment. */
export const counterAppointmentAnswerBodySchema = z
  .strictObject({
    version: version.optional(),
  })
  .meta({ id: 'CounterAppointmentAnswer' })
export type CounterAppointmentAnswerBody = z.output<typeof counterAppointmentAnswerBodySchema>

/** POST /orders/{id}/refunds/{refundNumber}/retry (staff): ask the provider again for a failed refund. */
export const retryRefundBodySchema = z
  .strictObject({
    version: version.optional(),
  })
  .meta({ id: 'RetryRefund' })
export type RetryRefundBody = z.output<typeof retryRefundBodySchema>

/**
 * POST /orders/{id}/undo: staff take back their last status change (confirm, ready / in delivery,
 * complete, delivered) within 10 s; `version` is the order's version after that change.
 */
export const undoStatusChangeBodySchema = z
  .strictObject({
    version: version.optional(),
  })
  .meta({ id: 'UndoStatusChange' })
export type UndoStatusChangeBody = z.output<typeof undoStatusChangeBodySchema>

/** POST /orders/public/{uid}/{hash}/questionnaire. */
export const questionnaireBodySchema = z
  .strictObject({
    rating,
    foodRating: rating,
    serviceRating: rating,
    processRating: rating,
    comment: z.string().trim().max(2000).nullish(),
  })
  .meta({ id: 'Questionnaire' })
export type QuestionnaireBody = z.output<typeof questionnaireBodySchema>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
