import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import {
  type AlarmState,
  acknowledge as acknowledgeIn,
  alarmTick,
  INITIAL_ALARM,
  pendingAlarms,
  withActed,
} from './alarm-model.ts'
import type { BoardOrder } from './board-model.ts'

// The board's announcement of new orders: a beep made with Web Audio (no file to load), repeated
// every 5 s until each new order is acknowledged (the banner's "Anzeigen" / "Gesehen") or acted on
// (confirm, reject, a new time, cancel): the rules are alarm-model.ts. Any touch or key on the
// board unlocks the audio (browsers only play sound after a user gesture) but acknowledges
// nothing: that used to silence the alarm for good (issue 18 point 9). A browser notification per
// new order where permission is granted.
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
    // Suspended by the browser meanwhile (a hidden tab, a power saver): the earlier gesture lets
    // it resume, and the next round is heard.
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => {})
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
  /** Whether new orders are being announced. */
  alerting: boolean
  pendingCount: number
  /** The orders still announced, newest first. */
  pending: readonly string[]
  soundOn: boolean
  notifications: NotificationState
  /** Unlocks the audio: call from any user gesture on the board (acknowledges nothing). */
  unlock(): void
  /** These orders count as seen (the banner's buttons, an action on the card). */
  acknowledge(ids: Iterable<string>): void
  askNotifications(): Promise<void>
}

export function useBoardAlerts(
  orders: readonly BoardOrder[],
  board: RefObject<HTMLElement | null>,
  notify: (order: BoardOrder) => { title: string; body: string },
): BoardAlerts {
  const beeper = useRef<Beeper>(null)
  beeper.current ??= new Beeper()
  const alarm = useRef<AlarmState>(INITIAL_ALARM)
  // Bumped when an acknowledgement changes what is pending, so it is computed again.
  const [, setGeneration] = useState(0)
  const [soundOn, setSoundOn] = useState(false)
  const [notifications, setNotifications] = useState<NotificationState>(notificationState)

  // Orders answered meanwhile (here or on another board) count as seen.
  alarm.current = withActed(alarm.current, orders)
  const pending = pendingAlarms(orders, alarm.current.seen)
  const pendingKey = pending.join(',')
  const notifyRef = useRef(notify)
  notifyRef.current = notify
  const ordersRef = useRef(orders)
  ordersRef.current = orders

  useEffect(() => {
    const ids = pendingKey ? pendingKey.split(',') : []
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => {
      const step = alarmTick(alarm.current, ids, Date.now())
      alarm.current = step.state
      if (step.ring) {
        const el = board.current
        if (el) el.dataset.alerts = String(step.state.rounds)
        beeper.current?.beep()
        if (step.fresh.length > 0 && notificationState() === 'granted') {
          for (const id of step.fresh) {
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
      if (step.nextInMs !== null) timer = setTimeout(tick, step.nextInMs)
    }
    tick()
    return () => clearTimeout(timer)
  }, [pendingKey, board])

  const acknowledge = useCallback((ids: Iterable<string>) => {
    const next = acknowledgeIn(alarm.current, ids)
    if (next === alarm.current) return
    alarm.current = next
    // After the event: a render inside a click's capture phase would reset a controlled
    // checkbox the click is toggling (React restores its old state, the change is lost).
    setTimeout(() => setGeneration((n) => n + 1), 0)
  }, [])

  const unlock = useCallback(() => {
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
    pending,
    soundOn,
    notifications,
    unlock,
    acknowledge,
    askNotifications,
  }
}
