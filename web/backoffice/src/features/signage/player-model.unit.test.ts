import type { SignagePlaylist } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import {
  applyPickupUpdate,
  commandOf,
  nextToPlay,
  PLAYLIST_KEY,
  pickupBranchOf,
  pickupFromSnapshot,
  pickupView,
  readStoredPlaylist,
  reconnectDelay,
} from './player-model.ts'

const segment = (id: string, type: 'image' | 'pickup', durationSeconds = 10) => ({
  id,
  name: id,
  type,
  durationSeconds,
  imageUrl: null,
  fit: 'contain' as const,
  title: null,
  content: null,
  branchId: type === 'pickup' ? 'b1' : null,
  products: [],
})

const playlist: SignagePlaylist = {
  screen: { id: 's1', name: 'TV' },
  deviceId: 'd1',
  shop: { name: 'Bäckerei', logoUrl: null },
  branch: { id: 'b1', name: 'Bahnhof', timeZone: 'Europe/Zurich', currency: 'CHF', locale: 'de-CH' },
  stream: {
    id: 'st1',
    name: 'Laden',
    items: [
      { segmentId: 'a', durationSeconds: 30, schedule: null },
      { segmentId: 'gone', durationSeconds: null, schedule: null },
      { segmentId: 'p', durationSeconds: null, schedule: { days: ['monday'], from: '08:00', to: '12:00' } },
    ],
  },
  segments: { a: segment('a', 'image'), p: segment('p', 'pickup', 15) },
  pickup: null,
  images: [],
  serverTime: '2027-01-11T08:00:00.000Z',
}

describe('the signage player', () => {
  it('plays the items in order with their durations, skipping a deleted segment and the unscheduled', () => {
    const monday = new Date('2027-01-11T08:00:00Z') // 09:00 in Zurich
    expect(nextToPlay(playlist, -1, monday)).toMatchObject({ index: 0, ms: 30_000 })
    expect(nextToPlay(playlist, 0, monday)).toMatchObject({ index: 2, ms: 15_000, segment: { id: 'p' } })
    const evening = new Date('2027-01-11T18:00:00Z')
    expect(nextToPlay(playlist, 0, evening)).toMatchObject({ index: 0 })
    expect(nextToPlay({ ...playlist, stream: null }, -1, monday)).toBeNull()
  })

  it('keeps the pickup numbers of a snapshot and the updates after it', () => {
    let board = pickupFromSnapshot([
      { orderId: 'o1', ticketNumber: 4, state: 'preparing' },
      { orderId: 'o2', ticketNumber: 2, state: 'preparing' },
    ])
    board = applyPickupUpdate(board, { orderId: 'o1', ticketNumber: 4, state: 'ready' })
    board = applyPickupUpdate(board, { orderId: 'o3', ticketNumber: 9, state: 'preparing' })
    board = applyPickupUpdate(board, { orderId: 'o2', ticketNumber: 2, state: null })
    expect(pickupView(board)).toEqual({ preparing: [9], ready: [4] })
    expect(pickupBranchOf(playlist)).toBe('b1')
  })

  it('reads a stored playlist back, and nothing from garbage', () => {
    const store = (value: string | null) => ({
      getItem: (key: string) => (key === PLAYLIST_KEY ? value : null),
    })
    expect(readStoredPlaylist(store(JSON.stringify(playlist)))?.deviceId).toBe('d1')
    expect(readStoredPlaylist(store('{kaputt'))).toBeNull()
    expect(readStoredPlaylist(store(null))).toBeNull()
  })

  it('backs off when reconnecting, up to about 10 s', () => {
    expect(reconnectDelay(0)).toBeLessThanOrEqual(300)
    expect(reconnectDelay(50)).toBeGreaterThanOrEqual(8000)
    expect(reconnectDelay(50)).toBeLessThanOrEqual(12_000)
  })

  it('understands the commands', () => {
    expect(commandOf('showSegment', { segmentId: 'p' })).toEqual({ kind: 'showSegment', segmentId: 'p' })
    expect(commandOf('showSegment', {})).toEqual({ kind: 'unknown' })
    expect(commandOf('identify', undefined)).toEqual({ kind: 'identify' })
    expect(commandOf('notify', undefined)).toEqual({ kind: 'notify' })
    expect(commandOf('explode', undefined)).toEqual({ kind: 'unknown' })
  })
})
