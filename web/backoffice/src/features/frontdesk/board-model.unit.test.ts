import { describe, expect, it } from 'vitest'
import { type BoardOrder, cardActions, diffOrders, isMissed, lanesOf, readSwitch } from './board-model.ts'

const NOW = Date.parse('2026-11-24T09:00:00.000Z')
const min = (m: number) => new Date(NOW - m * 60_000).toISOString()

function order(id: string, over: Partial<BoardOrder> = {}): BoardOrder {
  return {
    id,
    status: 'awaitingConfirmation',
    createdAt: min(1),
    updatedAt: min(1),
    dueAt: null,
    timeline: [],
    items: [],
    allowedActions: [],
    paymentStatus: 'notRequired',
    totalGross: 1000,
    version: 1,
    ...over,
  } as BoardOrder
}

describe('board lanes', () => {
  it('sorts orders into the four lanes and lets finished orders go after 18 h', () => {
    const lanes = lanesOf(
      [
        order('late', { createdAt: min(2) }),
        order('early', { createdAt: min(9) }),
        order('c', { status: 'confirmed', dueAt: '2026-11-24T12:00:00.000Z' }),
        order('c2', { status: 'confirmed', dueAt: null, createdAt: min(30) }),
        order('r', { status: 'ready' }),
        order('d', { status: 'inDelivery' }),
        order('done-recent', { status: 'completed', timeline: [{ status: 'completed', at: min(60) }] }),
        order('done-now', { status: 'rejected', timeline: [{ status: 'rejected', at: min(1) }] }),
        order('canceled', { status: 'canceled', timeline: [{ status: 'canceled', at: min(17 * 60) }] }),
        order('old', { status: 'delivered', timeline: [{ status: 'delivered', at: min(19 * 60) }] }),
      ],
      NOW,
    )
    expect(lanes.new.map((o) => o.id)).toEqual(['early', 'late'])
    expect(lanes.confirmed.map((o) => o.id)).toEqual(['c2', 'c'])
    expect(lanes.ready.map((o) => o.id).sort()).toEqual(['d', 'r'])
    expect(lanes.done.map((o) => o.id)).toEqual(['done-now', 'done-recent', 'canceled'])
  })

  it('flags orders unanswered for longer than the branch allows', () => {
    expect(isMissed(order('a', { createdAt: min(4) }), NOW, 4)).toBe(true)
    expect(isMissed(order('a', { createdAt: min(3) }), NOW, 4)).toBe(false)
    expect(isMissed(order('a', { createdAt: min(9) }), NOW, 10)).toBe(false)
    expect(isMissed(order('a', { createdAt: min(60), status: 'confirmed' }), NOW, 4)).toBe(false)
  })

  it('offers the card actions the order allows: cancel once accepted, reject before', () => {
    expect(cardActions(order('a', { allowedActions: ['cancel', 'reject', 'confirm'] }))).toEqual([
      'confirm',
      'reject',
    ])
    expect(cardActions(order('a', { allowedActions: ['cancel', 'in-delivery', 'completed'] }))).toEqual([
      'in-delivery',
      'completed',
      'cancel',
    ])
  })

  it('puts the announced new orders first, newest first, the rest oldest first', () => {
    const lanes = lanesOf(
      [
        order('old', { createdAt: min(9) }),
        order('mid', { createdAt: min(5) }),
        order('new', { createdAt: min(1) }),
      ],
      NOW,
      ['new', 'mid'],
    )
    expect(lanes.new.map((o) => o.id)).toEqual(['new', 'mid', 'old'])
  })
})

describe('a 409 shows what changed', () => {
  it('lists status, appointment, items, payment and total changes', () => {
    const item = {
      itemId: 'i1',
      productUid: 'p',
      name: 'Zopf',
      amount: 1,
      unit: 'Stk',
      unitPrice: 500,
      total: 500,
    }
    const before = order('a', { items: [item, { ...item, itemId: 'i2', name: 'Brot' }] })
    const after = order('a', {
      status: 'confirmed',
      dueAt: '2026-11-24T15:00:00.000Z',
      items: [
        { ...item, amount: 2, total: 1000 },
        { ...item, itemId: 'i3', name: 'Gipfeli' },
      ],
      paymentStatus: 'paid',
      totalGross: 1500,
    })
    expect(diffOrders(before, after)).toEqual([
      { field: 'status', from: 'awaitingConfirmation', to: 'confirmed' },
      { field: 'appointment', from: null, to: '2026-11-24T15:00:00.000Z' },
      { field: 'items', added: ['1 Stk Gipfeli'], removed: ['1 Stk Brot'], changed: ['2 Stk Zopf'] },
      { field: 'paymentStatus', from: 'notRequired', to: 'paid' },
      { field: 'total', from: 1000, to: 1500 },
    ])
    expect(diffOrders(before, before)).toEqual([])
  })
})

describe('switches', () => {
  it('reads the spec §3 switches: shown unless "0"', () => {
    const storage = (v: string | null) => ({ getItem: () => v })
    expect(readSwitch(storage(null), 'showCustomerData')).toBe(true)
    expect(readSwitch(storage('1'), 'showCustomerData')).toBe(true)
    expect(readSwitch(storage('0'), 'showCustomerData')).toBe(false)
    expect(readSwitch(undefined, 'showProductData')).toBe(true)
  })
})
