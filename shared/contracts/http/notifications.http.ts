import { z } from 'zod'
import { isoInstantSchema } from './responses.http.ts'

// GET /api/orders/{id}/notifications and the staff resends (POST /api/orders/{id}/resend-new-
// order-{email,sms}, 202): the order's notification jobs as the notifier keeps them
// (docs/notifications.md). The read model's jobs (services/read-models notifications/jobs.ts) take
// their vocabulary from here.

export const NOTIFICATION_JOB_KINDS = [
  'new-order',
  'confirmed',
  'rejected',
  'counter-appointment',
  'ready',
  'refunded',
  // A confirmation or "ready" message taken back by staff's undo (issue 18): the customer is told.
  'corrected',
] as const
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const
export const NOTIFICATION_AUDIENCES = ['customer', 'branch'] as const
export const NOTIFICATION_JOB_STATUSES = ['pending', 'sent', 'failed'] as const

/** One notification of the order: to whom, about what, and how its delivery went. */
export const notificationJobSchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(NOTIFICATION_JOB_KINDS),
    channel: z.enum(NOTIFICATION_CHANNELS),
    audience: z.enum(NOTIFICATION_AUDIENCES),
    /** The e-mail address or phone number. */
    recipient: z.string(),
    subject: z.string().nullable(),
    /** Made by an order event, or by a staff resend. */
    trigger: z.enum(['event', 'resend']),
    sourceType: z.string(),
    status: z.enum(NOTIFICATION_JOB_STATUSES),
    attempts: z.int().min(0),
    lastError: z.string().nullable(),
    /** When the next attempt is due, while the job is pending. */
    nextAttemptAt: isoInstantSchema.nullable(),
    sentAt: isoInstantSchema.nullable(),
    /** The transport's id of the sent message (SMTP message id, SMS provider id). */
    transportId: z.string().nullable(),
    createdAt: isoInstantSchema,
  })
  .meta({ id: 'NotificationJob' })
export type NotificationJob = z.infer<typeof notificationJobSchema>
