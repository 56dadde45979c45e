import { describe, expect, it } from 'vitest'
import { type CreateOrderBodyInput, createOrderBodySchema } from '../../contracts/http/orders.http.ts'
import { t } from '../../i18n/index.ts'
import { aProduct } from '../catalogue/catalogue.test-support.ts'
import { type ActiveOperations, busyModeOf, NO_OPERATIONS } from '../operations/branch-operations.ts'
import { branchAvailability } from '../scheduling/branch-hours.ts'
import { slotsOfWindow } from '../scheduling/time-slots.ts'
import { type CheckoutBranch, type CheckoutInput, checkCheckout } from './checkout.ts'

// The checkout with a branch's operations (issue 17): a product sold out at the branch is
// refused at its line, a paused branch takes nothing "as soon as possible" and nothing before the
// pause ends, extra preparation time moves the earliest time; and every time the availability
// offers in busy mode is one the checkout takes.

// Friday 2026-03-27, 10:00 in Zürich (CET).
const NOW = new Date('2026-03-27T09:00:00Z')
const at = (wall: string) => Date.parse(`2026-03-27T${wall}:00+01:00`)

const branch = (overrides: Partial<CheckoutBranch> = {}): CheckoutBranch => ({
  id: 'b1',
  identifier: 'markt',
  timeZone: 'Europe/Zurich',
  openingHours: [{ type: 'daily', date: null, isClosed: false, from: '08:00', to: '18:00' }],
  deliveryHours: [],
  isDeliveryHoursEnabled: false,
  isTakeawayEnabled: true,
  isDeliveryEnabled: false,
  isDineInEnabled: false,
  isTableSelectionEnabled: false,
  isPreorderEnabled: false,
  isAppointmentRequired: false,
  isQuotationRequired: false,
  deliveryAreas: [],
  requirements: {
    delivery: { email: false, phone: true, address: true },
    dineIn: { email: false, phone: false, address: false },
    takeaway: { email: false, phone: false, address: false },
  },
  ...overrides,
})

const brot = aProduct({ id: 'p-brot', uid: 'bauernbrot', name: 'Bauernbrot', price: 650 })
const zopf = aProduct({ id: 'p-zopf', uid: 'zopf', name: 'Zopf', price: 690 })
const products = [brot, zopf]
const menu = { catalog: [{ category: 'c1', products: products.map((p) => p.id) }] }
const categories = [
  { id: 'c1', name: 'Brot', isEnabled: true, schedule: null, isVisibleWhenUnavailable: false },
]

const operations = (o: Partial<ActiveOperations>): ActiveOperations => ({ ...NO_OPERATIONS, ...o })

function run(
  ops: ActiveOperations,
  overrides: Partial<CreateOrderBodyInput> = {},
  input: Partial<CheckoutInput> = {},
) {
  return checkCheckout({
    form: createOrderBodySchema.parse({
      branch: 'b1',
      isDelivery: false,
      isDineIn: false,
      firstName: 'Erika',
      lastName: 'Muster',
      items: [{ product: 'bauernbrot', amount: 1 }],
      legalInstructions: true,
      privacyPolicy: true,
      ...overrides,
    }),
    branch: branch(),
    config: { currency: 'CHF', enablePluginDonations: false },
    catalogue: { menu, categories, products },
    lookups: { tables: [], donatee: null, uploads: new Map(), payment: { ok: true, online: false } },
    now: NOW,
    operations: ops,
    itemId: () => 'item',
    ...input,
  })
}

const errors = (result: ReturnType<typeof run>, locale = 'de-CH') =>
  result.ok ? [] : result.errors.map((e) => ({ field: e.field, text: t(e.key, e.params, locale) }))

describe('a product sold out at the branch', () => {
  const soldOut = operations({ soldOut: new Map([['p-brot', at('18:00')]]) })

  it('is refused at its line, in every language', () => {
    const result = run(soldOut, {
      items: [
        { product: 'zopf', amount: 1 },
        { product: 'bauernbrot', amount: 1 },
      ],
    })
    expect(errors(result)).toEqual([
      { field: 'items.1.product', text: '«Bauernbrot» ist leider ausverkauft.' },
    ])
    expect(errors(result, 'fr-FR')[0]?.text).toBe('«Bauernbrot» est malheureusement épuisé.')
    expect(errors(result, 'en')[0]?.text).toBe('Sorry, “Bauernbrot” is sold out.')
  })

  it('only for what would be served before it is back', () => {
    const preorder = { operations: soldOut, branch: branch({ isPreorderEnabled: true }) }
    expect(run(soldOut, { appointmentDate: '2026-03-27T17:30:00+01:00' }, preorder).ok).toBe(false)
    expect(run(soldOut, { appointmentDate: '2026-03-28T08:00:00+01:00' }, preorder).ok).toBe(true)
  })

  it('is taken again once the mark has ended (the caller passes what is in force now)', () => {
    expect(run(NO_OPERATIONS).ok).toBe(true)
    expect(run(operations({ soldOut: new Map([['p-zopf', at('18:00')]]) })).ok).toBe(true)
  })
})

describe('a paused branch', () => {
  const paused = operations({ pausedUntil: at('12:30') })

  it('takes no order as soon as possible, saying when it takes orders again', () => {
    expect(errors(run(paused))).toEqual([
      {
        field: 'appointmentDate',
        text: 'Wir nehmen gerade keine Online-Bestellungen an. Wieder ab 12:30 Uhr.',
      },
    ])
  })

  it('without pre-orders takes no later time either', () => {
    const later = run(paused, { appointmentDate: '2026-03-27T13:00:00+01:00' })
    expect(errors(later).map((e) => e.field)).toEqual(['appointmentDate'])
  })

  it('with pre-orders takes a time from its end on, as a pre-order', () => {
    const input = { branch: branch({ isPreorderEnabled: true }) }
    const early = run(paused, { appointmentDate: '2026-03-27T12:00:00+01:00' }, input)
    expect(errors(early)).toEqual([
      {
        field: 'appointmentDate',
        text: 'Wir nehmen gerade keine Online-Bestellungen an. Wieder ab 12:30 Uhr.',
      },
    ])
    const later = run(paused, { appointmentDate: '2026-03-27T12:30:00+01:00' }, input)
    expect(later.ok && later.order.isPreorder).toBe(true)
    expect(later.ok && later.order.dueAt).toBe('2026-03-27T11:30:00.000Z')
  })

  it('for the rest of the day says so', () => {
    expect(errors(run(operations({ pausedUntil: at('18:00') })))[0]?.text).toBe(
      'Wir nehmen heute keine Online-Bestellungen mehr an.',
    )
  })
})

describe('extra preparation time', () => {
  const busy = operations({ preparation: { extraMinutes: 30, until: at('12:00') } })

  it('moves the ASAP time and refuses an earlier chosen one', () => {
    const asap = run(busy)
    expect(asap.ok && asap.order.dueAt).toBe('2026-03-27T09:30:00.000Z')
    const early = run(busy, { appointmentDate: '2026-03-27T10:15:00+01:00' })
    expect(errors(early).map((e) => e.field)).toEqual(['appointmentDate'])
    expect(run(busy, { appointmentDate: '2026-03-27T10:30:00+01:00' }).ok).toBe(true)
  })
})

describe('the availability and the checkout agree in busy mode', () => {
  const cases: [string, ActiveOperations, Partial<CheckoutBranch>][] = [
    ['paused, pre-orders', operations({ pausedUntil: at('11:00') }), { isPreorderEnabled: true }],
    ['paused, quotations', operations({ pausedUntil: at('18:00') }), { isQuotationRequired: true }],
    ['paused, no pre-orders', operations({ pausedUntil: at('11:00') }), {}],
    ['extra time', operations({ preparation: { extraMinutes: 45, until: at('16:00') } }), {}],
  ]
  for (const [name, ops, overrides] of cases) {
    it(`takes every time the availability offers and none before: ${name}`, () => {
      const b = branch(overrides)
      const availability = branchAvailability(b, 'takeaway', NOW, {
        horizonDays: 2,
        busy: busyModeOf(ops, b),
      })
      const offered = availability.windows.flatMap((w) => slotsOfWindow(w, availability.stepMinutes))
      const input = { branch: b }
      for (const slot of offered.filter((_, i) => i % 7 === 0)) {
        const result = run(ops, { appointmentDate: new Date(slot).toISOString() }, input)
        expect(errors(result), new Date(slot).toISOString()).toEqual([])
      }
      // A time just before the first offered one (today) is refused.
      const first = offered[0]
      if (first !== undefined && first - 5 * 60_000 > NOW.getTime()) {
        const before = run(ops, { appointmentDate: new Date(first - 5 * 60_000).toISOString() }, input)
        expect(errors(before).map((e) => e.field)).toEqual(['appointmentDate'])
      }
      // As soon as possible: exactly when the availability has a first slot and no pause.
      const asap = run(ops, {}, input)
      expect(asap.ok).toBe(availability.pause === null && availability.firstSlot !== null)
      if (asap.ok) expect(Date.parse(asap.order.dueAt)).toBe(availability.firstSlot)
    })
  }
  it('the case without pre-orders offers nothing at all', () => {
    const b = branch()
    const availability = branchAvailability(b, 'takeaway', NOW, {
      busy: busyModeOf(operations({ pausedUntil: at('11:00') }), b),
    })
    expect(availability.windows).toEqual([])
  })
})
