import type { AddressInfo } from 'node:net'
import { DEFAULT_SETTINGS, type Logger, type PaymentSettings, paymentSettingsFromEnv } from '@shop/kit'
import type Stripe from 'stripe'
import { createStripeProvider } from './stripe.ts'
import { testPaymentsOn } from './test-mode.ts'
import { createTestProvider, type TestProvider } from './test-provider.ts'

// The payment port: the shop talks to every online payment provider through these few calls,
// so the checkout, the webhook and the staff's "re-check payment" do not know which one it is.

export type PaymentOutcome = 'paid' | 'failed' | 'canceled' | 'pending'

/** What a provider says about one checkout session (from a webhook or when asked). */
export type PaymentNotice = {
  provider: string
  sessionId: string
  orderId: string
  outcome: PaymentOutcome
  /** The provider's payment reference (e.g. Stripe's payment intent), kept on OrderPaid. */
  reference: string | null
  /** The provider's event id, when the notice came from a webhook. */
  eventId: string | null
}

export type CheckoutInput = {
  orderId: string
  uid: string
  hash: string
  branchIdentifier: string
  /** Cents. */
  amount: number
  /** ISO 4217, any case. */
  currency: string
  description: string
  customerEmail: string | null
  /** The customer's locale (de-CH, fr-FR, en). */
  locale: string
}

/** Money back for a paid order (docs/payments.md "Refunds"). */
export type RefundInput = {
  orderId: string
  /** The order's checkout session (the provider may find the payment by it). */
  sessionId: string
  /** The provider's payment reference from OrderPaid (Stripe: the payment intent), if known. */
  reference: string | null
  /** Cents, at most what was paid and not yet refunded. */
  amount: number
  /** ISO 4217, any case. */
  currency: string
  /**
   * Deterministic per refund and try (order id, refund number, refusals): the same key asked twice
   * (a process that died before it recorded the answer) refunds once.
   */
  idempotencyKey: string
  /** The refund's name across its tries (order id and refund number), kept with it at the provider. */
  refundId: string
  /**
   * An earlier try may have reached the provider (this is a staff retry): before paying back, the
   * provider looks for a refund of this `refundId` it made already, so a retry under a new key
   * never pays twice.
   */
  retry: boolean
}

/** The provider took the refund: `succeeded`, or `pending` (it pays back later, e.g. a bank transfer). */
export type RefundResult = { reference: string; status: 'succeeded' | 'pending' }

export type PaymentProvider = {
  /** 'stripe' | 'test'; stored on the order as `payment.provider`. */
  id: string
  /** Opens a hosted checkout; called BEFORE the order is stored. */
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; redirectUrl: string }>
  /**
   * Checks a webhook's signature and reads it. Throws PaymentSignatureError when it is forged,
   * stale or unsigned; null for an event the shop does not care about.
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PaymentNotice | null>
  /** Asks the provider how the session stands now. Throws PaymentProviderError when it cannot. */
  fetchStatus(sessionId: string, orderId: string): Promise<PaymentNotice>
  /**
   * Pays `amount` back. Throws PaymentRefundRefusedError when the provider says no (already
   * refunded, more than was paid, …) and PaymentProviderError when it cannot be reached.
   */
  refund(input: RefundInput): Promise<RefundResult>
}

export type Payments = {
  /** The provider that serves a payment method value (`stripe`, `mollie`), if any. */
  providerFor(method: string): PaymentProvider | undefined
  /** The online payment method values that have a provider in this process. */
  onlineMethods(): string[]
  /** A provider by its id (the webhook path and `payment.provider` name it). */
  provider(id: string): PaymentProvider | undefined
  /** The built-in test provider, when it is on: the API serves its hosted page. */
  testProvider: TestProvider | undefined
  /** Where customers' browsers reach the shop (PUBLIC_URL, else the server's own address). */
  publicUrl(): string
  /** Where the API reaches itself (the test provider delivers its webhooks there). */
  selfUrl(): string
}

/** A webhook whose signature is missing, wrong or too old: answered 400, nothing changes. */
export class PaymentSignatureError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentSignatureError'
  }
}

/** The provider could not be reached or answered nonsense: answered 502. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PaymentProviderError'
  }
}

/**
 * The provider refused a refund (its answer is final for this idempotency key): the order shows it
 * as failed with the provider's words, and staff retry it with a new key.
 */
export class PaymentRefundRefusedError extends Error {
  readonly code: string | null
  constructor(message: string, code: string | null = null, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PaymentRefundRefusedError'
    this.code = code
  }
}

/** The online payment method values of spec §4. */
export const ONLINE_METHODS = ['stripe', 'mollie'] as const

/** Where the provider sends the customer back. */
export type ReturnUrls = {
  success(input: Pick<CheckoutInput, 'uid' | 'hash'>): string
  failure(input: Pick<CheckoutInput, 'branchIdentifier'>): string
}

export function returnUrls(publicUrl: () => string): ReturnUrls {
  return {
    success: (input) =>
      `${publicUrl()}/status/${encodeURIComponent(input.uid)}/${encodeURIComponent(input.hash)}`,
    failure: (input) => `${publicUrl()}/store/${encodeURIComponent(input.branchIdentifier)}/checkout/error`,
  }
}

/** The base URL of a listening Node server, reachable from this host (0.0.0.0 → 127.0.0.1). */
export function serverUrlOf(server: { address(): AddressInfo | string | null }): string | undefined {
  const address = server.address()
  if (!address || typeof address === 'string') return undefined
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address
  return `http://${host}:${address.port}`
}

export type PaymentsOptions = {
  /** The payment settings of the configuration (`config.payments`); default: none set. */
  settings?: PaymentSettings
  /**
   * Or an environment to read them from (tests): STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
   * PAYMENTS_TEST_PROVIDER, PAYMENTS_TEST_SECRET, PUBLIC_URL, NODE_ENV.
   */
  env?: Record<string, string | undefined>
  /** The server's own base URL once it listens (see serverUrlOf). */
  serverUrl?: () => string | undefined
  /** Turns the test provider on whatever the env says (the embedded demo, the test stack). */
  testProvider?: boolean
  /** More Stripe SDK settings (the tests point it at a replay server). */
  stripeConfig?: Stripe.StripeConfig
  log?: Logger
}

const trimSlash = (url: string) => url.replace(/\/+$/, '')

/**
 * The providers this process has, from its settings: Stripe when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set; the built-in test provider, for every online method without
 * a real one, when PAYMENTS_TEST_PROVIDER=1 (or `testProvider: true`).
 */
export function createPayments(opts: PaymentsOptions = {}): Payments {
  const settings = opts.settings ?? (opts.env ? paymentSettingsFromEnv(opts.env) : DEFAULT_SETTINGS.payments)
  const configuredUrl = settings.publicUrl?.trim() ? trimSlash(settings.publicUrl.trim()) : undefined
  const selfUrl = () => {
    const own = opts.serverUrl?.()
    if (own) return trimSlash(own)
    if (configuredUrl) return configuredUrl
    throw new Error('payments: neither PUBLIC_URL nor the server address is known')
  }
  const publicUrl = () => configuredUrl ?? selfUrl()
  const urls = returnUrls(publicUrl)

  const real = new Map<string, PaymentProvider>()
  const stripeKey = settings.stripeSecretKey
  const stripeWebhookSecret = settings.stripeWebhookSecret
  if (stripeKey && stripeWebhookSecret) {
    real.set(
      'stripe',
      createStripeProvider({
        secretKey: stripeKey,
        webhookSecret: stripeWebhookSecret,
        returnUrls: urls,
        ...(opts.stripeConfig ? { config: opts.stripeConfig } : {}),
      }),
    )
  } else if (stripeKey || stripeWebhookSecret) {
    opts.log?.warn('Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; it stays off')
  }

  const testOn = opts.testProvider ?? testPaymentsOn({ embedded: false, settings })
  const testProvider = testOn
    ? createTestProvider({
        secret: settings.testSecret,
        publicUrl,
        selfUrl,
        returnUrls: urls,
        ...(opts.log ? { log: opts.log } : {}),
      })
    : undefined

  const providerFor = (method: string): PaymentProvider | undefined => {
    if (!(ONLINE_METHODS as readonly string[]).includes(method)) return undefined
    return real.get(method) ?? testProvider
  }
  const byId = new Map<string, PaymentProvider>([...real.values()].map((p) => [p.id, p]))
  if (testProvider) byId.set(testProvider.id, testProvider)

  return {
    providerFor,
    onlineMethods: () => ONLINE_METHODS.filter((m) => providerFor(m) !== undefined),
    provider: (id) => byId.get(id),
    testProvider,
    publicUrl,
    selfUrl,
  }
}
