import type { Logger } from '@shop/kit'

/** The SMS port: resolves once the gateway took the message, with its id for it. */
export interface SmsSender {
  readonly kind: string
  send(to: string, text: string): Promise<{ id: string }>
}

/** Without a gateway: the text is written to the log and counts as sent. */
export function createLogSmsSender(log: Logger): SmsSender {
  let n = 0
  return {
    kind: 'log',
    async send(to, text) {
      const id = `log-sms-${Date.now()}-${++n}`
      log.info({ to, text, id }, 'SMS (not sent: no SMS gateway configured)')
      return { id }
    },
  }
}

/** E.164 as gateways want it: digits and a leading +; 00 becomes + (spec §5 phone rule). */
export function normalizePhone(phone: string): string {
  const kept = phone.replace(/[^\d+]/g, '')
  const plus = kept.startsWith('+') ? `+${kept.slice(1).replace(/\+/g, '')}` : kept.replace(/\+/g, '')
  return plus.startsWith('00') ? `+${plus.slice(2)}` : plus
}
