import { createProductBodySchema } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import {
  emptyOption,
  emptyPart,
  moved,
  productToBody,
  productToForm,
  translatedCount,
  without,
  withTranslatedOptions,
  withTranslatedParts,
} from './product-form.ts'

// Issue 18: the product editor's "Übersetzungen" mirror the parts by position.
const stored = {
  id: 'p-1',
  version: 2,
  uid: 'zopf',
  name: 'Butterzopf',
  description: 'Frisch',
  allergens: null,
  images: [],
  type: 'configurable',
  price: 720,
  tax: 2.6,
  takeawayTax: 2.6,
  dineInTax: 8.1,
  unit: 'piece',
  alternativeUnits: [],
  minimumQuantity: 1,
  maximumQuantity: null,
  quantityStepSize: 1,
  defaultQuantity: null,
  defaultUnit: null,
  calculationModel: 'fixed',
  isPriceHidden: false,
  isEnabled: true,
  schedule: [],
  isStepByStep: false,
  config: {
    parts: [
      {
        name: 'Grösse',
        description: null,
        type: 'select',
        optional: false,
        options: [
          { name: 'Klein', modifier: 'add', value: 0 },
          { name: 'Gross', modifier: 'add', value: 200 },
        ],
      },
      { name: 'Widmung', description: null, type: 'text', optional: true, options: [] },
    ],
  },
  isLeadTimeEnabled: false,
  leadTimeType: 'hours',
  leadTimeValue: 0,
}

describe('the product editor translations', () => {
  it('start empty for every locale and send none for a product without any', () => {
    const form = productToForm(stored)
    expect(form.translations).toEqual({
      'fr-FR': { name: '', description: '', parts: [] },
      en: { name: '', description: '', parts: [] },
    })
    expect(productToBody(form).translations).toEqual({})
    expect(productToForm(null).translations['fr-FR']).toEqual({ name: '', description: '', parts: [] })
  })

  it('send what is typed, blank as null, nothing trailing, and the contract takes it', () => {
    const form = productToForm(stored)
    form.translations['fr-FR'].name = 'Tresse au beurre'
    form.translations['fr-FR'].parts = [
      { name: 'Taille', description: ' ', options: ['', 'Grande'] },
      { name: '', description: '', options: [] },
    ]
    form.translations.en.description = '   '
    const body = productToBody(form)
    expect(body.translations).toEqual({
      'fr-FR': {
        name: 'Tresse au beurre',
        description: null,
        parts: [{ name: 'Taille', description: null, options: [null, 'Grande'] }],
      },
    })
    const parsed = createProductBodySchema.safeParse(body)
    expect(parsed.success).toBe(true)
  })

  it('send no more parts and options than the product has (a removed part left none behind)', () => {
    const form = productToForm(stored)
    form.translations['fr-FR'].parts = [
      { name: 'Taille', description: '', options: ['Petite', 'Grande', 'Énorme'] },
      { name: 'Dédicace', description: '', options: ['x'] },
      { name: 'Fantôme', description: '', options: [] },
    ]
    const body = productToBody(form)
    expect(body.translations).toEqual({
      'fr-FR': {
        name: null,
        description: null,
        parts: [
          { name: 'Taille', description: null, options: ['Petite', 'Grande'] },
          { name: 'Dédicace', description: null, options: [] },
        ],
      },
    })
    expect(createProductBodySchema.safeParse(body).success).toBe(true)
  })

  it('move and go with their part when the parts editor moves or removes it', () => {
    const form = productToForm({
      ...stored,
      translations: {
        'fr-FR': {
          name: null,
          description: null,
          parts: [{ name: 'Taille', description: null, options: [] }],
        },
      },
    })
    const swapped = withTranslatedParts(form.translations, 2, (parts) => moved(parts, 0, 1))
    expect(swapped['fr-FR'].parts.map((part) => part.name)).toEqual(['', 'Taille'])
    expect(swapped.en.parts).toHaveLength(2)
    const removed = withTranslatedParts(form.translations, 2, (parts) => without(parts, 0))
    expect(removed['fr-FR'].parts).toEqual([{ name: '', description: '', options: [] }])
  })

  it('move and go with their option when an option is moved or removed', () => {
    const form = productToForm({
      ...stored,
      translations: {
        'fr-FR': {
          name: null,
          description: null,
          parts: [{ name: null, description: null, options: ['Petite', 'Grande'] }],
        },
      },
    })
    const swapped = withTranslatedOptions(form.translations, 2, 0, 2, (options) => moved(options, 0, 1))
    expect(swapped['fr-FR'].parts[0]?.options).toEqual(['Grande', 'Petite'])
    const removed = withTranslatedOptions(form.translations, 2, 0, 2, (options) => without(options, 0))
    expect(removed['fr-FR'].parts[0]?.options).toEqual(['Grande'])
    expect(removed.en.parts[0]?.options).toEqual([''])
  })

  it('leave a new part or option untranslated', () => {
    const form = productToForm(stored)
    form.translations['fr-FR'].name = 'Tresse'
    form.config.parts.push({ ...emptyPart(), name: 'Neu', options: [{ ...emptyOption(), name: 'A' }] })
    const body = productToBody(form)
    expect(body.translations).toEqual({ 'fr-FR': { name: 'Tresse', description: null, parts: [] } })
  })
})

describe("a language's summary", () => {
  it('counts the texts filled in, blanks not', () => {
    expect(translatedCount(undefined)).toBe(0)
    expect(
      translatedCount({
        name: 'Tresse',
        description: '  ',
        parts: [
          { name: 'Taille', description: '', options: ['Petite', '', 'Grande'] },
          { name: '', description: null, options: [] },
        ],
      }),
    ).toBe(4)
  })
})
