import { describe, expect, it } from 'vitest'
import { createPayments } from './port.ts'
import { testPaymentsOn } from './test-mode.ts'

describe('who takes pretend payments', () => {
  it('the embedded demo by default, but not with NODE_ENV=production', () => {
    expect(testPaymentsOn({ embedded: true, env: {} })).toBe(true)
    expect(testPaymentsOn({ embedded: true, env: { NODE_ENV: 'development' } })).toBe(true)
    expect(testPaymentsOn({ embedded: true, env: { NODE_ENV: 'production' } })).toBe(false)
  })

  it('a server on PostgreSQL (all-in-one or distributed) never unasked', () => {
    expect(testPaymentsOn({ embedded: false, env: {} })).toBe(false)
    expect(testPaymentsOn({ embedded: false, env: { NODE_ENV: 'development' } })).toBe(false)
  })

  it('PAYMENTS_TEST_PROVIDER decides when set: 1/true on, 0/false off, in every mode', () => {
    for (const embedded of [true, false]) {
      for (const on of ['1', 'true', ' TRUE ']) {
        expect(
          testPaymentsOn({ embedded, env: { PAYMENTS_TEST_PROVIDER: on, NODE_ENV: 'production' } }),
        ).toBe(true)
      }
      for (const off of ['0', 'false'])
        expect(testPaymentsOn({ embedded, env: { PAYMENTS_TEST_PROVIDER: off } })).toBe(false)
    }
    // Anything else is no answer: the mode's default.
    expect(testPaymentsOn({ embedded: false, env: { PAYMENTS_TEST_PROVIDER: 'yes' } })).toBe(false)
  })

  it('createPayments follows the same rule for a server (the distributed API)', () => {
    expect(createPayments({ env: {} }).testProvider).toBeUndefined()
    expect(createPayments({ env: { PAYMENTS_TEST_PROVIDER: '1' } }).testProvider).toBeDefined()
    expect(createPayments({ env: { PAYMENTS_TEST_PROVIDER: '1' } }).onlineMethods()).toEqual([
      'stripe',
      'mollie',
    ])
  })
})
