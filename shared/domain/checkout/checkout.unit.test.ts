import { describe, expect, it } from 'vitest'
import { type CreateOrderBodyInput, createOrderBodySchema } from '../../contracts/http/orders.http.ts'
import { t } from '../../i18n/index.ts'
import { aProduct } from '../catalogue/catalogue.test-support.ts'
import type { Product } from '../catalogue/catalogue.types.ts'
import {
  type CheckoutBranch,
  type CheckoutError,
  type CheckoutInput,
  checkCheckout,
  normalisePhone,
  repriceOrder,
} from './checkout.ts'

// Saturday 2026-03-28, 10:00 in Zürich (CET, UTC+1); the clocks go forward on Sunday night.
const NOW = new Date('2026-03-28T09:00:00Z')

const branch = (overrides: Partial<CheckoutBranch> = {}): CheckoutBranch => ({
  id: 'b1',
  identifier: 'markt',
  timeZone: 'Europe/Zurich',
  // Monday to Saturday 07:00–18:30, Sunday closed (days default to closed).
  openingHours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((type) => ({
    type: type as 'monday',
    date: null,
    isClosed: false,
    from: '07:00',
    to: '18:30',
  })),
  deliveryHours: [],
  isDeliveryHoursEnabled: false,
  isTakeawayEnabled: true,
  isDeliveryEnabled: true,
  isDineInEnabled: false,
  isTableSelectionEnabled: false,
  isPreorderEnabled: false,
  isAppointmentRequired: false,
  isQuotationRequired: false,
  deliveryAreas: [
    {
      area: 'Altstadt',
      price: 500,
      tax: 8.1,
      free: false,
      freeFromOrderValue: 3000,
      minimumOrderValue: 1000,
    },
  ],
  requirements: {
    delivery: { email: false, phone: true, address: true },
    dineIn: { email: false, phone: false, address: false },
    takeaway: { email: true, phone: false, address: false },
  },
  ...overrides,
})

const zopf = aProduct({ id: 'p-zopf', uid: 'zopf', name: 'Zopf', price: 690, tax: 2.6, takeawayTax: 2.6 })
const torte = aProduct({
  id: 'p-torte',
  uid: 'torte',
  name: 'Torte',
  price: 3200,
  type: 'configurable',
  config: {
    parts: [
      {
        name: 'Grösse',
        type: 'select',
        optional: false,
        options: [
          { name: '18 cm', modifier: 'overwrite', value: 3200 },
          { name: '24 cm', modifier: 'overwrite', value: 4800 },
        ],
      },
      {
        name: 'Extras',
        type: 'multiselect',
        optional: true,
        options: [{ name: 'Kerzen', modifier: 'add', value: 250 }],
      },
      { name: 'Aufschrift', type: 'text', optional: false, options: [] },
      { name: 'Foto', type: 'image', optional: true, options: [] },
    ],
  },
})
const brot = aProduct({
  id: 'p-brot',
  uid: 'brot',
  name: 'Brot',
  price: 820,
  unit: 'kilogram',
  minimumQuantity: 0.5,
  maximumQuantity: 5,
  quantityStepSize: 0.25,
  calculationModel: 'approximate',
})
const festtorte = aProduct({
  id: 'p-fest',
  uid: 'festtorte',
  name: 'Festtorte',
  price: 12000,
  isLeadTimeEnabled: true,
  leadTimeType: 'days',
  leadTimeValue: 2,
})
const off = aProduct({ id: 'p-off', uid: 'off', name: 'Aus', isEnabled: false })
const products: Product[] = [zopf, torte, brot, festtorte, off]

const menu = { catalog: [{ category: 'c1', products: products.map((p) => p.id) }] }
const categories = [
  { id: 'c1', name: 'Alles', isEnabled: true, schedule: null, isVisibleWhenUnavailable: false },
]

const form = (overrides: Partial<CreateOrderBodyInput> = {}) =>
  createOrderBodySchema.parse({
    branch: 'b1',
    isDelivery: false,
    isDineIn: false,
    firstName: 'Erika',
    lastName: 'Muster',
    email: 'erika@example.org',
    items: [{ product: 'zopf', amount: 2, price: 690 }],
    legalInstructions: true,
    privacyPolicy: true,
    ...overrides,
  })

let ids = 0
const run = (overrides: Partial<CreateOrderBodyInput> = {}, input: Partial<CheckoutInput> = {}) =>
  checkCheckout({
    form: form(overrides),
    branch: branch(),
    config: { currency: 'CHF', enablePluginDonations: true },
    catalogue: { menu, categories, products },
    lookups: { tables: [], donatee: null, uploads: new Map(), payment: { ok: true, online: false } },
    now: NOW,
    itemId: () => `item-${++ids}`,
    ...input,
  })

function errorsOf(result: ReturnType<typeof run>): CheckoutError[] {
  if (result.ok) throw new Error(`expected errors, got an order: ${JSON.stringify(result.order.pricing)}`)
  return result.errors
}
const text = (e: CheckoutError) => t(e.key, e.params)

describe('checkout: prices from the catalogue', () => {
  it('prices a takeaway order with the takeaway tax and answers as soon as possible with the first slot', () => {
    const result = run()
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.order.items[0]).toMatchObject({
      unitPrice: 690,
      total: 1380,
      taxRate: 2.6,
      pricingModel: 'fixed',
    })
    expect(result.order.pricing).toMatchObject({
      gross: 1380,
      deliveryGross: 0,
      totalGross: 1380,
      taxes: { '2.6': 35 },
    })
    expect((result.order.pricing.totalNet ?? 0) + (result.order.pricing.totalTax ?? 0)).toBe(1380)
    expect(result.order.appointment).toBeNull()
    expect(result.order.dueAt).toBe('2026-03-28T09:00:00.000Z')
  })

  it('prices options (overwrite, then add) and keeps the chosen parts by name', () => {
    const result = run({
      items: [
        {
          product: 'torte',
          amount: 1,
          parts: [{ options: ['24 cm'] }, { options: ['Kerzen'] }, { text: 'Alles Gute, Mia!' }, {}],
        },
      ],
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.order.items[0]).toMatchObject({ unitPrice: 5050, total: 5050 })
    expect(result.order.items[0]?.parts?.map((p) => [p.name, p.options, p.text])).toEqual([
      ['Grösse', ['24 cm'], null],
      ['Extras', ['Kerzen'], null],
      ['Aufschrift', [], 'Alles Gute, Mia!'],
      ['Foto', [], null],
    ])
  })

  it('adds the delivery fee below the free-from value, with its own tax rate', () => {
    const result = run({
      isDelivery: true,
      phone: '079 123 45 67'.replace('0', '+41 '),
      street: 'Gasse 1',
      zipCode: '8001',
      city: 'Zürich',
      deliveryArea: 'altstadt',
      items: [{ product: 'zopf', amount: 2 }],
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.order.pricing).toMatchObject({ gross: 1380, deliveryGross: 500, totalGross: 1880 })
    expect(Object.keys(result.order.pricing.taxes ?? {}).sort()).toEqual(['2.6', '8.1'])
    expect(result.order.deliveryArea).toBe('Altstadt')
  })

  it('reprices an order with the same rules (a staff item edit)', () => {
    const pricing = repriceOrder([{ total: 3200, taxRate: 2.6 }], 'delivery', branch().deliveryAreas[0]!)
    expect(pricing).toMatchObject({ gross: 3200, deliveryGross: 0, totalGross: 3200 })
  })
})

describe('checkout: refusals, each with its field and the spec text', () => {
  it('a manipulated price', () => {
    const [error] = errorsOf(run({ items: [{ product: 'zopf', amount: 1, price: 1 }] }))
    expect(error?.field).toBe('items.0.price')
    expect(text(error!)).toMatch(
      /^Der Preis von «Zopf» hat sich geändert und beträgt jetzt CHF\s6\.90\. Bitte prüfen Sie Ihren Warenkorb\.$/,
    )
  })

  it('a disabled product and one not on the menu', () => {
    const errors = errorsOf(
      run({
        items: [
          { product: 'off', amount: 1 },
          { product: 'nope', amount: 1 },
        ],
      }),
    )
    expect(errors.map((e) => e.field)).toEqual(['items.1.product', 'items.0.product'])
    expect(text(errors[0]!)).toBe('Das Produkt «nope» gibt es nicht.')
    expect(text(errors[1]!)).toBe('Das Produkt «Aus» ist zum gewählten Zeitpunkt leider nicht erhältlich.')
  })

  it('a time outside the opening hours and one before the lead time', () => {
    const outside = errorsOf(run({ appointmentDate: '2026-03-28T19:00:00+01:00' }))
    expect(outside).toEqual([expect.objectContaining({ field: 'appointmentDate' })])
    expect(text(outside[0]!)).toBe(
      'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
    )
    // Two days' notice from Saturday: Monday is the earliest day, and Monday opens at 07:00 CEST.
    const early = errorsOf(
      run({ items: [{ product: 'festtorte', amount: 1 }], appointmentDate: '2026-03-28T16:00:00+01:00' }),
    )
    expect(text(early[0]!)).toBe(
      'Der ausgewählte Termin liegt vor der Vorlaufzeit Ihrer Bestellung. Der früheste mögliche Termin ist am 30.03.2026 um 07:00 Uhr.',
    )
    expect(
      run({ items: [{ product: 'festtorte', amount: 1 }], appointmentDate: '2026-03-30T07:00:00+02:00' }).ok,
    ).toBe(true)
  })

  it('takeaway is picked up from the branch’s orderableFrom on: earlier is refused, ASAP waits for it', () => {
    const pickupAt8 = { branch: branch({ orderableFrom: '08:00' }) }
    // Monday 07:30 CEST: open, but pickup only from 08:00.
    const early = errorsOf(run({ appointmentDate: '2026-03-30T07:30:00+02:00' }, pickupAt8))
    expect(early.map((e) => e.field)).toEqual(['appointmentDate'])
    expect(run({ appointmentDate: '2026-03-30T08:00:00+02:00' }, pickupAt8).ok).toBe(true)
    // Saturday 07:10 CET, open since 07:00: as soon as possible is 08:00, and the order is taken.
    const asap = run({}, { ...pickupAt8, now: new Date('2026-03-28T06:10:00Z') })
    expect(asap.ok).toBe(true)
    // A delivery is not a pickup: 07:30 is fine for it.
    expect(
      run(
        {
          isDelivery: true,
          deliveryArea: 'Altstadt',
          phone: '+41 79 000 00 00',
          street: 'Gasse 1',
          zipCode: '8001',
          city: 'Zürich',
          appointmentDate: '2026-03-30T07:30:00+02:00',
        },
        pickupAt8,
      ).ok,
    ).toBe(true)
  })

  it('the shop can ask every order for an e-mail address and a phone number', () => {
    // Takeaway asks for an e-mail by the branch's rule, not for a phone.
    const strict = { config: { currency: 'CHF', enablePluginDonations: true, isContactPhoneRequired: true } }
    expect(run({ phone: undefined }).ok).toBe(true)
    expect(errorsOf(run({ phone: undefined }, strict)).map((e) => e.field)).toEqual(['phone'])
    const noMail = { config: { currency: 'CHF', enablePluginDonations: true, isContactEmailRequired: true } }
    const dineInBranch = { branch: branch({ isDineInEnabled: true }) }
    expect(run({ isDineIn: true, table: '4', email: undefined }, dineInBranch).ok).toBe(true)
    expect(
      errorsOf(run({ isDineIn: true, table: '4', email: undefined }, { ...dineInBranch, ...noMail })).map(
        (e) => e.field,
      ),
    ).toEqual(['email'])
  })

  it('an amount off the step, below the minimum, in a unit not offered', () => {
    const errors = errorsOf(
      run({
        items: [
          { product: 'brot', amount: 0.6 },
          { product: 'brot', amount: 0.25 },
          { product: 'brot', amount: 1, unit: 'piece' },
        ],
      }),
    )
    expect(errors.map((e) => e.field)).toEqual(['items.0.amount', 'items.1.amount', 'items.2.unit'])
    expect(text(errors[0]!)).toBe(
      'Die Menge von «Brot» muss zwischen 0.5 und 5 liegen, in Schritten von 0.25.',
    )
    expect(run({ items: [{ product: 'brot', amount: 0.75, unit: 'kilogram' }] }).ok).toBe(true)
  })

  it('a missing mandatory part, an unknown option, two choices in a select, a missing upload', () => {
    const errors = errorsOf(
      run({
        items: [
          {
            product: 'torte',
            amount: 1,
            parts: [{ options: ['30 cm', '24 cm'] }, {}, { text: '  ' }, { uploads: [{ id: 'u-x' }] }],
          },
        ],
      }),
    )
    expect(errors.map((e) => [e.field, text(e)])).toEqual([
      ['items.0.parts.0.options', 'Die Option «30 cm» gibt es für «Grösse» nicht.'],
      ['items.0.parts.0.options', 'Für «Grösse» kann nur eine Option gewählt werden.'],
      ['items.0.parts.2.text', 'Bitte füllen Sie «Aufschrift» aus.'],
      [
        'items.0.parts.3.uploads',
        'Eine Datei für «Foto» wurde nicht gefunden. Bitte laden Sie sie erneut hoch.',
      ],
    ])
  })

  it('an order type the branch does not offer', () => {
    const errors = errorsOf(run({ isDineIn: true, table: '4' }))
    expect(errors[0]).toMatchObject({ field: 'isDineIn' })
    expect(text(errors[0]!)).toBe('Diese Art der Bestellung bietet die Filiale leider nicht an.')
  })

  it('the contact fields the branch requires for the order type, and the phone format', () => {
    const errors = errorsOf(
      run({
        isDelivery: true,
        deliveryArea: 'Altstadt',
        email: null,
        // No trunk 0: not a national number of the branch's country (AT without one configured).
        phone: '79 123 45 67',
        items: [{ product: 'zopf', amount: 1 }],
      }),
    )
    expect(errors.map((e) => e.field)).toEqual(['phone', 'street', 'zipCode', 'city', 'deliveryArea'])
    expect(text(errors[0]!)).toBe('Bitte geben Sie eine gültige Nummer im Format +43 1 234 56 78 an.')
    expect(text(errors[4]!)).toMatch(
      /^Sie haben den Mindestbestellwert in Höhe von CHF\s10\.00 leider noch nicht erreicht/,
    )
    expect(errorsOf(run({ email: null })).map((e) => e.field)).toEqual(['email'])
  })

  it('terms and privacy must be accepted; an unknown donatee or payment method is refused', () => {
    const errors = errorsOf(
      run(
        { legalInstructions: false, privacyPolicy: false, donatee: 'd-x' },
        {
          lookups: {
            tables: [],
            donatee: 'missing',
            uploads: new Map(),
            payment: { ok: false, reason: 'disabled' },
          },
        },
      ),
    )
    expect(errors.map((e) => e.field)).toEqual([
      'legalInstructions',
      'privacyPolicy',
      'donatee',
      'paymentMethod',
    ])
  })

  it('a table the branch does not have', () => {
    const b = branch({ isDineInEnabled: true })
    const lookups = {
      tables: ['1', '2'],
      donatee: null,
      uploads: new Map(),
      payment: { ok: true as const, online: false },
    }
    expect(errorsOf(run({ isDineIn: true, table: '9' }, { branch: b, lookups }))[0]).toMatchObject({
      field: 'table',
    })
    const ok = run({ isDineIn: true, table: '2' }, { branch: b, lookups })
    expect(ok.ok && ok.order.tableIdentifier).toBe('2')
    expect(ok.ok && ok.order.items[0]?.taxRate).toBe(8.1)
  })
})

describe('checkout: closed shop, pre-order, quotation', () => {
  const sunday = new Date('2026-03-29T10:00:00Z')

  it('refuses while closed unless pre-orders are enabled', () => {
    const errors = errorsOf(run({}, { now: sunday }))
    expect(text(errors[0]!)).toBe('Derzeit haben wir leider geschlossen.')
    const preorder = run({}, { now: sunday, branch: branch({ isPreorderEnabled: true }) })
    expect(preorder.ok).toBe(true)
    if (!preorder.ok) return
    expect(preorder.order.isPreorder).toBe(true)
    // As soon as possible after the spring-forward night: Monday 07:00 CEST.
    expect(preorder.order.dueAt).toBe('2026-03-30T05:00:00.000Z')
  })

  it('takes a quotation request while closed, never with an online payment', () => {
    const quotation = run({}, { now: sunday, branch: branch({ isQuotationRequired: true }) })
    expect(quotation.ok && quotation.order.isQuotation).toBe(true)
    const online = run(
      {},
      {
        now: sunday,
        branch: branch({ isQuotationRequired: true }),
        lookups: { tables: [], donatee: null, uploads: new Map(), payment: { ok: true, online: true } },
      },
    )
    expect(errorsOf(online).map((e) => e.field)).toEqual(['paymentMethod'])
  })

  it('needs an appointment when the branch requires one', () => {
    const errors = errorsOf(run({}, { branch: branch({ isAppointmentRequired: true }) }))
    expect(text(errors[0]!)).toBe('Bitte wählen Sie einen Termin aus.')
  })
})

describe('issue 18: national phone numbers in the branch country', () => {
  const takeaway = { phone: '079 123 45 67', items: [{ product: 'zopf', amount: 1 }] }
  it('stores a Swiss national number as E.164 at a Swiss branch', () => {
    const result = run(takeaway, { branch: branch({ country: 'CH' }) })
    expect(result.ok, JSON.stringify(result)).toBe(true)
    if (result.ok) expect(result.order.customer.phone).toBe('+41791234567')
  })
  it("reads it in the config's default country when the branch has none", () => {
    const result = run(takeaway, {
      config: { currency: 'CHF', enablePluginDonations: true, defaultCountry: 'CH' },
    })
    expect(result.ok, JSON.stringify(result)).toBe(true)
    if (result.ok) expect(result.order.customer.phone).toBe('+41791234567')
  })
  it("refuses what is no number of the branch's country, with that country's example", () => {
    const errors = errorsOf(
      run({ ...takeaway, phone: '234 56 78', country: 'AT' }, { branch: branch({ country: 'CH' }) }),
    )
    expect(errors.map((e) => e.field)).toEqual(['phone'])
    expect(text(errors[0]!)).toBe('Bitte geben Sie eine gültige Nummer im Format +41 44 123 45 67 an.')
    const li = run({ ...takeaway, phone: '234 56 78' }, { branch: branch({ country: 'LI' }) })
    expect(li.ok && li.order.customer.phone).toBe('+4232345678')
  })
})

describe('phone normalisation (spec §5)', () => {
  it.each([
    ['0041 79 123 45 67', true, '+41791234567'],
    ['+41 (79) 123-45-67', true, '+41791234567'],
    ['079 123 45 67', false, '0791234567'],
    ['+1', false, '+1'],
  ])('%s', (raw, ok, phone) => {
    expect(normalisePhone(raw)).toEqual({ ok, phone })
  })
})

describe('issue 14: order size, areas and postcodes, units, noise, closed days, cart item shape', () => {
  const delivery = (overrides: Partial<CreateOrderBodyInput> = {}): Partial<CreateOrderBodyInput> => ({
    isDelivery: true,
    deliveryArea: 'Altstadt',
    phone: '+41 79 000 00 00',
    street: 'Gasse 1',
    zipCode: '8001',
    city: 'Zürich',
    items: [{ product: 'zopf', amount: 2 }],
    ...overrides,
  })
  const zoned = branch({
    deliveryAreas: [
      {
        id: 'a-alt',
        area: 'Altstadt',
        price: 500,
        tax: 8.1,
        free: false,
        freeFromOrderValue: 3000,
        minimumOrderValue: 1000,
        zipCodes: ['8001'],
      },
      {
        id: 'a-land',
        area: 'Land',
        price: 900,
        tax: 8.1,
        free: false,
        freeFromOrderValue: null,
        minimumOrderValue: null,
        zipCodes: ['84*'],
      },
    ],
  })

  it('a billion pieces of a product without a maximum: refused at the default line maximum', () => {
    const errors = errorsOf(run({ items: [{ product: 'zopf', amount: 1_000_000_000 }] }))
    expect(errors.map((e) => [e.field, text(e)])).toEqual([
      [
        'items.0.amount',
        'Die Menge von «Zopf» darf höchstens 1000 betragen. Für grössere Mengen fragen Sie bitte die Filiale nach einem Angebot.',
      ],
    ])
    expect(run({ items: [{ product: 'zopf', amount: 1000 }] }, { config: bigCap }).ok).toBe(true)
  })

  const bigCap = { currency: 'CHF', enablePluginDonations: true, maximumOrderValue: 100_000_000 }

  it('an order total beyond the cap: refused with where to ask for a quote, on items', () => {
    const capped = { currency: 'CHF', enablePluginDonations: true, maximumOrderValue: 10_000 }
    const within = run({ items: [{ product: 'zopf', amount: 14 }] }, { config: capped })
    expect(within.ok).toBe(true) // 96.60
    const errors = errorsOf(
      run(
        { items: [{ product: 'zopf', amount: 15 }] },
        { config: capped, branch: branch({ phone: '+41 44 123 45 67', email: 'markt@example.org' }) },
      ),
    )
    expect(errors.map((e) => e.field)).toEqual(['items'])
    expect(text(errors[0]!)).toMatch(
      /^Sie haben den Höchstbestellwert in Höhe von CHF\s100\.00 leider überschritten\. Für grössere Bestellungen fragen Sie bitte die Filiale nach einem Angebot: \+41 44 123 45 67, markt@example\.org\.$/,
    )
    const noContact = errorsOf(run({ items: [{ product: 'zopf', amount: 15 }] }, { config: capped }))
    expect(text(noContact[0]!)).toMatch(/nach einem Angebot\.$/)
    // The default cap (10,000.00) holds when the config names none: 84 × 120.00 is above it.
    const big = {
      items: [{ product: 'festtorte', amount: 84 }],
      appointmentDate: '2026-03-30T09:00:00+02:00',
    }
    expect(errorsOf(run(big)).map((e) => e.key)).toEqual(['checkout:checkout.maximumOrderNoContact'])
    expect(run({ ...big, items: [{ product: 'festtorte', amount: 83 }] }).ok).toBe(true)
  })

  it('beyond the cap, a branch that requires quotations takes a quotation request', () => {
    const capped = { currency: 'CHF', enablePluginDonations: true, maximumOrderValue: 10_000 }
    const result = run(
      { items: [{ product: 'zopf', amount: 15 }] },
      { config: capped, branch: branch({ isQuotationRequired: true }) },
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.order).toMatchObject({ isQuotation: true, pricing: { totalGross: 10_350 } })
  })

  it('the area must serve the delivery postcode: the orderer’s, or the different delivery address’s', () => {
    const wrong = errorsOf(run(delivery({ zipCode: '8400' }), { branch: zoned }))
    expect(wrong.map((e) => [e.field, text(e)])).toEqual([
      [
        'deliveryArea',
        'Das Liefergebiet «Altstadt» umfasst die Postleitzahl 8400 leider nicht. Bitte wählen Sie das Liefergebiet «Land».',
      ],
    ])
    const nowhere = errorsOf(run(delivery({ zipCode: '3000' }), { branch: zoned }))
    expect(text(nowhere[0]!)).toBe(
      'Das Liefergebiet «Altstadt» umfasst die Postleitzahl 3000 leider nicht. Bitte wählen Sie das Liefergebiet Ihrer Lieferadresse.',
    )
    expect(run(delivery({ zipCode: '8400', deliveryArea: 'Land' }), { branch: zoned }).ok).toBe(true)
    expect(run(delivery({ zipCode: '8001', deliveryArea: 'a-alt' }), { branch: zoned }).ok).toBe(true)
    // The goods go to the different delivery address: its postcode counts.
    const elsewhere = {
      isDeliveryAddressDifferent: true,
      deliveryFirstName: 'Beat',
      deliveryLastName: 'Muster',
      deliveryStreet: 'Dorf 2',
      deliveryCity: 'Winterthur',
    }
    expect(
      errorsOf(run(delivery({ ...elsewhere, deliveryZipCode: '8400' }), { branch: zoned })).map(
        (e) => e.field,
      ),
    ).toEqual(['deliveryArea'])
    expect(
      run(delivery({ ...elsewhere, deliveryZipCode: '8400', zipCode: '3000', deliveryArea: 'Land' }), {
        branch: zoned,
      }).ok,
    ).toBe(true)
    // A branch whose areas list no postcodes takes any (areas from before the field).
    expect(run(delivery({ zipCode: '3000' })).ok).toBe(true)
  })

  it('an area restricted to postcodes needs one, even where the branch does not require the address', () => {
    const lax = branch({
      ...zoned,
      requirements: { ...zoned.requirements, delivery: { email: false, phone: true, address: false } },
    })
    expect(errorsOf(run(delivery({ zipCode: null }), { branch: lax })).map((e) => e.field)).toEqual([
      'zipCode',
    ])
  })

  it('the order keeps its area’s id and fee terms; a reprice uses them', () => {
    const result = run(delivery({ deliveryArea: 'ALTSTADT' }), { branch: zoned })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.order.deliveryArea).toBe('Altstadt')
    expect(result.order.deliveryTerms).toEqual({
      id: 'a-alt',
      area: 'Altstadt',
      price: 500,
      tax: 8.1,
      free: false,
      freeFromOrderValue: 3000,
      minimumOrderValue: 1000,
    })
    const repriced = repriceOrder([{ total: 2000, taxRate: 2.6 }], 'delivery', result.order.deliveryTerms)
    expect(repriced).toMatchObject({ gross: 2000, deliveryGross: 500, totalGross: 2500 })
    expect(
      run().ok && (run() as { ok: true; order: { deliveryTerms: unknown } }).order.deliveryTerms,
    ).toBeNull()
  })

  it('a stored gram ratio of 1000 on a per-kg product prices 125 g as 125 g', () => {
    const schinken = aProduct({
      id: 'p-schinken',
      uid: 'schinken',
      name: 'Schinken',
      price: 3990,
      unit: 'kilogram',
      maximumQuantity: null,
      minimumQuantity: 0.1,
      quantityStepSize: 0.05,
      alternativeUnits: [
        {
          unit: 'gram',
          ratio: 1000,
          calculationModel: 'approximate',
          minimumQuantity: 100,
          maximumQuantity: null,
          quantityStepSize: 25,
        },
      ],
    })
    const result = run(
      { items: [{ product: 'schinken', amount: 125, unit: 'gram' }] },
      {
        catalogue: {
          menu: { catalog: [{ category: 'c1', products: ['p-schinken'] }] },
          categories,
          products: [schinken],
        },
      },
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    // 0.125 kg × 39.90 = 4.99 (not 4,987,500.00).
    expect(result.order.items[0]).toMatchObject({ amount: 125, unit: 'gram', total: 499 })
  })

  it('an amount with binary noise is taken and stored as its grid point', () => {
    const mehl = aProduct({
      id: 'p-mehl',
      uid: 'mehl',
      name: 'Mehl',
      price: 300,
      unit: 'kilogram',
      minimumQuantity: 0.1,
      maximumQuantity: 10,
      quantityStepSize: 0.1,
    })
    const withMehl = {
      catalogue: {
        menu: { catalog: [{ category: 'c1', products: ['p-mehl'] }] },
        categories,
        products: [mehl],
      },
    }
    expect(0.1 + 0.2).toBe(0.30000000000000004)
    const result = run({ items: [{ product: 'mehl', amount: 0.1 + 0.2 }] }, withMehl)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.order.items[0]).toMatchObject({ amount: 0.3, total: 90 })
    // Off the grid by more than noise stays refused.
    const off = errorsOf(run({ items: [{ product: 'mehl', amount: 0.3000001 }] }, withMehl))
    expect(off.map((e) => e.field)).toEqual(['items.0.amount'])
  })

  it('an appointment on a closed day answers the spec’s text', () => {
    const sunday = errorsOf(run({ appointmentDate: '2026-03-29T12:00:00+02:00' }))
    expect(sunday.map((e) => [e.field, text(e)])).toEqual([
      [
        'appointmentDate',
        'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
      ],
    ])
  })

  it('a cart item shaped as in spec §3 ({ uid, isPriceHidden }) is the same as its uid', () => {
    const shaped = run({ items: [{ product: { uid: 'zopf', isPriceHidden: true }, amount: 2, price: 690 }] })
    expect(shaped.ok).toBe(true)
    if (!shaped.ok) return
    // The client's isPriceHidden changes nothing: the catalogue's flag and price count.
    expect(shaped.order.items[0]).toMatchObject({ productUid: 'zopf', total: 1380, isPriceHidden: false })
    const tampered = errorsOf(
      run({ items: [{ product: { uid: 'zopf', isPriceHidden: true }, amount: 2, price: 1 }] }),
    )
    expect(tampered.map((e) => e.field)).toEqual(['items.0.price'])
  })
})

describe('checkout: cash rounding (CHF 0.05)', () => {
  const odd = aProduct({
    id: 'p-odd',
    uid: 'odd',
    name: 'Nussgipfel',
    price: 343,
    tax: 2.6,
    takeawayTax: 2.6,
  })
  const withOdd = {
    catalogue: {
      menu: { catalog: [{ category: 'c1', products: [...products, odd].map((p) => p.id) }] },
      categories,
      products: [...products, odd],
    },
  }
  const items = [{ product: 'odd', amount: 1, price: 343 }]

  it('a cash order keeps its VAT figures and adds the rounding to the next 0.05', () => {
    const result = run({ items, paymentMethod: 'cash' }, withOdd)
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    expect(result.order.pricing).toMatchObject({ totalGross: 343, totalTax: 9, cashRounding: 2 })
    expect(result.order.pricing.totalGross + (result.order.pricing.cashRounding ?? 0)).toBe(345)
  })

  it('another method, or a currency without a step, is not rounded', () => {
    const card = run(
      { items, paymentMethod: 'atm-card' },
      {
        ...withOdd,
        lookups: { tables: [], donatee: null, uploads: new Map(), payment: { ok: true, online: false } },
      },
    )
    if (!card.ok) throw new Error(JSON.stringify(card.errors))
    expect(card.order.pricing.cashRounding).toBeUndefined()
    const eur = run({ items }, { ...withOdd, config: { currency: 'EUR', enablePluginDonations: true } })
    if (!eur.ok) throw new Error(JSON.stringify(eur.errors))
    expect(eur.order.pricing.cashRounding).toBeUndefined()
    // The config sets a step per currency (here EUR to 0.05, CHF off).
    const eur5 = run(
      { items },
      {
        ...withOdd,
        config: { currency: 'EUR', enablePluginDonations: true, cashRounding: { EUR: 5 } },
      },
    )
    if (!eur5.ok) throw new Error(JSON.stringify(eur5.errors))
    expect(eur5.order.pricing.cashRounding).toBe(2)
    const off = run(
      { items },
      {
        ...withOdd,
        config: { currency: 'CHF', enablePluginDonations: true, cashRounding: { CHF: 0 } },
      },
    )
    if (!off.ok) throw new Error(JSON.stringify(off.errors))
    expect(off.order.pricing.cashRounding).toBeUndefined()
  })

  it('a staff item edit of a cash order rounds its new total again; a card order stays exact', () => {
    const lines = [{ total: 688, taxRate: 2.6 }]
    expect(repriceOrder(lines, 'takeaway', null, { paymentMethod: 'cash', currency: 'CHF' })).toMatchObject({
      totalGross: 688,
      cashRounding: 2,
    })
    expect(
      repriceOrder(lines, 'takeaway', null, { paymentMethod: 'atm-card', currency: 'CHF' }).cashRounding,
    ).toBeUndefined()
  })
})
