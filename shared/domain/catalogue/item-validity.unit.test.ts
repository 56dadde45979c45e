import { describe, expect, it } from 'vitest'
import { aHam, anItem, aPart, aProduct, part } from './catalogue.test-support.ts'
import type { ConfigurablePart, Upload } from './catalogue.types.ts'
import { isItemValid, itemProblems, toggleOption } from './item-validity.ts'

const upload: Upload = { id: 'u-1', version: 1, extension: 'jpg', publicHash: 'h', mimeType: 'image/jpeg' }
const opt = (name: string) => ({ name, modifier: 'add' as const, value: 0 })

const cake = aProduct({
  config: {
    parts: [
      aPart({ name: 'Boden', type: 'select', options: [opt('Schoko'), opt('Vanille')] }),
      aPart({ name: 'Deko', type: 'multiselect', options: [opt('Beeren'), opt('Kerzen')] }),
      aPart({ name: 'Aufschrift', type: 'text' }),
      aPart({ name: 'Wünsche', type: 'textarea' }),
      aPart({ name: 'Foto', type: 'image' }),
      aPart({ name: 'Vorlage', type: 'files' }),
      aPart({ name: 'Verpackung', type: 'select', optional: true, options: [opt('Box')] }),
    ],
  },
})

const filled = [
  part({ options: ['Schoko'] }),
  part({ options: ['Beeren', 'Kerzen'] }),
  part({ text: 'Alles Gute' }),
  part({ text: 'Bitte ohne Nüsse' }),
  part({ uploads: [upload] }),
  part({ uploads: [upload, upload] }),
  part(),
]

describe('item validity (spec §5)', () => {
  it('accepts a positive amount with every mandatory part filled', () => {
    expect(itemProblems(anItem(cake, 1, 'piece', filled))).toEqual([])
    expect(isItemValid(anItem(aProduct(), 2))).toBe(true)
  })

  it('needs an amount above 0', () => {
    expect(itemProblems(anItem(aProduct(), 0))).toEqual([{ reason: 'amount-not-positive', partIndex: null }])
    expect(isItemValid(anItem(aProduct(), -1))).toBe(false)
    expect(isItemValid(anItem(aProduct(), Number.NaN))).toBe(false)
  })

  it('names each empty mandatory part', () => {
    const empty = filled.map(() => part({ text: '   ' }))
    expect(itemProblems(anItem(cake, 1, 'piece', empty))).toEqual([
      { reason: 'choice-required', partIndex: 0 },
      { reason: 'choice-required', partIndex: 1 },
      { reason: 'text-required', partIndex: 2 },
      { reason: 'text-required', partIndex: 3 },
      { reason: 'upload-required', partIndex: 4 },
      { reason: 'upload-required', partIndex: 5 },
    ])
  })

  it('does not count a choice that is not an option (any more)', () => {
    const stale = [part({ options: ['Erdbeer'] }), ...filled.slice(1)]
    expect(itemProblems(anItem(cake, 1, 'piece', stale))).toEqual([
      { reason: 'choice-required', partIndex: 0 },
    ])
  })

  it('reports missing part entries and units the product is not sold in', () => {
    expect(itemProblems(anItem(cake, 1, 'piece', filled.slice(0, 1)))).toContainEqual({
      reason: 'part-missing',
      partIndex: 1,
    })
    expect(itemProblems(anItem(aHam(), 1, 'piece'))).toEqual([
      { reason: 'unit-not-offered', partIndex: null },
    ])
  })
})

describe('toggling options', () => {
  const mandatory: ConfigurablePart = aPart({ options: [opt('Schoko'), opt('Vanille')] })
  const optional: ConfigurablePart = { ...mandatory, optional: true }
  const multi: ConfigurablePart = aPart({ type: 'multiselect', options: [opt('Beeren'), opt('Kerzen')] })

  it('picks a select option and replaces the previous one', () => {
    expect(toggleOption(mandatory, undefined, 'Schoko').options).toEqual(['Schoko'])
    expect(toggleOption(mandatory, part({ options: ['Schoko'] }), 'Vanille').options).toEqual(['Vanille'])
  })

  it('unchecks an optional select by clicking again, a mandatory one stays', () => {
    expect(toggleOption(optional, part({ options: ['Schoko'] }), 'Schoko').options).toEqual([])
    expect(toggleOption(mandatory, part({ options: ['Schoko'] }), 'Schoko').options).toEqual(['Schoko'])
  })

  it('toggles multiselect options and ignores unknown ones', () => {
    const one = toggleOption(multi, undefined, 'Beeren')
    const two = toggleOption(multi, one, 'Kerzen')
    expect(two.options).toEqual(['Beeren', 'Kerzen'])
    expect(toggleOption(multi, two, 'Beeren').options).toEqual(['Kerzen'])
    expect(toggleOption(multi, two, 'Glitzer')).toBe(two)
  })
})
