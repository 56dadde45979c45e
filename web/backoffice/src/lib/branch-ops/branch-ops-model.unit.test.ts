import type { BranchOperationsView } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import {
  activeMenuProducts,
  chosenUntil,
  defaultUntil,
  inForce,
  minutesLeft,
  remainingParts,
  searchProducts,
  soldOutEntryOf,
  untilText,
} from './branch-ops-model.ts'

// Tuesday 24 November 2026, 10:00 in Zürich (UTC+1).
const NOW = Date.parse('2026-11-24T09:00:00Z')
const ZURICH = 'Europe/Zurich'

const view: BranchOperationsView = {
  branch: { id: 'b1' },
  version: 4,
  endOfDay: '2026-11-24T17:00:00.000Z',
  soldOut: [
    {
      product: { id: 'p1', uid: 'zopf', name: 'Zopf' },
      until: '2026-11-24T17:00:00.000Z',
      since: '2026-11-24T08:00:00.000Z',
    },
    {
      product: { id: 'p2', uid: 'brot', name: 'Brot' },
      until: '2026-11-24T09:30:00.000Z',
      since: '2026-11-24T08:00:00.000Z',
    },
  ],
  pause: { until: '2026-11-24T09:15:00.000Z', since: '2026-11-24T09:00:00.000Z' },
  preparation: { extraMinutes: 30, until: '2026-11-24T10:00:00.000Z', since: '2026-11-24T09:00:00.000Z' },
}

describe('marks in force at the page clock', () => {
  it('keeps what still holds and drops what ended since the answer', () => {
    expect(inForce(view, NOW).soldOut.map((e) => e.product.id)).toEqual(['p1', 'p2'])
    const later = inForce(view, Date.parse('2026-11-24T09:30:00Z'))
    expect(later.soldOut.map((e) => e.product.id)).toEqual(['p1'])
    expect(later.pause).toBeNull()
    expect(later.preparation).not.toBeNull()
    expect(soldOutEntryOf(view, 'p2', Date.parse('2026-11-24T09:30:00Z'))).toBeUndefined()
    expect(soldOutEntryOf(view, 'p1', NOW)?.until).toBe('2026-11-24T17:00:00.000Z')
    expect(inForce(undefined, NOW)).toEqual({ soldOut: [], pause: null, preparation: null })
  })
})

describe('times as staff read them', () => {
  it('today the time alone, another day with weekday and date, in the branch zone', () => {
    expect(untilText(Date.parse('2026-11-24T17:00:00Z'), NOW, ZURICH, 'de-CH')).toBe('18:00')
    // 23:30 UTC is already Wednesday in Zürich.
    expect(untilText(Date.parse('2026-11-24T23:30:00Z'), NOW, ZURICH, 'de-CH')).toMatch(
      /^Mi.*25\.11\..*00:30/,
    )
    expect(untilText(Date.parse('2026-11-24T17:00:00Z'), NOW, 'America/New_York', 'en')).toBe('12:00')
  })

  it('counts the time left in whole minutes, at least one while it lasts', () => {
    expect(minutesLeft(NOW + 14 * 60_000 + 1, NOW)).toBe(15)
    expect(minutesLeft(NOW + 1, NOW)).toBe(1)
    expect(remainingParts(NOW + 65 * 60_000, NOW)).toEqual({ hours: 1, minutes: 5 })
  })
})

describe('the "until …" form', () => {
  it('starts an hour ahead on the 5-minute step', () => {
    expect(defaultUntil(NOW + 2 * 60_000, ZURICH)).toEqual({ date: '2026-11-24', time: '11:05' })
  })

  it('reads date and time in the branch zone; an earlier time today means tomorrow', () => {
    expect(chosenUntil('2026-11-24', '18:00', NOW, ZURICH)).toBe('2026-11-24T17:00:00.000Z')
    expect(chosenUntil('2026-11-24', '07:00', NOW, ZURICH)).toBe('2026-11-25T06:00:00.000Z')
    expect(chosenUntil('2026-11-26', '07:00', NOW, ZURICH)).toBe('2026-11-26T06:00:00.000Z')
    expect(chosenUntil('', '07:00', NOW, ZURICH)).toBeNull()
    expect(chosenUntil('2026-11-24', '7', NOW, ZURICH)).toBeNull()
  })
})

describe('the board search', () => {
  const menus = [
    {
      id: 'm-old',
      availableFrom: '2026-01-01T00:00:00Z',
      branches: [{ id: 'b1' }],
      catalog: [{ category: { id: 'c' }, products: [{ id: 'p1' }] }],
    },
    {
      id: 'm-now',
      availableFrom: '2026-11-01T00:00:00Z',
      branches: [{ id: 'b1' }],
      catalog: [{ category: { id: 'c' }, products: [{ id: 'p2' }, { id: 'p3' }, { id: 'p4' }] }],
    },
    {
      id: 'm-next',
      availableFrom: '2026-12-01T00:00:00Z',
      branches: [{ id: 'b1' }],
      catalog: [{ category: { id: 'c' }, products: [{ id: 'p1' }] }],
    },
  ]
  const products = [
    { id: 'p1', uid: 'zopf', name: 'Zopf' },
    { id: 'p2', uid: 'bauernbrot', name: 'Bauernbrot' },
    { id: 'p3', uid: 'pain-epeautre', name: 'Pain d’épeautre' },
    { id: 'p4', uid: 'aus', name: 'Abgeschaltet', isEnabled: false },
  ]

  it('offers the enabled products of the menu in force now, by name', () => {
    expect(activeMenuProducts(menus, products, 'b1', NOW).map((p) => p.id)).toEqual(['p2', 'p3'])
    expect(activeMenuProducts(menus, products, 'b2', NOW)).toEqual([])
  })

  it('finds every word in name or uid, without case or accents', () => {
    const list = activeMenuProducts(menus, products, 'b1', NOW)
    expect(searchProducts(list, 'EPEAU').map((p) => p.id)).toEqual(['p3'])
    expect(searchProducts(list, 'bauern brot').map((p) => p.id)).toEqual(['p2'])
    expect(searchProducts(list, '  ').map((p) => p.id)).toEqual(['p2', 'p3'])
    expect(searchProducts(list, 'zopf')).toEqual([])
  })
})
