// The notifier: the notifications projection (services/read-models/src/notifications: the jobs,
// how they are made, the messages) run on the kit's projection runner, and the sending after
// the commit: the send queue, the sender's claims and retries, the transports.
export { backoffMs, DEFAULT_RETRY, nextRetryMs, type RetryPolicy } from './backoff.ts'
export { type NotifierOverrides, startConfiguredNotifier } from './configured.ts'
export { notifierMetrics } from './metrics.ts'
export { type Notifier, type NotifierOptions, startNotifier } from './notifier.ts'
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
