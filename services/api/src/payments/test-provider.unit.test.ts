import { describe, expect, it } from 'vitest'
import { createPayments, PaymentProviderError, PaymentSignatureError } from './port.ts'
import {
  createTestProvider,
  parseTestSessionId,
  signTestWebhook,
  TEST_SIGNATURE_HEADER,
  verifyTestSignature,
} from './test-provider.ts'

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'
const NOW = 1_764_403_200

function provider(secret = 'k'.repeat(32)) {
  const urls = {
    success: (i: { uid: string; hash: string }) => `https://shop.example/status/${i.uid}/${i.hash}`,
    failure: (i: { branchIdentifier: string }) =>
      `https://shop.example/store/${i.branchIdentifier}/checkout/error`,
  }
  return createTestProvider({
    secret,
    publicUrl: () => 'https://shop.example',
    selfUrl: () => 'http://127.0.0.1:1',
    returnUrls: urls,
    nowSeconds: () => NOW,
  })
}

const input = {
  orderId: ORDER_ID,
  uid: 'u-1',
  hash: 'h-1',
  branchIdentifier: 'zuerich',
  amount: 1410,
  currency: 'CHF',
  description: 'Bäckerei',
  customerEmail: null,
  locale: 'de-CH',
}

describe('test provider sessions', () => {
  it('names the order in the session id and sends the customer to its hosted page', async () => {
    const { sessionId, redirectUrl } = await provider().createCheckout(input)
    expect(sessionId).toMatch(new RegExp(`^tp_${ORDER_ID}_[0-9a-f]{32}$`))
    expect(parseTestSessionId(sessionId)?.orderId).toBe(ORDER_ID)
    expect(redirectUrl).toBe(`https://shop.example/payments/test/${sessionId}`)
    const second = await provider().createCheckout(input)
    expect(second.sessionId).not.toBe(sessionId)
  })

  it('refuses order ids it could not name and amounts that are no cents', async () => {
    await expect(provider().createCheckout({ ...input, orderId: 'order-1' })).rejects.toBeInstanceOf(
      PaymentProviderError,
    )
    await expect(provider().createCheckout({ ...input, amount: 0 })).rejects.toBeInstanceOf(
      PaymentProviderError,
    )
    expect(parseTestSessionId('tp_x_y')).toBeUndefined()
    expect(parseTestSessionId(`cs_test_${ORDER_ID}`)).toBeUndefined()
  })

  it('knows nothing was pressed yet: pending', async () => {
    const p = provider()
    const { sessionId } = await p.createCheckout(input)
    expect(await p.fetchStatus(sessionId, ORDER_ID)).toMatchObject({ outcome: 'pending', reference: null })
    await expect(p.fetchStatus(sessionId, '00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      PaymentProviderError,
    )
  })
})

describe('test provider webhooks', () => {
  it('reads its own signed webhook', async () => {
    const p = provider()
    const { sessionId } = await p.createCheckout(input)
    const { body, signature } = p.webhookFor(sessionId, 'paid')
    const notice = await p.verifyWebhook(Buffer.from(body), { [TEST_SIGNATURE_HEADER]: signature })
    expect(notice).toMatchObject({
      provider: 'test',
      sessionId,
      orderId: ORDER_ID,
      outcome: 'paid',
      reference: `tpr_${parseTestSessionId(sessionId)!.nonce}`,
    })
    expect(notice?.eventId).toMatch(/^tpevt_/)
    const canceled = p.webhookFor(sessionId, 'canceled')
    expect(
      await p.verifyWebhook(Buffer.from(canceled.body), { [TEST_SIGNATURE_HEADER]: canceled.signature }),
    ).toMatchObject({ outcome: 'canceled', reference: null })
  })

  it('refuses another secret, a changed body, a stale or future timestamp, a missing header', async () => {
    const p = provider()
    const { sessionId } = await p.createCheckout(input)
    const { body, signature } = p.webhookFor(sessionId, 'paid')
    const refuse = (raw: string, header: string | undefined) =>
      expect(p.verifyWebhook(Buffer.from(raw), { [TEST_SIGNATURE_HEADER]: header })).rejects.toBeInstanceOf(
        PaymentSignatureError,
      )
    await refuse(body, signTestWebhook('another secret', body, NOW))
    await refuse(body.replace('payment.paid', 'payment.failed'), signature)
    await refuse(body, signTestWebhook('k'.repeat(32), body, NOW - 301))
    await refuse(body, signTestWebhook('k'.repeat(32), body, NOW + 301))
    await refuse(body, undefined)
    await refuse(body, 'v1=abc')
    // Signed but not an event of ours (the session does not name the order).
    const foreign = JSON.stringify({ ...JSON.parse(body), orderId: '00000000-0000-4000-8000-000000000000' })
    await refuse(foreign, signTestWebhook('k'.repeat(32), foreign, NOW))
  })

  it('accepts a signature within the five minutes', () => {
    const secret = 's'
    expect(() =>
      verifyTestSignature(secret, '{}', signTestWebhook(secret, '{}', NOW - 299), NOW),
    ).not.toThrow()
  })
})

describe('createPayments', () => {
  it('serves an online method by Stripe when configured, else by the test provider when on', () => {
    const none = createPayments({ env: {} })
    expect(none.providerFor('stripe')).toBeUndefined()
    expect(none.onlineMethods()).toEqual([])

    const test = createPayments({ env: { PAYMENTS_TEST_PROVIDER: '1', PUBLIC_URL: 'https://shop.example/' } })
    expect(test.providerFor('stripe')?.id).toBe('test')
    expect(test.providerFor('mollie')?.id).toBe('test')
    expect(test.providerFor('cash')).toBeUndefined()
    expect(test.onlineMethods()).toEqual(['stripe', 'mollie'])
    expect(test.publicUrl()).toBe('https://shop.example')

    const both = createPayments({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      testProvider: true,
      serverUrl: () => 'http://127.0.0.1:4000',
    })
    expect(both.providerFor('stripe')?.id).toBe('stripe')
    expect(both.providerFor('mollie')?.id).toBe('test')
    expect(both.provider('stripe')?.id).toBe('stripe')
    expect(both.provider('test')?.id).toBe('test')
    expect(both.provider('paypal')).toBeUndefined()
    expect(both.publicUrl()).toBe('http://127.0.0.1:4000')

    const halfStripe = createPayments({ env: { STRIPE_SECRET_KEY: 'sk_test_x' } })
    expect(halfStripe.providerFor('stripe')).toBeUndefined()
  })
})

describe('the test provider refunds its own payments (issue 18 item 6)', () => {
  const refundOf = async (p: ReturnType<typeof provider>) => {
    const { sessionId } = await p.createCheckout(input)
    const nonce = parseTestSessionId(sessionId)!.nonce
    return {
      orderId: ORDER_ID,
      sessionId,
      reference: `tpr_${nonce}`,
      amount: 1410,
      currency: 'chf',
      idempotencyKey: `refund-${ORDER_ID}-1-1`,
      refundId: `${ORDER_ID}-1`,
      retry: false,
    }
  }

  it('pays back once per idempotency key', async () => {
    const p = provider()
    const refund = await refundOf(p)
    const first = await p.refund(refund)
    expect(first).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^tpre_/) })
    expect(await p.refund(refund)).toEqual(first)
    expect(p.refundsOf(ORDER_ID)).toEqual([
      {
        id: first.reference,
        orderId: ORDER_ID,
        amount: 1410,
        currency: 'CHF',
        idempotencyKey: refund.idempotencyKey,
      },
    ])
    const second = await p.refund({ ...refund, amount: 200, idempotencyKey: `refund-${ORDER_ID}-2-1` })
    expect(second.reference).not.toBe(first.reference)
    expect(p.refundsOf(ORDER_ID).map((r) => r.amount)).toEqual([1410, 200])
  })

  it('refuses payments it never took, and the refusal it was told to give, for that key only', async () => {
    const p = provider()
    const refund = await refundOf(p)
    await expect(p.refund({ ...refund, reference: 'tpr_other' })).rejects.toThrow(/no such payment/)
    await expect(
      p.refund({ ...refund, sessionId: `tp_3f2504e0-4f89-41d3-9a0c-0305e82c3302_${'0'.repeat(32)}` }),
    ).rejects.toThrow(/does not belong/)
    p.refuseNextRefund(ORDER_ID, 'Card account closed')
    await expect(p.refund(refund)).rejects.toMatchObject({
      name: 'PaymentRefundRefusedError',
      message: 'Card account closed',
    })
    await expect(p.refund(refund)).rejects.toThrow('Card account closed')
    expect(p.refundsOf(ORDER_ID)).toEqual([])
    const next = await p.refund({ ...refund, idempotencyKey: `refund-${ORDER_ID}-1-2` })
    expect(next.status).toBe('succeeded')
  })
})
