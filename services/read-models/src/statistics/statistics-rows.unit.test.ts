import type { OrderContribution } from '@shop/shared/domain/statistics/order-contribution.ts'
import { describe, expect, it } from 'vitest'
import { analyticsRows, StatDeltas } from './statistics-rows.ts'

const base: OrderContribution = {
  branchId: 'b1',
  day: '2026-03-29',
  hour: 3,
  orderType: 'takeaway',
  outcome: 'open',
  revenue: true,
  money: { net: 1000, tax: 26, gross: 1026 },
  rates: { '2.6': { net: 1000, tax: 26, gross: 1026 } },
  items: [{ productUid: 'zopf', name: 'Zopf', unit: 'piece', amount: 1.5, gross: 1026 }],
  options: [{ productUid: 'zopf', part: 'Form', option: 'rund', amount: 1.5 }],
  reason: null,
  confirmSeconds: null,
  completeSeconds: null,
  rating: null,
}

describe('statistics deltas', () => {
  it('an order that changes moves its sums from the old to the new outcome', () => {
    const d = new StatDeltas()
    d.contribute(base, 1)
    d.contribute(base, -1)
    const canceled = { ...base, outcome: 'canceled' as const, revenue: false, reason: 'krank' }
    d.contribute(canceled, 1)
    const days = [...d.tables.get('st_order_days')!.values()]
    // The open row comes to zero (it is removed when written); the canceled row has the order.
    expect(days.map((r) => [r.keys[3], r.sums[0], r.sums[4]])).toEqual([
      ['open', 0, 0],
      ['canceled', 1, 0],
    ])
    // Items and tax come back out: a canceled order sold nothing.
    expect([...d.tables.get('st_item_days')!.values()].map((r) => r.sums)).toEqual([[0, 0, 0]])
    expect([...d.tables.get('st_tax_days')!.values()].map((r) => r.sums)).toEqual([[0, 0, 0]])
    expect([...d.tables.get('st_reason_days')!.values()].map((r) => [r.keys[4], r.sums[0]])).toEqual([
      ['krank', 1],
    ])
  })

  it('adds decimal quantities without binary noise and keeps the latest product name', () => {
    const d = new StatDeltas()
    for (let i = 0; i < 10; i++) d.contribute({ ...base, items: [{ ...base.items[0]!, amount: 0.1 }] }, 1)
    d.contribute({ ...base, items: [{ ...base.items[0]!, name: 'Butterzopf', amount: 0.2 }] }, 1)
    const [row] = [...d.tables.get('st_item_days')!.values()]
    expect(row!.sums[1]).toBe(1.2)
    expect(row!.text).toBe('Butterzopf')
  })
})

describe('analytics rows', () => {
  const hit = {
    day: '2026-06-02',
    hour: 9,
    branchId: 'b1',
    visitor: 'v1',
    type: 'pageview',
    category: '',
    action: 'view',
    path: '/zuerich/menu',
  }
  const rows = (d: StatDeltas, table: Parameters<StatDeltas['add']>[0]) =>
    [...(d.tables.get(table)?.values() ?? [])].map((r) => [...r.keys, ...r.sums])

  it('a page view counts for the visitor in its branch and in the whole shop, the page and the hour', () => {
    const d = new StatDeltas()
    analyticsRows(d, hit)
    analyticsRows(d, { ...hit, branchId: 'b2', path: '/bern/menu' })
    analyticsRows(d, { ...hit, visitor: null, path: '/' })
    expect(rows(d, 'st_visitor_days')).toEqual([
      ['2026-06-02', 'b1', 'v1', 1],
      ['2026-06-02', '*', 'v1', 2],
      ['2026-06-02', 'b2', 'v1', 1],
    ])
    expect(rows(d, 'st_page_days')).toEqual([
      ['2026-06-02', 'b1', '/zuerich/menu', 1],
      ['2026-06-02', 'b2', '/bern/menu', 1],
      ['2026-06-02', 'b1', '/', 1],
    ])
    expect(rows(d, 'st_visit_hours')).toEqual([
      ['2026-06-02', 'b1', 9, 2],
      ['2026-06-02', 'b2', 9, 1],
    ])
    expect(d.tables.has('st_event_days')).toBe(false)
  })

  it('any other entry is an event, and no visit', () => {
    const d = new StatDeltas()
    analyticsRows(d, { ...hit, type: 'event', category: 'ui', action: 'enable-dark-mode', path: null })
    expect(rows(d, 'st_event_days')).toEqual([['2026-06-02', 'b1', 'event', 'ui', 'enable-dark-mode', 1]])
    expect(d.tables.has('st_visitor_days')).toBe(false)
  })
})
