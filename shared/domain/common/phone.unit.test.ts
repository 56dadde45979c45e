import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalisePhone, PHONE_COUNTRIES, PHONE_EXAMPLES, phoneCountryOf } from './phone.ts'

describe('normalisePhone: national numbers in the branch country (issue 18)', () => {
  it.each([
    ['079 123 45 67', 'CH', '+41791234567'],
    ['044 123 45 67', 'CH', '+41441234567'],
    ['079/123.45.67', 'CH', '+41791234567'],
    ['234 56 78', 'LI', '+4232345678'],
    ['0664 123 45 67', 'AT', '+436641234567'],
    ['01 234 56 78', 'AT', '+4312345678'],
    ['030 1234567', 'DE', '+49301234567'],
    ['0171 2345678', 'DE', '+491712345678'],
  ] as const)('%s in %s → %s', (raw, country, phone) => {
    expect(normalisePhone(raw, country)).toEqual({ ok: true, phone })
  })

  it.each([
    ['079 123 45 6', 'CH'],
    ['79 123 45 67', 'CH'],
    ['0 79 123 45 67 8', 'CH'],
    ['0234 56 78', 'LI'],
    ['234 56 7', 'LI'],
    ['012', 'AT'],
    ['0 0', 'DE'],
    ['', 'CH'],
  ] as const)('refuses %s in %s', (raw, country) => {
    expect(normalisePhone(raw, country).ok).toBe(false)
  })

  it('keeps the spec §5 rules for international numbers, whatever the country', () => {
    expect(normalisePhone('0041 79 123 45 67', 'DE')).toEqual({ ok: true, phone: '+41791234567' })
    expect(normalisePhone('+41 (79) 123-45-67')).toEqual({ ok: true, phone: '+41791234567' })
    expect(normalisePhone('+41 (0)79 123 45 67', 'AT')).toEqual({ ok: true, phone: '+41791234567' })
    expect(normalisePhone('+33 1 23 45 67 89', 'CH')).toEqual({ ok: true, phone: '+33123456789' })
    expect(normalisePhone('+1')).toEqual({ ok: false, phone: '+1' })
    // Without a country a national number stays unread, as before.
    expect(normalisePhone('079 123 45 67')).toEqual({ ok: false, phone: '0791234567' })
  })

  it('a Swiss national number and its international forms are one E.164 number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{8}$/), (nsn) => {
        const spaced = `0${nsn.slice(0, 2)} ${nsn.slice(2, 5)} ${nsn.slice(5, 7)} ${nsn.slice(7)}`
        const expected = { ok: true, phone: `+41${nsn}` }
        expect(normalisePhone(spaced, 'CH')).toEqual(expected)
        expect(normalisePhone(`0041 ${nsn}`, 'LI')).toEqual(expected)
        expect(normalisePhone(`+41 (0)${nsn}`, 'AT')).toEqual(expected)
      }),
    )
  })

  it('an accepted number is E.164 and normalising it again changes nothing', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9 +()/.-]{0,24}$/),
        fc.constantFrom(...PHONE_COUNTRIES),
        (raw, country) => {
          const result = normalisePhone(raw, country)
          if (!result.ok) return
          expect(result.phone).toMatch(/^\+[1-9][0-9]{5,14}$/)
          expect(normalisePhone(result.phone, country)).toEqual(result)
          expect(normalisePhone(result.phone)).toEqual(result)
        },
      ),
    )
  })

  it('every example of the hint is accepted in its own country', () => {
    for (const country of PHONE_COUNTRIES)
      expect(normalisePhone(PHONE_EXAMPLES[country], country).ok).toBe(true)
  })
})

describe('phoneCountryOf', () => {
  it('is the branch country, else the shop default, else AT', () => {
    expect(phoneCountryOf('LI', 'CH')).toBe('LI')
    expect(phoneCountryOf(null, 'CH')).toBe('CH')
    expect(phoneCountryOf(undefined, 'FR')).toBe('AT')
    expect(phoneCountryOf('XX')).toBe('AT')
  })
})
