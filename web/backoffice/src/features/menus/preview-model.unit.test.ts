import { menuSections, toDomainCategory, toDomainMenu, toDomainProduct } from '@shop/shared/domain/catalogue'
import { describe, expect, it } from 'vitest'
import { menuPreview, soldOutAt } from './preview-model.ts'

const branch = {
  id: 'zh',
  name: 'Zürich',
  timeZone: 'Europe/Zurich',
  openingHours: [{ type: 'daily', date: null, isClosed: false, from: '07:00', to: '18:30' }],
  deliveryHours: [],
  isDeliveryHoursEnabled: false,
}
const categories = [
  { id: 'bread', name: 'Brot', isEnabled: true, schedule: [], isVisibleWhenUnavailable: false },
  {
    id: 'breakfast',
    name: 'Frühstück',
    isEnabled: true,
    schedule: [{ weekdays: null, from: '06:00', to: '11:00', startDate: null, endDate: null }],
    isVisibleWhenUnavailable: true,
  },
  {
    id: 'lunch',
    name: 'Mittag',
    isEnabled: true,
    schedule: [{ weekdays: null, from: '11:00', to: '14:00', startDate: null, endDate: null }],
    isVisibleWhenUnavailable: false,
  },
]
const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  uid: id,
  name: id,
  price: 100,
  isEnabled: true,
  schedule: [],
  ...extra,
})
const products = [
  product('zopf'),
  product('torte', { isLeadTimeEnabled: true, leadTimeType: 'days', leadTimeValue: 2 }),
  product('gipfeli'),
  product('suppe'),
  product('off', { isEnabled: false }),
]
const menu = (id: string, from: string, catalog: [string, string[]][]) => ({
  id,
  name: `Menü ${id}`,
  availableFrom: from,
  branches: [{ id: 'zh' }],
  catalog: catalog.map(([category, ids]) => ({
    category: { id: category },
    products: ids.map((p) => ({ id: p })),
  })),
})
const menus = [
  menu('old', '2026-10-01T00:00:00+02:00', [['bread', ['zopf']]]),
  menu('now', '2026-11-01T00:00:00+01:00', [
    ['breakfast', ['gipfeli']],
    ['lunch', ['suppe']],
    ['bread', ['torte', 'zopf', 'off']],
  ]),
  menu('later', '2026-12-01T00:00:00+01:00', [['bread', ['torte']]]),
]

const at = (date: string, time: string, soldOut = null as Parameters<typeof menuPreview>[0]['soldOut']) =>
  menuPreview({ branch, menus, categories, products, date, time, soldOut })

describe('the menu preview', () => {
  it('shows the storefront menu page of the moment: the same sections as the shared rules give', () => {
    const preview = at('2026-11-24', '12:00')
    expect(preview.menu).toEqual({ id: 'now', name: 'Menü now' })
    expect(preview.open.isOpenForOrdering).toBe(true)
    const expected = menuSections(
      toDomainMenu(menus[1]!),
      categories.map(toDomainCategory),
      products.map(toDomainProduct),
      { date: '2026-11-24', time: '12:00' },
    )
    expect(preview.sections.map((s) => [s.name, s.orderable, s.products.map((p) => p.name)])).toEqual(
      expected.map((s) => [s.category.name, s.orderable, s.products.map((p) => p.product.name)]),
    )
    // Breakfast is greyed (visible when unavailable), lunch is on, the disabled product is hidden.
    expect(preview.sections.map((s) => [s.name, s.orderable])).toEqual([
      ['Frühstück', false],
      ['Mittag', true],
      ['Brot', true],
    ])
    expect(preview.sections[2]?.products.map((p) => p.name)).toEqual(['torte', 'zopf'])
  })

  it('applies schedules, opening hours, lead times and the menu that is active then', () => {
    const morning = at('2026-11-24', '08:00')
    expect(morning.sections.map((s) => [s.name, s.orderable])).toEqual([
      ['Frühstück', true],
      ['Brot', true],
    ])
    const torte = morning.sections[1]?.products[0]
    expect(torte?.name).toBe('torte')
    expect(torte?.leadTimeEarliest).toBe(Date.parse('2026-11-25T23:00:00Z'))
    expect(morning.sections[1]?.products[1]?.leadTimeEarliest).toBeNull()
    expect(at('2026-11-24', '20:00').open.isOpenForOrdering).toBe(false)
    expect(at('2026-10-15', '08:00').menu?.id).toBe('old')
    expect(at('2026-12-02', '08:00').menu?.id).toBe('later')
    expect(at('2026-09-01', '08:00').menu).toBeNull()
  })

  it('marks products sold out at the branch at that moment', () => {
    const marks = [{ product: { id: 'zopf' }, since: '2026-11-24T07:00:00Z', until: '2026-11-24T17:30:00Z' }]
    const preview = at('2026-11-24', '12:00', marks)
    const zopf = preview.sections[2]?.products.find((p) => p.id === 'zopf')
    expect(zopf?.soldOutUntil).toBe(Date.parse('2026-11-24T17:30:00Z'))
    expect(zopf?.orderable).toBe(false)
    expect(
      at('2026-11-24', '19:00', marks).sections[1]?.products.find((p) => p.id === 'zopf')?.soldOutUntil,
    ).toBeNull()
    expect(soldOutAt(marks, Date.parse('2026-11-24T06:00:00Z')).soldOut.size).toBe(1)
    expect(soldOutAt(marks, Date.parse('2026-11-24T17:30:00Z')).soldOut.size).toBe(0)
  })
})
