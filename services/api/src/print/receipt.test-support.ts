import type { ReceiptContext } from '@shop/read-models/print'
import type { OrderEvent, OrderItem } from '@shop/shared/contracts'
import { priceLines, withCashRounding } from '@shop/shared/domain/catalogue'
import { type CreateOrder, decide, foldOrder, type OrderState } from '@shop/shared/domain/ordering'

// Orders and contexts for the print unit tests: one from the checkout with everything a
// receipt can show, one from before the checkout with a total only.

const upload = { id: 'f1', version: 1, extension: 'png', publicHash: 'h', mimeType: 'image/png' }

export const LONG_WINE = 'Château Müller-Thurgau Spätlese aus dem Weingut Übermaß, Jahrgang 2019, 75 cl'

const items: OrderItem[] = [
  {
    itemId: 'i1',
    productUid: 'torte',
    name: 'Wunschtorte',
    amount: 1,
    unit: 'piece',
    unitPrice: 5050,
    total: 5050,
    taxRate: 2.6,
    pricingModel: 'fixed',
    isPriceHidden: false,
    parts: [
      { name: 'Grösse', type: 'select', options: ['24 cm'], text: null, uploads: [] },
      { name: 'Extras', type: 'multiselect', options: ['Kerzen', 'Goldblatt'], text: null, uploads: [] },
      {
        name: 'Aufschrift',
        type: 'text',
        options: [],
        text: 'Alles Gute zum 80. Geburtstag, liebe Grossmutter Hildegard! 🎂',
        uploads: [],
      },
      { name: 'Foto', type: 'image', options: [], text: null, uploads: [upload] },
      { name: 'Hinweis', type: 'textarea', options: [], text: null, uploads: [] },
    ],
  },
  {
    itemId: 'i2',
    productUid: 'landbrot',
    name: 'Landbrot',
    amount: 2,
    unit: 'piece',
    unitPrice: 820,
    total: 820,
    taxRate: 2.6,
    pricingModel: 'approximate',
    isPriceHidden: false,
    parts: [],
  },
  {
    itemId: 'i3',
    productUid: 'wein',
    name: LONG_WINE,
    amount: 1,
    unit: 'piece',
    unitPrice: 2450,
    total: 2450,
    taxRate: 8.1,
    pricingModel: 'fixed',
    isPriceHidden: false,
    parts: [],
  },
  {
    itemId: 'i4',
    productUid: 'kaese',
    name: 'Bergkäse',
    amount: 0.25,
    unit: 'kilogram',
    unitPrice: 3200,
    total: 800,
    taxRate: 2.6,
    pricingModel: 'minimum',
    isPriceHidden: false,
    parts: [],
  },
]

const { rateGroups: _groups, ...pricing } = priceLines(
  items.map((item) => ({ gross: item.total, taxRate: item.taxRate! })),
  { gross: 500, taxRate: 8.1 },
)

/** A delivery from the checkout: parts, a delivery fee, VAT at 2.6 % and 8.1 %. */
export function deliveryOrder(overrides: Partial<CreateOrder> = {}): OrderState {
  const command: CreateOrder = {
    type: 'CreateOrder',
    at: '2026-12-23T15:05:00.000Z',
    actor: { kind: 'customer' },
    orderId: '3f2a9c1d-0000-4000-8000-000000000001',
    uid: 'uid-1',
    hash: 'hash-1',
    branchId: 'b1',
    isDelivery: true,
    isDineIn: false,
    customer: {
      firstName: 'Jürgen',
      lastName: 'Weiß 😀',
      email: 'juergen@example.org',
      phone: '+41 79 123 45 67',
      isCompany: true,
      companyName: 'Weiß & Söhne AG',
      vatNo: 'CHE-123.456.789',
      address: {
        companyName: null,
        firstName: 'Jürgen',
        lastName: 'Weiß',
        street: 'Bahnhofstrasse 1',
        floor: null,
        stairway: null,
        door: null,
        zipCode: '8001',
        city: 'Zürich',
        country: 'CH',
      },
    },
    deliveryAddress: {
      companyName: null,
      firstName: 'Beat',
      lastName: 'Muster',
      street: 'Seestrasse 9',
      floor: '3',
      stairway: null,
      door: '12',
      zipCode: '8002',
      city: 'Zürich',
      country: 'CH',
    },
    deliveryArea: 'Innenstadt',
    items,
    appointment: '2026-12-24T10:30:00+01:00',
    comment: 'Bitte bei Müller klingeln 🔔\nDer Hund beißt nicht.',
    paymentMethod: 'cash',
    isOnlinePayment: false,
    pricing,
    donateeId: 'd1',
    ...overrides,
  }
  return foldOrder(decide(command, null) as OrderEvent[])!
}

/** An order stored before the checkout: no tax rates, no parts, only totalGross. */
export function oldOrder(): OrderState {
  const command: CreateOrder = {
    type: 'CreateOrder',
    at: '2025-03-29T10:00:00.000Z',
    actor: { kind: 'customer' },
    orderId: 'a1b2c3d4-0000-4000-8000-000000000002',
    uid: 'uid-2',
    hash: 'hash-2',
    branchId: 'b1',
    isDelivery: false,
    isDineIn: false,
    customer: { firstName: 'Erika', lastName: 'Mustermann', email: null, phone: '+41 79 000 00 00' },
    items: [
      {
        itemId: 'item-1',
        productUid: 'prod-pizza',
        name: 'Pizza Margherita',
        amount: 2,
        unit: 'piece',
        unitPrice: 1450,
        total: 2900,
      },
      {
        itemId: 'item-2',
        productUid: 'prod-salad',
        name: 'Salat',
        amount: 250,
        unit: 'gram',
        unitPrice: 3,
        total: 750,
      },
    ],
    appointment: null,
    comment: null,
    isOnlinePayment: false,
    pricing: { totalGross: 3650 },
  }
  return foldOrder(decide(command, null) as OrderEvent[])!
}

/** A takeaway paid in cash in CHF: 3 Gipfeli at 1.81 make 5.43, paid as 5.45 (+0.02 rounding). */
export function cashOrder(): OrderState {
  const gipfeli: OrderItem = {
    itemId: 'g1',
    productUid: 'gipfeli',
    name: 'Gipfeli',
    amount: 3,
    unit: 'piece',
    unitPrice: 181,
    total: 543,
    taxRate: 2.6,
    pricingModel: 'fixed',
    isPriceHidden: false,
    parts: [],
  }
  const { rateGroups: _rates, ...exact } = priceLines([{ gross: 543, taxRate: 2.6 }], null)
  return deliveryOrder({
    isDelivery: false,
    deliveryAddress: null,
    deliveryArea: null,
    items: [gipfeli],
    pricing: withCashRounding(exact, 'cash', 'CHF'),
  })
}

export function context(overrides: Partial<ReceiptContext> = {}): ReceiptContext {
  return {
    config: { shopName: 'Bäckerei Süß', businessName: 'Süß Backwaren GmbH', currency: 'CHF' },
    branch: {
      name: 'Filiale Oerlikon',
      street: 'Marktgasse 1',
      zipCode: '8050',
      city: 'Zürich',
      phone: '+41 44 000 00 00',
      timeZone: 'Europe/Zurich',
    },
    ticketNumber: 12,
    locale: 'de-CH',
    printedAt: '2026-12-24T08:00:00.000Z',
    donatee: { name: 'Schweizer Tafel' },
    ...overrides,
  }
}
