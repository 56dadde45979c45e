import { z } from 'zod'

// Offsets are required: a local time without one is ambiguous across branch time zones.
const isoDateTime = z.iso.datetime({ offset: true })
const text = (max: number) => z.string().trim().min(1).max(max)
const version = z.int().min(1)
const rating = z.int().min(1).max(5)

export const createOrderItemBodySchema = z.strictObject({
  product: text(64),
  name: text(255),
  amount: z.number().gt(0),
  unit: text(32),
  price: z.int().min(0),
})
export type CreateOrderItemBody = z.output<typeof createOrderItemBodySchema>

/**
 * POST /orders, minimal for now: the spec's address, company, donatee and legal fields follow
 * with the checkout. Optional fields may be omitted or null.
 */
export const createOrderBodySchema = z
  .strictObject({
    branch: text(64),
    isDelivery: z.boolean(),
    isDineIn: z.boolean(),
    table: text(64).nullish(),
    firstName: text(255),
    lastName: text(255),
    email: z.email().max(255).nullish(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ]*$/, 'validation.phone')
      .max(32)
      .nullish(),
    items: z.array(createOrderItemBodySchema).min(1).max(500),
    appointmentDate: isoDateTime.nullish(),
    comment: z.string().trim().max(2000).nullish(),
    paymentMethod: text(64).default('cash'),
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
export type CreateOrderBody = z.output<typeof createOrderBodySchema>
export type CreateOrderBodyInput = z.input<typeof createOrderBodySchema>

/** POST /orders/{id}/status/{cancel,confirm,in-delivery,completed}; `message` is the cancel reason. */
export const orderStatusCommandBodySchema = z.strictObject({
  version: version.optional(),
  message: z.string().trim().max(2000).optional(),
})
export type OrderStatusCommandBody = z.output<typeof orderStatusCommandBodySchema>

/** POST /orders/{id}/status/reject: the customer is told why, so the message is required. */
export const rejectOrderBodySchema = z.strictObject({
  version: version.optional(),
  message: text(2000),
})
export type RejectOrderBody = z.output<typeof rejectOrderBodySchema>

export const counterAppointmentProposalBodySchema = z.strictObject({
  appointmentDate: isoDateTime,
  version: version.optional(),
})
export type CounterAppointmentProposalBody = z.output<typeof counterAppointmentProposalBodySchema>

/** POST /orders/public/{uid}/{hash}/{confirm,reject}-counter-appointment. */
export const counterAppointmentAnswerBodySchema = z.strictObject({
  version: version.optional(),
})
export type CounterAppointmentAnswerBody = z.output<typeof counterAppointmentAnswerBodySchema>

/** POST /orders/public/{uid}/{hash}/questionnaire. */
export const questionnaireBodySchema = z.strictObject({
  rating,
  foodRating: rating,
  serviceRating: rating,
  processRating: rating,
  comment: z.string().trim().max(2000).nullish(),
})
export type QuestionnaireBody = z.output<typeof questionnaireBodySchema>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
