import type { Logger } from '@shop/kit'
import { DEFAULT_RETRY, type RetryPolicy } from './backoff.ts'
import { createLogMailSender, createSmtpMailSender, type MailSender } from './transports/mail.ts'
import { createLogSmsSender, type SmsSender } from './transports/sms.ts'
import { createTwilioSmsSender, type TwilioOptions } from './transports/twilio.ts'

/** Everything the notifier reads from the environment (docs/notifications.md). */
export type NotifierSettings = {
  smtpUrl: string | undefined
  mailFrom: string
  publicUrl: string | undefined
  sms: { gateway: 'log' } | ({ gateway: 'twilio' } & TwilioOptions)
  retry: RetryPolicy
  leaseMs: number
  pollMs: number
  /** Messages under way at once (each mail on its own SMTP connection). */
  sendConcurrency: number
  startAt: 'now' | 'beginning'
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got ${raw})`)
  return n
}

export function loadNotifierSettings(env: NodeJS.ProcessEnv = process.env): NotifierSettings {
  const gateway = (env.SMS_GATEWAY || (env.TWILIO_ACCOUNT_SID ? 'twilio' : 'log')).toLowerCase()
  if (gateway !== 'log' && gateway !== 'twilio')
    throw new Error(`SMS_GATEWAY must be log or twilio (got ${gateway})`)
  let sms: NotifierSettings['sms'] = { gateway: 'log' }
  if (gateway === 'twilio') {
    if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) {
      throw new Error('SMS_GATEWAY=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN')
    }
    sms = {
      gateway: 'twilio',
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_FROM || undefined,
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID || undefined,
      apiUrl: env.TWILIO_API_URL || undefined,
    }
  }
  const startAt = env.NOTIFY_START || 'now'
  if (startAt !== 'now' && startAt !== 'beginning') {
    throw new Error(`NOTIFY_START must be now or beginning (got ${startAt})`)
  }
  return {
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'shop@localhost',
    publicUrl: env.PUBLIC_URL || undefined,
    sms,
    retry: {
      baseMs: positiveInt(env, 'NOTIFY_RETRY_BASE_MS', DEFAULT_RETRY.baseMs),
      capMs: positiveInt(env, 'NOTIFY_RETRY_CAP_MS', DEFAULT_RETRY.capMs),
      maxAttempts: positiveInt(env, 'NOTIFY_MAX_ATTEMPTS', DEFAULT_RETRY.maxAttempts),
    },
    leaseMs: positiveInt(env, 'NOTIFY_LEASE_MS', 120_000),
    pollMs: positiveInt(env, 'NOTIFY_POLL_MS', 1_000),
    sendConcurrency: positiveInt(env, 'NOTIFY_SEND_CONCURRENCY', 20),
    startAt,
  }
}

/** The transports the settings ask for: SMTP or the log, Twilio or the log. */
export function createTransports(
  settings: Pick<NotifierSettings, 'smtpUrl' | 'mailFrom' | 'sms'>,
  log: Logger,
): { mail: MailSender; sms: SmsSender } {
  const mail = settings.smtpUrl
    ? createSmtpMailSender({ url: settings.smtpUrl, from: settings.mailFrom })
    : createLogMailSender(log)
  const sms =
    settings.sms.gateway === 'twilio' ? createTwilioSmsSender(settings.sms) : createLogSmsSender(log)
  return { mail, sms }
}
