import { describe, expect, it, vi } from 'vitest'
import { affects, type LiveStatus, type StatisticsChange, watchStatistics } from './live-statistics.ts'

class FakeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  sent: unknown[] = []
  onopen: ((ev: unknown) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null
  onclose: ((ev: unknown) => void) | null = null
  onerror: ((ev: unknown) => void) | null = null
  readonly url: string
  constructor(url: string) {
    this.url = url
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    if (this.readyState === 3) return
    this.readyState = 3
    this.onclose?.({})
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) })
  }
}

describe('the dashboard’s live line', () => {
  it('reloads only for changes in the shown days and branch', () => {
    const change: StatisticsChange = { branchIds: ['b1'], days: ['2026-11-23'] }
    expect(affects(change, { from: '2026-11-01', to: '2026-11-30' })).toBe(true)
    expect(affects(change, { from: '2026-11-24', to: '2026-11-30' })).toBe(false)
    expect(affects(change, { from: '2026-11-23', to: '2026-11-23' }, 'b1')).toBe(true)
    expect(affects(change, { from: '2026-11-23', to: '2026-11-23' }, 'b2')).toBe(false)
  })

  it('subscribes, hears changes, pings, reconnects after silence and stops when refused', () => {
    vi.useFakeTimers()
    try {
      FakeSocket.all = []
      const changes: StatisticsChange[] = []
      const statuses: LiveStatus[] = []
      const stop = watchStatistics({
        url: 'ws://shop/ws',
        WebSocketImpl: FakeSocket,
        onChange: (c) => changes.push(c),
        onStatus: (s) => statuses.push(s),
      })
      const first = FakeSocket.all[0]!
      first.open()
      expect(first.sent).toEqual([{ type: 'subscribe', topic: 'statistics' }])
      first.receive({ type: 'subscribed', topic: 'statistics' })
      first.receive({ type: 'update', topic: 'statistics', branchIds: ['b1'], days: ['2026-11-23'] })
      expect(changes).toEqual([{ branchIds: ['b1'], days: ['2026-11-23'] }])
      vi.advanceTimersByTime(10_000)
      expect(first.sent.at(-1)).toEqual({ type: 'ping' })
      // 25 s without a word: the socket is dead, a new one follows.
      vi.advanceTimersByTime(25_000)
      expect(statuses).toEqual(['connecting', 'live', 'offline'])
      vi.advanceTimersByTime(500)
      const second = FakeSocket.all[1]!
      second.open()
      second.receive({ type: 'subscribed', topic: 'statistics' })
      expect(statuses.at(-1)).toBe('live')
      // Back after the socket was down: the figures are reloaded (changes meanwhile were not said),
      // and so when the gateway says it may have missed some (its NATS was away).
      expect(changes.at(-1)).toEqual({ branchIds: [], days: [], resync: true })
      second.receive({ type: 'update', topic: 'statistics', branchIds: [], days: [], resync: true })
      expect(changes).toHaveLength(3)
      expect(affects(changes.at(-1)!, { from: '2026-11-01', to: '2026-11-30' }, 'b2')).toBe(true)
      second.receive({ type: 'error', code: 'forbidden', message: 'Zugriff verweigert.' })
      expect(statuses.at(-1)).toBe('refused')
      vi.advanceTimersByTime(60_000)
      expect(FakeSocket.all).toHaveLength(2)
      stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
