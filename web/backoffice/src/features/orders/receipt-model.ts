/**
 * The receipt print view: the exact ESC/POS lines of POST /api/orders/{id}/print
 * ({ format: 'lines' }), shown as the thermal printer would print them. Widths are characters
 * per line: 32 for 58 mm paper, 42 (default) for 80 mm with font B, 48 for 80 mm with font A.
 */

export const RECEIPT_WIDTHS = [32, 42, 48] as const
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number]
export const DEFAULT_RECEIPT_WIDTH: ReceiptWidth = 42

/** One printed line; `double` is double width and height (two columns per character). */
export type PrintLine = { text: string; bold?: boolean; double?: boolean }
export type ReceiptLines = { width: number; lines: PrintLine[] }

export function parseWidth(value: string | null | undefined): ReceiptWidth {
  const n = Number(value)
  return (RECEIPT_WIDTHS as readonly number[]).includes(n) ? (n as ReceiptWidth) : DEFAULT_RECEIPT_WIDTH
}

/** Paper width in mm for the CSS page: 58 mm rolls for 32 characters, 80 mm otherwise. */
export function paperWidthMm(width: ReceiptWidth): 58 | 80 {
  return width === 32 ? 58 : 80
}

/** Margin of the printed page (mm): 4 on 80 mm paper, 3 on 58 mm. */
export function pageMarginMm(width: ReceiptWidth): number {
  return paperWidthMm(width) === 58 ? 3 : 4
}

/** The printed font size in mm: the printable width holds one line (a monospace character is about 0.6em). */
export function printFontMm(width: ReceiptWidth): number {
  return (paperWidthMm(width) - 2 * pageMarginMm(width)) / (width * 0.6)
}

/**
 * The page length in mm for the receipt, so the roll prints it as one page ("80mm auto" is not
 * a valid page size: a page needs a length). Lines are 1.2 font sizes high, double ones twice
 * that; a few mm spare keep the last line from spilling onto a second page.
 */
export function pageLengthMm(lines: readonly PrintLine[], width: ReceiptWidth): number {
  const line = printFontMm(width) * 1.2
  const body = lines.reduce((sum, l) => sum + (l.double ? 2 * line : line), 0)
  return Math.ceil(body + 2 * pageMarginMm(width) + 6)
}

/** The @page rule of the receipt: the roll's width and the receipt's length. */
export function pageRule(lines: readonly PrintLine[], width: ReceiptWidth): string {
  return `@page { size: ${paperWidthMm(width)}mm ${pageLengthMm(lines, width)}mm; margin: ${pageMarginMm(width)}mm; }`
}

/**
 * The file name of a download from its Content-Disposition header (`inline; filename="x.pdf"`,
 * or RFC 5987 `filename*=UTF-8''x.pdf`), else the fallback.
 */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)
  if (star?.[1]) {
    try {
      return sanitize(decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')), fallback)
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition)
  const name = plain?.[2] ?? plain?.[1]
  return name ? sanitize(name.trim(), fallback) : fallback
}

function sanitize(name: string, fallback: string): string {
  // A path in a header is not a place to save to.
  const base = name.split(/[/\\]/).pop() ?? ''
  return base.trim() === '' ? fallback : base
}

/**
 * The text a line shows in the view, as the text preview of the server has it: a double-size
 * line is printed centered in half as many columns, so it reads the same trimmed.
 */
export function lineText(line: PrintLine): string {
  return line.double ? line.text.trim() : line.text
}

/** A defensive read of the lines answer: anything that is not a line is left out. */
export function toReceiptLines(data: unknown): ReceiptLines {
  const d = (data ?? {}) as { width?: unknown; lines?: unknown }
  const lines = Array.isArray(d.lines)
    ? d.lines
        .filter(
          (l): l is PrintLine =>
            typeof l === 'object' && l !== null && typeof (l as PrintLine).text === 'string',
        )
        .map((l) => ({ text: l.text, bold: l.bold === true, double: l.double === true }))
    : []
  return { width: typeof d.width === 'number' ? d.width : DEFAULT_RECEIPT_WIDTH, lines }
}
