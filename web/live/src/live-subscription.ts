import type { WsClientMessage, WsServerMessage } from '@shop/shared/contracts/ws'
import { STATUS_POLL_INTERVAL_MS, WS_PATH } from '@shop/shared/contracts/ws/constants.ts'

// Keeps a client's copy of a read model live: WebSocket first, HTTP polling every 10 s while no
// socket can be held, a snapshot after every (re)connect, and versions so that a stale message
// never overwrites a newer one. Framework-free: the storefront's status page and the board use
// it, and it runs in Node 22+ as well (global WebSocket).

export type LiveStatus = 'connecting' | 'live' | 'polling' | 'stopped'

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
  onStatus?: (status: LiveStatus) => void
}

type Core = {
  subscribeMessage: WsClientMessage
  /** Applies a socket message; returns true when it changed the client's copy. */
  onSocketMessage: (msg: WsServerMessage) => void
  poll: () => Promise<void>
  /** Polling stops for good once this is true (a final order). */
  done: () => boolean
}

function startLive(t: LiveTransport, core: Core): { stop(): void } {
  const WS = t.WebSocketImpl ?? (globalThis.WebSocket as unknown as new (url: string) => Socket)
  const pollMs = t.pollIntervalMs ?? STATUS_POLL_INTERVAL_MS
  const delays = t.reconnectDelaysMs ?? [500, 1000, 2000, 5000, 10_000]
  const wsUrl = `${t.baseUrl.replace(/^http/, 'ws')}${WS_PATH}`
  let stopped = false
  let socket: Socket | undefined
  let attempt = 0
  let pollTimer: ReturnType<typeof setTimeout> | undefined
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let status: LiveStatus | undefined

  const setStatus = (s: LiveStatus) => {
    if (s !== status) {
      status = s
      t.onStatus?.(s)
    }
  }

  const schedulePoll = (delay: number) => {
    if (stopped || pollTimer || core.done()) return
    pollTimer = setTimeout(async () => {
      pollTimer = undefined
      if (stopped || status === 'live') return
      try {
        await core.poll()
      } catch {
        // offline: the next poll tries again
      }
      schedulePoll(pollMs)
    }, delay)
  }

  const connect = () => {
    if (stopped) return
    setStatus(status === 'polling' ? 'polling' : 'connecting')
    let ws: Socket
    try {
      ws = new WS(wsUrl)
    } catch {
      return fallBack()
    }
    socket = ws
    ws.onopen = () => {
      attempt = 0
      ws.send(JSON.stringify(core.subscribeMessage))
    }
    ws.onmessage = (ev) => {
      let msg: WsServerMessage
      try {
        msg = JSON.parse(String(ev.data)) as WsServerMessage
      } catch {
        return
      }
      if (msg.type === 'snapshot') setStatus('live')
      if (msg.type === 'error' && (msg.code === 'not_found' || msg.code === 'forbidden')) {
        // The server refuses this subscription: polling would be refused too.
        stop()
        return
      }
      core.onSocketMessage(msg)
    }
    ws.onerror = () => {}
    ws.onclose = () => {
      if (socket === ws) socket = undefined
      fallBack()
    }
  }

  const fallBack = () => {
    if (stopped) return
    setStatus('polling')
    schedulePoll(0)
    const delay = delays[Math.min(attempt++, delays.length - 1)] ?? 10_000
    reconnectTimer = setTimeout(connect, delay)
  }

  const stop = () => {
    stopped = true
    if (pollTimer) clearTimeout(pollTimer)
    if (reconnectTimer) clearTimeout(reconnectTimer)
    socket?.close()
    setStatus('stopped')
  }

  connect()
  return { stop }
}

export type Versioned<T> = { version: number; data: T }

async function getData<T>(t: LiveTransport, path: string): Promise<T> {
  const res = await (t.fetchImpl ?? fetch)(`${t.baseUrl}${path}`)
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`)
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

/** A branch board by branch id + api key: the frontdesk tablet. */
export function watchBoard<T>(
  t: LiveTransport & {
    branchId: string
    apiKey: string
    onChange: (orders: Map<string, Versioned<T>>) => void
  },
): { stop(): void; current(): Map<string, Versioned<T>> } {
  const orders = new Map<string, Versioned<T>>()
  const apply = (orderId: string, version: number, data: T) => {
    const had = orders.get(orderId)
    if (had && version <= had.version) return false
    orders.set(orderId, { version, data })
    return true
  }
  const live = startLive(t, {
    subscribeMessage: { type: 'subscribe', topic: 'board', branchId: t.branchId, apiKey: t.apiKey },
    onSocketMessage: (msg) => {
      if (msg.type === 'snapshot' && msg.topic === 'board') {
        let changed = false
        for (const o of msg.orders) changed = apply(o.orderId, o.version, o.data as T) || changed
        if (changed) t.onChange(orders)
      } else if (msg.type === 'update' && msg.topic === 'board') {
        if (apply(msg.orderId, msg.version, msg.data as T)) t.onChange(orders)
      }
    },
    poll: async () => {
      const list = await getData<(T & { id: string; version: number })[]>(
        t,
        `/api/orders/frontdesk/${encodeURIComponent(t.branchId)}/${encodeURIComponent(t.apiKey)}`,
      )
      let changed = false
      for (const o of list) changed = apply(o.id, o.version, o) || changed
      if (changed) t.onChange(orders)
    },
    done: () => false,
  })
  return { stop: live.stop, current: () => orders }
}
