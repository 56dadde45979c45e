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
        phone: '079 123 45 67',
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
