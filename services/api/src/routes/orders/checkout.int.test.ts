import { startTestStack, TEST_BRANCH, type TestStack } from '@shop/all-in-one/testing'
import { createBranchBodySchema } from '@shop/shared/contracts'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createResource, updateResource } from '../../resources/resource-store.ts'
import { testOrderBody } from '../../testing/catalogue.ts'
import { call } from '../../testing/staff-session.ts'

// The checkout through HTTP on the real PostgreSQL and NATS: prices from the catalogue, every
// refusal with its field and German text and nothing appended, and the DST weekend where the
// availability answer and the checkout must agree to the minute.

// Saturday 2026-03-28, 20:00 in Zürich (CET); the clocks go forward on Sunday at 02:00.
let now = new Date('2026-03-28T19:00:00Z')
let s: TestStack
const staff = { 'x-api-key': TEST_BRANCH.apiKey }
const LATE = 'b-late'

beforeAll(async () => {
  // Many orders from one address and one contact: the rate limits are not this file's subject
  // (services/api/src/limits/rate-limits.int.test.ts).
  s = await startTestStack({
    now: () => now,
    limits: {
      rateLimits: false,
      orders: {
        perAddress: { max: 10_000, windowMs: 60_000 },
        perContact: { max: 10_000, windowMs: 60_000 },
        openPerContact: 10_000,
      },
    },
  })
  // A branch with real hours: Monday–Friday 07:00–18:30, Saturday 18:00–24:00, Sunday closed.
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((type) => ({
    type,
    from: '07:00',
    to: '18:30',
  }))
  const data = createBranchBodySchema.parse({
    identifier: 'spaet',
    name: 'Spätverkauf',
    openingHours: [...weekdays, { type: 'saturday', from: '18:00', to: '24:00' }],
    isDineInEnabled: false,
    // Issue 18: a Swiss branch (b1 has no country: the config's default, AT, applies there).
    country: 'CH',
  })
  await createResource({
    db: s.db.db,
    bus: s.bus,
    type: 'branch',
    id: LATE,
    actor: { kind: 'system' },
    data: { ...data, apiKey: 'k-late-branch-key' },
  })
  const menu = (
    await sql<{ data: { branches: { id: string }[] }; id: string; version: number }>`
    SELECT id, version, data FROM rm_resources WHERE type = 'menu'`.execute(s.db.db)
  ).rows[0]!
  await sql`UPDATE rm_resources SET data = jsonb_set(data, '{branches}', data->'branches' || ${JSON.stringify(
    [{ id: LATE }],
  )}::jsonb) WHERE type = 'menu' AND id = ${menu.id}`.execute(s.db.db)
})
afterAll(async () => {
  await s?.close()
})

const orderEvents = async () =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*)::text AS n FROM es_events WHERE stream_type = 'order'`.execute(
        s.db.db,
      )
    ).rows[0]!.n,
  )

const place = (body: unknown, headers: Record<string, string> = {}) =>
  call(s.url, 'POST', '/api/orders', { body, headers })

describe('checkout: the server prices the order', () => {
  it('prices a delivery from the catalogue: options, weight, delivery fee, taxes per rate', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#e9a' } })
      .png()
      .toBuffer()
    const upload = await call(s.url, 'POST', '/api/uploads', {
      body: { data: `data:image/png;base64,${png.toString('base64')}`, name: 'foto.png' },
    })
    expect(upload.status).toBe(201)
    const res = await place(
      testOrderBody('b1', {
        phone: '0041 79 123 45 67',
        isDeliveryAddressDifferent: true,
        deliveryFirstName: 'Beat',
        deliveryLastName: 'Muster',
        deliveryStreet: 'Seestrasse 9',
        deliveryZipCode: '8002',
        deliveryCity: 'Zürich',
        items: [
          {
            product: 'torte',
            amount: 1,
            price: 5050,
            parts: [
              { options: ['24 cm'] },
              { options: ['Kerzen'] },
              { text: 'Alles Gute!' },
              { uploads: [{ id: upload.body.data.id }] },
            ],
          },
          { product: 'landbrot', amount: 2, unit: 'piece' },
        ],
      }),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const order = res.body.data
    // Torte 48.00 + Kerzen 2.50; Landbrot 2 pieces × 0.5 kg × 8.20; free delivery above 10.00.
    expect(order.items.map((i: { total: number }) => i.total)).toEqual([5050, 820])
    expect(order.pricing).toMatchObject({
      gross: 5870,
      deliveryGross: 0,
      totalGross: 5870,
      taxes: { '8.1': 440 },
    })
    expect(order.items[1]).toMatchObject({ pricingModel: 'approximate', taxRate: 8.1, unit: 'piece' })
    expect(order.items[0].parts[3].uploads[0]).toMatchObject({
      id: upload.body.data.id,
      mimeType: 'image/png',
    })
    const board = await call(s.url, 'GET', `/api/orders/${order.id}`, { headers: staff })
    expect(board.body.data.customer).toMatchObject({
      phone: '+41791234567',
      address: { street: 'Bahnhofstrasse 1' },
    })
    expect(board.body.data.deliveryAddress).toMatchObject({ firstName: 'Beat', street: 'Seestrasse 9' })
    expect(board.body.data.deliveryArea).toBe('Innenstadt')
  })

  it('charges the delivery fee below the free-from value and refuses below the minimum', async () => {
    const fee = await place(testOrderBody('b1', { items: [{ product: 'gipfeli', amount: 5 }] }))
    expect(fee.status, JSON.stringify(fee.body)).toBe(201)
    expect(fee.body.data.pricing).toMatchObject({ gross: 900, deliveryGross: 500, totalGross: 1400 })
    const before = await orderEvents()
    const low = await place(testOrderBody('b1', { items: [{ product: 'gipfeli', amount: 2 }] }))
    expect(low.status).toBe(400)
    expect(low.body.errors[0].field).toBe('deliveryArea')
    expect(low.body.errors[0].message).toMatch(
      /^Sie haben den Mindestbestellwert in Höhe von CHF\s8\.00 leider noch nicht erreicht\./,
    )
    expect(await orderEvents()).toBe(before)
  })

  it('takes dine-in at a table of the branch and a donatee that exists', async () => {
    const ok = await place(
      testOrderBody('b1', {
        isDelivery: false,
        isDineIn: true,
        table: 't2',
        donatee: s.catalogue!.donateeId,
      }),
    )
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body.data).toMatchObject({ isDineIn: true, tableIdentifier: 't2' })
    expect(ok.body.data.items[0].taxRate).toBe(8.1)
  })
})

describe('checkout: each refusal names its field, says why in German, and appends nothing', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    [
      'a manipulated price',
      { items: [{ product: 'zopf', amount: 2, price: 1 }] },
      'items.0.price',
      /^Der Preis von «Zopf 500 g» hat sich geändert und beträgt jetzt CHF\s6\.90\./,
    ],
    [
      'a disabled product',
      { items: [{ product: 'ausverkauft', amount: 2 }] },
      'items.0.product',
      /^Das Produkt «Ausverkauftes Brot» ist zum gewählten Zeitpunkt leider nicht erhältlich\.$/,
    ],
    [
      'a product on no menu of the branch',
      { items: [{ product: 'ohne-karte', amount: 20 }] },
      'items.0.product',
      /^Das Produkt «Nicht auf der Karte» ist nicht auf der Speisekarte dieser Filiale\.$/,
    ],
    [
      'a time outside the opening hours',
      { branch: LATE, appointmentDate: '2026-03-30T06:55:00+02:00' },
      'appointmentDate',
      /^Zum ausgewählten Zeitpunkt haben wir leider geschlossen\. Bitte wählen Sie einen Termin während unserer Öffnungszeiten\.$/,
    ],
    [
      'a time before the lead time',
      { items: [{ product: 'festtorte', amount: 1 }], appointmentDate: '2026-03-28T21:00:00+01:00' },
      'appointmentDate',
      /^Der ausgewählte Termin liegt vor der Vorlaufzeit Ihrer Bestellung\. Der früheste mögliche Termin ist am 29\.03\.2026 um 00:00 Uhr\.$/,
    ],
    [
      'an amount off the step',
      { items: [{ product: 'landbrot', amount: 1.3, unit: 'kilogram' }] },
      'items.0.amount',
      /^Die Menge von «Landbrot» muss mindestens 0.5 betragen, in Schritten von 0.25\.$/,
    ],
    [
      'a missing mandatory part',
      { items: [{ product: 'torte', amount: 1, parts: [{ options: ['18 cm'] }] }] },
      'items.0.parts.2.text',
      /^Bitte füllen Sie «Aufschrift» aus\.$/,
    ],
    [
      'an order type the branch does not offer',
      { branch: LATE, isDelivery: false, isDineIn: true, table: '7' },
      'isDineIn',
      /^Diese Art der Bestellung bietet die Filiale leider nicht an\.$/,
    ],
    [
      'a payment method the branch does not offer',
      { paymentMethod: 'voucher' },
      'paymentMethod',
      /^Diese Zahlungsart bietet die Filiale leider nicht an\.$/,
    ],
    [
      "a phone number that is no national number of the branch's country (AT by the config)",
      { phone: '79 123 45 67' },
      'phone',
      /^Bitte geben Sie eine gültige Nummer im Format \+43 1 234 56 78 an\.$/,
    ],
    ['terms not accepted', { legalInstructions: false }, 'legalInstructions', /Geschäftsbedingungen/],
    [
      'an unknown delivery area',
      { deliveryArea: 'Mond' },
      'deliveryArea',
      /^In dieses Gebiet liefern wir leider nicht\./,
    ],
  ]

  it.each(cases)('%s', async (_name, extra, field, message) => {
    const before = await orderEvents()
    const res = await place(testOrderBody('b1', extra))
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.errors).toEqual(
      expect.arrayContaining([{ field, message: expect.stringMatching(message) }]),
    )
    expect(await orderEvents()).toBe(before)
  })

  it('lists every problem at once, and answers in French when asked', async () => {
    const res = await place(
      testOrderBody('b1', {
        legalInstructions: false,
        privacyPolicy: false,
        items: [
          { product: 'zopf', amount: 1, price: 100 },
          { product: 'gibts-nicht', amount: 1 },
        ],
      }),
      { 'accept-language': 'fr-CH' },
    )
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'legalInstructions',
      'privacyPolicy',
      'items.1.product',
      'items.0.price',
      'deliveryArea',
    ])
    expect(res.body.errors[2].message).toBe("Le produit «gibts-nicht» n'existe pas.")
  })

  it('an unknown branch and malformed bodies never reach the rules', async () => {
    const before = await orderEvents()
    expect((await place(testOrderBody('nirgends'))).body.errors).toEqual([
      { field: 'branch', message: expect.any(String) },
    ])
    for (const bad of [
      { items: [] },
      { items: [{ product: 'zopf', amount: -1 }] },
      { country: 'FR' },
      { extra: 1 },
    ]) {
      const res = await place(testOrderBody('b1', bad as never))
      expect(res.status).toBe(400)
    }
    expect(await orderEvents()).toBe(before)
  })
})

describe('issue 18: a national phone number at a Swiss branch', () => {
  it('takes 079 123 45 67 and stores +41791234567; refuses a Swiss number it cannot read', async () => {
    now = new Date('2026-03-28T19:00:00Z') // Saturday 20:00: the branch is open
    const res = await place(
      testOrderBody(LATE, {
        isDelivery: false,
        phone: '079 123 45 67',
        items: [{ product: 'zopf', amount: 1 }],
      }),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const order = await call(s.url, 'GET', `/api/orders/${res.body.data.id}`, {
      headers: { 'x-api-key': 'k-late-branch-key' },
    })
    expect(order.body.data.customer.phone).toBe('+41791234567')
    const short = await place(
      testOrderBody(LATE, {
        isDelivery: false,
        phone: '079 123 45',
        items: [{ product: 'zopf', amount: 1 }],
      }),
    )
    expect(short.status).toBe(400)
    expect(short.body.errors).toEqual([
      { field: 'phone', message: 'Bitte geben Sie eine gültige Nummer im Format +41 44 123 45 67 an.' },
    ])
  })
})

describe('checkout on the spring DST weekend: the availability answer and the checkout agree', () => {
  it('Saturday late until midnight, Sunday closed, Monday from 07:00 CEST', async () => {
    now = new Date('2026-03-28T19:00:00Z')
    const avail = await call(s.url, 'GET', `/api/branches/${LATE}/availability?orderType=takeaway&days=3`)
    expect(avail.status).toBe(200)
    const [saturday, sunday, monday] = avail.body.data.days
    expect(saturday.windows).toEqual([
      { from: '20:00', to: '23:55', first: '2026-03-28T19:00:00.000Z', last: '2026-03-28T22:55:00.000Z' },
    ])
    expect(sunday).toMatchObject({ isAvailable: false, reason: 'closed-day' })
    expect(monday.windows[0]).toMatchObject({ from: '07:00', first: '2026-03-30T05:00:00.000Z' })

    const at = (appointmentDate: string) =>
      place(
        testOrderBody(LATE, { isDelivery: false, appointmentDate, items: [{ product: 'zopf', amount: 1 }] }),
      )
    // Each window's first and last slot is taken; one step beyond is refused with the day's reason.
    for (const slot of [saturday.windows[0].first, saturday.windows[0].last, monday.windows[0].first]) {
      const ok = await at(slot)
      expect(ok.status, `${slot}: ${JSON.stringify(ok.body)}`).toBe(201)
      expect(ok.body.data.appointmentDate).toBe(slot)
    }
    // The same Monday 07:00 written with the winter offset is the same instant: accepted.
    expect((await at('2026-03-30T06:00:00+01:00')).status).toBe(201)
    // A time on the closed Sunday: spec §5's text for a time outside the opening hours.
    const midnight = await at('2026-03-29T00:00:00+01:00')
    expect(midnight.body.errors).toEqual([
      {
        field: 'appointmentDate',
        message:
          'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
      },
    ])
    // 02:30 does not exist on Sunday in Zürich; whatever offset, Sunday stays closed.
    expect((await at('2026-03-29T02:30:00+01:00')).status).toBe(400)
    expect((await at('2026-03-30T06:55:00+02:00')).status).toBe(400)
    expect((await at('2026-03-30T07:02:00+02:00')).body.errors[0].message).toBe(
      'Bitte wählen Sie eine Uhrzeit im 5-Minuten-Takt.',
    )
  })

  it('refuses while closed without pre-orders, and after midnight the branch is closed for Sunday', async () => {
    now = new Date('2026-03-29T10:00:00Z') // Sunday 12:00 CEST
    const closed = await place(
      testOrderBody(LATE, { isDelivery: false, items: [{ product: 'zopf', amount: 1 }] }),
    )
    expect(closed.status).toBe(400)
    expect(closed.body.errors).toEqual([
      { field: 'appointmentDate', message: 'Derzeit haben wir leider geschlossen.' },
    ])
    // Issue 18: the availability answer agrees. It offered Monday 07:00 as the first slot while
    // the checkout refused every order until the branch opens: no time is offered now.
    const avail = await call(s.url, 'GET', `/api/branches/${LATE}/availability?orderType=takeaway&days=3`)
    expect(avail.status).toBe(200)
    expect(avail.body.data.firstSlot).toBeNull()
    expect(avail.body.data.closedNow).toEqual({
      opensAt: '2026-03-30T05:00:00.000Z',
      message: 'Derzeit nehmen wir keine Bestellungen an.',
    })
    expect(avail.body.data.days.map((d: { reason: string | null }) => d.reason)).toEqual([
      'closed-day',
      'closed-now',
      'closed-now',
    ])
    const monday = await place(
      testOrderBody(LATE, {
        isDelivery: false,
        appointmentDate: '2026-03-30T07:00:00+02:00',
        items: [{ product: 'zopf', amount: 1 }],
      }),
    )
    expect(monday.body.errors).toEqual([
      { field: 'appointmentDate', message: 'Derzeit haben wir leider geschlossen.' },
    ])
    now = new Date('2026-03-28T19:00:00Z')
  })
})

describe('staff change an item: repriced with the checkout rules', () => {
  it('changes amount and options, reprices the order, and refuses stale, invalid and foreign changes', async () => {
    now = new Date('2026-03-28T19:00:00Z')
    const created = await place(
      testOrderBody('b1', {
        isDelivery: false,
        items: [
          { product: 'zopf', amount: 1 },
          { product: 'torte', amount: 1, parts: [{ options: ['18 cm'] }, {}, { text: 'Für Oma' }] },
        ],
      }),
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const order = created.body.data
    const torte = order.items[1]
    const url = `/api/orders/${order.id}/items/${torte.itemId}`
    const change = (body: unknown, headers: Record<string, string> = staff) =>
      call(s.url, 'PUT', url, { body, headers })

    const changed = await change({
      amount: 2,
      parts: [{ options: ['24 cm'] }, { options: ['Goldblatt'] }, { text: 'Für Oma' }, {}],
      version: 1,
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    // 2 × (48.00 + 9.00) + Zopf 6.90, takeaway tax 2.6 %.
    expect(changed.body.data.items[1]).toMatchObject({
      itemId: torte.itemId,
      amount: 2,
      unitPrice: 5700,
      total: 11400,
    })
    expect(changed.body.data.pricing).toMatchObject({ totalGross: 12090, taxes: { '2.6': 306 } })
    expect(changed.body.data.version).toBe(2)

    const before = await orderEvents()
    expect((await change({ amount: 3, version: 1 })).status).toBe(409)
    const invalid = await change({ parts: [{ options: ['99 cm'] }] })
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors[0]).toEqual({
      field: 'parts.0.options',
      message: 'Die Option «99 cm» gibt es für «Grösse» nicht.',
    })
    expect((await change({ amount: 2 }, {})).status).toBe(401)
    expect((await change({ amount: 2 }, { 'x-api-key': 'k-other-branch-key' })).status).toBe(403)
    expect(
      (
        await call(s.url, 'PUT', `/api/orders/${order.id}/items/nope`, {
          body: { amount: 1 },
          headers: staff,
        })
      ).status,
    ).toBe(404)
    expect(await orderEvents()).toBe(before)

    const confirmed = await call(s.url, 'POST', `/api/orders/${order.id}/status/completed`, {
      body: {},
      headers: staff,
    })
    expect(confirmed.status).toBe(409)
    await call(s.url, 'POST', `/api/orders/${order.id}/status/cancel`, { body: {}, headers: staff })
    const final = await change({ amount: 1 })
    expect(final.status).toBe(409)
  })
})

describe('checkout: the catalogue is kept in memory, yet an order is never priced from an outdated copy', () => {
  it('a price change or a switched-off product in between: the order is checked again on the new catalogue', async () => {
    now = new Date('2026-03-28T19:00:00Z')
    const zopf = async () =>
      (
        await sql<{ id: string; version: number; data: Record<string, unknown> }>`
          SELECT id, version, data FROM rm_resources WHERE type = 'product' AND data->>'uid' = 'zopf'`.execute(
          s.db.db,
        )
      ).rows[0]!
    const change = async (data: (d: Record<string, unknown>) => Record<string, unknown>) => {
      const row = await zopf()
      await updateResource({
        db: s.db.db,
        bus: s.bus,
        type: 'product',
        id: row.id,
        version: row.version,
        actor: { kind: 'system' },
        data: data(row.data),
      })
    }
    const order = (price: number) =>
      place(testOrderBody('b1', { isDelivery: false, items: [{ product: 'zopf', amount: 1, price }] }))
    const original = (await zopf()).data

    // The first order reads the catalogue into memory.
    expect((await order(690)).status).toBe(201)
    try {
      // The price goes up: the copy in memory still says 6.90, the append's guard notices.
      await change((d) => ({ ...d, price: 720 }))
      const before = await orderEvents()
      const stale = await order(690)
      expect(stale.status, JSON.stringify(stale.body)).toBe(400)
      expect(stale.body.errors).toEqual([
        {
          field: 'items.0.price',
          message: expect.stringMatching(
            /^Der Preis von «Zopf 500 g» hat sich geändert und beträgt jetzt CHF\s7\.20\./,
          ),
        },
      ])
      expect(await orderEvents()).toBe(before)
      const repriced = await order(720)
      expect(repriced.status, JSON.stringify(repriced.body)).toBe(201)
      expect(repriced.body.data.pricing.totalGross).toBe(720)

      // Switched off: refused, and nothing appended.
      await change((d) => ({ ...d, isEnabled: false }))
      const off = await order(720)
      expect(off.status).toBe(400)
      expect(off.body.errors[0].field).toBe('items.0.product')
      // Switched on again: the refusal came from a copy that is no longer current, so the order
      // is checked again on the new catalogue and accepted.
      await change((d) => ({ ...d, isEnabled: true }))
      const on = await order(720)
      expect(on.status, JSON.stringify(on.body)).toBe(201)
      expect(await orderEvents()).toBe(before + 2)
    } finally {
      await change(() => original)
    }
    expect((await order(690)).status).toBe(201)
  })
})

describe('issue 18 item 8: a refusal names the product in the customer’s language', () => {
  it('the French name in French, German where there is no translation or German was asked for', async () => {
    now = new Date('2026-03-28T19:00:00Z')
    const row = (
      await sql<{ id: string; version: number; data: Record<string, unknown> }>`
        SELECT id, version, data FROM rm_resources WHERE type = 'product' AND data->>'uid' = 'zopf'`.execute(
        s.db.db,
      )
    ).rows[0]!
    const write = (data: Record<string, unknown>, version: number) =>
      updateResource({
        db: s.db.db,
        bus: s.bus,
        type: 'product',
        id: row.id,
        version,
        actor: { kind: 'system' },
        data,
      })
    await write({ ...row.data, translations: { 'fr-FR': { name: 'Tresse 500 g' } } }, row.version)
    try {
      // A price the customer saw that is not the catalogue's: the refusal names the product.
      const wrongPrice = (language: string) =>
        place(
          testOrderBody('b1', { isDelivery: false, items: [{ product: 'zopf', amount: 1, price: 100 }] }),
          {
            'accept-language': language,
          },
        )
      const french = await wrongPrice('fr-CH')
      expect(french.status).toBe(400)
      const priceError = (body: { errors: { field: string; message: string }[] }) =>
        body.errors.find((e) => e.field === 'items.0.price')?.message
      expect(priceError(french.body)).toContain('«Tresse 500 g»')
      expect(priceError((await wrongPrice('de-CH')).body)).toContain('«Zopf 500 g»')
      // English has no translation: the German name.
      expect(priceError((await wrongPrice('en')).body)).toContain('“Zopf 500 g”')
    } finally {
      await write(row.data, row.version + 1)
    }
  })
})
