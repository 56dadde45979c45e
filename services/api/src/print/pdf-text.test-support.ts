import { decodePDFRawStream, PDFArray, type PDFDocument, PDFRawStream } from 'pdf-lib'

// Reads the text back out of a PDF made with the standard fonts, with pdf-lib alone (no
// poppler on CI): inflate each page's content stream and decode the strings of its text
// operators from WinAnsi.

/** WinAnsi's 0x80–0x9F; the rest of the upper half is Latin-1. */
const WIN_ANSI_80 = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ'

function winAnsi(bytes: number[]): string {
  return bytes.map((b) => (b >= 0x80 && b < 0xa0 ? WIN_ANSI_80[b - 0x80]! : String.fromCharCode(b))).join('')
}

/** Each page's text, one entry per drawn string, in drawing order. */
export function pdfTexts(doc: PDFDocument): string[][] {
  return doc.getPages().map((page) => {
    const contents = page.node.Contents()
    const parts = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []
    const source = parts
      .map((part) => {
        const stream = doc.context.lookup(part)
        if (!(stream instanceof PDFRawStream)) return ''
        return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
      })
      .join('\n')
    return [...source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) =>
      winAnsi((m[1]!.match(/../g) ?? []).map((h) => Number.parseInt(h, 16))),
    )
  })
}

/** All text of the PDF, one drawn string per line, no-break spaces as plain ones. */
export function pdfText(doc: PDFDocument): string {
  return pdfTexts(doc)
    .flat()
    .join('\n')
    .replace(/\u00a0/g, ' ')
}
