import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

// A stand-in for api.stripe.com in tests: answers the Stripe SDK with RECORDED Checkout Session
// responses (fixtures/*.json, shaped like Stripe's), filled with what the request asked for,
// and keeps every request so tests can assert what the SDK sent. Webhook events come from the
// recorded events, signed with the SDK's own test helper.

const FIXTURES = new URL('../fixtures/', import.meta.url)

export function fixture<T = any>(name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as T
}

export type RecordedRequest = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  /** The form-encoded body, keys as sent (`line_items[0][price_data][unit_amount]`). */
  form: Record<string, string>
}

/** How a session ends, each from its recorded response. */
export type SessionEnding = 'paid' | 'expired' | 'async-failed'

export type StripeReplay = {
  url: string
  /** SDK settings that send every call here. */
  config: Stripe.StripeConfig
  secretKey: string
  webhookSecret: string
  requests: RecordedRequest[]
  sessions: Map<string, any>
  /**
   * How the next refunds (one per new idempotency key) are answered: recorded as made (the
   * default), refused as already refunded (400), or a Stripe fault (500). A key asked again gets
   * its first answer again, as at Stripe.
   */
  nextRefunds: ('succeeded' | 'already-refunded' | 'api-error' | 'made-then-api-error')[]
  /** The refunds made, by id. */
  refunds: Map<string, any>
  /** Runs after a request is recorded and before it is answered (what happens meanwhile). */
  hooks: { beforeAnswer?: ((request: RecordedRequest) => Promise<void>) | undefined }
  /** The session ends as recorded (completed and paid, expired, or its async payment failed). */
  settle(sessionId: string, ending: SessionEnding): any
  /** A recorded webhook event for the session as it stands now: body and Stripe-Signature. */
  event(
    type:
      | 'checkout.session.completed'
      | 'checkout.session.async_payment_succeeded'
      | 'checkout.session.async_payment_failed'
      | 'checkout.session.expired',
    sessionId: string,
    opts?: { timestamp?: number; secret?: string },
  ): { body: string; signature: string; id: string }
  close(): Promise<void>
}

const ENDINGS: Record<SessionEnding, string> = {
  paid: 'checkout-session.completed',
  expired: 'checkout-session.expired',
  'async-failed': 'checkout-session.async-failed',
}

const randomId = (prefix: string, length: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = randomBytes(length)
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startStripeReplay(): Promise<StripeReplay> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`
  const requests: RecordedRequest[] = []
  const sessions = new Map<string, any>()
  const byIdempotencyKey = new Map<string, string>()
  const hooks: StripeReplay['hooks'] = {}
  const nextRefunds: StripeReplay['nextRefunds'] = []
  const refunds = new Map<string, any>()
  const refundAnswers = new Map<string, { status: number; body: unknown }>()

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay')
    const raw = await readBody(req)
    const form = Object.fromEntries(new URLSearchParams(raw))
    const request: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      form,
    }
    requests.push(request)
    await hooks.beforeAnswer?.(request)
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req_', 14) })
      res.end(JSON.stringify(body))
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, {
        error: {
          message: 'Invalid API Key provided: sk_test_****',
          type: 'invalid_request_error',
        },
      })
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = String(req.headers['idempotency-key'] ?? '')
      const earlier = key ? byIdempotencyKey.get(key) : undefined
      if (earlier) return send(200, sessions.get(earlier))
      const recorded = fixture('checkout-session.created')
      const id = randomId('cs_test_a1', 56)
      const amount = Number(form['line_items[0][price_data][unit_amount]'])
      const now = Math.floor(Date.now() / 1000)
      const session = {
        ...recorded,
        id,
        amount_subtotal: amount,
        amount_total: amount,
        currency: form['line_items[0][price_data][currency]'],
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        locale: form.locale ?? null,
        metadata: { orderId: form['metadata[orderId]'], uid: form['metadata[uid]'] },
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        created: now,
        expires_at: now + 24 * 3600,
        url: `https://checkout.stripe.com/c/pay/${id}#${recorded.url.split('#')[1]}`,
      }
      sessions.set(id, session)
      if (key) byIdempotencyKey.set(key, id)
      return send(200, session)
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = String(req.headers['idempotency-key'] ?? '')
      const earlier = key ? refundAnswers.get(key) : undefined
      if (earlier) return send(earlier.status, earlier.body)
      const how = nextRefunds.shift() ?? 'succeeded'
      let answer: { status: number; body: unknown }
      if (how === 'already-refunded') {
        answer = { status: 400, body: fixture('error.charge-already-refunded') }
      } else if (how === 'api-error') {
        answer = { status: 500, body: fixture('error.api-error') }
      } else {
        // Made (a 'made-then-api-error' one too: Stripe failed after it carried the refund out).
        const recorded = fixture('refund.succeeded')
        const refund = {
          ...recorded,
          id: randomId('re_3', 24),
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
          reason: form.reason ?? null,
          metadata: Object.fromEntries(
            Object.entries(form).flatMap(([k, v]) => {
              const key = /^metadata\[(.+)\]$/.exec(k)?.[1]
              return key ? [[key, v]] : []
            }),
          ),
          created: Math.floor(Date.now() / 1000),
        }
        refunds.set(refund.id, refund)
        answer =
          how === 'made-then-api-error'
            ? { status: 500, body: fixture('error.api-error') }
            : { status: 200, body: refund }
      }
      if (key) refundAnswers.set(key, answer)
      return send(answer.status, answer.body)
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const intent = url.searchParams.get('payment_intent')
      const data = [...refunds.values()].filter((r) => !intent || r.payment_intent === intent).reverse()
      return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' })
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!))
      if (!session) {
        const missing = fixture('error.resource-missing')
        missing.error.message = `No such checkout.session: '${match[1]}'`
        return send(404, missing)
      }
      const expand = [...url.searchParams.entries()].some(
        ([k, v]) => k.startsWith('expand') && v === 'payment_intent',
      )
      const intent = session.payment_intent
      return send(200, {
        ...session,
        payment_intent: expand || intent === null ? intent : (intent?.id ?? intent),
      })
    }
    return send(404, {
      error: {
        message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        type: 'invalid_request_error',
      },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const stripe = new Stripe(secretKey)

  return {
    url: `http://127.0.0.1:${port}`,
    config: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
    secretKey,
    webhookSecret,
    requests,
    sessions,
    hooks,
    nextRefunds,
    refunds,
    settle(sessionId, ending) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      const recorded = fixture(ENDINGS[ending])
      const intent = recorded.payment_intent
      const settled = {
        ...session,
        status: recorded.status,
        payment_status: recorded.payment_status,
        customer_details: recorded.customer_details,
        url: null,
        payment_intent: intent
          ? {
              ...intent,
              amount: session.amount_total,
              amount_received: intent.status === 'succeeded' ? session.amount_total : 0,
              currency: session.currency,
              metadata: session.metadata,
            }
          : null,
      }
      sessions.set(sessionId, settled)
      return settled
    },
    event(type, sessionId, opts = {}) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      const recorded = fixture(`event.${type}`)
      const intent = session.payment_intent
      const event = {
        ...recorded,
        id: randomId('evt_1', 23),
        created: opts.timestamp ?? Math.floor(Date.now() / 1000),
        data: { object: { ...session, payment_intent: intent?.id ?? intent ?? null } },
      }
      const body = JSON.stringify(event, null, 2)
      const signature = stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: opts.secret ?? webhookSecret,
        ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
      })
      return { body, signature, id: event.id }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
