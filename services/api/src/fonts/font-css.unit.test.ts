import { fontFamilyKey, fontVariantOf, parseFontVariant } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import { cssString, fontFaceCss } from './font-css.ts'
import { sniffFont } from './font-formats.ts'

describe('fontFaceCss', () => {
  it('writes one @font-face per subset with swap and its unicode range', () => {
    const css = fontFaceCss('Open Sans', [
      {
        weight: 700,
        style: 'italic',
        url: '/api/fonts/files/bundled/open-sans/5.3.0/open-sans-latin-700-italic.woff2',
        format: 'woff2',
        unicodeRange: 'U+0000-00FF,U+0131',
        subset: 'latin',
      },
      { weight: 700, style: 'italic', url: '/api/fonts/files/upload/x.ttf', format: 'truetype' },
    ])
    expect(css).toBe(
      [
        '/* latin */',
        '@font-face {',
        '  font-family: "Open Sans";',
        '  font-style: italic;',
        '  font-weight: 700;',
        '  font-display: swap;',
        '  src: url("/api/fonts/files/bundled/open-sans/5.3.0/open-sans-latin-700-italic.woff2") format("woff2");',
        '  unicode-range: U+0000-00FF,U+0131;',
        '}',
        '',
        '@font-face {',
        '  font-family: "Open Sans";',
        '  font-style: italic;',
        '  font-weight: 700;',
        '  font-display: swap;',
        '  src: url("/api/fonts/files/upload/x.ttf") format("truetype");',
        '}',
        '',
      ].join('\n'),
    )
  })

  it('keeps a family name and a range from breaking out of the rule', () => {
    const css = fontFaceCss('Evil"; } body { color: red; /*\n', [
      { weight: 400, style: 'normal', url: '/a.woff2', format: 'woff2', unicodeRange: 'U+0000; } x {' },
    ])
    expect(css).toContain('font-family: "Evil\\"; } body { color: red; /*";')
    expect(css).not.toContain('unicode-range')
    expect(cssString('a\\b')).toBe('"a\\\\b"')
  })

  it('refuses a URL of another origin or with dots', () => {
    for (const url of [
      'https://fonts.gstatic.com/a.woff2',
      '//evil.example/a.woff2',
      '/api/../x.woff2',
      '/a b.woff2',
    ]) {
      expect(() => fontFaceCss('X', [{ weight: 400, style: 'normal', url, format: 'woff2' }]), url).toThrow()
    }
  })

  it('answers nothing for no faces', () => {
    expect(fontFaceCss('X', [])).toBe('')
  })
})

describe('font variants', () => {
  it('reads the Google variant names both ways', () => {
    expect(parseFontVariant('regular')).toEqual({ weight: 400, style: 'normal' })
    expect(parseFontVariant('italic')).toEqual({ weight: 400, style: 'italic' })
    expect(parseFontVariant('700italic')).toEqual({ weight: 700, style: 'italic' })
    expect(parseFontVariant('100')).toEqual({ weight: 100, style: 'normal' })
    for (const bad of ['400', '450', 'bold', '1000', '700 italic', '../x']) {
      if (bad === '400') continue
      expect(parseFontVariant(bad), bad).toBeUndefined()
    }
    expect(fontVariantOf(400, 'normal')).toBe('regular')
    expect(fontVariantOf(400, 'italic')).toBe('italic')
    expect(fontVariantOf(900, 'italic')).toBe('900italic')
  })

  it('compares families as Google URLs write them', () => {
    expect(fontFamilyKey('Open Sans')).toBe('open-sans')
    expect(fontFamilyKey('Open+Sans')).toBe('open-sans')
    expect(fontFamilyKey(' open-sans ')).toBe('open-sans')
  })
})

describe('sniffFont', () => {
  const woff = (sig: string, length: number, tables: number) => {
    const b = Buffer.alloc(length)
    b.write(sig, 0, 'latin1')
    b.writeUInt32BE(length, 8)
    b.writeUInt16BE(tables, 12)
    return b
  }
  const sfnt = (sig: number[], tables: number, length: number) => {
    const b = Buffer.alloc(length)
    Buffer.from(sig).copy(b)
    b.writeUInt16BE(tables, 4)
    return b
  }

  it('tells the font formats by their first bytes', () => {
    expect(sniffFont(woff('wOF2', 64, 3))).toBe('woff2')
    expect(sniffFont(woff('wOFF', 64, 3))).toBe('woff')
    expect(sniffFont(sfnt([0, 1, 0, 0], 2, 64))).toBe('ttf')
    expect(sniffFont(sfnt([0x4f, 0x54, 0x54, 0x4f], 2, 64))).toBe('otf')
  })

  it('refuses what only starts like a font', () => {
    expect(sniffFont(woff('wOF2', 64, 3).subarray(0, 40))).toBeUndefined()
    expect(sniffFont(woff('wOFF', 64, 0))).toBeUndefined()
    expect(sniffFont(sfnt([0, 1, 0, 0], 50, 64))).toBeUndefined()
    expect(sniffFont(Buffer.from('%PDF-1.4 not a font at all'))).toBeUndefined()
    expect(
      sniffFont(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
    ).toBeUndefined()
  })
})
