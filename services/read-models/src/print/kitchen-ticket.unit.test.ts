import { describe, expect, it } from 'vitest'
import { kitchenTicketOf } from './kitchen-ticket.ts'
import { layoutReceipt } from './layout.ts'
import type { Receipt } from './receipt.ts'

const receipt: Receipt = {
  locale: 'de-CH',
  header: ['Bäckerei Beispiel', 'Filiale Zentrum', 'Bahnhofstrasse 1'],
  title: 'Ticket 12',
  badges: [],
  facts: [
    { label: 'Art', value: 'Abholung' },
    { label: 'Termin', value: 'Sa 29.11. 09:00', strong: true },
    { label: 'Bestellt', value: 'Fr 28.11. 18:00' },
  ],
  blocks: [{ heading: 'Kunde', lines: ['Anna Muster', '+41 79 000 00 00'] }],
  columns: { amount: 'Menge', name: 'Artikel', price: 'Preis' },
  items: [
    { amount: '2 Stk.', name: 'Zopf', price: 'CHF 12.00', details: ['Grösse: 500 g'] },
    { amount: '1 Stk.', name: 'Gipfeli', price: 'CHF 1.80', details: [] },
    { amount: '1 Stk.', name: 'Zopf', price: 'CHF 6.00', details: ['Grösse: 500 g'] },
  ],
  totals: [{ label: 'Total', value: 'CHF 19.80', strong: true }],
  taxes: { heading: 'MwSt.', rows: [{ label: '2.6 %', value: 'CHF 0.50' }] },
  notes: [{ heading: 'Bemerkung', lines: ['Bitte geschnitten'] }],
  footer: ['Gedruckt Fr 28.11. 18:01', 'Vielen Dank!'],
}

describe('kitchenTicketOf', () => {
  const ticket = kitchenTicketOf(receipt)
  const text = layoutReceipt(ticket, 32)
    .map((l) => l.text)
    .join('\n')

  it('groups the same item with the same parts, and drops every price', () => {
    expect(ticket.items).toEqual([
      { amount: '2 Stk. + 1 Stk.', name: 'Zopf', price: '', details: ['Grösse: 500 g'] },
      { amount: '1 Stk.', name: 'Gipfeli', price: '', details: [] },
    ])
    expect(text).not.toMatch(/CHF/)
    expect(text).not.toMatch(/Total|MwSt/)
  })

  it('keeps the ticket, when it is due and the notes; drops the customer and the address', () => {
    expect(text).toMatch(/Ticket 12/)
    expect(text).toMatch(/Sa 29\.11\. 09:00/)
    expect(text).toMatch(/Bitte geschnitten/)
    expect(text).not.toMatch(/Anna Muster|\+41|Bahnhofstrasse/)
  })
})
