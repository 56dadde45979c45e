/**
 * The signage player's rules without the screen (docs/devices.md "Bildschirme, für Entwickler"):
 * what it keeps in localStorage, the reconnect back-off, the pickup numbers it holds, and which
 * segment plays now. Framework-free; player-page.tsx renders it.
 */
import type { SignagePlayerSegment, SignagePlaylist } from '@shop/shared/contracts'
import { itemSeconds, nextItemIndex, type PickupEntry, pickupColumns } from '@shop/shared/domain/signage'

export const CREDENTIAL_KEY = 'shop.signage.credential'
export const PLAYLIST_KEY = 'shop.signage.playlist'
export const IMAGE_CACHE = 'shop-signage-images-v1'
/** The waits before reconnecting the socket (the last repeats): a gateway restarted within ~5 s is found within a second of its return. */
export const RECONNECT_DELAYS_MS: readonly number[] = [250, 500, 1000, 1000, 1000, 1000, 2000, 5000, 10_000]
/** While the socket is away the playlist (and the pickup numbers in it) is read this often. */
export const POLL_MS = 10_000
export const HEARTBEAT_MS = 10_000

export function reconnectDelay(attempt: number): number {
  const base = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000
  // A little spread, so that 50 screens do not knock at the same millisecond.
  return Math.round(base * (0.8 + Math.random() * 0.4))
}

/** The stored playlist, or null when there is none or it is unreadable. */
export function readStoredPlaylist(storage: Pick<Storage, 'getItem'>): SignagePlaylist | null {
  try {
    const text = storage.getItem(PLAYLIST_KEY)
    const value = text ? (JSON.parse(text) as SignagePlaylist) : null
    return value && typeof value === 'object' && 'segments' in value ? value : null
  } catch {
    return null
  }
}

/** The pickup numbers a screen holds: by order, from a snapshot and the updates after it. */
export type PickupBoard = ReadonlyMap<string, PickupEntry>

export function pickupFromSnapshot(orders: readonly PickupEntry[]): PickupBoard {
  return new Map(orders.map((o) => [o.orderId, o]))
}

export function applyPickupUpdate(board: PickupBoard, entry: PickupEntry): PickupBoard {
  const next = new Map(board)
  if (entry.state === null) next.delete(entry.orderId)
  else next.set(entry.orderId, entry)
  return next
}

export const pickupView = (board: PickupBoard) => pickupColumns(board.values())

/** The branch whose pickup numbers the playlist shows, if any. */
export function pickupBranchOf(playlist: SignagePlaylist | null): string | null {
  if (!playlist) return null
  const pickups = Object.values(playlist.segments).filter((s) => s.type === 'pickup' && s.branchId)
  const own = pickups.find((s) => s.branchId === playlist.branch?.id)
  return (own ?? pickups[0])?.branchId ?? null
}

/** A schedule no instant is in (an empty set of days). */
const never = { days: [], from: '00:00', to: '24:00' }

/** What plays next after `current`: the item's index, its segment and how long (ms); null: nothing. */
export function nextToPlay(
  playlist: SignagePlaylist | null,
  current: number,
  now: Date,
): { index: number; segment: SignagePlayerSegment; ms: number } | null {
  const items = playlist?.stream?.items ?? []
  const zone = playlist?.branch?.timeZone ?? 'Europe/Zurich'
  // Items whose segment is gone are skipped like unscheduled ones.
  const playable = items.map((item) =>
    playlist?.segments[item.segmentId] ? item : { ...item, schedule: never },
  )
  const index = nextItemIndex(playable, current, now, zone)
  if (index < 0) return null
  const item = items[index]!
  const segment = playlist!.segments[item.segmentId]!
  return { index, segment, ms: itemSeconds(item, segment.durationSeconds) * 1000 }
}

/** A command of the gateway as the player takes it. */
export type PlayerCommand =
  | { kind: 'reload' }
  | { kind: 'showSegment'; segmentId: string }
  | { kind: 'identify' }
  | { kind: 'abort' }
  | { kind: 'notify' }
  | { kind: 'requestLogs' }
  | { kind: 'unknown' }

export function commandOf(command: string, payload: unknown): PlayerCommand {
  const segmentId = (payload as { segmentId?: unknown } | undefined)?.segmentId
  if (command === 'reload') return { kind: 'reload' }
  if (command === 'identify') return { kind: 'identify' }
  if (command === 'abort') return { kind: 'abort' }
  if (command === 'notify') return { kind: 'notify' }
  if (command === 'requestLogs') return { kind: 'requestLogs' }
  if (command === 'showSegment' && typeof segmentId === 'string') return { kind: 'showSegment', segmentId }
  return { kind: 'unknown' }
}
