import { receiptOf, taxBases } from '@shop/read-models/print'
import type { OrderEvent } from '@shop/shared/contracts'
import { evolve } from '@shop/shared/domain/ordering'
import { CATALOGUE_LOCALES, resources } from '@shop/shared/i18n'
import { describe, expect, it } from 'vitest'
import { cashOrder, context, deliveryOrder, LONG_WINE, oldOrder } from './receipt.test-support.ts'

const staff = { kind: 'staff' as const, id: 'u1' }

describe('receiptOf: a delivery from the checkout', () => {
  const receipt = receiptOf(deliveryOrder(), context())

  it('heads with the shop, its business name and the branch address, then the ticket number', () => {
    expect(receipt.header).toEqual([
      'Bäckerei Süß',
      'Süß Backwaren GmbH',
      'Filiale Oerlikon',
      'Marktgasse 1',
      '8050 Zürich',
      'Tel. +41 44 000 00 00',
    ])
    expect(receipt.title).toBe('Ticket 12')
    expect(receipt.badges).toEqual([])
  })

  it('states type, time in the branch zone, area, payment and reference', () => {
    expect(receipt.facts).toEqual([
      { label: 'Bestellart', value: 'Lieferung' },
      { label: 'Termin', value: '24.12.2026 10:30', strong: true },
      { label: 'Liefergebiet', value: 'Innenstadt' },
      // 15:05 UTC is 16:05 in Zurich in winter.
      { label: 'Bestellt am', value: '23.12.2026 16:05' },
      { label: 'Zahlungsart', value: 'Barzahlung' },
      { label: 'Zahlung', value: 'bei Übergabe' },
      { label: 'Bestell-Nr.', value: '3F2A9C1D' },
    ])
  })

  it('lists the customer, the billing address and the different delivery address', () => {
    expect(receipt.blocks).toEqual([
      {
        heading: 'Kunde',
        lines: [
          'Weiß & Söhne AG',
          'Jürgen Weiß 😀',
          'MwSt.-Nr. CHE-123.456.789',
          'Tel. +41 79 123 45 67',
          'juergen@example.org',
        ],
      },
      { heading: 'Rechnungsadresse', lines: ['Bahnhofstrasse 1', '8001 Zürich', 'CH'] },
      {
        heading: 'Lieferadresse',
        lines: ['Beat Muster', 'Seestrasse 9', 'Stock 3, Tür 12', '8002 Zürich', 'CH'],
      },
    ])
  })

  it('prints amounts with units, prices with their prefixes and the chosen parts', () => {
    expect(receipt.columns).toEqual({ amount: 'Menge', name: 'Artikel', price: 'Preis' })
    expect(receipt.items).toEqual([
      {
        amount: '1 Stk.',
        name: 'Wunschtorte',
        price: 'CHF\u00a050.50',
        details: [
          'Grösse: 24 cm',
          'Extras: Kerzen, Goldblatt',
          'Aufschrift: Alles Gute zum 80. Geburtstag, liebe Grossmutter Hildegard! 🎂',
          'Foto: 1 Datei',
        ],
      },
      { amount: '2 Stk.', name: 'Landbrot', price: 'ca. CHF\u00a08.20', details: [] },
      { amount: '1 Stk.', name: LONG_WINE, price: 'CHF\u00a024.50', details: [] },
      { amount: '0.25 kg', name: 'Bergkäse', price: 'ab CHF\u00a08.00', details: [] },
    ])
  })

  it('totals with the delivery fee, "ca." because some prices may change', () => {
    expect(receipt.totals).toEqual([
      { label: 'Zwischensumme', value: 'ca. CHF\u00a091.20' },
      { label: 'Lieferung', value: 'CHF\u00a05.00' },
      { label: 'Total', value: 'ca. CHF\u00a096.20', strong: true },
    ])
  })

  it('shows the VAT per rate on its base, the fee counted at its own rate, and the net total', () => {
    // 2.6 %: 50.50 + 8.20 + 8.00 = 66.70; 8.1 %: wine 24.50 + delivery 5.00 = 29.50.
    expect(receipt.taxes).toEqual({
      heading: 'Enthaltene MwSt.',
      rows: [
        { label: 'MwSt. 2.6 % auf CHF\u00a066.70', value: 'CHF\u00a01.69' },
        { label: 'MwSt. 8.1 % auf CHF\u00a029.50', value: 'CHF\u00a02.21' },
        { label: 'Total netto', value: 'CHF\u00a092.30' },
      ],
    })
    const order = deliveryOrder()
    const bases = taxBases(order)!
    expect(Object.fromEntries(bases)).toEqual({ '2.6': 6670, '8.1': 2950 })
    expect([...bases.values()].reduce((a, b) => a + b, 0)).toBe(order.pricing.totalGross)
  })

  it('ends with the comment, the price notice, the donation and when it was printed', () => {
    expect(receipt.notes).toEqual([
      { heading: 'Kommentar', lines: ['Bitte bei Müller klingeln 🔔', 'Der Hund beißt nicht.'] },
      { heading: null, lines: ['Der Endpreis kann abweichen (Preise mit „ca.“ oder „ab“).'] },
      { heading: null, lines: ['Spende an Schweizer Tafel'] },
    ])
    expect(receipt.footer).toEqual(['Gedruckt am 24.12.2026 09:00', 'Vielen Dank für Ihre Bestellung!'])
  })
})

describe('receiptOf: an order from before the checkout (totalGross only)', () => {
  const receipt = receiptOf(oldOrder(), context({ ticketNumber: null, donatee: null }))

  it('prints the total alone: no subtotal, no delivery, no VAT section', () => {
    expect(receipt.totals).toEqual([{ label: 'Total', value: 'CHF\u00a036.50', strong: true }])
    expect(receipt.taxes).toEqual({ heading: null, rows: [] })
    expect(taxBases(oldOrder())).toBeNull()
  })

  it('prints items without rate, model or parts as fixed prices', () => {
    expect(receipt.items).toEqual([
      { amount: '2 Stk.', name: 'Pizza Margherita', price: 'CHF\u00a029.00', details: [] },
      { amount: '250 g', name: 'Salat', price: 'CHF\u00a07.50', details: [] },
    ])
    expect(receipt.notes).toEqual([])
  })

  it('without a ticket number yet, the reference is the title', () => {
    expect(receipt.title).toBe('#A1B2C3D4')
    expect(receipt.facts).toContainEqual({ label: 'Termin', value: 'So bald wie möglich', strong: true })
    expect(receipt.facts).toContainEqual({ label: 'Bestellart', value: 'Takeaway' })
    expect(receipt.blocks).toEqual([
      { heading: 'Kunde', lines: ['Erika Mustermann', 'Tel. +41 79 000 00 00'] },
    ])
  })
})

describe('receiptOf: a cash order in CHF (rounded to 0.05)', () => {
  const receipt = receiptOf(cashOrder(), context())

  it('prints the rounding as its own line and the total the customer pays', () => {
    expect(receipt.totals).toEqual([
      { label: 'Rundung (Barzahlung)', value: 'CHF\u00a00.02' },
      { label: 'Total', value: 'CHF\u00a05.45', strong: true },
    ])
  })

  it('keeps the VAT on the exact amount: the rounding carries none', () => {
    expect(receipt.taxes?.rows).toEqual([
      { label: 'MwSt. 2.6 % auf CHF\u00a05.43', value: 'CHF\u00a00.14' },
      { label: 'Total netto', value: 'CHF\u00a05.29' },
    ])
  })

  it('a rounding down is negative; French and English name it too', () => {
    const down = cashOrder()
    down.pricing = { ...down.pricing, cashRounding: -2 }
    expect(receiptOf(down, context()).totals).toEqual([
      // de-CH writes a negative amount as CHF-0.02.
      { label: 'Rundung (Barzahlung)', value: 'CHF-0.02' },
      { label: 'Total', value: 'CHF\u00a05.41', strong: true },
    ])
    expect(receiptOf(cashOrder(), context({ locale: 'en' })).totals[0]!.label).toBe('Cash rounding')
    expect(receiptOf(cashOrder(), context({ locale: 'fr-FR' })).totals[0]!.label).toBe(
      'Arrondi (paiement en espèces)',
    )
  })

  it('no line when nothing was rounded, nor for an order from before (no cashRounding)', () => {
    const exact = cashOrder()
    exact.pricing = { ...exact.pricing, cashRounding: 0 }
    expect(receiptOf(exact, context()).totals.map((r) => r.label)).toEqual(['Total'])
    expect(receiptOf(oldOrder(), context()).totals.map((r) => r.label)).toEqual(['Total'])
  })
})

describe('receiptOf: context and order situations', () => {
  it('defaults to EUR and Europe/Zurich without config and branch', () => {
    const receipt = receiptOf(oldOrder(), context({ config: null, branch: null }))
    expect(receipt.header).toEqual([])
    expect(receipt.totals[0]!.value).toBe('EUR\u00a036.50')
    // 10:00 UTC on 29 March 2025 is 11:00 in Zurich (summer time starts the day after).
    expect(receipt.facts).toContainEqual({ label: 'Bestellt am', value: '29.03.2025 11:00' })
  })

  it('uses the branch time zone, and Europe/Zurich for an unknown one', () => {
    const ny = receiptOf(oldOrder(), context({ branch: { name: 'NY', timeZone: 'America/New_York' } }))
    expect(ny.facts).toContainEqual({ label: 'Bestellt am', value: '29.03.2025 06:00' })
    const bad = receiptOf(oldOrder(), context({ branch: { name: 'X', timeZone: 'Mars/Olympus' } }))
    expect(bad.facts).toContainEqual({ label: 'Bestellt am', value: '29.03.2025 11:00' })
  })

  it('speaks French and English by locale, German for anything else; figures stay German', () => {
    const fr = receiptOf(deliveryOrder(), context({ locale: 'fr-FR' }))
    expect(fr.facts[0]).toEqual({ label: 'Type de commande', value: 'Livraison' })
    expect(fr.items[1]!.price).toBe('env. CHF\u00a08.20')
    expect(fr.taxes.rows[0]!.label).toBe('TVA 2.6 % sur CHF\u00a066.70')
    const en = receiptOf(deliveryOrder(), context({ locale: 'en' }))
    expect(en.totals.at(-1)).toEqual({ label: 'Total', value: 'approx. CHF\u00a096.20', strong: true })
    expect(en.items[0]!.details.at(-1)).toBe('Foto: 1 file')
    expect(receiptOf(oldOrder(), context({ locale: 'it-IT' })).locale).toBe('de-CH')
  })

  it('hides the ticket number when the shop works without tickets', () => {
    const receipt = receiptOf(deliveryOrder(), context({ config: { shopName: 'S', disableTickets: true } }))
    expect(receipt.title).toBe('#3F2A9C1D')
  })

  it('marks canceled orders, quotations and pre-orders', () => {
    const order = deliveryOrder({ isQuotation: true, isPreorder: true })
    const canceled = evolve(order, {
      type: 'OrderCanceled',
      orderId: order.orderId,
      at: '2026-12-23T16:00:00.000Z',
      actor: staff,
      reason: null,
    } satisfies OrderEvent)!
    expect(receiptOf(canceled, context()).badges).toEqual(['STORNIERT', 'ANGEBOTSANFRAGE', 'VORBESTELLUNG'])
  })

  it('prints an accepted counter-appointment as the time', () => {
    let order = deliveryOrder()
    const base = { orderId: order.orderId, actor: staff }
    const proposed = '2026-12-24T14:00:00.000Z'
    order = evolve(order, {
      type: 'CounterAppointmentProposed',
      ...base,
      at: '2026-12-23T16:00:00.000Z',
      appointment: proposed,
    })!
    order = evolve(order, {
      type: 'CounterAppointmentAccepted',
      ...base,
      at: '2026-12-23T16:10:00.000Z',
      appointment: proposed,
    })!
    expect(receiptOf(order, context()).facts[1]).toEqual({
      label: 'Termin',
      value: '24.12.2026 15:00',
      strong: true,
    })
  })

  it('dine-in names the table; a hidden price reads "on request" and adds the notice', () => {
    const order = deliveryOrder({
      isDelivery: false,
      isDineIn: true,
      tableIdentifier: 't4',
      deliveryAddress: null,
      deliveryArea: null,
    })
    order.items[0] = { ...order.items[0]!, isPriceHidden: true }
    const receipt = receiptOf(order, context())
    expect(receipt.facts.slice(0, 3)).toEqual([
      { label: 'Bestellart', value: 'Dine In' },
      { label: 'Termin', value: '24.12.2026 10:30', strong: true },
      { label: 'Tisch', value: 't4', strong: true },
    ])
    expect(receipt.items[0]!.price).toBe('auf Anfrage')
    expect(receipt.notes.map((n) => n.lines[0])).toContain(
      'Einzelne Preise auf Anfrage; sie sind im Total enthalten.',
    )
    // Not a delivery: neither subtotal nor fee, and the billing address is shown as such.
    expect(receipt.totals.map((r) => r.label)).toEqual(['Total'])
    expect(receipt.blocks.map((b) => b.heading)).toEqual(['Kunde', 'Rechnungsadresse'])
  })

  it('a free delivery says so; an unknown payment method prints as stored', () => {
    const order = deliveryOrder({ paymentMethod: 'twint' })
    order.pricing = { ...order.pricing, deliveryGross: 0, deliveryNet: 0, deliveryTax: 0 }
    const receipt = receiptOf(order, context())
    expect(receipt.totals[1]).toEqual({ label: 'Lieferung', value: 'gratis' })
    expect(receipt.facts).toContainEqual({ label: 'Zahlungsart', value: 'twint' })
  })

  it('prints the tax alone when the stored taxes do not match the items', () => {
    const order = deliveryOrder()
    order.pricing = { ...order.pricing, taxes: { '2.6': 1, '8.1': 221 } }
    expect(taxBases(order)).toBeNull()
    expect(receiptOf(order, context()).taxes.rows[0]).toEqual({
      label: 'MwSt. 2.6 %',
      value: 'CHF\u00a00.01',
    })
  })
})

describe('print catalogue', () => {
  const keysOf = (value: unknown, prefix = ''): string[] =>
    typeof value !== 'object' || value === null
      ? [prefix]
      : Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
  const placeholders = (catalogue: unknown) =>
    Object.fromEntries(
      keysOf(catalogue).map((key) => {
        const text = key.split('.').reduce<any>((node, part) => node[part], catalogue) as string
        return [key, [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()]
      }),
    )

  it.each(CATALOGUE_LOCALES)('%s has the same keys and placeholders as de-CH', (locale) => {
    expect(placeholders(resources[locale].print)).toEqual(placeholders(resources['de-CH'].print))
  })
})
