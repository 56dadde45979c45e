import { describe, expect, it } from 'vitest'
import { parseWithErrors } from '../../contracts/http/errors.http.ts'
import { contentSchemaOf, isLocalDateTime, referencesIn, visibleText } from './content-schema.ts'
import {
  type ContentConfig,
  completeContent,
  defaultContent,
  defaultItem,
  type FieldConfig,
  labelText,
} from './field-config.ts'
import {
  LEGACY_BLOCK,
  SECTION_TYPES,
  SIMPLE_PAGE,
  STANDARD_PAGE,
  siteContentConfig,
  siteVariantOf,
} from './known-types.ts'

/** The field errors of a value, as the API would answer them (German). */
function errorsOf(config: ContentConfig, value: unknown): Record<string, string> {
  const result = parseWithErrors(contentSchemaOf(config), value, 'de-CH')
  if (result.success) return {}
  return Object.fromEntries(result.errors.map((e) => [e.field, e.message]))
}

const one = (field: FieldConfig): ContentConfig => ({ fields: [field] })
const image = { id: 'img-1', version: 2, extension: 'jpg' }
const file = { id: 'up-1', version: 1, extension: 'pdf', publicHash: 'abc123' }

describe('text and textarea', () => {
  const text = one({ type: 'text', name: 'title', label: 'Titel', min: 3, max: 10 })
  it('takes an empty optional text, a text within min and max', () => {
    expect(errorsOf(text, {})).toEqual({})
    expect(errorsOf(text, { title: '' })).toEqual({})
    expect(errorsOf(text, { title: 'Zopf' })).toEqual({})
  })
  it('refuses a text shorter than min or longer than max, with the limit', () => {
    expect(errorsOf(text, { title: 'ab' })).toEqual({
      title: 'Diese Zeichenkette ist zu kurz. Sie sollte mindestens 3 Zeichen haben.',
    })
    expect(errorsOf(text, { title: 'Bauernbrote' })).toEqual({
      title: 'Diese Zeichenkette ist zu lang. Sie sollte höchstens 10 Zeichen haben.',
    })
  })
  it('refuses a blank required text and a value that is no text', () => {
    const required = one({ type: 'textarea', name: 'note', label: 'Notiz', required: true })
    expect(errorsOf(required, {})).toEqual({ note: 'Dieser Wert sollte nicht leer sein.' })
    expect(errorsOf(required, { note: '   ' })).toEqual({ note: 'Dieser Wert sollte nicht leer sein.' })
    expect(errorsOf(required, { note: 12 })).toEqual({ note: 'Dieser Wert sollte vom Typ string sein.' })
  })
  it('caps a text without max at 1000 characters', () => {
    const plain = one({ type: 'text', name: 'a', label: 'A' })
    expect(errorsOf(plain, { a: 'x'.repeat(1000) })).toEqual({})
    expect(errorsOf(plain, { a: 'x'.repeat(1001) }).a).toContain('höchstens 1000 Zeichen')
  })
  it('checks a link text as an http(s) address', () => {
    const link = one({ type: 'text', name: 'link', label: 'Link', format: 'url' })
    expect(errorsOf(link, { link: 'https://example.ch/a' })).toEqual({})
    expect(errorsOf(link, { link: 'javascript:alert(1)' })).toEqual({
      link: 'Dieser Wert ist keine gültige URL.',
    })
  })
})

describe('wysiwyg and markdown', () => {
  const body = one({ type: 'wysiwyg', name: 'body', label: 'Inhalt', required: true })
  it('counts only what formatted text shows: empty paragraphs are blank, a picture is not', () => {
    expect(errorsOf(body, { body: '<p><br></p><p>&nbsp;</p>' })).toEqual({
      body: 'Dieser Wert sollte nicht leer sein.',
    })
    expect(errorsOf(body, { body: '<p><img src="/image/a-1.png" alt=""></p>' })).toEqual({})
    expect(errorsOf(body, { body: '<h2>Hallo</h2>' })).toEqual({})
    expect(visibleText('<p>a&amp;b</p>')).toBe('axb')
  })
  it('takes markdown as text', () => {
    const md = one({ type: 'markdown', name: 'md', label: 'MD', required: true })
    expect(errorsOf(md, { md: '# Titel\n\nText' })).toEqual({})
    expect(errorsOf(md, { md: '' })).toEqual({ md: 'Dieser Wert sollte nicht leer sein.' })
  })
})

describe('number', () => {
  const price = one({ type: 'number', name: 'n', label: 'N', min: 1, max: 10, decimals: 2 })
  it('takes a number within its bounds and decimals, and null when optional', () => {
    expect(errorsOf(price, { n: 2.55 })).toEqual({})
    expect(errorsOf(price, { n: null })).toEqual({})
  })
  it('refuses a number out of bounds, with too many decimals, or no number', () => {
    expect(errorsOf(price, { n: 0 })).toEqual({ n: 'Dieser Wert sollte 1 oder mehr sein.' })
    expect(errorsOf(price, { n: 11 })).toEqual({ n: 'Dieser Wert sollte 10 oder weniger sein.' })
    expect(errorsOf(price, { n: 2.555 })).toEqual({ n: 'Dieser Wert sollte ein Vielfaches von 0.01 sein.' })
    expect(errorsOf(price, { n: '3' })).toEqual({ n: 'Dieser Wert sollte vom Typ number sein.' })
  })
  it('refuses an empty required number', () => {
    expect(errorsOf(one({ type: 'number', name: 'n', label: 'N', required: true }), {})).toEqual({
      n: 'Dieser Wert sollte nicht leer sein.',
    })
  })
})

describe('date', () => {
  const date = one({ type: 'date', name: 'at', label: 'Am', mode: 'dateTime', required: true })
  it('takes a local date and time (24-hour) and refuses anything else', () => {
    expect(errorsOf(date, { at: '2026-12-24T17:30' })).toEqual({})
    expect(errorsOf(date, { at: '2026-02-30T10:00' })).toEqual({
      at: 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
    })
    expect(errorsOf(date, { at: '24.12.2026 17:30' }).at).toBeDefined()
    expect(errorsOf(date, { at: null })).toEqual({ at: 'Dieser Wert sollte nicht leer sein.' })
    expect(isLocalDateTime('2026-12-24T24:00')).toBe(false)
  })
})

describe('images and files', () => {
  it('takes an image reference and refuses a broken one at its field', () => {
    const pic = one({ type: 'image', name: 'image', label: 'Bild', required: true })
    expect(errorsOf(pic, { image })).toEqual({})
    expect(errorsOf(pic, { image: null })).toEqual({ image: 'Dieser Wert sollte nicht leer sein.' })
    expect(errorsOf(pic, { image: { id: 'x', version: 0, extension: 'jpg' } })).toEqual({
      'image.version': 'Dieser Wert sollte 1 oder mehr sein.',
    })
  })
  it('counts images against min and max, required meaning at least one', () => {
    const pics = one({ type: 'images', name: 'images', label: 'Bilder', required: true, max: 2 })
    expect(errorsOf(pics, { images: [] })).toEqual({
      images: 'Diese Sammlung sollte 1 oder mehr Elemente enthalten.',
    })
    expect(errorsOf(pics, { images: [image, image, image] })).toEqual({
      images: 'Diese Sammlung sollte 2 oder weniger Elemente enthalten.',
    })
    expect(errorsOf(pics, { images: [image, { id: '', version: 1, extension: 'png' }] })).toEqual({
      'images.1.id': 'Dieser Wert sollte nicht leer sein.',
    })
  })
  it('takes a file and files with their public hash', () => {
    const files = one({ type: 'files', name: 'files', label: 'Dateien', min: 1 })
    expect(errorsOf(files, { files: [file] })).toEqual({})
    expect(errorsOf(files, { files: [{ ...file, publicHash: undefined }] })).toEqual({
      'files.0.publicHash': 'Dieser Wert sollte nicht leer sein.',
    })
    expect(errorsOf(one({ type: 'file', name: 'file', label: 'Datei' }), { file: null })).toEqual({})
  })
})

describe('boolean, select and multiselect', () => {
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ]
  it('takes a boolean and refuses anything else', () => {
    const flag = one({ type: 'boolean', name: 'on', label: 'An' })
    expect(errorsOf(flag, { on: true })).toEqual({})
    expect(errorsOf(flag, {})).toEqual({})
    expect(errorsOf(flag, { on: 'yes' })).toEqual({ on: 'Dieser Wert sollte vom Typ boolean sein.' })
  })
  it('takes one of the options only', () => {
    const select = one({ type: 'select', name: 's', label: 'S', options, required: true })
    expect(errorsOf(select, { s: 'b' })).toEqual({})
    expect(errorsOf(select, { s: 'c' })).toEqual({ s: 'Sie haben einen ungültigen Wert ausgewählt.' })
    expect(errorsOf(select, { s: null })).toEqual({ s: 'Dieser Wert sollte nicht leer sein.' })
  })
  it('takes a list of distinct options', () => {
    const multi = one({ type: 'multiselect', name: 'm', label: 'M', options })
    expect(errorsOf(multi, { m: ['a', 'b'] })).toEqual({})
    expect(errorsOf(multi, { m: ['a', 'x', 'a'] })).toEqual({
      'm.1': 'Sie haben einen ungültigen Wert ausgewählt.',
      'm.2': 'Dieser Wert kommt mehrfach vor.',
    })
  })
})

describe('reference', () => {
  const ref = one({ type: 'reference', name: 'r', label: 'R', targets: ['site', 'product'], required: true })
  it('takes a reference to one of its targets', () => {
    expect(errorsOf(ref, { r: { type: 'product', id: 'p1' } })).toEqual({})
  })
  it('refuses another target, a missing id and an empty required reference', () => {
    expect(errorsOf(ref, { r: { type: 'category', id: 'c1' } })).toEqual({
      'r.type': 'Sie haben einen ungültigen Wert ausgewählt.',
    })
    expect(errorsOf(ref, { r: { type: 'site' } })).toEqual({ 'r.id': 'Dieser Wert sollte nicht leer sein.' })
    expect(errorsOf(ref, {})).toEqual({ r: 'Dieser Wert sollte nicht leer sein.' })
  })
  it('lists the references of nested content with their paths', () => {
    expect(
      referencesIn(STANDARD_PAGE, {
        sections: [
          { type: 'text_section', text: '' },
          {
            type: 'columns_section',
            content: [{ type: 'internal_teaser', title: 'A', reference: { type: 'site', id: 's9' } }],
          },
        ],
      }),
    ).toEqual([{ path: 'sections.1.content.0.reference', type: 'site', id: 's9' }])
  })
})

describe('group, tabs and collection', () => {
  const config: ContentConfig = {
    fields: [
      {
        type: 'tabs',
        name: 'tabs',
        tabs: [
          { label: 'Allgemein', fields: [{ type: 'text', name: 'title', label: 'Titel', required: true }] },
          {
            label: 'Adresse',
            fields: [
              {
                type: 'group',
                name: 'address',
                label: 'Adresse',
                layout: 'grid',
                fields: [
                  { type: 'text', name: 'street', label: 'Strasse', required: true },
                  { type: 'number', name: 'zip', label: 'PLZ', min: 1000, max: 9999, decimals: 0 },
                ],
              },
            ],
          },
        ],
      },
      {
        type: 'collection',
        name: 'items',
        label: 'Einträge',
        max: 3,
        itemTypes: [
          {
            type: 'note',
            label: 'Notiz',
            fields: [{ type: 'text', name: 'text', label: 'Text', required: true }],
          },
          {
            type: 'list',
            label: 'Liste',
            fields: [
              {
                type: 'collection',
                name: 'children',
                label: 'Unterpunkte',
                itemTypes: [
                  {
                    type: 'note',
                    label: 'Notiz',
                    fields: [{ type: 'text', name: 'text', label: 'T', max: 3 }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  }
  it("checks tabs' fields beside them and a group's fields inside it", () => {
    expect(errorsOf(config, { address: { zip: 80 } })).toEqual({
      title: 'Dieser Wert sollte nicht leer sein.',
      'address.street': 'Dieser Wert sollte nicht leer sein.',
      'address.zip': 'Dieser Wert sollte 1000 oder mehr sein.',
    })
  })
  it('checks each item by its own type, nested collections at their paths', () => {
    const value = {
      title: 'T',
      address: { street: 'Gasse 1', zip: 8001 },
      items: [
        { type: 'note', text: '' },
        {
          type: 'list',
          children: [
            { type: 'note', text: 'ok' },
            { type: 'note', text: 'lang' },
          ],
        },
        { type: 'video' },
      ],
    }
    expect(errorsOf(config, value)).toEqual({
      'items.0.text': 'Dieser Wert sollte nicht leer sein.',
      'items.1.children.1.text': 'Diese Zeichenkette ist zu lang. Sie sollte höchstens 3 Zeichen haben.',
      'items.2.type': 'Sie haben einen ungültigen Wert ausgewählt.',
    })
    expect(errorsOf(config, { ...value, items: [1, 2, 3, 4] }).items).toBe(
      'Diese Sammlung sollte 3 oder weniger Elemente enthalten.',
    )
  })
  it('keeps fields the configuration does not name', () => {
    expect(errorsOf(config, { title: 'T', address: { street: 'S' }, legacy: { x: 1 } })).toEqual({})
  })
  it('makes defaults for a new content, a new item and a stored one', () => {
    expect(defaultContent(config)).toEqual({ title: '', address: { street: '', zip: null }, items: [] })
    expect(defaultItem(SECTION_TYPES[1]!)).toEqual({
      type: 'columns_section',
      appearance: '2',
      direction: 'horizontal',
      content: [],
    })
    expect(completeContent(config, { items: [{ type: 'note' }], extra: 1 })).toEqual({
      title: '',
      address: { street: '', zip: null },
      items: [{ type: 'note', text: '' }],
      extra: 1,
    })
  })
})

describe('the known site and block types', () => {
  it('tells a standard page from a simple one', () => {
    expect(siteVariantOf({ sections: [] })).toBe('standard')
    expect(siteVariantOf({ body: '<p>a</p>' })).toBe('simple')
    expect(siteVariantOf(null)).toBe('simple')
    expect(siteContentConfig('default', { body: '' })).toBe(SIMPLE_PAGE)
    expect(siteContentConfig('landing-page', {})).toBeUndefined()
  })
  it('checks a standard page: columns 1–4, a direction, teasers with their links', () => {
    const errors = errorsOf(STANDARD_PAGE, {
      sections: [
        {
          type: 'columns_section',
          appearance: '5',
          direction: 'diagonal',
          content: [
            { type: 'external_teaser', title: 'A', link: 'ftp://x' },
            { type: 'internal_teaser', title: '', reference: { type: 'block', id: 'b' } },
          ],
        },
        { type: 'gallery_section', appearance: '3', images: [] },
      ],
    })
    expect(errors).toEqual({
      'sections.0.appearance': 'Sie haben einen ungültigen Wert ausgewählt.',
      'sections.0.direction': 'Sie haben einen ungültigen Wert ausgewählt.',
      'sections.0.content.0.link': 'Dieser Wert ist keine gültige URL.',
      'sections.0.content.1.title': 'Dieser Wert sollte nicht leer sein.',
      'sections.0.content.1.reference.type': 'Sie haben einen ungültigen Wert ausgewählt.',
      'sections.1.images': 'Diese Sammlung sollte 1 oder mehr Elemente enthalten.',
    })
  })
  it('checks a legacy block item by its type', () => {
    expect(
      errorsOf(LEGACY_BLOCK, {
        data: [
          { type: 'text', value: 'Hallo' },
          { type: 'gallery', label: 'Sommer', images: [image] },
          { type: 'file', label: 'Karte', file: null },
        ],
      }),
    ).toEqual({ 'data.2.file': 'Dieser Wert sollte nicht leer sein.' })
  })
  it('names its labels in the language asked for, German otherwise', () => {
    expect(labelText(SECTION_TYPES[2]!.label, 'fr-FR')).toBe('Galerie')
    expect(labelText({ 'de-CH': 'Spalten' }, 'en')).toBe('Spalten')
  })
})
