import Stripe from 'stripe'
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

// Stripe Checkout through the official SDK: a hosted payment page per order, webhooks signed
// with the endpoint's secret (Stripe-Signature), the session read back on request.

export const STRIPE_PROVIDER_ID = 'stripe'

/** Stripe Checkout's page language for the shop's locales. */
function stripeLocale(locale: string): Stripe.Checkout.SessionCreateParams.Locale {
  const lang = locale.slice(0, 2).toLowerCase()
  return lang === 'de' || lang === 'fr' || lang === 'en' ? lang : 'auto'
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id

/** How a Checkout Session stands, in the port's words. */
export function outcomeOfSession(session: Stripe.Checkout.Session): PaymentOutcome {
  if (session.status === 'expired') return 'canceled'
  if (session.status !== 'complete') return 'pending'
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid'
  // Complete but unpaid: a delayed method (SEPA debit, …) still clearing, or it failed.
  const intent = session.payment_intent
  if (intent && typeof intent !== 'string') {
    if (intent.status === 'succeeded') return 'paid'
    if (intent.status === 'canceled' || intent.status === 'requires_payment_method') return 'failed'
  }
  return 'pending'
}

/**
 * Whether Stripe answered a refund with a final "no" (a 4xx other than rate limits and auth: the
 * request itself cannot succeed, and Stripe keeps that answer under its idempotency key) rather
 * than not at all (network, 5xx, 429, a wrong key: worth the same request again later).
 */
function isRefusal(err: unknown): err is Stripe.errors.StripeError {
  if (!(err instanceof Stripe.errors.StripeError)) return false
  // No answer (the request may have gone through: the same key asks again), or one that says the
  // request never ran (rate limit, a wrong or unprivileged key): the same key is fine later.
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    err instanceof Stripe.errors.StripeAuthenticationError ||
    err instanceof Stripe.errors.StripePermissionError
  )
    return false
  // Any other answer, a 500 included, is what Stripe keeps under the key for a day.
  return (err.statusCode ?? 0) >= 400
}

/** The order a session belongs to: our client_reference_id, else the metadata. */
const orderIdOf = (session: Stripe.Checkout.Session): string | null =>
  session.client_reference_id ?? session.metadata?.orderId ?? null

export function createStripeProvider(opts: {
  secretKey: string
  webhookSecret: string
  returnUrls: ReturnUrls
  /** SDK settings over the defaults (host/port/protocol point the tests at a replay server). */
  config?: Stripe.StripeConfig
  /** Signature age accepted, seconds (Stripe's default 300). */
  toleranceSeconds?: number
}): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'shop' },
    ...opts.config,
  })

  const notice = (
    session: Stripe.Checkout.Session,
    outcome: PaymentOutcome,
    eventId: string | null,
  ): PaymentNotice | null => {
    const orderId = orderIdOf(session)
    if (!orderId) return null
    return {
      provider: STRIPE_PROVIDER_ID,
      sessionId: session.id,
      orderId,
      outcome,
      reference: idOf(session.payment_intent),
      eventId,
    }
  }

  const provider: PaymentProvider = {
    id: STRIPE_PROVIDER_ID,

    async createCheckout(input: CheckoutInput) {
      let session: Stripe.Checkout.Session
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: { name: input.description },
                },
              },
            ],
            client_reference_id: input.orderId,
            metadata: { orderId: input.orderId, uid: input.uid },
            payment_intent_data: { metadata: { orderId: input.orderId, uid: input.uid } },
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
            locale: stripeLocale(input.locale),
            success_url: opts.returnUrls.success(input),
            cancel_url: opts.returnUrls.failure(input),
          },
          // A retried create (network) must not open a second session for the same order.
          { idempotencyKey: `checkout-${input.orderId}` },
        )
      } catch (err) {
        throw new PaymentProviderError('Stripe refused to open a checkout session', { cause: err })
      }
      if (!session.url) throw new PaymentProviderError('Stripe returned a session without a URL')
      return { sessionId: session.id, redirectUrl: session.url }
    },

    async verifyWebhook(rawBody, headers) {
      const signature = headers['stripe-signature']
      if (typeof signature !== 'string' || signature === '') {
        throw new PaymentSignatureError('Stripe-Signature missing')
      }
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret, opts.toleranceSeconds)
      } catch (err) {
        throw new PaymentSignatureError(`Stripe signature refused: ${(err as Error).message}`)
      }
      const session = event.data.object as Stripe.Checkout.Session
      switch (event.type) {
        case 'checkout.session.completed':
          // Card payments are paid now; delayed methods report later (async_payment_*).
          return notice(session, session.payment_status === 'unpaid' ? 'pending' : 'paid', event.id)
        case 'checkout.session.async_payment_succeeded':
          return notice(session, 'paid', event.id)
        case 'checkout.session.async_payment_failed':
          return notice(session, 'failed', event.id)
        case 'checkout.session.expired':
          return notice(session, 'canceled', event.id)
        default:
          return null
      }
    },

    async fetchStatus(sessionId, orderId) {
      let session: Stripe.Checkout.Session
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] })
      } catch (err) {
        throw new PaymentProviderError('Stripe could not be asked for the session', { cause: err })
      }
      const found = notice(session, outcomeOfSession(session), null)
      if (!found || found.orderId !== orderId) {
        throw new PaymentProviderError('the Stripe session belongs to another order')
      }
      return found
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      // The payment intent from OrderPaid; an order paid before it was kept asks the session.
      const paymentIntent =
        input.reference ?? (await provider.fetchStatus(input.sessionId, input.orderId)).reference
      if (!paymentIntent) throw new PaymentRefundRefusedError('the Stripe session has no payment to refund')
      let refund: Stripe.Refund
      try {
        // A retry under a new key: a try before may have been made after all (Stripe answered a
        // 500 that it then carried out); that refund is the answer, not a second one.
        const earlier = input.retry
          ? (await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })).data.find(
              (r) =>
                r.metadata?.refund === input.refundId && r.status !== 'failed' && r.status !== 'canceled',
            )
          : undefined
        refund =
          earlier ??
          (await stripe.refunds.create(
            {
              payment_intent: paymentIntent,
              amount: input.amount,
              reason: 'requested_by_customer',
              metadata: { orderId: input.orderId, refund: input.refundId },
            },
            // Asked again after a crash (or a timeout), Stripe answers the first refund again.
            { idempotencyKey: input.idempotencyKey },
          ))
      } catch (err) {
        if (isRefusal(err)) throw new PaymentRefundRefusedError(err.message, err.code ?? null, { cause: err })
        throw new PaymentProviderError('Stripe could not be asked for the refund', { cause: err })
      }
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentRefundRefusedError(
          `Stripe refund ${refund.id} ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}`,
          refund.failure_reason ?? null,
        )
      }
      return { reference: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' }
    },
  }
  return provider
}
