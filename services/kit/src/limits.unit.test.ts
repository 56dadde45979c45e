import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, limitsFromEnv, trustProxyOption, withLimits } from './limits.ts'

// The operator's knobs (docs/security.md "Limits and their defaults"): SHOP_LIMITS overrides any
// part, RATE_LIMITS=off switches the per-client limits off, TRUST_PROXY names the proxy; a typo
// stops the start instead of silently leaving a limit at its default.

describe('limits from the environment', () => {
  it('are the defaults without any setting', () => {
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS)
  })

  it('SHOP_LIMITS overrides exactly the parts it names', () => {
    const limits = limitsFromEnv({
      SHOP_LIMITS: '{"orders":{"perAddress":{"max":50}},"websocket":{"connectionsPerAddress":5}}',
    })
    expect(limits.orders.perAddress).toEqual({ max: 50, windowMs: DEFAULT_LIMITS.orders.perAddress.windowMs })
    expect(limits.orders.perContact).toEqual(DEFAULT_LIMITS.orders.perContact)
    expect(limits.websocket.connectionsPerAddress).toBe(5)
    expect(limits.uploads).toEqual(DEFAULT_LIMITS.uploads)
  })

  it('RATE_LIMITS=off and TRUST_PROXY', () => {
    expect(limitsFromEnv({ RATE_LIMITS: 'off' }).rateLimits).toBe(false)
    expect(limitsFromEnv({ TRUST_PROXY: '172.28.0.10, 10.0.0.0/8' }).trustProxy).toEqual([
      '172.28.0.10',
      '10.0.0.0/8',
    ])
    expect(limitsFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(limitsFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(limitsFromEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
  })

  it('a typo, a wrong type or broken JSON stops the start', () => {
    expect(() => limitsFromEnv({ SHOP_LIMITS: '{"orders":{"perAdress":{"max":5}}}' })).toThrow(/perAdress/)
    expect(() => limitsFromEnv({ SHOP_LIMITS: '{"orders":{"openPerContact":-1}}' })).toThrow(/openPerContact/)
    expect(() => limitsFromEnv({ SHOP_LIMITS: '{orders' })).toThrow(/not JSON/)
    expect(() => withLimits({ uploads: { maxAnonymousBytes: 1.5 } })).toThrow(/maxAnonymousBytes/)
  })

  it('a hop count becomes a function trusting that many hops', () => {
    const trust = trustProxyOption({ trustProxy: 1 }) as (address: string, hop: number) => boolean
    expect(trust('10.0.0.1', 0)).toBe(true)
    expect(trust('10.0.0.2', 1)).toBe(false)
    expect(trustProxyOption({ trustProxy: ['10.0.0.1'] })).toEqual(['10.0.0.1'])
  })
})
