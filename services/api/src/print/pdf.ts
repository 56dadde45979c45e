import type { Receipt, ReceiptBlock, ReceiptRow } from '@shop/read-models/print'
import { fitCharset } from '@shop/read-models/print'
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'

// The receipt as a PDF on 80 mm roll paper: the frontdesk's receipt printers take it through
// their driver like the thermal layout, and an office printer prints it as a narrow slip
// (centred on A4 by "fit to page", or at 100 % on the left). One page as long as the receipt,
// so an item never breaks across pages; only a receipt longer than the PDF's page limit
// (200 in) continues on a second page.

const MM = 72 / 25.4
export const PDF_PAGE_WIDTH = 80 * MM
const MARGIN = 4 * MM
const CONTENT_WIDTH = PDF_PAGE_WIDTH - 2 * MARGIN
/** PDF viewers refuse pages longer than 14,400 pt (ISO 32000 implementation limit). */
const MAX_PAGE_HEIGHT = 14_400
const GAP = 2 * MM
const BLACK = rgb(0, 0, 0)

type Fonts = { regular: PDFFont; bold: PDFFont; fit: (text: string) => string }

/** A horizontal band of the receipt: its height, and how to draw it below `top`. */
type Band = { height: number; draw: (page: PDFPage, top: number) => void }

const lineHeight = (size: number) => size * 1.25

/** Word wrap by the font's widths; words wider than a line are cut between characters. */
function wrapWidth(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width
  const lines: string[] = []
  let current = ''
  for (const word of text.split(' ').filter((w) => w !== '')) {
    const candidate = current === '' ? word : `${current} ${word}`
    if (fits(candidate)) {
      current = candidate
      continue
    }
    if (current !== '') lines.push(current)
    let rest = word
    while (!fits(rest)) {
      let cut = rest.length - 1
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    current = rest
  }
  if (current !== '') lines.push(current)
  return lines
}

type TextStyle = { size: number; bold?: boolean; align?: 'left' | 'center' | 'right'; indent?: number }

function textBands(fonts: Fonts, text: string, style: TextStyle): Band[] {
  const font = style.bold ? fonts.bold : fonts.regular
  const indent = style.indent ?? 0
  const height = lineHeight(style.size)
  return wrapWidth(fonts.fit(text), font, style.size, CONTENT_WIDTH - indent).map((line) => ({
    height,
    draw: (page, top) => {
      const width = font.widthOfTextAtSize(line, style.size)
      const x =
        style.align === 'center'
          ? MARGIN + (CONTENT_WIDTH - width) / 2
          : style.align === 'right'
            ? MARGIN + CONTENT_WIDTH - width
            : MARGIN + indent
      page.drawText(line, { x, y: top - style.size, size: style.size, font, color: BLACK })
    },
  }))
}

const space = (height: number): Band => ({ height, draw: () => {} })

const rule: Band = {
  height: 3 * MM,
  draw: (page, top) =>
    page.drawLine({
      start: { x: MARGIN, y: top - 1.5 * MM },
      end: { x: MARGIN + CONTENT_WIDTH, y: top - 1.5 * MM },
      thickness: 0.5,
      color: BLACK,
    }),
}

/** A label left and its value right; the label wraps beside the value. */
function rowBands(fonts: Fonts, r: ReceiptRow, size: number): Band[] {
  const font = r.strong ? fonts.bold : fonts.regular
  const value = fonts.fit(r.value)
  const valueWidth = font.widthOfTextAtSize(value, size)
  const labelWidth = CONTENT_WIDTH - valueWidth - GAP
  if (labelWidth < CONTENT_WIDTH / 3) {
    return [
      ...textBands(fonts, r.label, { size, bold: r.strong ?? false }),
      ...textBands(fonts, r.value, { size, bold: r.strong ?? false, align: 'right' }),
    ]
  }
  const labels = wrapWidth(fonts.fit(r.label), font, size, labelWidth)
  return (labels.length > 0 ? labels : ['']).map((label, i) => ({
    height: lineHeight(size),
    draw: (page, top) => {
      page.drawText(label, { x: MARGIN, y: top - size, size, font, color: BLACK })
      if (i === 0)
        page.drawText(value, {
          x: MARGIN + CONTENT_WIDTH - valueWidth,
          y: top - size,
          size,
          font,
          color: BLACK,
        })
    },
  }))
}

function blockBands(fonts: Fonts, b: ReceiptBlock, size: number): Band[] {
  const bands: Band[] = []
  if (b.heading !== null) bands.push(...textBands(fonts, b.heading, { size, bold: true }))
  for (const line of b.lines) {
    const lines = textBands(fonts, line, { size })
    bands.push(...(lines.length > 0 ? lines : [space(lineHeight(size))]))
  }
  return bands
}

/** A configured part under its item: '- Grösse: 24 cm', continuation lines under the text. */
function detailBands(fonts: Fonts, detail: string, indent: number): Band[] {
  const size = 7
  const dash = '- '
  const dashWidth = fonts.regular.widthOfTextAtSize(dash, size)
  const lines = wrapWidth(detail, fonts.regular, size, CONTENT_WIDTH - indent - dashWidth)
  return lines.map((line, i) => ({
    height: lineHeight(size),
    draw: (page, top) => {
      const y = top - size
      if (i === 0) page.drawText(dash, { x: MARGIN + indent, y, size, font: fonts.regular, color: BLACK })
      page.drawText(line, { x: MARGIN + indent + dashWidth, y, size, font: fonts.regular, color: BLACK })
    },
  }))
}

function itemBands(fonts: Fonts, receipt: Receipt): Band[] {
  const size = 8
  const { regular, bold, fit } = fonts
  const measure = (s: string, font = regular) => font.widthOfTextAtSize(s, size)
  const items = receipt.items.map((item) => ({
    amount: fit(item.amount),
    name: fit(item.name),
    price: fit(item.price),
    details: item.details.map(fit),
  }))
  const heads = {
    amount: fit(receipt.columns.amount),
    name: fit(receipt.columns.name),
    price: fit(receipt.columns.price),
  }
  const amountWidth = Math.min(
    Math.max(measure(heads.amount, bold), ...items.map((i) => measure(i.amount))),
    CONTENT_WIDTH / 4,
  )
  const priceWidth = Math.min(
    Math.max(measure(heads.price, bold), ...items.map((i) => measure(i.price))),
    CONTENT_WIDTH * 0.4,
  )
  const nameX = MARGIN + amountWidth + GAP
  const nameWidth = CONTENT_WIDTH - amountWidth - priceWidth - 2 * GAP
  const right = MARGIN + CONTENT_WIDTH
  const height = lineHeight(size)
  const cell = (page: PDFPage, top: number, text: string, x: number, font = regular) =>
    page.drawText(text, { x, y: top - size, size, font, color: BLACK })

  const bands: Band[] = [
    {
      height,
      draw: (page, top) => {
        cell(page, top, heads.amount, MARGIN, bold)
        cell(page, top, heads.name, nameX, bold)
        cell(page, top, heads.price, right - measure(heads.price, bold), bold)
      },
    },
  ]
  for (const item of items) {
    const amounts = wrapWidth(item.amount, regular, size, amountWidth)
    const names = wrapWidth(item.name, regular, size, nameWidth)
    const priceFits = measure(item.price) <= priceWidth
    const count = Math.max(amounts.length, names.length, 1)
    for (let i = 0; i < count; i++) {
      bands.push({
        height,
        draw: (page, top) => {
          if (amounts[i]) cell(page, top, amounts[i]!, MARGIN)
          if (names[i]) cell(page, top, names[i]!, nameX)
          if (i === 0 && priceFits) cell(page, top, item.price, right - measure(item.price))
        },
      })
    }
    if (!priceFits) bands.push(...textBands(fonts, item.price, { size, align: 'right' }))
    for (const detail of item.details) bands.push(...detailBands(fonts, detail, amountWidth + GAP))
  }
  return bands
}

function receiptBands(fonts: Fonts, receipt: Receipt): Band[] {
  const bands: Band[] = []
  receipt.header.forEach((text, i) => {
    bands.push(...textBands(fonts, text, { size: i === 0 ? 11 : 8, bold: i === 0, align: 'center' }))
  })
  bands.push(space(2 * MM))
  bands.push(...textBands(fonts, receipt.title, { size: 20, bold: true, align: 'center' }))
  for (const badge of receipt.badges)
    bands.push(...textBands(fonts, badge, { size: 10, bold: true, align: 'center' }))
  bands.push(rule)
  for (const f of receipt.facts) {
    bands.push(...textBands(fonts, `${f.label}: ${f.value}`, { size: 8, bold: f.strong ?? false }))
  }
  if (receipt.blocks.length > 0) {
    bands.push(rule)
    receipt.blocks.forEach((b, i) => {
      if (i > 0) bands.push(space(1.5 * MM))
      bands.push(...blockBands(fonts, b, 8))
    })
  }
  bands.push(rule, ...itemBands(fonts, receipt), rule)
  for (const r of receipt.totals) bands.push(...rowBands(fonts, r, r.strong ? 10 : 8))
  if (receipt.taxes.rows.length > 0) {
    bands.push(space(1.5 * MM))
    if (receipt.taxes.heading !== null)
      bands.push(...textBands(fonts, receipt.taxes.heading, { size: 7, bold: true }))
    for (const r of receipt.taxes.rows) bands.push(...rowBands(fonts, r, 7))
  }
  if (receipt.notes.length > 0) {
    bands.push(rule)
    receipt.notes.forEach((note, i) => {
      if (i > 0) bands.push(space(1.5 * MM))
      bands.push(...blockBands(fonts, note, 8))
    })
  }
  bands.push(rule)
  for (const text of receipt.footer) bands.push(...textBands(fonts, text, { size: 7, align: 'center' }))
  return bands
}

export type PdfOptions = { title?: string; createdAt?: Date }

/**
 * The receipt as PDF bytes. Helvetica is a standard font (nothing embedded, tiny files) but
 * can only show WinAnsi characters: every text is fitted to them first (charset.ts), so a
 * customer's emoji prints as '?' instead of failing the print.
 */
export async function receiptPdf(receipt: Receipt, options: PdfOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const charset = new Set(regular.getCharacterSet())
  const fonts: Fonts = { regular, bold, fit: (text) => fitCharset(text, (cp) => charset.has(cp)) }
  if (options.title) doc.setTitle(options.title)
  doc.setProducer('shop receipt printer')
  doc.setCreator('shop')
  if (options.createdAt) {
    doc.setCreationDate(options.createdAt)
    doc.setModificationDate(options.createdAt)
  }

  const pages: Band[][] = [[]]
  let used = 0
  for (const band of receiptBands(fonts, receipt)) {
    if (used + band.height > MAX_PAGE_HEIGHT - 2 * MARGIN && pages.at(-1)!.length > 0) {
      pages.push([])
      used = 0
    }
    pages.at(-1)!.push(band)
    used += band.height
  }
  for (const bands of pages) {
    const height = bands.reduce((sum, band) => sum + band.height, 0) + 2 * MARGIN
    const page = doc.addPage([PDF_PAGE_WIDTH, height])
    let top = height - MARGIN
    for (const band of bands) {
      band.draw(page, top)
      top -= band.height
    }
  }
  // Classic cross-reference table instead of object streams: older printer drivers and
  // viewers on frontdesk tablets read it.
  return doc.save({ useObjectStreams: false })
}
