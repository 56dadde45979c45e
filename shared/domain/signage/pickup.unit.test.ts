import { describe, expect, it } from 'vitest'
import { pickupColumns, pickupEntryOf, pickupStateOf } from './pickup.ts'

const order = (status: string, isDelivery = false) => ({ isDelivery, lifecycle: { status } })

describe('the pickup display', () => {
  it('shows confirmed orders as in preparation and ready ones as ready, nothing else', () => {
    expect(pickupStateOf(order('confirmed'))).toBe('preparing')
    expect(pickupStateOf(order('ready'))).toBe('ready')
    for (const status of ['awaitingConfirmation', 'completed', 'canceled', 'rejected', 'failed'])
      expect(pickupStateOf(order(status))).toBeNull()
    expect(pickupStateOf(order('confirmed', true))).toBeNull()
  })

  it('keeps only the order id, the ticket number and the state', () => {
    const state = { ...order('ready'), customer: { name: 'Erika Muster', phone: '+41 79 000 00 00' } }
    expect(pickupEntryOf({ orderId: 'o1', ticketNumber: 17, state })).toEqual({
      orderId: 'o1',
      ticketNumber: 17,
      state: 'ready',
    })
    expect(pickupEntryOf({ orderId: 'o2', ticketNumber: null, state })).toBeNull()
  })

  it('applies updates in order: the latest state of each order counts', () => {
    expect(
      pickupColumns([
        { orderId: 'a', ticketNumber: 12, state: 'preparing' },
        { orderId: 'b', ticketNumber: 3, state: 'preparing' },
        { orderId: 'c', ticketNumber: 7, state: 'ready' },
        { orderId: 'a', ticketNumber: 12, state: 'ready' },
        { orderId: 'c', ticketNumber: 7, state: null },
      ]),
    ).toEqual({ preparing: [3], ready: [12] })
  })
})
