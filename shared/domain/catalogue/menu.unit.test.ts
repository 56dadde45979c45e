import { describe, expect, it } from 'vitest'
import { aCategory, aProduct } from './catalogue.test-support.ts'
import type { Menu } from './menu.ts'
import { activeMenu, menuProducts, menuSections, productOrderability } from './menu.ts'

const menu = (id: string, availableFrom: string, branches: Menu['branches'] = ['b-1']): Menu => ({
  id,
  availableFrom,
  branches,
  catalog: [],
})

describe('active menu (spec §9)', () => {
  const now = new Date('2026-03-02T12:00:00Z')

  it('takes the branch menu with the latest availableFrom in the past', () => {
    const menus = [
      menu('winter', '2025-11-01T00:00:00+01:00'),
      menu('spring', '2026-03-01T00:00:00+01:00'),
      menu('summer', '2026-06-01T00:00:00+02:00'),
      menu('other-branch', '2026-03-02T00:00:00+01:00', [{ id: 'b-2' }]),
    ]
    expect(activeMenu(menus, 'b-1', now)?.id).toBe('spring')
    expect(activeMenu(menus, 'b-2', now)?.id).toBe('other-branch')
    expect(activeMenu(menus, 'b-3', now)).toBeNull()
  })

  it('counts a menu starting exactly now as active, compares instants across offsets', () => {
    expect(activeMenu([menu('a', '2026-03-02T13:00:00+01:00')], 'b-1', now)?.id).toBe('a')
    expect(activeMenu([menu('a', '2026-03-02T13:00:01+01:00')], 'b-1', now)).toBeNull()
  })

  it('skips unparseable dates and keeps the first of equal dates', () => {
    const menus = [
      menu('broken', 'soon'),
      menu('first', '2026-01-01T00:00:00Z'),
      menu('second', '2026-01-01T00:00:00Z'),
    ]
    expect(activeMenu(menus, 'b-1', now)?.id).toBe('first')
  })
})

describe('menu sections', () => {
  const at = { date: '2026-03-02', time: '15:00' }
  const morning = [{ from: '06:00', to: '11:00' }]
  const categories = [
    aCategory({ id: 'bread' }),
    aCategory({ id: 'breakfast', schedule: morning, isVisibleWhenUnavailable: true }),
    aCategory({ id: 'hidden', isEnabled: false }),
    aCategory({ id: 'empty' }),
  ]
  const products = [
    aProduct({ id: 'p-bread' }),
    aProduct({ id: 'p-off', isEnabled: false }),
    aProduct({ id: 'p-morning', schedule: morning }),
    aProduct({ id: 'p-muesli' }),
    aProduct({ id: 'p-secret' }),
  ]
  const catalog = {
    catalog: [
      { category: 'bread', products: ['p-bread', 'p-off', 'p-morning', 'p-missing'] },
      { category: 'breakfast', products: ['p-muesli'] },
      { category: 'hidden', products: ['p-secret'] },
      { category: 'empty', products: ['p-off'] },
      { category: 'missing', products: ['p-bread'] },
    ],
  }

  it('lists visible categories with their available products, greying unavailable ones', () => {
    const sections = menuSections(catalog, categories, products, at)
    expect(
      sections.map((s) => ({
        category: s.category.id,
        orderable: s.orderable,
        products: s.products.map((p) => [p.product.id, p.orderable]),
      })),
    ).toEqual([
      { category: 'bread', orderable: true, products: [['p-bread', true]] },
      { category: 'breakfast', orderable: false, products: [['p-muesli', false]] },
    ])
  })

  it('says why a product cannot be ordered', () => {
    expect(productOrderability('p-bread', catalog, categories, products, at)).toEqual({
      orderable: true,
      reason: null,
    })
    expect(productOrderability('p-muesli', catalog, categories, products, at)).toEqual({
      orderable: false,
      reason: 'category-unscheduled',
    })
    expect(productOrderability('p-morning', catalog, categories, products, at).reason).toBe(
      'product-unscheduled',
    )
    expect(productOrderability('p-secret', catalog, categories, products, at).reason).toBe(
      'category-disabled',
    )
    expect(productOrderability('p-nowhere', catalog, categories, products, at).reason).toBe('not-in-menu')
  })

  it('orders a product listed twice if any category allows it', () => {
    const twice = { catalog: [...catalog.catalog, { category: 'bread', products: ['p-muesli'] }] }
    expect(productOrderability('p-muesli', twice, categories, products, at).orderable).toBe(true)
  })

  it('treats enabled products of enabled categories as active, whatever the time', () => {
    expect(menuProducts(catalog, categories, products).map((p) => p.id)).toEqual([
      'p-bread',
      'p-morning',
      'p-muesli',
    ])
  })
})
