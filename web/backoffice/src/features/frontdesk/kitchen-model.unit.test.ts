import { describe, expect, it } from 'vitest'
import type { BoardOrder } from './board-model.ts'
import { initialKitchenView, KITCHEN_VIEW_KEY, kitchenSlotsOf, optionsOf } from './kitchen-model.ts'

type Item = BoardOrder['items'][number]

function item(
  productUid: string,
  name: string,
  amount: number,
  unit = 'piece',
  over: Partial<Item> = {},
): Item {
  return {
    itemId: `${productUid}-${Math.random()}`,
    productUid,
    name,
    amount,
    unit,
    unitPrice: 100,
    total: 100,
    ...over,
  } as Item
}

function order(
  id: string,
  ticketNumber: number | null,
  dueAt: string | null,
  items: Item[],
  status = 'confirmed',
) {
  return {
    id,
    ticketNumber,
    status,
    dueAt,
    createdAt: '2026-11-28T06:00:00.000Z',
    updatedAt: '2026-11-28T06:00:00.000Z',
    timeline: [],
    items,
    allowedActions: [],
    version: 1,
  } as unknown as BoardOrder
}

const NINE = '2026-11-28T08:00:00.000Z'
const TEN = '2026-11-28T09:00:00.000Z'

describe('kitchen view', () => {
  it('sums one product per slot and lists its tickets', () => {
    const slots = kitchenSlotsOf([
      order('a', 15, NINE, [item('zopf', 'Zopf 500 g', 4)]),
      order('b', 14, NINE, [item('zopf', 'Zopf 500 g', 6), item('gipfel', 'Gipfeli', 10)]),
      order('c', 18, NINE, [item('zopf', 'Zopf 500 g', 2)]),
    ])
    expect(slots).toHaveLength(1)
    expect(slots[0]?.at).toBe(NINE)
    expect(slots[0]?.orderCount).toBe(3)
    expect(slots[0]?.items.map((i) => [i.name, i.amount, i.tickets])).toEqual([
      ['Gipfeli', 10, ['14']],
      ['Zopf 500 g', 12, ['14', '15', '18']],
    ])
  })

  it('keeps slots apart, the earliest first, orders without a time before all', () => {
    const slots = kitchenSlotsOf([
      order('late', 3, TEN, [item('zopf', 'Zopf', 1)]),
      order('early', 2, NINE, [item('zopf', 'Zopf', 2)]),
      order('now', 1, null, [item('zopf', 'Zopf', 5)]),
    ])
    expect(slots.map((s) => [s.at, s.items[0]?.amount])).toEqual([
      [null, 5],
      [NINE, 2],
      [TEN, 1],
    ])
  })

  it('does not add different units or different options together', () => {
    const nut = { parts: [{ name: 'Füllung', type: 'select', options: ['Nuss'], text: null, uploads: [] }] }
    const slots = kitchenSlotsOf([
      order('a', 1, NINE, [item('brot', 'Brot', 1.5, 'kg'), item('brot', 'Brot', 2, 'piece')]),
      order('b', 2, NINE, [item('brot', 'Brot', 0.2, 'kg'), item('brot', 'Brot', 1, 'piece', nut)]),
    ])
    expect(slots[0]?.items.map((i) => [i.unit, i.amount, i.options, i.tickets])).toEqual([
      ['kg', 1.7, [], ['1', '2']],
      ['piece', 2, [], ['1']],
      ['piece', 1, ['Füllung: Nuss'], ['2']],
    ])
  })

  it('takes only confirmed orders (not new, not ready, not done)', () => {
    const slots = kitchenSlotsOf([
      order('new', 1, NINE, [item('zopf', 'Zopf', 1)], 'awaitingConfirmation'),
      order('ready', 2, NINE, [item('zopf', 'Zopf', 1)], 'ready'),
      order('done', 3, NINE, [item('zopf', 'Zopf', 1)], 'completed'),
      order('ok', 4, NINE, [item('zopf', 'Zopf', 7)]),
    ])
    expect(slots).toHaveLength(1)
    expect(slots[0]?.items[0]?.amount).toBe(7)
    expect(slots[0]?.items[0]?.tickets).toEqual(['4'])
  })

  it('sorts ticket numbers by number and words the options with free text', () => {
    const slots = kitchenSlotsOf([
      order('a', 10, NINE, [item('zopf', 'Zopf', 1)]),
      order('b', 9, NINE, [item('zopf', 'Zopf', 1)]),
    ])
    expect(slots[0]?.items[0]?.tickets).toEqual(['9', '10'])
    expect(
      optionsOf(
        item('torte', 'Torte', 1, 'piece', {
          parts: [
            { name: 'Aufschrift', type: 'text', options: [], text: 'Alles Gute', uploads: [] },
            { name: 'Leer', type: 'select', options: [], text: null, uploads: [] },
          ],
        }),
      ),
    ).toEqual(['Aufschrift: Alles Gute'])
  })

  it('remembers the mode per device, the address wins', () => {
    const stored = (value: string | null) => ({
      getItem: (k: string) => (k === KITCHEN_VIEW_KEY ? value : null),
    })
    expect(initialKitchenView('', stored('1'))).toBe(true)
    expect(initialKitchenView('', stored(null))).toBe(false)
    expect(initialKitchenView('?view=kitchen', stored('0'))).toBe(true)
    expect(initialKitchenView('?view=board', stored('1'))).toBe(false)
  })
})
