import type { Logger } from '@shop/kit'
import { createTransport } from 'nodemailer'
import { DeliveryError } from './delivery-error.ts'

export type OutgoingMail = {
  /** `<…@…>`: derived from the job id, the same on every attempt of one job. */
  messageId: string
  to: string
  fromName: string | null
  replyTo: string | null
  subject: string
  text: string
  html: string | null
}

/** The e-mail port: resolves once the message is accepted, with the transport's id for it. */
export interface MailSender {
  readonly kind: string
  send(mail: OutgoingMail): Promise<{ id: string }>
  close(): Promise<void>
}

/** The address part of MAIL_FROM (`Shop <shop@example.com>` or `shop@example.com`). */
export function fromAddress(mailFrom: string): { name: string | null; address: string } {
  const m = /^\s*(?:"?([^"<]*?)"?\s*)?<([^>]+)>\s*$/.exec(mailFrom)
  if (m) return { name: m[1]?.trim() || null, address: m[2]!.trim() }
  return { name: null, address: mailFrom.trim() }
}

export function messageIdFor(jobId: string, mailFrom: string): string {
  const domain = fromAddress(mailFrom).address.split('@')[1] || 'shop.invalid'
  return `<notification-${jobId}@${domain}>`
}

/**
 * Mail over SMTP with nodemailer (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465).
 * Timeouts stay well below the sender's lease, so a hanging server fails the attempt instead of
 * letting a second sender take the job while this one still talks.
 */
export function createSmtpMailSender(opts: { url: string; from: string; timeoutMs?: number }): MailSender {
  const timeout = opts.timeoutMs ?? 30_000
  // Values in the URL win over these (nodemailer merges the url option the same way).
  const transport = createTransport({
    url: opts.url,
    connectionTimeout: Math.min(timeout, 15_000),
    greetingTimeout: Math.min(timeout, 15_000),
    socketTimeout: timeout,
  })
  const configured = fromAddress(opts.from)
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        const info = await transport.sendMail({
          // MAIL_FROM's own display name wins; else the shop's name.
          from: { name: configured.name ?? mail.fromName ?? '', address: configured.address },
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          messageId: mail.messageId,
        })
        return { id: info.messageId || mail.messageId }
      } catch (err) {
        const code = (err as { responseCode?: unknown }).responseCode
        // 5xx: the server refuses for good (unknown mailbox, policy); 4xx and network errors
        // are worth another try.
        const permanent = typeof code === 'number' && code >= 500 && code < 600
        const message = err instanceof Error ? err.message : String(err)
        const errCode = (err as { code?: unknown }).code
        throw new DeliveryError(typeof errCode === 'string' ? `${errCode}: ${message}` : message, {
          permanent,
          cause: err,
        })
      }
    },
    async close() {
      transport.close()
    },
  }
}

/** Without SMTP_URL (the embedded demo): the mail is written to the log and counts as sent. */
export function createLogMailSender(log: Logger): MailSender {
  return {
    kind: 'log',
    async send(mail) {
      log.info(
        { to: mail.to, subject: mail.subject, messageId: mail.messageId, text: mail.text },
        'e-mail (not sent: no SMTP_URL)',
      )
      return { id: mail.messageId }
    },
    async close() {},
  }
}
