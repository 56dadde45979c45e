import {
  columnsOf,
  decodeCp858,
  encodeCp858,
  encodeEscPos,
  fitCharset,
  fitCp858,
  inCp858,
  layoutReceipt,
  RECEIPT_WIDTHS,
  receiptOf,
  renderText,
  wrap,
} from '@shop/read-models/print'
import { describe, expect, it } from 'vitest'
import { parseEscPos } from './escpos.test-support.ts'
import { cashOrder, context, deliveryOrder, LONG_WINE, oldOrder } from './receipt.test-support.ts'

const bytes = (text: string) => [...encodeCp858(text)]

describe('CP858', () => {
  it('encodes €, umlauts and ß to their code page bytes', () => {
    expect(bytes('€')).toEqual([0xd5])
    expect(bytes('äöüß')).toEqual([0x84, 0x94, 0x81, 0xe1])
    expect(bytes('ÄÖÜ')).toEqual([0x8e, 0x99, 0x9a])
    expect(bytes('éèàçâ')).toEqual([0x82, 0x8a, 0x85, 0x87, 0x83])
    expect(bytes('Zopf 500 g')).toEqual([...Buffer.from('Zopf 500 g', 'ascii')])
  })

  it('composes decomposed letters first (u + combining diaeresis is ü)', () => {
    expect(bytes('u\u0308')).toEqual([0x81])
  })

  it('has 128 distinct characters in its upper half and decodes what it encodes', () => {
    const upper = decodeCp858(Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i))
    expect([...upper]).toHaveLength(128)
    expect(new Set(upper).size).toBe(128)
    const text = 'Grüße aus Zürich: 5,50 € für Crème brûlée'
    expect(decodeCp858(encodeCp858(text))).toBe(text)
  })

  it('replaces what the code page lacks, one "?" per emoji, never a control byte', () => {
    expect(fitCp858('Bitte klingeln 🔔 👍🏽 👨‍👩‍👧 ❤️')).toBe('Bitte klingeln ? ? ? ?')
    expect(fitCp858('„Zopf“ – 2…3 Stück')).toBe('"Zopf" - 2...3 Stück')
    expect(fitCp858('Šimon Łukasz ő ™')).toBe('Simon Lukasz o TM')
    // An ESC/POS command smuggled into a comment loses its control bytes.
    const injected = encodeCp858('a\x1bd\x05\x1dV\x00b\u0085c\tz')
    expect([...injected].every((b) => b >= 0x20)).toBe(true)
    expect(decodeCp858(injected)).toBe('adVbc z')
  })

  it('keeps no-break spaces where the set has one', () => {
    expect(fitCp858('EUR\u00a06.90')).toBe('EUR\u00a06.90')
    expect(fitCharset('1\u202f234', (cp) => cp < 0x80)).toBe('1 234')
    expect(inCp858(0x1b)).toBe(false)
  })
})

describe('a cash order on the thermal printer', () => {
  it.each(RECEIPT_WIDTHS)('prints the rounding line and the rounded total at %i columns', (width) => {
    const lines = layoutReceipt(receiptOf(cashOrder(), context()), width)
    const text = lines.map((l) => l.text)
    const rounding = text.findIndex((l) => l.startsWith('Rundung (Barzahlung)'))
    expect(rounding).toBeGreaterThan(-1)
    expect(text[rounding]!.trimEnd().endsWith('CHF\u00a00.02')).toBe(true)
    const total = lines[rounding + 1]!
    expect(total.text.startsWith('Total')).toBe(true)
    expect(total.text.trimEnd().endsWith('CHF\u00a05.45')).toBe(true)
    expect(total.bold).toBe(true)
    for (const line of lines) expect(columnsOf(line)).toBeLessThanOrEqual(width)
  })
})

describe('layout at 32, 42 and 48 columns', () => {
  const receipts = [
    receiptOf(deliveryOrder(), context()),
    receiptOf(oldOrder(), context({ locale: 'fr-FR' })),
  ]

  it.each(RECEIPT_WIDTHS)('no line is wider than %i columns', (width) => {
    for (const receipt of receipts) {
      const lines = layoutReceipt(receipt, width)
      for (const line of lines) expect(columnsOf(line), JSON.stringify(line)).toBeLessThanOrEqual(width)
      for (const line of lines) expect(fitCp858(line.text)).toBe(line.text)
    }
  })

  it.each(RECEIPT_WIDTHS)('wraps the long product name at %i columns, keeping every word', (width) => {
    const lines = layoutReceipt(receipts[0]!, width).map((l) => l.text)
    const start = lines.findIndex((l) => l.includes('Château'))
    const block = lines.slice(start, start + 6).join(' ')
    for (const word of LONG_WINE.split(' ')) expect(block).toContain(word)
    expect(lines.filter((l) => l.includes('Château'))).toHaveLength(1)
    expect(lines[start + 1]!.trim().length).toBeGreaterThan(0)
    expect(block).toContain('CHF\u00a024.50')
  })

  it('wraps long parts under the name column with a hanging indent', () => {
    const lines = layoutReceipt(receipts[0]!, 32).map((l) => l.text)
    const i = lines.findIndex((l) => l.includes('- Aufschrift:'))
    expect(lines[i]).toBe('        - Aufschrift: Alles Gute')
    expect(lines[i + 1]).toBe('          zum 80. Geburtstag,')
  })

  it('puts amount, name and price in columns, the price right-aligned', () => {
    const lines = layoutReceipt(receipts[0]!, 42).map((l) => l.text)
    expect(lines).toContain(`1 Stk.  Wunschtorte${' '.repeat(14)}CHF\u00a050.50`)
    expect(lines).toContain(`0.25 kg Bergkäse${' '.repeat(15)}ab CHF\u00a08.00`)
    expect(lines).toContain(`Total${' '.repeat(24)}ca. CHF\u00a096.20`)
    for (const l of lines.filter((l) => /CHF\u00a0[\d.]+$/.test(l) && !l.startsWith('MwSt'))) {
      expect(l.length).toBe(42)
    }
  })

  it('wraps text at the width, cutting words longer than a line', () => {
    expect(wrap('ab cd ef', 5)).toEqual(['ab cd', 'ef'])
    expect(wrap('abcdefghij k', 4)).toEqual(['abcd', 'efgh', 'ij k'])
    expect(wrap('   ', 4)).toEqual([])
  })
})

describe('ESC/POS job', () => {
  const receipt = receiptOf(
    deliveryOrder({ comment: 'Trinkgeld 5 € für Jürgen – danke! 🙂' }),
    context({ locale: 'de-CH' }),
  )

  it('initialises, selects CP858, and ends with a cut', () => {
    const job = encodeEscPos(layoutReceipt(receipt, 42))
    expect([...job.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19])
    expect([...job.subarray(-4)]).toEqual([0x1d, 0x56, 66, 3])
  })

  it('prints the ticket number bold and double size, and resets both after it', () => {
    const { lines, commands } = parseEscPos(encodeEscPos(layoutReceipt(receipt, 42)))
    const ticket = lines.find((l) => l.text.includes('Ticket 12'))!
    expect(ticket).toMatchObject({ bold: true, double: true })
    expect(ticket.columns).toBeLessThanOrEqual(42)
    expect(lines[lines.indexOf(ticket) + 1]).toMatchObject({ bold: false, double: false })
    expect(commands).toContain('1d 21 11')
    expect(commands).toContain('1b 45 01')
  })

  it('encodes € and umlauts of customer text in CP858 and drops the emoji', () => {
    const job = encodeEscPos(layoutReceipt(receipt, 48))
    const text = Buffer.from(job)
    expect(text.includes(Buffer.from([0x35, 0x20, 0xd5]))).toBe(true) // '5 €'
    expect(text.includes(Buffer.from([0x4a, 0x81, 0x72, 0x67, 0x65, 0x6e]))).toBe(true) // 'Jürgen'
    expect(text.includes(Buffer.from([0x57, 0x65, 0x69, 0xe1]))).toBe(true) // 'Weiß'
    expect(text.includes(Buffer.from('danke! ?'))).toBe(true)
  })

  it.each(RECEIPT_WIDTHS)('every printed line fits %i columns, as the printer counts them', (width) => {
    for (const r of [receipt, receiptOf(oldOrder(), context())]) {
      const { lines } = parseEscPos(encodeEscPos(layoutReceipt(r, width)))
      expect(lines.length).toBeGreaterThan(20)
      for (const line of lines) expect(line.columns, line.text).toBeLessThanOrEqual(width)
    }
  })

  it('prints the same lines the text preview shows', () => {
    const layout = layoutReceipt(receipt, 32)
    const printed = parseEscPos(encodeEscPos(layout)).lines.map((l) => l.text)
    expect(printed).toEqual(layout.map((l) => l.text))
    const preview = renderText(layout, 32).split('\n')
    expect(preview.at(-1)).toBe('')
    expect(preview.slice(0, -1).map((l) => l.trim())).toEqual(printed.map((l) => l.trim()))
  })
})

describe('text preview', () => {
  it.each(RECEIPT_WIDTHS)('is the thermal layout at %i columns', (width) => {
    const text = renderText(layoutReceipt(receiptOf(deliveryOrder(), context()), width), width)
    const lines = text.split('\n')
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(width)
    expect(lines).toContain('-'.repeat(width))
    // The double-size ticket number is centred on the full width, as the printer puts it.
    const ticket = lines.find((l) => l.includes('Ticket 12'))!
    expect(Math.abs(ticket.indexOf('T') * 2 + 'Ticket 12'.length - width)).toBeLessThanOrEqual(1)
    expect(text).toContain('Jürgen Weiß ?')
    expect(text).toContain('Lieferadresse')
    expect(text).toContain('Spende an Schweizer Tafel')
  })
})
