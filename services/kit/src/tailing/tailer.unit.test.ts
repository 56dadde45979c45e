import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../log.ts'
import { backoffDelay, FOLLOW_UP_DELAYS_MS, startTailer } from './tailer.ts'

// The one store-tailing loop of the publisher, the projector and the notifier (issue 16, item 4),
// on a fake clock: when it reads, how it backs off, how it stops.

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})
afterEach(() => {
  vi.useRealTimers()
})

/** A round that answers the given counts in turn (then 0) and notes when it ran. */
function scripted(counts: number[]) {
  const at: number[] = []
  return {
    at,
    round: async () => {
      at.push(Date.now())
      return counts.shift() ?? 0
    },
  }
}

describe('startTailer', () => {
  it('reads again at once while it reads something, then follows up, then polls when idle', async () => {
    const feed = scripted([5, 2])
    const tailer = startTailer({ log: silentLogger, round: feed.round, idlePollMs: 1000 })
    await vi.advanceTimersByTimeAsync(0)
    // 5, 2, then the first empty read at once; follow-ups 1, 3, 8, 20 and 50 ms apart.
    expect(feed.at).toEqual([0, 0, 0])
    await vi.advanceTimersByTimeAsync(82)
    expect(feed.at).toEqual([0, 0, 0, 1, 4, 12, 32, 82])
    await vi.advanceTimersByTimeAsync(1000)
    expect(feed.at.slice(8)).toEqual([1082])
    await tailer.stop()
  })

  it('a wake-up reads at once and starts the follow-ups again', async () => {
    let wake = () => {}
    const feed = scripted([])
    const tailer = startTailer({
      log: silentLogger,
      round: feed.round,
      idlePollMs: 1000,
      wakeOn: [
        (w) => {
          wake = w
          return () => {}
        },
      ],
    })
    await vi.advanceTimersByTimeAsync(500)
    feed.at.length = 0
    wake()
    await vi.advanceTimersByTimeAsync(0)
    expect(feed.at).toEqual([500])
    await vi.advanceTimersByTimeAsync(FOLLOW_UP_DELAYS_MS[0]!)
    expect(feed.at).toEqual([500, 501])
    await tailer.stop()
  })

  it('a failed round is logged and tried again after 100 ms, 200 ms, … up to 5 s', async () => {
    const failures: number[] = []
    let fail = 8
    const at: number[] = []
    const tailer = startTailer({
      log: silentLogger,
      round: async () => {
        at.push(Date.now())
        if (fail-- > 0) throw new Error('database away')
        return 0
      },
      onFailure: (_err, n, phase) => {
        expect(phase).toBe('round')
        failures.push(n)
      },
    })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(failures).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    const pauses = at.slice(1, 9).map((t, i) => t - at[i]!)
    expect(pauses).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000])
    expect(backoffDelay(20)).toBe(5000)
    await tailer.stop()
  })

  it('stop waits for the round in flight and ends a pause at once', async () => {
    let release = () => {}
    let rounds = 0
    const tailer = startTailer({
      log: silentLogger,
      round: (tail) => {
        rounds++
        return new Promise<number>((resolve) => {
          release = () => resolve(tail.stopping ? 0 : 1)
        })
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    let stopped = false
    const stopping = tailer.stop().then(() => {
      stopped = true
    })
    await vi.advanceTimersByTimeAsync(100)
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(rounds).toBe(1)

    // Stopped during the pause after a failure: no waiting it out.
    const failing = startTailer({
      log: silentLogger,
      round: async () => {
        throw new Error('down')
      },
      onFailure: () => {},
    })
    await vi.advanceTimersByTimeAsync(0)
    const started = Date.now()
    await failing.stop()
    expect(Date.now() - started).toBe(0)
  })

  it('a session: entered once held, given up after a failed round; not held, tried again later', async () => {
    const events: string[] = []
    let held = false
    let fail = true
    const tailer = startTailer({
      log: silentLogger,
      sessionRetryMs: 1000,
      session: async (rounds) => {
        events.push(`open ${Date.now()}`)
        if (!held) return
        await rounds()
        events.push(`closed ${Date.now()}`)
      },
      round: async () => {
        if (fail) {
          fail = false
          throw new Error('connection lost')
        }
        return 0
      },
      onFailure: () => {},
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual(['open 0'])
    held = true
    await vi.advanceTimersByTimeAsync(1000)
    // Held at 1000: the round fails, the pause, the session is given up and opened again.
    await vi.advanceTimersByTimeAsync(100)
    expect(events).toEqual(['open 0', 'open 1000', 'closed 1100', 'open 1100'])
    await tailer.stop()
    expect(events.at(-1)).toBe(`closed ${Date.now()}`)
  })

  it('prepare runs first and is tried again until it succeeds', async () => {
    const order: string[] = []
    let tries = 0
    const tailer = startTailer({
      log: silentLogger,
      prepare: async () => {
        order.push('prepare')
        if (++tries < 3) throw new Error('not yet')
      },
      round: async () => {
        order.push('round')
        return 0
      },
      onFailure: (_err, _n, phase) => void order.push(`failed ${phase}`),
    })
    await vi.advanceTimersByTimeAsync(300)
    expect(order.slice(0, 6)).toEqual([
      'prepare',
      'failed prepare',
      'prepare',
      'failed prepare',
      'prepare',
      'round',
    ])
    await tailer.stop()
  })
})
