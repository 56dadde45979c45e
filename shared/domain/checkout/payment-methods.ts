import type { PaymentCheck } from './checkout.ts'

/**
 * Payment methods of spec §4 in the spec's order: each needs the config's flags and the
 * branch's flag. The server checks an order with it, the checkout page offers what it allows.
 */
export const PAYMENT_METHODS = {
  cash: { config: ['enableCash'], branch: 'isCashEnabled', online: false },
  'atm-card': { config: ['enableATMCard'], branch: 'isATMCardEnabled', online: false },
  voucher: { config: ['enableVoucher'], branch: 'isVoucherEnabled', online: false },
  stripe: { config: ['enablePluginStripe', 'enableStripe'], branch: 'isStripeEnabled', online: true },
  mollie: { config: ['enablePluginMollie', 'enableMollie'], branch: 'isMollieEnabled', online: true },
} as const

export type PaymentMethodName = keyof typeof PAYMENT_METHODS

// The schemas' defaults: cash is on unless switched off, everything else off unless switched on.
const CONFIG_DEFAULTS: Readonly<Record<string, boolean>> = { enableCash: true }
const BRANCH_DEFAULTS: Readonly<Record<string, boolean>> = { isCashEnabled: true }

const flag = (source: Readonly<Record<string, unknown>>, key: string, fallback: boolean): boolean =>
  typeof source[key] === 'boolean' ? (source[key] as boolean) : fallback

/**
 * Whether the config and the branch (their data as stored) switch a method on. Whether an
 * online method also has a provider in this process is the server's question.
 */
export function paymentMethodEnabled(
  method: string,
  config: Readonly<Record<string, unknown>>,
  branch: Readonly<Record<string, unknown>>,
): Exclude<PaymentCheck, { reason: 'not-configured' }> {
  // Own keys only: '__proto__' or 'toString' are not payment methods.
  if (!Object.hasOwn(PAYMENT_METHODS, method)) return { ok: false, reason: 'unknown' }
  const rule = PAYMENT_METHODS[method as PaymentMethodName]
  const configOn = rule.config.every((key) => flag(config, key, CONFIG_DEFAULTS[key] ?? false))
  const branchOn = flag(branch, rule.branch, BRANCH_DEFAULTS[rule.branch] ?? false)
  return configOn && branchOn ? { ok: true, online: rule.online } : { ok: false, reason: 'disabled' }
}

/** Every method the config and the branch switch on, in the spec's order. */
export function enabledPaymentMethods(
  config: Readonly<Record<string, unknown>>,
  branch: Readonly<Record<string, unknown>>,
): { value: PaymentMethodName; online: boolean }[] {
  return (Object.keys(PAYMENT_METHODS) as PaymentMethodName[]).flatMap((value) => {
    const check = paymentMethodEnabled(value, config, branch)
    return check.ok ? [{ value, online: check.online }] : []
  })
}
