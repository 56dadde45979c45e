import { ALERT_REPEAT_MS, type BoardOrder } from './board-model.ts'

// The new-order alarm's rules (issue 18 point 9), pure and unit tested: which orders still need
// announcing, when the alarm rings again, what acknowledges an order. The alarm used to stop for
// good at any tap anywhere on the board (a capture handler acknowledged every waiting order);
// now only an explicit acknowledgement of an order ("Anzeigen", "Gesehen") or acting on it
// (confirm, reject, a new time proposed, cancel) ends its announcement, and the alarm rings every
// ALERT_REPEAT_MS while any order still needs it.

type AlarmOrder = Pick<BoardOrder, 'id' | 'status' | 'createdAt'> &
  Partial<Pick<BoardOrder, 'counterAppointmentStatus'>>

export type AlarmState = {
  /** Orders acknowledged or acted on: never announced again (also when an undo brings one back). */
  seen: ReadonlySet<string>
  /** Orders the alarm has rung for at least once (a newcomer rings at once). */
  announced: ReadonlySet<string>
  /** When the alarm rang last (ms); null while quiet. */
  lastRingAt: number | null
  /** How often it rang (the board's data-alerts, for tests: e2e cannot hear). */
  rounds: number
}

export const INITIAL_ALARM: AlarmState = {
  seen: new Set(),
  announced: new Set(),
  lastRingAt: null,
  rounds: 0,
}

/** An order waits for the shop's answer: awaiting confirmation, no new time proposed yet. */
export function awaitsAnswer(order: AlarmOrder): boolean {
  return order.status === 'awaitingConfirmation' && order.counterAppointmentStatus !== 'proposed'
}

/** The orders to announce, newest first (the banner names the first). */
export function pendingAlarms(orders: Iterable<AlarmOrder>, seen: ReadonlySet<string>): string[] {
  const pending: AlarmOrder[] = []
  for (const o of orders) if (awaitsAnswer(o) && !seen.has(o.id)) pending.push(o)
  pending.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id))
  return pending.map((o) => o.id)
}

/**
 * Orders that were answered (they left "awaiting confirmation", or a new time was proposed) count
 * as seen: an undo that brings one back into the new lane does not ring again.
 */
export function withActed(state: AlarmState, orders: Iterable<AlarmOrder>): AlarmState {
  let seen: Set<string> | undefined
  for (const o of orders) {
    if (awaitsAnswer(o) || state.seen.has(o.id)) continue
    seen ??= new Set(state.seen)
    seen.add(o.id)
  }
  return seen ? { ...state, seen } : state
}

/** Staff acknowledged these orders (or acted on them from the board). */
export function acknowledge(state: AlarmState, ids: Iterable<string>): AlarmState {
  const seen = new Set(state.seen)
  for (const id of ids) seen.add(id)
  return seen.size === state.seen.size ? state : { ...state, seen }
}

export type AlarmTick = {
  state: AlarmState
  /** Ring now. */
  ring: boolean
  /** The orders that ring for the first time (a browser notification each). */
  fresh: string[]
  /** When to look again (ms from now); null: nothing to announce. */
  nextInMs: number | null
}

/**
 * The alarm at `now` with `pending` orders to announce: it rings at once for a newcomer, else
 * every ALERT_REPEAT_MS since it rang last, as long as anything is pending; quiet otherwise.
 */
export function alarmTick(state: AlarmState, pending: readonly string[], now: number): AlarmTick {
  if (pending.length === 0) {
    const quiet = state.lastRingAt === null ? state : { ...state, lastRingAt: null }
    return { state: quiet, ring: false, fresh: [], nextInMs: null }
  }
  const fresh = pending.filter((id) => !state.announced.has(id))
  const due = state.lastRingAt === null || now - state.lastRingAt >= ALERT_REPEAT_MS || now < state.lastRingAt
  if (fresh.length === 0 && !due) {
    return { state, ring: false, fresh, nextInMs: (state.lastRingAt ?? now) + ALERT_REPEAT_MS - now }
  }
  const announced = new Set(state.announced)
  for (const id of fresh) announced.add(id)
  return {
    state: { ...state, announced, lastRingAt: now, rounds: state.rounds + 1 },
    ring: true,
    fresh,
    nextInMs: ALERT_REPEAT_MS,
  }
}
