import { z } from 'zod'

// The WebSocket protocol of the realtime gateway (path /ws). Every update carries the stream
// version of its row: a client keeps the highest version it has seen and drops older ones, and
// reloads a snapshot after a reconnect.

export { STATUS_POLL_INTERVAL_MS, WS_PATH } from './constants.ts'

export const subscribeOrderSchema = z.strictObject({
  type: z.literal('subscribe'),
  topic: z.literal('order'),
  uid: z.string().min(1).max(100),
  hash: z.string().min(1).max(200),
})

/**
 * A branch's board: with the branch's api key (the frontdesk tablet), or without one on the
 * staff session of the upgrade request's `shop_session` cookie (admin, or employee of the branch).
 */
export const subscribeBoardSchema = z.strictObject({
  type: z.literal('subscribe'),
  topic: z.literal('board'),
  branchId: z.string().min(1).max(100),
  apiKey: z.string().min(1).max(200).optional(),
})

/**
 * Catalogue changes (anyone may listen): a client reloads /api/init, cheap with its ETag, or on
 * a 'branch-operations' change that branch's operations (GET /api/branches/{id}/operations).
 */
export const subscribeCatalogueSchema = z.strictObject({
  type: z.literal('subscribe'),
  topic: z.literal('catalogue'),
})

/**
 * The statistics changed (the dashboard reloads its figures): on the staff session of the
 * upgrade request, admins for every branch, employees for theirs.
 */
export const subscribeStatisticsSchema = z.strictObject({
  type: z.literal('subscribe'),
  topic: z.literal('statistics'),
})

export const pingSchema = z.strictObject({ type: z.literal('ping') })

/**
 * A device (a paired board or signage screen; docs/devices.md "The device protocol") shows its
 * credential as its first message and is admitted to its own device room: it then receives its
 * commands ({ type: 'command', commandId, command, payload }) and answers each with an ack.
 */
export const deviceAuthSchema = z.strictObject({
  type: z.literal('auth'),
  credential: z.string().min(1).max(200),
})

/** A device's answer to a command. */
export const deviceAckSchema = z.strictObject({
  type: z.literal('ack'),
  commandId: z.string().min(1).max(100),
  ok: z.boolean(),
  error: z.string().max(500).optional(),
})

/**
 * A branch's pickup display (digital signage): for a socket authenticated as a signage screen
 * (`auth` first). A snapshot, then an update per changed order: its ticket number and state only.
 */
export const subscribePickupSchema = z.strictObject({
  type: z.literal('subscribe'),
  topic: z.literal('pickup'),
  branchId: z.string().min(1).max(100),
})

export const wsClientMessageSchema = z.union([
  subscribeOrderSchema,
  subscribeBoardSchema,
  subscribeCatalogueSchema,
  subscribeStatisticsSchema,
  pingSchema,
  deviceAuthSchema,
  deviceAckSchema,
  subscribePickupSchema,
])
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>

export type OrderUpdateMessage = {
  type: 'update'
  topic: 'order'
  uid: string
  version: number
  data: unknown
}
export type BoardUpdateMessage = {
  type: 'update'
  topic: 'board'
  branchId: string
  orderId: string
  version: number
  data: unknown
}
export type OrderSnapshotMessage = {
  type: 'snapshot'
  topic: 'order'
  uid: string
  version: number
  data: unknown
}
export type BoardSnapshotMessage = {
  type: 'snapshot'
  topic: 'board'
  branchId: string
  orders: { orderId: string; version: number; data: unknown }[]
}
export type CatalogueChangedMessage = {
  type: 'update'
  topic: 'catalogue'
  /**
   * The resource type (branch, product, menu, …) and id that changed, or `branch-operations` and
   * the branch's id (sold out, busy mode); `*` and event `resync`: changes may have been missed
   * (the gateway's bus was away), reload everything.
   */
  resource: string
  id: string
  event: string
}
/**
 * Figures of these branches on these local days changed. With `resync` changes may have been
 * missed (the gateway's bus was away): any figure may have changed, reload what is shown.
 */
export type StatisticsChangedMessage = {
  type: 'update'
  topic: 'statistics'
  branchIds: string[]
  days: string[]
  resync?: true
}
export type WsErrorMessage = {
  type: 'error'
  code: 'bad_request' | 'not_found' | 'forbidden' | 'too_many' | 'unavailable'
  message: string
}
export type WsServerMessage =
  | OrderUpdateMessage
  | BoardUpdateMessage
  | OrderSnapshotMessage
  | BoardSnapshotMessage
  | CatalogueChangedMessage
  | StatisticsChangedMessage
  | { type: 'subscribed'; topic: 'catalogue' | 'statistics' }
  | WsErrorMessage
  | { type: 'pong' }
  | DeviceAuthenticatedMessage
  | DeviceCommandMessage
  | PickupSnapshotMessage
  | PickupUpdateMessage

/** The pickup display's numbers when a screen joins (each column ascending) and its orders. */
export type PickupSnapshotMessage = {
  type: 'snapshot'
  topic: 'pickup'
  branchId: string
  preparing: number[]
  ready: number[]
  orders: { orderId: string; ticketNumber: number; state: 'preparing' | 'ready' | null }[]
}
/** One order's change on the pickup display (state null: it left the display). */
export type PickupUpdateMessage = {
  type: 'update'
  topic: 'pickup'
  branchId: string
  orderId: string
  ticketNumber: number
  state: 'preparing' | 'ready' | null
}

/** The answer to a device's 'auth': it is in its device room. */
export type DeviceAuthenticatedMessage = {
  type: 'authenticated'
  deviceId: string
  kind: string
  branch: string | null
}
/** A command for the device; it answers { type: 'ack', commandId, ok, error? }. */
export type DeviceCommandMessage = {
  type: 'command'
  commandId: string
  command: string
  payload?: unknown
}
