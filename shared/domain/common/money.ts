/**
 * Money in integer minor units (cents) end to end.
 *
 * Every function here takes and returns whole cents; fractions only exist inside one
 * calculation (exact, see decimal.ts) and are rounded once, half away from zero
 * (0.5 ct → 1 ct, -0.5 ct → -1 ct), the commercial rounding customers know from receipts.
 */
import {
  decimalFromBigInt,
  decimalOf,
  divideRoundHalfAwayFromZero,
  multiplyDecimal,
  parseDecimal,
  pow10,
  roundDecimal,
} from './decimal.ts'
import { LOCALES, type Locale } from './vocabulary.ts'

/** An amount of money in minor units (cents for EUR and CHF); always a safe integer. */
export type Cents = number

/** The storefront locales of spec §9; de-CH is the default and the fallback. */
export const MONEY_LOCALES = LOCALES
export type MoneyLocale = Locale
export const DEFAULT_MONEY_LOCALE: MoneyLocale = 'de-CH'
/** config.currency defaults to EUR (spec §3). */
export const DEFAULT_CURRENCY = 'EUR'

export type MoneyFormat = { currency?: string; locale?: MoneyLocale }

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

export function assertCents(value: number, label = 'amount'): Cents {
  if (!isCents(value)) throw new RangeError(`${label} must be an integer number of cents, got ${value}`)
  return value
}

function checked(value: bigint, label: string): Cents {
  const result = Number(value)
  if (!Number.isSafeInteger(result)) throw new RangeError(`${label} is out of the safe integer range`)
  return result === 0 ? 0 : result
}

export function addCents(a: Cents, b: Cents): Cents {
  return assertCents(assertCents(a) + assertCents(b), 'sum')
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0
  for (const value of values) total = addCents(total, value)
  return total
}

/**
 * cents × quantity × further factors (e.g. an amount and a unit ratio), computed exactly
 * and rounded once, half away from zero. Rounding per factor would lose cents on big
 * weights.
 */
export function multiplyCents(cents: Cents, ...factors: number[]): Cents {
  let product = decimalFromBigInt(BigInt(assertCents(cents)))
  for (const factor of factors) product = multiplyDecimal(product, decimalOf(factor))
  return checked(roundDecimal(product), 'product')
}

/** percent % of cents (8.1 → 8.1 %), rounded half away from zero. */
export function percentOf(cents: Cents, percent: number): Cents {
  const rate = decimalOf(percent)
  const numerator = BigInt(assertCents(cents)) * rate.digits
  return checked(divideRoundHalfAwayFromZero(numerator, 100n * pow10(rate.scale)), 'percentage')
}

export type GrossSplit = { net: Cents; tax: Cents; gross: Cents }

function assertRate(ratePercent: number): void {
  if (!Number.isFinite(ratePercent) || ratePercent < 0) {
    throw new RangeError(`tax rate must be a finite percentage ≥ 0, got ${ratePercent}`)
  }
}

/**
 * Splits a gross (VAT-inclusive) amount: net = gross / (1 + rate/100) rounded half away
 * from zero, tax = gross − net. Tax is the remainder, never rounded on its own, so
 * net + tax = gross holds exactly.
 */
export function splitGross(gross: Cents, ratePercent: number): GrossSplit {
  assertRate(ratePercent)
  const rate = decimalOf(ratePercent)
  const scaleFactor = pow10(rate.scale)
  // gross × 100 / (100 + rate) with rate = digits / 10^scale, kept in integers.
  const numerator = BigInt(assertCents(gross)) * 100n * scaleFactor
  const denominator = 100n * scaleFactor + rate.digits
  const net = checked(divideRoundHalfAwayFromZero(numerator, denominator), 'net')
  return { net, tax: gross - net, gross }
}

/**
 * A major-unit amount (12.5 or '12.5') to cents, rounded half away from zero; exact for
 * decimal input (1.005 → 101, where Math.round(1.005 * 100) gives 100).
 */
export function toCents(major: number | string): Cents {
  return checked(roundDecimal(multiplyDecimal(decimalOf(major), decimalFromBigInt(100n))), 'amount')
}

/** Cents as a plain decimal string with two fraction digits ('-0.07', '1234.50'). */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents)
  const negative = cents < 0
  const text = Math.abs(cents).toString().padStart(3, '0')
  return `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`
}

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * Formats cents in the given currency and locale with exactly two decimals (spec §9).
 * The amount is handed to Intl as a decimal string, so no binary float ever touches it.
 * Intl's spacing characters (narrow no-break spaces in fr-FR) are kept as they are.
 */
export function formatMoney(
  cents: Cents,
  currency: string = DEFAULT_CURRENCY,
  locale: MoneyLocale = DEFAULT_MONEY_LOCALE,
): string {
  const key = `${locale}|${currency}`
  let formatter = formatters.get(key)
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formatters.set(key, formatter)
  }
  return formatter.format(centsToDecimalString(cents) as `${number}`)
}

const MONEY_INPUT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/

/**
 * Parses a typed amount ('12,50', '12.5', '3', ',5', '-1,20') to cents. One comma or dot
 * is the decimal separator; thousands separators are rejected because '1.234' would be
 * ambiguous between German and English input. More than two fraction digits are rounded
 * half away from zero. Returns null for anything else (including the empty string).
 */
export function parseMoney(text: string): Cents | null {
  const trimmed = text.trim()
  if (!MONEY_INPUT.test(trimmed)) return null
  const decimal = parseDecimal(trimmed.replace(',', '.'))
  if (decimal === null) return null
  return checked(roundDecimal(multiplyDecimal(decimal, decimalFromBigInt(100n))), 'amount')
}
