import { describe, expect, it } from 'vitest'
import { paymentMethodAvailability } from './availability.ts'
import { createPayments } from './port.ts'

const withTest = createPayments({ env: { PAYMENTS_TEST_PROVIDER: '1', PUBLIC_URL: 'https://shop.example' } })
const withNone = createPayments({ env: {} })

const allOnConfig = {
  enableCash: true,
  enableATMCard: true,
  enableVoucher: true,
  enablePluginStripe: true,
  enableStripe: true,
  enablePluginMollie: true,
  enableMollie: true,
}
const allOnBranch = {
  isCashEnabled: true,
  isATMCardEnabled: true,
  isVoucherEnabled: true,
  isStripeEnabled: true,
  isMollieEnabled: true,
}

describe('paymentMethodAvailability', () => {
  it('offers every method that config and branch enable, online ones as online', () => {
    for (const method of ['cash', 'atm-card', 'voucher'])
      expect(paymentMethodAvailability(method, allOnConfig, allOnBranch, withTest)).toEqual({
        ok: true,
        online: false,
      })
    for (const method of ['stripe', 'mollie'])
      expect(paymentMethodAvailability(method, allOnConfig, allOnBranch, withTest)).toEqual({
        ok: true,
        online: true,
      })
  })

  it('calls an unknown value unknown', () => {
    for (const method of ['paypal', '', 'Cash', 'toString', '__proto__'])
      expect(paymentMethodAvailability(method, allOnConfig, allOnBranch, withTest)).toEqual({
        ok: false,
        reason: 'unknown',
      })
  })

  it('needs the config flag AND the branch flag', () => {
    const cases: [string, string, string][] = [
      ['cash', 'enableCash', 'isCashEnabled'],
      ['atm-card', 'enableATMCard', 'isATMCardEnabled'],
      ['voucher', 'enableVoucher', 'isVoucherEnabled'],
      ['stripe', 'enableStripe', 'isStripeEnabled'],
      ['stripe', 'enablePluginStripe', 'isStripeEnabled'],
      ['mollie', 'enableMollie', 'isMollieEnabled'],
      ['mollie', 'enablePluginMollie', 'isMollieEnabled'],
    ]
    for (const [method, configFlag, branchFlag] of cases) {
      expect(
        paymentMethodAvailability(method, { ...allOnConfig, [configFlag]: false }, allOnBranch, withTest),
        `${method} without ${configFlag}`,
      ).toEqual({ ok: false, reason: 'disabled' })
      expect(
        paymentMethodAvailability(method, allOnConfig, { ...allOnBranch, [branchFlag]: false }, withTest),
        `${method} without ${branchFlag}`,
      ).toEqual({ ok: false, reason: 'disabled' })
    }
  })

  it('uses the schema defaults for absent flags: only cash is on', () => {
    expect(paymentMethodAvailability('cash', {}, {}, withTest)).toEqual({ ok: true, online: false })
    for (const method of ['atm-card', 'voucher', 'stripe', 'mollie'])
      expect(paymentMethodAvailability(method, {}, {}, withTest)).toEqual({ ok: false, reason: 'disabled' })
  })

  it('says not-configured for an enabled online method without a provider in this process', () => {
    for (const payments of [withNone, undefined])
      expect(paymentMethodAvailability('stripe', allOnConfig, allOnBranch, payments)).toEqual({
        ok: false,
        reason: 'not-configured',
      })
    // Offline methods need no provider.
    expect(paymentMethodAvailability('voucher', allOnConfig, allOnBranch, undefined)).toEqual({
      ok: true,
      online: false,
    })
    // Disabled wins over not configured: the shop does not offer it anyway.
    expect(
      paymentMethodAvailability('mollie', { ...allOnConfig, enableMollie: false }, allOnBranch, withNone),
    ).toEqual({ ok: false, reason: 'disabled' })
  })
})
