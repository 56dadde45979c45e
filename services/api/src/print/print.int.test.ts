import { randomUUID } from 'node:crypto'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { encodeCp858 } from '@shop/read-models/print'
import { sql } from 'kysely'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderBody, post } from '../testing/lifecycle.scenario.ts'
import { parseEscPos } from './escpos.test-support.ts'
import { pdfText } from './pdf-text.test-support.ts'

// POST /api/orders/{id}/print over HTTP against the real PostgreSQL and NATS: an order placed
// through the checkout, printed as PDF, ESC/POS and text with the branch's api key, and the
// access rules of the staff order routes.

let s: TestStack
const staff = () => ({ 'x-api-key': s.branch.apiKey })

beforeAll(async () => {
  s = await startTestStack()
})
afterAll(async () => {
  await s?.close()
})

type Placed = { id: string; ticketNumber: number }

/**
 * The one place this file creates orders: a delivery to the "Umland" area (fee 9.00) of a
 * configured Wunschtorte and five Gipfeli, through the checkout. Waits until the projector
 * has given the order its ticket number.
 */
async function placeOrder(): Promise<Placed> {
  const res = await post(
    `${s.url}/api/orders`,
    orderBody(s.branch.id, {
      deliveryArea: 'Umland',
      comment: 'Bitte klingeln – 5 € Trinkgeld 🙂',
      items: [
        {
          product: 'torte',
          amount: 1,
          parts: [
            { options: ['24 cm'] },
            { options: ['Kerzen'] },
            { text: 'Alles Gute, Grossmutter Hildegard!' },
          ],
        },
        { product: 'gipfeli', amount: 5 },
      ],
    }),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const id = res.body.data.id as string
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ ticket_number: number | null }>`
      SELECT ticket_number FROM rm_orders WHERE order_id = ${id}`.execute(s.db.db)
    const ticket = rows[0]?.ticket_number
    if (ticket != null) return { id, ticketNumber: ticket }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the order got no ticket number')
}

async function print(id: string, body: string | undefined, headers: Record<string, string> = staff()) {
  const res = await fetch(`${s.url}/api/orders/${id}/print`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body }),
  })
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    disposition: res.headers.get('content-disposition') ?? '',
    cache: res.headers.get('cache-control') ?? '',
    bytes: new Uint8Array(await res.arrayBuffer()),
  }
}

const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8'))

describe('POST /api/orders/{id}/print', () => {
  let order: Placed
  beforeAll(async () => {
    order = await placeOrder()
  })

  it('answers a PDF by default: one 80 mm page with the order on it', async () => {
    const res = await print(order.id, JSON.stringify({}))
    expect(res.status).toBe(200)
    expect(res.type).toBe('application/pdf')
    expect(res.disposition).toMatch(/^inline; filename="receipt-[0-9A-F]{8}\.pdf"$/)
    expect(res.cache).toBe('no-store')
    const doc = await PDFDocument.load(res.bytes)
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getPage(0).getWidth()).toBeCloseTo((80 * 72) / 25.4, 1)
    const text = pdfText(doc)
    for (const expected of [
      'Testbäckerei',
      'Testfiliale',
      `Ticket ${order.ticketNumber}`,
      'Bestellart: Lieferung',
      'Liefergebiet: Umland',
      'Anna Muster',
      'Wunschtorte',
      'Grösse: 24 cm',
      'Extras: Kerzen',
      'Aufschrift: Alles Gute, Grossmutter Hildegard!',
      '5 Stk.',
      'Gipfeli',
      // Torte 48.00 + Kerzen 2.50, 5 Gipfeli 9.00, delivery 9.00 (no free threshold in Umland).
      'CHF 50.50',
      'CHF 59.50',
      'CHF 68.50',
      'MwSt. 8.1 % auf CHF 68.50',
      'Bitte klingeln – 5 € Trinkgeld ?',
    ]) {
      expect(text).toContain(expected)
    }
  })

  it('an empty body is a PDF too, with or without a JSON content type', async () => {
    const bare = await print(order.id, undefined)
    expect(bare.status).toBe(200)
    expect(bare.type).toBe('application/pdf')
    const empty = await print(order.id, '')
    expect(empty.status).toBe(200)
    expect(empty.type).toBe('application/pdf')
    expect(Buffer.from(empty.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    // Only this route reads an empty JSON body as "no options"; elsewhere it stays an error.
    const elsewhere = await fetch(`${s.url}/api/orders/${order.id}/status/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...staff() },
      body: '',
    })
    expect(elsewhere.status).toBe(400)
  })

  it('answers ESC/POS bytes: init, CP858, the ticket double size, lines within the width, cut', async () => {
    const res = await print(order.id, JSON.stringify({ format: 'escpos', width: 32 }))
    expect(res.status).toBe(200)
    expect(res.type).toBe('application/vnd.escpos')
    expect(res.disposition).toMatch(/^attachment; filename="receipt-[0-9A-F]{8}\.bin"$/)
    expect([...res.bytes.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19])
    expect([...res.bytes.subarray(-4)]).toEqual([0x1d, 0x56, 66, 3])
    const job = parseEscPos(res.bytes)
    for (const line of job.lines) expect(line.columns, line.text).toBeLessThanOrEqual(32)
    expect(job.lines.find((l) => l.text.includes(`Ticket ${order.ticketNumber}`))).toMatchObject({
      bold: true,
      double: true,
    })
    expect(Buffer.from(res.bytes).includes(Buffer.from(encodeCp858('Testbäckerei')))).toBe(true)
    expect(Buffer.from(res.bytes).includes(Buffer.from([0x35, 0x20, 0xd5]))).toBe(true) // '5 €'
    const text = job.lines.map((l) => l.text).join('\n')
    expect(text).toContain('Wunschtorte')
    expect(text).toMatch(/Total +CHF\u00a068\.50/)
  })

  it('answers the same layout as text for previews, in the caller’s language', async () => {
    const res = await print(order.id, JSON.stringify({ format: 'text', width: 48 }))
    expect(res.status).toBe(200)
    expect(res.type).toBe('text/plain; charset=utf-8')
    const text = Buffer.from(res.bytes).toString('utf8')
    const lines = text.split('\n')
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(48)
    expect(lines).toContain('-'.repeat(48))
    expect(text).toContain(`Ticket ${order.ticketNumber}`)
    expect(text).toContain('Bestellart: Lieferung')
    expect(text).toMatch(/Lieferung +CHF\u00a09\.00/)
    expect(text).toContain('Bitte klingeln - 5 € Trinkgeld ?')

    const fr = await print(order.id, JSON.stringify({ format: 'text' }), {
      ...staff(),
      'accept-language': 'fr-CH, fr;q=0.9',
    })
    const french = Buffer.from(fr.bytes).toString('utf8')
    expect(french).toContain('Type de commande: Livraison')
    expect(french).toContain('Client')
    for (const line of french.split('\n')) expect(line.length).toBeLessThanOrEqual(42)
  })

  it('answers the same layout as JSON lines (with bold and double marks) for a browser print view', async () => {
    // The receipt shows the print time: a minute may turn between two requests, so a pair is
    // taken again when the text changed under it.
    let text = ''
    let body: {
      data: { width: number; lines: { text: string; bold?: boolean; double?: boolean }[] }
    } | null = null
    for (let attempt = 0; attempt < 2; attempt++) {
      text = Buffer.from(
        (await print(order.id, JSON.stringify({ format: 'text', width: 32 }))).bytes,
      ).toString('utf8')
      const res = await print(order.id, JSON.stringify({ format: 'lines', width: 32 }))
      expect(res.status).toBe(200)
      expect(res.type).toMatch(/^application\/json/)
      expect(res.cache).toBe('no-store')
      body = json(res.bytes)
      const again = Buffer.from(
        (await print(order.id, JSON.stringify({ format: 'text', width: 32 }))).bytes,
      ).toString('utf8')
      if (again === text) break
    }
    const { width, lines } = body!.data
    expect(width).toBe(32)
    const textLines = text.replace(/\n$/, '').split('\n')
    expect(lines).toHaveLength(textLines.length)
    // The text preview centres double-size lines; otherwise each line is the same text.
    expect(lines.map((l) => (l.double ? l.text.trim() : l.text))).toEqual(
      textLines.map((t, i) => (lines[i]!.double ? t.trim() : t)),
    )
    expect(lines.find((l) => l.text.includes(`Ticket ${order.ticketNumber}`))).toMatchObject({
      bold: true,
      double: true,
    })
    for (const line of lines) expect(line.text.length * (line.double ? 2 : 1)).toBeLessThanOrEqual(32)
    // The default width is 42, as for the other thermal formats.
    const byDefault = json((await print(order.id, JSON.stringify({ format: 'lines' }))).bytes)
    expect(byDefault.data.width).toBe(42)
  })

  it('refuses a bad body with 400 and the field, in the spec’s error body', async () => {
    for (const [body, field] of [
      [{ format: 'docx' }, 'format'],
      [{ format: 'escpos', width: 40 }, 'width'],
      [{ format: 'text', copies: 2 }, 'copies'],
    ] as const) {
      const res = await print(order.id, JSON.stringify(body))
      expect(res.status).toBe(400)
      expect(json(res.bytes).errors[0]).toMatchObject({ field })
      expect(json(res.bytes).errors[0].message).toEqual(expect.any(String))
    }
    const broken = await print(order.id, '{"format":')
    expect(broken.status).toBe(400)
    expect(json(broken.bytes).errors).toHaveLength(1)
  })

  it('401 without credentials, 403 for another branch’s key, 404 for an unknown order', async () => {
    const anonymous = await print(order.id, '{}', {})
    expect(anonymous.status).toBe(401)
    expect(json(anonymous.bytes).errors[0].message).toEqual(expect.any(String))
    const other = await print(order.id, '{}', { 'x-api-key': 'k-other-branch-key' })
    expect(other.status).toBe(403)
    const unknown = await print(randomUUID(), '{}')
    expect(unknown.status).toBe(404)
    expect(json(unknown.bytes).errors[0].message).toBe('Bestellung nicht gefunden.')
    const notAnId = await print('nope', '{}')
    expect(notAnId.status).toBe(404)
  })
})
