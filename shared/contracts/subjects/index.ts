// Every NATS subject the platform uses comes from here.
//
//   <root>.order.<branchId>.<orderUid>.<EventType>   durable, in the JetStream stream
//   <root>.<streamType>.<streamId>.<EventType>       other aggregates (catalogue, ...)
//   <root>_ctl.appended                               core NATS: "new events committed", wakes the readers
//   <root>_ctl.published                              core NATS: "events reached the stream", wakes the readers
//   <root>_live.orders.<branchId>.<orderUid>          core NATS: an order's new read-model row (its state);
//                                                     the gateways make the views for their rooms
//   <root>_live.statistics                            core NATS: which statistics changed
//   <root>_live.tick                                  core NATS: each projection's last live message number
//   <root>_live.order.<orderUid>, <root>_live.board.<branchId>   the gateways' room names
//
// The live and control subjects use another first token so the stream (<root>.>) never stores them.

export const DEFAULT_SUBJECT_ROOT = 'shop'

export type EventForSubject = {
  streamType: string
  streamId: string
  type: string
  metadata?: { branchId?: unknown; orderUid?: unknown }
}

/** A subject token may not contain dots, wildcards or white space. */
export function token(value: unknown): string {
  const s = String(value ?? '')
  return s.length === 0 ? '_' : s.replace(/[^A-Za-z0-9_-]/g, '_')
}

export function eventSubject(root: string, e: EventForSubject): string {
  if (e.streamType === 'order' && e.metadata?.branchId !== undefined && e.metadata?.orderUid !== undefined) {
    return `${root}.order.${token(e.metadata.branchId)}.${token(e.metadata.orderUid)}.${token(e.type)}`
  }
  return `${root}.${token(e.streamType)}.${token(e.streamId)}.${token(e.type)}`
}

export function allEventsSubject(root: string): string {
  return `${root}.>`
}

export function orderEventsSubject(root: string, branchId = '*', orderUid = '*'): string {
  return `${root}.order.${branchId === '*' ? '*' : token(branchId)}.${orderUid === '*' ? '*' : token(orderUid)}.*`
}

export function jetStreamName(root: string): string {
  return `${token(root).toUpperCase()}_EVENTS`
}

export function appendedSubject(root: string): string {
  return `${root}_ctl.appended`
}

export function publishedSubject(root: string): string {
  return `${root}_ctl.published`
}

export function liveOrderSubject(root: string, orderUid: string): string {
  return `${root}_live.order.${token(orderUid)}`
}

export function liveBoardSubject(root: string, branchId: string): string {
  return `${root}_live.board.${token(branchId)}`
}

/** One message per changed order row, for every room that shows it (its order's, its branch's). */
export function liveOrderRowSubject(root: string, branchId: string, orderUid: string): string {
  return `${root}_live.orders.${token(branchId)}.${token(orderUid)}`
}

export function allLiveOrderRowsSubject(root: string): string {
  return `${root}_live.orders.>`
}

/** The statistics tables changed (one message per projection batch: which branches, which days). */
export function liveStatisticsSubject(root: string): string {
  return `${root}_live.statistics`
}

/**
 * Every couple of seconds each projector says, per projection, the number of the last live
 * message it sent: a gateway that has seen fewer missed some (lost while NATS was away) even when
 * no message follows to show the gap.
 */
export function liveTickSubject(root: string): string {
  return `${root}_live.tick`
}

/** The branch and order tokens of a live row subject, or undefined for another subject. */
export function parseLiveOrderRowSubject(
  root: string,
  subject: string,
): { branchId: string; orderUid: string } | undefined {
  const prefix = `${root}_live.orders.`
  if (!subject.startsWith(prefix)) return undefined
  const [branchId, orderUid, ...rest] = subject.slice(prefix.length).split('.')
  if (!branchId || !orderUid || rest.length > 0) return undefined
  return { branchId, orderUid }
}

/**
 * Stream types of the resources anyone may read: their events tell open storefronts and boards
 * to reload the catalogue (the gateway's 'catalogue' topic).
 */
export const PUBLIC_RESOURCE_STREAM_TYPES: readonly string[] = [
  'config',
  'division',
  'branch',
  'tag',
  'table',
  'product',
  'category',
  'menu',
  'donatee',
  'site',
  'navigation',
  'block',
  'redirect',
  'image',
  'scene',
  'font',
]

// Devices (issue 21, docs/devices.md "The device protocol"). Core NATS, never stored: a command
// to a device that is not connected is lost, and its sender times out. Under `<root>_live` (not
// `<root>.device…`, which the event stream `<root>.>` would store).
//   <root>_live.device.<deviceId>.command   the API → the gateway holding the device's socket
//   <root>_live.device.<deviceId>.ack       the gateway → the API: the device's answer
//   <root>_live.device.<deviceId>.revoked   the API → the gateways: close the device's sockets
// A device's status is not pushed: the board polls GET /api/devices/status.

export function deviceCommandSubject(root: string, deviceId: string): string {
  return `${root}_live.device.${token(deviceId)}.command`
}

export function deviceAckSubject(root: string, deviceId: string): string {
  return `${root}_live.device.${token(deviceId)}.ack`
}

export function deviceRevokedSubject(root: string, deviceId: string): string {
  return `${root}_live.device.${token(deviceId)}.revoked`
}

/** Every device's commands and revocations (a gateway's one subscription). */
export function allDeviceSubject(root: string): string {
  return `${root}_live.device.>`
}

/** The device token and the kind of message of a device subject, or undefined. */
export function parseDeviceSubject(
  root: string,
  subject: string,
): { deviceId: string; what: 'command' | 'ack' | 'revoked' } | undefined {
  const prefix = `${root}_live.device.`
  if (!subject.startsWith(prefix)) return undefined
  const [deviceId, what, ...rest] = subject.slice(prefix.length).split('.')
  if (!deviceId || rest.length > 0) return undefined
  if (what !== 'command' && what !== 'ack' && what !== 'revoked') return undefined
  return { deviceId, what }
}
