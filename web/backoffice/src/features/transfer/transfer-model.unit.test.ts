import {
  createCategoryBodySchema,
  createMenuBodySchema,
  createProductBodySchema,
} from '@shop/shared/contracts'
import { menuSections, toDomainCategory, toDomainMenu, toDomainProduct } from '@shop/shared/domain/catalogue'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  applyPlan,
  COLUMNS,
  dryRun,
  exportBundle,
  exportCsv,
  type Item,
  KINDS,
  type Kind,
  readFiles,
  SCHEMAS,
  type ShopData,
  type Texts,
  type Writer,
} from './transfer-model.ts'

const texts: Texts = {
  unknownFile: (file) => `unknown ${file}`,
  invalidJson: () => 'invalid json',
  duplicate: (value) => `duplicate ${value}`,
  missingRef: (what, id) => `missing ${what} ${id}`,
  refHasErrors: (what, id) => `broken ${what} ${id}`,
}

/** A stored resource as GET answers it: the contract's output plus id and version. */
function stored(schema: z.ZodType, id: string, body: unknown): Item {
  return { ...(schema.parse(body) as Record<string, unknown>), id, version: 2 }
}

const BRANCH = { id: 'b-zh', identifier: 'zuerich-altstadt', name: 'Zürich' }

function shopData(): ShopData {
  const categories = [
    stored(createCategoryBodySchema, 'c-bread', { name: 'Brot' }),
    stored(createCategoryBodySchema, 'c-breakfast', {
      name: 'Frühstück',
      isVisibleWhenUnavailable: true,
      schedule: [{ weekdays: ['monday', 'tuesday'], from: '06:00', to: '11:00' }],
    }),
  ]
  const products = [
    stored(createProductBodySchema, 'p-zopf', {
      uid: 'zopf',
      name: 'Butterzopf, «frisch»',
      description: 'Mit Butter;\nzweizeilig',
      price: 650,
      tax: 2.6,
      takeawayTax: 2.6,
      dineInTax: 8.1,
      images: [{ id: 'img1', version: 1, extension: 'jpg' }],
    }),
    stored(createProductBodySchema, 'p-brot', {
      uid: 'ruchbrot',
      name: 'Ruchbrot',
      price: 420,
      tax: 2.6,
      takeawayTax: 2.6,
      dineInTax: 8.1,
      unit: 'kilogram',
      alternativeUnits: [{ unit: 'gram', ratio: 0.001, calculationModel: 'approximate' }],
      isLeadTimeEnabled: true,
      leadTimeType: 'hours',
      leadTimeValue: 2,
    }),
    stored(createProductBodySchema, 'p-gipfel', {
      uid: 'gipfeli',
      name: 'Gipfeli',
      type: 'configurable',
      price: 180,
      tax: 2.6,
      takeawayTax: 2.6,
      dineInTax: 8.1,
      config: { parts: [{ name: 'Füllung', type: 'select', options: [{ name: 'Schoggi', value: 40 }] }] },
    }),
  ]
  const menus = [
    stored(createMenuBodySchema, 'm-1', {
      name: 'Sortiment',
      availableFrom: '2026-11-01T00:00:00+01:00',
      branches: [{ id: BRANCH.id }],
      catalog: [
        { category: { id: 'c-breakfast' }, products: [{ id: 'p-gipfel' }] },
        { category: { id: 'c-bread' }, products: [{ id: 'p-brot' }, { id: 'p-zopf' }] },
      ],
    }),
  ]
  return { categories, products, menus, branches: [BRANCH] }
}

/** An in-memory shop: writes check the contract like the server and make new ids. */
function memoryShop(start: ShopData) {
  const data: ShopData = structuredClone(start)
  let next = 0
  const writes: string[] = []
  const writer: Writer = {
    async create(kind, body) {
      const parsed = SCHEMAS[kind].parse(body) as Record<string, unknown>
      const item = { ...parsed, id: `new-${kind}-${++next}`, version: 1 }
      data[kind].push(item)
      writes.push(`create ${kind}`)
      return item
    },
    async update(kind, target, body) {
      const { id: _id, version: _version, ...rest } = body as Record<string, unknown>
      const parsed = SCHEMAS[kind].parse(rest) as Record<string, unknown>
      const item = { ...parsed, id: target.id, version: Number(target.version) + 1 }
      data[kind] = data[kind].map((i) => (i.id === target.id ? item : i))
      writes.push(`update ${kind}`)
      return item
    },
  }
  return { data, writer, writes }
}

const EMPTY: ShopData = { categories: [], products: [], menus: [], branches: [BRANCH] }

/** What a customer sees: the storefront's sections at a time, by names (ids differ between shops). */
function storefront(shop: ShopData, date: string, time: string) {
  const categories = shop.categories.map(toDomainCategory)
  const products = shop.products.map(toDomainProduct)
  return shop.menus.map((menu) => ({
    menu: menu.name,
    availableFrom: Date.parse(String(menu.availableFrom)),
    sections: menuSections(toDomainMenu(menu), categories, products, { date, time }).map((s) => ({
      category: s.category.name,
      orderable: s.orderable,
      products: s.products.map((p) => {
        const { id: _id, version: _version, ...rest } = p.product as typeof p.product & { version?: number }
        return { ...rest, orderable: p.orderable }
      }),
    })),
  }))
}

/** Every resource without ids and versions, references replaced by names (to compare two shops). */
function normalised(shop: ShopData) {
  const name = (kind: Kind, id: string) => String(shop[kind].find((i) => i.id === id)?.name ?? `?${id}`)
  const strip = ({ id: _id, version: _v, ...rest }: Item) => rest
  return {
    categories: shop.categories.map(strip),
    products: shop.products.map(strip),
    menus: shop.menus.map((m) => ({
      ...strip(m),
      catalog: (m.catalog as { category: { id: string }; products: { id: string }[] }[]).map((e) => ({
        category: name('categories', e.category.id),
        products: e.products.map((p) => name('products', p.id)),
      })),
    })),
  }
}

async function importInto(shop: ReturnType<typeof memoryShop>, files: { name: string; text: string }[]) {
  const plan = dryRun(readFiles(files, texts), shop.data, 'de-CH', texts)
  expect(plan.rows.filter((r) => r.errors.length > 0).map((r) => r.errors)).toEqual([])
  const results = await applyPlan(plan, shop.writer, () => {}, String)
  expect(results.every((r) => r.status !== 'failed')).toBe(true)
  return plan
}

describe('the CSV columns', () => {
  it('cover every field of each write contract', () => {
    for (const kind of KINDS) {
      const shape = (SCHEMAS[kind] as unknown as { shape: Record<string, unknown> }).shape
      expect(COLUMNS[kind].map(([name]) => name).sort(), kind).toEqual(['id', ...Object.keys(shape)].sort())
    }
  })
})

describe('export and import round trip', () => {
  it('JSON: an empty shop shows the same storefront afterwards, ids mapped, categories and products first', async () => {
    const source = shopData()
    const file = JSON.stringify(exportBundle(source, new Date('2026-11-24T09:00:00Z')))
    const target = memoryShop(EMPTY)
    await importInto(target, [{ name: 'catalogue.json', text: file }])
    expect(target.writes).toEqual([
      'create categories',
      'create categories',
      'create products',
      'create products',
      'create products',
      'create menus',
    ])
    expect(normalised(target.data)).toEqual(normalised(source))
    for (const [date, time] of [
      ['2026-11-24', '09:00'],
      ['2026-11-24', '15:00'],
      ['2026-11-28', '09:00'],
    ] as const) {
      expect(storefront(target.data, date, time)).toEqual(storefront(source, date, time))
    }
    // The menu refers to the new ids.
    const menu = target.data.menus[0] as unknown as { catalog: { category: { id: string } }[] }
    expect(menu.catalog[0]?.category.id).toBe(target.data.categories.find((c) => c.name === 'Frühstück')?.id)
  })

  it('CSV: the same, with nested fields as JSON text, quotes, commas and line breaks', async () => {
    const source = shopData()
    const files = exportCsv(source)
    expect(files.map((f) => f.name)).toEqual(['categories.csv', 'products.csv', 'menus.csv'])
    const products = files[1]?.text ?? ''
    expect(products.split('\r\n')[0]).toContain('alternativeUnits')
    expect(products).toContain('"[{""unit"":""gram""')
    const target = memoryShop(EMPTY)
    // Any order of files: the import puts them in dependency order.
    await importInto(target, [...files].reverse())
    expect(normalised(target.data)).toEqual(normalised(source))
    expect(storefront(target.data, '2026-11-24', '09:00')).toEqual(storefront(source, '2026-11-24', '09:00'))
  })

  it('updates products by uid and categories and menus by name when they exist', async () => {
    const source = shopData()
    const target = memoryShop(source)
    const edited = exportBundle(source, new Date())
    ;(edited.products[0] as Record<string, unknown>).price = 700
    const plan = await importInto(target, [{ name: 'x.json', text: JSON.stringify(edited) }])
    expect(plan.rows.every((r) => r.action === 'update')).toBe(true)
    expect(target.data.products.find((p) => p.uid === 'zopf')?.price).toBe(700)
    expect(target.data.products).toHaveLength(3)
  })
})

describe('the dry run', () => {
  it('lists every bad row with the contract message and writes nothing', async () => {
    const source = shopData()
    const files = exportCsv(source)
    const lines = (files[1]?.text ?? '').split('\r\n')
    // Line 3 (Ruchbrot): a price that is no number.
    const header = (lines[0] ?? '').split(',')
    const cells = Papa(lines[2] ?? '')
    cells[header.indexOf('price')] = 'viel'
    lines[2] = cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')
    const target = memoryShop(EMPTY)
    const plan = dryRun(
      readFiles([{ name: 'products.csv', text: lines.join('\r\n') }], texts),
      target.data,
      'de-CH',
      texts,
    )
    const bad = plan.rows.filter((r) => r.errors.length > 0)
    expect(bad.map((r) => [r.file, r.line, r.label])).toEqual([['products.csv', 3, 'Ruchbrot (ruchbrot)']])
    expect(bad[0]?.errors[0]?.field).toBe('price')
    expect(bad[0]?.errors[0]?.message).toBe('Dieser Wert sollte vom Typ number sein.')
    expect(plan.errorCount).toBe(1)
    expect(await applyPlan(plan, target.writer, () => {}, String)).toEqual([])
    expect(target.writes).toEqual([])
  })

  it('names references that are neither in the shop nor in the import, and duplicates', () => {
    const source = shopData()
    const bundle = exportBundle(source, new Date())
    bundle.categories = bundle.categories.slice(1)
    bundle.products.push({ ...(bundle.products[0] as Item), id: 'p-copy' })
    ;(bundle.menus[0] as Record<string, unknown>).branches = [{ id: 'b-gone' }]
    const plan = dryRun(
      readFiles([{ name: 'x.json', text: JSON.stringify(bundle) }], texts),
      EMPTY,
      'de-CH',
      texts,
    )
    const errors = plan.rows.flatMap((r) => r.errors.map((e) => `${r.kind} ${e.field}: ${e.message}`))
    expect(errors).toEqual([
      'products uid: duplicate zopf',
      'menus branches.0.id: missing branch b-gone',
      'menus catalog.1.category.id: missing category c-bread',
    ])
  })

  it('finds branches of another shop by identifier, and reports unreadable JSON cells and unknown files', () => {
    const bundle = exportBundle(shopData(), new Date())
    const other: ShopData = { ...EMPTY, branches: [{ id: 'b-other', identifier: 'zuerich-altstadt' }] }
    const plan = dryRun(
      readFiles([{ name: 'x.json', text: JSON.stringify(bundle) }], texts),
      other,
      'de-CH',
      texts,
    )
    expect(plan.errorCount).toBe(0)
    expect(plan.branchMap.get('b-zh')).toBe('b-other')
    const csv = 'id,name,image,isEnabled,schedule,isVisibleWhenUnavailable\r\nc1,Brot,,true,[oops,false'
    const broken = dryRun(readFiles([{ name: 'k.csv', text: csv }], texts), EMPTY, 'de-CH', texts)
    expect(broken.rows[0]?.errors[0]).toEqual({ field: 'schedule', message: 'invalid json' })
    const unknown = dryRun(
      readFiles([{ name: 'notes.csv', text: 'a,b\r\n1,2' }], texts),
      EMPTY,
      'de-CH',
      texts,
    )
    expect(unknown.problems).toEqual(['unknown notes.csv'])
    expect(unknown.errorCount).toBe(1)
  })
})

/** Splits one CSV line (enough for the test's edit). */
function Papa(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      cells.push(cell)
      cell = ''
    } else cell += ch
  }
  cells.push(cell)
  return cells
}
