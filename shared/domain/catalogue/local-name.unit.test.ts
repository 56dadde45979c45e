import { describe, expect, it } from 'vitest'
import { localOrderedLine } from './local-name.ts'

// An order line on the status page and in the customer's mails (issue 18 item 8).
describe('localOrderedLine', () => {
  const product = {
    name: 'Butterzopf 500 g',
    config: {
      parts: [
        { name: 'Grösse', options: [{ name: 'Klein' }, { name: 'Gross' }] },
        { name: 'Widmung', options: [] },
      ],
    },
    translations: {
      'fr-FR': { name: 'Tresse au beurre 500 g', parts: [{ name: 'Taille', options: ['Petite', null] }] },
    },
  }
  const line = {
    productUid: 'zopf',
    name: 'Butterzopf 500 g',
    parts: [
      { name: 'Grösse', options: ['Klein'], text: null },
      { name: 'Widmung', options: [], text: 'Für Anna' },
    ],
  }

  it('reads in the locale while the menu still bears its German texts', () => {
    expect(localOrderedLine(line, product, 'fr-FR')).toEqual({
      name: 'Tresse au beurre 500 g',
      parts: [
        { name: 'Taille', options: ['Petite'], text: '' },
        // No translation of this part: German; the customer's own text as written.
        { name: 'Widmung', options: [], text: 'Für Anna' },
      ],
    })
    expect(localOrderedLine(line, product, 'de-CH').name).toBe('Butterzopf 500 g')
  })

  it('keeps what was ordered once the product was renamed, its part changed or it left the menu', () => {
    const renamed = { ...product, name: 'Zopf 500 g' }
    expect(localOrderedLine(line, renamed, 'fr-FR').name).toBe('Butterzopf 500 g')
    // The name changed, the part did not: the part still reads in French.
    expect(localOrderedLine(line, renamed, 'fr-FR').parts[0]).toEqual({
      name: 'Taille',
      options: ['Petite'],
      text: '',
    })
    const reordered = { ...product, config: { parts: [product.config.parts[1]!, product.config.parts[0]!] } }
    expect(localOrderedLine(line, reordered, 'fr-FR').parts[0]).toEqual({
      name: 'Grösse',
      options: ['Klein'],
      text: '',
    })
    expect(localOrderedLine(line, undefined, 'fr-FR')).toEqual({
      name: 'Butterzopf 500 g',
      parts: [
        { name: 'Grösse', options: ['Klein'], text: '' },
        { name: 'Widmung', options: [], text: 'Für Anna' },
      ],
    })
    expect(
      localOrderedLine({ productUid: 'zopf', name: 'Butterzopf 500 g' }, product, 'fr-FR').parts,
    ).toEqual([])
  })
})
