import { type Logger, type NotifierSettings, notifierSettingsFromEnv } from '@shop/kit'
import { createLogMailSender, createSmtpMailSender, type MailSender } from './transports/mail.ts'
import { createLogSmsSender, type SmsSender } from './transports/sms.ts'
import { createTwilioSmsSender } from './transports/twilio.ts'

// The notifier's settings are part of the shop's configuration schema
// (services/kit/src/config-schema.ts, docs/configuration.md): `config.notifier` in a process.
export type { NotifierSettings }

/** The notifier's settings from an environment object (tests; a process has `config.notifier`). */
export function loadNotifierSettings(env: Readonly<Record<string, string | undefined>>): NotifierSettings {
  return notifierSettingsFromEnv(env)
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
