import { describe, expect, it } from 'vitest'
import type { OrderLifecycle, OrderMachineContext } from './order.machine.ts'
import {
  allowedMachineEvents,
  canApply,
  FINAL_ORDER_STATUSES,
  initialLifecycle,
  isFinalStatus,
  nextLifecycle,
  ORDER_STATUSES,
  orderMachine,
  restoreSnapshot,
} from './order.machine.ts'

const cash: OrderMachineContext = { isDelivery: false, isOnlinePayment: false }
const onlineDelivery: OrderMachineContext = { isDelivery: true, isOnlinePayment: true }

const awaiting = (payment: OrderLifecycle['payment']): OrderLifecycle => ({
  status: 'awaitingConfirmation',
  payment,
  counterAppointment: 'none',
  questionnaire: 'open',
})

describe('order machine', () => {
  it('is one parallel machine with the four regions', () => {
    expect(orderMachine.id).toBe('order')
    expect(orderMachine.root.type).toBe('parallel')
    expect(Object.keys(orderMachine.root.states)).toEqual([
      'status',
      'payment',
      'counterAppointment',
      'questionnaire',
    ])
  })

  it('decides with named guards', () => {
    expect(Object.keys(orderMachine.implementations.guards).sort()).toEqual(
      [
        'hasPendingCounterAppointment',
        'isAwaitingConfirmation',
        'isDelivery',
        'isOnlinePayment',
        'isPaymentPending',
        'isUnfulfilled',
        'mayEditItems',
        'wasAcceptedByShop',
      ].sort(),
    )
  })

  it('given a cash order, when created, then no payment is required', () => {
    expect(initialLifecycle(cash)).toEqual(awaiting('notRequired'))
  })

  it('given an online payment, when created, then the payment is awaited', () => {
    expect(initialLifecycle(onlineDelivery)).toEqual(awaiting('awaiting'))
  })

  it('restores a snapshot from a stored lifecycle without replaying', () => {
    const lifecycle: OrderLifecycle = {
      status: 'inDelivery',
      payment: 'paid',
      counterAppointment: 'accepted',
      questionnaire: 'open',
    }
    const snapshot = restoreSnapshot(lifecycle, onlineDelivery)
    expect(snapshot.value).toEqual(lifecycle)
    expect(snapshot.context).toEqual(onlineDelivery)
    expect(snapshot.status).toBe('active')
  })

  it('keeps accepting events once the status is final', () => {
    const snapshot = restoreSnapshot({ ...awaiting('paid'), status: 'canceled' }, onlineDelivery)
    expect(snapshot.status).toBe('active')
    expect(snapshot.can({ type: 'REFUND' })).toBe(true)
  })

  it('sends a delivery out and marks any other order ready, by the isDelivery guard', () => {
    const confirmed: OrderLifecycle = { ...awaiting('notRequired'), status: 'confirmed' }
    expect(nextLifecycle(confirmed, { ...cash, isDelivery: true }, { type: 'IN_DELIVERY' })?.status).toBe(
      'inDelivery',
    )
    expect(nextLifecycle(confirmed, cash, { type: 'IN_DELIVERY' })?.status).toBe('ready')
  })

  it('fails an order with a pending payment in one step: status and payment together', () => {
    expect(nextLifecycle(awaiting('awaiting'), onlineDelivery, { type: 'FAIL' })).toEqual({
      ...awaiting('failed'),
      status: 'failed',
    })
  })

  it('answers canApply and nextLifecycle consistently, null when refused', () => {
    const lifecycle = awaiting('awaiting')
    expect(canApply(lifecycle, onlineDelivery, { type: 'CONFIRM' })).toBe(false)
    expect(nextLifecycle(lifecycle, onlineDelivery, { type: 'CONFIRM' })).toBeNull()
    expect(canApply(lifecycle, onlineDelivery, { type: 'PAYMENT_SUCCEEDED' })).toBe(true)
    expect(nextLifecycle(lifecycle, onlineDelivery, { type: 'PAYMENT_SUCCEEDED' })).toEqual(awaiting('paid'))
  })

  it('does not change the lifecycle it is given', () => {
    const lifecycle = awaiting('notRequired')
    nextLifecycle(lifecycle, cash, { type: 'CONFIRM' })
    expect(lifecycle).toEqual(awaiting('notRequired'))
  })

  it('lists the events allowed now', () => {
    expect(allowedMachineEvents(awaiting('notRequired'), cash)).toEqual([
      'CONFIRM',
      'REJECT',
      'CANCEL',
      'FAIL',
      'PROPOSE_COUNTER_APPOINTMENT',
      'EDIT_ITEM',
    ])
  })

  it('records a refund on a paid order in any status; paid → refunded only when unfulfilled', () => {
    const confirmedPaid: OrderLifecycle = { ...awaiting('paid'), status: 'confirmed' }
    expect(nextLifecycle(confirmedPaid, onlineDelivery, { type: 'RECORD_REFUND' })).toEqual(confirmedPaid)
    expect(canApply(confirmedPaid, onlineDelivery, { type: 'REFUND' })).toBe(false)
    const canceledPaid: OrderLifecycle = { ...awaiting('paid'), status: 'canceled' }
    expect(nextLifecycle(canceledPaid, onlineDelivery, { type: 'REFUND' })?.payment).toBe('refunded')
    const refunded: OrderLifecycle = { ...canceledPaid, payment: 'refunded' }
    expect(canApply(refunded, onlineDelivery, { type: 'RECORD_REFUND' })).toBe(false)
    expect(canApply(awaiting('awaiting'), onlineDelivery, { type: 'RECORD_REFUND' })).toBe(false)
  })

  it('lets items of an online order change only once it is paid', () => {
    expect(canApply(awaiting('awaiting'), onlineDelivery, { type: 'EDIT_ITEM' })).toBe(false)
    expect(canApply(awaiting('paid'), onlineDelivery, { type: 'EDIT_ITEM' })).toBe(true)
    expect(
      canApply({ ...awaiting('paid'), status: 'confirmed' }, onlineDelivery, { type: 'EDIT_ITEM' }),
    ).toBe(true)
  })

  it('knows the final statuses', () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual([...FINAL_ORDER_STATUSES])
    expect(FINAL_ORDER_STATUSES).toEqual(['completed', 'delivered', 'rejected', 'canceled', 'failed'])
    for (const status of FINAL_ORDER_STATUSES) {
      expect(orderMachine.root.states.status?.states[status]?.type).toBe('final')
    }
  })
})
