import type { Product } from '@shop/shared/domain/catalogue'
import { staffActionLabelKey } from '@shop/shared/domain/ordering/order-actions.ts'
import { describe, expect, it } from 'vitest'
import {
  changeBody,
  draftChanged,
  draftGross,
  draftOf,
  draftProblems,
  type OrderItem,
  toDomainProduct,
} from './item-edit.ts'
import {
  appendPage,
  DEFAULT_PAGE_SIZE,
  EMPTY_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  listRequestPath,
} from './order-query.ts'
import { actorText, eventDetails, timelineRows } from './order-timeline.ts'
import {
  addressLines,
  customerLabel,
  formatDateTime,
  isOnlinePayment,
  mayEditItems,
  money,
  statusActions,
  taxLines,
  ticketLabel,
} from './order-view.ts'
import {
  filenameOf,
  lineText,
  pageLengthMm,
  pageRule,
  paperWidthMm,
  parseWidth,
  printFontMm,
  toReceiptLines,
} from './receipt-model.ts'

const ZH = 'Europe/Zurich'

describe('order list filters', () => {
  it('reads the URL query, dropping malformed values', () => {
    const params = new URLSearchParams(
      'branch=b-1&from=2026-11-01&to=2026-13-40&status=confirmed&orderType=pizza&q=Anna&limit=2',
    )
    expect(filtersFromSearch(params, 'history')).toEqual({
      branch: 'b-1',
      from: '2026-11-01',
      to: '',
      status: 'confirmed',
      orderType: '',
      q: 'Anna',
      limit: 2,
    })
  })

  it('offers only the statuses the list can hold', () => {
    const params = new URLSearchParams('status=completed')
    expect(filtersFromSearch(params, 'history').status).toBe('completed')
    expect(filtersFromSearch(params, 'current').status).toBe('')
    expect(filtersFromSearch(new URLSearchParams('status=awaitingConfirmation'), 'missed').status).toBe('')
  })

  it('falls back to the default page size outside 1..200', () => {
    expect(filtersFromSearch(new URLSearchParams('limit=0'), 'history').limit).toBe(DEFAULT_PAGE_SIZE)
    expect(filtersFromSearch(new URLSearchParams('limit=201'), 'history').limit).toBe(DEFAULT_PAGE_SIZE)
    expect(filtersFromSearch(new URLSearchParams('limit=1.5'), 'history').limit).toBe(DEFAULT_PAGE_SIZE)
  })

  it('round-trips through the URL and leaves empty filters out', () => {
    const filters = { ...EMPTY_FILTERS, from: '2026-11-01', orderType: 'delivery' as const, q: 'Beat' }
    expect(filtersToSearch(filters).toString()).toBe('from=2026-11-01&orderType=delivery&q=Beat')
    expect(filtersFromSearch(filtersToSearch(filters), 'history')).toEqual(filters)
    expect(filtersToSearch(EMPTY_FILTERS).toString()).toBe('')
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false)
    expect(hasActiveFilters({ ...EMPTY_FILTERS, q: '  ' })).toBe(false)
    expect(hasActiveFilters(filters)).toBe(true)
  })

  it('turns local days into the branch zone midnights, "to" inclusive', () => {
    // 24 Nov 2026: Zürich is UTC+1 (CET); 29 Mar 2026 is the switch to CEST.
    const path = listRequestPath(
      'history',
      { ...EMPTY_FILTERS, from: '2026-11-24', to: '2026-11-24', status: 'confirmed', q: ' Anna ' },
      { timeZone: ZH },
    )
    const params = new URLSearchParams(path.split('?')[1])
    expect(path.startsWith('/orders?')).toBe(true)
    expect(params.get('from')).toBe('2026-11-23T23:00:00.000Z')
    expect(params.get('to')).toBe('2026-11-24T23:00:00.000Z')
    expect(params.get('status')).toBe('confirmed')
    expect(params.get('q')).toBe('Anna')
    expect(params.get('limit')).toBe('50')
    expect(params.has('before')).toBe(false)
    const dst = new URLSearchParams(
      listRequestPath('history', { ...EMPTY_FILTERS, to: '2026-03-29' }, { timeZone: ZH }).split('?')[1],
    )
    expect(dst.get('to')).toBe('2026-03-29T22:00:00.000Z')
  })

  it('pages with before and uses the list endpoint', () => {
    const before = '2026-11-24T08:00:00.000Z'
    expect(listRequestPath('current', EMPTY_FILTERS, { timeZone: ZH, before })).toBe(
      `/orders/current?limit=50&before=${encodeURIComponent(before)}`,
    )
    expect(
      listRequestPath('missed', { ...EMPTY_FILTERS, status: 'confirmed' }, { timeZone: ZH }).startsWith(
        '/orders/missed?limit=50',
      ),
    ).toBe(true)
  })

  it('appends a page without repeating an order and tells whether more may come', () => {
    const a = { id: 'a' }
    const b = { id: 'b' }
    const c = { id: 'c' }
    expect(appendPage([a, b], [b, c], 2)).toEqual({ orders: [a, b, c], hasMore: true })
    expect(appendPage([a], [c], 2)).toEqual({ orders: [a, c], hasMore: false })
  })
})

describe('order display', () => {
  it('formats date-times as DD.MM.YYYY HH:mm in the branch zone', () => {
    expect(formatDateTime('2026-11-24T09:05:00.000Z', ZH)).toBe('24.11.2026 10:05')
    expect(formatDateTime('2026-07-01T22:30:00Z', ZH)).toBe('02.07.2026 00:30')
    expect(formatDateTime(null, ZH)).toBe('')
    expect(formatDateTime('nonsense', ZH)).toBe('')
  })

  it('formats money in the German Swiss format with two decimals', () => {
    // The grouping apostrophe (' or ’) and the space (NBSP) differ between ICU versions.
    expect(money(123450, 'CHF')).toMatch(/^CHF\s1['’]234\.50$/)
    expect(money(5, 'CHF')).toMatch(/^CHF\s0\.05$/)
  })

  it('labels ticket, customer and address', () => {
    expect(ticketLabel({ ticketNumber: 7, id: 'abcdef12-0000' })).toBe('#7')
    expect(ticketLabel({ ticketNumber: null, id: 'abcdef12-0000' })).toBe('ABCDEF12')
    const customer = {
      firstName: 'Anna',
      lastName: 'Muster',
      email: null,
      phone: null,
      isCompany: true,
      companyName: 'Muster AG',
    }
    expect(customerLabel({ customerName: 'Anna Muster', customer })).toBe('Muster AG (Anna Muster)')
    expect(
      addressLines({
        companyName: null,
        firstName: 'Anna',
        lastName: 'Muster',
        street: 'Bahnhofstrasse 1',
        floor: '3',
        stairway: null,
        door: '12',
        zipCode: '8001',
        city: 'Zürich',
        country: 'CH',
      }),
    ).toEqual(['Anna Muster', 'Bahnhofstrasse 1, 3 / 12', '8001 Zürich, CH'])
    expect(addressLines(null)).toEqual([])
  })

  it('orders the status actions and names them from the ordering catalogue', () => {
    expect(statusActions({ allowedActions: ['cancel', 'reject', 'confirm', 'counter-appointment'] })).toEqual(
      ['confirm', 'counter-appointment', 'reject', 'cancel'],
    )
    expect(staffActionLabelKey('in-delivery', { isDelivery: true })).toBe('ordering:action.markInDelivery')
    expect(staffActionLabelKey('in-delivery', { isDelivery: false })).toBe('ordering:action.markReady')
  })

  it('knows online payment methods and when items may be edited', () => {
    expect(isOnlinePayment('stripe')).toBe(true)
    expect(isOnlinePayment('cash')).toBe(false)
    expect(isOnlinePayment('toString')).toBe(false)
    expect(mayEditItems({ status: 'confirmed' })).toBe(true)
    expect(mayEditItems({ status: 'completed' })).toBe(false)
    // Issue 18 item 6: an online order only once paid (a lower total is refunded).
    expect(mayEditItems({ status: 'confirmed', paymentMethod: 'stripe', paymentStatus: 'awaiting' })).toBe(
      false,
    )
    expect(mayEditItems({ status: 'confirmed', paymentMethod: 'stripe', paymentStatus: 'paid' })).toBe(true)
  })

  it('lists the taxes by rate, highest first', () => {
    expect(taxLines({ totalGross: 100, taxes: { '2.6': 5, '8.1': 40 } })).toEqual([
      ['8.1', 40],
      ['2.6', 5],
    ])
    expect(taxLines({ totalGross: 100 })).toEqual([])
  })
})

describe('order timeline', () => {
  const events = [
    {
      position: 2,
      type: 'OrderRejected',
      at: '2026-11-24T09:10:00Z',
      actor: { kind: 'staff' as const, id: 'u-1', name: 'Demo Admin' },
      details: { message: 'Ausverkauft' },
    },
    {
      position: 1,
      type: 'OrderCreated',
      at: '2026-11-24T09:00:00Z',
      actor: { kind: 'customer' as const },
      details: {},
    },
    { position: 3, type: 'Mystery', at: '2026-11-24T09:11:00Z', actor: { kind: 'system' as const } },
    {
      position: 4,
      type: 'OrderMarkedInDelivery',
      at: '2026-11-24T09:12:00Z',
      actor: { kind: 'staff' as const, id: 'frontdesk:b', name: 'Frontdesk' },
    },
  ]

  it('sorts by position and names who did what', () => {
    const rows = timelineRows(events, { isDelivery: false })
    expect(rows.map((r) => r.type)).toEqual([
      'OrderCreated',
      'OrderRejected',
      'Mystery',
      'OrderMarkedInDelivery',
    ])
    expect(rows.map((r) => r.labelKey)).toEqual([
      'event.OrderCreated',
      'event.OrderRejected',
      null,
      'event.OrderMarkedReady',
    ])
    const t = (key: string) => `<${key}>`
    expect(rows.map((r) => actorText(r.actor, t))).toEqual([
      '<actor.customer>',
      'Demo Admin',
      '<actor.system>',
      'Frontdesk',
    ])
    expect(rows[1]?.details).toEqual([
      { key: 'message', labelKey: 'detailField.message', kind: 'text', value: 'Ausverkauft' },
    ])
    expect(timelineRows([events[3]!], { isDelivery: true })[0]?.labelKey).toBe('event.OrderMarkedInDelivery')
    const created = timelineRows([{ ...events[1]!, details: { totalGross: 900 } }])[0]
    expect(created?.details).toEqual([
      { key: 'totalGross', labelKey: 'detailField.total', kind: 'money', value: 900 },
    ])
  })

  it('names a refund’s amount as money and a request’s reason as a refund reason (issue 18 item 6)', () => {
    expect(eventDetails({ refundNumber: 1, attempt: 1, amount: 1380, reason: 'canceled' })).toEqual([
      { key: 'refundReason', labelKey: 'detailField.refundReason', kind: 'refundReason', value: 'canceled' },
      { key: 'refundAmount', labelKey: 'detailField.refundAmount', kind: 'money', value: 1380 },
    ])
    expect(
      eventDetails({ refundNumber: 1, amount: 1380, reason: 'Karte gesperrt', kind: 'refused' }).map((d) => [
        d.key,
        d.value,
      ]),
    ).toEqual([
      ['reason', 'Karte gesperrt'],
      ['refundAmount', 1380],
    ])
  })

  it("reads the details of the server's event entries", () => {
    // OrderItemChanged as GET /api/orders/{id}/events sends it.
    expect(
      eventDetails({
        itemId: 'i-1',
        name: 'Gipfeli',
        amount: 3,
        unit: 'piece',
        total: 540,
        parts: [],
        totalGross: 1240,
      }),
    ).toEqual([
      { key: 'itemName', labelKey: 'detailField.itemName', kind: 'text', value: 'Gipfeli' },
      { key: 'amount', labelKey: 'detailField.amount', kind: 'amount', value: { amount: 3, unit: 'piece' } },
      { key: 'totalGross', labelKey: 'detailField.totalGross', kind: 'money', value: 1240 },
    ])
    // OrderCreated: the items, the method and the total; a null appointment is left out.
    expect(
      eventDetails({
        orderType: 'takeaway',
        appointment: null,
        paymentMethod: 'cash',
        totalGross: 900,
        items: [{ name: 'Zopf', amount: 1, unit: 'piece' }, { bad: true }],
        comment: null,
      }),
    ).toEqual([
      {
        key: 'items',
        labelKey: 'detailField.items',
        kind: 'items',
        value: [{ name: 'Zopf', amount: 1, unit: 'piece' }],
      },
      { key: 'paymentMethod', labelKey: 'detailField.paymentMethod', kind: 'paymentMethod', value: 'cash' },
      { key: 'totalGross', labelKey: 'detailField.totalGross', kind: 'money', value: 900 },
    ])
    // A nested item (older shape) and an appointment; unknown fields are not shown.
    expect(
      eventDetails({ item: { name: 'Brot', amount: 2, unit: 'kilogram' }, pricing: { totalGross: 5 } }).map(
        (d) => d.key,
      ),
    ).toEqual(['itemName', 'amount', 'totalGross'])
    expect(eventDetails({ appointment: '2026-11-25T14:00:00Z', rating: 5, junk: { a: 1 } })).toEqual([
      {
        key: 'appointment',
        labelKey: 'detailField.appointment',
        kind: 'dateTime',
        value: '2026-11-25T14:00:00Z',
      },
      { key: 'rating', labelKey: 'detailField.rating', kind: 'rating', value: 5 },
    ])
    expect(eventDetails(null)).toEqual([])
  })
})

describe('item edit', () => {
  const product: Product = toDomainProduct({
    id: 'p-1',
    uid: 'sandwich',
    name: 'Sandwich',
    price: 800,
    unit: 'piece',
    minimumQuantity: 1,
    quantityStepSize: 1,
    config: {
      parts: [
        {
          name: 'Brot',
          type: 'select',
          optional: false,
          options: [
            { name: 'Weiss', modifier: 'add', value: 0 },
            { name: 'Vollkorn', modifier: 'add', value: 50 },
          ],
        },
        {
          name: 'Extras',
          type: 'multiselect',
          optional: true,
          options: [{ name: 'Käse', modifier: 'add', value: 100 }],
        },
        { name: 'Wunsch', type: 'text', optional: true, options: [] },
      ],
    },
  })
  const item: OrderItem = {
    itemId: 'i-1',
    productUid: 'sandwich',
    name: 'Sandwich',
    amount: 2,
    unit: 'piece',
    unitPrice: 850,
    total: 1700,
    parts: [
      { name: 'Extras', type: 'multiselect', options: [], text: null, uploads: [] },
      { name: 'Brot', type: 'select', options: ['Vollkorn'], text: null, uploads: [] },
    ],
  }

  it('starts from the ordered item, parts matched by name', () => {
    const draft = draftOf(item, product)
    expect(draft.amount).toBe(2)
    expect(draft.parts.map((p) => p.options)).toEqual([['Vollkorn'], [], []])
    expect(draftProblems(draft, product)).toEqual([])
    expect(draftGross(draft, product)).toBe(1700)
    expect(draftChanged(draft, item, product)).toBe(false)
  })

  it('reports invalid drafts with the shared catalogue rules', () => {
    const draft = draftOf(item, product)
    expect(draftProblems({ ...draft, amount: 0 }, product).map((p) => p.reason)).toContain(
      'amount-not-positive',
    )
    expect(draftProblems({ ...draft, amount: 1.5 }, product).map((p) => p.reason)).toEqual([
      'amount-off-grid',
    ])
    const noBread = { ...draft, parts: [{ options: [], text: '', uploads: [] }, ...draft.parts.slice(1)] }
    expect(draftProblems(noBread, product)).toEqual([{ reason: 'choice-required', partIndex: 0 }])
  })

  it('builds the PUT body with positional parts and the version', () => {
    const draft = draftOf(item, product)
    const edited = {
      ...draft,
      amount: 3,
      parts: [
        draft.parts[0]!,
        { options: ['Käse'], text: '', uploads: [] },
        { options: [], text: 'ohne Butter', uploads: [] },
      ],
    }
    expect(draftChanged(edited, item, product)).toBe(true)
    expect(draftGross(edited, product)).toBe(3 * 950)
    expect(changeBody(edited, 4)).toEqual({
      amount: 3,
      unit: 'piece',
      parts: [
        { options: ['Vollkorn'], text: null, uploads: [] },
        { options: ['Käse'], text: null, uploads: [] },
        { options: [], text: 'ohne Butter', uploads: [] },
      ],
      version: 4,
    })
  })
})

describe('receipt', () => {
  it('reads widths and paper sizes', () => {
    expect(parseWidth('32')).toBe(32)
    expect(parseWidth('40')).toBe(42)
    expect(parseWidth(null)).toBe(42)
    expect(paperWidthMm(32)).toBe(58)
    expect(paperWidthMm(48)).toBe(80)
  })

  it('sizes the printed page to the roll and the receipt', () => {
    // 72 mm printable over 42 characters of 0.6em: about 2.86 mm per font size.
    expect(printFontMm(42)).toBeCloseTo(72 / 25.2, 5)
    expect(printFontMm(32)).toBeCloseTo(52 / 19.2, 5)
    const lines = [{ text: 'Huber', double: true }, { text: 'a' }, { text: 'b' }]
    const line = printFontMm(42) * 1.2
    expect(pageLengthMm(lines, 42)).toBe(Math.ceil(4 * line + 8 + 6))
    expect(pageRule(lines, 42)).toBe(`@page { size: 80mm ${pageLengthMm(lines, 42)}mm; margin: 4mm; }`)
    expect(pageRule([], 32)).toMatch(/^@page \{ size: 58mm \d+mm; margin: 3mm; \}$/)
  })

  it('takes the file name from Content-Disposition', () => {
    expect(filenameOf('inline; filename="receipt-ABCD1234.pdf"', 'x.pdf')).toBe('receipt-ABCD1234.pdf')
    expect(filenameOf("attachment; filename*=UTF-8''Beleg%20%C3%A4.pdf", 'x.pdf')).toBe('Beleg ä.pdf')
    expect(filenameOf('attachment; filename="../../etc/passwd"', 'x.pdf')).toBe('passwd')
    expect(filenameOf(null, 'x.pdf')).toBe('x.pdf')
  })

  it('keeps lines exactly and reads double lines trimmed like the text preview', () => {
    const receipt = toReceiptLines({
      width: 42,
      lines: [{ text: '  Huber  ', double: true, bold: true }, { text: 'Total   CHF 5.00' }, { nope: 1 }],
    })
    expect(receipt.lines).toEqual([
      { text: '  Huber  ', bold: true, double: true },
      { text: 'Total   CHF 5.00', bold: false, double: false },
    ])
    expect(receipt.lines.map(lineText)).toEqual(['Huber', 'Total   CHF 5.00'])
    expect(toReceiptLines(null)).toEqual({ width: 42, lines: [] })
  })
})
