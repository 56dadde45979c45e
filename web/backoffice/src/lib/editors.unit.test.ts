import { createConfigBodySchema, createUserBodySchema, parseWithErrors } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import { simpleToBody, simpleToForm } from '../features/basics/basics-pages.tsx'
import { settingsToBody, settingsToForm } from '../features/settings/settings-page.tsx'
import { userToBody, userToForm } from '../features/users/users-pages.tsx'
import { changedFields, conflictOf } from './conflict.ts'
import { parseDecimal } from './numbers.ts'
import { changedPath } from './resources.ts'

describe('numbers as typed', () => {
  it('reads German, French and English notation, and refuses what is no number', () => {
    expect(parseDecimal('3,50')).toBe(3.5)
    expect(parseDecimal('3.50')).toBe(3.5)
    expect(parseDecimal("1'234,5")).toBe(1234.5)
    expect(parseDecimal('1 234.5')).toBe(1234.5)
    expect(parseDecimal('1.234,56')).toBe(1234.56)
    expect(parseDecimal('-2')).toBe(-2)
    expect(parseDecimal('')).toBeNaN()
    expect(parseDecimal('drei')).toBeNaN()
    expect(parseDecimal('3,5x')).toBeNaN()
  })
})

describe('a stale save', () => {
  const base = { id: 'd1', version: 1, name: 'Nordost', description: 'alt', branches: [] }
  it('names what the other person changed and what this user changed, per field', () => {
    const current = { ...base, version: 2, description: 'neu' }
    const conflict = conflictOf(base, { name: 'Ostschweiz', description: 'alt', branches: [] }, current)
    expect(conflict.theirs).toEqual([{ field: 'description', before: 'alt', after: 'neu' }])
    expect(conflict.mine).toEqual([{ field: 'name', before: 'Nordost', after: 'Ostschweiz' }])
    expect(conflict.both).toEqual([])
    // Re-applied: the user's field on the other's state, with the current version.
    expect(conflict.reapplied).toEqual({ ...current, name: 'Ostschweiz' })
  })

  it("says when both changed the same field, and takes the user's value on re-apply", () => {
    const current = { ...base, version: 3, name: 'Zürich Nord' }
    const conflict = conflictOf(base, { name: 'Ostschweiz' }, current)
    expect(conflict.both).toEqual(['name'])
    expect(conflict.reapplied.name).toBe('Ostschweiz')
    expect(conflict.reapplied.version).toBe(3)
  })

  it('compares lists and objects by value, and leaves id and version out', () => {
    expect(
      changedFields(
        { id: 'a', version: 1, tags: [{ id: 't' }] },
        { id: 'a', version: 2, tags: [{ id: 't' }] },
      ),
    ).toEqual([])
  })
})

describe('user editor mapping', () => {
  const stored = {
    id: 'u1',
    version: 4,
    username: 'lena',
    displayName: 'Lena Graf',
    roles: ['ROLE_EMPLOYEE'],
    branches: [{ id: 'b1' }],
    accessToken: 'secret',
  }
  it('round-trips a stored user; an empty password is left out (the old one stays)', () => {
    const body = userToBody(userToForm(stored))
    expect(body).toEqual({
      username: 'lena',
      displayName: 'Lena Graf',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: 'b1' }],
      isEnabled: true,
      holidayDaysPerYear: null,
      hourlyRate: null,
    })
  })

  it('round-trips the time-tracking fields (holiday entitlement, hourly rate in cents)', () => {
    const withRates = { ...stored, holidayDaysPerYear: 22.5, hourlyRate: 3250 }
    const form = userToForm(withRates)
    expect(form).toMatchObject({ holidayDaysPerYear: 22.5, hourlyRate: 3250 })
    expect(userToBody(form)).toMatchObject({ holidayDaysPerYear: 22.5, hourlyRate: 3250 })
    expect(
      parseWithErrors(createUserBodySchema, { ...userToBody(form), password: 'lang-genug-2026' }).success,
    ).toBe(true)
    // Half days are the finest step the contract takes.
    const quarter = parseWithErrors(createUserBodySchema, {
      ...userToBody({ ...form, holidayDaysPerYear: 22.25 }),
      password: 'lang-genug-2026',
    })
    expect(quarter.success).toBe(false)
    if (!quarter.success) expect(quarter.errors.map((e) => e.field)).toEqual(['holidayDaysPerYear'])
  })

  it("checks a new user with the server's contract: the password is required, 10 characters", () => {
    const form = { ...userToForm(null), username: 'neu', password: 'kurz' }
    const result = parseWithErrors(createUserBodySchema, userToBody(form))
    expect(result.success).toBe(false)
    if (!result.success) expect(result.errors.map((e) => e.field)).toEqual(['password'])
    expect(
      parseWithErrors(createUserBodySchema, userToBody({ ...form, password: 'lang-genug-2026' })).success,
    ).toBe(true)
  })
})

describe('tags, divisions and donatees', () => {
  it('sends only the fields of each kind', () => {
    const form = simpleToForm({
      id: 'x',
      version: 1,
      name: 'Nord',
      description: 'd',
      identifier: 'nord',
      branches: [{ id: 'b1' }],
      image: null,
    })
    expect(simpleToBody('tags', form)).toEqual({ name: 'Nord', image: null })
    expect(simpleToBody('divisions', form)).toEqual({
      name: 'Nord',
      description: 'd',
      branches: [{ id: 'b1' }],
    })
    expect(simpleToBody('donatees', form)).toEqual({ identifier: 'nord', name: 'Nord', description: 'd' })
  })
})

describe('settings mapping', () => {
  it('round-trips a stored config and keeps the cash rounding of other currencies', () => {
    const stored = {
      ...createConfigBodySchema.parse({
        shopName: 'Bäckerei',
        currency: 'CHF',
        cashRounding: { CHF: 5, EUR: 1 },
      }),
      id: 'config',
      version: 7,
    }
    const form = settingsToForm(stored)
    expect(form.cashRoundingCents).toBe(5)
    const body = settingsToBody(form, stored)
    const parsed = createConfigBodySchema.parse(body)
    const { id: _id, version: _version, ...rest } = stored
    expect(parsed).toEqual(rest)
    // Emptied: the built-in default for the shop's currency; EUR's stays.
    expect(settingsToBody({ ...form, cashRoundingCents: null }, stored).cashRounding).toEqual({ EUR: 1 })
  })

  it("starts a shop without config from the contract's defaults, the name left to fill in", () => {
    const form = settingsToForm(null)
    expect(form.shopName).toBe('')
    expect(form.enableCash).toBe(true)
    const result = parseWithErrors(createConfigBodySchema, settingsToBody(form, null))
    expect(result.success).toBe(false)
    if (!result.success) expect(result.errors.map((e) => e.field)).toEqual(['shopName'])
  })
})

describe('live lists', () => {
  it("reads the changed list's path from the catalogue topic's message", () => {
    expect(changedPath({ type: 'update', topic: 'catalogue', resource: 'product', id: 'p1' })).toBe(
      'products',
    )
    expect(changedPath({ type: 'update', topic: 'catalogue', resource: 'category', id: 'c1' })).toBe(
      'categories',
    )
    // After the gateway lost its bus: every list reloads.
    expect(changedPath({ type: 'update', topic: 'catalogue', resource: '*', id: '*' })).toBe('*')
    expect(changedPath({ type: 'update', topic: 'catalogue' })).toBeUndefined()
  })
})
