export {
  type ApplyResult,
  applyPaymentNotice,
  commandForNotice,
  PAYMENT_CANCELED_REASON,
  PAYMENT_FAILED_REASON,
} from './apply.ts'
export { paymentMethodAvailability } from './availability.ts'
export {
  type CheckoutInput,
  createPayments,
  ONLINE_METHODS,
  type PaymentNotice,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  PaymentRefundRefusedError,
  PaymentSignatureError,
  type Payments,
  type PaymentsOptions,
  type RefundInput,
  type RefundResult,
  type ReturnUrls,
  returnUrls,
  serverUrlOf,
} from './port.ts'
export { type RefundProcess, type RefundProcessOptions, startRefunds } from './refunds.ts'
export { type PaymentRouteDeps, paymentRoutes } from './routes.ts'
export { createStripeProvider, outcomeOfSession, STRIPE_PROVIDER_ID } from './stripe.ts'
export { type PaymentsInfo, paymentsInfo, TEST_PAYMENTS_WARNING, testPaymentsOn } from './test-mode.ts'
export { testPaymentPages } from './test-page.ts'
export {
  createTestProvider,
  parseTestSessionId,
  signTestWebhook,
  TEST_PROVIDER_ID,
  TEST_SIGNATURE_HEADER,
  type TestProvider,
  type TestWebhookBody,
  verifyTestSignature,
} from './test-provider.ts'
