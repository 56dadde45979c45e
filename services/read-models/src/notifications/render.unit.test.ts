import type { OrderEvent } from '@shop/shared/contracts'
import { foldOrder } from '@shop/shared/domain/ordering'
import { CATALOGUE_LOCALES, resources } from '@shop/shared/i18n'
import { describe, expect, it } from 'vitest'
import { pickLocale } from './context.ts'
import { jobFor, notificationKindOf, renderMessage, targetsFor } from './plan.ts'
import { formatDateTime, type RenderContext, renderMail, renderSms, statusUrlOf } from './render.ts'

const envelope = (at: string) => ({ orderId: 'o1', at, actor: { kind: 'staff' as const } })

// Saturday 28 March 2026 evening; Zurich moves to summer time in the night (01:00 UTC).
const created: OrderEvent = {
  type: 'OrderCreated',
  ...envelope('2026-03-28T20:00:00.000Z'),
  actor: { kind: 'customer' },
  uid: 'u1',
  hash: 'h1',
  branchId: 'b1',
  isDelivery: true,
  isDineIn: false,
  tableIdentifier: null,
  customer: {
    firstName: 'Anna',
    lastName: 'Muster',
    email: 'anna@example.com',
    phone: '+41 79 123 45 67',
    address: {
      companyName: null,
      firstName: 'Anna',
      lastName: 'Muster',
      street: 'Bahnhofstrasse 1',
      floor: null,
      stairway: null,
      door: null,
      zipCode: '8001',
      city: 'Zürich',
      country: 'CH',
    },
  },
  items: [
    {
      itemId: 'i1',
      productUid: 'zopf',
      name: 'Zopf 500 g',
      amount: 1,
      unit: 'piece',
      unitPrice: 690,
      total: 690,
    },
    {
      itemId: 'i2',
      productUid: 'gipfeli',
      name: 'Gipfeli',
      amount: 4,
      unit: 'piece',
      unitPrice: 180,
      total: 720,
    },
    {
      itemId: 'i3',
      productUid: 'landbrot',
      name: 'Landbrot',
      amount: 0.75,
      unit: 'kilogram',
      unitPrice: 820,
      total: 615,
      pricingModel: 'approximate',
    },
    {
      itemId: 'i4',
      productUid: 'torte',
      name: 'Wunschtorte',
      amount: 1,
      unit: 'piece',
      unitPrice: 4800,
      total: 4800,
      parts: [
        { name: 'Grösse', type: 'select', options: ['24 cm'], text: null, uploads: [] },
        { name: 'Aufschrift', type: 'text', options: [], text: 'Alles <Gute>', uploads: [] },
      ],
    },
  ],
  // 12:30 summer time, the day after the clocks changed.
  appointment: '2026-03-29T10:30:00.000Z',
  comment: 'Bitte klingeln',
  paymentMethod: 'cash',
  isOnlinePayment: false,
  pricing: { totalGross: 7325, deliveryGross: 500, taxes: { '2.6': 171, '8.1': 37 } },
  deliveryArea: 'Innenstadt',
}

// Intl puts no-break spaces between currency and amount; the assertions read plain spaces.
const plain = <T extends { text: string; subject: string }>(m: T): T => ({
  ...m,
  text: m.text.replace(/[\u00a0\u202f]/g, ' '),
  subject: m.subject.replace(/[\u00a0\u202f]/g, ' '),
})

function ctxOf(events: OrderEvent[], over: Partial<RenderContext> = {}): RenderContext {
  const order = foldOrder(events)!
  return {
    order,
    branch: {
      id: 'b1',
      name: 'Testfiliale',
      email: 'filiale@example.org',
      phone: '+41 44 000 00 00',
      street: 'Marktgasse 1',
      zipCode: '8001',
      city: 'Zürich',
      timeZone: 'Europe/Zurich',
    },
    shop: { name: 'Testbäckerei', currency: 'CHF', smsEnabled: true },
    statusUrl: statusUrlOf('https://shop.example.ch/', order),
    locale: 'de-CH',
    staffLocale: 'de-CH',
    ...over,
  }
}

describe('notification texts (German by default)', () => {
  it('new order to the customer: greeting, items with amounts and prices, totals, times in the zone, link', () => {
    const mail = plain(renderMail('new-order', 'customer', ctxOf([created])))
    expect(mail.subject).toBe('Ihre Bestellung bei Testfiliale ist eingegangen')
    expect(mail.text).toContain('Guten Tag Anna Muster,')
    expect(mail.text).toContain('vielen Dank für Ihre Bestellung bei Testfiliale.')
    expect(mail.text).toContain('Art: Lieferung')
    expect(mail.text).toContain('Termin: 29.03.2026 12:30')
    expect(mail.text).toContain('Kommentar: Bitte klingeln')
    expect(mail.text).toContain('Zahlungsart: Barzahlung')
    expect(mail.text).toContain('1 Stk. Zopf 500 g: CHF 6.90')
    expect(mail.text).toContain('4 Stk. Gipfeli: CHF 7.20')
    expect(mail.text).toContain('0.75 kg Landbrot: ca. CHF 6.15')
    expect(mail.text).toContain('  Grösse: 24 cm')
    expect(mail.text).toContain('Lieferung: CHF 5.00')
    expect(mail.text).toContain('Total: CHF 73.25')
    expect(mail.text).toContain('inkl. MwSt. 2.6 %: CHF 1.71')
    expect(mail.text).toContain('https://shop.example.ch/status/u1/h1')
    expect(mail.text).toMatch(/Freundliche Grüsse\nTestbäckerei\nTestfiliale\nMarktgasse 1, 8001 Zürich/)
    // The HTML part says the same, escaped.
    expect(mail.html).toContain('Alles &lt;Gute&gt;')
    expect(mail.html).not.toContain('<Gute>')
    expect(mail.html).toContain('<a href="https://shop.example.ch/status/u1/h1">')
  })

  it('a cash order in CHF: the rounding to 0.05 on its own line, the total as paid, the VAT as it was', () => {
    const cash: OrderEvent = {
      ...created,
      pricing: { ...created.pricing, totalGross: 7323, taxes: { '2.6': 171, '8.1': 37 }, cashRounding: 2 },
    } as OrderEvent
    const mail = plain(renderMail('new-order', 'customer', ctxOf([cash])))
    expect(mail.text).toContain('Rundung (Barzahlung): CHF 0.02\nTotal: CHF 73.25')
    expect(mail.text).toContain('inkl. MwSt. 2.6 %: CHF 1.71')
    // An order from before (no cashRounding) has no such line.
    expect(plain(renderMail('new-order', 'customer', ctxOf([created]))).text).not.toContain('Rundung')
  })

  it('new order to the branch: the customer contact and the order', () => {
    const mail = plain(renderMail('new-order', 'branch', ctxOf([created])))
    expect(mail.subject).toBe('Neue Bestellung von Anna Muster')
    expect(mail.text).toContain('Kundschaft: Anna Muster')
    expect(mail.text).toContain('E-Mail: anna@example.com')
    expect(mail.text).toContain('Telefon: +41 79 123 45 67')
    expect(mail.text).toContain('Adresse: Anna Muster, Bahnhofstrasse 1, 8001 Zürich, CH')
    expect(mail.text).toContain('Liefergebiet: Innenstadt')
    expect(mail.text).toContain('4 Stk. Gipfeli: CHF 7.20')
  })

  it('confirmed, rejected with the message, counter-appointment across the DST change, ready', () => {
    const confirmed = renderMail('confirmed', 'customer', ctxOf([created]))
    expect(confirmed.subject).toBe('Ihre Bestellung bei Testfiliale ist bestätigt')
    const rejected = renderMail(
      'rejected',
      'customer',
      ctxOf([
        created,
        { type: 'OrderRejected', ...envelope('2026-03-28T20:10:00.000Z'), message: 'Heute ausverkauft' },
      ]),
    )
    expect(rejected.subject).toBe('Ihre Bestellung bei Testfiliale wurde abgelehnt')
    expect(rejected.text).toContain('Begründung: Heute ausverkauft')
    // 23:30 UTC on the 28th is 00:30 winter time on the 29th in Zurich.
    const counter = renderMail(
      'counter-appointment',
      'customer',
      ctxOf([
        created,
        {
          type: 'CounterAppointmentProposed',
          ...envelope('2026-03-28T20:10:00.000Z'),
          appointment: '2026-03-28T23:30:00.000Z',
        },
      ]),
    )
    expect(counter.subject).toBe('Neuer Terminvorschlag für Ihre Bestellung bei Testfiliale')
    expect(counter.text).toContain('Wir schlagen Ihnen diesen Termin vor: 29.03.2026 00:30')
    expect(counter.text).toContain(
      'Bitte nehmen Sie den Vorschlag hier an oder lehnen Sie ihn ab: https://shop.example.ch/status/u1/h1',
    )
    const onItsWay = renderMail('ready', 'customer', ctxOf([created]))
    expect(onItsWay.subject).toBe('Ihre Bestellung von Testfiliale ist unterwegs')
    const pickup = renderMail('ready', 'customer', ctxOf([{ ...created, isDelivery: false } as OrderEvent]))
    expect(pickup.subject).toBe('Ihre Bestellung bei Testfiliale ist abholbereit')
    expect(pickup.text).toContain('kann bei Testfiliale abgeholt werden')
  })

  it('French and English catalogues, with their number formats', () => {
    const fr = plain(renderMail('confirmed', 'customer', ctxOf([created], { locale: 'fr-FR' })))
    expect(fr.subject).toBe('Votre commande chez Testfiliale est confirmée')
    expect(fr.text).toContain('dont TVA 2,6 %')
    const en = renderMail('ready', 'customer', ctxOf([created], { locale: 'en' }))
    expect(en.subject).toBe('Your order from Testfiliale is on its way')
  })

  it('the SMS is short and carries the link', () => {
    expect(renderSms('new-order', ctxOf([created]))).toBe(
      'Testbäckerei: Danke für Ihre Bestellung bei Testfiliale. Status: https://shop.example.ch/status/u1/h1',
    )
  })

  it('dates: DD.MM.YYYY HH:mm in the zone, across both DST changes', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z', 'Europe/Zurich')).toBe('29.03.2026 01:59')
    expect(formatDateTime('2026-03-29T01:00:00Z', 'Europe/Zurich')).toBe('29.03.2026 03:00')
    expect(formatDateTime('2026-10-25T00:30:00Z', 'Europe/Zurich')).toBe('25.10.2026 02:30')
    expect(formatDateTime('2026-10-25T01:30:00Z', 'Europe/Zurich')).toBe('25.10.2026 02:30')
    expect(formatDateTime('2026-12-31T23:30:00Z', 'Europe/Zurich')).toBe('01.01.2027 00:30')
  })

  it('picks the first known locale, else de-CH', () => {
    expect(pickLocale(null, undefined)).toBe('de-CH')
    expect(pickLocale(null, 'fr-CH')).toBe('fr-FR')
    expect(pickLocale('en-GB', 'fr-FR')).toBe('en')
    expect(pickLocale('de-AT')).toBe('de-CH')
    expect(pickLocale('it-IT')).toBe('de-CH')
  })
})

describe('who gets what', () => {
  const t = (ctx: RenderContext, kind: Parameters<typeof targetsFor>[0]) =>
    targetsFor(kind, ctx).map((x) => `${x.channel}:${x.audience}:${x.recipient}`)

  it('a new order: customer mail, branch mail, customer SMS when the shop enabled SMS', () => {
    expect(t(ctxOf([created]), 'new-order')).toEqual([
      'email:customer:anna@example.com',
      'email:branch:filiale@example.org',
      'sms:customer:+41 79 123 45 67',
    ])
    const noSms = ctxOf([created], { shop: { name: 'X', currency: 'CHF', smsEnabled: false } })
    expect(t(noSms, 'new-order')).toEqual([
      'email:customer:anna@example.com',
      'email:branch:filiale@example.org',
    ])
  })

  it('status changes mail the customer only; no address, no mail', () => {
    expect(t(ctxOf([created]), 'confirmed')).toEqual(['email:customer:anna@example.com'])
    const anonymous = {
      ...created,
      customer: { firstName: 'A', lastName: 'B', email: null, phone: null },
    } as OrderEvent
    const ctx = ctxOf([anonymous])
    expect(t(ctx, 'confirmed')).toEqual([])
    expect(t({ ...ctx, branch: { ...ctx.branch, email: null } }, 'new-order')).toEqual([])
  })

  it('a job names the order version and keeps the subject; its message has the shop as sender and the branch as Reply-To', () => {
    const ctx = ctxOf([created])
    const [mail, branchMail, sms] = targetsFor('new-order', ctx).map((target) =>
      jobFor(target, ctx, { id: 'e1', type: 'OrderCreated', orderVersion: 1 }),
    )
    expect(mail!.spec).toEqual({
      orderId: ctx.order.orderId,
      branchId: ctx.order.branchId,
      sourceId: 'e1',
      sourceType: 'OrderCreated',
      kind: 'new-order',
      channel: 'email',
      audience: 'customer',
      recipient: 'anna@example.com',
      locale: 'de-CH',
      orderVersion: 1,
      subject: 'Ihre Bestellung bei Testfiliale ist eingegangen',
    })
    expect(mail!.message).toMatchObject({
      fromName: 'Testbäckerei',
      replyTo: 'filiale@example.org',
      subject: 'Ihre Bestellung bei Testfiliale ist eingegangen',
    })
    // The same message as rendering the target alone (what a retry does).
    expect(mail!.message).toEqual(renderMessage(targetsFor('new-order', ctx)[0]!, ctx))
    expect(branchMail!.message).toMatchObject({ replyTo: 'anna@example.com' })
    expect(branchMail!.spec.audience).toBe('branch')
    expect(sms!.message).toMatchObject({ subject: null, html: null })
    expect(sms!.message!.body).toContain('https://shop.example.ch/status/u1/h1')
  })
})

describe('languages', () => {
  it('the customer reads the language the order was placed in, the branch its own', () => {
    const ctx = ctxOf([{ ...created, locale: 'fr-FR' } as OrderEvent], {
      locale: 'fr-FR',
      staffLocale: 'de-CH',
    })
    const [customer, branch] = targetsFor('new-order', ctx).map((target) =>
      jobFor(target, ctx, { id: 'e1', type: 'OrderCreated', orderVersion: 1 }),
    )
    expect(customer!.spec.locale).toBe('fr-FR')
    expect(customer!.message!.subject).toBe('Votre commande chez Testfiliale a bien été reçue')
    expect(customer!.message!.body).toContain('Bonjour Anna Muster,')
    expect(branch!.spec.locale).toBe('de-CH')
    expect(branch!.message!.subject).toBe('Neue Bestellung von Anna Muster')
  })

  it("names the lines in the reader's language from the menu's translations, as ordered where the menu changed", () => {
    const products = [
      { uid: 'zopf', name: 'Zopf 500 g', translations: { 'fr-FR': { name: 'Tresse 500 g' } } },
      {
        uid: 'torte',
        name: 'Wunschtorte',
        config: {
          parts: [
            { name: 'Grösse', options: [{ name: '20 cm' }, { name: '24 cm' }] },
            { name: 'Aufschrift', options: [] },
          ],
        },
        translations: {
          'fr-FR': {
            name: 'Gâteau sur mesure',
            parts: [{ name: 'Taille', options: ['20 cm', '24 cm (6 pers.)'] }, { name: 'Inscription' }],
          },
        },
      },
      // Renamed since the order: the line keeps the name it was ordered under.
      { uid: 'gipfeli', name: 'Buttergipfeli', translations: { 'fr-FR': { name: 'Croissant au beurre' } } },
    ]
    const ctx = ctxOf([{ ...created, locale: 'fr-FR' } as OrderEvent], {
      locale: 'fr-FR',
      staffLocale: 'de-CH',
      products: new Map(products.map((p) => [p.uid, p])),
    })
    const [customer, branch] = targetsFor('new-order', ctx).map((target) =>
      jobFor(target, ctx, { id: 'e1', type: 'OrderCreated', orderVersion: 1 }),
    )
    const body = customer!.message!.body
    expect(body).toContain('Tresse 500 g')
    expect(body).toContain('Gâteau sur mesure')
    expect(body).toContain('  Taille: 24 cm (6 pers.)')
    // The customer's own words stay as written.
    expect(body).toContain('  Inscription: Alles <Gute>')
    expect(body).toContain('Gipfeli')
    expect(body).not.toContain('Croissant au beurre')
    // No translation of this product: German.
    expect(body).toContain('Landbrot')
    // The branch reads German, its own language.
    expect(branch!.message!.body).toContain('Zopf 500 g')
    expect(branch!.message!.body).toContain('  Grösse: 24 cm')
    expect(branch!.message!.body).not.toContain('Tresse')
  })
})

describe('the notifications catalogue', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value !== 'object' || value === null
      ? [`${prefix}=${[...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()}`]
      : Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
  it.each(CATALOGUE_LOCALES.filter((l) => l !== 'de-CH'))(
    '%s has the keys and placeholders of de-CH',
    (locale) => {
      expect(keys(resources[locale].notifications).sort()).toEqual(
        keys(resources['de-CH'].notifications).sort(),
      )
    },
  )
})

describe('the refund mail (issue 18 item 6)', () => {
  const online = { ...created, paymentMethod: 'stripe', isOnlinePayment: true } as OrderEvent
  const paid: OrderEvent = { type: 'OrderPaid', ...envelope('2026-03-28T20:01:00.000Z'), reference: 'pi_1' }
  const request = (refundNumber: number, amount: number, at: string): OrderEvent => ({
    type: 'OrderRefundRequested',
    ...envelope(at),
    refundNumber,
    attempt: 1,
    amount,
    reason: refundNumber === 1 ? 'itemChanged' : 'canceled',
  })
  const refunded = (refundNumber: number, amount: number, at: string): OrderEvent => ({
    type: 'OrderRefunded',
    ...envelope(at),
    refundNumber,
    attempt: 1,
    amount,
    reference: `re_${refundNumber}`,
  })

  it('tells how much came back, and whether that is all of it', () => {
    const part = [
      online,
      paid,
      request(1, 690, '2026-03-28T20:05:00.000Z'),
      refunded(1, 690, '2026-03-28T20:06:00.000Z'),
    ]
    const partial = plain(renderMail('refunded', 'customer', ctxOf(part)))
    expect(partial.subject).toBe('Rückerstattung Ihrer Bestellung bei Testfiliale')
    expect(partial.text).toContain('wir haben Ihnen CHF 6.90 zurückerstattet.')
    expect(partial.text).toContain('Bisher zurückerstattet: CHF 6.90 von CHF 73.25.')
    expect(partial.text).toContain('https://shop.example.ch/status/u1/h1')

    const canceled: OrderEvent = {
      type: 'OrderCanceled',
      ...envelope('2026-03-28T20:10:00.000Z'),
      reason: null,
    }
    const all = [
      ...part,
      canceled,
      request(2, 6635, '2026-03-28T20:10:00.000Z'),
      refunded(2, 6635, '2026-03-28T20:11:00.000Z'),
    ]
    const full = plain(renderMail('refunded', 'customer', ctxOf(all)))
    expect(full.text).toContain('wir haben Ihnen CHF 66.35 zurückerstattet.')
    expect(full.text).toContain('Damit ist der ganze bezahlte Betrag zurückerstattet.')
    expect(plain(renderMail('refunded', 'customer', ctxOf(all, { locale: 'fr-FR' }))).subject).toBe(
      'Remboursement de votre commande chez Testfiliale',
    )
  })
})

describe('the correction after an undo (issue 18 item 10)', () => {
  const confirmed: OrderEvent = { type: 'OrderConfirmed', ...envelope('2026-03-28T20:01:00.000Z') }
  const inDelivery: OrderEvent = { type: 'OrderMarkedInDelivery', ...envelope('2026-03-28T20:02:00.000Z') }
  const undone = (
    undoneType: 'OrderConfirmed' | 'OrderMarkedInDelivery' | 'OrderCompleted',
    from: 'confirmed' | 'inDelivery' | 'completed',
    to: 'awaitingConfirmation' | 'confirmed' | 'inDelivery',
  ): OrderEvent => ({
    type: 'OrderStatusChangeUndone',
    ...envelope('2026-03-28T20:02:05.000Z'),
    undone: undoneType,
    from,
    to,
  })

  it('only an undo of a step the customer was told about makes a message', () => {
    const kind = (event: OrderEvent) => notificationKindOf({ type: event.type, data: event })
    expect(kind(undone('OrderConfirmed', 'confirmed', 'awaitingConfirmation'))).toBe('corrected')
    expect(kind(undone('OrderMarkedInDelivery', 'inDelivery', 'confirmed'))).toBe('corrected')
    expect(kind(undone('OrderCompleted', 'completed', 'inDelivery'))).toBeUndefined()
  })

  it('says which message was a mistake, from the order as the undo left it', () => {
    const notConfirmed = plain(
      renderMail(
        'corrected',
        'customer',
        ctxOf([created, confirmed, undone('OrderConfirmed', 'confirmed', 'awaitingConfirmation')]),
      ),
    )
    expect(notConfirmed.subject).toBe('Korrektur zu Ihrer Bestellung bei Testfiliale')
    expect(notConfirmed.text).toContain('Ihre Bestellung bei Testfiliale ist noch nicht bestätigt.')
    expect(notConfirmed.text).toContain('https://shop.example.ch/status/u1/h1')

    const notOnItsWay = plain(
      renderMail(
        'corrected',
        'customer',
        ctxOf([created, confirmed, inDelivery, undone('OrderMarkedInDelivery', 'inDelivery', 'confirmed')]),
      ),
    )
    expect(notOnItsWay.text).toContain('Ihre Bestellung ist noch nicht unterwegs.')
    const french = plain(
      renderMail(
        'corrected',
        'customer',
        ctxOf([created, confirmed, undone('OrderConfirmed', 'confirmed', 'awaitingConfirmation')], {
          locale: 'fr-FR',
        }),
      ),
    )
    expect(french.subject).toBe('Correction concernant votre commande chez Testfiliale')
  })
})
