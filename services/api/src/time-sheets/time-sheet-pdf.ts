import { fitCharset } from '@shop/read-models/print'
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { generatedText, rowCells, type SheetTexts, type TimeSheet, totalLines } from './time-sheet.ts'

// The time sheet as a PDF (issue 20 payroll export): A4 landscape (the table has 13 columns),
// Helvetica like the receipts (print/pdf.ts: every text fitted to the font's WinAnsi set first),
// a header with the employee, branches and period on every page, the table continued over as many
// pages as it needs (its head repeated), the totals after it, and a footer with the generation
// time and "page n of m".

const MM = 72 / 25.4
const WIDTH = 297 * MM
const HEIGHT = 210 * MM
const MARGIN = 12 * MM
const BLACK = rgb(0, 0, 0)
const GREY = rgb(0.45, 0.45, 0.45)
const SIZE = 7.5
const ROW = SIZE * 1.6
/** Column widths in points (their sum is the content width); the last takes the rest. */
const COLUMNS = [52, 40, 52, 40, 34, 50, 40, 44, 34, 88, 88, 40]
const CONTENT = WIDTH - 2 * MARGIN
const WIDTHS = [...COLUMNS, CONTENT - COLUMNS.reduce((a, b) => a + b, 0)]
/** Number columns right-aligned. */
const RIGHT = new Set([3, 4, 5, 6, 7, 8])

type Fonts = { regular: PDFFont; bold: PDFFont; fit: (text: string) => string }

/** The text cut (with '…' where the font has it) to fit `width`. */
function clip(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text
  let s = text
  while (s.length > 0 && font.widthOfTextAtSize(`${s}...`, size) > width) s = s.slice(0, -1)
  return `${s}...`
}

function drawRow(page: PDFPage, fonts: Fonts, cells: string[], top: number): void {
  const font = fonts.regular
  let x = MARGIN
  cells.forEach((raw, i) => {
    const w = WIDTHS[i]! - 4
    const text = clip(fonts.fit(raw), font, SIZE, w)
    const tw = font.widthOfTextAtSize(text, SIZE)
    page.drawText(text, {
      x: RIGHT.has(i) ? x + w - tw : x,
      y: top - SIZE,
      size: SIZE,
      font,
      color: BLACK,
    })
    x += WIDTHS[i]!
  })
}

/** The header cells wrapped by words to their column (at most three lines); its height. */
function wrapHeader(fonts: Fonts, columns: readonly string[]): { lines: string[][]; height: number } {
  const lines = columns.map((raw, i) => {
    const w = WIDTHS[i]! - 4
    const out: string[] = []
    for (const word of fonts.fit(raw).split(' ')) {
      const last = out.at(-1)
      if (last !== undefined && fonts.bold.widthOfTextAtSize(`${last} ${word}`, SIZE) <= w)
        out[out.length - 1] = `${last} ${word}`
      else out.push(word)
    }
    return out.slice(0, 3).map((l) => clip(l, fonts.bold, SIZE, w))
  })
  return { lines, height: Math.max(...lines.map((l) => l.length)) * SIZE * 1.2 + 2 }
}

function drawHeader(page: PDFPage, fonts: Fonts, head: { lines: string[][] }, top: number): void {
  let x = MARGIN
  head.lines.forEach((cell, i) => {
    const w = WIDTHS[i]! - 4
    cell.forEach((text, n) => {
      const tw = fonts.bold.widthOfTextAtSize(text, SIZE)
      page.drawText(text, {
        x: RIGHT.has(i) ? x + w - tw : x,
        y: top - SIZE - n * SIZE * 1.2,
        size: SIZE,
        font: fonts.bold,
        color: BLACK,
      })
    })
    x += WIDTHS[i]!
  })
}

function line(page: PDFPage, y: number): void {
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: WIDTH - MARGIN, y },
    thickness: 0.5,
    color: GREY,
  })
}

/** The sheet as PDF bytes: A4 landscape pages, header and footer with page numbers. */
/** A date (or a text starting with one) as people read it on paper, spec §9: 2027-03-01 → 01.03.2027. */
const swissDate = (text: string) => text.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3.$2.$1')

export async function timeSheetPdf(sheet: TimeSheet, t: SheetTexts): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const charset = new Set(regular.getCharacterSet())
  const fonts: Fonts = { regular, bold, fit: (text) => fitCharset(text, (cp) => charset.has(cp)) }
  const created = new Date(sheet.generatedAt)
  doc.setTitle(fonts.fit(`${t.title} ${sheet.name} ${sheet.month}`))
  doc.setCreator('shop')
  doc.setProducer('shop time sheets')
  doc.setCreationDate(created)
  doc.setModificationDate(created)

  const generated = `${t.generatedAt}: ${swissDate(generatedText(sheet))}`
  const headerLines = [
    `${t.name}: ${sheet.name}`,
    `${t.branches}: ${sheet.branches.join(', ') || '–'}`,
    `${t.period}: ${swissDate(sheet.from)} – ${swissDate(sheet.to)}`,
  ]
  const head = wrapHeader(fonts, t.columns)
  const pages: PDFPage[] = []
  let top = 0
  const newPage = () => {
    const page = doc.addPage([WIDTH, HEIGHT])
    pages.push(page)
    let y = HEIGHT - MARGIN
    page.drawText(fonts.fit(`${t.title} ${sheet.month}`), { x: MARGIN, y: y - 14, size: 14, font: bold })
    y -= 20
    for (const text of headerLines) {
      page.drawText(fonts.fit(text), { x: MARGIN, y: y - 9, size: 9, font: regular })
      y -= 12
    }
    y -= 6
    drawHeader(page, fonts, head, y)
    y -= head.height
    line(page, y + 2)
    top = y - 2
    return page
  }
  let page = newPage()
  const bottom = MARGIN + 16
  for (const r of sheet.rows) {
    if (top - ROW < bottom) page = newPage()
    const [date = '', ...rest] = rowCells(r, t)
    drawRow(page, fonts, [swissDate(date), ...rest], top)
    top -= ROW
  }
  const totals = totalLines(sheet, t)
  if (top - (totals.length + 1) * ROW < bottom) page = newPage()
  line(page, top - 2)
  top -= ROW / 2
  for (const [label, clockText, hours] of totals) {
    const text = clockText === '' ? `${label}: ${hours}` : `${label}: ${clockText} (${hours} h)`
    page.drawText(fonts.fit(text), { x: MARGIN, y: top - SIZE - 2, size: SIZE + 1.5, font: bold })
    top -= ROW + 2
  }
  pages.forEach((p, i) => {
    p.drawText(fonts.fit(generated), { x: MARGIN, y: MARGIN - 2, size: 7, font: regular, color: GREY })
    const label = fonts.fit(t.page(i + 1, pages.length))
    p.drawText(label, {
      x: WIDTH - MARGIN - regular.widthOfTextAtSize(label, 7),
      y: MARGIN - 2,
      size: 7,
      font: regular,
      color: GREY,
    })
  })
  return doc.save({ useObjectStreams: false })
}
