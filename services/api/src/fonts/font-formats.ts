import { inflateSync } from 'node:zlib'

// What a font file is, by its first bytes (never by its name), and the one conversion the
// image templates need: librsvg/Pango in sharp's libvips reads TrueType and OpenType files but
// not WOFF or WOFF2 (they fall back to another font silently), so a WOFF is unpacked into the
// sfnt it wraps (zlib per table). WOFF2 (Brotli plus glyph transforms) is not converted: a text
// layer in a family that has only WOFF2 files renders in the fallback font (docs/backoffice.md).

export type FontFormat = 'woff2' | 'woff' | 'ttf' | 'otf'

export const FONT_MIME: Record<FontFormat, string> = {
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
}

/** The @font-face `format()` hint of each file type. */
export const CSS_FORMAT: Record<FontFormat, string> = {
  woff2: 'woff2',
  woff: 'woff',
  ttf: 'truetype',
  otf: 'opentype',
}

const tag = (b: Uint8Array, offset = 0) => String.fromCharCode(...b.subarray(offset, offset + 4))

/** The format of a font file by its signature, undefined when the bytes are no font. */
export function sniffFont(bytes: Uint8Array): FontFormat | undefined {
  if (bytes.length < 12) return undefined
  const signature = tag(bytes)
  if (signature === 'wOF2' || signature === 'wOFF') {
    // The header names the file's whole length and at least one table.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    if (view.getUint32(8) !== bytes.length || view.getUint16(12) === 0) return undefined
    return signature === 'wOF2' ? 'woff2' : 'woff'
  }
  if (signature === 'OTTO') return isSfnt(bytes) ? 'otf' : undefined
  if (signature === '\u0000\u0001\u0000\u0000' || signature === 'true')
    return isSfnt(bytes) ? 'ttf' : undefined
  return undefined
}

/** An sfnt header whose table count and table directory fit in the file. */
function isSfnt(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tables = view.getUint16(4)
  return tables > 0 && tables < 100 && 12 + tables * 16 <= bytes.length
}

/**
 * The TrueType/OpenType file inside a WOFF (1.0): each table inflated when it was compressed,
 * laid out again with 4-byte alignment. Throws on a malformed file.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (tag(woff) !== 'wOFF') throw new Error('not a WOFF file')
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const tables: { tag: Buffer; checksum: number; data: Buffer }[] = []
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20
    const offset = woff.readUInt32BE(entry + 4)
    const compressed = woff.readUInt32BE(entry + 8)
    const original = woff.readUInt32BE(entry + 12)
    if (offset + compressed > woff.length) throw new Error('WOFF table outside the file')
    const raw = woff.subarray(offset, offset + compressed)
    const data = compressed < original ? inflateSync(raw) : raw
    if (data.length !== original) throw new Error('WOFF table of the wrong length')
    tables.push({ tag: woff.subarray(entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data })
  }
  let selector = 0
  while (2 << selector <= count) selector++
  const searchRange = (1 << selector) * 16
  const head = Buffer.alloc(12 + 16 * count)
  head.writeUInt32BE(flavor, 0)
  head.writeUInt16BE(count, 4)
  head.writeUInt16BE(searchRange, 6)
  head.writeUInt16BE(selector, 8)
  head.writeUInt16BE(count * 16 - searchRange, 10)
  const parts: Buffer[] = [head]
  let offset = head.length
  tables.forEach((table, i) => {
    const record = 12 + 16 * i
    table.tag.copy(head, record)
    head.writeUInt32BE(table.checksum, record + 4)
    head.writeUInt32BE(offset, record + 8)
    head.writeUInt32BE(table.data.length, record + 12)
    const pad = (4 - (table.data.length % 4)) % 4
    parts.push(table.data, Buffer.alloc(pad))
    offset += table.data.length + pad
  })
  return Buffer.concat(parts)
}

/**
 * The family name an sfnt declares (name table: typographic family 16, else family 1; Windows
 * UTF-16 or Mac Roman), which Pango matches; undefined when there is none.
 */
export function sfntFamilyName(sfnt: Buffer): string | undefined {
  try {
    const count = sfnt.readUInt16BE(4)
    for (let i = 0; i < count; i++) {
      const record = 12 + i * 16
      if (sfnt.toString('latin1', record, record + 4) !== 'name') continue
      const table = sfnt.readUInt32BE(record + 8)
      const names = sfnt.readUInt16BE(table + 2)
      const strings = table + sfnt.readUInt16BE(table + 4)
      const found = new Map<number, string>()
      for (let n = 0; n < names; n++) {
        const at = table + 6 + n * 12
        const platform = sfnt.readUInt16BE(at)
        const nameId = sfnt.readUInt16BE(at + 6)
        if ((nameId !== 1 && nameId !== 16) || found.has(nameId)) continue
        const length = sfnt.readUInt16BE(at + 8)
        const start = strings + sfnt.readUInt16BE(at + 10)
        const raw = sfnt.subarray(start, start + length)
        if (platform === 3 || platform === 0)
          found.set(
            nameId,
            Buffer.from(raw.subarray(0, length & ~1))
              .swap16()
              .toString('utf16le'),
          )
        else if (platform === 1) found.set(nameId, raw.toString('latin1'))
      }
      return found.get(16) ?? found.get(1)
    }
  } catch {
    return undefined
  }
  return undefined
}
