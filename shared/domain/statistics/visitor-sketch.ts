/**
 * Unique visitors over long ranges (docs/statistics.md#unique-visitors): a HyperLogLog sketch per
 * branch and day and per branch and month. A visitor sets one of the 4096 registers to at most
 * the rank of its hash; the union of two sketches is their register-wise maximum, so a year is a
 * dozen month sketches plus the days of the broken months, whatever the number of visitors. The
 * estimate has a standard error of about 1.6 %. Pure; unit tested.
 *
 * The estimator is Ertl's improved raw estimator ("New cardinality estimation algorithms for
 * HyperLogLog sketches", 2017): unbiased from a handful of visitors to billions, without the
 * empirical bias tables of HyperLogLog++.
 */

/** The scope of the whole shop's visitors, next to one per branch ('' = pages of no branch). */
export const SHOP_SCOPE = '*'

/** Index bits: 2^12 registers of one byte each. */
export const SKETCH_PRECISION = 12
export const SKETCH_REGISTERS = 1 << SKETCH_PRECISION
/** The hash bits left after the index: 53-bit hash − 12 index bits. */
const RANK_BITS = 53 - SKETCH_PRECISION

export type Sketch = Uint8Array

export function emptySketch(): Sketch {
  return new Uint8Array(SKETCH_REGISTERS)
}

/**
 * A 53-bit hash of the visitor id (cyrb53: two multiplicative 32-bit lanes). The ids are random
 * cookie values, but nothing relies on that: any string spreads over the registers.
 */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507)
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507)
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

/** The register a visitor falls into and the rank it brings (1 + leading zeros of the rest). */
export function registerOf(visitor: string): { index: number; rank: number } {
  const h = hash53(visitor)
  const index = Math.floor(h / 2 ** RANK_BITS)
  let rest = h % 2 ** RANK_BITS
  let rank = RANK_BITS + 1
  if (rest > 0) {
    rank = 1
    while (rest < 2 ** (RANK_BITS - 1)) {
      rest *= 2
      rank++
    }
  }
  return { index, rank }
}

/** Adds a visitor; true when a register grew (the sketch changed). */
export function addVisitor(sketch: Sketch, visitor: string): boolean {
  const { index, rank } = registerOf(visitor)
  if (sketch[index]! >= rank) return false
  sketch[index] = rank
  return true
}

/** Merges `other` into `into` (the union of both visitor sets). */
export function mergeInto(into: Sketch, other: Uint8Array): Sketch {
  const n = Math.min(into.length, other.length)
  for (let i = 0; i < n; i++) if (other[i]! > into[i]!) into[i] = other[i]!
  return into
}

/** The estimated number of distinct visitors added to the sketch (rounded). */
export function estimate(sketch: Sketch): number {
  const m = SKETCH_REGISTERS
  const q = RANK_BITS
  const counts = new Int32Array(q + 2)
  for (let i = 0; i < m; i++) counts[sketch[i]!]! += 1
  if (counts[0] === m) return 0
  let z = m * tau(1 - counts[q + 1]! / m)
  for (let k = q; k >= 1; k--) z = 0.5 * (z + counts[k]!)
  z += m * sigma(counts[0]! / m)
  return Math.round(m ** 2 / (2 * Math.LN2 * z))
}

function sigma(x: number): number {
  if (x === 1) return Number.POSITIVE_INFINITY
  let y = 1
  let z = x
  for (;;) {
    x *= x
    const before = z
    z += x * y
    y += y
    if (z === before) return z
  }
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0
  let y = 1
  let z = 1 - x
  for (;;) {
    x = Math.sqrt(x)
    const before = z
    y *= 0.5
    z -= (1 - x) ** 2 * y
    if (z === before) return z / 3
  }
}

/**
 * The periods whose sketches cover the days `from`…`to` (ISO dates): every whole calendar month
 * as `YYYY-MM`, the days of a broken month as `YYYY-MM-DD`. A year is at most 12 months plus 60
 * days.
 */
export function coveringPeriods(from: string, to: string): string[] {
  const out: string[] = []
  let day = from
  while (day <= to) {
    const month = day.slice(0, 7)
    const last = lastDayOfMonth(month)
    if (day.endsWith('-01') && last <= to) {
      out.push(month)
      day = nextDay(last)
    } else {
      out.push(day)
      day = nextDay(day)
    }
  }
  return out
}

function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
}
