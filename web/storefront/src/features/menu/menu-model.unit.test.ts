import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  FREE_DELIVERY_TEXT,
  MINIMUM_ORDER_REST_TEXT,
  MINIMUM_ORDER_VALUE_TEXT,
  menuSections,
  productAvailability,
} from '@shop/shared/domain/catalogue'
import { describe, expect, it } from 'vitest'
import {
  activeGroupIndex,
  enabledOrderTypes,
  formatAmount,
  orderTypeToApply,
  toDomainCategory,
  toDomainMenu,
  toDomainProduct,
  toSchedule,
} from './menu-model.ts'

const productResource = {
  id: 'p1',
  uid: 'rindsentrecote',
  name: 'Rindsentrecôte',
  description: null,
  allergens: null,
  images: [],
  type: 'simple',
  price: 7900,
  tax: 2.6,
  takeawayTax: 2.6,
  dineInTax: 8.1,
  unit: 'kilogram',
  alternativeUnits: [
    {
      unit: 'gram',
      ratio: 0.001,
      calculationModel: 'approximate',
      minimumQuantity: 200,
      maximumQuantity: 3000,
      quantityStepSize: 50,
    },
  ],
  minimumQuantity: 0.2,
  maximumQuantity: 3,
  quantityStepSize: 0.05,
  defaultQuantity: null,
  defaultUnit: 'gram',
  calculationModel: 'approximate',
  isPriceHidden: false,
  isEnabled: true,
  schedule: [{ weekdays: ['monday'], from: null, to: null, startDate: null, endDate: null }],
  isStepByStep: false,
  config: { parts: [{ name: 'Schnitt', description: null, type: 'select', optional: false, options: [] }] },
  isLeadTimeEnabled: false,
  leadTimeType: 'minutes',
  leadTimeValue: 0,
  version: 1,
}

describe('resources to domain shapes', () => {
  it('drops null schedule conditions, which the rules read as "not given"', () => {
    expect(toSchedule([{ weekdays: ['monday'], from: null, to: '11:00' }])).toEqual([
      { weekdays: ['monday'], to: '11:00' },
    ])
    expect(toSchedule([])).toBeNull()
    expect(toSchedule(undefined)).toBeNull()
  })

  it('turns a product resource into a domain product the rules accept', () => {
    const product = toDomainProduct(productResource)
    expect(product.description).toBe('')
    expect(product.schedule).toEqual([{ weekdays: ['monday'] }])
    expect(product.config?.parts[0]).toEqual({
      name: 'Schnitt',
      type: 'select',
      optional: false,
      options: [],
    })
    // Tuesday: outside the product's Monday schedule.
    const at = { date: '2026-11-24', time: '10:00' }
    const category = toDomainCategory({ id: 'c1', name: 'Metzgerei', schedule: [], isEnabled: true })
    expect(productAvailability(product, category, at)).toEqual({
      orderable: false,
      reason: 'product-unscheduled',
    })
  })

  it('turns catalogue references into ids, so menuSections finds categories and products', () => {
    const menu = toDomainMenu({
      id: 'm1',
      availableFrom: '2026-10-01T00:00:00+02:00',
      branches: [{ id: 'b1' }],
      catalog: [{ category: { id: 'c1' }, products: [{ id: 'p1' }] }],
    })
    expect(menu.branches).toEqual(['b1'])
    expect(menu.catalog).toEqual([{ category: 'c1', products: ['p1'] }])
    const product = { ...toDomainProduct(productResource), schedule: null }
    const category = toDomainCategory({ id: 'c1', name: 'Metzgerei', schedule: [], isEnabled: true })
    const sections = menuSections(menu, [category], [product], { date: '2026-11-24', time: '10:00' })
    expect(sections.map((s) => s.products.map((p) => p.product.id))).toEqual([['p1']])
  })
})

describe('order type on arrival (spec §4)', () => {
  const all = ['takeaway', 'delivery', 'dineIn'] as const
  it('takes the config default when nothing is stored and the branch offers it', () => {
    expect(orderTypeToApply('takeaway', false, all, 'delivery')).toBe('delivery')
    expect(orderTypeToApply('takeaway', false, ['takeaway'], 'delivery')).toBeNull()
  })
  it('keeps a stored choice the branch offers, and replaces one it does not', () => {
    expect(orderTypeToApply('dineIn', true, all, 'delivery')).toBeNull()
    expect(orderTypeToApply('delivery', true, ['takeaway', 'dineIn'], 'takeaway')).toBe('takeaway')
  })
  it('lists only the types the branch enables, in the spec order', () => {
    expect(
      enabledOrderTypes({ timeZone: 'Europe/Zurich', isDineInEnabled: true, isDeliveryEnabled: true }),
    ).toEqual(['takeaway', 'delivery', 'dineIn'])
    expect(
      enabledOrderTypes({ timeZone: 'Europe/Zurich', isTakeawayEnabled: false, isDineInEnabled: true }),
    ).toEqual(['dineIn'])
  })
})

describe('display helpers', () => {
  it('formats amounts in the page language', () => {
    expect(formatAmount(0.5, 'de-CH')).toBe('0.5')
    expect(formatAmount(0.5, 'fr-FR')).toBe('0,5')
    expect(formatAmount(1500, 'de-CH')).toBe('1500')
  })

  it('highlights the last group whose top is above 25 % of the window (spec §2)', () => {
    expect(activeGroupIndex([300, 900, 1500], 800)).toBe(0)
    expect(activeGroupIndex([-400, 150, 900], 800)).toBe(1)
    expect(activeGroupIndex([-1400, -600, 200], 800)).toBe(2)
    expect(activeGroupIndex([-1400, -600, 201], 800)).toBe(1)
  })
})

describe('the sf-menu catalogues', () => {
  const read = (locale: string) =>
    JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'locales', locale, 'sf-menu.json'), 'utf8'),
    ) as Record<string, unknown>
  const flat = (value: unknown, prefix = ''): Record<string, string> =>
    Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>((all, [key, v]) => {
      const path = prefix ? `${prefix}.${key}` : key
      return typeof v === 'string' ? Object.assign(all, { [path]: v }) : Object.assign(all, flat(v, path))
    }, {})
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

  it('have the same keys and placeholders in every locale', () => {
    const de = flat(read('de-CH'))
    for (const locale of ['fr-FR', 'en']) {
      const other = flat(read(locale))
      expect(Object.keys(other).sort()).toEqual(Object.keys(de).sort())
      for (const [key, text] of Object.entries(de))
        expect(placeholders(other[key] ?? '')).toEqual(placeholders(text))
    }
  })

  it('use the spec texts in German (the same the domain rules write)', () => {
    const de = flat(read('de-CH'))
    const curly = (text: string) => text.replace(/\{(\w+)\}/g, '{{$1}}')
    expect(de['cart.minimumValue']).toBe(curly(MINIMUM_ORDER_VALUE_TEXT))
    expect(de['cart.minimumRest']).toBe(curly(MINIMUM_ORDER_REST_TEXT))
    expect(de['cart.freeDelivery']).toBe(curly(FREE_DELIVERY_TEXT))
    expect(de.added).toBe('Produkt zum Warenkorb hinzugefügt.')
    expect(de['notFound.title']).toBe('Filiale konnte nicht geladen werden.')
    expect(de['cart.empty']).toBe('Keine Produkte im Warenkorb!')
    expect(de['item.upload.failed']).toBe(
      'Die ausgewählte Datei "{{file}}" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu gross oder der Dateityp wird nicht erkannt.',
    )
  })
})
