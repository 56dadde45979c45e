import { fitCp858 } from './cp858.ts'
import type { Receipt, ReceiptBlock, ReceiptRow } from './receipt.ts'

// The receipt in fixed-width lines for thermal printers: one layout, two renderings (ESC/POS
// bytes in escpos.ts, plain text for previews here), so the preview shows exactly what the
// printer prints. Every text goes through fitCp858 first: after that one character is one
// column, and a line's length is its width on paper.

/** Characters per line: 58 mm paper (32), 80 mm with font B or narrow models (42), 80 mm (48). */
export const RECEIPT_WIDTHS = [32, 42, 48] as const
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number]
/** 42 fits every 80 mm printer; 48 would wrap on the narrower ones. */
export const DEFAULT_RECEIPT_WIDTH: ReceiptWidth = 42

/** The characters per line of a printer's paper (the device's `paperWidth`): 58 mm 32, 80 mm 42. */
export function layoutWidthOf(paperWidth: 80 | 58): ReceiptWidth {
  return paperWidth === 58 ? 32 : DEFAULT_RECEIPT_WIDTH
}

/** One printed line; `double` is double width and height, two columns per character. */
export type PrintLine = { text: string; bold?: boolean; double?: boolean }

/** The columns a line takes on paper. */
export function columnsOf(line: PrintLine): number {
  return line.text.length * (line.double ? 2 : 1)
}

/**
 * Greedy word wrap at `width` columns; words longer than a line are cut. Only plain spaces
 * break: a no-break space keeps 'EUR 6.90' together.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(' ').filter((w) => w !== '')) {
    let rest = word
    if (current !== '' && current.length + 1 + rest.length <= width) {
      current += ` ${rest}`
      continue
    }
    if (current !== '') lines.push(current)
    while (rest.length > width) {
      lines.push(rest.slice(0, width))
      rest = rest.slice(width)
    }
    current = rest
  }
  if (current !== '') lines.push(current)
  return lines
}

const center = (text: string, width: number) =>
  ' '.repeat(Math.max(0, Math.floor((width - text.length) / 2))) + text
const right = (text: string, width: number) => text.padStart(width)

/** A label left and a value right; a long label wraps beside the value, a long value goes below. */
function row(r: ReceiptRow, width: number): PrintLine[] {
  const label = fitCp858(r.label)
  const value = fitCp858(r.value)
  const bold = r.strong === true
  const labelWidth = width - value.length - 1
  if (labelWidth >= Math.min(12, width / 3)) {
    const labels = wrap(label, labelWidth)
    if (labels.length === 0) labels.push('')
    return labels.map((text, i) => ({
      text: i === 0 ? `${text.padEnd(labelWidth)} ${value}` : text,
      bold,
    }))
  }
  return [
    ...wrap(label, width).map((text) => ({ text, bold })),
    ...wrap(value, width).map((text) => ({ text: right(text, width), bold })),
  ]
}

/** 'Label: value' with the continuation lines indented, for the order's facts. */
function fact(r: ReceiptRow, width: number): PrintLine[] {
  const bold = r.strong === true
  const [first = '', ...rest] = wrap(`${fitCp858(r.label)}: ${fitCp858(r.value)}`, width)
  const continuation = rest.length > 0 ? wrap(rest.join(' '), width - 2).map((text) => `  ${text}`) : []
  return [first, ...continuation].map((text) => ({ text, bold }))
}

function block(b: ReceiptBlock, width: number): PrintLine[] {
  const lines: PrintLine[] = []
  if (b.heading !== null)
    lines.push(...wrap(fitCp858(b.heading), width).map((text) => ({ text, bold: true })))
  for (const line of b.lines) {
    const wrapped = wrap(fitCp858(line), width)
    // An empty line of a comment stays a gap.
    lines.push(...(wrapped.length === 0 ? [{ text: '' }] : wrapped.map((text) => ({ text }))))
  }
  return lines
}

function items(receipt: Receipt, width: number): PrintLine[] {
  const rows = receipt.items.map((item) => ({
    amount: fitCp858(item.amount),
    name: fitCp858(item.name),
    price: fitCp858(item.price),
    details: item.details.map(fitCp858),
  }))
  const heads = {
    amount: fitCp858(receipt.columns.amount),
    name: fitCp858(receipt.columns.name),
    price: fitCp858(receipt.columns.price),
  }
  const amountWidth = Math.min(
    Math.max(heads.amount.length, ...rows.map((r) => r.amount.length)),
    Math.floor(width / 4),
  )
  const priceWidth = Math.min(
    Math.max(heads.price.length, ...rows.map((r) => r.price.length)),
    Math.floor(width * 0.4),
  )
  const nameWidth = width - amountWidth - priceWidth - 2
  const detailWidth = width - amountWidth - 1
  const line = (amount: string, name: string, price: string) =>
    `${amount.padEnd(amountWidth)} ${name.padEnd(nameWidth)} ${right(price, priceWidth)}`.trimEnd()

  const lines: PrintLine[] = [
    {
      text: line(
        heads.amount.slice(0, amountWidth),
        heads.name.slice(0, nameWidth),
        heads.price.slice(0, priceWidth),
      ),
      bold: true,
    },
  ]
  const indent = ' '.repeat(amountWidth + 1)
  for (const r of rows) {
    const amounts = wrap(r.amount, amountWidth)
    const names = wrap(r.name, nameWidth)
    const priceFits = r.price.length <= priceWidth
    if (names.length > 1 && nameWidth < 16) {
      // Narrow paper: a long name takes the price's column too, the price follows it.
      const wide = wrap(r.name, detailWidth)
      const count = Math.max(amounts.length, wide.length, 1)
      for (let i = 0; i < count; i++)
        lines.push({ text: `${(amounts[i] ?? '').padEnd(amountWidth)} ${wide[i] ?? ''}`.trimEnd() })
      const last = lines.at(-1)!
      if (last.text.length + 1 + r.price.length <= width)
        last.text = last.text.padEnd(width - r.price.length) + r.price
      else lines.push(...wrap(r.price, width).map((text) => ({ text: right(text, width) })))
    } else {
      const count = Math.max(amounts.length, names.length, 1)
      for (let i = 0; i < count; i++) {
        lines.push({ text: line(amounts[i] ?? '', names[i] ?? '', i === 0 && priceFits ? r.price : '') })
      }
      if (!priceFits) lines.push(...wrap(r.price, width).map((text) => ({ text: right(text, width) })))
    }
    for (const detail of r.details) {
      const [first = '', ...rest] = wrap(detail, detailWidth - 2)
      lines.push({ text: `${indent}- ${first}` })
      for (const more of rest) lines.push({ text: `${indent}  ${more}` })
    }
  }
  return lines
}

/** The receipt as printer lines at `width` columns; no line is wider. */
export function layoutReceipt(receipt: Receipt, width: ReceiptWidth = DEFAULT_RECEIPT_WIDTH): PrintLine[] {
  const rule: PrintLine = { text: '-'.repeat(width) }
  const blank: PrintLine = { text: '' }
  const centered = (text: string, bold = false) =>
    wrap(fitCp858(text), width).map((t) => ({ text: center(t, width), bold }))
  const lines: PrintLine[] = []

  receipt.header.forEach((text, i) => {
    lines.push(...centered(text, i === 0))
  })
  lines.push(blank)
  const half = Math.floor(width / 2)
  for (const text of wrap(fitCp858(receipt.title), half))
    lines.push({ text: center(text, half), bold: true, double: true })
  for (const badge of receipt.badges) lines.push(...centered(`** ${badge} **`, true))
  lines.push(rule)
  for (const f of receipt.facts) lines.push(...fact(f, width))
  if (receipt.blocks.length > 0) {
    lines.push(rule)
    receipt.blocks.forEach((b, i) => {
      if (i > 0) lines.push(blank)
      lines.push(...block(b, width))
    })
  }
  lines.push(rule, ...items(receipt, width), rule)
  for (const r of receipt.totals) lines.push(...row(r, width))
  if (receipt.taxes.rows.length > 0) {
    lines.push(blank)
    if (receipt.taxes.heading !== null)
      lines.push(...block({ heading: receipt.taxes.heading, lines: [] }, width))
    for (const r of receipt.taxes.rows) lines.push(...row(r, width))
  }
  if (receipt.notes.length > 0) {
    lines.push(rule)
    receipt.notes.forEach((note, i) => {
      if (i > 0) lines.push(blank)
      lines.push(...block(note, width))
    })
  }
  lines.push(rule)
  for (const text of receipt.footer) lines.push(...centered(text))
  return lines.map((l) => ({ ...l, text: l.text.trimEnd() }))
}

/**
 * The text preview: the same lines as the printer's. A double-size line is centered on the
 * full width, where the printer puts it; bold does not show.
 */
export function renderText(lines: readonly PrintLine[], width: ReceiptWidth = DEFAULT_RECEIPT_WIDTH): string {
  return `${lines.map((l) => (l.double ? center(l.text.trim(), width) : l.text)).join('\n')}\n`
}
