import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addCents,
  assertCents,
  centsToDecimalString,
  formatMoney,
  isCents,
  multiplyCents,
  parseMoney,
  percentOf,
  splitGross,
  sumCents,
  toCents,
} from './money.ts'

const plain = (text: string) => text.replace(/\s/g, ' ')

describe('cents arithmetic', () => {
  it('accepts only safe integers', () => {
    expect(isCents(150)).toBe(true)
    expect(isCents(1.5)).toBe(false)
    expect(isCents('150')).toBe(false)
    expect(() => assertCents(0.1)).toThrow(RangeError)
    expect(() => addCents(1, 0.5)).toThrow(RangeError)
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError)
  })

  it('adds and sums', () => {
    expect(addCents(150, 275)).toBe(425)
    expect(sumCents([])).toBe(0)
    expect(sumCents([100, 250, -50])).toBe(300)
  })

  it('multiplies by a quantity with one rounding, half away from zero', () => {
    expect(multiplyCents(3990, 0.35)).toBe(1397) // 1396.5 → 1397
    expect(multiplyCents(-3990, 0.35)).toBe(-1397)
    expect(multiplyCents(199, 3)).toBe(597)
    // 0.333 kg as 3 × 0.111 would drift as floats; exact: 3990 × 3 × 0.111 = 1328.67 → 1329
    expect(multiplyCents(3990, 3, 0.111)).toBe(1329)
    expect(multiplyCents(1, 0.5)).toBe(1)
    expect(multiplyCents(1, 0.49)).toBe(0)
  })

  it('takes percentages of cents', () => {
    expect(percentOf(1000, 8.1)).toBe(81)
    expect(percentOf(1050, 2.6)).toBe(27) // 27.3
    expect(percentOf(50, 5)).toBe(3) // 2.5 → 3
    expect(percentOf(1000, 20)).toBe(200)
  })

  it('splits VAT-inclusive amounts into net and tax', () => {
    expect(splitGross(1081, 8.1)).toEqual({ net: 1000, tax: 81, gross: 1081 })
    expect(splitGross(1200, 20)).toEqual({ net: 1000, tax: 200, gross: 1200 })
    expect(splitGross(1026, 2.6)).toEqual({ net: 1000, tax: 26, gross: 1026 })
    expect(splitGross(999, 0)).toEqual({ net: 999, tax: 0, gross: 999 })
    // 5 / 1.081 = 4.625… rounds to 5: a 5 ct line carries no tax cent
    expect(splitGross(5, 8.1)).toEqual({ net: 5, tax: 0, gross: 5 })
    expect(() => splitGross(100, -1)).toThrow(RangeError)
    expect(() => splitGross(100, Number.NaN)).toThrow(RangeError)
  })

  it('net + tax = gross and 0 ≤ tax ≤ gross for every gross and rate (property)', () => {
    const rates = fc.constantFrom(0, 2.5, 2.6, 3.8, 5, 7, 8.1, 10, 13, 19, 20)
    fc.assert(
      fc.property(fc.nat({ max: 100_000_000 }), rates, (gross, rate) => {
        const { net, tax } = splitGross(gross, rate)
        expect(net + tax).toBe(gross)
        expect(Number.isInteger(net) && Number.isInteger(tax)).toBe(true)
        expect(tax).toBeGreaterThanOrEqual(0)
        expect(tax).toBeLessThanOrEqual(gross)
        // Rounded net is within half a cent of the exact value.
        expect(Math.abs(net - (gross * 100) / (100 + rate))).toBeLessThanOrEqual(0.5 + 1e-9)
      }),
    )
  })
})

describe('major units and text', () => {
  it('converts major units exactly', () => {
    expect(toCents(12.5)).toBe(1250)
    expect(toCents(1.005)).toBe(101) // Math.round(1.005 * 100) is 100
    expect(toCents('0.125')).toBe(13)
    expect(toCents(-0.125)).toBe(-13)
    expect(centsToDecimalString(7)).toBe('0.07')
    expect(centsToDecimalString(-7)).toBe('-0.07')
    expect(centsToDecimalString(123456)).toBe('1234.56')
  })

  it('formats with two decimals in the German locale by default', () => {
    expect(plain(formatMoney(1250))).toBe('EUR 12.50')
    expect(plain(formatMoney(7))).toBe('EUR 0.07')
    expect(plain(formatMoney(123456789, 'EUR', 'de-DE'))).toBe('1.234.567,89 €')
    expect(plain(formatMoney(500, 'CHF', 'de-CH'))).toBe('CHF 5.00')
    expect(plain(formatMoney(150050, 'EUR', 'fr-FR'))).toBe('1 500,50 €')
    expect(plain(formatMoney(990, 'EUR', 'de-AT'))).toBe('€ 9,90')
  })

  it('formats amounts beyond double precision exactly', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'EUR', 'de-DE')).toContain('90.071.992.547.409,91')
  })

  it('parses comma or dot input', () => {
    expect(parseMoney('12,50')).toBe(1250)
    expect(parseMoney(' 12.5 ')).toBe(1250)
    expect(parseMoney('3')).toBe(300)
    expect(parseMoney(',5')).toBe(50)
    expect(parseMoney('4,')).toBe(400)
    expect(parseMoney('-1,20')).toBe(-120)
    expect(parseMoney('0,125')).toBe(13)
    for (const text of ['', ' ', 'abc', '1.234,50', '1,2,3', '12 €', '1e3'])
      expect(parseMoney(text)).toBeNull()
  })

  it('parses what it prints, with either separator (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = centsToDecimalString(cents)
        expect(parseMoney(text)).toBe(cents)
        expect(parseMoney(text.replace('.', ','))).toBe(cents)
        expect(toCents(text)).toBe(cents)
      }),
    )
  })

  it('multiplying by a whole quantity is plain multiplication (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e7, max: 1e7 }), fc.nat({ max: 1000 }), (cents, quantity) => {
        expect(multiplyCents(cents, quantity)).toBe(cents * quantity + 0) // + 0 turns -0 into 0
      }),
    )
  })
})
