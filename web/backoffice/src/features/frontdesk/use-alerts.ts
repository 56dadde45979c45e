import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { ALERT_REPEAT_MS, type BoardOrder, unacknowledged } from './board-model.ts'

// The board's announcement of new orders: a beep made with Web Audio (no file to load), repeated
// every 5 s until someone acts on the board (any click or key on it) or no unacknowledged order
// awaits confirmation any more; a browser notification per new order where permission is granted.
// Browsers only play sound after a user gesture, so the first interaction unlocks the audio.
// Test hook (e2e cannot hear): the board element carries data-alerting="true|false" and
// data-alerts="<number of alert rounds fired>", data-sound="on|off".

type AudioCtor = typeof AudioContext

class Beeper {
  private ctx: AudioContext | undefined
  get unlocked(): boolean {
    return this.ctx?.state === 'running'
  }
  /** Must run inside a user gesture. */
  async unlock(): Promise<boolean> {
    const Ctor =
      (globalThis as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor }).AudioContext ??
      (globalThis as { webkitAudioContext?: AudioCtor }).webkitAudioContext
    if (!Ctor) return false
    try {
      this.ctx ??= new Ctor()
      if (this.ctx.state !== 'running') await this.ctx.resume()
    } catch {
      return false
    }
    return this.unlocked
  }
  /** Two short tones, loud enough for a busy counter. */
  beep(): void {
    const ctx = this.ctx
    if (ctx?.state !== 'running') return
    const start = ctx.currentTime
    for (const [i, freq] of [880, 1175, 880].entries()) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = 'square'
      osc.frequency.value = freq
      const at = start + i * 0.22
      gain.gain.setValueAtTime(0.0001, at)
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18)
      osc.connect(gain).connect(ctx.destination)
      osc.start(at)
      osc.stop(at + 0.2)
    }
  }
}

export type NotificationState = 'unsupported' | 'default' | 'granted' | 'denied'

function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : (Notification.permission as NotificationState)
}

export type BoardAlerts = {
  /** Whether unacknowledged new orders are being announced. */
  alerting: boolean
  pendingCount: number
  soundOn: boolean
  notifications: NotificationState
  /** Everything awaiting now counts as seen; also unlocks the audio. Call from a user gesture. */
  acknowledge(): void
  askNotifications(): Promise<void>
}

export function useBoardAlerts(
  orders: readonly BoardOrder[],
  board: RefObject<HTMLElement | null>,
  notify: (order: BoardOrder) => { title: string; body: string },
): BoardAlerts {
  const beeper = useRef<Beeper>(null)
  beeper.current ??= new Beeper()
  const acknowledged = useRef(new Set<string>())
  const announced = useRef(new Set<string>())
  const rounds = useRef(0)
  // Bumped when an interaction acknowledges orders, so the pending list is computed again.
  const [, setAckGeneration] = useState(0)
  const [soundOn, setSoundOn] = useState(false)
  const [notifications, setNotifications] = useState<NotificationState>(notificationState)

  const pending = unacknowledged(orders, acknowledged.current)
  const pendingKey = pending.join(',')
  const notifyRef = useRef(notify)
  notifyRef.current = notify
  const ordersRef = useRef(orders)
  ordersRef.current = orders

  const fire = useCallback(() => {
    rounds.current += 1
    const el = board.current
    if (el) el.dataset.alerts = String(rounds.current)
    beeper.current?.beep()
  }, [board])

  useEffect(() => {
    if (!pendingKey) return
    const ids = pendingKey.split(',')
    const fresh = ids.filter((id) => !announced.current.has(id))
    for (const id of fresh) announced.current.add(id)
    if (fresh.length > 0) {
      fire()
      if (notificationState() === 'granted') {
        for (const id of fresh) {
          const order = ordersRef.current.find((o) => o.id === id)
          if (!order) continue
          try {
            const { title, body } = notifyRef.current(order)
            new Notification(title, { body, tag: `order-${id}` })
          } catch {
            // some browsers only allow notifications from a service worker
          }
        }
      }
    }
    const timer = setInterval(fire, ALERT_REPEAT_MS)
    return () => clearInterval(timer)
  }, [pendingKey, fire])

  const acknowledge = useCallback(() => {
    let changed = false
    for (const o of ordersRef.current) {
      if (o.status === 'awaitingConfirmation' && !acknowledged.current.has(o.id)) {
        acknowledged.current.add(o.id)
        changed = true
      }
    }
    // After the event: a render inside a click's capture phase would reset a controlled
    // checkbox the click is toggling (React restores its old state, the change is lost).
    if (changed) setTimeout(() => setAckGeneration((n) => n + 1), 0)
    const b = beeper.current
    if (b && !b.unlocked) void b.unlock().then((on) => setTimeout(() => setSoundOn(on), 0))
  }, [])

  const askNotifications = useCallback(async () => {
    if (typeof Notification === 'undefined') return
    try {
      setNotifications((await Notification.requestPermission()) as NotificationState)
    } catch {
      setNotifications(notificationState())
    }
  }, [])

  return {
    alerting: pending.length > 0,
    pendingCount: pending.length,
    soundOn,
    notifications,
    acknowledge,
    askNotifications,
  }
}
