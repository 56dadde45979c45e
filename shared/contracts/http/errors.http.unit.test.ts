import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorBodySchema, parseWithErrors, zodIssuesToErrors } from './errors.http.ts'

function errorsOf(schema: z.ZodType, input: unknown, options?: Parameters<typeof zodIssuesToErrors>[1]) {
  const result = schema.safeParse(input)
  if (result.success) throw new Error('expected the input to be refused')
  return zodIssuesToErrors(result.error, options)
}

describe('zodIssuesToErrors', () => {
  const schema = z.strictObject({
    name: z.string().trim().min(1),
    code: z.string().min(3).max(5),
    count: z.int().min(1).max(9),
    ratio: z.number().gt(0).lt(1),
    step: z.number().multipleOf(5),
    kind: z.enum(['a', 'b']),
    email: z.email(),
    when: z.iso.datetime({ offset: true }),
    tags: z.array(z.string()).min(1).max(2),
    either: z.union([z.string(), z.number()]),
  })
  const good = {
    name: 'x',
    code: 'abcd',
    count: 5,
    ratio: 0.5,
    step: 10,
    kind: 'a',
    email: 'a@example.org',
    when: '2025-03-29T10:00:00Z',
    tags: ['t'],
    either: 1,
  }

  it.each([
    ['name', { name: ' ' }, 'Dieser Wert sollte nicht leer sein.'],
    ['code', { code: 'ab' }, 'Diese Zeichenkette ist zu kurz. Sie sollte mindestens 3 Zeichen haben.'],
    ['code', { code: 'abcdef' }, 'Diese Zeichenkette ist zu lang. Sie sollte höchstens 5 Zeichen haben.'],
    ['count', { count: 0 }, 'Dieser Wert sollte 1 oder mehr sein.'],
    ['count', { count: 10 }, 'Dieser Wert sollte 9 oder weniger sein.'],
    ['count', { count: 1.5 }, 'Dieser Wert sollte vom Typ int sein.'],
    ['ratio', { ratio: 0 }, 'Dieser Wert sollte grösser als 0 sein.'],
    ['ratio', { ratio: 1 }, 'Dieser Wert sollte kleiner als 1 sein.'],
    ['step', { step: 7 }, 'Dieser Wert sollte ein Vielfaches von 5 sein.'],
    ['kind', { kind: 'c' }, 'Sie haben einen ungültigen Wert ausgewählt.'],
    ['email', { email: 'nope' }, 'Dieser Wert ist keine gültige E-Mail-Adresse.'],
    ['when', { when: 'tomorrow' }, 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.'],
    ['tags', { tags: [] }, 'Diese Sammlung sollte 1 oder mehr Elemente enthalten.'],
    ['tags', { tags: ['a', 'b', 'c'] }, 'Diese Sammlung sollte 2 oder weniger Elemente enthalten.'],
    ['tags.0', { tags: [1] }, 'Dieser Wert sollte vom Typ string sein.'],
    ['either', { either: true }, 'Dieser Wert ist ungültig.'],
  ])('maps an issue on %s (%j) to the Symfony-style message', (field, patch, message) => {
    expect(errorsOf(schema, { ...good, ...patch })).toEqual([{ field, message }])
  })

  it('names each unknown field by its own path', () => {
    expect(errorsOf(schema, { ...good, a: 1, b: 2 })).toEqual([
      { field: 'a', message: 'Dieses Feld wurde nicht erwartet.' },
      { field: 'b', message: 'Dieses Feld wurde nicht erwartet.' },
    ])
  })

  it('calls a missing field blank when it knows the input, a type error otherwise', () => {
    const { name: _, ...withoutName } = good
    expect(errorsOf(schema, withoutName, { input: withoutName })).toEqual([
      { field: 'name', message: 'Dieser Wert sollte nicht leer sein.' },
    ])
    expect(errorsOf(schema, { ...good, name: null }, { input: { ...good, name: null } })).toEqual([
      { field: 'name', message: 'Dieser Wert sollte nicht leer sein.' },
    ])
    expect(errorsOf(schema, withoutName)).toEqual([
      { field: 'name', message: 'Dieser Wert sollte vom Typ string sein.' },
    ])
  })

  it('uses the input zod kept with reportInput', () => {
    const result = schema.safeParse({ ...good, name: null }, { reportInput: true })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(zodIssuesToErrors(result.error)).toEqual([
        { field: 'name', message: 'Dieser Wert sollte nicht leer sein.' },
      ])
    }
  })

  it('translates a catalogue key carried as a custom message, and leaves other custom messages generic', () => {
    const custom = z.object({ a: z.string() }).superRefine((_, ctx) => {
      ctx.addIssue({ code: 'custom', path: ['a'], message: 'validation.phone' })
      ctx.addIssue({ code: 'custom', path: ['a'], message: 'something internal' })
    })
    expect(errorsOf(custom, { a: 'x' })).toEqual([
      { field: 'a', message: 'Dieser Wert ist keine gültige Telefonnummer.' },
      { field: 'a', message: 'Dieser Wert ist ungültig.' },
    ])
  })

  it('speaks French and English when asked, German for unknown locales', () => {
    const input = { ...good, count: 0, extra: 1 }
    expect(errorsOf(schema, input, { locale: 'fr-FR' })).toEqual([
      { field: 'count', message: 'Cette valeur doit être supérieure ou égale à 1.' },
      { field: 'extra', message: "Ce champ n'a pas été prévu." },
    ])
    expect(errorsOf(schema, input, { locale: 'en-GB' })).toEqual([
      { field: 'count', message: 'This value should be 1 or more.' },
      { field: 'extra', message: 'This field was not expected.' },
    ])
    expect(errorsOf(schema, input, { locale: 'it-IT' })[0]?.message).toBe(
      'Dieser Wert sollte 1 oder mehr sein.',
    )
  })

  it('produces a valid error body', () => {
    const errors = errorsOf(schema, {}, { input: {} })
    expect(errors.length).toBeGreaterThan(0)
    expect(errorBodySchema.parse({ errors })).toEqual({ errors })
  })
})

describe('parseWithErrors', () => {
  const schema = z.strictObject({ rating: z.int().min(1) })

  it('returns the parsed data', () => {
    expect(parseWithErrors(schema, { rating: 2 })).toEqual({ success: true, data: { rating: 2 } })
  })

  it('returns the error items, in the requested locale', () => {
    expect(parseWithErrors(schema, {}, 'en')).toEqual({
      success: false,
      errors: [{ field: 'rating', message: 'This value should not be blank.' }],
    })
  })
})
