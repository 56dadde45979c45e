import { describe, expect, it } from 'vitest'
import {
  amountLabel,
  keepUnitsTogether,
  localDescription,
  localName,
  localOption,
  localPart,
  unitKey,
  unitSymbol,
} from './product-text.ts'

const NBSP = '\u00a0'

describe('keepUnitsTogether', () => {
  it('joins a number and its unit with a non-breaking space', () => {
    expect(keepUnitsTogether('Bio-Vollkornbrot 500 g')).toBe(`Bio-Vollkornbrot 500${NBSP}g`)
    expect(keepUnitsTogether('Butterzopf 1 kg')).toBe(`Butterzopf 1${NBSP}kg`)
    expect(keepUnitsTogether('Macarons (6 Stück)')).toBe(`Macarons (6${NBSP}Stück)`)
    expect(keepUnitsTogether('Eistee 5 dl, gekühlt')).toBe(`Eistee 5${NBSP}dl, gekühlt`)
    expect(keepUnitsTogether('Torte Ø 22 cm')).toBe(`Torte Ø 22${NBSP}cm`)
  })

  it('knows every unit of the list, decimals and several pairs in one name', () => {
    for (const unit of ['g', 'kg', 'dag', 'ml', 'cl', 'dl', 'l', 'cm', 'Stk.', 'Stück', 'St.']) {
      expect(keepUnitsTogether(`Ware 2 ${unit}`)).toBe(`Ware 2${NBSP}${unit}`)
    }
    expect(keepUnitsTogether('Milch 1,5 l')).toBe(`Milch 1,5${NBSP}l`)
    expect(keepUnitsTogether('Wein 0.75 l')).toBe(`Wein 0.75${NBSP}l`)
    expect(keepUnitsTogether('Set 2 Stk. à 250 g')).toBe(`Set 2${NBSP}Stk. à 250${NBSP}g`)
    expect(keepUnitsTogether('Brot 500  g')).toBe(`Brot 500${NBSP}g`)
  })

  it('leaves words that only start like a unit, and names without numbers, alone', () => {
    expect(keepUnitsTogether('2 grosse Brezeln')).toBe('2 grosse Brezeln')
    expect(keepUnitsTogether('3 Lachsbrötchen')).toBe('3 Lachsbrötchen')
    expect(keepUnitsTogether('4 Stückli')).toBe('4 Stückli')
    expect(keepUnitsTogether('Kalbsgeschnetzeltes')).toBe('Kalbsgeschnetzeltes')
    expect(keepUnitsTogether('Gipfeli g')).toBe('Gipfeli g')
    expect(keepUnitsTogether('')).toBe('')
  })
})

describe('amountLabel', () => {
  const names: Record<string, string> = {
    'sf-menu:unit.piece_one': 'Stück',
    'sf-menu:unit.piece_other': 'Stück',
    'sf-menu:unit.pair_one': 'Paar',
    'sf-menu:unit.pair_other': 'Paar',
    'sf-menu:unit.person_one': 'Person',
    'sf-menu:unit.person_other': 'Personen',
  }
  const t = (key: string, params?: Record<string, unknown>) =>
    names[`${key}_${params?.count === 1 ? 'one' : 'other'}`] ?? key

  it('names counted units from the one storefront catalogue, plural-aware', () => {
    expect(amountLabel(t, 1, 'piece', 'de-CH')).toBe('1 Stück')
    expect(amountLabel(t, 4, 'piece', 'de-CH')).toBe('4 Stück')
    expect(amountLabel(t, 2, 'pair', 'de-CH')).toBe('2 Paar')
    expect(amountLabel(t, 1, 'person', 'de-CH')).toBe('1 Person')
    expect(amountLabel(t, 3, 'person', 'de-CH')).toBe('3 Personen')
  })

  it('shows measured units by their symbol, decimals in the language', () => {
    expect(amountLabel(t, 500, 'gram', 'de-CH')).toBe('500 g')
    expect(amountLabel(t, 0.5, 'kilogram', 'de-CH')).toBe('0.5 kg')
    expect(amountLabel(t, 0.5, 'kilogram', 'fr-FR')).toBe('0,5 kg')
    expect(amountLabel(t, 3, 'dl', 'en')).toBe('3 dl')
  })
})

describe('unit names', () => {
  it('names counted units by their catalogue key and measured ones by their symbol', () => {
    expect(unitKey('piece')).toBe('unit.piece')
    expect(unitSymbol('piece')).toBeNull()
    expect(unitKey('kilogram')).toBeNull()
    expect(unitSymbol('kilogram')).toBe('kg')
    expect(unitSymbol('gram')).toBe('g')
  })
})

describe('menu content in the customer language', () => {
  const product = {
    name: 'Butterzopf 500 g',
    description: 'Mit Butter',
    config: {
      parts: [
        { name: 'Grösse', description: 'Wie gross?', options: [{ name: 'Klein' }, { name: 'Gross' }] },
        { name: 'Widmung', description: null, options: [] },
      ],
    },
    translations: {
      'fr-FR': {
        name: 'Tresse au beurre 500 g',
        description: null,
        parts: [{ name: 'Taille', description: '  ', options: ['Petite', null] }],
      },
      en: { name: '', description: 'With butter' },
    },
  }

  it('shows the translation of the locale', () => {
    expect(localName(product, 'fr-FR')).toBe('Tresse au beurre 500 g')
    expect(localPart(product, 0, 'fr-FR').name).toBe('Taille')
    expect(localOption(product, 0, 'Klein', 'fr-FR')).toBe('Petite')
    expect(localDescription(product, 'en')).toBe('With butter')
  })

  it('falls back to German for each text that is missing or blank', () => {
    expect(localDescription(product, 'fr-FR')).toBe('Mit Butter')
    expect(localPart(product, 0, 'fr-FR').description).toBe('Wie gross?')
    expect(localOption(product, 0, 'Gross', 'fr-FR')).toBe('Gross')
    expect(localPart(product, 1, 'fr-FR')).toEqual({ name: 'Widmung', description: '' })
    expect(localName(product, 'en')).toBe('Butterzopf 500 g')
    expect(localOption(product, 0, 'Klein', 'en')).toBe('Klein')
  })

  it('shows German in German, and for products and categories without translations', () => {
    expect(localName(product, 'de-CH')).toBe('Butterzopf 500 g')
    expect(localOption(product, 0, 'Klein', 'de-CH')).toBe('Klein')
    expect(localName({ name: 'Brot' }, 'fr-FR')).toBe('Brot')
    expect(localName({ name: 'Brot', translations: { 'fr-FR': { name: 'Pain' } } }, 'fr-FR')).toBe('Pain')
    expect(localName({ name: 'Brot', translations: null }, 'fr-FR')).toBe('Brot')
    expect(localOption({ name: 'Brot' }, 3, 'Klein', 'fr-FR')).toBe('Klein')
  })

  it('keeps an option that is no longer in the product as it was chosen', () => {
    expect(localOption(product, 0, 'Riesig', 'fr-FR')).toBe('Riesig')
  })
})
