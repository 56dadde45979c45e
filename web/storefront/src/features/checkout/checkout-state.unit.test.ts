import { describe, expect, it } from 'vitest'
import { emptyForm } from './checkout-model.ts'
import {
  type CheckoutState,
  checkoutReducer,
  fieldErrorOf,
  initialCheckoutState,
  problemCount,
} from './checkout-state.ts'

const start = (over: Partial<CheckoutState> = {}): CheckoutState => ({
  ...initialCheckoutState(undefined, ''),
  ...over,
})
const notBlank = { key: 'ordering:validation.notBlank' }
const translate = (key: string, params?: Record<string, string | number>) =>
  params ? `${key} ${JSON.stringify(params)}` : key

describe('checkout state: opening', () => {
  it('starts from the stored form, nothing sent, no overlay', () => {
    const state = initialCheckoutState({ firstName: 'Anna', country: 'CH', unknown: 1 }, '')
    expect(state.form).toEqual({ ...emptyForm(), firstName: 'Anna', country: 'CH' })
    expect(state).toMatchObject({
      problems: {},
      serverErrors: null,
      failure: null,
      sending: false,
      overlay: null,
      timeDate: null,
      showComment: false,
    })
  })

  it('shows the comment field when the cart has a comment', () => {
    expect(initialCheckoutState(null, 'no onions').showComment).toBe(true)
    expect(initialCheckoutState(null, '   ').showComment).toBe(false)
  })
})

describe('checkout state: fields', () => {
  it('sets the field and clears its own problem and server errors only', () => {
    const before = start({
      problems: { firstName: notBlank, lastName: notBlank },
      serverErrors: [
        { field: 'firstName', message: 'Vorname fehlt' },
        { field: 'email', message: 'E-Mail ungültig' },
      ],
    })
    const after = checkoutReducer(before, { type: 'field', key: 'firstName', value: 'Anna' })
    expect(after.form.firstName).toBe('Anna')
    expect(after.problems.firstName).toBeUndefined()
    expect(after.problems.lastName).toEqual(notBlank)
    expect(after.serverErrors).toEqual([{ field: 'email', message: 'E-Mail ungültig' }])
    // Pure: the state before is untouched.
    expect(before.form.firstName).toBe('')
    expect(before.problems.firstName).toEqual(notBlank)
  })

  it('keeps the form object when nothing changes (no needless session write)', () => {
    const before = start()
    const after = checkoutReducer(before, { type: 'field', key: 'firstName', value: '' })
    expect(after.form).toBe(before.form)
    expect(after.problems).toBe(before.problems)
  })

  it('switches a yes / no field', () => {
    const after = checkoutReducer(start(), { type: 'field', key: 'isCompany', value: true })
    expect(after.form.isCompany).toBe(true)
  })

  it('clears the errors of a value kept in the cart (delivery area, appointment)', () => {
    const before = start({
      problems: { appointmentDate: { key: 'scheduling:unavailable.appointmentRequired' } },
      serverErrors: [
        { field: 'appointmentDate', message: 'Termin fehlt' },
        { field: 'deliveryArea', message: 'Gebiet fehlt' },
      ],
    })
    const after = checkoutReducer(before, { type: 'cleared', field: 'appointmentDate' })
    expect(after.problems.appointmentDate).toBeUndefined()
    expect(after.serverErrors).toEqual([{ field: 'deliveryArea', message: 'Gebiet fehlt' }])
  })

  it('clears the order type and table problems on another order type', () => {
    const before = start({ problems: { isDelivery: notBlank, table: notBlank, firstName: notBlank } })
    const after = checkoutReducer(before, { type: 'orderTypeChosen' })
    expect(problemCount(after)).toBe(1)
    expect(after.problems.firstName).toEqual(notBlank)
  })

  it('takes the preset payment method without touching the errors', () => {
    const before = start({ serverErrors: [{ field: 'paymentMethod', message: 'x' }] })
    const after = checkoutReducer(before, { type: 'paymentPreset', method: 'cash' })
    expect(after.form.paymentMethod).toBe('cash')
    expect(after.serverErrors).toBe(before.serverErrors)
  })
})

describe('checkout state: submitting', () => {
  it('replaces earlier answers with the client checks', () => {
    const before = start({
      serverErrors: [{ field: 'email', message: 'x' }],
      failure: 'offline',
      problems: { email: notBlank },
    })
    const after = checkoutReducer(before, { type: 'checked', problems: { lastName: notBlank } })
    expect(after.problems).toEqual({ lastName: notBlank })
    expect(after.serverErrors).toBeNull()
    expect(after.failure).toBeNull()
  })

  it('shows the server field errors after a refusal', () => {
    const sending = checkoutReducer(start(), { type: 'sending' })
    expect(sending.sending).toBe(true)
    const errors = [{ field: 'zipCode', message: 'Wir liefern nicht an diese Postleitzahl' }]
    const after = checkoutReducer(sending, { type: 'failed', status: 422, errors })
    expect(after.sending).toBe(false)
    expect(after.serverErrors).toEqual(errors)
    expect(after.failure).toBeNull()
  })

  it('says offline for status 0 and unknown for an answer without field errors', () => {
    const sending = checkoutReducer(start(), { type: 'sending' })
    expect(checkoutReducer(sending, { type: 'failed', status: 0, errors: [] })).toMatchObject({
      sending: false,
      failure: 'offline',
      serverErrors: null,
    })
    expect(checkoutReducer(sending, { type: 'failed', status: 503, errors: [] }).failure).toBe('unknown')
  })
})

describe('checkout state: overlays', () => {
  it('opens the time picker for a day from the date picker, and closes', () => {
    const date = checkoutReducer(start(), { type: 'open', overlay: 'date' })
    expect(date.overlay).toBe('date')
    const time = checkoutReducer(date, { type: 'openTime', date: '2026-03-14' })
    expect(time).toMatchObject({ overlay: 'time', timeDate: '2026-03-14' })
    const closed = checkoutReducer(time, { type: 'close' })
    expect(closed.overlay).toBeNull()
    expect(closed.timeDate).toBe('2026-03-14')
  })

  it('opens the comment field', () => {
    expect(checkoutReducer(start(), { type: 'showComment' }).showComment).toBe(true)
  })
})

describe('checkout state: errors at a field', () => {
  it('shows the client check first, else the first server message', () => {
    const state = start({
      problems: { email: { key: 'ordering:validation.email' } },
      serverErrors: [
        { field: 'email', message: 'server email' },
        { field: 'phone', message: 'first phone' },
        { field: 'phone', message: 'second phone' },
      ],
    })
    expect(fieldErrorOf(state, 'email', translate)).toBe('ordering:validation.email')
    expect(fieldErrorOf(state, 'phone', translate)).toBe('first phone')
    expect(fieldErrorOf(state, 'city', translate)).toBeUndefined()
  })

  it('translates a problem with its parameters', () => {
    const state = start({ problems: { table: { key: 'ordering:validation.table', params: { n: 3 } } } })
    expect(fieldErrorOf(state, 'table', translate)).toBe('ordering:validation.table {"n":3}')
  })
})
