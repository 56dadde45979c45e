/**
 * /backend/signage: the digital-signage player of a TV screen (issue 21; docs/devices.md
 * "Bildschirme"). No login: unpaired it starts a pairing and shows the code big with a QR code of
 * the back-office's pairing page; paired it keeps its credential in localStorage, loads its
 * playlist (GET /api/device/signage), plays the items in order with their durations and
 * schedules, and joins the gateway as its device: commands (reload, show a segment, identify,
 * abort) and the pickup display's numbers come live. When the network drops it keeps playing from
 * its last playlist and cached images and reconnects by itself, with a small offline dot.
 */
import type { SignagePlayerSegment, SignagePlaylist } from '@shop/shared/contracts'
import { formatMoney } from '@shop/shared/domain/common/money.ts'
import type { PickupEntry } from '@shop/shared/domain/signage'
import '@shop/ui/rich-text.css'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  deviceLog,
  dropCredential,
  keepCredential,
  sendDeviceLogs,
  storedCredential,
  useDeviceNotice,
} from '../../lib/device-pairing.ts'
import { useT } from '../../lib/i18n.tsx'
import { PairingScreen } from '../../lib/pairing-screen.tsx'
import { contentBlocks, parseHtml } from './content-segment.ts'
import { keepPlayerForOffline } from './offline-shell.ts'
import {
  applyPickupUpdate,
  CREDENTIAL_KEY,
  commandOf,
  HEARTBEAT_MS,
  IMAGE_CACHE,
  nextToPlay,
  type PickupBoard,
  PLAYLIST_KEY,
  POLL_MS,
  pickupBranchOf,
  pickupFromSnapshot,
  pickupView,
  readStoredPlaylist,
  reconnectDelay,
} from './player-model.ts'
import './player.css'

const IDENTIFY_MS = 10_000
const { note, lines: logLines } = deviceLog()

type Override = { kind: 'segment'; segment: SignagePlayerSegment; ms: number } | { kind: 'identify' }

export function SignagePlayerPage() {
  const t = useT('bo-signage')
  const [credential, setCredential] = useState<string | null>(() => storedCredential(CREDENTIAL_KEY))
  useEffect(() => {
    void keepPlayerForOffline()
  }, [])
  return credential ? (
    <Player
      credential={credential}
      onRevoked={() => {
        dropCredential(CREDENTIAL_KEY)
        localStorage.removeItem(PLAYLIST_KEY)
        setCredential(null)
      }}
    />
  ) : (
    <PairingScreen
      kind="signage"
      t={t}
      prefix="pairing"
      classes={PAIRING_CLASSES}
      onPaired={(c) => {
        keepCredential(CREDENTIAL_KEY, c)
        setCredential(c)
      }}
    />
  )
}

const PAIRING_CLASSES = {
  page: 'signage signage-pairing',
  hint: 'signage-pairing-hint',
  code: 'signage-code',
  qr: 'signage-qr',
  hidden: 'signage-visually-hidden',
}

/** The images of a playlist as object URLs, from Cache Storage first (they play offline). */
function useCachedImages(urls: readonly string[]): Record<string, string> {
  const [objects, setObjects] = useState<Record<string, string>>({})
  const key = urls.join('\n')
  useEffect(() => {
    let stopped = false
    const made: string[] = []
    void (async () => {
      const cache = typeof caches === 'undefined' ? null : await caches.open(IMAGE_CACHE).catch(() => null)
      const next: Record<string, string> = {}
      for (const url of key ? key.split('\n') : []) {
        try {
          let res = (await cache?.match(url)) ?? null
          if (!res) {
            const fetched = await fetch(url)
            if (!fetched.ok) continue
            await cache?.put(url, fetched.clone())
            res = fetched
          }
          const object = URL.createObjectURL(await res.blob())
          made.push(object)
          next[url] = object
        } catch {
          // offline and not cached: the segment shows without it
        }
      }
      if (!stopped) setObjects(next)
    })()
    return () => {
      stopped = true
      for (const u of made) URL.revokeObjectURL(u)
    }
  }, [key])
  return objects
}

function Player({ credential, onRevoked }: { credential: string; onRevoked: () => void }) {
  const t = useT('bo-signage')
  const [playlist, setPlaylist] = useState<SignagePlaylist | null>(() => readStoredPlaylist(localStorage))
  const [online, setOnline] = useState(false)
  const [pickup, setPickup] = useState<PickupBoard>(new Map())
  const [override, setOverride] = useState<Override | null>(null)
  const { notice, show: showNotice } = useDeviceNotice()
  const [playing, setPlaying] = useState<{ index: number; segment: SignagePlayerSegment } | null>(null)
  const playlistRef = useRef(playlist)
  playlistRef.current = playlist
  const images = useCachedImages(playlist?.images ?? [])

  const load = useCallback(async (): Promise<SignagePlaylist | null> => {
    try {
      const res = await fetch('/api/device/signage', {
        headers: { authorization: `Device ${credential}` },
        cache: 'no-store',
      })
      if (res.status === 401) {
        onRevoked()
        return null
      }
      if (!res.ok) return null
      const next = ((await res.json()) as { data: SignagePlaylist }).data
      localStorage.setItem(PLAYLIST_KEY, JSON.stringify(next))
      setPlaylist(next)
      if (next.pickup && !socketLive.current) setPickup(pickupFromPlaylist(next))
      note('playlist loaded')
      return next
    } catch {
      return null
    }
  }, [credential, onRevoked])

  // The socket: auth as the device, the pickup room, commands with their ack; back-off reconnects.
  const socketLive = useRef(false)
  const pickupBranch = pickupBranchOf(playlist)
  const pickupBranchRef = useRef(pickupBranch)
  pickupBranchRef.current = pickupBranch
  const wsRef = useRef<WebSocket | null>(null)
  useEffect(() => {
    let stopped = false
    let attempt = 0
    let retry: ReturnType<typeof setTimeout> | undefined
    let heartbeat: ReturnType<typeof setInterval> | undefined
    let overrideTimer: ReturnType<typeof setTimeout> | undefined
    const connect = () => {
      if (stopped) return
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`)
      wsRef.current = ws
      let lastMessage = Date.now()
      const send = (m: unknown) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(m))
      ws.onopen = () => send({ type: 'auth', credential })
      ws.onmessage = (event) => {
        lastMessage = Date.now()
        let m: Record<string, unknown>
        try {
          m = JSON.parse(String(event.data)) as Record<string, unknown>
        } catch {
          return
        }
        if (m.type === 'authenticated') {
          attempt = 0
          socketLive.current = true
          setOnline(true)
          note('socket authenticated')
          void load()
          if (pickupBranchRef.current)
            send({ type: 'subscribe', topic: 'pickup', branchId: pickupBranchRef.current })
          return
        }
        if (m.topic === 'pickup' && m.type === 'snapshot')
          return setPickup(pickupFromSnapshot(m.orders as PickupEntry[]))
        if (m.topic === 'pickup' && m.type === 'update')
          return setPickup((b) => applyPickupUpdate(b, m as never))
        if (m.type !== 'command') return
        const commandId = String(m.commandId)
        const command = commandOf(String(m.command), m.payload)
        const ack = (ok: boolean, error?: string) =>
          send({ type: 'ack', commandId, ok, ...(error ? { error } : {}) })
        note(`command ${command.kind}`)
        // Only what replaces the override stops its timer (a reload must not make it stay).
        if (command.kind === 'identify' || command.kind === 'showSegment' || command.kind === 'abort')
          clearTimeout(overrideTimer)
        switch (command.kind) {
          case 'reload':
            ack(true)
            void load()
            return
          case 'identify':
            setOverride({ kind: 'identify' })
            overrideTimer = setTimeout(() => setOverride(null), IDENTIFY_MS)
            return ack(true)
          case 'showSegment': {
            const segment = playlistRef.current?.segments[command.segmentId]
            if (!segment) return ack(false, 'unknown segment')
            const ms = segment.durationSeconds * 1000
            setOverride({ kind: 'segment', segment, ms })
            overrideTimer = setTimeout(() => setOverride(null), ms)
            return ack(true)
          }
          case 'abort':
            setOverride(null)
            return ack(true)
          case 'notify':
            // The registry's test notification: shown for a while, so staff see it arrived.
            showNotice(m.payload)
            return ack(true)
          case 'requestLogs':
            ack(true)
            sendDeviceLogs(credential, logLines())
            return
          default:
            return ack(false, 'unknown command')
        }
      }
      ws.onclose = (event) => {
        wsRef.current = null
        socketLive.current = false
        clearInterval(heartbeat)
        setOnline(false)
        if (stopped) return
        if (event.code === 4401) {
          // Revoked or paired anew: the playlist answers 401 if so.
          void load()
        }
        note(`socket closed ${event.code}`)
        retry = setTimeout(connect, reconnectDelay(attempt++))
      }
      ws.onerror = () => ws.close()
      heartbeat = setInterval(() => {
        if (Date.now() - lastMessage > HEARTBEAT_MS * 2.5) return ws.close()
        send({ type: 'ping' })
      }, HEARTBEAT_MS)
    }
    // The browser knows first when the network is gone: the socket is closed at once (and
    // tried again with back-off); back online, the next attempt goes now.
    const offline = () => {
      socketLive.current = false
      setOnline(false)
      wsRef.current?.close()
    }
    const online = () => {
      if (wsRef.current) return
      clearTimeout(retry)
      attempt = 0
      connect()
    }
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    connect()
    return () => {
      stopped = true
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
      clearTimeout(retry)
      clearTimeout(overrideTimer)
      clearInterval(heartbeat)
      wsRef.current?.close()
    }
  }, [credential, load, showNotice])

  // The pickup room follows the playlist (a stream with a pickup display assigned later).
  useEffect(() => {
    const ws = wsRef.current
    if (pickupBranch && ws?.readyState === WebSocket.OPEN && socketLive.current)
      ws.send(JSON.stringify({ type: 'subscribe', topic: 'pickup', branchId: pickupBranch }))
  }, [pickupBranch])

  // While the socket is away: the playlist (and its pickup numbers) every 10 s.
  useEffect(() => {
    if (online) return
    void load()
    const timer = setInterval(() => void load(), POLL_MS)
    return () => clearInterval(timer)
  }, [online, load])

  // The loop: the next scheduled item when the current one's time is up. It starts again when
  // the stream changes, not on every reload of the same playlist (prices, pickup numbers).
  const streamKey = JSON.stringify(playlist?.stream ?? null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts when the stream changes (streamKey)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let current = -1
    const step = () => {
      const next = nextToPlay(playlistRef.current, current, new Date())
      if (!next) {
        current = -1
        setPlaying(null)
        timer = setTimeout(step, POLL_MS)
        return
      }
      current = next.index
      setPlaying({ index: next.index, segment: next.segment })
      timer = setTimeout(step, next.ms)
    }
    step()
    return () => clearTimeout(timer)
  }, [streamKey])

  const shown = override?.kind === 'segment' ? override.segment : playing?.segment
  return (
    <main className="signage" data-testid="signage-player">
      <h1 className="signage-visually-hidden">{playlist?.screen?.name ?? t('title')}</h1>
      {shown ? (
        <SegmentView segment={shown} playlist={playlist!} images={images} pickup={pickup} />
      ) : (
        <Fallback playlist={playlist} images={images} />
      )}
      {override?.kind === 'identify' && (
        <div className="signage-identify" role="status" data-testid="signage-identify">
          {playlist?.screen?.name ?? t('unassigned')}
        </div>
      )}
      {notice && (
        <div className="signage-notice" role="status" data-testid="signage-notification">
          {notice}
        </div>
      )}
      {!online && (
        <span className="signage-offline" role="img" aria-label={t('offline')} title={t('offline')} />
      )}
    </main>
  )
}

function pickupFromPlaylist(playlist: SignagePlaylist): PickupBoard {
  // Without the socket only the numbers are known: their order ids are made up from them.
  const entries: PickupEntry[] = [
    ...(playlist.pickup?.preparing ?? []).map((n) => ({
      orderId: `#${n}`,
      ticketNumber: n,
      state: 'preparing' as const,
    })),
    ...(playlist.pickup?.ready ?? []).map((n) => ({
      orderId: `#${n}`,
      ticketNumber: n,
      state: 'ready' as const,
    })),
  ]
  return pickupFromSnapshot(entries)
}

function Fallback({
  playlist,
  images,
}: {
  playlist: SignagePlaylist | null
  images: Record<string, string>
}) {
  const logo = playlist?.shop.logoUrl ? images[playlist.shop.logoUrl] : undefined
  return (
    <section className="signage-fallback" data-testid="signage-fallback">
      {logo && <img src={logo} alt="" />}
      <p>{playlist?.shop.name || playlist?.branch?.name || ''}</p>
    </section>
  )
}

function SegmentView({
  segment,
  playlist,
  images,
  pickup,
}: {
  segment: SignagePlayerSegment
  playlist: SignagePlaylist
  images: Record<string, string>
  pickup: PickupBoard
}) {
  const t = useT('bo-signage')
  if (segment.type === 'image') {
    const src = segment.imageUrl ? images[segment.imageUrl] : undefined
    return (
      <section className={`signage-image signage-fit-${segment.fit}`} data-testid="signage-segment">
        {src && <img src={src} alt={segment.name} />}
      </section>
    )
  }
  if (segment.type === 'pickup') {
    const { preparing, ready } = pickupView(pickup)
    return (
      <section className="signage-pickup" data-testid="signage-pickup">
        <div className="signage-pickup-column">
          <h2>{t('pickup.preparing')}</h2>
          <ul aria-label={t('pickup.preparing')} data-testid="pickup-preparing">
            {preparing.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
        <div className="signage-pickup-column signage-pickup-ready">
          <h2>{t('pickup.ready')}</h2>
          <ul aria-label={t('pickup.ready')} data-testid="pickup-ready">
            {ready.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      </section>
    )
  }
  if (segment.type === 'menu') {
    const currency = playlist.branch?.currency ?? 'CHF'
    const locale = (playlist.branch?.locale ?? 'de-CH') as Parameters<typeof formatMoney>[2]
    return (
      <section className="signage-menu" data-testid="signage-segment">
        <h2>{segment.name}</h2>
        <ul>
          {segment.products.map((p) => (
            <li key={p.id} className={p.soldOut ? 'signage-sold-out' : undefined}>
              <span>{p.name}</span>
              <span>{p.soldOut ? t('menu.soldOut') : formatMoney(p.price as never, currency, locale)}</span>
            </li>
          ))}
        </ul>
      </section>
    )
  }
  return <ContentView segment={segment} />
}

/** A page's or block's content: formatted text sanitized (content-segment.ts), within a bound. */
function ContentView({ segment }: { segment: SignagePlayerSegment }) {
  const blocks = useMemo(() => contentBlocks(segment.content, parseHtml), [segment.content])
  return (
    <section className="signage-content" data-testid="signage-segment">
      <h2>{segment.title ?? segment.name}</h2>
      <div className="signage-content-body content-prose" data-testid="signage-content">
        {blocks.map((block, i) =>
          block.kind === 'plain' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed content
            <p key={i}>{block.text}</p>
          ) : (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed content
              key={i}
              className="signage-rich"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the shared allow-list (content-segment.ts)
              dangerouslySetInnerHTML={{ __html: block.html }}
            />
          ),
        )}
      </div>
    </section>
  )
}
