import { describe, expect, it } from 'vitest'
import {
  activeMenusByBranch,
  addCategory,
  addProducts,
  type CatalogRow,
  dropCategory,
  dropProduct,
  isoOfLocalInput,
  localInputOf,
  matchesQuery,
  menuToBody,
  menuToForm,
  moveCategory,
  moveItem,
  moveProduct,
  removeCategory,
  removeProduct,
  shopTimeZone,
} from './menu-model.ts'

const catalog: CatalogRow[] = [
  { category: 'bread', products: ['zopf', 'baguette', 'ruch'] },
  { category: 'cakes', products: ['linzer'] },
  { category: 'drinks', products: [] },
]
const order = (rows: CatalogRow[]) => rows.map((r) => r.category)

describe('the menu builder reorder model', () => {
  it('moves an item and clamps at both ends, leaving the input alone', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moveItem(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c'])
    const list = ['a', 'b']
    moveItem(list, 0, 1)
    expect(list).toEqual(['a', 'b'])
  })

  it('moves categories up and down (the buttons) and by drop (drag and drop, also by keyboard)', () => {
    expect(order(moveCategory(catalog, 'cakes', -1))).toEqual(['cakes', 'bread', 'drinks'])
    expect(order(moveCategory(catalog, 'cakes', 1))).toEqual(['bread', 'drinks', 'cakes'])
    expect(order(moveCategory(catalog, 'bread', -1))).toEqual(['bread', 'cakes', 'drinks'])
    expect(order(dropCategory(catalog, 'drinks', 'bread'))).toEqual(['drinks', 'bread', 'cakes'])
    expect(order(dropCategory(catalog, 'bread', 'drinks'))).toEqual(['cakes', 'drinks', 'bread'])
    expect(order(dropCategory(catalog, 'nope', 'bread'))).toEqual(['bread', 'cakes', 'drinks'])
  })

  it('moves products inside their category only', () => {
    const moved = moveProduct(catalog, 'bread', 'ruch', -2)
    expect(moved[0]?.products).toEqual(['ruch', 'zopf', 'baguette'])
    expect(moved[1]).toBe(catalog[1])
    expect(dropProduct(catalog, 'bread', 'zopf', 'ruch')[0]?.products).toEqual(['baguette', 'ruch', 'zopf'])
    expect(dropProduct(catalog, 'bread', 'zopf', 'linzer')[0]?.products).toEqual(['zopf', 'baguette', 'ruch'])
  })

  it('adds and removes categories and products, each once', () => {
    expect(order(addCategory(catalog, 'meat'))).toEqual(['bread', 'cakes', 'drinks', 'meat'])
    expect(addCategory(catalog, 'bread')).toHaveLength(3)
    expect(order(removeCategory(catalog, 'cakes'))).toEqual(['bread', 'drinks'])
    expect(addProducts(catalog, 'drinks', ['cola', 'tea', 'cola'])[2]?.products).toEqual(['cola', 'tea'])
    expect(addProducts(catalog, 'bread', ['zopf', 'gipfel'])[0]?.products).toEqual([
      'zopf',
      'baguette',
      'ruch',
      'gipfel',
    ])
    expect(removeProduct(catalog, 'bread', 'baguette')[0]?.products).toEqual(['zopf', 'ruch'])
  })
})

describe('the menu form', () => {
  it('maps a stored menu to the form and back (availableFrom in the shop zone)', () => {
    const stored = {
      name: 'Sommer',
      availableFrom: '2026-11-24T09:00:00.000Z',
      branches: [{ id: 'zh' }],
      catalog: [{ category: { id: 'bread' }, products: [{ id: 'zopf' }, { id: 'ruch' }] }],
    }
    const form = menuToForm(stored, 'Europe/Zurich', 0)
    expect(form).toEqual({
      name: 'Sommer',
      availableFrom: '2026-11-24T10:00',
      branches: ['zh'],
      catalog: [{ category: 'bread', products: ['zopf', 'ruch'] }],
    })
    expect(menuToBody(form, 'Europe/Zurich')).toEqual(stored)
  })

  it('starts a new menu now, and passes an unreadable date on for the contract to refuse', () => {
    expect(menuToForm(null, 'Europe/Zurich', Date.parse('2026-07-01T10:15:00Z')).availableFrom).toBe(
      '2026-07-01T12:15',
    )
    expect(isoOfLocalInput('', 'Europe/Zurich')).toBe('')
    expect(isoOfLocalInput('2026-03-29T02:30', 'Europe/Zurich')).toMatch(/^2026-03-29T0[01]:30:00.000Z$/)
    expect(localInputOf('nonsense', 'Europe/Zurich')).toBe('')
  })

  it('takes the zone most branches use', () => {
    expect(shopTimeZone([])).toBe('Europe/Zurich')
    expect(
      shopTimeZone([
        { timeZone: 'Europe/Paris' },
        { timeZone: 'Europe/Berlin' },
        { timeZone: 'Europe/Berlin' },
      ]),
    ).toBe('Europe/Berlin')
  })
})

describe('the active menu per branch (spec §9)', () => {
  it('is the branch menu with the latest availableFrom in the past', () => {
    const menus = [
      { id: 'old', availableFrom: '2026-10-01T00:00:00Z', branches: [{ id: 'zh' }, { id: 'wi' }] },
      { id: 'new', availableFrom: '2026-11-01T00:00:00Z', branches: [{ id: 'zh' }] },
      { id: 'future', availableFrom: '2026-12-01T00:00:00Z', branches: [{ id: 'zh' }, { id: 'wi' }] },
    ]
    const active = activeMenusByBranch(
      menus,
      [{ id: 'zh' }, { id: 'wi' }, { id: 'la' }],
      new Date('2026-11-24T09:00:00Z'),
    )
    expect(active.get('zh')?.id).toBe('new')
    expect(active.get('wi')?.id).toBe('old')
    expect(active.get('la')).toBeNull()
  })
})

describe('the product picker search', () => {
  it('finds every word in the name or uid, accents and case ignored', () => {
    const product = { name: 'Rindsentrecôte', uid: 'entrecote-rind' }
    expect(matchesQuery(product, 'ENTRECOTE')).toBe(true)
    expect(matchesQuery(product, 'rind côte')).toBe(true)
    expect(matchesQuery(product, 'zopf')).toBe(false)
    expect(matchesQuery(product, '')).toBe(true)
  })
})
