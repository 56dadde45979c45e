import type { Cart, Product } from '@shop/shared/domain/catalogue'
import { describe, expect, it } from 'vitest'
import type { Branch, Config } from '../../lib/shop-data.tsx'
import {
  attemptKey,
  branchCountry,
  changedPhone,
  checkForm,
  deliveryAreaChoice,
  deliveryZipCode,
  effectiveOrderType,
  emptyForm,
  enabledOrderTypes,
  filterDonatees,
  firstProblemField,
  needsAddress,
  needsPhoneHint,
  orderBody,
  paymentMethods,
  phoneExample,
  presetPaymentMethod,
  restoreForm,
  submitMode,
  toggleDonatee,
  typedPhone,
} from './checkout-model.ts'

const branch = {
  id: 'b1',
  identifier: 'zuerich',
  name: 'Zürich',
  timeZone: 'Europe/Zurich',
  openingHours: [{ type: 'daily', date: null, isClosed: false, from: '06:30', to: '19:00' }],
  deliveryHours: [{ type: 'tuesday', date: null, isClosed: false, from: '11:00', to: '13:30' }],
  isDeliveryHoursEnabled: true,
  orderableFrom: null,
  closedMessage: null,
  isTakeawayEnabled: true,
  isDeliveryEnabled: true,
  isDineInEnabled: true,
  isTableSelectionEnabled: true,
  isPreorderEnabled: false,
  isAppointmentRequired: false,
  isQuotationRequired: false,
  isCashEnabled: true,
  isATMCardEnabled: true,
  isVoucherEnabled: false,
  isStripeEnabled: true,
  isMollieEnabled: false,
  isDeliveryEmailRequired: false,
  isDeliveryPhoneRequired: true,
  isDeliveryAddressRequired: true,
  isDineInEmailRequired: false,
  isDineInPhoneRequired: false,
  isDineInAddressRequired: false,
  isTakeawayEmailRequired: false,
  isTakeawayPhoneRequired: true,
  isTakeawayAddressRequired: false,
  deliveryAreas: [
    {
      area: '8001 Zürich',
      price: 500,
      tax: 2.6,
      free: false,
      freeFromOrderValue: 5000,
      minimumOrderValue: 2500,
    },
  ],
} as unknown as Branch

const config: Config = {
  shopName: 'Shop',
  currency: 'CHF',
  enableCash: true,
  enableATMCard: true,
  enablePluginStripe: true,
  enableStripe: true,
  enablePluginDonations: true,
}

const product = {
  id: 'p1',
  uid: 'zopf',
  name: 'Zopf',
  description: '',
  type: 'simple',
  price: 690,
  tax: 2.6,
  takeawayTax: 2.6,
  dineInTax: 8.1,
  unit: 'piece',
  alternativeUnits: [],
  minimumQuantity: null,
  maximumQuantity: null,
  quantityStepSize: null,
  defaultQuantity: null,
  defaultUnit: null,
  calculationModel: 'fixed',
  isPriceHidden: false,
  isEnabled: true,
  schedule: null,
  isStepByStep: false,
  config: {
    parts: [
      {
        name: 'Extra',
        type: 'select',
        optional: true,
        options: [{ name: 'Butter', modifier: 'add', value: 100 }],
      },
    ],
  },
  isLeadTimeEnabled: false,
  leadTimeType: null,
  leadTimeValue: null,
} as unknown as Product

const cart: Cart = {
  items: [{ product, amount: 2, unit: 'piece', parts: [{ options: ['Butter'], text: '', uploads: [] }] }],
  isDelivery: false,
  isDineIn: false,
  deliveryArea: null,
  order: { appointment: null, comment: '  Bitte klingeln ' },
}

// Tuesday 24 November 2026, 10:00 in Zürich.
const NOW = new Date('2026-11-24T09:00:00Z')

describe('phone (spec §5)', () => {
  it('keeps digits, plus and spaces while typing', () => {
    expect(typedPhone('+41 (79) 123-45a67')).toBe('+41 79 1234567')
  })
  it('keeps digits and plus on change, a leading 00 becomes +', () => {
    expect(changedPhone('0041 79 123 45 67', 'AT')).toBe('+41791234567')
    expect(changedPhone('  ', 'CH')).toBe('')
  })
  it("reads a national number in the branch's country (issue 18)", () => {
    expect(changedPhone('079 123 45 67', 'CH')).toBe('+41791234567')
    expect(changedPhone('234 56 78', 'LI')).toBe('+4232345678')
    expect(changedPhone('0664 123 45 67', 'AT')).toBe('+436641234567')
    // Not a number of that country: kept as typed (digits only) for the customer to correct.
    expect(changedPhone('079 123', 'CH')).toBe('079123')
  })
  it('hints while the number cannot be read in the branch country', () => {
    expect(needsPhoneHint('079 123', 'CH')).toBe(true)
    expect(needsPhoneHint('079 123 45 67', 'CH')).toBe(false)
    expect(needsPhoneHint('+41 79 123 45 67', 'DE')).toBe(false)
    expect(needsPhoneHint('', 'CH')).toBe(false)
  })
  it("the branch's country: its own, else the config's default, else AT", () => {
    expect(branchCountry({ country: 'LI' }, { defaultCountry: 'CH' })).toBe('LI')
    expect(branchCountry({ country: null }, { defaultCountry: 'CH' })).toBe('CH')
    expect(branchCountry({ country: null }, {})).toBe('AT')
    expect(phoneExample('CH')).toBe('+41 44 123 45 67')
  })
})

describe('the stored form', () => {
  it('keeps known fields of the right type and falls back to the defaults', () => {
    const form = restoreForm({
      firstName: 'Anna',
      country: 'XX',
      legalInstructions: 'yes',
      donatee: 'd1',
      evil: 1,
    })
    expect(form).toEqual({ ...emptyForm(), firstName: 'Anna', donatee: 'd1' })
    expect(form.country).toBe('AT')
    expect(restoreForm(null)).toEqual(emptyForm())
  })

  it("starts with the config's default country, and a stored country wins over it", () => {
    const fresh = restoreForm(null, 'CH')
    expect([fresh.country, fresh.deliveryCountry]).toEqual(['CH', 'CH'])
    expect(restoreForm(null, 'FR').country).toBe('AT')
    expect(restoreForm(null, undefined).country).toBe('AT')
    const stored = restoreForm({ country: 'DE', deliveryCountry: 'LI' }, 'CH')
    expect([stored.country, stored.deliveryCountry]).toEqual(['DE', 'LI'])
    expect(restoreForm({ country: 'XX' }, 'CH').country).toBe('CH')
  })
})

describe('order types and payment methods', () => {
  it('offers the enabled types and keeps a valid choice', () => {
    expect(enabledOrderTypes(branch)).toEqual(['takeaway', 'delivery', 'dineIn'])
    expect(enabledOrderTypes({ ...branch, isDeliveryEnabled: false })).toEqual(['takeaway', 'dineIn'])
    expect(effectiveOrderType('delivery', ['takeaway', 'delivery'], 'takeaway')).toBe('delivery')
    expect(effectiveOrderType('dineIn', ['takeaway', 'delivery'], 'delivery')).toBe('delivery')
    expect(effectiveOrderType('dineIn', ['takeaway'], 'delivery')).toBe('takeaway')
    expect(effectiveOrderType('dineIn', [], 'delivery')).toBeNull()
  })
  it('lists methods enabled by config and branch; quotations are never paid online', () => {
    expect(paymentMethods(config, branch, false).map((m) => m.value)).toEqual(['cash', 'atm-card', 'stripe'])
    expect(paymentMethods({ ...config, enableStripe: false }, branch, false).map((m) => m.value)).toEqual([
      'cash',
      'atm-card',
    ])
    expect(paymentMethods(config, branch, true).map((m) => m.value)).toEqual(['cash', 'atm-card'])
  })
  it('presets cash, else the first online method (spec §4)', () => {
    expect(
      presetPaymentMethod(
        [
          { value: 'atm-card', online: false },
          { value: 'cash', online: false },
        ],
        '',
      ),
    ).toBe('cash')
    expect(
      presetPaymentMethod(
        [
          { value: 'atm-card', online: false },
          { value: 'stripe', online: true },
        ],
        'nope',
      ),
    ).toBe('stripe')
    expect(
      presetPaymentMethod(
        [
          { value: 'cash', online: false },
          { value: 'stripe', online: true },
        ],
        'stripe',
      ),
    ).toBe('stripe')
    expect(presetPaymentMethod([], 'cash')).toBe('')
  })
})

describe('submit buttons (spec §5)', () => {
  const open = { isOpenForOrdering: true, isDeliveryOpen: false }
  it('asks for a quotation when required, orders while open, pre-orders when closed and allowed', () => {
    expect(submitMode({ ...branch, isQuotationRequired: true }, open, 'takeaway')).toBe('quotation')
    expect(submitMode(branch, open, 'takeaway')).toBe('order')
    expect(submitMode(branch, open, 'delivery')).toBeNull()
    expect(submitMode({ ...branch, isPreorderEnabled: true }, open, 'delivery')).toBe('preorder')
    expect(submitMode(branch, { isOpenForOrdering: true, isDeliveryOpen: true }, 'delivery')).toBe('order')
  })
})

describe('the request body', () => {
  it('carries the form, the items with the price shown and the appointment', () => {
    const body = orderBody({
      branch,
      cart: { ...cart, order: { ...cart.order, appointment: '2026-11-24T11:30:00.000Z' } },
      orderType: 'delivery',
      deliveryArea: branch.deliveryAreas[0]!,
      form: {
        ...emptyForm(),
        firstName: ' Anna ',
        lastName: 'Muster',
        phone: '0041 79 123 45 67',
        paymentMethod: 'cash',
        donatee: 'd1',
      },
    })
    expect(body).toMatchObject({
      branch: 'b1',
      isDelivery: true,
      isDineIn: false,
      firstName: 'Anna',
      email: null,
      phone: '+41791234567',
      country: 'AT',
      deliveryArea: '8001 Zürich',
      appointmentDate: '2026-11-24T11:30:00.000Z',
      comment: 'Bitte klingeln',
      donatee: 'd1',
      items: [
        {
          product: 'zopf',
          amount: 2,
          unit: 'piece',
          price: 790,
          parts: [{ options: ['Butter'], text: null, uploads: [] }],
        },
      ],
    })
    expect(body).not.toHaveProperty('table')
  })
  it('sends the table only for dine-in and no appointment for as soon as possible', () => {
    const body = orderBody({
      branch,
      cart,
      orderType: 'dineIn',
      deliveryArea: null,
      form: { ...emptyForm(), table: '4' },
    })
    expect(body.table).toBe('4')
    expect(body).not.toHaveProperty('appointmentDate')
    expect(body).not.toHaveProperty('deliveryArea')
  })
})

describe('company and a different delivery address (spec §3 order form)', () => {
  const base = { branch, cart, deliveryArea: branch.deliveryAreas[0]!, form: emptyForm() }
  it('sends the company and VAT number only while ordering for a company', () => {
    const form = { ...emptyForm(), companyName: ' Metzgerei Huber AG ', vatNo: 'CHE-123.456.789' }
    expect(orderBody({ ...base, orderType: 'takeaway', form })).toMatchObject({
      isCompany: false,
      companyName: null,
      vatNo: null,
    })
    expect(orderBody({ ...base, orderType: 'takeaway', form: { ...form, isCompany: true } })).toMatchObject({
      isCompany: true,
      companyName: 'Metzgerei Huber AG',
      vatNo: 'CHE-123.456.789',
    })
  })
  it('sends the other address for a delivery only while it is switched on', () => {
    const form = {
      ...emptyForm(),
      isDeliveryAddressDifferent: true,
      deliveryFirstName: 'Eva',
      deliveryLastName: 'Meier',
      deliveryStreet: 'Seefeldstrasse 5',
      deliveryZipCode: '8008',
      deliveryCity: 'Zürich',
      deliveryCountry: 'CH' as const,
      deliveryCompanyName: 'Büro Meier',
    }
    expect(orderBody({ ...base, orderType: 'delivery', form })).toMatchObject({
      isDeliveryAddressDifferent: true,
      isDeliveryCompany: false,
      deliveryCompanyName: null,
      deliveryFirstName: 'Eva',
      deliveryStreet: 'Seefeldstrasse 5',
      deliveryZipCode: '8008',
      deliveryCountry: 'CH',
    })
    const off = orderBody({
      ...base,
      orderType: 'delivery',
      form: { ...form, isDeliveryAddressDifferent: false },
    })
    expect(off).not.toHaveProperty('deliveryStreet')
    expect(off).not.toHaveProperty('isDeliveryAddressDifferent')
    const takeaway = orderBody({ ...base, orderType: 'takeaway', form })
    expect(takeaway).not.toHaveProperty('deliveryFirstName')
  })
  it('checks the company name and every required field of the other address', () => {
    const form = {
      ...emptyForm(),
      firstName: 'A',
      lastName: 'B',
      phone: '+41 79 123 45 67',
      street: 'Marktgasse 9',
      zipCode: '8001',
      city: 'Zürich',
      legalInstructions: true,
      privacyPolicy: true,
      isCompany: true,
      isDeliveryAddressDifferent: true,
      isDeliveryCompany: true,
    }
    const problems = checkForm({
      body: orderBody({ ...base, orderType: 'delivery', form }),
      branch,
      config,
      tables: [],
      now: NOW,
    })
    const notBlank = { key: 'ordering:validation.notBlank' }
    expect(problems).toEqual({
      companyName: notBlank,
      deliveryCompanyName: notBlank,
      deliveryFirstName: notBlank,
      deliveryLastName: notBlank,
      deliveryStreet: notBlank,
      deliveryZipCode: notBlank,
      deliveryCity: notBlank,
    })
    expect(firstProblemField(problems)).toBe('companyName')
  })
  it('restores a stored form with the new fields and a valid delivery country', () => {
    const form = restoreForm({ isCompany: true, companyName: 'X', deliveryCountry: 'FR', country: 'CH' })
    expect(form).toMatchObject({ isCompany: true, companyName: 'X', deliveryCountry: 'CH', country: 'CH' })
  })
})

describe('the address section', () => {
  it('is asked for a delivery, and for another type only when the branch requires it', () => {
    expect(needsAddress(branch, 'delivery')).toBe(true)
    expect(needsAddress({ ...branch, isDeliveryAddressRequired: false }, 'delivery')).toBe(true)
    expect(needsAddress(branch, 'takeaway')).toBe(false)
    expect(needsAddress(branch, 'dineIn')).toBe(false)
    expect(needsAddress({ ...branch, isTakeawayAddressRequired: true }, 'takeaway')).toBe(true)
    expect(needsAddress({ ...branch, isDineInAddressRequired: true }, 'dineIn')).toBe(true)
  })

  it('keeps a stored address out of the body while it is not asked for', () => {
    const form = { ...emptyForm(), street: 'Marktgasse 9', zipCode: '8001', city: 'Zürich', floor: '2' }
    const input = { branch, cart, orderType: 'takeaway' as const, deliveryArea: null, form }
    expect(orderBody({ ...input, withAddress: false })).toMatchObject({
      street: null,
      floor: null,
      zipCode: null,
      city: null,
      country: 'AT',
    })
    expect(orderBody({ ...input, withAddress: true })).toMatchObject({
      street: 'Marktgasse 9',
      floor: '2',
      zipCode: '8001',
      city: 'Zürich',
    })
  })
})

describe('checks before sending', () => {
  const check = (orderType: 'takeaway' | 'delivery' | 'dineIn', form = emptyForm(), b: Branch = branch) =>
    checkForm({
      body: orderBody({ branch: b, cart, orderType, deliveryArea: b.deliveryAreas[0] ?? null, form }),
      branch: b,
      config,
      tables: ['1', '2'],
      now: NOW,
    })
  it('finds the empty required fields of a delivery, with catalogue keys', () => {
    const problems = check('delivery')
    expect(problems).toMatchObject({
      firstName: { key: 'ordering:validation.notBlank' },
      lastName: { key: 'ordering:validation.notBlank' },
      phone: { key: 'ordering:validation.notBlank' },
      street: { key: 'ordering:validation.notBlank' },
      zipCode: { key: 'ordering:validation.notBlank' },
      city: { key: 'ordering:validation.notBlank' },
      legalInstructions: { key: 'checkout:checkout.termsRequired' },
      privacyPolicy: { key: 'checkout:checkout.privacyRequired' },
    })
    expect(problems.appointmentDate).toBeUndefined()
    // The minimum order is the cart summary's; these checks run without the items.
    expect(problems.deliveryArea).toBeUndefined()
    expect(firstProblemField(problems)).toBe('firstName')
  })
  it('checks the phone format, the e-mail and the table', () => {
    const form = {
      ...emptyForm(),
      firstName: 'A',
      lastName: 'B',
      email: 'nope',
      // No trunk 0: no national number of AT (the country without a branch or config one).
      phone: '79 123 45 67',
      table: '9',
    }
    const problems = check('dineIn', form)
    expect(problems.phone).toEqual({
      key: 'checkout:checkout.phoneFormat',
      params: { phone: '+43 1 234 56 78' },
    })
    expect(problems.email).toEqual({ key: 'ordering:validation.email' })
    expect(problems.table).toEqual({ key: 'checkout:checkout.tableUnknown' })
  })
  it("takes a national number of the branch's country and sends it as E.164 (issue 18)", () => {
    const swiss = { ...branch, country: 'CH' as const }
    const form = { ...emptyForm(), firstName: 'A', lastName: 'B', phone: '079 123 45 67', table: '1' }
    expect(check('dineIn', form, swiss).phone).toBeUndefined()
    expect(
      orderBody({ branch: swiss, cart, orderType: 'takeaway', deliveryArea: null, form, country: 'CH' })
        .phone,
    ).toBe('+41791234567')
    expect(check('dineIn', { ...form, phone: '079 123' }, swiss).phone).toEqual({
      key: 'checkout:checkout.phoneFormat',
      params: { phone: '+41 44 123 45 67' },
    })
  })
  it('passes a complete takeaway and asks for a required appointment', () => {
    const form = {
      ...emptyForm(),
      firstName: 'A',
      lastName: 'B',
      phone: '+41 79 123 45 67',
      legalInstructions: true,
      privacyPolicy: true,
    }
    expect(check('takeaway', form)).toEqual({})
    expect(check('takeaway', form, { ...branch, isAppointmentRequired: true })).toEqual({
      appointmentDate: { key: 'scheduling:unavailable.appointmentRequired' },
    })
  })
})

describe('delivery area by postcode (issue 14, item 11)', () => {
  const area = (id: string, name: string, zipCodes: string[] = []) => ({
    id,
    area: name,
    price: 500,
    tax: 2.6,
    free: false,
    freeFromOrderValue: null,
    minimumOrderValue: null,
    zipCodes,
  })
  const zentrum = area('a-z', 'Zentrum', ['8001', '8002'])
  const land = area('a-l', 'Land', ['84*'])
  const zoned = { ...branch, deliveryAreas: [zentrum, land] } as unknown as Branch

  it('offers only the areas serving the postcode and moves the choice to one of them', () => {
    expect(deliveryAreaChoice([zentrum, land], 'a-z', '')).toEqual({
      area: zentrum,
      options: [zentrum, land],
    })
    expect(deliveryAreaChoice([zentrum, land], 'a-z', '8400')).toEqual({ area: land, options: [land] })
    expect(deliveryAreaChoice([zentrum, land], 'a-l', '8002')).toEqual({ area: zentrum, options: [zentrum] })
    // A postcode no area serves: all stay offered, the server names the problem.
    expect(deliveryAreaChoice([zentrum, land], 'a-z', '3000')).toEqual({
      area: zentrum,
      options: [zentrum, land],
    })
    // A renamed area stays chosen: the cart holds its id.
    expect(deliveryAreaChoice([{ ...zentrum, area: 'ZENTRUM' }], 'a-z', '').area?.area).toBe('ZENTRUM')
  })

  it('the postcode is the different delivery address’s when one is given', () => {
    const form = { ...emptyForm(), zipCode: '8001', deliveryZipCode: ' 8400 ' }
    expect(deliveryZipCode(form)).toBe('8001')
    expect(deliveryZipCode({ ...form, isDeliveryAddressDifferent: true })).toBe('8400')
  })

  it('sends the area’s id, and flags an area that does not serve the postcode at its field', () => {
    const form = {
      ...emptyForm(),
      firstName: 'A',
      lastName: 'B',
      phone: '+41 79 123 45 67',
      street: 'Gasse 1',
      zipCode: '8400',
      city: 'Winterthur',
      legalInstructions: true,
      privacyPolicy: true,
    }
    const body = orderBody({ branch: zoned, cart, orderType: 'delivery', deliveryArea: zentrum, form })
    expect(body.deliveryArea).toBe('a-z')
    const problems = checkForm({ body, branch: zoned, config, tables: [], now: NOW })
    expect(problems).toEqual({
      deliveryArea: {
        key: 'checkout:checkout.deliveryAreaZipCodeOther',
        params: { zipCode: '8400', area: 'Zentrum', other: 'Land' },
      },
    })
    const right = orderBody({ branch: zoned, cart, orderType: 'delivery', deliveryArea: land, form })
    expect(checkForm({ body: right, branch: zoned, config, tables: [], now: NOW })).toEqual({})
  })
})

describe('donatees (spec §5)', () => {
  const list = [
    { id: 'a', name: 'Brotbrücke', description: 'Lebensmittel für Bedürftige' },
    { id: 'b', name: 'Bergbauernhilfe', description: null },
  ]
  it('filters by name or description, case-insensitive', () => {
    expect(filterDonatees(list, 'BRÜCKE').map((d) => d.id)).toEqual(['a'])
    expect(filterDonatees(list, 'bedürftige').map((d) => d.id)).toEqual(['a'])
    expect(filterDonatees(list, ' ').map((d) => d.id)).toEqual(['a', 'b'])
    expect(filterDonatees(list, 'zzz')).toEqual([])
  })
  it('deselects the selected one when tapped again', () => {
    expect(toggleDonatee(null, 'a')).toBe('a')
    expect(toggleDonatee('a', 'a')).toBeNull()
    expect(toggleDonatee('a', 'b')).toBe('b')
  })
})

describe('one idempotency key per attempt', () => {
  it('keeps the key for the same body and makes a new one for another', () => {
    let n = 0
    const next = () => `k${++n}`
    const first = attemptKey(null, '{"a":1}', next)
    expect(first.key).toBe('k1')
    expect(attemptKey(first, '{"a":1}', next).key).toBe('k1')
    expect(attemptKey(first, '{"a":2}', next).key).toBe('k2')
  })
})
