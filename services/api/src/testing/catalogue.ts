import type { BranchAccess, Bus, Db } from '@shop/kit'
import {
  type CreateOrderBodyInput,
  createBranchBodySchema,
  createCategoryBodySchema,
  createConfigBodySchema,
  createDonateeBodySchema,
  createMenuBodySchema,
  createProductBodySchema,
  createTableBodySchema,
} from '@shop/shared/contracts'
import { createResource } from '../resources/resource-store.ts'

// A small, fixed catalogue for integration tests: branches open around the clock (so tests
// using the real clock can order), every order type, a delivery area with a fee, a free-from
// threshold and a minimum, products of each kind the checkout rules care about.

const actor = { kind: 'system' as const, name: 'test-catalogue' }

export const TEST_AREA = {
  area: 'Innenstadt',
  price: 500,
  tax: 8.1,
  free: false,
  freeFromOrderValue: 1000,
  minimumOrderValue: 800,
}

export const TEST_PRODUCTS = {
  zopf: { uid: 'zopf', name: 'Zopf 500 g', price: 690 },
  gipfeli: { uid: 'gipfeli', name: 'Gipfeli', price: 180 },
  /** Sold per kilogram, also by the piece (~0.5 kg): approximate. */
  bauernbrot: { uid: 'landbrot', name: 'Landbrot', price: 820 },
  /** Configurable: size overwrites, extras add, a mandatory text, an optional image. */
  torte: { uid: 'torte', name: 'Wunschtorte', price: 3200 },
  /** Needs one day's notice. */
  hochzeitstorte: { uid: 'festtorte', name: 'Festtorte', price: 12000 },
  /** Switched off in the back-office. */
  ausverkauft: { uid: 'ausverkauft', name: 'Ausverkauftes Brot', price: 500 },
  /** Exists but is on no menu of the test branches. */
  ohneKarte: { uid: 'ohne-karte', name: 'Nicht auf der Karte', price: 100 },
} as const

export type SeededCatalogue = { donateeId: string; tables: string[] }

/**
 * Creates config, one catalogue branch per given branch (same id and api key, so the staff
 * credentials of the tests stay as they are), categories, products, a menu, tables and a
 * donatee. Idempotent per database: call once on a fresh one.
 */
export async function seedTestCatalogue(
  deps: { db: Db; bus: Pick<Bus, 'notifyAppended'> },
  branches: readonly BranchAccess[],
  opts: { config?: boolean } = {},
): Promise<SeededCatalogue> {
  const write = (type: string, data: Record<string, unknown>, id?: string) =>
    createResource({ db: deps.db, bus: deps.bus, type, actor, data, ...(id ? { id } : {}) })

  if (opts.config !== false)
    await write(
      'config',
      createConfigBodySchema.parse({
        shopName: 'Testbäckerei',
        currency: 'CHF',
        enablePluginDonations: true,
        enablePluginFrontdesk: true,
        enableATMCard: true,
        enablePluginStripe: true,
        enableStripe: true,
      }),
      'config',
    )
  for (const branch of branches) {
    const data = createBranchBodySchema.parse({
      identifier: `filiale-${branch.id}`.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
      name: branch.name,
      street: 'Marktgasse 1',
      zipCode: '8001',
      city: 'Zürich',
      email: `filiale-${branch.id}@example.org`,
      isPublic: true,
      openingHours: [{ type: 'daily', from: '00:00', to: '24:00' }],
      isTakeawayEnabled: true,
      isDeliveryEnabled: true,
      isDineInEnabled: true,
      isATMCardEnabled: true,
      isStripeEnabled: true,
      deliveryAreas: [
        TEST_AREA,
        {
          area: 'Umland',
          price: 900,
          tax: 8.1,
          free: false,
          freeFromOrderValue: null,
          minimumOrderValue: 3000,
        },
      ],
      timeZone: branch.timeZone,
    })
    await write('branch', { ...data, apiKey: branch.apiKey }, branch.id)
  }
  const products: Record<string, string> = {}
  const product = async (key: keyof typeof TEST_PRODUCTS, extra: Record<string, unknown>) => {
    const p = TEST_PRODUCTS[key]
    const row = await write(
      'product',
      createProductBodySchema.parse({
        uid: p.uid,
        name: p.name,
        price: p.price,
        tax: 8.1,
        takeawayTax: 2.6,
        dineInTax: 8.1,
        ...extra,
      }),
    )
    products[key] = row.id
  }
  await product('zopf', {})
  await product('gipfeli', { maximumQuantity: 50 })
  await product('bauernbrot', {
    unit: 'kilogram',
    minimumQuantity: 0.5,
    quantityStepSize: 0.25,
    calculationModel: 'approximate',
    alternativeUnits: [
      { unit: 'piece', ratio: 0.5, calculationModel: 'approximate', minimumQuantity: 1, quantityStepSize: 1 },
    ],
  })
  await product('torte', {
    type: 'configurable',
    config: {
      parts: [
        {
          name: 'Grösse',
          type: 'select',
          options: [
            { name: '18 cm', modifier: 'overwrite', value: 3200 },
            { name: '24 cm', modifier: 'overwrite', value: 4800 },
          ],
        },
        {
          name: 'Extras',
          type: 'multiselect',
          optional: true,
          options: [
            { name: 'Kerzen', modifier: 'add', value: 250 },
            { name: 'Goldblatt', modifier: 'add', value: 900 },
          ],
        },
        { name: 'Aufschrift', type: 'text' },
        { name: 'Foto', type: 'image', optional: true },
      ],
    },
  })
  await product('hochzeitstorte', { isLeadTimeEnabled: true, leadTimeType: 'days', leadTimeValue: 1 })
  await product('ausverkauft', { isEnabled: false })
  await product('ohneKarte', {})

  const category = async (name: string) =>
    (await write('category', createCategoryBodySchema.parse({ name }))).id
  const brot = await category('Brot')
  const torten = await category('Torten')
  await write(
    'menu',
    createMenuBodySchema.parse({
      name: 'Testkarte',
      availableFrom: '2020-01-01T00:00:00Z',
      branches: branches.map((b) => ({ id: b.id })),
      catalog: [
        {
          category: { id: brot },
          products: ['zopf', 'gipfeli', 'bauernbrot', 'ausverkauft'].map((k) => ({ id: products[k]! })),
        },
        {
          category: { id: torten },
          products: ['torte', 'hochzeitstorte'].map((k) => ({ id: products[k]! })),
        },
      ],
    }),
  )
  const tables = ['t1', 't2', 't3']
  for (const branch of branches) {
    for (const identifier of tables)
      await write('table', createTableBodySchema.parse({ identifier, branch: { id: branch.id } }))
  }
  const donatee = await write(
    'donatee',
    createDonateeBodySchema.parse({
      identifier: 'tafel',
      name: 'Schweizer Tafel',
      description: 'Lebensmittel für Bedürftige',
    }),
  )
  return { donateeId: donatee.id, tables }
}

/**
 * A valid checkout body for the test catalogue: a delivery to the Innenstadt area of a Zopf
 * and four Gipfeli (14.10, free delivery from 10.00), paid in cash. `extra` overrides fields.
 */
export function testOrderBody(
  branch: string,
  extra: Partial<CreateOrderBodyInput> = {},
): CreateOrderBodyInput {
  return {
    branch,
    isDelivery: true,
    isDineIn: false,
    firstName: 'Anna',
    lastName: 'Muster',
    email: 'anna@example.com',
    phone: '+41 79 123 45 67',
    street: 'Bahnhofstrasse 1',
    zipCode: '8001',
    city: 'Zürich',
    country: 'CH',
    deliveryArea: TEST_AREA.area,
    items: [
      { product: 'zopf', name: 'Zopf 500 g', amount: 1, unit: 'piece', price: 690 },
      { product: 'gipfeli', name: 'Gipfeli', amount: 4, unit: 'piece', price: 180 },
    ],
    comment: 'Bitte klingeln',
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
    ...extra,
  }
}
