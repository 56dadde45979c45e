import { describe, expect, it } from 'vitest'
import { MemoryRateCounter } from './rate-counter.ts'

// The embedded shop's counters (in the process's memory): fixed windows, bounded in size.
describe('MemoryRateCounter', () => {
  it('counts hits in a fixed window and starts afresh once it ended', async () => {
    let now = 1_000_000
    const counter = new MemoryRateCounter({ now: () => now })
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, ttlMs: 60_000 })
    now += 20_000
    expect(await counter.hit('a', 60_000)).toEqual({ count: 2, ttlMs: 40_000 })
    expect(await counter.hit('b', 60_000)).toEqual({ count: 1, ttlMs: 60_000 })
    now += 40_000
    expect(await counter.hit('a', 60_000)).toEqual({ count: 1, ttlMs: 60_000 })
  })

  it('never holds more than maxKeys windows: the oldest go first', async () => {
    let now = 0
    const counter = new MemoryRateCounter({ maxKeys: 3, now: () => now })
    for (const key of ['a', 'b', 'c', 'd']) {
      await counter.hit(key, 60_000)
      now += 1
    }
    // 'a' was dropped to make room: it starts again at one, 'd' kept its count.
    expect((await counter.hit('a', 60_000)).count).toBe(1)
    expect((await counter.hit('d', 60_000)).count).toBe(2)
  })
})
