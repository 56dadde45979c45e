import { DEFAULT_LIMITS } from '@shop/kit'
import { describe, expect, it } from 'vitest'
import { delayAfter } from './login-throttle.ts'

describe('login waits', () => {
  it('free failures wait nothing; then 30 s doubling up to 15 minutes', () => {
    const waits = [0, 4, 5, 6, 7, 8, 9, 10, 50].map((n) => delayAfter(DEFAULT_LIMITS.login, n) / 1000)
    expect(waits).toEqual([0, 0, 30, 60, 120, 240, 480, 900, 900])
  })
})
