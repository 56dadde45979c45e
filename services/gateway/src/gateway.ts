import websocket from '@fastify/websocket'
import {
  type BranchDirectory,
  type Bus,
  branchKeyCheck,
  canActForBranch,
  type Db,
  HttpError,
  hasRole,
  inspectInput,
  type Limits,
  LiveGaps,
  type LiveTick,
  type Logger,
  liveStamp,
  metrics,
  msg,
  ROLE_ADMIN,
  ROLE_EMPLOYEE,
  readCookie,
  readLiveSeq,
  SESSION_COOKIE,
  sleep,
} from '@shop/kit'
import {
  allProjections,
  boardRoomUpdate,
  checkpointId,
  findPublicOrder,
  findStaffSession,
  type LiveOrderRow,
  listBoard,
  orderRoomUpdate,
  readLiveOrderRows,
  verifyDeviceCredential,
} from '@shop/read-models'
import { BRANCH_OPERATIONS_STREAM_TYPE, errorBodySchema } from '@shop/shared/contracts'
import {
  allDeviceSubject,
  allLiveOrderRowsSubject,
  deviceAckSubject,
  liveBoardSubject,
  liveOrderSubject,
  liveStatisticsSubject,
  liveTickSubject,
  PUBLIC_RESOURCE_STREAM_TYPES,
  parseDeviceSubject,
  parseLiveOrderRowSubject,
} from '@shop/shared/contracts/subjects'
import {
  type BoardSnapshotMessage,
  type CatalogueChangedMessage,
  type DeviceCommandMessage,
  type OrderSnapshotMessage,
  type StatisticsChangedMessage,
  WS_PATH,
  type WsServerMessage,
  wsClientMessageSchema,
} from '@shop/shared/contracts/ws'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { z } from 'zod'
import { signageRooms } from './signage-rooms.ts'

export type GatewayDeps = {
  db: Db
  bus: Bus
  branches: BranchDirectory
  log: Logger
  /** The clock of the board's "done in the last 18 h" window (tests pin it); default the real one. */
  now?: () => Date
  /** Server-side ping to find dead sockets (ms). */
  heartbeatMs?: number
  /** Abuse limits (docs/security.md "WebSocket"): the `websocket` part applies here. */
  limits: Limits
}

/**
 * What the 'catalogue' topic announces: every public resource, and each branch's operations (a
 * product sold out there, orders paused, extra preparation time: issue 17), which open
 * storefronts show at once. Public too (GET /api/branches/{id}/operations): a message names only
 * the stream type, the branch id and the event, never who did it.
 */
const CATALOGUE_STREAM_TYPES: readonly string[] = [
  ...PUBLIC_RESOURCE_STREAM_TYPES,
  BRANCH_OPERATIONS_STREAM_TYPE,
]
const CATALOGUE_TYPES = new Set(CATALOGUE_STREAM_TYPES)

export type Gateway = { readonly sockets: number; close(): Promise<void> }

/**
 * WebSocket rooms: one per order (uid + hash checked) and one per branch board (branch id + api
 * key checked, or without a key the staff session of the upgrade request's `shop_session`
 * cookie: an admin, or an employee of that branch). A changed order row arrives on the bus
 * right after its projection commits; the view each room shows is made and serialised once
 * and sent to every socket of the room.
 */
/** How long one read of a room serves the sockets that join it. */
const SNAPSHOT_REUSE_MS = 1000

const FORBIDDEN: WsServerMessage = { type: 'error', code: 'forbidden', message: 'Zugriff verweigert.' }

export async function registerGateway(app: FastifyInstance, deps: GatewayDeps): Promise<Gateway> {
  const rooms = new Map<string, Set<WebSocket>>()
  /** The order uid of each order room, the branch of each board room (to read them again). */
  const orderRoomUids = new Map<string, string>()
  const boardRoomBranch = new Map<string, string>()
  // Updates for a room the socket joined but is not yet verified for: held back, then sent
  // after the snapshot (verified) or dropped (refused).
  const pending = new Map<WebSocket, Map<string, string[]>>()
  const memberships = new Map<WebSocket, Set<string>>()
  // The staff session token the upgrade request carried (cookie), looked up per subscription
  // so that a session ended or expired since the upgrade opens nothing new.
  const sessionTokens = new WeakMap<WebSocket, string>()
  /** The boards each socket watches, with the api key it showed (undefined: by its session). */
  const boardGrants = new WeakMap<WebSocket, Map<string, string | undefined>>()
  const now = deps.now ?? (() => new Date())
  const wsLimits = deps.limits.websocket
  /** Open sockets per client address (this process). */
  const connections = new Map<string, number>()

  /**
   * Sends, unless the socket is not reading: once more than `maxBufferedBytes` wait unsent, it is
   * dropped (its client reconnects and takes a snapshot) instead of the process buffering without
   * bound. Dropped at once: a close frame would only queue behind what it does not read.
   */
  const push = (ws: WebSocket, text: string): boolean => {
    if (ws.readyState !== ws.OPEN) return false
    ws.send(text)
    if (ws.bufferedAmount > wsLimits.maxBufferedBytes) {
      metrics.wsRefused.inc({ reason: 'buffer' })
      ws.terminate()
      return false
    }
    return true
  }

  const deliver = (room: Set<WebSocket>, key: string, text: string) => {
    const variants = snapshots.get(key)
    if (variants) {
      const t = performance.now()
      for (const [variant, entry] of variants) {
        // Kept while it may still be handed out or is still being read.
        if (entry.settled && t - entry.at >= SNAPSHOT_REUSE_MS) variants.delete(variant)
        else entry.since.push(text)
      }
    }
    for (const ws of room) {
      const held = pending.get(ws)?.get(key)
      if (held) held.push(text)
      else if (push(ws, text)) metrics.wsMessages.inc()
    }
  }

  // A changed order row arrives once, with its state; its order's room and its branch's board
  // get their views, each made and serialised once, and only when someone is in the room.
  const root = deps.bus.root
  // Digital signage: the pickup display's rooms, and reloads when a playlist changes.
  const signage = signageRooms({
    db: deps.db,
    bus: deps.bus,
    log: deps.log,
    push,
    send: (ws, message) => push(ws, JSON.stringify(message)),
  })
  const unsubscribe = deps.bus.subscribeLive(allLiveOrderRowsSubject(root), (subject, text) => {
    noticeGap(text)
    const where = parseLiveOrderRowSubject(root, subject)
    if (!where) return
    signage.onOrderRow(where.branchId, text)
    const orderKey = liveOrderSubject(root, where.orderUid)
    const boardKey = liveBoardSubject(root, where.branchId)
    const orderRoom = rooms.get(orderKey)
    const boardRoom = rooms.get(boardKey)
    if (!orderRoom?.size && !boardRoom?.size) return
    let row: LiveOrderRow
    try {
      row = JSON.parse(text) as LiveOrderRow
    } catch {
      return
    }
    if (orderRoom?.size) deliver(orderRoom, orderKey, JSON.stringify(orderRoomUpdate(row)))
    if (boardRoom?.size) deliver(boardRoom, boardKey, JSON.stringify(boardRoomUpdate(row)))
  })

  // Catalogue changes come straight from the event subjects (<root>.<type>.<id>.<Event>) of the
  // public resource types and the branches' operations only: both are projected inline, so their
  // events mean "committed". Order events never reach the gateway this way.
  const catalogueRoom = new Set<WebSocket>()
  const unsubscribeCatalogue = deps.bus.onEvents(CATALOGUE_STREAM_TYPES, (subject) => {
    if (catalogueRoom.size === 0) return
    const [, resource, streamId, event] = subject.split('.')
    if (!resource || !streamId || !event || !CATALOGUE_TYPES.has(resource)) return
    const id = streamId.startsWith(`${resource}-`) ? streamId.slice(resource.length + 1) : streamId
    const text = JSON.stringify({ type: 'update', topic: 'catalogue', resource, id, event })
    for (const ws of catalogueRoom) push(ws, text)
  })

  // Statistics changes go to the open dashboards: every change to an admin, to an employee only
  // when one of their branches moved. Who may see what is fixed at the subscription and checked
  // again at each heartbeat.
  const statisticsRoom = new Map<WebSocket, { branches: Set<string> | undefined }>()
  const unsubscribeStatistics = deps.bus.subscribeLive(liveStatisticsSubject(root), (_subject, text) => {
    noticeGap(text)
    if (statisticsRoom.size === 0) return
    let change: { branchIds: string[]; days: string[] }
    try {
      const { branchIds, days } = JSON.parse(text) as { branchIds: string[]; days: string[] }
      change = { branchIds, days }
    } catch {
      return
    }
    const all = JSON.stringify({ type: 'update', topic: 'statistics', ...change })
    for (const [ws, grant] of statisticsRoom) {
      if (ws.readyState !== ws.OPEN) continue
      if (!grant.branches) push(ws, all)
      else {
        const branchIds = change.branchIds.filter((b) => grant.branches?.has(b))
        if (branchIds.length > 0)
          push(ws, JSON.stringify({ type: 'update', topic: 'statistics', branchIds, days: change.days }))
      }
    }
  })

  // Device rooms (issue 21, docs/devices.md "The device protocol"): a paired board or signage
  // screen shows its credential as its first message ({ type: 'auth', credential }) and joins its
  // device's room. Its commands come from the bus (<root>_live.device.<id>.command, published by
  // the API) and go to its sockets; its acks go back on <root>_live.device.<id>.ack. A revocation
  // (or a new pairing) closes its sockets at once (4401); each ping checks the credential again.
  const deviceRooms = new Map<string, Set<WebSocket>>()
  const deviceOfSocket = new Map<WebSocket, { deviceId: string; credential: string }>()
  const unsubscribeDevices = deps.bus.subscribeLive(allDeviceSubject(root), (subject, text) => {
    const where = parseDeviceSubject(root, subject)
    if (!where || where.what === 'ack') return
    const room = deviceRooms.get(where.deviceId)
    if (!room?.size) return
    if (where.what === 'revoked') {
      for (const ws of room) ws.close(4401, 'device credential revoked')
      return
    }
    let command: { commandId?: unknown; type?: unknown; payload?: unknown }
    try {
      command = JSON.parse(text) as typeof command
    } catch {
      return
    }
    if (typeof command.commandId !== 'string' || typeof command.type !== 'string') return
    const message: DeviceCommandMessage = {
      type: 'command',
      commandId: command.commandId,
      command: command.type,
      ...(command.payload === undefined ? {} : { payload: command.payload }),
    }
    const json = JSON.stringify(message)
    for (const ws of room) push(ws, json)
  })
  const leaveDeviceRoom = (ws: WebSocket) => {
    const device = deviceOfSocket.get(ws)
    if (!device) return
    deviceOfSocket.delete(ws)
    const room = deviceRooms.get(device.deviceId)
    room?.delete(ws)
    if (room?.size === 0) deviceRooms.delete(device.deviceId)
  }
  const authenticateDevice = async (ws: WebSocket, credential: string) => {
    const device = await verifyDeviceCredential(deps.db, credential)
    if (!device) {
      send(ws, { type: 'error', code: 'forbidden', message: 'Dieses Gerät ist nicht gekoppelt.' })
      ws.close(4401, 'device credential invalid')
      return
    }
    leaveDeviceRoom(ws)
    deviceOfSocket.set(ws, { deviceId: device.deviceId, credential })
    let room = deviceRooms.get(device.deviceId)
    if (!room) {
      room = new Set()
      deviceRooms.set(device.deviceId, room)
    }
    room.add(ws)
    send(ws, { type: 'authenticated', deviceId: device.deviceId, kind: device.kind, branch: device.branch })
  }
  /** A device socket whose credential no longer opens anything is closed. */
  const recheckDevice = async (ws: WebSocket) => {
    const device = deviceOfSocket.get(ws)
    if (!device) return true
    const still = await verifyDeviceCredential(deps.db, device.credential)
    if (still?.deviceId === device.deviceId) return true
    leaveDeviceRoom(ws)
    ws.close(4401, 'device credential revoked')
    return false
  }

  /** The socket's staff session as a statistics grant: undefined when there is none. */
  const statisticsGrant = async (ws: WebSocket) => {
    const token = sessionTokens.get(ws)
    if (!token) return undefined
    const found = await staffSession(token)
    if (!found.ok) return undefined
    const { user } = found
    if (hasRole(user, ROLE_ADMIN)) return { branches: undefined }
    if (!hasRole(user, ROLE_EMPLOYEE)) return undefined
    return { branches: new Set(user.branches.map((b) => b.id)) }
  }

  const join = (ws: WebSocket, subject: string) => {
    let room = rooms.get(subject)
    if (!room) {
      room = new Set()
      rooms.set(subject, room)
    }
    room.add(ws)
    memberships.get(ws)?.add(subject)
  }

  // An empty room hears no updates, so its snapshots could not be kept current. An order that
  // was not found needs none: that answer is kept for its while (guessing costs no reads).
  const emptied = (subject: string) => {
    rooms.delete(subject)
    orderRoomUids.delete(subject)
    boardRoomBranch.delete(subject)
    const variants = snapshots.get(subject)
    for (const [variant, entry] of variants ?? []) if (entry.found !== false) variants?.delete(variant)
    if (variants?.size === 0) snapshots.delete(subject)
  }

  const leave = (ws: WebSocket, subject: string) => {
    const room = rooms.get(subject)
    room?.delete(ws)
    if (room?.size === 0) emptied(subject)
    memberships.get(ws)?.delete(subject)
  }

  const leaveAll = (ws: WebSocket) => {
    leaveDeviceRoom(ws)
    signage.leave(ws)
    boardGrants.delete(ws)
    statisticsRoom.delete(ws)
    for (const subject of memberships.get(ws) ?? []) {
      const room = rooms.get(subject)
      room?.delete(ws)
      if (room?.size === 0) emptied(subject)
    }
    memberships.delete(ws)
    pending.delete(ws)
    catalogueRoom.delete(ws)
  }

  const send = (ws: WebSocket, message: WsServerMessage) => {
    push(ws, JSON.stringify(message))
  }

  // A room's snapshot, shared (the stall of 200 sockets from one client: each subscription read
  // its room from the database, two queries per socket on the event loop with PGlite, and
  // serialised the same board again). A read serves the room's new members for
  // SNAPSHOT_REUSE_MS, each getting the snapshot and then every update the room got since the
  // read began (kept in `since`): so a member that joined after the read began misses nothing,
  // and the client keeps the highest version of each order. Dropped when the room empties.
  type Snapshot = {
    at: number
    text: Promise<string | undefined>
    since: string[]
    settled: boolean
    found?: boolean
  }
  const snapshots = new Map<string, Map<string, Snapshot>>()
  const snapshotOf = (subject: string, variant: string, read: () => Promise<string | undefined>) => {
    let variants = snapshots.get(subject)
    if (!variants) {
      variants = new Map()
      snapshots.set(subject, variants)
    }
    const t = performance.now()
    const kept = variants.get(variant)
    if (kept && t - kept.at < SNAPSHOT_REUSE_MS) return kept
    // Several hashes for one uid are guesses: keep one variant per subject at a time.
    if (variants.size >= 4) variants.clear()
    const entry: Snapshot = { at: t, text: read(), since: [], settled: false }
    variants.set(variant, entry)
    entry.text.then(
      (text) => {
        entry.settled = true
        entry.found = text !== undefined
      },
      () => {
        entry.settled = true
        if (snapshots.get(subject)?.get(variant) === entry) snapshots.get(subject)?.delete(variant)
      },
    )
    return entry
  }
  const readOrderSnapshot = async (uid: string, hash: string) => {
    const order = await findPublicOrder(deps.db, uid, hash)
    if (!order) return undefined
    const snapshot: OrderSnapshotMessage = {
      type: 'snapshot',
      topic: 'order',
      uid,
      version: order.version,
      data: order.view,
    }
    return JSON.stringify(snapshot)
  }
  const readBoardSnapshot = async (branchId: string) => {
    const rows = await listBoard(deps.db, branchId, now())
    const snapshot: BoardSnapshotMessage = {
      type: 'snapshot',
      topic: 'board',
      branchId,
      orders: rows.map((r) => ({ orderId: r.orderId, version: r.version, data: r.view })),
    }
    return JSON.stringify(snapshot)
  }
  /** The snapshot, then the room's updates since its read began that the socket has not had. */
  const sendSnapshot = (ws: WebSocket, text: string, since: readonly string[], held: readonly string[]) => {
    if (!push(ws, text)) return
    const had = new Set(held)
    for (const update of since) if (!had.has(update) && !push(ws, update)) return
    for (const update of held) if (!push(ws, update)) return
  }

  // Access checks at each subscription and each client ping: never an old answer (a renewed
  // key or an ended session counts at once), but callers at the same moment share one lookup.
  const branchOf = together((id: string) => deps.branches.get(id))
  const staffSession = together((token: string) => findStaffSession(deps.db, token))

  /**
   * The branch's api key; without one, a paired board device of the branch the socket authenticated
   * as (`{ type: 'auth' }`, checked again each time: a revoked or moved device stops at once), or
   * else the socket's staff session (admin or the branch's employee).
   */
  const mayWatchBoard = async (ws: WebSocket, branchId: string, apiKey: string | undefined) => {
    const branch = await branchOf(branchId)
    if (!branch) return false
    if (apiKey !== undefined) return branchKeyCheck(branch, apiKey) === 'ok'
    const device = deviceOfSocket.get(ws)
    if (device) {
      const found = await verifyDeviceCredential(deps.db, device.credential)
      return (
        found?.deviceId === device.deviceId &&
        found.kind === 'board' &&
        found.branch === branch.id &&
        branch.keyAccess !== false
      )
    }
    const token = sessionTokens.get(ws)
    if (!token) return false
    const found = await staffSession(token)
    return found.ok && canActForBranch(found.user, branch.id)
  }

  /** Drops the boards the socket may no longer watch, each with a 'forbidden' the client shows. */
  const recheckBoards = async (ws: WebSocket) => {
    for (const [branchId, apiKey] of boardGrants.get(ws) ?? []) {
      if (await mayWatchBoard(ws, branchId, apiKey)) continue
      boardGrants.get(ws)?.delete(branchId)
      leave(ws, liveBoardSubject(deps.bus.root, branchId))
      send(ws, FORBIDDEN)
    }
    if (statisticsRoom.has(ws)) {
      // Taken again, not just checked: an employee's branches may have changed since.
      const grant = await statisticsGrant(ws)
      if (grant) statisticsRoom.set(ws, grant)
      else {
        statisticsRoom.delete(ws)
        send(ws, FORBIDDEN)
      }
    }
  }

  const onMessage = async (ws: WebSocket, raw: string) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      return send(ws, {
        type: 'error',
        code: 'bad_request',
        message: 'Die Nachricht ist kein gültiges JSON.',
      })
    }
    // The HTTP routes' input filter (services/kit/src/input-guard.ts): a NUL in a uid or branch id
    // reached PostgreSQL, which refused it, and the message failed.
    if (inspectInput(parsed)) {
      return send(ws, {
        type: 'error',
        code: 'bad_request',
        message: 'Die Nachricht enthält unzulässige Steuerzeichen.',
      })
    }
    const result = wsClientMessageSchema.safeParse(parsed)
    if (!result.success) {
      return send(ws, { type: 'error', code: 'bad_request', message: 'Die Nachricht ist ungültig.' })
    }
    const msg = result.data
    if (msg.type === 'ping') {
      // The client's heartbeat (every 10 s) also re-checks the boards it watches: a renewed api
      // key, the frontdesk plugin switched off or an ended session closes them within a beat.
      if (!(await recheckDevice(ws))) return
      await recheckBoards(ws)
      return send(ws, { type: 'pong' })
    }
    if (msg.type === 'auth') return authenticateDevice(ws, msg.credential)
    if (msg.type === 'ack') {
      const device = deviceOfSocket.get(ws)
      if (!device) return send(ws, FORBIDDEN)
      deps.bus.publishLive(
        deviceAckSubject(root, device.deviceId),
        JSON.stringify({
          commandId: msg.commandId,
          ok: msg.ok,
          ...(msg.error === undefined ? {} : { error: msg.error }),
        }),
      )
      return
    }
    if (msg.topic === 'pickup') return signage.join(ws, msg.branchId, deviceOfSocket.get(ws)?.credential)
    if ((memberships.get(ws)?.size ?? 0) >= wsLimits.subscriptionsPerSocket) {
      return send(ws, {
        type: 'error',
        code: 'too_many',
        message: 'Zu viele Abonnements auf dieser Verbindung.',
      })
    }
    if (msg.topic === 'catalogue') {
      catalogueRoom.add(ws)
      return send(ws, { type: 'subscribed', topic: 'catalogue' })
    }
    if (msg.topic === 'statistics') {
      const grant = await statisticsGrant(ws)
      if (!grant) return send(ws, FORBIDDEN)
      statisticsRoom.set(ws, grant)
      return send(ws, { type: 'subscribed', topic: 'statistics' })
    }
    if (msg.topic === 'order') {
      // Join first (updates held back until the hash is verified), then read the snapshot: an
      // update committed in between is delivered after it, never lost, and never reaches a
      // socket that fails the check. The client drops whichever of the two is older.
      const subject = liveOrderSubject(deps.bus.root, msg.uid)
      const held: string[] = []
      if (!pending.has(ws)) pending.set(ws, new Map())
      pending.get(ws)?.set(subject, held)
      join(ws, subject)
      orderRoomUids.set(subject, msg.uid)
      const entry = snapshotOf(subject, msg.hash, () => readOrderSnapshot(msg.uid, msg.hash))
      let snapshot: string | undefined
      try {
        snapshot = await entry.text
      } catch (err) {
        // Not verified: the socket must not stay in the room.
        pending.get(ws)?.delete(subject)
        leave(ws, subject)
        throw err
      }
      pending.get(ws)?.delete(subject)
      if (!snapshot) {
        leave(ws, subject)
        return send(ws, { type: 'error', code: 'not_found', message: 'Bestellung nicht gefunden.' })
      }
      // Held updates came after the join; `since` has the ones since the read began.
      sendSnapshot(ws, snapshot, entry.since, held)
      return
    }
    if (!(await mayWatchBoard(ws, msg.branchId, msg.apiKey))) {
      return send(ws, FORBIDDEN)
    }
    const subject = liveBoardSubject(deps.bus.root, msg.branchId)
    join(ws, subject)
    boardRoomBranch.set(subject, msg.branchId)
    if (!boardGrants.has(ws)) boardGrants.set(ws, new Map())
    boardGrants.get(ws)?.set(msg.branchId, msg.apiKey)
    const entry = snapshotOf(subject, '', () => readBoardSnapshot(msg.branchId))
    const snapshot = await entry.text
    // The updates since the read began go after it: a board's client takes the snapshot whole.
    if (snapshot) sendSnapshot(ws, snapshot, entry.since, [])
  }

  // Lost live messages (docs/architecture.md "Live updates and gaps"). Every live message carries
  // its projection's number; a number skipped, a projector's tick ahead of what arrived, or the
  // bus connection coming back (core messages sent meanwhile are gone) makes the gateway read
  // every room again: the order rooms' rows in one query per 500, each board's snapshot, and a
  // "reload" to the statistics and catalogue listeners. One reading at a time; a reason arriving
  // meanwhile makes one more.
  const gaps = new LiveGaps()
  let closed = false
  let resyncing: Promise<void> | undefined
  let resyncAgain: string | undefined
  const resync = (reason: string): Promise<void> => {
    if (resyncing) {
      resyncAgain = reason
      return resyncing
    }
    resyncing = (async () => {
      let why: string | undefined = reason
      let failures = 0
      while (why !== undefined && !closed) {
        resyncAgain = undefined
        try {
          await readRoomsAgain(why)
          failures = 0
          why = resyncAgain
        } catch (err) {
          // The database is away too: try again, the rooms stay to be read.
          deps.log.warn({ err, reason: why }, 'live rooms could not be read again')
          await sleep(Math.min(5000, 250 * 2 ** Math.min(failures++, 5)))
        }
      }
    })().finally(() => {
      resyncing = undefined
    })
    return resyncing
  }
  const noticeGap = (text: string) => {
    const stamp = liveStamp(text)
    if (stamp && gaps.message(stamp.of, stamp.seq))
      void resync(`${stamp.of} message ${stamp.seq} after a gap`)
  }
  const unsubscribeTick = deps.bus.subscribeLive(liveTickSubject(root), (_subject, text) => {
    let tick: LiveTick
    try {
      tick = JSON.parse(text) as LiveTick
    } catch {
      return
    }
    if (typeof tick.of === 'string' && Number.isSafeInteger(tick.seq) && gaps.tick(tick.of, tick.seq))
      void resync(`${tick.of} sent up to ${tick.seq}`)
  })
  const unsubscribeReconnect = deps.bus.onReconnect(() => void resync('bus reconnected'))

  const readRoomsAgain = async (reason: string) => {
    const started = performance.now()
    // What committed before the rooms are read is in what they read: those numbers count as seen.
    const numbers = await Promise.all(
      allProjections.map(async (p) => [p.name, await readLiveSeq(deps.db, checkpointId(p))] as const),
    )
    for (const [of, seq] of numbers) gaps.caughtUp(of, seq)
    // No room's kept snapshot is handed out again: it may lack what was lost.
    for (const variants of snapshots.values())
      for (const entry of variants.values()) if (entry.found !== false) entry.at = Number.NEGATIVE_INFINITY
    let orderRooms = 0
    const uids = [...orderRoomUids.entries()]
      .filter(([subject]) => rooms.get(subject)?.size)
      .map(([, uid]) => uid)
    for (const row of await readLiveOrderRows(deps.db, uids)) {
      const key = liveOrderSubject(root, row.uid)
      const room = rooms.get(key)
      if (!room?.size) continue
      let text: string
      try {
        text = JSON.stringify(orderRoomUpdate(row))
      } catch (err) {
        // One row the view cannot be made of stops no other room (nor is it worth a retry).
        deps.log.error({ err, orderUid: row.uid }, 'live room not read again')
        continue
      }
      deliver(room, key, text)
      orderRooms++
    }
    let boards = 0
    for (const [key, room] of rooms) {
      const branchId = boardRoomBranch.get(key)
      if (branchId === undefined || room.size === 0) continue
      // A fresh read, whose members get it with the updates since it began (as at a join).
      const entry = snapshotOf(key, '', () => readBoardSnapshot(branchId))
      const text = await entry.text
      if (!text) continue
      for (const ws of rooms.get(key) ?? []) sendSnapshot(ws, text, entry.since, [])
      boards++
    }
    for (const [ws, grant] of statisticsRoom) {
      const change: StatisticsChangedMessage = {
        type: 'update',
        topic: 'statistics',
        branchIds: grant.branches ? [...grant.branches] : [],
        days: [],
        resync: true,
      }
      send(ws, change)
    }
    const reload: CatalogueChangedMessage = {
      type: 'update',
      topic: 'catalogue',
      resource: '*',
      id: '*',
      event: 'resync',
    }
    const reloadText = JSON.stringify(reload)
    for (const ws of catalogueRoom) push(ws, reloadText)
    metrics.wsResyncs.inc()
    deps.log.info(
      { reason, orderRooms, boards, ms: Math.round(performance.now() - started) },
      'live rooms read again',
    )
  }

  // A bigger message closes the socket (1009) before it is read.
  await app.register(websocket, {
    options: { maxPayload: wsLimits.maxMessageBytes },
    // A client breaking the protocol (a message over maxPayload, invalid UTF-8, a bad frame) is
    // its own fault: the socket is closed (ws sends 1009 or 1002) and it is not worth an error
    // line per attempt, which a client could make by the thousand.
    errorHandler: (err, socket, req) => {
      const code = (err as { code?: unknown }).code
      if (typeof code === 'string' && code.startsWith('WS_ERR_'))
        req.log.debug({ code }, 'websocket protocol error')
      else req.log.error({ err }, 'websocket failed')
      socket.terminate()
    },
  })
  const tooManyConnections = (address: string) =>
    (connections.get(address) ?? 0) >= wsLimits.connectionsPerAddress
  // As a route with a wsHandler (not `websocket: true`, which @fastify/websocket hides from the
  // API document): a plain GET that is no upgrade answers 404, as before.
  app.route({
    method: 'GET',
    url: WS_PATH,
    schema: {
      summary:
        'Live updates over WebSocket: subscribe to an order (uid + hash), a branch board, the statistics or the catalogue; numbered messages (docs/api.md "Live updates")',
      tags: ['live'],
      response: {
        101: z.undefined().describe('Switching protocols: the socket is open'),
        404: z.undefined().describe('Not a WebSocket upgrade'),
        429: errorBodySchema.describe('Too many connections from this address'),
      },
    },
    // Over the cap the upgrade is refused before it happens: 429 with the spec's error body.
    preValidation: async (req, reply) => {
      if (!tooManyConnections(req.ip)) return
      metrics.wsRefused.inc({ reason: 'connections' })
      reply.header('retry-after', '10')
      throw new HttpError(429, msg('tooManyConnections'))
    },
    handler: (_req, reply) => reply.code(404).send(),
    wsHandler: (socket: WebSocket, req: FastifyRequest) => {
      const address = req.ip
      // Upgrades that passed the check together: the ones over the cap are closed (1013: try later).
      if (tooManyConnections(address)) {
        metrics.wsRefused.inc({ reason: 'connections' })
        socket.close(1013, 'too many connections from your address')
        return
      }
      connections.set(address, (connections.get(address) ?? 0) + 1)
      onConnection(socket, req, address)
    },
  })

  const onConnection = (socket: WebSocket, req: FastifyRequest, address: string) => {
    memberships.set(socket, new Set())
    // In the all-in-one process the cookie plugin lives in the API's scope only: read the header.
    // The session counts only for a page of this origin: a browser sends the cookie on another
    // site's socket too (cross-site WebSocket hijacking), and says where the page came from.
    const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies
    const token = cookies?.[SESSION_COOKIE] ?? readCookie(req.headers.cookie, SESSION_COOKIE)
    if (token && sameOrigin(req.headers.origin, req.host)) sessionTokens.set(socket, token)
    metrics.sockets.inc()
    ;(socket as WebSocket & { isAlive?: boolean }).isAlive = true
    socket.on('pong', () => {
      ;(socket as WebSocket & { isAlive?: boolean }).isAlive = true
    })
    // Messages per socket: a token bucket of twice the rate per second, refilled at the rate.
    const rate = wsLimits.messagesPerSecond
    let tokens = 2 * rate
    let lastRefill = performance.now()
    socket.on('message', (data) => {
      if (socket.readyState !== socket.OPEN) return
      const t = performance.now()
      tokens = Math.min(2 * rate, tokens + ((t - lastRefill) * rate) / 1000)
      lastRefill = t
      if (tokens < 1) {
        metrics.wsRefused.inc({ reason: 'messages' })
        socket.close(1008, 'too many messages')
        return
      }
      tokens -= 1
      onMessage(socket, data.toString()).catch((err) => {
        deps.log.error({ err }, 'websocket message failed')
        send(socket, {
          type: 'error',
          code: 'bad_request',
          message: 'Die Nachricht konnte nicht verarbeitet werden.',
        })
      })
    })
    socket.on('close', () => {
      leaveAll(socket)
      metrics.sockets.dec()
      const left = (connections.get(address) ?? 1) - 1
      if (left > 0) connections.set(address, left)
      else connections.delete(address)
    })
  }

  const heartbeat = setInterval(() => {
    for (const ws of memberships.keys()) {
      const s = ws as WebSocket & { isAlive?: boolean }
      if (s.isAlive === false) {
        s.terminate()
        continue
      }
      s.isAlive = false
      s.ping()
    }
  }, deps.heartbeatMs ?? 30_000)
  heartbeat.unref()

  return {
    get sockets() {
      return memberships.size
    },
    async close() {
      closed = true
      clearInterval(heartbeat)
      unsubscribe()
      unsubscribeTick()
      unsubscribeReconnect()
      unsubscribeCatalogue()
      unsubscribeStatistics()
      unsubscribeDevices()
      signage.close()
      for (const ws of memberships.keys()) ws.close(1001, 'server shutting down')
    },
  }
}

/** A lookup that callers asking while it runs share (one lookup at a time per key, no answer kept). */
export function together<T>(lookup: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const running = new Map<string, Promise<T>>()
  return (key) => {
    const current = running.get(key)
    if (current) return current
    const value = lookup(key)
    running.set(key, value)
    const done = () => {
      if (running.get(key) === value) running.delete(key)
    }
    value.then(done, done)
    return value
  }
}

/**
 * Whether a WebSocket upgrade comes from a page of the server's own origin: no Origin header
 * (not a browser) or one whose host is the Host the request was sent to.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true
  if (host === undefined) return false
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}
