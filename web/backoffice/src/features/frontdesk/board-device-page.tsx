/**
 * /backend/board-device: a board tablet as a paired device (issue 21 item 1; docs/devices.md
 * "Board-Tablet koppeln"). No login: unpaired it starts a pairing of kind `board` and shows the
 * code big with a QR code of the back-office's pairing page (lib/device-pairing.ts, shared with the
 * signage player); paired it keeps its own credential in localStorage and shows the ordinary board
 * of the branch its device is assigned to, with `{ kind: 'device' }` access (HTTP
 * `Authorization: Device …`, the live socket's `{ type: 'auth' }`). As a device it sends a
 * heartbeat every 30 s, answers the registry's commands (notify, reload, requestLogs) with an ack
 * over its device socket, and goes back to pairing once its credential is revoked (socket closed
 * with 4401 and the heartbeat answering 401).
 */
import { Notice, Spinner } from '@shop/ui'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
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
import { Board, type BoardOperations } from './board.tsx'
import type { BoardAccess } from './board-api.ts'
import './frontdesk.css'

export const BOARD_CREDENTIAL_KEY = 'shop.board.credential'
const HEARTBEAT_MS = 30_000
const PING_MS = 10_000
const RECONNECT_MS: readonly number[] = [250, 1000, 2000, 5000, 10_000]

const { note, lines: logLines } = deviceLog()

export function BoardDevicePage({ operations }: { operations?: BoardOperations }) {
  const t = useT('bo-frontdesk')
  const [credential, setCredential] = useState<string | null>(() => storedCredential(BOARD_CREDENTIAL_KEY))
  const onPaired = useCallback((c: string) => {
    keepCredential(BOARD_CREDENTIAL_KEY, c)
    note('paired')
    setCredential(c)
  }, [])
  const onRevoked = useCallback(() => {
    dropCredential(BOARD_CREDENTIAL_KEY)
    note('credential revoked')
    setCredential(null)
  }, [])
  return credential ? (
    <PairedBoard credential={credential} onRevoked={onRevoked} {...(operations ? { operations } : {})} />
  ) : (
    <PairingScreen
      kind="board"
      onPaired={onPaired}
      t={t}
      prefix="device"
      classes={PAIRING_CLASSES}
      mainId="main"
      testId="board-pairing"
    />
  )
}

const PAIRING_CLASSES = {
  page: 'fd-page fd-page--kiosk fd-pairing',
  hint: 'fd-pairing__hint',
  code: 'fd-pairing__code',
  qr: 'fd-pairing__qr',
  hidden: 'ui-visually-hidden',
}

type Self = { deviceId: string; branch: string | null; name: string }

/** POST /api/device/heartbeat: who this device is; 'revoked' on 401, null when unreachable. */
async function heartbeat(credential: string): Promise<Self | 'revoked' | null> {
  try {
    const res = await fetch('/api/device/heartbeat', {
      method: 'POST',
      headers: { authorization: `Device ${credential}`, 'content-type': 'application/json' },
      body: JSON.stringify({ info: { page: 'board' } }),
      cache: 'no-store',
    })
    if (res.status === 401) return 'revoked'
    if (!res.ok) return null
    return ((await res.json()) as { data: Self }).data
  } catch {
    return null
  }
}

function PairedBoard({
  credential,
  onRevoked,
  operations,
}: {
  credential: string
  onRevoked: () => void
  operations?: BoardOperations
}) {
  const t = useT('bo-frontdesk')
  const [self, setSelf] = useState<Self | null>(null)
  const { notice, show: showNotice } = useDeviceNotice()

  // The heartbeat: at once, then every 30 s (online and last seen in the registry; learns the branch).
  useEffect(() => {
    let stopped = false
    const beat = async () => {
      const answer = await heartbeat(credential)
      if (stopped) return
      if (answer === 'revoked') return onRevoked()
      if (answer) setSelf((had) => (had?.branch === answer.branch && had.name === answer.name ? had : answer))
    }
    void beat()
    const timer = setInterval(() => void beat(), HEARTBEAT_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [credential, onRevoked])

  // The device socket: auth, pings, the registry's commands with their ack; back-off reconnects.
  useEffect(() => {
    let stopped = false
    let attempt = 0
    let ws: WebSocket | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let ping: ReturnType<typeof setInterval> | undefined
    const connect = () => {
      if (stopped) return
      const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`)
      ws = socket
      const send = (m: unknown) => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(m))
      socket.onopen = () => send({ type: 'auth', credential })
      socket.onmessage = (event) => {
        let m: Record<string, unknown>
        try {
          m = JSON.parse(String(event.data)) as Record<string, unknown>
        } catch {
          return
        }
        if (m.type === 'authenticated') {
          attempt = 0
          note('socket authenticated')
          return
        }
        if (m.type !== 'command') return
        const commandId = String(m.commandId)
        const ack = (ok: boolean, error?: string) =>
          send({ type: 'ack', commandId, ok, ...(error ? { error } : {}) })
        note(`command ${String(m.command)}`)
        switch (m.command) {
          case 'notify':
            showNotice(m.payload)
            return ack(true)
          case 'reload':
            ack(true)
            setTimeout(() => location.reload(), 100)
            return
          case 'requestLogs':
            ack(true)
            sendDeviceLogs(credential, logLines())
            return
          default:
            return ack(false, 'unknown command')
        }
      }
      socket.onclose = (event) => {
        clearInterval(ping)
        if (ws === socket) ws = undefined
        if (stopped) return
        note(`socket closed ${event.code}`)
        if (event.code === 4401) {
          // Revoked (or paired anew): the heartbeat answers 401 if so.
          void heartbeat(credential).then((answer) => {
            if (!stopped && answer === 'revoked') onRevoked()
          })
        }
        retry = setTimeout(connect, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)])
      }
      socket.onerror = () => socket.close()
      ping = setInterval(() => send({ type: 'ping' }), PING_MS)
    }
    connect()
    return () => {
      stopped = true
      clearTimeout(retry)
      clearInterval(ping)
      ws?.close()
    }
  }, [credential, onRevoked, showNotice])

  const branchId = self?.branch ?? null
  const access = useMemo<BoardAccess | null>(
    () => (branchId ? { kind: 'device', branchId, credential } : null),
    [branchId, credential],
  )

  let body: ReactNode
  if (!self) body = <Spinner label={t('device.connecting')} />
  else if (!access)
    body = (
      <Notice tone="warning">
        <p>{t('device.noBranch')}</p>
      </Notice>
    )
  else body = <Board access={access} {...(operations ? { operations } : {})} />

  return (
    <main id="main" className="fd-page fd-page--kiosk" data-testid="board-device">
      {body}
      <div
        className="fd-device-notice"
        role="status"
        aria-label={t('device.notice')}
        data-testid="device-notice"
      >
        {notice}
      </div>
    </main>
  )
}
