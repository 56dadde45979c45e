import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentProviderError, PaymentRefundRefusedError, PaymentSignatureError, returnUrls } from './port.ts'
import { createStripeProvider } from './stripe.ts'
import { fixture, type StripeReplay, startStripeReplay } from './testing/stripe-replay.ts'

// The Stripe adapter against a local replay of Stripe's API (recorded responses in fixtures/),
// through the official SDK: what it sends, how it reads webhooks and sessions.

const ORDER = {
  orderId: '5b0f7c1e-3d2a-4f6b-9c8e-1a2b3c4d5e6f',
  uid: '0e8d9c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b',
  hash: '4f1c2b3a5d6e7f8091a2b3c4d5e6f708',
  branchIdentifier: 'zuerich',
  amount: 1410,
  currency: 'CHF',
  description: 'Bäckerei am Markt',
  customerEmail: 'anna@example.com',
  locale: 'de-CH',
}

let replay: StripeReplay
let stripe: ReturnType<typeof createStripeProvider>
const urls = returnUrls(() => 'https://shop.example.ch')

beforeAll(async () => {
  replay = await startStripeReplay()
  stripe = createStripeProvider({
    secretKey: replay.secretKey,
    webhookSecret: replay.webhookSecret,
    returnUrls: urls,
    config: replay.config,
  })
})
afterAll(async () => {
  await replay.close()
})

async function openSession(
  overrides: Partial<Omit<typeof ORDER, 'customerEmail'>> & { customerEmail?: string | null } = {},
) {
  return stripe.createCheckout({ ...ORDER, ...overrides })
}

const headers = (signature: string) => ({ 'stripe-signature': signature, 'content-type': 'application/json' })

describe('createCheckout', () => {
  it('opens a Checkout Session for the order total with our return URLs and reference', async () => {
    const before = replay.requests.length
    const opened = await openSession()
    const sent = replay.requests.slice(before)
    expect(sent).toHaveLength(1)
    const request = sent[0]!
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/v1/checkout/sessions')
    expect(request.headers.authorization).toBe(`Bearer ${replay.secretKey}`)
    expect(request.headers['idempotency-key']).toBe(`checkout-${ORDER.orderId}`)
    expect(request.headers['stripe-version']).toBe(Stripe.API_VERSION)
    expect(request.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'chf',
      'line_items[0][price_data][unit_amount]': '1410',
      'line_items[0][price_data][product_data][name]': 'Bäckerei am Markt',
      client_reference_id: ORDER.orderId,
      'metadata[orderId]': ORDER.orderId,
      'metadata[uid]': ORDER.uid,
      'payment_intent_data[metadata][orderId]': ORDER.orderId,
      customer_email: 'anna@example.com',
      locale: 'de',
      success_url: `https://shop.example.ch/status/${ORDER.uid}/${ORDER.hash}`,
      cancel_url: 'https://shop.example.ch/store/zuerich/checkout/error',
    })
    const session = replay.sessions.get(opened.sessionId)
    expect(opened.sessionId).toMatch(/^cs_test_/)
    expect(opened.redirectUrl).toBe(session.url)
    expect(opened.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/)
  })

  it('leaves out a missing e-mail and maps the locale', async () => {
    const before = replay.requests.length
    await openSession({
      orderId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      customerEmail: null,
      locale: 'fr-FR',
    })
    const form = replay.requests[before]!.form
    expect(form).not.toHaveProperty('customer_email')
    expect(form.locale).toBe('fr')
  })

  it('fails with PaymentProviderError when Stripe refuses (wrong key)', async () => {
    const wrong = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: replay.webhookSecret,
      returnUrls: urls,
      config: replay.config,
    })
    await expect(wrong.createCheckout(ORDER)).rejects.toBeInstanceOf(PaymentProviderError)
  })
})

describe('verifyWebhook', () => {
  it('reads checkout.session.completed (paid) as paid with the payment intent as reference', async () => {
    const { sessionId } = await openSession({ orderId: 'a3f1c2d4-1111-4aaa-8bbb-000000000001' })
    replay.settle(sessionId, 'paid')
    const event = replay.event('checkout.session.completed', sessionId)
    const notice = await stripe.verifyWebhook(Buffer.from(event.body), headers(event.signature))
    expect(notice).toEqual({
      provider: 'stripe',
      sessionId,
      orderId: 'a3f1c2d4-1111-4aaa-8bbb-000000000001',
      outcome: 'paid',
      reference: fixture('checkout-session.completed').payment_intent.id,
      eventId: event.id,
    })
  })

  it('reads a completed but unpaid session (a delayed method) as pending', async () => {
    const { sessionId } = await openSession({ orderId: 'a3f1c2d4-1111-4aaa-8bbb-000000000002' })
    replay.settle(sessionId, 'async-failed')
    const event = replay.event('checkout.session.completed', sessionId)
    const notice = await stripe.verifyWebhook(Buffer.from(event.body), headers(event.signature))
    expect(notice?.outcome).toBe('pending')
  })

  it('reads async_payment_failed as failed and async_payment_succeeded as paid', async () => {
    const { sessionId } = await openSession({ orderId: 'a3f1c2d4-1111-4aaa-8bbb-000000000003' })
    replay.settle(sessionId, 'async-failed')
    const failed = replay.event('checkout.session.async_payment_failed', sessionId)
    expect(await stripe.verifyWebhook(Buffer.from(failed.body), headers(failed.signature))).toMatchObject({
      outcome: 'failed',
      sessionId,
      eventId: failed.id,
    })
    replay.settle(sessionId, 'paid')
    const succeeded = replay.event('checkout.session.async_payment_succeeded', sessionId)
    expect(
      await stripe.verifyWebhook(Buffer.from(succeeded.body), headers(succeeded.signature)),
    ).toMatchObject({ outcome: 'paid', sessionId })
  })

  it('reads checkout.session.expired as canceled', async () => {
    const { sessionId } = await openSession({ orderId: 'a3f1c2d4-1111-4aaa-8bbb-000000000004' })
    replay.settle(sessionId, 'expired')
    const event = replay.event('checkout.session.expired', sessionId)
    expect(await stripe.verifyWebhook(Buffer.from(event.body), headers(event.signature))).toMatchObject({
      outcome: 'canceled',
      orderId: 'a3f1c2d4-1111-4aaa-8bbb-000000000004',
      reference: null,
    })
  })

  it('ignores (null) a correctly signed event it does not handle', async () => {
    const other = { ...fixture('event.checkout.session.completed'), type: 'payment_intent.created' }
    const body = JSON.stringify(other)
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: replay.webhookSecret,
    })
    expect(await stripe.verifyWebhook(Buffer.from(body), headers(signature))).toBeNull()
  })

  it('refuses forged, tampered, stale and unsigned webhooks', async () => {
    const { sessionId } = await openSession({ orderId: 'a3f1c2d4-1111-4aaa-8bbb-000000000005' })
    replay.settle(sessionId, 'paid')
    const forged = replay.event('checkout.session.completed', sessionId, { secret: 'whsec_not_ours' })
    await expect(
      stripe.verifyWebhook(Buffer.from(forged.body), headers(forged.signature)),
    ).rejects.toBeInstanceOf(PaymentSignatureError)

    const good = replay.event('checkout.session.completed', sessionId)
    const tampered = good.body.replace(sessionId, 'cs_test_someone_else')
    await expect(stripe.verifyWebhook(Buffer.from(tampered), headers(good.signature))).rejects.toBeInstanceOf(
      PaymentSignatureError,
    )

    const stale = replay.event('checkout.session.completed', sessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    })
    await expect(
      stripe.verifyWebhook(Buffer.from(stale.body), headers(stale.signature)),
    ).rejects.toBeInstanceOf(PaymentSignatureError)

    await expect(stripe.verifyWebhook(Buffer.from(good.body), {})).rejects.toBeInstanceOf(
      PaymentSignatureError,
    )
  })
})

describe('fetchStatus', () => {
  it('reads the session as it stands: open, paid, expired, async failed', async () => {
    const orderId = 'b4e2d3c5-2222-4bbb-8ccc-000000000001'
    const { sessionId } = await openSession({ orderId })
    const before = replay.requests.length
    expect(await stripe.fetchStatus(sessionId, orderId)).toMatchObject({ outcome: 'pending', sessionId })
    const request = replay.requests[before]!
    expect(request.method).toBe('GET')
    expect(request.path).toBe(`/v1/checkout/sessions/${sessionId}`)
    expect([...request.query.values()]).toContain('payment_intent')

    replay.settle(sessionId, 'paid')
    expect(await stripe.fetchStatus(sessionId, orderId)).toEqual({
      provider: 'stripe',
      sessionId,
      orderId,
      outcome: 'paid',
      reference: fixture('checkout-session.completed').payment_intent.id,
      eventId: null,
    })

    const other = await openSession({ orderId: 'b4e2d3c5-2222-4bbb-8ccc-000000000002' })
    replay.settle(other.sessionId, 'expired')
    expect((await stripe.fetchStatus(other.sessionId, 'b4e2d3c5-2222-4bbb-8ccc-000000000002')).outcome).toBe(
      'canceled',
    )

    const third = await openSession({ orderId: 'b4e2d3c5-2222-4bbb-8ccc-000000000003' })
    replay.settle(third.sessionId, 'async-failed')
    expect((await stripe.fetchStatus(third.sessionId, 'b4e2d3c5-2222-4bbb-8ccc-000000000003')).outcome).toBe(
      'failed',
    )
  })

  it('refuses an unknown session and a session of another order', async () => {
    await expect(stripe.fetchStatus('cs_test_unknown', ORDER.orderId)).rejects.toBeInstanceOf(
      PaymentProviderError,
    )
    const { sessionId } = await openSession({ orderId: 'b4e2d3c5-2222-4bbb-8ccc-000000000004' })
    await expect(stripe.fetchStatus(sessionId, ORDER.orderId)).rejects.toBeInstanceOf(PaymentProviderError)
  })
})

describe('refund (issue 18 item 6)', () => {
  const refundInput = (overrides: Partial<Parameters<typeof stripe.refund>[0]> = {}) => ({
    orderId: ORDER.orderId,
    sessionId: 'cs_test_unused',
    reference: 'pi_3QxKp2LkdIwHu7ix1H8sJq4R',
    amount: 1410,
    currency: 'CHF',
    idempotencyKey: `refund-${ORDER.orderId}-1-1`,
    refundId: `${ORDER.orderId}-1`,
    retry: false,
    ...overrides,
  })

  it('asks Stripe for a refund of the payment intent, under the refund’s idempotency key', async () => {
    const before = replay.requests.length
    const result = await stripe.refund(refundInput())
    const sent = replay.requests.slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/refunds' })
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund-${ORDER.orderId}-1-1`)
    expect(sent[0]!.form).toEqual({
      payment_intent: 'pi_3QxKp2LkdIwHu7ix1H8sJq4R',
      amount: '1410',
      reason: 'requested_by_customer',
      'metadata[orderId]': ORDER.orderId,
      'metadata[refund]': `${ORDER.orderId}-1`,
    })
    expect(result.status).toBe('succeeded')
    expect(result.reference).toMatch(/^re_3/)
    expect(replay.refunds.get(result.reference)).toMatchObject({
      object: 'refund',
      amount: 1410,
      currency: 'chf',
    })

    // Asked again with the same key (a process that died before recording it): the same refund.
    const again = await stripe.refund(refundInput())
    expect(again).toEqual(result)
    expect(
      [...replay.refunds.values()].filter((r) => r.metadata.refund === `${ORDER.orderId}-1`),
    ).toHaveLength(1)
  })

  it('a refusal (charge already refunded) is final for its key: PaymentRefundRefusedError with Stripe’s words', async () => {
    replay.nextRefunds.push('already-refunded')
    const input = refundInput({ idempotencyKey: 'refund-k-refused', refundId: 'k-refused' })
    const refused = await stripe.refund(input).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(PaymentRefundRefusedError)
    expect(refused).toMatchObject({
      code: 'charge_already_refunded',
      message: fixture('error.charge-already-refunded').error.message,
    })
    // The same key keeps that answer, as at Stripe.
    await expect(stripe.refund(input)).rejects.toBeInstanceOf(PaymentRefundRefusedError)
  })

  it('a 500 that Stripe carried out after all: the retry under a new key finds that refund, pays nothing twice', async () => {
    replay.nextRefunds.push('made-then-api-error')
    const first = refundInput({ idempotencyKey: 'refund-k-500-1', refundId: 'k-500', reference: 'pi_500' })
    const failed = await stripe.refund(first).catch((err: unknown) => err)
    expect(failed).toBeInstanceOf(PaymentRefundRefusedError)
    expect((failed as Error).message).toBe('An unknown error occurred')

    const before = replay.requests.length
    const retried = await stripe.refund({ ...first, idempotencyKey: 'refund-k-500-2', retry: true })
    const sent = replay.requests.slice(before)
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/refunds'])
    expect(sent[0]!.query.get('payment_intent')).toBe('pi_500')
    const made = [...replay.refunds.values()].filter((r) => r.metadata.refund === 'k-500')
    expect(made).toHaveLength(1)
    expect(retried).toEqual({ reference: made[0].id, status: 'succeeded' })
  })

  it('finds the payment intent through the session when the order has no reference', async () => {
    const opened = await openSession()
    replay.settle(opened.sessionId, 'paid')
    const intent = replay.sessions.get(opened.sessionId).payment_intent.id
    const result = await stripe.refund(
      refundInput({
        sessionId: opened.sessionId,
        reference: null,
        idempotencyKey: 'refund-k-session',
        refundId: 'k-s',
      }),
    )
    expect(replay.refunds.get(result.reference)).toMatchObject({ payment_intent: intent })
  })

  it('Stripe not reachable: PaymentProviderError (the retry keeps the key)', async () => {
    const offline = createStripeProvider({
      secretKey: replay.secretKey,
      webhookSecret: replay.webhookSecret,
      returnUrls: urls,
      config: { ...replay.config, port: 1, timeout: 2000 },
    })
    await expect(offline.refund(refundInput({ idempotencyKey: 'refund-k-offline' }))).rejects.toBeInstanceOf(
      PaymentProviderError,
    )
  })
})
