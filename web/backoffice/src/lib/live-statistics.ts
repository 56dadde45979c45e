import { HEARTBEAT_MS as PING_MS, RECONNECT_DELAYS_MS as RECONNECT_MS, SILENCE_MS } from '@shop/live'
import { WS_PATH } from '@shop/shared/contracts/ws/constants.ts'

// The gateway's topics for the staff pages. The dashboard's live line (issue 7 point 3): the
// 'statistics' topic says which branches' figures moved on which local days, right after the
// projection committed them; the dashboard reloads when the change touches what it shows. The
// resource lists (issue 17): the 'catalogue' topic names each committed change of a public
// resource (lib/resources.ts `useLiveReload`). A heartbeat (ping every 10 s, 25 s
// of silence = dead: @shop/live's policy) reconnects a dropped socket; a refusal (session
// ended) stops for good.

/** With `resync` changes may have been missed (the socket or the gateway's bus was away): reload. */
export type StatisticsChange = { branchIds: string[]; days: string[]; resync?: boolean }
export type LiveStatus = 'connecting' | 'live' | 'offline' | 'refused'

type Socket = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onclose: ((ev: unknown) => void) | null
  onerror: ((ev: unknown) => void) | null
}

/** Whether a change touches a range of local days and (optionally) one branch. */
export function affects(
  change: StatisticsChange,
  range: { from: string; to: string },
  branchId?: string,
): boolean {
  if (change.resync) return true
  if (branchId && !change.branchIds.includes(branchId)) return false
  return change.days.some((d) => d >= range.from && d <= range.to)
}

export function watchStatistics(opts: {
  onChange(change: StatisticsChange): void
  onStatus?(status: LiveStatus): void
  url?: string
  WebSocketImpl?: new (url: string) => Socket
  setTimeout?: typeof setTimeout
  clearTimeout?: typeof clearTimeout
}): () => void {
  const { onChange, ...rest } = opts
  return watchTopic({
    ...rest,
    topic: 'statistics',
    onResync: () => onChange({ branchIds: [], days: [], resync: true }),
    onUpdate: (msg) => {
      const change: StatisticsChange = {
        branchIds: Array.isArray(msg.branchIds) ? (msg.branchIds as string[]) : [],
        days: Array.isArray(msg.days) ? (msg.days as string[]) : [],
      }
      if (msg.resync === true) change.resync = true
      onChange(change)
    },
  })
}

/**
 * Watches one topic of the gateway (`statistics`, `catalogue`): subscribes on every (re)connect,
 * pings, reconnects a silent or dropped socket, and says `resync` after a gap (what changed
 * meanwhile was never said); a refusal stops for good.
 */
export function watchTopic(opts: {
  topic: string
  /** An update of the topic (the gateway's message). */
  onUpdate(msg: Record<string, unknown>): void
  /** Back after the socket was down. */
  onResync(): void
  onStatus?(status: LiveStatus): void
  url?: string
  WebSocketImpl?: new (url: string) => Socket
  /** Timers (tests pass fake ones). */
  setTimeout?: typeof setTimeout
  clearTimeout?: typeof clearTimeout
}): () => void {
  const url = opts.url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`
  const WS = opts.WebSocketImpl ?? (globalThis.WebSocket as unknown as new (url: string) => Socket)
  const later = opts.setTimeout ?? setTimeout
  const cancel = opts.clearTimeout ?? clearTimeout
  let stopped = false
  let attempt = 0
  let socket: Socket | undefined
  let ping: ReturnType<typeof setTimeout> | undefined
  let silence: ReturnType<typeof setTimeout> | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let status: LiveStatus | undefined
  const setStatus = (s: LiveStatus) => {
    if (s !== status) {
      status = s
      opts.onStatus?.(s)
    }
  }
  const clearTimers = () => {
    for (const t of [ping, silence]) if (t) cancel(t)
    ping = silence = undefined
  }
  const heard = (ws: Socket) => {
    if (silence) cancel(silence)
    silence = later(() => ws.close(), SILENCE_MS)
  }
  const schedulePing = (ws: Socket) => {
    ping = later(() => {
      if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'ping' }))
      schedulePing(ws)
    }, PING_MS)
  }
  const connect = () => {
    if (stopped) return
    setStatus(status === 'live' || status === 'offline' ? 'offline' : 'connecting')
    const ws = new WS(url)
    socket = ws
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'subscribe', topic: opts.topic }))
      heard(ws)
      schedulePing(ws)
    }
    ws.onmessage = (ev) => {
      heard(ws)
      let msg: Record<string, unknown>
      try {
        msg = JSON.parse(String(ev.data))
      } catch {
        return
      }
      if (msg.type === 'subscribed' && msg.topic === opts.topic) {
        attempt = 0
        // Back after the socket was down: what changed meanwhile was never said.
        const missed = status === 'offline'
        setStatus('live')
        if (missed) opts.onResync()
      } else if (msg.type === 'update' && msg.topic === opts.topic) {
        opts.onUpdate(msg)
      } else if (msg.type === 'error' && msg.code === 'forbidden') {
        stop()
        setStatus('refused')
      }
    }
    ws.onerror = () => {}
    ws.onclose = () => {
      clearTimers()
      if (stopped || socket !== ws) return
      setStatus('offline')
      retry = later(connect, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!)
    }
  }
  const stop = () => {
    stopped = true
    clearTimers()
    if (retry) cancel(retry)
    const ws = socket
    socket = undefined
    ws?.close()
  }
  connect()
  return stop
}
