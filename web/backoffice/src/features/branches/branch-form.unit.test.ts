import { createBranchBodySchema, parseWithErrors } from '@shop/shared/contracts'
import { compileSchedule, hoursOn, type OpeningHoursRule, weekHours } from '@shop/shared/domain/scheduling'
import { describe, expect, it } from 'vitest'
import { maskKey } from './api-key-panel.tsx'
import {
  addException,
  addShift,
  type BranchForm,
  canonicalRules,
  closeDay,
  previewDays,
  type RuleForm,
  rankOf,
  removeRule,
  resetDay,
  rulesOf,
  toBody,
  toForm,
  toRuleForm,
  zipCodeList,
} from './branch-form.ts'
import { tableLink } from './branch-tables.tsx'
import { firstMessage } from './delivery-areas.tsx'

/** A branch as GET /api/branches/{id} answers it for an admin: every field set. */
const STORED = {
  id: 'b-1',
  version: 7,
  apiKey: 'k'.repeat(32),
  identifier: 'zuerich-altstadt',
  name: 'Huber Zürich Altstadt',
  description: 'Backstube und Café',
  street: 'Niederdorfstrasse 24',
  zipCode: '8001',
  city: 'Zürich',
  country: 'CH',
  phone: '+41 44 251 18 98',
  email: 'altstadt@example.ch',
  latitude: 47.37396,
  longitude: 8.54418,
  keywords: 'Niederdorf, Café',
  tags: [{ id: 't-1' }, { id: 't-2' }],
  images: [{ id: 'i-1', version: 2, extension: 'jpg' }],
  logo: { id: 'i-2', version: 1, extension: 'png' },
  isPublic: true,
  openingHours: [
    { type: 'daily', date: null, isClosed: false, from: '06:30', to: '19:00' },
    { type: 'monday', date: null, isClosed: false, from: '11:00', to: '14:00' },
    { type: 'monday', date: null, isClosed: false, from: '17:00', to: '22:00' },
    { type: 'friday', date: null, isClosed: false, from: '06:00', to: '01:00' },
    { type: 'sunday', date: null, isClosed: true, from: null, to: null },
    { type: 'once', date: '2026-12-24', isClosed: false, from: '06:30', to: '14:00' },
    { type: 'once', date: '2026-12-25', isClosed: true, from: null, to: null },
  ],
  deliveryHours: [{ type: 'saturday', date: null, isClosed: false, from: '10:00', to: '14:00' }],
  isDeliveryHoursEnabled: true,
  orderableFrom: '07:00',
  closedMessage: 'Ab 6:30 Uhr wieder offen.',
  isTakeawayEnabled: true,
  isDeliveryEnabled: true,
  isDineInEnabled: true,
  isTableSelectionEnabled: true,
  isPreorderEnabled: true,
  isAppointmentRequired: true,
  isQuotationRequired: true,
  isCashEnabled: true,
  isATMCardEnabled: true,
  isVoucherEnabled: true,
  isStripeEnabled: true,
  isMollieEnabled: false,
  isDeliveryEmailRequired: true,
  isDeliveryPhoneRequired: false,
  isDeliveryAddressRequired: true,
  isDineInEmailRequired: true,
  isDineInPhoneRequired: true,
  isDineInAddressRequired: false,
  isTakeawayEmailRequired: false,
  isTakeawayPhoneRequired: true,
  isTakeawayAddressRequired: true,
  deliveryAreas: [
    {
      id: 'area-1',
      area: 'Altstadt',
      price: 500,
      tax: 2.6,
      free: false,
      freeFromOrderValue: 5000,
      minimumOrderValue: 2000,
      zipCodes: ['8001', '8002', '80*'],
    },
    {
      id: 'area-2',
      area: 'Aussenquartiere',
      price: 900,
      tax: 8.1,
      free: true,
      freeFromOrderValue: null,
      minimumOrderValue: null,
      zipCodes: [],
    },
  ],
  timeZone: 'Europe/Zurich',
  missedOrderMinutes: 6,
}

const { id: _id, version: _version, apiKey: _apiKey, ...WRITABLE } = STORED

const rule = (type: RuleForm['type'], from = '', to = '', extra: Partial<RuleForm> = {}): RuleForm => ({
  type,
  date: '',
  isClosed: false,
  from,
  to,
  ...extra,
})

const asRules = (rules: RuleForm[]) =>
  toBody({ ...toForm(null), openingHours: rules }).openingHours as OpeningHoursRule[]

describe('toForm / toBody', () => {
  it('gives back exactly the stored branch (every field), which the contract takes unchanged', () => {
    const body = toBody(toForm(STORED))
    expect(body).toEqual(WRITABLE)
    const parsed = createBranchBodySchema.safeParse(body)
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual(WRITABLE)
  })

  it('starts a new branch with the contract defaults; name and identifier are refused blank', () => {
    const form = toForm(null)
    expect(form.timeZone).toBe('Europe/Zurich')
    expect(form.isTakeawayEnabled).toBe(true)
    expect(form.isCashEnabled).toBe(true)
    expect(form.isDeliveryPhoneRequired).toBe(true)
    expect(form.isDeliveryEnabled).toBe(false)
    expect(form.missedOrderMinutes).toBe(4)
    const result = parseWithErrors(createBranchBodySchema, toBody(form))
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.errors.map((e) => e.field).sort()).toEqual(['identifier', 'name'])
  })

  it('sends blank texts as null and the postcodes as a list', () => {
    const form: BranchForm = {
      ...toForm(null),
      identifier: 'neu',
      name: 'Neu',
      phone: '  ',
      orderableFrom: '',
      isDeliveryEnabled: true,
      deliveryAreas: [
        {
          id: null,
          area: 'Kreis 1',
          price: 400,
          tax: 2.6,
          free: false,
          freeFromOrderValue: null,
          minimumOrderValue: null,
          zipCodes: '8001, 8002\n8003;  80* ',
        },
      ],
    }
    const body = toBody(form)
    expect(body.phone).toBeNull()
    expect(body.orderableFrom).toBeNull()
    expect((body.deliveryAreas as { zipCodes: string[] }[])[0]?.zipCodes).toEqual([
      '8001',
      '8002',
      '8003',
      '80*',
    ])
    expect(createBranchBodySchema.safeParse(body).success).toBe(true)
  })

  it('names a malformed postcode by its place in the list, which the field shows with the postcode', () => {
    const form: BranchForm = {
      ...toForm(STORED),
      deliveryAreas: [{ ...toForm(STORED).deliveryAreas[0]!, zipCodes: '8001, 80x!, 8003' }],
    }
    const result = parseWithErrors(createBranchBodySchema, toBody(form))
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.errors).toEqual([
      { field: 'deliveryAreas.0.zipCodes.1', message: expect.stringContaining('keine gültige Postleitzahl') },
    ])
    // The field's error object as react-hook-form keeps it: a list with the message at index 1.
    expect(firstMessage([undefined, { message: 'falsch' }])).toEqual({ message: 'falsch', index: 1 })
    expect(zipCodeList('8001, 80x!, 8003')[1]).toBe('80x!')
  })

  it('refuses equal from and to at that rule\'s "to" (a time before "from" runs past midnight)', () => {
    const form = toForm(STORED)
    const bad = { ...form, openingHours: [...form.openingHours] }
    bad.openingHours[1] = { ...bad.openingHours[1]!, to: '11:00' }
    const result = parseWithErrors(createBranchBodySchema, toBody(bad))
    expect(result.success).toBe(false)
    if (!result.success)
      expect(result.errors).toEqual([
        { field: 'openingHours.1.to', message: 'Die Endzeit muss nach der Startzeit liegen.' },
      ])
    bad.openingHours[1] = { ...bad.openingHours[1]!, from: '22:00', to: '02:00' }
    expect(createBranchBodySchema.safeParse(toBody(bad)).success).toBe(true)
  })
})

describe('the hours editor model', () => {
  it('keeps rules in the order every day, Monday … Sunday, dated', () => {
    let rules: RuleForm[] = []
    rules = addShift(rules, 'friday')
    rules = addShift(rules, 'monday')
    rules = addShift(rules, 'daily')
    rules = addException(rules, '2026-12-25', true)
    rules = addShift(rules, 'monday')
    expect(rules.map((r) => r.type)).toEqual(['daily', 'monday', 'monday', 'friday', 'once'])
    expect(rules.map((r) => rankOf(r.type))).toEqual([0, 1, 1, 5, 8])
    expect(rulesOf(rules, 'monday').map((r) => r.index)).toEqual([1, 2])
  })

  it('closes a day (its shifts go), reopens it with a shift, and resets it to the daily hours', () => {
    let rules = [
      rule('daily', '08:00', '18:00'),
      rule('monday', '11:00', '14:00'),
      rule('monday', '17:00', '22:00'),
    ]
    rules = closeDay(rules, 'monday')
    expect(rulesOf(rules, 'monday').map((r) => r.rule.isClosed)).toEqual([true])
    expect(hoursOn(asRules(rules), '2026-11-23').isClosed).toBe(true)
    rules = addShift(rules, 'monday')
    expect(rulesOf(rules, 'monday').map((r) => r.rule.isClosed)).toEqual([false])
    rules = resetDay(rules, 'monday')
    expect(hoursOn(asRules(rules), '2026-11-23').intervals.map((i) => `${i.from}-${i.to}`)).toEqual([
      '08:00-18:00',
    ])
    expect(removeRule(rules, 0)).toEqual([])
  })

  it('reads split shifts and dated exceptions as the shared scheduling code does', () => {
    const rules = [
      rule('daily', '08:00', '18:00'),
      rule('monday', '11:00', '14:00'),
      rule('monday', '17:00', '22:00'),
      rule('saturday', '', '', { isClosed: true }),
      rule('once', '', '', { date: '2026-11-30', isClosed: true }),
    ]
    const week = weekHours(asRules(rules), '2026-11-23').map((d) =>
      d.intervals.map((i) => `${i.from}-${i.to}`),
    )
    expect(week).toEqual([
      ['11:00-14:00', '17:00-22:00'],
      ['08:00-18:00'],
      ['08:00-18:00'],
      ['08:00-18:00'],
      ['08:00-18:00'],
      [],
      ['08:00-18:00'],
    ])
    expect(hoursOn(asRules(rules), '2026-11-30').isClosed).toBe(true)
  })

  it('rewrites rules stored in another order as what they mean, once rules kept', () => {
    const stored = [
      rule('monday', '09:00', '12:00'),
      rule('daily', '08:00', '18:00'),
      rule('sunday', '', '', { isClosed: true }),
      rule('once', '10:00', '12:00', { date: '2026-12-24' }),
    ]
    const canonical = canonicalRules(stored)
    expect(canonical.map((r) => rankOf(r.type))).toEqual([...canonical.map((r) => rankOf(r.type))].sort())
    const before = compileSchedule(asRules(stored))
    const after = compileSchedule(asRules(canonical))
    for (const date of ['2026-11-23', '2026-11-24', '2026-11-29', '2026-12-24'])
      expect(hoursOn(after, date)).toEqual(hoursOn(before, date))
    // Already ordered rules stay exactly as they are.
    const ordered = toForm(STORED).openingHours
    expect(canonicalRules(ordered)).toEqual(ordered)
    expect(ordered).toEqual(STORED.openingHours.map(toRuleForm))
  })

  it('previews 14 days from today in the branch zone, with delivery hours when enabled', () => {
    const form = toForm(STORED)
    // Tuesday 24 November 2026, 23:30 UTC is already Wednesday 25 in Zürich.
    const days = previewDays(form, Date.parse('2026-11-24T23:30:00Z'))
    expect(days).toHaveLength(14)
    expect(days[0]?.date).toBe('2026-11-25')
    expect(days[13]?.date).toBe('2026-12-08')
    const saturday = days.find((d) => d.date === '2026-11-28')
    expect(saturday?.delivery?.intervals.map((i) => `${i.from}-${i.to}`)).toEqual(['10:00-14:00'])
    expect(days.find((d) => d.date === '2026-11-29')?.opening.isClosed).toBe(true)
    const off = previewDays({ ...form, isDeliveryEnabled: false }, Date.parse('2026-11-24T23:30:00Z'))
    expect(off.every((d) => d.delivery === null)).toBe(true)
    const tokyo = previewDays({ ...form, timeZone: 'Asia/Tokyo' }, Date.parse('2026-11-24T16:00:00Z'))
    expect(tokyo[0]?.date).toBe('2026-11-25')
  })
})

describe('tables and api key', () => {
  it("links a table's QR code to the branch's menu with the table", () => {
    expect(tableLink('https://shop.example', 'zuerich-altstadt', '7')).toBe(
      'https://shop.example/store/zuerich-altstadt?table=7',
    )
    expect(tableLink('https://shop.example', 'b', 'terrasse 3')).toBe(
      'https://shop.example/store/b?table=terrasse%203',
    )
  })
  it('masks the api key but its last four characters', () => {
    const masked = maskKey('abcdefghijklmnopqrstuvwxyz123456')
    expect(masked.endsWith('3456')).toBe(true)
    expect(masked).not.toContain('abcd')
  })
})
