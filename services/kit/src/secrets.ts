import { timingSafeEqual } from 'node:crypto'

/** Compares a secret (hash, api key) in constant time, so timing tells nothing about it. */
export function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}
