/**
 * Exact decimal arithmetic on bigint digits with a power-of-ten scale.
 *
 * Amounts (0.35 kg), unit ratios and tax rates (8.1 %) are decimal numbers; doing the
 * arithmetic on binary doubles drifts (0.1 + 0.2, 1.005 * 100). Every rule that must land
 * exactly on cents or on a step grid converts its inputs to this representation first and
 * rounds once, explicitly, at the end.
 */

/** value = digits / 10^scale, scale ≥ 0. */
export type Decimal = { readonly digits: bigint; readonly scale: number }

export const DECIMAL_ZERO: Decimal = { digits: 0n, scale: 0 }

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

const POWERS: bigint[] = []
export function pow10(exponent: number): bigint {
  if (!Number.isInteger(exponent) || exponent < 0) throw new RangeError(`bad exponent ${exponent}`)
  let cached = POWERS[exponent]
  if (cached === undefined) {
    cached = 10n ** BigInt(exponent)
    POWERS[exponent] = cached
  }
  return cached
}

/**
 * The decimal a number prints as. `String(n)` is the shortest text that reads back as the
 * same double, so 0.1 becomes exactly 1/10 here, which is what the user or the data meant.
 */
export function decimalOf(value: number | string): Decimal {
  const text = typeof value === 'number' ? numberText(value) : value.trim()
  const parsed = parseDecimal(text)
  if (parsed === null) throw new RangeError(`not a decimal number: ${JSON.stringify(value)}`)
  return parsed
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`)
  return String(value)
}

/** Parses plain or exponent notation with a dot; null when it is not a number. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL_TEXT.exec(text)
  if (match === null) return null
  const [, sign = '', whole = '', fraction = '', exponentText] = match
  if (whole === '' && fraction === '') return null
  const exponent = exponentText === undefined ? 0 : Number(exponentText)
  let digits = BigInt(`${whole}${fraction}` || '0')
  let scale = fraction.length - exponent
  if (scale < 0) {
    digits *= pow10(-scale)
    scale = 0
  }
  return normalize({ digits: sign === '-' ? -digits : digits, scale })
}

/** Drops trailing zeros so equal values have equal representations. */
export function normalize(value: Decimal): Decimal {
  let { digits, scale } = value
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n
    scale -= 1
  }
  return digits === 0n ? DECIMAL_ZERO : { digits, scale }
}

export function decimalFromBigInt(value: bigint): Decimal {
  return { digits: value, scale: 0 }
}

function rescale(value: Decimal, scale: number): bigint {
  return value.digits * pow10(scale - value.scale)
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale)
  return normalize({ digits: rescale(a, scale) + rescale(b, scale), scale })
}

export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale)
  return normalize({ digits: rescale(a, scale) - rescale(b, scale), scale })
}

export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return normalize({ digits: a.digits * b.digits, scale: a.scale + b.scale })
}

/** Multiplies by 10^exponent (exponent may be negative); exact. */
export function shiftDecimal(value: Decimal, exponent: number): Decimal {
  if (exponent >= 0) return normalize({ digits: value.digits * pow10(exponent), scale: value.scale })
  return normalize({ digits: value.digits, scale: value.scale - exponent })
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale)
  const x = rescale(a, scale)
  const y = rescale(b, scale)
  return x < y ? -1 : x > y ? 1 : 0
}

export function minDecimal(a: Decimal, b: Decimal): Decimal {
  return compareDecimal(a, b) <= 0 ? a : b
}

export function maxDecimal(a: Decimal, b: Decimal): Decimal {
  return compareDecimal(a, b) >= 0 ? a : b
}

export function isZeroDecimal(value: Decimal): boolean {
  return value.digits === 0n
}

export function isIntegerDecimal(value: Decimal): boolean {
  return normalize(value).scale === 0
}

/**
 * Integer division rounded half away from zero: 2.5 → 3, -2.5 → -3. This is the commercial
 * rounding used on receipts in DACH; banker's rounding would surprise customers and staff.
 */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero')
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  let quotient = n / d
  if ((n % d) * 2n >= d) quotient += 1n
  return negative ? -quotient : quotient
}

/** Integer division rounded towards negative infinity. */
export function divideFloor(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero')
  const quotient = numerator / denominator
  const exact = quotient * denominator === numerator
  return !exact && numerator < 0n !== denominator < 0n ? quotient - 1n : quotient
}

/** Rounds to a whole number, half away from zero. */
export function roundDecimal(value: Decimal): bigint {
  return divideRoundHalfAwayFromZero(value.digits, pow10(value.scale))
}

/** a / b rounded half away from zero to `scale` fraction digits. */
export function divideDecimal(a: Decimal, b: Decimal, scale: number): Decimal {
  if (b.digits === 0n) throw new RangeError('division by zero')
  // a/b = (a.d / 10^a.s) / (b.d / 10^b.s); times 10^scale for the wanted fraction digits.
  const numerator = a.digits * pow10(b.scale + scale)
  const denominator = b.digits * pow10(a.scale)
  return normalize({ digits: divideRoundHalfAwayFromZero(numerator, denominator), scale })
}

/** Quotient a / b rounded half away from zero to an integer (e.g. steps on a grid). */
export function divideToInteger(a: Decimal, b: Decimal): bigint {
  return roundDecimal(divideDecimal(a, b, 0))
}

/** Quotient a / b rounded down to an integer. */
export function divideToIntegerFloor(a: Decimal, b: Decimal): bigint {
  const scale = Math.max(a.scale, b.scale)
  return divideFloor(rescale(a, scale), rescale(b, scale))
}

export function decimalToString(value: Decimal): string {
  const { digits, scale } = normalize(value)
  const negative = digits < 0n
  const text = (negative ? -digits : digits).toString().padStart(scale + 1, '0')
  const whole = text.slice(0, text.length - scale)
  const fraction = text.slice(text.length - scale)
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`
}

/** The nearest double; exact for the amounts of a shop (≤ 15 significant digits). */
export function decimalToNumber(value: Decimal): number {
  const result = Number(decimalToString(value))
  return Object.is(result, -0) ? 0 : result
}
