import { parseWithErrors } from '@shop/shared/contracts'
import {
  COLUMN_ITEM_TYPES,
  completeContent,
  contentSchemaOf,
  DEFAULT_BLOCK,
  defaultItem,
  LEGACY_BLOCK,
  SECTION_TYPES,
  SIMPLE_PAGE,
  STANDARD_PAGE,
} from '@shop/shared/domain/content'
import { describe, expect, it } from 'vitest'
import { parseBlockBody, parsePageBody } from './content-model.ts'

// The back-office writes a site's and a block's content from the configurations of
// shared/domain/content (known-types.ts); this page renders it with content-model.ts. What the
// editor stores must read back as the same sections, items and images.

const image = { id: 'img-1', version: 3, extension: 'jpg' }
const photo = { id: 'img-2', version: 1, extension: 'png' }
const file = { id: 'up-1', version: 1, extension: 'pdf', publicHash: 'h4sh' }

const item = (type: string, values: Record<string, unknown>, types = SECTION_TYPES) => {
  const config = types.find((t) => t.type === type)
  if (!config) throw new Error(type)
  return { ...defaultItem(config), ...values }
}

const valid = (config: Parameters<typeof contentSchemaOf>[0], value: unknown) =>
  parseWithErrors(contentSchemaOf(config), value)

describe('what the site editor stores reads back in the storefront', () => {
  it('a simple page: its formatted text', () => {
    const stored = completeContent(SIMPLE_PAGE, { body: '<p>Öffnungszeiten über Weihnachten</p>' })
    expect(valid(SIMPLE_PAGE, stored).success).toBe(true)
    expect(parsePageBody(stored)).toEqual({ kind: 'simple', html: '<p>Öffnungszeiten über Weihnachten</p>' })
  })

  it('a new standard page is a standard page without sections', () => {
    const stored = completeContent(STANDARD_PAGE, null)
    expect(stored).toEqual({ sections: [] })
    expect(parsePageBody(stored)).toEqual({ kind: 'standard', sections: [] })
  })

  it('a standard page: text, columns with every item type, and a gallery, in order', () => {
    const stored = {
      sections: [
        item('text_section', { text: '<h2>Sommer</h2><p>Glace</p>' }),
        item('columns_section', {
          appearance: '3',
          direction: 'vertical',
          content: [
            item('text', { text: '<p>Links</p>' }, COLUMN_ITEM_TYPES),
            item('image', { image }, COLUMN_ITEM_TYPES),
            item(
              'internal_teaser',
              { title: 'Allergene', image: photo, reference: { type: 'site', id: 'site-9' } },
              COLUMN_ITEM_TYPES,
            ),
            item(
              'external_teaser',
              { title: 'Brotbrücke', link: 'https://example.ch/brot' },
              COLUMN_ITEM_TYPES,
            ),
          ],
        }),
        item('gallery_section', { images: [image, photo] }),
      ],
    }
    expect(valid(STANDARD_PAGE, stored)).toEqual({ success: true, data: stored })
    expect(parsePageBody(stored)).toEqual({
      kind: 'standard',
      sections: [
        { type: 'text_section', html: '<h2>Sommer</h2><p>Glace</p>' },
        {
          type: 'columns_section',
          columns: 3,
          direction: 'vertical',
          items: [
            { type: 'text', html: '<p>Links</p>' },
            { type: 'image', image },
            { type: 'internal_teaser', title: 'Allergene', image: photo, siteId: 'site-9' },
            { type: 'external_teaser', title: 'Brotbrücke', image: null, link: 'https://example.ch/brot' },
          ],
        },
        // A new gallery shows three columns, the storefront's count for it.
        { type: 'gallery_section', columns: 3, images: [image, photo] },
      ],
    })
  })

  it('the default columns of a new columns section are the storefront default (2, side by side)', () => {
    const stored = { sections: [item('columns_section', {})] }
    expect(parsePageBody(stored)).toEqual({
      kind: 'standard',
      sections: [{ type: 'columns_section', columns: 2, direction: 'horizontal', items: [] }],
    })
  })
})

describe('what the block editor stores reads back in the storefront', () => {
  it('a default block: its formatted text', () => {
    const stored = completeContent(DEFAULT_BLOCK, { body: '<p>Kontakt</p>' })
    expect(valid(DEFAULT_BLOCK, stored).success).toBe(true)
    expect(parseBlockBody('default', stored)).toEqual({ kind: 'default', html: '<p>Kontakt</p>' })
  })

  it('a legacy block: every item type of its data', () => {
    const types = (LEGACY_BLOCK.fields[0] as { itemTypes: typeof SECTION_TYPES }).itemTypes
    const stored = {
      data: [
        item('text', { value: 'Hallo' }, types),
        item('textarea', { value: 'Zeile 1\nZeile 2' }, types),
        item('markdown', { value: 'Absatz eins\n\nAbsatz zwei' }, types),
        item('image', { image }, types),
        item('gallery', { label: 'Sommer', images: [image] }, types),
        item('file', { label: 'Karte', file }, types),
        item('files', { files: [file] }, types),
      ],
    }
    expect(valid(LEGACY_BLOCK, stored).success).toBe(true)
    expect(parseBlockBody('legacy', stored)).toEqual({
      kind: 'legacy',
      items: [
        { type: 'text', text: 'Hallo' },
        { type: 'textarea', text: 'Zeile 1\nZeile 2' },
        { type: 'markdown', paragraphs: ['Absatz eins', 'Absatz zwei'] },
        { type: 'image', image },
        { type: 'gallery', label: 'Sommer', images: [image] },
        { type: 'files', files: [{ file, label: 'Karte' }] },
        { type: 'files', files: [{ file, label: 'up-1.pdf' }] },
      ],
    })
  })
})
