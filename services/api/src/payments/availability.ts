import type { PaymentCheck } from '@shop/shared/domain/checkout'
import { paymentMethodCheck } from '../checkout/checkout-data.ts'
import type { Payments } from './port.ts'

/**
 * Whether a payment method can be used at a branch (spec §4): known, switched on in the config
 * (`enableCash`, `enableATMCard`, `enableVoucher`, `enablePluginStripe` + `enableStripe`,
 * `enablePluginMollie` + `enableMollie`) AND at the branch (`isCashEnabled`, …), and for an
 * online method served by a provider of this process ('not-configured' otherwise).
 * `config` and `branch` are the resources' data as stored (defaults as in their schemas).
 */
export function paymentMethodAvailability(
  method: string,
  config: Record<string, unknown>,
  branch: Record<string, unknown>,
  payments: Pick<Payments, 'providerFor'> | undefined,
): PaymentCheck {
  return paymentMethodCheck(method, config, branch, (m) => payments?.providerFor(m) !== undefined)
}
