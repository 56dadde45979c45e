import type { WsClientMessage, WsServerMessage } from '@shop/shared/contracts/ws'
import { STATUS_POLL_INTERVAL_MS, WS_PATH } from '@shop/shared/contracts/ws/constants.ts'

// Keeps a client's copy of a read model live: WebSocket first, a snapshot after every
// (re)connect, and versions so that a stale message never overwrites a newer one. The HTTP read
// model is polled every 10 s all the time: at once and as the only source while no socket can be
// held, and as a check while the socket is live (a socket can stay open while the updates behind
// it stopped: the gateway's NATS away, a message lost; issue 15), so nothing stays stale longer
// than a poll. An application heartbeat ({type:'ping'} every 10 s; silence for
// 25 s means dead) notices a half-open socket (tablet wifi, a dropped network) that the browser
// would otherwise keep "open" until TCP gives up. Framework-free: the storefront's status page,
// menu and checkout (the catalogue topic) and the frontdesk board use it, and it runs in Node 22+
// as well (global WebSocket).

export type LiveStatus = 'connecting' | 'live' | 'polling' | 'stopped'

/** Why a subscription stopped for good: the server refused it (socket error or HTTP status). */
export type LiveRefusal = {
  code: 'forbidden' | 'not_found' | 'unauthorized'
  message?: string
  status?: number
}

type Socket = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onclose: ((ev: unknown) => void) | null
  onerror: ((ev: unknown) => void) | null
}

export type LiveTransport = {
  /** Base URL of the HTTP API and the gateway, e.g. `https://shop.example` (no trailing slash). */
  baseUrl: string
  WebSocketImpl?: new (url: string) => Socket
  fetchImpl?: typeof fetch
  pollIntervalMs?: number
  /** Delays between reconnect attempts; the last one repeats. */
  reconnectDelaysMs?: readonly number[]
  /** An application ping is sent this often while the socket is open (default 10 s). */
  heartbeatMs?: number
  /** No message (pong or anything else) for this long means the socket is dead (default 25 s). */
  silenceMs?: number
  onStatus?: (status: LiveStatus) => void
  /** The server refused the subscription (wrong key, no session, unknown order): stopped for good. */
  onRefused?: (refusal: LiveRefusal) => void
}

export const HEARTBEAT_MS = 10_000
export const SILENCE_MS = 25_000
/** The waits before the reconnects after a socket dropped (the last one repeats). */
export const RECONNECT_DELAYS_MS: readonly number[] = [500, 1000, 2000, 5000, 10_000]

type Core = {
  subscribeMessage: WsClientMessage
  /**
   * Sent first on every socket (a paired device's `{ type: 'auth', credential }`); the
   * subscription then waits for the gateway's `authenticated`.
   */
  authMessage?: WsClientMessage
  onSocketMessage: (msg: WsServerMessage) => void
  poll: () => Promise<void>
  /** Polling stops for good once this is true (a final order). */
  done: () => boolean
}

export class HttpStatusError extends Error {
  readonly status: number
  readonly path: string
  readonly serverMessage: string | undefined
  constructor(status: number, path: string, serverMessage?: string) {
    super(`GET ${path}: ${status}`)
    this.status = status
    this.path = path
    this.serverMessage = serverMessage
  }
}

const REFUSED_HTTP: Record<number, LiveRefusal['code']> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
}

type Listener = (ev: unknown) => void
type EventSource = {
  addEventListener?: (type: string, l: Listener) => void
  removeEventListener?: (type: string, l: Listener) => void
}

function startLive(t: LiveTransport, core: Core): { stop(): void } {
  const WS = t.WebSocketImpl ?? (globalThis.WebSocket as unknown as new (url: string) => Socket)
  const pollMs = t.pollIntervalMs ?? STATUS_POLL_INTERVAL_MS
  const delays = t.reconnectDelaysMs ?? RECONNECT_DELAYS_MS
  const heartbeatMs = t.heartbeatMs ?? HEARTBEAT_MS
  const silenceMs = t.silenceMs ?? SILENCE_MS
  const wsUrl = `${t.baseUrl.replace(/^http/, 'ws')}${WS_PATH}`
  let stopped = false
  let socket: Socket | undefined
  let attempt = 0
  let pollTimer: ReturnType<typeof setTimeout> | undefined
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let pingTimer: ReturnType<typeof setInterval> | undefined
  let silenceTimer: ReturnType<typeof setTimeout> | undefined
  let status: LiveStatus | undefined

  const setStatus = (s: LiveStatus) => {
    if (s !== status) {
      status = s
      t.onStatus?.(s)
    }
  }

  const refuse = (refusal: LiveRefusal) => {
    if (stopped) return
    stop()
    t.onRefused?.(refusal)
  }

  const schedulePoll = (delay: number) => {
    if (stopped || pollTimer || core.done()) return
    pollTimer = setTimeout(async () => {
      pollTimer = undefined
      if (stopped) return
      try {
        await core.poll()
      } catch (error) {
        const code = error instanceof HttpStatusError ? REFUSED_HTTP[error.status] : undefined
        if (code && error instanceof HttpStatusError) {
          return refuse({ code, status: error.status, message: error.serverMessage })
        }
        // offline: the next poll tries again
      }
      schedulePoll(pollMs)
    }, delay)
  }

  const clearHeartbeat = () => {
    if (pingTimer) clearInterval(pingTimer)
    if (silenceTimer) clearTimeout(silenceTimer)
    pingTimer = undefined
    silenceTimer = undefined
  }

  /** Any message proves the socket alive; silence for `silenceMs` kills it. */
  const heard = (ws: Socket) => {
    if (silenceTimer) clearTimeout(silenceTimer)
    silenceTimer = setTimeout(() => drop(ws), silenceMs)
  }

  /** Gives up on a socket that is (or looks) dead, and falls back to polling + reconnecting. */
  const drop = (ws: Socket) => {
    if (socket !== ws) return
    socket = undefined
    clearHeartbeat()
    ws.onopen = null
    ws.onmessage = null
    ws.onclose = null
    ws.onerror = null
    try {
      ws.close()
    } catch {
      // already closed
    }
    fallBack()
  }

  const connect = () => {
    if (stopped) return
    if (reconnectTimer) clearTimeout(reconnectTimer)
    reconnectTimer = undefined
    setStatus(status === 'polling' ? 'polling' : 'connecting')
    let ws: Socket
    try {
      ws = new WS(wsUrl)
    } catch {
      return fallBack()
    }
    socket = ws
    // A socket that never opens (a black-holed network) is dead after the same silence.
    heard(ws)
    ws.onopen = () => {
      attempt = 0
      heard(ws)
      ws.send(JSON.stringify(core.authMessage ?? core.subscribeMessage))
      pingTimer = setInterval(() => {
        try {
          ws.send(JSON.stringify({ type: 'ping' } satisfies WsClientMessage))
        } catch {
          drop(ws)
        }
      }, heartbeatMs)
    }
    ws.onmessage = (ev) => {
      heard(ws)
      let msg: WsServerMessage
      try {
        msg = JSON.parse(String(ev.data)) as WsServerMessage
      } catch {
        return
      }
      if (msg.type === 'error' && (msg.code === 'not_found' || msg.code === 'forbidden')) {
        // The server refuses this subscription: polling would be refused too.
        refuse({ code: msg.code, message: msg.message })
        return
      }
      if (core.authMessage && (msg as { type?: string }).type === 'authenticated') {
        ws.send(JSON.stringify(core.subscribeMessage))
        return
      }
      core.onSocketMessage(msg)
      // A topic without a snapshot (the catalogue) is live once the gateway says it subscribed.
      if (msg.type === 'snapshot' || msg.type === 'subscribed') {
        setStatus('live')
        // Live, the poll goes on as a check, a full interval after the snapshot.
        schedulePoll(pollMs)
      }
    }
    ws.onerror = () => {}
    ws.onclose = () => drop(ws)
  }

  const fallBack = () => {
    if (stopped) return
    if (status !== 'polling' && pollTimer) {
      // The socket is gone: poll at once, not at the live check's next turn.
      clearTimeout(pollTimer)
      pollTimer = undefined
    }
    setStatus('polling')
    schedulePoll(0)
    if (reconnectTimer) return
    const delay = delays[Math.min(attempt++, delays.length - 1)] ?? 10_000
    reconnectTimer = setTimeout(connect, delay)
  }

  // The browser knows when the network goes: do not wait for the silence timeout, and
  // reconnect at once when it is back.
  const win = globalThis as EventSource
  const onOffline = () => {
    if (socket) drop(socket)
  }
  const onOnline = () => {
    if (stopped || socket) return
    attempt = 0
    connect()
  }
  win.addEventListener?.('offline', onOffline)
  win.addEventListener?.('online', onOnline)

  const stop = () => {
    if (stopped) return
    stopped = true
    win.removeEventListener?.('offline', onOffline)
    win.removeEventListener?.('online', onOnline)
    if (pollTimer) clearTimeout(pollTimer)
    if (reconnectTimer) clearTimeout(reconnectTimer)
    clearHeartbeat()
    const ws = socket
    socket = undefined
    if (ws) {
      ws.onclose = null
      ws.onmessage = null
      ws.close()
    }
    setStatus('stopped')
  }

  connect()
  return { stop }
}

export type Versioned<T> = { version: number; data: T }

async function getData<T>(t: LiveTransport, path: string, headers?: Record<string, string>): Promise<T> {
  const res = await (t.fetchImpl ?? fetch)(`${t.baseUrl}${path}`, {
    credentials: 'same-origin',
    ...(headers ? { headers } : {}),
  })
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { errors?: { message?: string }[] } | undefined
    throw new HttpStatusError(res.status, path, body?.errors?.[0]?.message)
  }
  return ((await res.json()) as { data: T }).data
}

const FINAL = new Set(['completed', 'delivered', 'rejected', 'canceled', 'failed'])

/** One order by uid + hash: the customer's status page. */
export function watchOrder<T extends { status?: string }>(
  t: LiveTransport & { uid: string; hash: string; onChange: (order: Versioned<T>) => void },
): { stop(): void; current(): Versioned<T> | undefined } {
  let current: Versioned<T> | undefined
  const apply = (version: number, data: T) => {
    if (current && version <= current.version) return
    current = { version, data }
    t.onChange(current)
  }
  const live = startLive(t, {
    subscribeMessage: { type: 'subscribe', topic: 'order', uid: t.uid, hash: t.hash },
    onSocketMessage: (msg) => {
      if ((msg.type === 'snapshot' || msg.type === 'update') && msg.topic === 'order')
        apply(msg.version, msg.data as T)
    },
    poll: async () => {
      const order = await getData<T & { version: number }>(t, `/api/orders/public/${t.uid}/${t.hash}`)
      apply(order.version, order)
    },
    done: () => FINAL.has(current?.data.status ?? ''),
  })
  return { stop: live.stop, current: () => current }
}

/** A change the 'catalogue' topic names: a public resource, or a branch's operations (id: the branch's). */
export type CatalogueChange = { resource: string; id: string; event: string }

/**
 * The catalogue topic (anyone may listen): each committed change of a public resource or of a
 * branch's operations, by name only; the client reloads what it shows. `onResync` when changes
 * may have been missed: the socket is back after it was away, or the gateway lost its bus. It
 * polls nothing itself: the caller keeps its own poll as the fallback (the status says whether
 * the socket is live).
 */
export function watchCatalogue(
  t: LiveTransport & { onChange: (change: CatalogueChange) => void; onResync: () => void },
): { stop(): void } {
  let subscribed = false
  return startLive(t, {
    subscribeMessage: { type: 'subscribe', topic: 'catalogue' },
    onSocketMessage: (msg) => {
      if (msg.type === 'subscribed' && msg.topic === 'catalogue') {
        if (subscribed) t.onResync()
        subscribed = true
      } else if (msg.type === 'update' && msg.topic === 'catalogue') {
        if (msg.event === 'resync') t.onResync()
        else t.onChange({ resource: msg.resource, id: msg.id, event: msg.event })
      }
    },
    poll: async () => {},
    done: () => true,
  })
}

/**
 * Replaces a board's map by a snapshot: every order of the snapshot, except where the local
 * copy is newer (an update that overtook the snapshot), and nothing that the snapshot lacks
 * (orders that left the board while the socket was down). Returns the same map when nothing
 * changed, so a caller can skip a render.
 */
export function replaceBySnapshot<T>(
  local: ReadonlyMap<string, Versioned<T>>,
  snapshot: Iterable<{ orderId: string; version: number; data: T }>,
  /** Local orders the snapshot lacks that stay anyway (they arrived after the snapshot was read). */
  keep?: (orderId: string) => boolean,
): Map<string, Versioned<T>> | undefined {
  const next = new Map<string, Versioned<T>>()
  let changed = false
  for (const o of snapshot) {
    const had = local.get(o.orderId)
    if (had && had.version >= o.version) next.set(o.orderId, had)
    else {
      next.set(o.orderId, { version: o.version, data: o.data })
      changed = true
    }
  }
  if (keep) for (const [id, had] of local) if (!next.has(id) && keep(id)) next.set(id, had)
  if (next.size !== local.size) changed = true
  else for (const id of local.keys()) if (!next.has(id)) changed = true
  return changed ? next : undefined
}

/**
 * A branch board: the frontdesk tablet by branch id + api key, a paired board tablet by its
 * device credential (the socket's first message `{ type: 'auth' }`, the poll's
 * `Authorization: Device`), or a logged-in employee's board by branch id alone (the session cookie authorises the socket and the HTTP snapshot).
 * `onChange` gets a new Map on every change; entries of orders that did not change are the
 * same objects as before, so a UI can memoise per order.
 */
export function watchBoard<T>(
  t: LiveTransport & {
    branchId: string
    /** Without a key the board runs on the staff session (`/api/orders/board/:branchId`). */
    apiKey?: string
    /** A paired board device's credential (docs/devices.md), instead of a key or a session. */
    deviceCredential?: string
    onChange: (orders: Map<string, Versioned<T>>) => void
  },
): {
  stop(): void
  current(): Map<string, Versioned<T>>
  /** Applies a copy fetched elsewhere (a command's re-GET) unless the board already holds a newer one. */
  put(orderId: string, version: number, data: T): void
} {
  let orders = new Map<string, Versioned<T>>()
  // When each order last arrived by an update (a count of updates): a poll answered after an
  // update it had not seen yet must not take that order off the board.
  let updates = 0
  const arrived = new Map<string, number>()
  const put = (orderId: string, version: number, data: T) => {
    const had = orders.get(orderId)
    if (had && version <= had.version) return
    arrived.set(orderId, ++updates)
    orders = new Map(orders)
    orders.set(orderId, { version, data })
    t.onChange(orders)
  }
  const replace = (
    snapshot: Iterable<{ orderId: string; version: number; data: T }>,
    keep?: (orderId: string) => boolean,
  ) => {
    const next = replaceBySnapshot(orders, snapshot, keep)
    if (next) {
      for (const id of arrived.keys()) if (!next.has(id)) arrived.delete(id)
      orders = next
      t.onChange(orders)
    }
  }
  const branch = encodeURIComponent(t.branchId)
  const pollPath = t.apiKey
    ? `/api/orders/frontdesk/${branch}/${encodeURIComponent(t.apiKey)}`
    : `/api/orders/board/${branch}`
  const subscribeMessage = (
    t.apiKey
      ? { type: 'subscribe', topic: 'board', branchId: t.branchId, apiKey: t.apiKey }
      : { type: 'subscribe', topic: 'board', branchId: t.branchId }
  ) as WsClientMessage
  const device = t.apiKey ? undefined : t.deviceCredential
  const pollHeaders = device ? { authorization: `Device ${device}` } : undefined
  const live = startLive(t, {
    subscribeMessage,
    ...(device ? { authMessage: { type: 'auth', credential: device } as WsClientMessage } : {}),
    onSocketMessage: (msg) => {
      if (msg.type === 'snapshot' && msg.topic === 'board') {
        replace(msg.orders.map((o) => ({ orderId: o.orderId, version: o.version, data: o.data as T })))
      } else if (msg.type === 'update' && msg.topic === 'board') {
        put(msg.orderId, msg.version, msg.data as T)
      }
    },
    poll: async () => {
      const asked = updates
      const list = await getData<(T & { id: string; version: number })[]>(t, pollPath, pollHeaders)
      replace(
        list.map((o) => ({ orderId: o.id, version: o.version, data: o })),
        (id) => (arrived.get(id) ?? 0) > asked,
      )
    },
    done: () => false,
  })
  return { stop: live.stop, current: () => orders, put }
}
