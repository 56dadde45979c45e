/**
 * Fits Unicode text into a printer's or font's 8-bit character set without ever failing on
 * what a customer typed: CP858 for ESC/POS printers, WinAnsi for the PDF's standard fonts.
 *
 * Works per grapheme (what a reader sees as one character), so an emoji made of several code
 * points (👍🏽, 👨‍👩‍👧, ❤️) becomes one '?' and not a row of them. Per grapheme:
 * 1. kept when the set has all its code points (after NFC: 'u' + '¨' becomes 'ü');
 * 2. typographic punctuation the set lacks gets its plain form (’ → ', „ → ", – → -, … → ...);
 * 3. otherwise the compatibility decomposition without accents (Š → S, ő → o, ™ → TM, ﬁ → fi);
 * 4. any other space becomes ' ', control and invisible format characters are dropped;
 * 5. what is left becomes '?'.
 * The result is one line: line breaks and tabs become spaces (split lines before).
 */

/** Plain forms for characters that have no decomposition to them. */
const FALLBACKS: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '‹': '<',
  '›': '>',
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '…': '...',
  '•': '*',
  '·': '.',
  '€': 'EUR',
  '£': 'GBP',
  Œ: 'OE',
  œ: 'oe',
  Æ: 'AE',
  æ: 'ae',
  ß: 'ss',
  ẞ: 'SS',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ø: 'O',
  ø: 'o',
  ı: 'i',
  Þ: 'Th',
  þ: 'th',
  Ð: 'D',
  ð: 'd',
  '×': 'x',
  '÷': ':',
  '°': 'o',
  '✓': 'v',
  '✔': 'v',
}

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' })

export type CharsetCheck = (codePoint: number) => boolean

function fits(text: string, supports: CharsetCheck): boolean {
  for (const char of text) if (!supports(char.codePointAt(0)!)) return false
  return true
}

const NO_BREAK_SPACES = new Set(['\u00a0', '\u202f', '\u2007'])

function fitGrapheme(grapheme: string, supports: CharsetCheck): string {
  if (/^\s+$/u.test(grapheme)) {
    // A no-break space (money: 'EUR 6.90', French '1 234,50') stays one where the set has it.
    return NO_BREAK_SPACES.has(grapheme) && supports(0xa0) ? '\u00a0' : ' '
  }
  const composed = grapheme.normalize('NFC')
  if (/^[\p{Cc}\p{Cf}]+$/u.test(composed)) return ''
  if (fits(composed, supports)) return composed
  const fallback = FALLBACKS[composed]
  if (fallback !== undefined && fits(fallback, supports)) return fallback
  const plain = composed
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .normalize('NFC')
  if (plain !== '' && fits(plain, supports)) return plain
  return '?'
}

/** One line of `text` in the characters `supports` accepts (see the module comment). */
export function fitCharset(text: string, supports: CharsetCheck): string {
  let out = ''
  for (const { segment } of segmenter.segment(text)) out += fitGrapheme(segment, supports)
  return out
}
