/**
 * The screen side of a device's pairing (issue 21; docs/devices.md "The device protocol"), shared
 * by the signage player (/backend/signage) and the board tablet (/backend/board-device): starts a
 * pairing of its kind, shows the code and a QR code of the back-office's pairing page, polls until
 * an admin paired it (a new code when the old one expired or was taken), and keeps the credential
 * in localStorage.
 */
import { paths } from '@shop/ui/routes'
import QRCode from 'qrcode'
import { useCallback, useEffect, useRef, useState } from 'react'

export type PairingStarted = { pairingId: string; code: string; secret: string; expiresAt: string }
export type Pairing = PairingStarted & { qr: string | null }

const POLL_MS = 1500
const RETRY_MS = 5000

/** The stored credential of this device (its localStorage key), or null. */
export function storedCredential(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function keepCredential(key: string, credential: string): void {
  localStorage.setItem(key, credential)
}

export function dropCredential(key: string): void {
  localStorage.removeItem(key)
}

/**
 * A running pairing of a device of `kind`: the code and QR to show (null while starting) and
 * whether the server was unreachable (tried again every 5 s). `onPaired` gets the credential once.
 */
export function usePairing(
  kind: 'board' | 'signage',
  onPaired: (credential: string) => void,
): { pairing: Pairing | null; failed: boolean } {
  const [pairing, setPairing] = useState<Pairing | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const start = async () => {
      try {
        const res = await fetch('/api/device-pairing', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ kind }),
        })
        if (!res.ok) throw new Error(String(res.status))
        const started = ((await res.json()) as { data: PairingStarted }).data
        const url = `${location.origin}${paths.backend.url(paths.backend.devicePair(started.code))}`
        const qr = await QRCode.toDataURL(url, { margin: 1, width: 320 }).catch(() => null)
        if (stopped) return
        setFailed(false)
        setPairing({ ...started, qr })
        poll(started)
      } catch {
        if (stopped) return
        setFailed(true)
        timer = setTimeout(start, RETRY_MS)
      }
    }
    const poll = (started: PairingStarted) => {
      timer = setTimeout(async () => {
        if (stopped) return
        if (Date.parse(started.expiresAt) <= Date.now()) return start()
        try {
          const res = await fetch(`/api/device-pairing/${started.pairingId}`, {
            headers: { 'x-pairing-secret': started.secret },
            cache: 'no-store',
          })
          if (res.status === 404) return start()
          const body = (await res.json()) as { data: { status: string; credential?: string } }
          if (body.data.status === 'paired' && body.data.credential) return onPaired(body.data.credential)
          if (body.data.status === 'claimed') return start()
        } catch {
          // offline for a moment: asked again
        }
        poll(started)
      }, POLL_MS)
    }
    void start()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [kind, onPaired])

  return { pairing, failed }
}

/**
 * A device page's own log (the last 500 lines, kept in memory): what "Log anfordern" in the
 * registry receives (`requestLogs`, sent with `sendDeviceLogs`).
 */
export function deviceLog(): { note: (line: string) => void; lines: () => string[] } {
  const lines: string[] = []
  return {
    note: (line) => {
      lines.push(`${new Date().toISOString()} ${line}`.slice(0, 200))
      if (lines.length > 500) lines.shift()
    },
    lines: () => lines.slice(-500),
  }
}

/** Answers the registry's `requestLogs`: the device's log lines, with its credential. */
export function sendDeviceLogs(credential: string, lines: string[]): void {
  void fetch('/api/device/logs', {
    method: 'POST',
    headers: { authorization: `Device ${credential}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lines }),
  }).catch(() => undefined)
}

const NOTICE_MS = 10_000

/**
 * The registry's test notification (`notify`) on a device's screen: its text (or ✓) for 10 s.
 * `show` takes the command's payload.
 */
export function useDeviceNotice(): { notice: string | null; show: (payload: unknown) => void } {
  const [notice, setNotice] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const show = useCallback((payload: unknown) => {
    const text = (payload as { text?: unknown } | null)?.text
    clearTimeout(timer.current)
    setNotice(typeof text === 'string' && text.trim() ? text.trim().slice(0, 200) : '✓')
    timer.current = setTimeout(() => setNotice(null), NOTICE_MS)
  }, [])
  return { notice, show }
}
