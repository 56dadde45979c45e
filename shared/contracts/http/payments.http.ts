import { z } from 'zod'

// GET /api/payments (also an entry of /api/init) and the payment providers' webhook answer.

/** What clients learn about payments: the online methods, and whether they are only simulated. */
export const paymentsInfoSchema = z
  .strictObject({
    /** The online methods this process can take. */
    onlineMethods: z.array(z.string()),
    /** Online payments go to the built-in test provider: nothing is charged. */
    testMode: z.boolean(),
  })
  .meta({ id: 'PaymentsInfo' })
export type PaymentsInfo = z.infer<typeof paymentsInfoSchema>

/**
 * POST /api/payments/webhook/{provider}: a provider's notification was taken (no `{ data }`
 * envelope: providers read only the status). `applied` is false for a repeat or a notice that
 * changes nothing.
 */
export const paymentWebhookAnswerSchema = z
  .strictObject({ received: z.literal(true), applied: z.boolean() })
  .meta({ id: 'PaymentWebhookAnswer' })
export type PaymentWebhookAnswer = z.infer<typeof paymentWebhookAnswerSchema>
