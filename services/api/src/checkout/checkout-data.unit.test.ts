import { describe, expect, it } from 'vitest'
import { paymentMethodCheck, toCheckoutBranch, toProduct } from './checkout-data.ts'

describe('payment method availability (spec §4: config and branch enablement)', () => {
  const withProvider = () => true
  const without = () => false

  it('cash is on by default, the others need both flags', () => {
    expect(paymentMethodCheck('cash', {}, {}, without)).toEqual({ ok: true, online: false })
    expect(paymentMethodCheck('cash', { enableCash: false }, {}, without)).toEqual({
      ok: false,
      reason: 'disabled',
    })
    expect(paymentMethodCheck('atm-card', { enableATMCard: true }, {}, without)).toEqual({
      ok: false,
      reason: 'disabled',
    })
    expect(
      paymentMethodCheck('atm-card', { enableATMCard: true }, { isATMCardEnabled: true }, without),
    ).toEqual({
      ok: true,
      online: false,
    })
  })

  it('an online provider needs its plugin flag, its method flag, the branch flag and a configured provider', () => {
    const config = { enablePluginStripe: true, enableStripe: true }
    expect(paymentMethodCheck('stripe', config, { isStripeEnabled: true }, withProvider)).toEqual({
      ok: true,
      online: true,
    })
    expect(paymentMethodCheck('stripe', config, { isStripeEnabled: true }, without)).toEqual({
      ok: false,
      reason: 'not-configured',
    })
    expect(
      paymentMethodCheck('stripe', { enableStripe: true }, { isStripeEnabled: true }, withProvider),
    ).toEqual({
      ok: false,
      reason: 'disabled',
    })
    expect(paymentMethodCheck('bitcoin', config, {}, withProvider)).toEqual({ ok: false, reason: 'unknown' })
    expect(paymentMethodCheck('__proto__', config, {}, withProvider)).toEqual({
      ok: false,
      reason: 'unknown',
    })
  })
})

describe('resources as the checkout sees them', () => {
  it('reads a stored branch with the spec defaults for missing flags', () => {
    const branch = toCheckoutBranch('b1', { identifier: 'markt', openingHours: [] })
    expect(branch).toMatchObject({
      id: 'b1',
      identifier: 'markt',
      timeZone: 'Europe/Zurich',
      isTakeawayEnabled: true,
      isDeliveryEnabled: false,
      requirements: { delivery: { phone: true, address: true, email: false } },
    })
  })

  it('drops the nulls of stored schedules: null means "no condition"', () => {
    const product = toProduct('p1', {
      uid: 'zopf',
      name: 'Zopf',
      price: 690,
      schedule: [{ weekdays: null, from: '06:00', to: '11:00', startDate: null, endDate: null }],
    })
    expect(product.schedule).toEqual([{ from: '06:00', to: '11:00' }])
    expect(product).toMatchObject({
      id: 'p1',
      isEnabled: true,
      leadTimeType: 'minutes',
      config: { parts: [] },
    })
  })
})
