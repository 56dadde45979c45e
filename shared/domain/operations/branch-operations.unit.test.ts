import { describe, expect, it } from 'vitest'
import {
  type BranchOperationsEvent,
  branchOperationsEventSchema,
} from '../../contracts/events/branch-operations.events.ts'
import type { Actor } from '../../contracts/events/order.events.ts'
import { BAKERY, zurich } from '../scheduling/scheduling.test-support.ts'
import {
  activeOperations,
  type BranchOperationsCommand,
  type BranchOperationsState,
  busyModeOf,
  decideOperations,
  evolveOperations,
  initialOperationsState,
  OperationsRuleError,
  operationEnd,
  soldOutUntil,
} from './branch-operations.ts'

// Friday 2026-03-27, 10:00 in Zürich.
const AT = new Date(zurich('2026-03-27 10:00')).toISOString()
const iso = (wall: string) => new Date(zurich(wall)).toISOString()
const actor: Actor = { kind: 'staff', id: 'u1', name: 'Lena Frontdesk' }
const base = { branchId: 'b1', at: AT, actor }

type Body = BranchOperationsCommand extends infer C
  ? C extends unknown
    ? Omit<C, keyof typeof base>
    : never
  : never

/** Runs commands one after the other (each at its own time), as the store does. */
function run(commands: (Body & { at?: string })[], state = initialOperationsState()) {
  const events: BranchOperationsEvent[] = []
  for (const command of commands) {
    const decided = decideOperations({ ...base, ...command } as BranchOperationsCommand, state)
    for (const event of decided) state = evolveOperations(state, event)
    events.push(...decided)
  }
  return { state, events }
}

describe('sold out ("86")', () => {
  it('marks a product until a time, with who and when', () => {
    const { state, events } = run([
      { type: 'MarkSoldOut', productId: 'p-brot', until: iso('2026-03-27 18:00') },
    ])
    expect(events).toEqual([
      {
        type: 'ProductSoldOut',
        branchId: 'b1',
        at: AT,
        actor,
        productId: 'p-brot',
        until: iso('2026-03-27 18:00'),
      },
    ])
    // Every event the domain makes is one the contract accepts.
    for (const event of events) expect(branchOperationsEventSchema.parse(event)).toEqual(event)
    expect(state.soldOut).toEqual({ 'p-brot': { until: iso('2026-03-27 18:00'), at: AT } })
  })

  it('comes back by itself when its time passes: reads compare with the clock, no job', () => {
    const { state } = run([{ type: 'MarkSoldOut', productId: 'p-brot', until: iso('2026-03-27 18:00') }])
    expect(activeOperations(state, zurich('2026-03-27 17:59')).soldOut.get('p-brot')).toBe(
      zurich('2026-03-27 18:00'),
    )
    expect(activeOperations(state, zurich('2026-03-27 18:00')).soldOut.has('p-brot')).toBe(false)
  })

  it('holds for what would be served before it ends, not after', () => {
    const active = activeOperations(
      run([{ type: 'MarkSoldOut', productId: 'p-brot', until: iso('2026-03-27 18:00') }]).state,
      zurich('2026-03-27 10:00'),
    )
    expect(soldOutUntil(active, 'p-brot', zurich('2026-03-27 12:00'))).toBe(zurich('2026-03-27 18:00'))
    expect(soldOutUntil(active, 'p-brot', zurich('2026-03-28 08:00'))).toBeNull()
    expect(soldOutUntil(active, 'p-zopf', zurich('2026-03-27 12:00'))).toBeNull()
  })

  it('can be put back early; putting back what is not sold out changes nothing', () => {
    const marked = run([{ type: 'MarkSoldOut', productId: 'p-brot', until: iso('2026-03-27 18:00') }]).state
    const back = run([{ type: 'MarkBackInStock', productId: 'p-brot' }], marked)
    expect(back.events.map((e) => e.type)).toEqual(['ProductBackInStock'])
    expect(back.state.soldOut).toEqual({})
    expect(run([{ type: 'MarkBackInStock', productId: 'p-brot' }], back.state).events).toEqual([])
    // Nor what has expired meanwhile.
    expect(
      run([{ type: 'MarkBackInStock', productId: 'p-brot', at: iso('2026-03-27 18:30') }], marked).events,
    ).toEqual([])
  })

  it('refuses a time that is not in the future, at the field', () => {
    expect(() => run([{ type: 'MarkSoldOut', productId: 'p-brot', until: AT }])).toThrow(OperationsRuleError)
    expect(() =>
      run([{ type: 'MarkSoldOut', productId: 'p-brot', until: iso('2026-03-27 09:00') }]),
    ).toThrowError(expect.objectContaining({ field: 'until', key: 'errors:errors.operationsUntilPast' }))
    expect(() => run([{ type: 'PauseOrders', until: AT }])).toThrowError(
      expect.objectContaining({ field: 'until' }),
    )
  })

  it('forgets marks that ended at the next event, so the state stays small', () => {
    const { state } = run([
      { type: 'MarkSoldOut', productId: 'p-brot', until: iso('2026-03-27 12:00') },
      {
        type: 'MarkSoldOut',
        productId: 'p-zopf',
        until: iso('2026-03-28 18:00'),
        at: iso('2026-03-27 13:00'),
      },
    ])
    expect(Object.keys(state.soldOut)).toEqual(['p-zopf'])
  })
})

describe('busy mode', () => {
  it('pauses and resumes; resuming when nothing is paused changes nothing', () => {
    const paused = run([{ type: 'PauseOrders', until: iso('2026-03-27 10:30') }])
    expect(paused.events.map((e) => e.type)).toEqual(['OrdersPaused'])
    expect(activeOperations(paused.state, zurich('2026-03-27 10:10')).pausedUntil).toBe(
      zurich('2026-03-27 10:30'),
    )
    expect(activeOperations(paused.state, zurich('2026-03-27 10:30')).pausedUntil).toBeNull()
    const resumed = run([{ type: 'ResumeOrders', at: iso('2026-03-27 10:05') }], paused.state)
    expect(resumed.events.map((e) => e.type)).toEqual(['OrdersResumed'])
    expect(resumed.state.pause).toBeNull()
    expect(run([{ type: 'ResumeOrders' }], resumed.state).events).toEqual([])
    expect(run([{ type: 'ResumeOrders', at: iso('2026-03-27 11:00') }], paused.state).events).toEqual([])
  })

  it('extends the preparation time for a period and resets it early', () => {
    const { state, events } = run([
      { type: 'ExtendPreparationTime', extraMinutes: 30, until: iso('2026-03-27 12:00') },
    ])
    expect(events[0]).toMatchObject({ type: 'PreparationTimeExtended', extraMinutes: 30 })
    expect(activeOperations(state, zurich('2026-03-27 11:00')).preparation).toEqual({
      extraMinutes: 30,
      until: zurich('2026-03-27 12:00'),
    })
    expect(activeOperations(state, zurich('2026-03-27 12:00')).preparation).toBeNull()
    const reset = run([{ type: 'ResetPreparationTime' }], state)
    expect(reset.events.map((e) => e.type)).toEqual(['PreparationTimeReset'])
    expect(run([{ type: 'ResetPreparationTime' }], reset.state).events).toEqual([])
  })

  it('refuses extra minutes off the 5-minute grid or above the maximum', () => {
    for (const extraMinutes of [0, 7, 245]) {
      expect(() =>
        run([{ type: 'ExtendPreparationTime', extraMinutes, until: iso('2026-03-27 12:00') }]),
      ).toThrowError(expect.objectContaining({ field: 'extraMinutes' }))
    }
  })

  it('gives the scheduling rules the busy mode: later times only where the branch takes pre-orders', () => {
    const state: BranchOperationsState = run([
      { type: 'PauseOrders', until: iso('2026-03-27 10:30') },
      { type: 'ExtendPreparationTime', extraMinutes: 15, until: iso('2026-03-27 12:00') },
    ]).state
    const active = activeOperations(state, zurich('2026-03-27 10:10'))
    expect(busyModeOf(active, { isPreorderEnabled: true })).toEqual({
      pausedUntil: zurich('2026-03-27 10:30'),
      laterTimes: true,
      extraMinutes: 15,
      extraUntil: zurich('2026-03-27 12:00'),
    })
    expect(busyModeOf(active, { isPreorderEnabled: false }).laterTimes).toBe(false)
    expect(busyModeOf(active, { isQuotationRequired: true }).laterTimes).toBe(true)
  })
})

describe('operationEnd', () => {
  it('is so many minutes from now, or the end of the business day', () => {
    const branch = { timeZone: 'Europe/Zurich', openingHours: BAKERY }
    const now = zurich('2026-03-27 10:00')
    expect(operationEnd({ minutes: 15 }, branch, now)).toBe(zurich('2026-03-27 10:15'))
    expect(operationEnd({ untilEndOfDay: true }, branch, now)).toBe(zurich('2026-03-27 18:00'))
  })
})
