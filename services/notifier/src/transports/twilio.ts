import { DeliveryError } from './delivery-error.ts'
import { normalizePhone, type SmsSender } from './sms.ts'

export type TwilioOptions = {
  accountSid: string
  authToken: string
  /** A Twilio number (E.164) or alphanumeric sender id; or use a messaging service. */
  from?: string | undefined
  messagingServiceSid?: string | undefined
  /** https://api.twilio.com unless a test points it at a local server. */
  apiUrl?: string | undefined
  timeoutMs?: number | undefined
}

/** Twilio's error body (https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions). */
type TwilioError = { code?: number; message?: string; more_info?: string; status?: number }
/** The Message resource, as far as it is read here. */
type TwilioMessage = {
  sid?: string
  status?: string
  error_code?: number | null
  error_message?: string | null
}

// Worth another try: throttling, timeouts, Twilio's own trouble, and credentials an operator can
// fix while the job waits. Any other 4xx (a number Twilio refuses, a sender it does not know)
// fails the same way every time.
const TEMPORARY = new Set([401, 403, 408, 409, 429])

/**
 * SMS through Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To, From (or MessagingServiceSid) and Body, HTTP basic auth with the account
 * SID and auth token. 201 answers the new Message resource whose `sid` (SM…) is kept as the
 * job's transport id. Delivery reports (status callbacks) are not used.
 */
export function createTwilioSmsSender(opts: TwilioOptions): SmsSender {
  if (!opts.from && !opts.messagingServiceSid) {
    throw new Error('Twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID')
  }
  const base = (opts.apiUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`
  return {
    kind: 'twilio',
    async send(to, text) {
      const form = new URLSearchParams({ To: normalizePhone(to), Body: text })
      if (opts.messagingServiceSid) form.set('MessagingServiceSid', opts.messagingServiceSid)
      else form.set('From', opts.from!)
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        })
      } catch (err) {
        throw new DeliveryError(`Twilio unreachable: ${err instanceof Error ? err.message : String(err)}`, {
          cause: err,
        })
      }
      const body = (await res.json().catch(() => null)) as (TwilioMessage & TwilioError) | null
      if (res.ok) {
        if (!body?.sid) throw new DeliveryError(`Twilio answered ${res.status} without a message sid`)
        if (body.status === 'failed' || body.status === 'undelivered') {
          throw new DeliveryError(
            `Twilio ${body.status}${body.error_code ? ` (${body.error_code})` : ''}: ${body.error_message ?? ''}`,
            { permanent: true },
          )
        }
        return { id: body.sid }
      }
      const detail = body?.message ?? res.statusText
      const code = body?.code ? ` (${body.code})` : ''
      throw new DeliveryError(`Twilio ${res.status}${code}: ${detail}`, {
        permanent: res.status >= 400 && res.status < 500 && !TEMPORARY.has(res.status),
      })
    },
  }
}
