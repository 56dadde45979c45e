export { backoffMs, DEFAULT_RETRY, nextRetryMs, type RetryPolicy } from './backoff.ts'
export { type NotifierOverrides, startConfiguredNotifier } from './configured.ts'
export { DEFAULT_CHECKPOINT, ensureNotifierCheckpoint, runConsumerBatch } from './consumer.ts'
export { currentOrder, pickLocale, renderContext } from './context.ts'
export {
  type Audience,
  type Channel,
  insertJobs,
  type Job,
  type JobSpec,
  type JobStatus,
  type JobView,
  jobView,
  listOrderJobs,
  type Message,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from './jobs.ts'
export { type Notifier, type NotifierOptions, startNotifier } from './notifier.ts'
export { jobFor, KIND_OF_EVENT, renderMessage, targetsFor } from './plan.ts'
export { formatDateTime, type RenderContext, renderMail, renderSms, statusUrlOf } from './render.ts'
export { enqueueResend, type ResendResult } from './resend.ts'
export { createSendQueue, runSendBatch, type SendQueue } from './sender.ts'
export { createTransports, loadNotifierSettings, type NotifierSettings } from './settings.ts'
export { DeliveryError } from './transports/delivery-error.ts'
export {
  createLogMailSender,
  createSmtpMailSender,
  type MailSender,
  messageIdFor,
  type OutgoingMail,
} from './transports/mail.ts'
export { createLogSmsSender, normalizePhone, type SmsSender } from './transports/sms.ts'
export { createTwilioSmsSender, type TwilioOptions } from './transports/twilio.ts'
