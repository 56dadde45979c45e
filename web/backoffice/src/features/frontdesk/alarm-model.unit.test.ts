import { describe, expect, it } from 'vitest'
import {
  type AlarmState,
  acknowledge,
  alarmTick,
  type awaitsAnswer,
  INITIAL_ALARM,
  pendingAlarms,
  withActed,
} from './alarm-model.ts'
import { ALERT_REPEAT_MS } from './board-model.ts'

const T = Date.parse('2026-11-24T09:00:00.000Z')
const at = (s: number) => new Date(T + s * 1000).toISOString()

type O = Parameters<typeof awaitsAnswer>[0]
const order = (id: string, createdSecond: number, over: Partial<O> = {}): O => ({
  id,
  status: 'awaitingConfirmation',
  createdAt: at(createdSecond),
  counterAppointmentStatus: 'none',
  ...over,
})

/** Runs the alarm's ticks at these seconds with these pending orders; the rings it made. */
function ringsAt(state: AlarmState, pending: string[], seconds: number[]) {
  let s = state
  const rings: number[] = []
  for (const second of seconds) {
    const step = alarmTick(s, pending, T + second * 1000)
    s = step.state
    if (step.ring) rings.push(second)
  }
  return { state: s, rings }
}

describe('new-order alarm', () => {
  it('given a new order, when nobody acknowledges it, then it rings at once and every 5 s', () => {
    const { state, rings } = ringsAt(INITIAL_ALARM, ['a'], [0, 1, 4.9, 5, 7, 10, 15])
    expect(rings).toEqual([0, 5, 10, 15])
    expect(state.rounds).toBe(4)
  })

  it('given the alarm rang, then the next look is due when the 5 s are over', () => {
    const first = alarmTick(INITIAL_ALARM, ['a'], T)
    expect(first).toMatchObject({ ring: true, fresh: ['a'], nextInMs: ALERT_REPEAT_MS })
    const between = alarmTick(first.state, ['a'], T + 2_000)
    expect(between).toMatchObject({ ring: false, fresh: [], nextInMs: 3_000 })
  })

  it('given a ringing alarm, when a second order arrives, then it rings at once for it (a notification)', () => {
    const first = alarmTick(INITIAL_ALARM, ['a'], T)
    const second = alarmTick(first.state, ['b', 'a'], T + 1_000)
    expect(second).toMatchObject({ ring: true, fresh: ['b'] })
  })

  it('given a tap anywhere on the board (no acknowledgement), then the alarm goes on', () => {
    // The cause of issue 18 point 9: a tap acknowledged every waiting order. A tap now only
    // unlocks the audio; the pending list stays as it was.
    const orders = [order('a', 0)]
    const state = withActed(INITIAL_ALARM, orders)
    expect(pendingAlarms(orders, state.seen)).toEqual(['a'])
  })

  it('given two new orders, when one is acknowledged, then it rings on for the other; quiet once both are', () => {
    const orders = [order('a', 0), order('b', 3)]
    let state = alarmTick(INITIAL_ALARM, pendingAlarms(orders, INITIAL_ALARM.seen), T).state
    state = acknowledge(state, ['b'])
    expect(pendingAlarms(orders, state.seen)).toEqual(['a'])
    expect(alarmTick(state, ['a'], T + 5_000).ring).toBe(true)
    state = acknowledge(state, ['a'])
    const quiet = alarmTick(state, pendingAlarms(orders, state.seen), T + 10_000)
    expect(quiet).toMatchObject({ ring: false, nextInMs: null })
    expect(quiet.state.lastRingAt).toBeNull()
  })

  it('given orders answered (confirmed, rejected, a new time proposed), then they are not announced, even back after an undo', () => {
    const orders = [
      order('confirmed', 0, { status: 'confirmed' }),
      order('rejected', 1, { status: 'rejected' }),
      order('proposed', 2, { counterAppointmentStatus: 'proposed' }),
      order('open', 3),
    ]
    const state = withActed(INITIAL_ALARM, orders)
    expect(pendingAlarms(orders, state.seen)).toEqual(['open'])
    // The confirmation is undone: the order awaits confirmation again, but was seen.
    const undone = [order('confirmed', 0), order('open', 3)]
    expect(pendingAlarms(undone, withActed(state, undone).seen)).toEqual(['open'])
    // Nothing new: the same state object (no re-render).
    expect(withActed(state, orders)).toBe(state)
  })

  it('lists the pending orders newest first (the banner jumps to the first)', () => {
    const orders = [order('a', 0), order('c', 20), order('b', 10)]
    expect(pendingAlarms(orders, new Set())).toEqual(['c', 'b', 'a'])
  })

  it('a clock set back does not silence it', () => {
    const first = alarmTick(INITIAL_ALARM, ['a'], T)
    expect(alarmTick(first.state, ['a'], T - 60_000).ring).toBe(true)
  })
})
