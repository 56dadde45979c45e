import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { branchResultMessage } from '@shop/shared/domain/catalogue'
import { describe, expect, it } from 'vitest'
import {
  addressLine,
  branchHours,
  type HomeBranch,
  homeDescription,
  homeTitle,
  introTitle,
  RESULT_TEXTS,
  routeHref,
  teaserBranch,
  telHref,
  weekRows,
} from './home.view.ts'

const locales = join(import.meta.dirname, '..', '..', 'locales')
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(join(locales, locale, 'sf-home.json'), 'utf8')) as Record<string, unknown>

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key))
}

function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((inner, key) => (inner as Record<string, unknown> | undefined)?.[key], value)
}

const branch = (over: Partial<HomeBranch> = {}): HomeBranch => ({
  identifier: 'winterthur',
  name: 'Huber Winterthur Marktgasse',
  street: 'Marktgasse 45',
  zipCode: '8400',
  city: 'Winterthur',
  phone: '+41 52 212 34 50',
  latitude: 47.49966,
  longitude: 8.72869,
  isPublic: true,
  isDeliveryEnabled: true,
  isDeliveryHoursEnabled: true,
  openingHours: [
    { type: 'daily', date: null, isClosed: false, from: '06:00', to: '18:30' },
    { type: 'sunday', date: null, isClosed: true, from: null, to: null },
    { type: 'once', date: '2026-11-26', isClosed: true, from: null, to: null },
  ],
  deliveryHours: [
    { type: 'tuesday', date: null, isClosed: false, from: '11:00', to: '13:30' },
    { type: 'tuesday', date: null, isClosed: false, from: '17:30', to: '20:30' },
  ],
  orderableFrom: '07:30',
  closedMessage: null,
  timeZone: 'Europe/Zurich',
  ...over,
})

// Tuesday 24 November 2026, 10:00 in Zürich.
const TUESDAY_10 = new Date('2026-11-24T09:00:00.000Z')

describe('teaserBranch', () => {
  it('is the one public branch, else null (list)', () => {
    const a = branch({ identifier: 'a' })
    const b = branch({ identifier: 'b', isPublic: false })
    expect(teaserBranch([a, b])).toBe(a)
    expect(teaserBranch([a, branch({ identifier: 'c' })])).toBeNull()
    expect(teaserBranch([b])).toBeNull()
    expect(teaserBranch([])).toBeNull()
  })
})

describe('page title and intro', () => {
  it("follows the division pattern '{title} - {shop title}'", () => {
    expect(homeTitle({ title: 'Frisch gebacken', shopName: 'Huber' })).toBe('Frisch gebacken - Huber')
    expect(homeTitle({ title: ' ', shopName: 'Huber' })).toBe('Huber')
    expect(homeTitle({ title: 'Huber', shopName: 'Huber' })).toBe('Huber')
    expect(homeTitle({ title: 'Frisch', shopName: null })).toBe('Frisch')
  })

  it('heads the intro with the title, else the shop name; describes with the SEO text first', () => {
    expect(introTitle({ title: null, shopName: 'Huber' })).toBe('Huber')
    expect(introTitle({ title: 'Frisch', shopName: 'Huber' })).toBe('Frisch')
    expect(homeDescription({ seoDescription: 'SEO', description: 'Text' })).toBe('SEO')
    expect(homeDescription({ seoDescription: '', description: 'Text' })).toBe('Text')
    expect(homeDescription({})).toBeUndefined()
  })
})

describe('contact links', () => {
  it('dials digits with the international prefix', () => {
    expect(telHref('+41 52 212 34 50')).toBe('tel:+41522123450')
    expect(telHref('0041 44 251 18 98')).toBe('tel:+41442511898')
    expect(telHref('044 251-18-98')).toBe('tel:0442511898')
  })

  it('routes to the coordinates, else the address, else nowhere', () => {
    expect(routeHref(branch())).toBe('https://www.google.com/maps/dir/?api=1&destination=47.49966%2C8.72869')
    expect(routeHref(branch({ latitude: null, longitude: null }))).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Marktgasse%2045%2C%208400%20Winterthur',
    )
    expect(
      routeHref(branch({ latitude: null, longitude: null, street: null, zipCode: null, city: null })),
    ).toBeNull()
  })

  it('writes the address from the parts that are set', () => {
    expect(addressLine(branch())).toBe('Marktgasse 45, 8400 Winterthur')
    expect(addressLine(branch({ street: null }))).toBe('8400 Winterthur')
    expect(addressLine(branch({ zipCode: '', city: 'Winterthur' }))).toBe('Marktgasse 45, Winterthur')
  })
})

describe('weekRows', () => {
  it('lists Monday to Sunday of this week with opening and delivery hours', () => {
    const rows = weekRows(branch(), TUESDAY_10)
    expect(rows.map((row) => row.weekday)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ])
    expect(rows.filter((row) => row.isToday).map((row) => row.date)).toEqual(['2026-11-24'])
    const tuesday = rows[1]
    expect(tuesday?.opening.map((i) => [i.from, i.to])).toEqual([['06:00', '18:30']])
    expect(tuesday?.delivery?.map((i) => [i.from, i.to])).toEqual([
      ['11:00', '13:30'],
      ['17:30', '20:30'],
    ])
    // The once rule closes Thursday of this week; Sunday is closed every week.
    expect(rows[3]?.opening).toEqual([])
    expect(rows[6]?.opening).toEqual([])
    expect(rows[0]?.delivery).toEqual([])
  })

  it('uses the opening hours for delivery unless delivery hours are enabled; none without delivery', () => {
    const sameHours = weekRows(branch({ isDeliveryHoursEnabled: false }), TUESDAY_10)
    expect(sameHours[1]?.delivery?.map((i) => [i.from, i.to])).toEqual([['06:00', '18:30']])
    const noDelivery = weekRows(branch({ isDeliveryEnabled: false }), TUESDAY_10)
    expect(noDelivery.every((row) => row.delivery === null)).toBe(true)
  })

  it("keeps a closed rule's null times out of the schedule", () => {
    const hours = branchHours(branch())
    expect(hours.openingHours[1]).toMatchObject({ type: 'sunday', isClosed: true })
    expect(hours.orderableFrom).toBe('07:30')
  })
})

describe('the sf-home catalogues', () => {
  it('say the result lines exactly as the domain does, in German', () => {
    const de = catalogue('de-CH')
    expect(valueAt(de, 'results.shown')).toBe(RESULT_TEXTS.shown)
    expect(valueAt(de, 'results.none')).toBe(RESULT_TEXTS.none)
    expect(String(valueAt(de, 'results.shown')).replace('{{shown}}', '1').replace('{{total}}', '3')).toBe(
      branchResultMessage(1, 3),
    )
    expect(valueAt(de, 'results.none')).toBe(branchResultMessage(0, 3))
  })

  it('have the same keys and placeholders in every locale', () => {
    const de = catalogue('de-CH')
    const keys = keysOf(de).sort()
    for (const locale of ['fr-FR', 'en']) {
      const other = catalogue(locale)
      expect(keysOf(other).sort()).toEqual(keys)
      for (const key of keys) {
        const placeholders = (text: unknown) => (String(text).match(/\{\{\w+\}\}/g) ?? []).sort()
        expect(placeholders(valueAt(other, key)), `${locale} ${key}`).toEqual(placeholders(valueAt(de, key)))
      }
    }
  })
})
