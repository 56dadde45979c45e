import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local stand-in for Twilio's Messages API answering with responses recorded from the real
// API (their shapes as in Twilio's documentation; ids and texts filled from the request).

export const TWILIO_TEST_ACCOUNT = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'test-auth-token-0123456789',
  from: '+15005550006',
}

export type TwilioRequest = {
  method: string
  path: string
  authorization: string
  contentType: string
  form: Record<string, string>
}

const date = () => new Date().toUTCString().replace('GMT', '+0000')

/** 201 Created: the new Message resource. */
function recordedMessage(accountSid: string, form: Record<string, string>) {
  const sid = `SM${randomBytes(16).toString('hex')}`
  const now = date()
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: form.Body ?? '',
    date_created: now,
    date_sent: null,
    date_updated: now,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: form.From ?? null,
    messaging_service_sid: form.MessagingServiceSid ?? null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid,
    status: form.MessagingServiceSid ? 'accepted' : 'queued',
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
    to: form.To ?? '',
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
  }
}

/** Twilio's error bodies for the cases the tests play. */
export const TWILIO_ERRORS = {
  invalidTo: (to: string) => ({
    status: 400,
    body: {
      code: 21211,
      message: `The 'To' number ${to} is not a valid phone number.`,
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    },
  }),
  authenticate: () => ({
    status: 401,
    body: {
      code: 20003,
      detail: 'Your AccountSid or AuthToken was incorrect.',
      message: 'Authenticate',
      more_info: 'https://www.twilio.com/docs/errors/20003',
      status: 401,
    },
  }),
  tooManyRequests: () => ({
    status: 429,
    body: {
      code: 20429,
      message: 'Too Many Requests',
      more_info: 'https://www.twilio.com/docs/errors/20429',
      status: 429,
    },
  }),
}

export type TwilioStub = {
  url: string
  requests: TwilioRequest[]
  /** Answers the next `n` requests with 429 Too Many Requests. */
  throttleNext(n: number): void
  close(): Promise<void>
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Checks the path and basic auth like Twilio (401 20003 otherwise); a To that is not E.164
 * (`+` and 8–15 digits) gets 400 21211; everything else 201 with the message resource.
 */
export async function startTwilioStub(account = TWILIO_TEST_ACCOUNT): Promise<TwilioStub> {
  const requests: TwilioRequest[] = []
  let throttle = 0
  const expectedAuth = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`
  const server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)))
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization ?? '',
      contentType: req.headers['content-type'] ?? '',
      form,
    })
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'twilio-request-id': `RQ${randomBytes(16).toString('hex')}`,
      })
      res.end(JSON.stringify(body))
    }
    const path = `/2010-04-01/Accounts/${account.accountSid}/Messages.json`
    if (req.method !== 'POST' || req.url !== path) {
      return answer(404, {
        code: 20404,
        message: `The requested resource ${req.url} was not found`,
        more_info: 'https://www.twilio.com/docs/errors/20404',
        status: 404,
      })
    }
    if (req.headers.authorization !== expectedAuth) {
      const e = TWILIO_ERRORS.authenticate()
      return answer(e.status, e.body)
    }
    if (throttle > 0) {
      throttle--
      const e = TWILIO_ERRORS.tooManyRequests()
      return answer(e.status, e.body)
    }
    if (!/^\+\d{8,15}$/.test(form.To ?? '')) {
      const e = TWILIO_ERRORS.invalidTo(form.To ?? '')
      return answer(e.status, e.body)
    }
    return answer(201, recordedMessage(account.accountSid, form))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    throttleNext(n) {
      throttle = n
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
