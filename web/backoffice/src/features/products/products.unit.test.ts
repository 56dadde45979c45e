import { createProductBodySchema, PRODUCT_UNITS } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import { moved, productToBody, productToForm, type StoredProduct, unitsByFamily } from './product-form.ts'
import {
  activeMenuIds,
  changedPrice,
  filterRows,
  type MenuLike,
  NO_FILTER,
  productRows,
} from './product-list-model.ts'

/** A product with every field of the contract set to something other than its default. */
const FULL: StoredProduct = {
  id: 'p-1',
  version: 7,
  uid: 'geburtstagstorte',
  name: 'Geburtstagstorte nach Wunsch',
  description: 'Mit Ihrem Text.\nZwei Zeilen.',
  allergens: 'Gluten, Milch, Ei',
  images: [
    { id: 'img-1', version: 2, extension: 'jpg' },
    { id: 'img-2', version: 1, extension: 'png' },
  ],
  type: 'configurable',
  price: 4250,
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
      maximumQuantity: 2000,
      quantityStepSize: 50,
    },
    {
      unit: 'piece',
      ratio: 0.25,
      calculationModel: 'minimum',
      minimumQuantity: 1,
      maximumQuantity: null,
      quantityStepSize: 1,
    },
  ],
  minimumQuantity: 0.2,
  maximumQuantity: 2,
  quantityStepSize: 0.05,
  defaultQuantity: 0.5,
  defaultUnit: 'gram',
  calculationModel: 'approximate',
  isPriceHidden: true,
  isEnabled: false,
  schedule: [
    {
      weekdays: ['monday', 'friday'],
      from: '08:00',
      to: '11:30',
      startDate: '2026-12-01',
      endDate: '2026-12-24',
    },
    { weekdays: null, from: null, to: null, startDate: '2027-01-01', endDate: null },
  ],
  isStepByStep: true,
  config: {
    parts: [
      {
        name: 'Grösse',
        description: 'Der Preis richtet sich nach der Grösse.',
        type: 'select',
        optional: false,
        options: [
          { name: 'Ø 18 cm', modifier: 'overwrite', value: 4200 },
          { name: 'Extra', modifier: 'add', value: 150 },
          { name: 'Ohne Deko', modifier: 'subtract', value: 200 },
        ],
      },
      { name: 'Text', description: null, type: 'textarea', optional: true, options: [] },
      { name: 'Foto', description: null, type: 'image', optional: true, options: [] },
      {
        name: 'Deko',
        description: null,
        type: 'multiselect',
        optional: true,
        options: [{ name: 'Beeren', modifier: 'add', value: 600 }],
      },
    ],
  },
  isLeadTimeEnabled: true,
  leadTimeType: 'days',
  leadTimeValue: 3,
  translations: {
    'fr-FR': {
      name: 'Gâteau d’anniversaire',
      description: null,
      parts: [
        { name: 'Taille', description: null, options: ['Ø 18 cm', null, 'Sans déco'] },
        { name: 'Texte', description: null, options: [] },
      ],
    },
    en: { name: null, description: 'With your text.', parts: [] },
  },
}

const { id: _id, version: _version, ...BODY } = FULL

describe('the product editor mappings', () => {
  it('round-trips a full product unchanged', () => {
    expect(productToBody(productToForm(FULL))).toEqual(BODY)
  })

  it('sends a body the contract takes as it is (every field, nothing added)', () => {
    const body = productToBody(productToForm(FULL))
    const parsed = createProductBodySchema.safeParse(body)
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual(BODY)
    expect(Object.keys(body).sort()).toEqual(Object.keys(createProductBodySchema.shape).sort())
  })

  it('shows nullable texts as empty inputs and sends empty inputs as null', () => {
    const form = productToForm({ ...FULL, description: null, allergens: null, defaultUnit: null })
    expect(form.description).toBe('')
    expect(form.defaultUnit).toBe('')
    form.allergens = '   '
    const body = productToBody(form)
    expect(body.description).toBeNull()
    expect(body.allergens).toBeNull()
    expect(body.defaultUnit).toBeNull()
  })

  it('keeps weekdays in the order of the week and sends none as null', () => {
    const form = productToForm(FULL)
    form.schedule[0]!.weekdays = ['sunday', 'monday']
    form.schedule[1]!.weekdays = []
    const schedule = productToBody(form).schedule as { weekdays: unknown }[]
    expect(schedule[0]!.weekdays).toEqual(['monday', 'sunday'])
    expect(schedule[1]!.weekdays).toBeNull()
  })

  it('drops the options of a part switched to a type without options', () => {
    const form = productToForm(FULL)
    form.config.parts[0]!.type = 'text'
    const parts = (productToBody(form).config as { parts: { options: unknown[] }[] }).parts
    expect(parts[0]!.options).toEqual([])
  })

  it('starts a new product that the contract refuses only for its missing name, uid and price', () => {
    const result = createProductBodySchema.safeParse(productToBody(productToForm(null)))
    expect(result.success).toBe(false)
    const fields = new Set(result.error?.issues.map((issue) => issue.path.join('.')))
    expect(fields).toEqual(new Set(['uid', 'name', 'price']))
  })

  it('refuses a negative price at the price field', () => {
    const form = productToForm(FULL)
    form.price = -100
    const result = createProductBodySchema.safeParse(productToBody(form))
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['price'])
  })

  it('groups all units by family', () => {
    const groups = unitsByFamily()
    expect(groups.flatMap((g) => g.units).sort()).toEqual([...PRODUCT_UNITS].sort())
    expect(groups.find((g) => g.family === 'weight')?.units).toEqual(['gram', 'decagram', 'kilogram'])
  })

  it('moves an item within a list', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b'])
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b'])
  })
})

describe('the product list', () => {
  const product = (id: string, name: string, extra: Partial<StoredProduct> = {}): StoredProduct => ({
    ...FULL,
    id,
    uid: id,
    name,
    description: null,
    isEnabled: true,
    ...extra,
  })
  const products = [
    product('zopf', 'Butterzopf', { description: 'Mit Butter gebacken' }),
    product('gipfeli', 'Buttergipfeli', { isEnabled: false }),
    product('wasser', 'Mineralwasser'),
    product('torte', 'Geburtstagstorte'),
  ]
  const categories = [
    { id: 'brot', name: 'Brot' },
    { id: 'getraenke', name: 'Getränke' },
  ]
  const menus: MenuLike[] = [
    {
      id: 'zh-old',
      name: 'Zürich alt',
      availableFrom: '2026-01-01T00:00:00+01:00',
      branches: [{ id: 'zh' }],
      catalog: [{ category: { id: 'brot' }, products: [{ id: 'torte' }] }],
    },
    {
      id: 'zh',
      name: 'Zürich',
      availableFrom: '2026-10-01T00:00:00+02:00',
      branches: [{ id: 'zh' }],
      catalog: [
        { category: { id: 'brot' }, products: [{ id: 'zopf' }, { id: 'gipfeli' }] },
        { category: { id: 'getraenke' }, products: [{ id: 'wasser' }] },
      ],
    },
    {
      id: 'zh-next',
      name: 'Zürich Dezember',
      availableFrom: '2026-12-01T00:00:00+01:00',
      branches: [{ id: 'zh' }],
      catalog: [{ category: { id: 'brot' }, products: [{ id: 'torte' }] }],
    },
    {
      id: 'wi',
      name: 'Winterthur',
      availableFrom: '2026-10-01T00:00:00+02:00',
      branches: [{ id: 'wi' }],
      catalog: [{ category: { id: 'getraenke' }, products: [{ id: 'wasser' }] }],
    },
  ]
  const now = new Date('2026-11-24T09:00:00Z')
  const rows = productRows(products, categories, menus, now)
  const names = (filter: Partial<typeof NO_FILTER>) =>
    filterRows(rows, { ...NO_FILTER, ...filter }).map((r) => r.id)

  it('takes the latest menu already valid as a branch’s active menu', () => {
    expect(Object.fromEntries(activeMenuIds(menus, now))).toEqual({ zh: 'zh', wi: 'wi' })
  })

  it('searches name, uid and description, ignoring case', () => {
    expect(names({ query: 'BUTTER' })).toEqual(['zopf', 'gipfeli'])
    expect(names({ query: 'gebacken' })).toEqual(['zopf'])
    expect(names({ query: 'wass' })).toEqual(['wasser'])
    expect(names({ query: '  ' })).toHaveLength(4)
  })

  it('filters by category, state, menu and branch (its active menu only)', () => {
    expect(names({ category: 'getraenke' })).toEqual(['wasser'])
    expect(names({ category: 'brot' })).toEqual(['zopf', 'gipfeli', 'torte'])
    expect(names({ status: 'disabled' })).toEqual(['gipfeli'])
    expect(names({ status: 'enabled', category: 'brot' })).toEqual(['zopf', 'torte'])
    expect(names({ menu: 'zh-next' })).toEqual(['torte'])
    expect(names({ branch: 'zh' })).toEqual(['zopf', 'gipfeli', 'wasser'])
    expect(names({ branch: 'wi' })).toEqual(['wasser'])
  })

  it('names the categories of each product', () => {
    expect(rows.find((r) => r.id === 'wasser')?.categoryNames).toBe('Getränke')
    expect(rows.find((r) => r.id === 'torte')?.categoryNames).toBe('Brot')
  })

  // Its speed is a benchmark (scripts/bench/backoffice.bench.ts), not a timed assertion here.
  it('filters 2,000 products by every word typed', () => {
    const many = Array.from({ length: 2000 }, (_, i) => product(`p${i}`, `Produkt ${i}`))
    const big = productRows(many, categories, menus, now)
    expect(filterRows(big, { ...NO_FILTER, query: 'produkt' })).toHaveLength(2000)
    expect(filterRows(big, { ...NO_FILTER, query: 'produkt 199' }).map((r) => r.id)).toEqual([
      'p199',
      'p1990',
      'p1991',
      'p1992',
      'p1993',
      'p1994',
      'p1995',
      'p1996',
      'p1997',
      'p1998',
      'p1999',
    ])
  })
})

describe('the bulk price change', () => {
  it('adds or subtracts an amount in cents, never below zero', () => {
    expect(changedPrice(450, { kind: 'amount', cents: 150 })).toBe(600)
    expect(changedPrice(450, { kind: 'amount', cents: -50 })).toBe(400)
    expect(changedPrice(450, { kind: 'amount', cents: -500 })).toBe(0)
  })

  it('changes by a percent, rounded to the cent (half up)', () => {
    expect(changedPrice(1000, { kind: 'percent', percent: 10 })).toBe(1100)
    expect(changedPrice(105, { kind: 'percent', percent: 10 })).toBe(116) // 115.5
    expect(changedPrice(333, { kind: 'percent', percent: -10 })).toBe(300) // 299.7
    expect(changedPrice(450, { kind: 'percent', percent: 7.7 })).toBe(485) // 484.65
    expect(changedPrice(995, { kind: 'percent', percent: 2.5 })).toBe(1020) // 1019.875
    expect(changedPrice(450, { kind: 'percent', percent: -100 })).toBe(0)
    expect(changedPrice(450, { kind: 'percent', percent: -150 })).toBe(0)
  })

  it('refuses what is not a number', () => {
    expect(changedPrice(450, { kind: 'percent', percent: Number.NaN })).toBeNull()
    expect(changedPrice(450, { kind: 'amount', cents: Number.POSITIVE_INFINITY })).toBeNull()
  })
})
