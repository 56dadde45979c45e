import { describe, expect, it } from 'vitest'
import { LiveGaps, liveStamp, stampLive } from './live-sequence.ts'

describe('live message numbers', () => {
  it('are put in front of the message and read back without parsing it', () => {
    const row = '{"orderId":"o1","uid":"u1","version":3,"state":{"a":[1,2]}}'
    const stamped = stampLive(row, 'orders', 41)
    expect(stamped.startsWith('{"seq":41,"of":"orders",')).toBe(true)
    expect(JSON.parse(stamped)).toEqual({ seq: 41, of: 'orders', ...JSON.parse(row) })
    expect(liveStamp(stamped)).toEqual({ seq: 41, of: 'orders' })
    // an empty object, and a message of an older sender without a number
    expect(JSON.parse(stampLive('{}', 'statistics', 1))).toEqual({ seq: 1, of: 'statistics' })
    expect(liveStamp(stampLive('{}', 'statistics', 1))).toEqual({ seq: 1, of: 'statistics' })
    expect(liveStamp(row)).toBeUndefined()
    expect(() => stampLive('[1]', 'orders', 1)).toThrow()
  })

  it('a gap is a number skipped, or a tick ahead of what arrived; the first number sets the start', () => {
    const gaps = new LiveGaps()
    expect(gaps.message('orders', 7)).toBe(false)
    expect(gaps.message('orders', 8)).toBe(false)
    expect(gaps.tick('orders', 8)).toBe(false)
    // 9 and 10 never came
    expect(gaps.message('orders', 11)).toBe(true)
    expect(gaps.last('orders')).toBe(11)
    // a late or repeated number (another projector instance) is no gap
    expect(gaps.message('orders', 9)).toBe(false)
    expect(gaps.message('orders', 11)).toBe(false)
    expect(gaps.message('orders', 12)).toBe(false)
    // the last message was lost and none follows: the tick shows it
    expect(gaps.tick('orders', 13)).toBe(true)
    expect(gaps.tick('orders', 13)).toBe(false)
    // an older tick (an instance that started earlier and sent nothing since) is no gap
    expect(gaps.tick('orders', 5)).toBe(false)
    // projections are counted apart
    expect(gaps.tick('statistics', 100)).toBe(false)
    expect(gaps.message('statistics', 101)).toBe(false)
    expect(gaps.message('orders', 14)).toBe(false)
  })

  it('after the rooms were read again, what committed before counts as seen', () => {
    const gaps = new LiveGaps()
    gaps.message('orders', 3)
    gaps.caughtUp('orders', 10)
    expect(gaps.message('orders', 11)).toBe(false)
    // a reading never moves it back
    gaps.caughtUp('orders', 4)
    expect(gaps.last('orders')).toBe(11)
    // before any message, a reading sets the start
    gaps.caughtUp('visitors', 2)
    expect(gaps.message('visitors', 3)).toBe(false)
  })
})
