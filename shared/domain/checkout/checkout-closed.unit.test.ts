import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createOrderBodySchema } from '../../contracts/http/orders.http.ts'
import { t } from '../../i18n/index.ts'
import { aProduct } from '../catalogue/catalogue.test-support.ts'
import { branchAvailability } from '../scheduling/branch-hours.ts'
import { checkAppointment } from '../scheduling/time-slots.ts'
import { type CheckoutBranch, checkCheckout } from './checkout.ts'

// Issue 18, the dead-end checkout: a branch closed now that takes no pre-orders was offered
// "frühestens Freitag 11:00" by the availability while the checkout refused every order until
// it opened. Both answer from the same rule now: such a branch offers no time at all, says
// when it takes orders again, and every time the availability offers is one the checkout takes.

const branch = (overrides: Partial<CheckoutBranch> = {}): CheckoutBranch => ({
  id: 'b1',
  identifier: 'markt',
  timeZone: 'Europe/Zurich',
  // Monday to Friday 07:00–12:00 and 14:00–18:30; weekend closed. Delivery 11:00–13:30.
  openingHours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap((type) => [
    { type: type as 'monday', date: null, isClosed: false, from: '07:00', to: '12:00' },
    { type: type as 'monday', date: null, isClosed: false, from: '14:00', to: '18:30' },
  ]),
  deliveryHours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((type) => ({
    type: type as 'monday',
    date: null,
    isClosed: false,
    from: '11:00',
    to: '13:30',
  })),
  isDeliveryHoursEnabled: true,
  isTakeawayEnabled: true,
  isDeliveryEnabled: true,
  isDineInEnabled: false,
  isTableSelectionEnabled: false,
  isPreorderEnabled: false,
  isAppointmentRequired: false,
  isQuotationRequired: false,
  deliveryAreas: [
    { area: 'Altstadt', price: 0, tax: 8.1, free: true, freeFromOrderValue: null, minimumOrderValue: null },
  ],
  requirements: {
    delivery: { email: false, phone: false, address: false },
    dineIn: { email: false, phone: false, address: false },
    takeaway: { email: false, phone: false, address: false },
  },
  ...overrides,
})

const zopf = aProduct({ id: 'p-zopf', uid: 'zopf', name: 'Zopf', price: 690 })
const menu = { catalog: [{ category: 'c1', products: [zopf.id] }] }
const categories = [
  { id: 'c1', name: 'Brot', isEnabled: true, schedule: null, isVisibleWhenUnavailable: false },
]

function order(b: CheckoutBranch, now: Date, delivery: boolean, appointmentDate?: string) {
  return checkCheckout({
    form: createOrderBodySchema.parse({
      branch: 'b1',
      isDelivery: delivery,
      isDineIn: false,
      firstName: 'Erika',
      lastName: 'Muster',
      ...(delivery ? { deliveryArea: 'Altstadt' } : {}),
      items: [{ product: 'zopf', amount: 1 }],
      legalInstructions: true,
      privacyPolicy: true,
      ...(appointmentDate ? { appointmentDate } : {}),
    }),
    branch: b,
    config: { currency: 'CHF', enablePluginDonations: false },
    catalogue: { menu, categories, products: [zopf] },
    lookups: { tables: [], donatee: null, uploads: new Map(), payment: { ok: true, online: false } },
    now,
    itemId: () => 'item',
  })
}

// Saturday 2026-03-28, 12:00 in Zürich (CET).
const SATURDAY = new Date('2026-03-28T11:00:00Z')
const MONDAY_0700 = Date.parse('2026-03-30T07:00:00+02:00')

describe('a closed branch without pre-orders offers no time (issue 18)', () => {
  it('answers no slot and when it takes orders again, where it used to offer Monday 07:00', () => {
    const availability = branchAvailability(branch(), 'takeaway', SATURDAY)
    expect(availability.firstSlot).toBeNull()
    expect(availability.windows).toEqual([])
    expect(availability.closedNow).toEqual({ opensAt: MONDAY_0700 })
    expect(availability.days.slice(0, 3).map((d) => d.reason)).toEqual([
      'closed-day',
      'closed-day',
      'closed-now',
    ])
    const monday = checkAppointment(availability, MONDAY_0700)
    expect(monday).toMatchObject({ isAvailable: false, reason: 'closed-now' })
    if (!monday.isAvailable) expect(monday.message).toBe('Derzeit nehmen wir keine Bestellungen an.')
    // Delivery opens Monday at 11:00.
    expect(branchAvailability(branch(), 'delivery', SATURDAY).closedNow).toEqual({
      opensAt: Date.parse('2026-03-30T11:00:00+02:00'),
    })
  })

  it('the checkout refuses with its one notice, not a second slot message', () => {
    const result = order(branch(), SATURDAY, false, new Date(MONDAY_0700).toISOString())
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.errors.map((e) => t(e.key, e.params))).toEqual(['Derzeit haben wir leider geschlossen.'])
  })

  it('with pre-orders or quotations, or open now, the times stay on offer', () => {
    expect(branchAvailability(branch({ isPreorderEnabled: true }), 'takeaway', SATURDAY).firstSlot).toBe(
      MONDAY_0700,
    )
    expect(branchAvailability(branch({ isQuotationRequired: true }), 'takeaway', SATURDAY).firstSlot).toBe(
      MONDAY_0700,
    )
    // Monday 12:30: closed for takeaway but open for delivery, so orders are taken (spec §4).
    const lunch = new Date('2026-03-30T10:30:00Z')
    expect(branchAvailability(branch(), 'takeaway', lunch).closedNow).toBeNull()
    expect(branchAvailability(branch(), 'takeaway', lunch).firstSlot).toBe(
      Date.parse('2026-03-30T14:00:00+02:00'),
    )
  })

  it('at any moment of the week, each order type: the first slot offered is one the checkout takes', () => {
    const weekStart = Date.parse('2026-03-23T00:00:00+01:00')
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 * 24 * 12 - 1 }),
        fc.boolean(),
        fc.boolean(),
        (fiveMinutes, delivery, preorders) => {
          const now = new Date(weekStart + fiveMinutes * 5 * 60_000)
          const b = branch({ isPreorderEnabled: preorders })
          const availability = branchAvailability(b, delivery ? 'delivery' : 'takeaway', now)
          const asap = order(b, now, delivery)
          if (availability.firstSlot === null) {
            expect(asap.ok).toBe(false)
            return
          }
          expect(asap.ok, JSON.stringify(!asap.ok && asap.errors)).toBe(true)
          const chosen = order(b, now, delivery, new Date(availability.firstSlot).toISOString())
          expect(chosen.ok, JSON.stringify(!chosen.ok && chosen.errors)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })
})
