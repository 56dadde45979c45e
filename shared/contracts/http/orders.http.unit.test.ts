import { describe, expect, it } from 'vitest'
import { parseWithErrors } from './errors.http.ts'
import {
  counterAppointmentAnswerBodySchema,
  counterAppointmentProposalBodySchema,
  createOrderBodySchema,
  orderStatusCommandBodySchema,
  questionnaireBodySchema,
  rejectOrderBodySchema,
} from './orders.http.ts'

const NOT_BLANK = 'Dieser Wert sollte nicht leer sein.'
const EXTRA = 'Dieses Feld wurde nicht erwartet.'

const goodOrder = {
  branch: 'branch-1',
  isDelivery: false,
  isDineIn: false,
  firstName: 'Erika',
  lastName: 'Mustermann',
  items: [{ product: 'prod-pizza', name: 'Pizza', amount: 2, unit: 'piece', price: 1450 }],
}

describe('create order body', () => {
  it('accepts a minimal takeaway order and defaults the payment method to cash', () => {
    expect(createOrderBodySchema.parse(goodOrder)).toMatchObject({ ...goodOrder, paymentMethod: 'cash' })
  })

  it('accepts a full dine-in order, trimming the texts', () => {
    const body = {
      ...goodOrder,
      isDineIn: true,
      table: ' 4 ',
      email: 'erika@example.org',
      phone: '+41 79 000 00 00',
      appointmentDate: '2025-03-29T12:30:00+01:00',
      comment: ' ohne Zwiebeln ',
      paymentMethod: 'atm-card',
      items: [{ product: 'prod-salad', name: 'Salat', amount: 0.25, unit: 'kilogram', price: 0 }],
    }
    expect(createOrderBodySchema.parse(body)).toMatchObject({ ...body, table: '4', comment: 'ohne Zwiebeln' })
  })

  it('takes a cart item’s product as spec §3 shapes it ({ uid, isPriceHidden }) or as a bare uid', () => {
    const shaped = createOrderBodySchema.parse({
      ...goodOrder,
      items: [
        { product: { uid: 'prod-pizza', isPriceHidden: true }, amount: 1 },
        { product: { uid: 'prod-salad' }, amount: 1 },
        { product: 'prod-cola', amount: 1 },
      ],
    })
    // The client's isPriceHidden is dropped: the catalogue decides.
    expect(shaped.items.map((item) => item.product)).toEqual(['prod-pizza', 'prod-salad', 'prod-cola'])
    for (const product of [{ uid: '' }, { uid: 'x', price: 1 }, { id: 'x' }, 7, null]) {
      const result = parseWithErrors(createOrderBodySchema, { ...goodOrder, items: [{ product, amount: 1 }] })
      expect(result.success, JSON.stringify(product)).toBe(false)
      if (!result.success)
        expect(
          result.errors.every((e) => e.field.startsWith('items.0.product')),
          JSON.stringify(result.errors),
        ).toBe(true)
    }
  })

  it('accepts null for optional fields', () => {
    const body = { ...goodOrder, table: null, email: null, phone: null, appointmentDate: null, comment: null }
    expect(createOrderBodySchema.safeParse(body).success).toBe(true)
  })

  const bad: [string, Record<string, unknown>, { field: string; message: string }[]][] = [
    [
      'missing required fields',
      { isDelivery: false, isDineIn: false },
      [
        { field: 'branch', message: NOT_BLANK },
        { field: 'firstName', message: NOT_BLANK },
        { field: 'lastName', message: NOT_BLANK },
        { field: 'items', message: NOT_BLANK },
      ],
    ],
    [
      'an empty cart',
      { ...goodOrder, items: [] },
      [{ field: 'items', message: 'Diese Sammlung sollte 1 oder mehr Elemente enthalten.' }],
    ],
    [
      'an item with amount 0, a fractional price and an unknown field',
      { ...goodOrder, items: [{ product: 'p', name: 'n', amount: 0, unit: 'piece', price: 1.5, extra: 1 }] },
      [
        { field: 'items.0.amount', message: 'Dieser Wert sollte grösser als 0 sein.' },
        { field: 'items.0.price', message: 'Dieser Wert sollte vom Typ int sein.' },
        { field: 'items.0.extra', message: EXTRA },
      ],
    ],
    [
      'a negative price in the second item',
      {
        ...goodOrder,
        items: [goodOrder.items[0], { product: 'p', name: 'n', amount: 1, unit: 'piece', price: -1 }],
      },
      [{ field: 'items.1.price', message: 'Dieser Wert sollte 0 oder mehr sein.' }],
    ],
    ['a blank first name', { ...goodOrder, firstName: '   ' }, [{ field: 'firstName', message: NOT_BLANK }]],
    [
      'an invalid email',
      { ...goodOrder, email: 'erika' },
      [{ field: 'email', message: 'Dieser Wert ist keine gültige E-Mail-Adresse.' }],
    ],
    [
      'letters in the phone',
      { ...goodOrder, phone: '079 abc' },
      [{ field: 'phone', message: 'Dieser Wert ist keine gültige Telefonnummer.' }],
    ],
    [
      'an appointment without offset',
      { ...goodOrder, appointmentDate: '2025-03-29T12:30:00' },
      [
        {
          field: 'appointmentDate',
          message: 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
        },
      ],
    ],
    [
      'a string for a flag',
      { ...goodOrder, isDelivery: 'yes' },
      [{ field: 'isDelivery', message: 'Dieser Wert sollte vom Typ boolean sein.' }],
    ],
    ['an unknown field', { ...goodOrder, couponCode: 'x' }, [{ field: 'couponCode', message: EXTRA }]],
    ['dine-in without a table', { ...goodOrder, isDineIn: true }, [{ field: 'table', message: NOT_BLANK }]],
    [
      'delivery and dine-in together',
      { ...goodOrder, isDelivery: true, isDineIn: true, table: '1' },
      [{ field: 'isDineIn', message: 'Eine Bestellung kann nicht zugleich Lieferung und Dine In sein.' }],
    ],
    [
      'a comment over 2000 characters',
      { ...goodOrder, comment: 'x'.repeat(2001) },
      [
        {
          field: 'comment',
          message: 'Diese Zeichenkette ist zu lang. Sie sollte höchstens 2000 Zeichen haben.',
        },
      ],
    ],
    [
      'no object at all',
      [] as unknown as Record<string, unknown>,
      [{ field: '', message: 'Dieser Wert sollte vom Typ object sein.' }],
    ],
  ]
  it.each(bad)('refuses %s', (_, body, errors) => {
    expect(parseWithErrors(createOrderBodySchema, body)).toEqual({ success: false, errors })
  })

  it('reports the table rule together with other field errors', () => {
    const result = parseWithErrors(createOrderBodySchema, { ...goodOrder, isDineIn: true, firstName: '' })
    expect(result).toEqual({
      success: false,
      errors: [
        { field: 'firstName', message: NOT_BLANK },
        { field: 'table', message: NOT_BLANK },
      ],
    })
  })
})

describe('staff status command body', () => {
  it('accepts an empty body, a version and a message', () => {
    expect(orderStatusCommandBodySchema.parse({})).toEqual({})
    expect(orderStatusCommandBodySchema.parse({ version: 3, message: ' Kunde hat angerufen ' })).toEqual({
      version: 3,
      message: 'Kunde hat angerufen',
    })
  })

  it.each([
    [{ version: 0 }, 'version', 'Dieser Wert sollte 1 oder mehr sein.'],
    [{ version: 1.5 }, 'version', 'Dieser Wert sollte vom Typ int sein.'],
    [{ version: '2' }, 'version', 'Dieser Wert sollte vom Typ number sein.'],
    [{ reason: 'x' }, 'reason', EXTRA],
  ])('refuses %j', (body, field, message) => {
    expect(parseWithErrors(orderStatusCommandBodySchema, body)).toEqual({
      success: false,
      errors: [{ field, message }],
    })
  })
})

describe('reject order body', () => {
  it('accepts a message', () => {
    expect(rejectOrderBodySchema.parse({ message: 'Ausgebucht', version: 2 })).toEqual({
      message: 'Ausgebucht',
      version: 2,
    })
  })

  it.each([[{}], [{ message: '' }], [{ message: '   ' }], [{ message: null }]])(
    'requires a non-blank message: %j',
    (body) => {
      expect(parseWithErrors(rejectOrderBodySchema, body)).toEqual({
        success: false,
        errors: [{ field: 'message', message: NOT_BLANK }],
      })
    },
  )
})

describe('counter-appointment bodies', () => {
  it('accepts a proposal with an ISO date-time', () => {
    const body = { appointmentDate: '2025-03-29T13:15:00Z', version: 4 }
    expect(counterAppointmentProposalBodySchema.parse(body)).toEqual(body)
  })

  it.each([
    [{}, 'appointmentDate', NOT_BLANK],
    [
      { appointmentDate: '13:15' },
      'appointmentDate',
      'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
    ],
    [{ appointmentDate: '2025-03-29T13:15:00Z', note: 'x' }, 'note', EXTRA],
  ])('refuses the proposal %j', (body, field, message) => {
    expect(parseWithErrors(counterAppointmentProposalBodySchema, body)).toEqual({
      success: false,
      errors: [{ field, message }],
    })
  })

  it('accepts an answer with or without a version, nothing else', () => {
    expect(counterAppointmentAnswerBodySchema.parse({})).toEqual({})
    expect(counterAppointmentAnswerBodySchema.parse({ version: 1 })).toEqual({ version: 1 })
    expect(parseWithErrors(counterAppointmentAnswerBodySchema, { accept: true })).toEqual({
      success: false,
      errors: [{ field: 'accept', message: EXTRA }],
    })
  })
})

describe('questionnaire body', () => {
  const good = { rating: 5, foodRating: 4, serviceRating: 3, processRating: 1 }

  it('accepts four ratings with or without a comment', () => {
    expect(questionnaireBodySchema.parse(good)).toEqual(good)
    expect(questionnaireBodySchema.parse({ ...good, comment: ' fein ' })).toEqual({
      ...good,
      comment: 'fein',
    })
  })

  it.each([
    [{ ...good, rating: 0 }, 'rating', 'Dieser Wert sollte 1 oder mehr sein.'],
    [{ ...good, foodRating: 6 }, 'foodRating', 'Dieser Wert sollte 5 oder weniger sein.'],
    [{ ...good, serviceRating: 2.5 }, 'serviceRating', 'Dieser Wert sollte vom Typ int sein.'],
    [{ rating: 5, foodRating: 4, serviceRating: 3 }, 'processRating', NOT_BLANK],
    [
      { ...good, comment: 'x'.repeat(2001) },
      'comment',
      'Diese Zeichenkette ist zu lang. Sie sollte höchstens 2000 Zeichen haben.',
    ],
    [{ ...good, stars: 5 }, 'stars', EXTRA],
  ])('refuses %j', (body, field, message) => {
    expect(parseWithErrors(questionnaireBodySchema, body)).toEqual({
      success: false,
      errors: [{ field, message }],
    })
  })
})
