import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDecimal,
  compareDecimal,
  decimalOf,
  decimalToNumber,
  decimalToString,
  divideDecimal,
  divideFloor,
  divideRoundHalfAwayFromZero,
  divideToIntegerFloor,
  multiplyDecimal,
  parseDecimal,
  shiftDecimal,
} from './decimal.ts'

describe('decimal', () => {
  it('reads numbers as they print, including exponent notation', () => {
    expect(decimalOf(0.1)).toEqual({ digits: 1n, scale: 1 })
    expect(decimalOf(1e-7)).toEqual({ digits: 1n, scale: 7 })
    expect(decimalOf(1.5e21)).toEqual({ digits: 1500000000000000000000n, scale: 0 })
    expect(decimalOf('-2.500')).toEqual({ digits: -25n, scale: 1 })
    expect(decimalToString(decimalOf(-0.05))).toBe('-0.05')
  })

  it('rejects text that is not a number', () => {
    for (const text of ['', '.', 'abc', '1,5', '1.2.3', '--1']) expect(parseDecimal(text)).toBeNull()
    expect(() => decimalOf(Number.NaN)).toThrow(RangeError)
    expect(() => decimalOf(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })

  it('adds without binary drift', () => {
    expect(decimalToNumber(addDecimal(decimalOf(0.1), decimalOf(0.2)))).toBe(0.3)
    expect(decimalToNumber(multiplyDecimal(decimalOf(1.005), decimalOf(100)))).toBe(100.5)
    expect(decimalToNumber(shiftDecimal(decimalOf(0.35), 3))).toBe(350)
  })

  it('rounds half away from zero', () => {
    expect(divideRoundHalfAwayFromZero(5n, 2n)).toBe(3n)
    expect(divideRoundHalfAwayFromZero(-5n, 2n)).toBe(-3n)
    expect(divideRoundHalfAwayFromZero(5n, -2n)).toBe(-3n)
    expect(divideRoundHalfAwayFromZero(7n, 3n)).toBe(2n)
    expect(divideRoundHalfAwayFromZero(-7n, 3n)).toBe(-2n)
    expect(decimalToString(divideDecimal(decimalOf(1), decimalOf(3), 4))).toBe('0.3333')
    expect(decimalToString(divideDecimal(decimalOf(2), decimalOf(3), 4))).toBe('0.6667')
  })

  it('floors towards negative infinity', () => {
    expect(divideFloor(7n, 2n)).toBe(3n)
    expect(divideFloor(-7n, 2n)).toBe(-4n)
    expect(divideFloor(-6n, 2n)).toBe(-3n)
    expect(divideToIntegerFloor(decimalOf(0.95), decimalOf(0.25))).toBe(3n)
  })

  it('prints what it parsed (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.nat({ max: 12 }),
        (digits, scale) => {
          const value = { digits, scale }
          expect(compareDecimal(parseDecimal(decimalToString(value))!, value)).toBe(0)
        },
      ),
    )
  })

  it('round-trips every finite double through its shortest text (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(decimalToNumber(decimalOf(value))).toBe(value === 0 ? 0 : value)
      }),
    )
  })
})
