import { describe, expect, it } from 'vitest'
import {
  addVisitor,
  coveringPeriods,
  emptySketch,
  estimate,
  hash53,
  mergeInto,
  registerOf,
  SKETCH_REGISTERS,
} from './visitor-sketch.ts'

const visitors = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`)

function sketchOf(ids: readonly string[]) {
  const s = emptySketch()
  for (const id of ids) addVisitor(s, id)
  return s
}

describe('visitor sketch', () => {
  it('hashes to 53 bits, spread over every register', () => {
    const seen = new Set<number>()
    const wrong: string[] = []
    for (const id of visitors('v', 40_000)) {
      const h = hash53(id)
      const { index, rank } = registerOf(id)
      if (
        !Number.isSafeInteger(h) ||
        h < 0 ||
        index < 0 ||
        index >= SKETCH_REGISTERS ||
        rank < 1 ||
        rank > 42
      )
        wrong.push(`${id}: ${h} ${index} ${rank}`)
      seen.add(index)
    }
    expect(wrong).toEqual([])
    // 40 000 ids over 4096 registers leave none empty unless the hash is skewed.
    expect(seen.size).toBe(SKETCH_REGISTERS)
  })

  it('counts nothing as 0 and few visitors exactly or nearly', () => {
    expect(estimate(emptySketch())).toBe(0)
    expect(estimate(sketchOf(['a']))).toBe(1)
    for (const n of [10, 50, 200]) {
      const e = estimate(sketchOf(visitors(`few${n}`, n)))
      expect(Math.abs(e - n)).toBeLessThanOrEqual(Math.max(1, n * 0.03))
    }
  })

  it('estimates within 5 % (three standard errors) from a thousand to half a million', () => {
    for (const n of [1_000, 5_000, 12_000, 30_000, 100_000, 500_000]) {
      const e = estimate(sketchOf(visitors(`n${n}`, n)))
      expect(Math.abs(e - n) / n, `n = ${n}, estimate ${e}`).toBeLessThan(0.05)
    }
  })

  it('a visitor seen again changes nothing; the merge is the union', () => {
    const a = sketchOf(visitors('x', 20_000))
    expect(addVisitor(a, 'x-7')).toBe(false)
    const b = sketchOf(visitors('x', 20_000).slice(10_000).concat(visitors('y', 10_000)))
    const union = mergeInto(emptySketch(), a)
    mergeInto(union, b)
    expect(union).toEqual(sketchOf([...visitors('x', 20_000), ...visitors('y', 10_000)]))
    expect(Math.abs(estimate(union) - 30_000) / 30_000).toBeLessThan(0.05)
  })

  it('covers a range with whole months and the days of broken months', () => {
    expect(coveringPeriods('2026-03-30', '2026-05-02')).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04',
      '2026-05-01',
      '2026-05-02',
    ])
    expect(coveringPeriods('2026-02-01', '2026-02-28')).toEqual(['2026-02'])
    expect(coveringPeriods('2028-02-01', '2028-02-28')).toHaveLength(28)
    expect(coveringPeriods('2026-11-23', '2026-11-23')).toEqual(['2026-11-23'])
    const year = coveringPeriods('2025-11-24', '2026-11-23')
    expect(year.filter((p) => p.length === 7)).toHaveLength(11)
    expect(year.filter((p) => p.length === 10)).toHaveLength(7 + 23)
  })
})
