import { receiptOf } from '@shop/read-models/print'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { PDF_PAGE_WIDTH, receiptPdf } from './pdf.ts'
import { pdfText } from './pdf-text.test-support.ts'
import { context, deliveryOrder, oldOrder } from './receipt.test-support.ts'

const MM = 72 / 25.4

describe('receipt PDF', () => {
  it('is one 80 mm wide page as long as the receipt, loadable by pdf-lib', async () => {
    const bytes = await receiptPdf(receiptOf(deliveryOrder(), context()), {
      title: 'Ticket 12',
      createdAt: new Date('2026-12-24T08:00:00Z'),
    })
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
    const { width, height } = doc.getPage(0).getSize()
    expect(width).toBeCloseTo(80 * MM, 2)
    expect(PDF_PAGE_WIDTH).toBeCloseTo(226.77, 1)
    expect(height).toBeGreaterThan(150 * MM)
    expect(doc.getTitle()).toBe('Ticket 12')
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-12-24T08:00:00.000Z')
  })

  it('contains the receipt text; emoji become "?" instead of failing the WinAnsi font', async () => {
    const doc = await PDFDocument.load(await receiptPdf(receiptOf(deliveryOrder(), context())))
    const text = pdfText(doc)
    for (const expected of [
      'Bäckerei Süß',
      'Ticket 12',
      'Termin: 24.12.2026 10:30',
      'Jürgen Weiß ?',
      'Wunschtorte',
      'CHF 50.50',
      'Grösse: 24 cm',
      'Aufschrift: Alles Gute zum 80. Geburtstag, liebe',
      'Château Müller-Thurgau',
      'ab CHF 8.00',
      'ca. CHF 96.20',
      'MwSt. 8.1 % auf CHF 29.50',
      'Bitte bei Müller klingeln ?',
      // WinAnsi has typographic quotes: they stay.
      'Der Endpreis kann abweichen (Preise mit „ca.“ oder',
      'Gedruckt am 24.12.2026 09:00',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('prints € from customer text and characters outside WinAnsi without throwing', async () => {
    const order = deliveryOrder({ comment: '5 € Trinkgeld für Łukasz 🙂 ♥ 中文' })
    const text = pdfText(await PDFDocument.load(await receiptPdf(receiptOf(order, context()))))
    expect(text).toContain('5 € Trinkgeld für Lukasz ? ? ??')
  })

  it('prints an old order with its total only', async () => {
    const doc = await PDFDocument.load(
      await receiptPdf(receiptOf(oldOrder(), context({ ticketNumber: null }))),
    )
    const text = pdfText(doc)
    expect(text).toContain('#A1B2C3D4')
    expect(text).toContain('CHF 36.50')
    expect(text).not.toContain('MwSt.')
  })

  it('continues a receipt longer than the PDF page limit on further pages', async () => {
    const order = deliveryOrder()
    order.items = Array.from({ length: 600 }, (_, i) => ({ ...order.items[2]!, itemId: `w${i}` }))
    const doc = await PDFDocument.load(await receiptPdf(receiptOf(order, context())))
    expect(doc.getPageCount()).toBeGreaterThan(1)
    for (const page of doc.getPages()) expect(page.getHeight()).toBeLessThanOrEqual(14_400)
  })
})
