export type {
  CheckedCustomer,
  CheckedOrder,
  CheckoutBranch,
  CheckoutCatalogue,
  CheckoutConfig,
  CheckoutError,
  CheckoutInput,
  CheckoutLookups,
  CheckoutResult,
  ContactRequirements,
  ItemCheck,
  ItemProblem,
  ItemShape,
  OrderType,
  PaymentCheck,
} from './checkout.ts'
export {
  checkCheckout,
  checkItemShape,
  normalisePhone,
  orderTypeOfForm,
  PHONE_EXAMPLES,
  priceOrderItem,
  repriceOrder,
} from './checkout.ts'
export type { PaymentMethodName } from './payment-methods.ts'
export { enabledPaymentMethods, PAYMENT_METHODS, paymentMethodEnabled } from './payment-methods.ts'
