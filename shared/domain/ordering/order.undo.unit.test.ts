import { describe, expect, it } from 'vitest'
import type { OrderEvent } from '../../contracts/events/order.events.ts'
import { orderEventSchema } from '../../contracts/events/order.events.ts'
import type { LifecycleCommand, LifecycleCommandType, OrderState } from './order.decider.ts'
import { decide, evolve, foldOrder } from './order.decider.ts'
import { OrderRuleError } from './order.errors.ts'
import { canApply } from './order.machine.ts'
import {
  createOrderCommand,
  DELIVERY,
  lifecycleCommand,
  ORDER_ID,
  type OrderKind,
  staff,
  T0,
  TAKEAWAY,
  TAKEAWAY_ONLINE,
} from './order.test-support.ts'
import { decideUndo, UNDO_WINDOW_MS } from './order.undo.ts'
import { toPublicOrderView } from './order.views.ts'

// Undo of the last status change (issue 18 point 10): given an order's history, when staff undo
// at some time after the last step, then the compensating event (or the refusal and its reason).

/** T0 plus `seconds`. */
const sec = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString()

/** An order created at T0 that went through `steps`, each at the given second. */
function history(kind: OrderKind, steps: [LifecycleCommandType, number][]): OrderEvent[] {
  const events: OrderEvent[] = []
  let state: OrderState | null = null
  for (const event of decide(createOrderCommand(kind), null)) {
    events.push(event)
    state = evolve(state, event)
  }
  for (const [type, second] of steps) {
    for (const event of decide(lifecycleCommand(type, sec(second)), state)) {
      events.push(event)
      state = evolve(state, event)
    }
  }
  return events
}

const undo = (second: number): LifecycleCommand => ({
  type: 'UndoStatusChange',
  at: sec(second),
  actor: staff,
})

function given(events: OrderEvent[]) {
  const state = foldOrder(events) as OrderState
  return {
    state,
    when(command: LifecycleCommand) {
      return {
        thenEmits(expected: OrderEvent[]): OrderState {
          const produced = decide(command, state)
          expect(produced).toEqual(expected)
          for (const event of produced) expect(orderEventSchema.parse(event)).toEqual(event)
          return produced.reduce<OrderState | null>(evolve, state) as OrderState
        },
        thenRefuses(reason: RegExp) {
          let caught: unknown
          try {
            decide(command, state)
          } catch (error) {
            caught = error
          }
          expect(caught).toBeInstanceOf(OrderRuleError)
          expect((caught as OrderRuleError).code).toBe('illegal_transition')
          expect((caught as OrderRuleError).message).toMatch(reason)
        },
      }
    },
  }
}

const undoneEvent = (second: number, undone: string, from: string, to: string) =>
  ({
    type: 'OrderStatusChangeUndone',
    orderId: ORDER_ID,
    at: sec(second),
    actor: staff,
    undone,
    from,
    to,
  }) as OrderEvent

const EXPIRED =
  /^Die Aktion „Statusänderung rückgängig machen“ .* nicht möglich\. .*innerhalb von 10 Sekunden/
const NOTHING =
  /^Die Aktion „Statusänderung rückgängig machen“ .* nicht möglich\. Es gibt keine Statusänderung/

describe('undo of the last status change', () => {
  it('given a confirmed order, when undone 5 s later, then it awaits confirmation again and the step leaves the timeline', () => {
    const g = given(history(TAKEAWAY, [['ConfirmOrder', 60]]))
    const after = g
      .when(undo(65))
      .thenEmits([undoneEvent(65, 'OrderConfirmed', 'confirmed', 'awaitingConfirmation')])
    expect(after.lifecycle).toEqual({ ...g.state.lifecycle, status: 'awaitingConfirmation' })
    expect(after.timeline).toEqual([{ status: 'awaitingConfirmation', at: T0 }])
    expect(after.updatedAt).toBe(sec(65))
    // The status page follows: no longer confirmed, and it can be confirmed again.
    expect(toPublicOrderView(after)).toMatchObject({ status: 'awaitingConfirmation', isConfirmed: false })
    const again = decide(lifecycleCommand('ConfirmOrder', sec(70)), after)
    expect(again.map((e) => e.type)).toEqual(['OrderConfirmed'])
  })

  it.each([
    ['ready (takeaway)', TAKEAWAY, 'MarkInDelivery', 'OrderMarkedInDelivery', 'ready', 'confirmed'],
    ['in delivery', DELIVERY, 'MarkInDelivery', 'OrderMarkedInDelivery', 'inDelivery', 'confirmed'],
    ['completed', TAKEAWAY, 'CompleteOrder', 'OrderCompleted', 'completed', 'confirmed'],
  ] as const)(
    'given an order just marked %s, when undone within 10 s, then it is back where it was',
    (_n, kind, step, undone, from, to) => {
      const g = given(
        history(kind, [
          ['ConfirmOrder', 10],
          [step, 60],
        ]),
      )
      const after = g.when(undo(70)).thenEmits([undoneEvent(70, undone, from, to)])
      expect(after.lifecycle.status).toBe(to)
      expect(after.timeline.map((s) => s.status)).toEqual(['awaitingConfirmation', 'confirmed'])
      expect(after.lastStatusChange).toBeUndefined()
    },
  )

  it('given a delivered order, when undone, then it is in delivery again (not completed for the status page)', () => {
    const g = given(
      history(DELIVERY, [
        ['ConfirmOrder', 10],
        ['MarkInDelivery', 20],
        ['MarkDelivered', 30],
      ]),
    )
    const after = g.when(undo(31)).thenEmits([undoneEvent(31, 'OrderDelivered', 'delivered', 'inDelivery')])
    expect(toPublicOrderView(after)).toMatchObject({
      status: 'inDelivery',
      isCompleted: false,
      isDelivered: false,
    })
  })

  it('exactly 10 s is still in time; 10.001 s is refused with the reason', () => {
    const events = history(TAKEAWAY, [['ConfirmOrder', 60]])
    given(events)
      .when(undo(60 + UNDO_WINDOW_MS / 1000))
      .thenEmits([undoneEvent(70, 'OrderConfirmed', 'confirmed', 'awaitingConfirmation')])
    given(events).when(undo(70.001)).thenRefuses(EXPIRED)
  })

  it('given an undone change, when undone again, then it is refused: only the last change, once', () => {
    const events = history(TAKEAWAY, [
      ['ConfirmOrder', 10],
      ['MarkInDelivery', 20],
    ])
    const state = foldOrder(events) as OrderState
    const undone = decide(undo(21), state)
    given([...events, ...undone])
      .when(undo(22))
      .thenRefuses(NOTHING)
  })

  it('given another event after the status change (an item change), when undone, then it is refused', () => {
    given(
      history(TAKEAWAY, [
        ['ConfirmOrder', 10],
        ['ChangeOrderItem', 12],
      ]),
    )
      .when(undo(13))
      .thenRefuses(NOTHING)
  })

  it('given a counter-appointment the customer accepted, when staff undo, then it is refused (not their change)', () => {
    given(
      history(DELIVERY, [
        ['ProposeCounterAppointment', 10],
        ['AcceptCounterAppointment', 12],
      ]),
    )
      .when(undo(13))
      .thenRefuses(NOTHING)
  })

  it.each([
    ['rejected', TAKEAWAY, 'RejectOrder'],
    ['canceled', TAKEAWAY, 'CancelOrder'],
    ['failed', TAKEAWAY_ONLINE, 'FailOrder'],
  ] as const)(
    'given a %s order, when undone, then the machine refuses it: ends are never undone',
    (_n, kind, step) => {
      const g = given(history(kind, [[step, 10]]))
      expect(canApply(g.state.lifecycle, g.state, { type: 'UNDO_STATUS_CHANGE' })).toBe(false)
      g.when(undo(11)).thenRefuses(
        /^Die Aktion „Statusänderung rückgängig machen“ ist bei einer Bestellung im Status/,
      )
    },
  )

  it('given an order awaiting confirmation, when undone, then it is refused', () => {
    given(history(TAKEAWAY, []))
      .when(undo(1))
      .thenRefuses(/im Status „Wartet auf Bestätigung“ nicht möglich\.$/)
  })

  it('decideUndo: a state from before (no last change) has nothing to undo; a clock going back counts as in time', () => {
    const state = foldOrder(history(TAKEAWAY, [['ConfirmOrder', 10]])) as OrderState
    const { lastStatusChange: _gone, ...old } = state
    expect(decideUndo(old, sec(11))).toEqual({ ok: false, reason: 'error.reason.nothingToUndo' })
    expect(decideUndo(state, sec(9))).toMatchObject({ ok: true, to: 'awaitingConfirmation' })
    expect(decideUndo(state, 'not a date')).toEqual({ ok: false, reason: 'error.reason.undoExpired' })
  })

  it('the refusal speaks the caller’s language', () => {
    const state = foldOrder(history(TAKEAWAY, [['ConfirmOrder', 10]])) as OrderState
    let caught: OrderRuleError | undefined
    try {
      decide(undo(30), state)
    } catch (error) {
      caught = error as OrderRuleError
    }
    expect(caught?.render('en')).toMatch(/can only be undone within 10 seconds\.$/)
    expect(caught?.render('fr-FR')).toMatch(/dans les 10 secondes\.$/)
  })
})
