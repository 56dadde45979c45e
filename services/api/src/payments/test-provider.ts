import { createHmac, randomBytes } from 'node:crypto'
import { type Logger, safeEqual } from '@shop/kit'
import type {
  CheckoutInput,
  PaymentNotice,
  PaymentOutcome,
  PaymentProvider,
  RefundInput,
  RefundResult,
  ReturnUrls,
} from './port.ts'
import { PaymentProviderError, PaymentRefundRefusedError, PaymentSignatureError } from './port.ts'

// The built-in test provider: a hosted payment page inside the product (see test-page.ts)
// that delivers signed webhooks to the shop like a real provider. Its session ids name the
// order, so it needs no table: the page finds the order from the id and checks that the order
// carries exactly this session.

export const TEST_PROVIDER_ID = 'test'
export const TEST_SIGNATURE_HEADER = 'x-test-signature'
/** Older signatures are refused (replays). */
export const TEST_SIGNATURE_TOLERANCE_SECONDS = 300

export type TestAction = 'pay' | 'fail' | 'cancel'
export const TEST_ACTIONS: Record<TestAction, Exclude<PaymentOutcome, 'pending'>> = {
  pay: 'paid',
  fail: 'failed',
  cancel: 'canceled',
}

/** The webhook body the test provider sends. */
export type TestWebhookBody = {
  id: string
  type: `payment.${Exclude<PaymentOutcome, 'pending'>}`
  created: number
  sessionId: string
  orderId: string
  reference: string | null
}

const SESSION = /^tp_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([0-9a-f]{32})$/

/** The order a test session belongs to, or undefined for an id this provider never made. */
export function parseTestSessionId(sessionId: string): { orderId: string; nonce: string } | undefined {
  const match = SESSION.exec(sessionId)
  return match ? { orderId: match[1]!, nonce: match[2]! } : undefined
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, like Stripe's scheme. */
export function signTestWebhook(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/** Throws PaymentSignatureError unless `header` signs `body` with `secret` within the tolerance. */
export function verifyTestSignature(
  secret: string,
  body: string,
  header: string | string[] | undefined,
  nowSeconds: number,
): void {
  if (typeof header !== 'string' || header === '') throw new PaymentSignatureError('signature missing')
  const parts = new Map(
    header.split(',').map((part) => {
      const i = part.indexOf('=')
      return [part.slice(0, i).trim(), part.slice(i + 1).trim()] as const
    }),
  )
  const t = Number(parts.get('t'))
  const v1 = parts.get('v1')
  if (!Number.isInteger(t) || !v1) throw new PaymentSignatureError('signature malformed')
  if (Math.abs(nowSeconds - t) > TEST_SIGNATURE_TOLERANCE_SECONDS)
    throw new PaymentSignatureError('signature too old')
  const expected = signTestWebhook(secret, body, t).split('v1=')[1]!
  if (!safeEqual(expected, v1)) throw new PaymentSignatureError('signature does not match')
}

function parseBody(raw: string): TestWebhookBody {
  let body: Partial<TestWebhookBody>
  try {
    body = JSON.parse(raw) as Partial<TestWebhookBody>
  } catch {
    throw new PaymentSignatureError('signed body is not JSON')
  }
  const outcome = typeof body.type === 'string' ? body.type.replace(/^payment\./, '') : ''
  if (
    typeof body.id !== 'string' ||
    !['paid', 'failed', 'canceled'].includes(outcome) ||
    typeof body.sessionId !== 'string' ||
    typeof body.orderId !== 'string' ||
    parseTestSessionId(body.sessionId)?.orderId !== body.orderId
  ) {
    throw new PaymentSignatureError('signed body is not a test payment event')
  }
  return body as TestWebhookBody
}

export type TestProvider = PaymentProvider & {
  /** The page's button was pressed: remember the outcome and tell the shop by webhook. */
  complete(sessionId: string, action: TestAction): Promise<PaymentNotice>
  /** The signed webhook for an outcome, as it would be delivered (tests replay it). */
  webhookFor(
    sessionId: string,
    outcome: Exclude<PaymentOutcome, 'pending'>,
  ): { body: string; signature: string }
  returnUrls: ReturnUrls
  /** The refunds this provider made for an order, in order (one per idempotency key). */
  refundsOf(orderId: string): TestRefund[]
  /**
   * The next refund asked for this order is refused with `reason` (as a real provider may refuse
   * one); a later try with a new idempotency key goes through. Tests and demos of the retry.
   */
  refuseNextRefund(orderId: string, reason: string): void
}

/** A refund the test provider made. */
export type TestRefund = {
  id: string
  orderId: string
  amount: number
  currency: string
  idempotencyKey: string
}

export function createTestProvider(opts: {
  /** PAYMENTS_TEST_SECRET; random per process when unset (one API process only). */
  secret?: string | undefined
  publicUrl: () => string
  selfUrl: () => string
  returnUrls: ReturnUrls
  log?: Logger
  nowSeconds?: () => number
}): TestProvider {
  const secret = opts.secret ?? randomBytes(32).toString('hex')
  const nowSeconds = opts.nowSeconds ?? (() => Math.floor(Date.now() / 1000))
  // What was pressed per session, the first final answer winning (as at a real provider).
  // In memory: `fetchStatus` knows only what this process saw; the order knows the rest.
  const outcomes = new Map<string, Exclude<PaymentOutcome, 'pending'>>()
  // Refunds by idempotency key, with the answer each key got (a refused key stays refused, as at
  // Stripe); in memory like the outcomes.
  const refundAnswers = new Map<string, TestRefund | { refused: string }>()
  const refusals = new Map<string, string>()

  const referenceOf = (sessionId: string) => `tpr_${parseTestSessionId(sessionId)?.nonce ?? 'unknown'}`
  const noticeFor = (
    sessionId: string,
    orderId: string,
    outcome: PaymentOutcome,
    eventId: string | null,
  ): PaymentNotice => ({
    provider: TEST_PROVIDER_ID,
    sessionId,
    orderId,
    outcome,
    reference: outcome === 'paid' ? referenceOf(sessionId) : null,
    eventId,
  })

  const webhookFor: TestProvider['webhookFor'] = (sessionId, outcome) => {
    const parsed = parseTestSessionId(sessionId)
    if (!parsed) throw new PaymentProviderError('not a test session')
    const event: TestWebhookBody = {
      id: `tpevt_${randomBytes(12).toString('hex')}`,
      type: `payment.${outcome}`,
      created: nowSeconds(),
      sessionId,
      orderId: parsed.orderId,
      reference: outcome === 'paid' ? referenceOf(sessionId) : null,
    }
    const body = JSON.stringify(event)
    return { body, signature: signTestWebhook(secret, body, event.created) }
  }

  return {
    id: TEST_PROVIDER_ID,
    returnUrls: opts.returnUrls,

    async createCheckout(input: CheckoutInput) {
      if (!parseTestSessionId(`tp_${input.orderId}_${'0'.repeat(32)}`)) {
        throw new PaymentProviderError('the test provider needs a UUID order id')
      }
      if (!Number.isInteger(input.amount) || input.amount <= 0) {
        throw new PaymentProviderError('the amount must be a positive number of cents')
      }
      const sessionId = `tp_${input.orderId}_${randomBytes(16).toString('hex')}`
      return { sessionId, redirectUrl: `${opts.publicUrl()}/payments/test/${sessionId}` }
    },

    async verifyWebhook(rawBody, headers) {
      const raw = rawBody.toString('utf8')
      verifyTestSignature(secret, raw, headers[TEST_SIGNATURE_HEADER], nowSeconds())
      const body = parseBody(raw)
      const outcome = body.type.replace(/^payment\./, '') as Exclude<PaymentOutcome, 'pending'>
      return { ...noticeFor(body.sessionId, body.orderId, outcome, body.id), reference: body.reference }
    },

    async fetchStatus(sessionId, orderId) {
      if (parseTestSessionId(sessionId)?.orderId !== orderId) {
        throw new PaymentProviderError('this session does not belong to the order')
      }
      return noticeFor(sessionId, orderId, outcomes.get(sessionId) ?? 'pending', null)
    },

    webhookFor,

    async refund(input: RefundInput): Promise<RefundResult> {
      const parsed = parseTestSessionId(input.sessionId)
      if (parsed?.orderId !== input.orderId) {
        throw new PaymentRefundRefusedError('this session does not belong to the order', 'resource_missing')
      }
      if (input.reference !== null && input.reference !== referenceOf(input.sessionId)) {
        throw new PaymentRefundRefusedError(`no such payment: ${input.reference}`, 'resource_missing')
      }
      if (!Number.isInteger(input.amount) || input.amount <= 0) {
        throw new PaymentRefundRefusedError(
          'the amount must be a positive number of cents',
          'amount_too_small',
        )
      }
      const earlier = refundAnswers.get(input.idempotencyKey)
      if (!earlier) {
        const refused = refusals.get(input.orderId)
        if (refused !== undefined) {
          refusals.delete(input.orderId)
          refundAnswers.set(input.idempotencyKey, { refused })
        } else {
          refundAnswers.set(input.idempotencyKey, {
            id: `tpre_${randomBytes(12).toString('hex')}`,
            orderId: input.orderId,
            amount: input.amount,
            currency: input.currency.toUpperCase(),
            idempotencyKey: input.idempotencyKey,
          })
        }
      }
      const answer = refundAnswers.get(input.idempotencyKey)!
      if ('refused' in answer) throw new PaymentRefundRefusedError(answer.refused, 'refund_refused')
      opts.log?.info({ orderId: input.orderId, amount: answer.amount, refund: answer.id }, 'test refund made')
      return { reference: answer.id, status: 'succeeded' }
    },

    refundsOf: (orderId) =>
      [...refundAnswers.values()].filter((a): a is TestRefund => 'id' in a && a.orderId === orderId),

    refuseNextRefund(orderId, reason) {
      refusals.set(orderId, reason)
    },

    async complete(sessionId, action) {
      const parsed = parseTestSessionId(sessionId)
      if (!parsed) throw new PaymentProviderError('not a test session')
      if (!outcomes.has(sessionId)) outcomes.set(sessionId, TEST_ACTIONS[action])
      const outcome = outcomes.get(sessionId)!
      const { body, signature } = webhookFor(sessionId, outcome)
      const url = `${opts.selfUrl()}/api/payments/webhook/${TEST_PROVIDER_ID}`
      let status: number
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signature },
          body,
          signal: AbortSignal.timeout(10_000),
        })
        status = res.status
        await res.body?.cancel()
      } catch (err) {
        throw new PaymentProviderError('the webhook could not be delivered', { cause: err })
      }
      if (status < 200 || status >= 300) {
        opts.log?.warn({ status, sessionId }, 'test payment webhook refused')
        throw new PaymentProviderError(`the webhook was answered ${status}`)
      }
      opts.log?.info({ sessionId, outcome }, 'test payment webhook delivered')
      return noticeFor(sessionId, parsed.orderId, outcome, null)
    },
  }
}
