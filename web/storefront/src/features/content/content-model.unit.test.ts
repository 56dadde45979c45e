import { describe, expect, it } from 'vitest'
import {
  columnCount,
  fileUrl,
  legalText,
  parseBlockBody,
  parsePageBody,
  textParagraphs,
} from './content-model.ts'

const image = { id: 'img1', version: 2, extension: 'jpg', width: 1200, alt: 'Brot' }

describe('parsePageBody', () => {
  it('reads a standard page with its sections', () => {
    const body = parsePageBody({
      sections: [
        { type: 'text_section', text: '<p>Hallo</p>' },
        {
          type: 'columns_section',
          appearance: '3',
          direction: 'vertical',
          content: [
            { type: 'text', text: '<p>a</p>' },
            { type: 'image', image },
            {
              type: 'internal_teaser',
              title: 'Allergene',
              image: null,
              reference: { type: 'site', id: 's1' },
            },
            { type: 'external_teaser', title: 'Brotbrücke', image, link: 'https://example.com' },
            { type: 'image', image: null },
            { type: 'video' },
          ],
        },
        { type: 'gallery_section', images: [image, { id: 1 }] },
        { type: 'mystery_section' },
      ],
    })
    expect(body).toEqual({
      kind: 'standard',
      sections: [
        { type: 'text_section', html: '<p>Hallo</p>' },
        {
          type: 'columns_section',
          columns: 3,
          direction: 'vertical',
          items: [
            { type: 'text', html: '<p>a</p>' },
            { type: 'image', image },
            { type: 'internal_teaser', title: 'Allergene', image: null, siteId: 's1' },
            { type: 'external_teaser', title: 'Brotbrücke', image, link: 'https://example.com' },
          ],
        },
        { type: 'gallery_section', columns: 2, images: [image] },
      ],
    })
  })

  it('reads a simple page and tolerates empty content', () => {
    expect(parsePageBody({ body: '<p>x</p>' })).toEqual({ kind: 'simple', html: '<p>x</p>' })
    expect(parsePageBody(null)).toEqual({ kind: 'simple', html: '' })
  })

  it('defaults the column count to 2', () => {
    expect(columnCount(undefined)).toBe(2)
    expect(columnCount('5')).toBe(2)
    expect(columnCount('1')).toBe(1)
    expect(columnCount(4)).toBe(4)
  })
})

describe('parseBlockBody', () => {
  it('reads a default block body', () => {
    expect(parseBlockBody('default', { body: '<p>Hallo</p>' })).toEqual({
      kind: 'default',
      html: '<p>Hallo</p>',
    })
  })

  it('reads the legacy data collection', () => {
    const file = { id: 'f1', version: 1, extension: 'pdf', publicHash: 'abc' }
    const body = parseBlockBody('legacy', {
      data: [
        { type: 'text', value: 'Titel' },
        { type: 'textarea', value: 'Zeile 1\nZeile 2' },
        { type: 'markdown', value: '# Kopf\n\nAbsatz **eins**' },
        { type: 'image', image },
        { type: 'gallery', label: 'Bilder', images: [image] },
        { type: 'file', label: 'Preisliste', file },
        { type: 'files', files: [{ label: 'A', file }, file] },
        { type: 'unknown' },
      ],
    })
    expect(body).toEqual({
      kind: 'legacy',
      items: [
        { type: 'text', text: 'Titel' },
        { type: 'textarea', text: 'Zeile 1\nZeile 2' },
        { type: 'markdown', paragraphs: ['# Kopf', 'Absatz **eins**'] },
        { type: 'image', image },
        { type: 'gallery', label: 'Bilder', images: [image] },
        { type: 'files', files: [{ file, label: 'Preisliste' }] },
        {
          type: 'files',
          files: [
            { file, label: 'A' },
            { file, label: 'f1.pdf' },
          ],
        },
      ],
    })
    expect(fileUrl(file)).toBe('/upload/abc/f1-1.pdf')
  })

  it('flags an unknown block type', () => {
    expect(parseBlockBody('carousel', {})).toEqual({ kind: 'unknown' })
  })
})

describe('legal texts', () => {
  it('splits paragraphs on blank lines', () => {
    expect(textParagraphs('a\nb\n\n \n c \r\n\r\nd')).toEqual([['a', 'b'], ['c'], ['d']])
  })

  it('takes the first line as the title and short lead lines as headings', () => {
    const long = 'Diese Geschäftsbedingungen gelten für alle Bestellungen im Online-Shop der Huber AG.'
    expect(legalText(`Impressum\n\nHuber AG\nZürich\n\n1. Geltungsbereich\n${long}`)).toEqual({
      title: 'Impressum',
      parts: [
        { kind: 'paragraph', lines: ['Huber AG', 'Zürich'] },
        { kind: 'heading', text: '1. Geltungsbereich' },
        { kind: 'paragraph', lines: [long] },
      ],
    })
  })

  it('keeps a text without a title line whole', () => {
    expect(legalText('Nur ein Satz.')).toEqual({
      title: null,
      parts: [{ kind: 'paragraph', lines: ['Nur ein Satz.'] }],
    })
  })
})
