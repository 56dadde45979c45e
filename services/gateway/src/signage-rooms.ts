import { randomUUID } from 'node:crypto'
import type { Bus, Db, Logger } from '@shop/kit'
import {
  devicesPlaying,
  devicesShowingMenus,
  type LiveOrderRow,
  listResources,
  pickupEntries,
  verifyDeviceCredential,
} from '@shop/read-models'
import { deviceCommandSubject } from '@shop/shared/contracts/subjects'
import type { PickupSnapshotMessage, PickupUpdateMessage, WsServerMessage } from '@shop/shared/contracts/ws'
import { pickupColumns, pickupEntryOf } from '@shop/shared/domain/signage'
import type { WebSocket } from 'ws'

// Digital signage in the gateway (issue 21; docs/devices.md "Bildschirme, für Entwickler"):
//
// - The pickup rooms: a paired signage screen (its socket authenticated as a device) subscribes
//   to a branch's pickup numbers ({ type: 'subscribe', topic: 'pickup', branchId }), gets a
//   snapshot and then every change of an order of the branch as { orderId, ticketNumber, state }
//   — a number and a state, never a name, an item or an address.
// - Playlist changes: a segment, stream or screen written → a `reload` command to every screen
//   that plays it (over the device command subject, like any command; nobody waits for its ack);
//   a product, menu or branch operation (sold out) changed → to the screens showing a menu.

export const SIGNAGE_RESOURCE_TYPES = [
  'digital-signage-segment',
  'digital-signage-stream',
  'digital-signage-device',
] as const

/** What a menu segment shows comes from these: a change reloads the screens showing menus. */
const MENU_SOURCE_TYPES = ['product', 'menu', 'branch-operations'] as const

export type SignageRooms = {
  /** A changed order row of a branch (the JSON the projection sent). */
  onOrderRow(branchId: string, text: string): void
  /** Admits an authenticated signage screen to a branch's pickup room, with a snapshot. */
  join(ws: WebSocket, branchId: string, credential: string | undefined): Promise<void>
  leave(ws: WebSocket): void
  close(): void
}

export function signageRooms(deps: {
  db: Db
  bus: Pick<Bus, 'root' | 'publishLive' | 'onEvents'>
  log: Logger
  push: (ws: WebSocket, text: string) => boolean
  send: (ws: WebSocket, message: WsServerMessage) => void
}): SignageRooms {
  const rooms = new Map<string, Set<WebSocket>>()
  const joined = new Map<WebSocket, string>()
  /** Updates that arrive while a joining socket's snapshot is read: sent after it. */
  const held = new Map<WebSocket, string[]>()

  const leave = (ws: WebSocket) => {
    const branchId = joined.get(ws)
    held.delete(ws)
    if (branchId === undefined) return
    joined.delete(ws)
    const room = rooms.get(branchId)
    room?.delete(ws)
    if (room?.size === 0) rooms.delete(branchId)
  }

  const reloadScreens = async (subject: string) => {
    const [, type, streamId] = subject.split('.')
    if (!type || !streamId) return
    const id = streamId.slice(type.length + 1)
    const deviceIds = (MENU_SOURCE_TYPES as readonly string[]).includes(type)
      ? await devicesShowingMenus(deps.db)
      : type === 'digital-signage-stream'
        ? await devicesPlaying(deps.db, { streamId: id })
        : type === 'digital-signage-segment'
          ? await devicesPlaying(deps.db, { segmentId: id })
          : (await listResources(deps.db, 'digital-signage-device')).map((s) => String(s.data.deviceId))
    for (const deviceId of new Set(deviceIds))
      deps.bus.publishLive(
        deviceCommandSubject(deps.bus.root, deviceId),
        JSON.stringify({ commandId: randomUUID(), type: 'reload' }),
      )
  }
  const unsubscribe = deps.bus.onEvents([...SIGNAGE_RESOURCE_TYPES, ...MENU_SOURCE_TYPES], (subject) => {
    reloadScreens(subject).catch((err: unknown) => deps.log.warn({ err }, 'signage reload not sent'))
  })

  return {
    onOrderRow(branchId, text) {
      const room = rooms.get(branchId)
      if (!room?.size) return
      let row: LiveOrderRow
      try {
        row = JSON.parse(text) as LiveOrderRow
      } catch {
        return
      }
      const entry = pickupEntryOf(row)
      if (!entry) return
      const update: PickupUpdateMessage = { type: 'update', topic: 'pickup', branchId, ...entry }
      const json = JSON.stringify(update)
      for (const ws of room) {
        const waiting = held.get(ws)
        if (waiting) waiting.push(json)
        else deps.push(ws, json)
      }
    },

    async join(ws, branchId, credential) {
      const device = credential ? await verifyDeviceCredential(deps.db, credential) : null
      if (device?.kind !== 'signage') {
        deps.send(ws, { type: 'error', code: 'forbidden', message: 'Zugriff verweigert.' })
        return
      }
      leave(ws)
      joined.set(ws, branchId)
      held.set(ws, [])
      let room = rooms.get(branchId)
      if (!room) {
        room = new Set()
        rooms.set(branchId, room)
      }
      room.add(ws)
      try {
        const entries = await pickupEntries(deps.db, branchId)
        const snapshot: PickupSnapshotMessage = {
          type: 'snapshot',
          topic: 'pickup',
          branchId,
          ...pickupColumns(entries),
          orders: entries.map((e) => ({ orderId: e.orderId, ticketNumber: e.ticketNumber, state: e.state })),
        }
        deps.push(ws, JSON.stringify(snapshot))
        for (const json of held.get(ws) ?? []) deps.push(ws, json)
      } finally {
        held.delete(ws)
      }
    },

    leave,

    close() {
      unsubscribe()
      rooms.clear()
      joined.clear()
    },
  }
}
