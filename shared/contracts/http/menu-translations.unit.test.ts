import { describe, expect, it } from 'vitest'
import { hasTranslation, t } from '../../i18n/index.ts'
import { parseWithErrors } from './errors.http.ts'
import {
  createCategoryBodySchema,
  createProductBodySchema,
  updateProductBodySchema,
} from './resources.http.ts'

// Issue 18 item 8: menu content translated per locale (German is the original).
const EXTRA = 'Dieses Feld wurde nicht erwartet.'
const msg = (key: string) => (hasTranslation(key) ? t(key) : t('validation.invalid'))
const tooLong = (limit: number) =>
  `Diese Zeichenkette ist zu lang. Sie sollte höchstens ${limit} Zeichen haben.`

const product = {
  uid: 'zopf',
  name: 'Butterzopf',
  price: 720,
  tax: 2.6,
  takeawayTax: 2.6,
  dineInTax: 8.1,
  type: 'configurable',
  config: {
    parts: [
      {
        name: 'Grösse',
        type: 'select',
        options: [{ name: 'Klein' }, { name: 'Gross', value: 200 }],
      },
      { name: 'Widmung', type: 'text' },
    ],
  },
}

describe('product translations', () => {
  it('default to none, so a product without them reads as before', () => {
    const parsed = parseWithErrors(createProductBodySchema, product)
    expect(parsed.success && parsed.data.translations).toEqual({})
  })

  it('take a name, a description and each part and option by position, blank ones as null', () => {
    const parsed = parseWithErrors(createProductBodySchema, {
      ...product,
      translations: {
        'fr-FR': {
          name: ' Tresse au beurre ',
          description: '',
          parts: [{ name: 'Taille', options: ['Petite', ' '] }, { name: 'Dédicace' }],
        },
        en: { name: 'Butter plait' },
      },
    })
    expect(parsed.success).toBe(true)
    if (!parsed.success) return
    expect(parsed.data.translations).toEqual({
      'fr-FR': {
        name: 'Tresse au beurre',
        description: null,
        parts: [
          { name: 'Taille', description: null, options: ['Petite', null] },
          { name: 'Dédicace', description: null, options: [] },
        ],
      },
      en: { name: 'Butter plait', description: null, parts: [] },
    })
  })

  it('refuse German (the original), unknown locales, too long texts and parts without an original', () => {
    const parsed = parseWithErrors(updateProductBodySchema, {
      ...product,
      version: 3,
      translations: {
        'de-CH': { name: 'Zopf' },
        'it-IT': { name: 'Treccia' },
        'fr-FR': {
          name: 'x'.repeat(256),
          parts: [{ options: ['Petite', 'Grande', 'Énorme'] }, {}, { name: 'Rien' }],
        },
      },
    })
    expect(parsed.success).toBe(false)
    if (parsed.success) return
    expect(parsed.errors).toEqual(
      expect.arrayContaining([
        { field: 'translations.de-CH', message: EXTRA },
        { field: 'translations.it-IT', message: EXTRA },
        { field: 'translations.fr-FR.name', message: tooLong(255) },
        { field: 'translations.fr-FR.parts.0.options', message: msg('validation.extraField') },
        { field: 'translations.fr-FR.parts.2', message: msg('validation.extraField') },
      ]),
    )
    expect(parsed.errors).toHaveLength(5)
  })

  it('refuse unknown fields in a translation', () => {
    const parsed = parseWithErrors(createProductBodySchema, {
      ...product,
      translations: { en: { name: 'Plait', price: 1 } },
    })
    expect(parsed.success ? [] : parsed.errors).toEqual([{ field: 'translations.en.price', message: EXTRA }])
  })
})

describe('category translations', () => {
  it('take a name per locale and default to none', () => {
    const plain = parseWithErrors(createCategoryBodySchema, { name: 'Brot' })
    expect(plain.success && plain.data.translations).toEqual({})
    const translated = parseWithErrors(createCategoryBodySchema, {
      name: 'Brot',
      translations: { 'fr-FR': { name: 'Pain' }, en: { name: '' } },
    })
    expect(translated.success && translated.data.translations).toEqual({
      'fr-FR': { name: 'Pain' },
      en: { name: null },
    })
  })

  it('refuse a name longer than the German one may be', () => {
    const parsed = parseWithErrors(createCategoryBodySchema, {
      name: 'Brot',
      translations: { 'fr-FR': { name: 'p'.repeat(256) } },
    })
    expect(parsed.success ? [] : parsed.errors).toEqual([
      { field: 'translations.fr-FR.name', message: tooLong(255) },
    ])
  })
})
