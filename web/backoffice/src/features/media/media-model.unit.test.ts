import { describe, expect, it } from 'vitest'
import {
  formatBytes,
  type ImageItem,
  imageUrl,
  itemName,
  linkOfUse,
  matchesSearch,
  newestFirst,
  type UploadItem,
  uploadPreviewUrl,
  uploadUrl,
  usageCounts,
} from './media-model.ts'

const image: ImageItem = {
  id: 'i1',
  version: 2,
  extension: 'png',
  alt: 'Frisches Bauernbrot',
  mimeType: 'image/png',
  size: 2048,
  width: 800,
  height: 600,
}
const upload: UploadItem = {
  id: 'u1',
  version: 1,
  extension: 'pdf',
  name: 'Preisliste 2026.pdf',
  mimeType: 'application/pdf',
  size: 5_500_000,
  width: null,
  height: null,
  publicHash: 'h4sh',
}

describe('the addresses of a file', () => {
  it('are the sized image URLs of docs/api.md "Files", the upload by its hash, a preview for images only', () => {
    expect(imageUrl(image, 'thumbnail')).toBe('/image/thumbnail/i1-2.png')
    expect(imageUrl(image)).toBe('/image/i1-2.png')
    expect(uploadUrl(upload)).toBe('/upload/h4sh/u1-1.pdf')
    expect(uploadPreviewUrl(upload)).toBeUndefined()
    expect(uploadPreviewUrl({ ...upload, mimeType: 'image/jpeg', extension: 'jpg' })).toBe(
      '/upload/h4sh/preview/u1-1.jpg',
    )
  })
})

describe('the search', () => {
  it('finds every word in the name, id, type or extension, in any case', () => {
    expect(matchesSearch(image, 'bauernbrot FRISCH')).toBe(true)
    expect(matchesSearch(image, 'brot zopf')).toBe(false)
    expect(matchesSearch(upload, 'preisliste pdf')).toBe(true)
    expect(matchesSearch(upload, 'u1')).toBe(true)
    expect(matchesSearch(upload, '  ')).toBe(true)
    expect(itemName({ ...image, alt: ' ' })).toBeNull()
    expect(newestFirst([1, 2, 3])).toEqual([3, 2, 1])
  })
})

describe('the uses of a file', () => {
  it('are counted by kind in a fixed order, the rest as "other"', () => {
    expect(
      usageCounts([
        { type: 'category', id: 'c1', name: 'Brot' },
        { type: 'product', id: 'p1', name: 'Zopf' },
        { type: 'scene', id: 's1', name: 'Schaufenster' },
        { type: 'product', id: 'p2', name: 'Semmel' },
        { type: 'product', id: 'p3', name: 'Gipfeli' },
      ]),
    ).toEqual([
      { type: 'product', count: 3 },
      { type: 'category', count: 1 },
      { type: 'other', count: 1 },
    ])
    expect(usageCounts([])).toEqual([])
  })

  it('link to where each is edited: an order, an editor, the settings; none without a screen', () => {
    expect(linkOfUse({ type: 'order', id: 'o1', name: '#12' })).toBe('/orders/o1')
    expect(linkOfUse({ type: 'product', id: 'p1', name: 'Zopf' })).toBe('/products/p1')
    expect(linkOfUse({ type: 'branch', id: 'b1', name: 'Altstadt' })).toBe('/branches/b1')
    expect(linkOfUse({ type: 'block', id: 'k1', name: 'Über uns' })).toBe('/blocks/k1')
    expect(linkOfUse({ type: 'unknown', id: 'x', name: 'x' })).toBeUndefined()
  })
})

describe('sizes', () => {
  it('in bytes, KB and MB', () => {
    expect(formatBytes(900, 'de-CH')).toBe('900 B')
    expect(formatBytes(2048, 'de-CH')).toBe('2 KB')
    expect(formatBytes(5_500_000, 'de-CH')).toBe('5.2 MB')
  })
})
