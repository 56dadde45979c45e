import { describe, expect, it } from 'vitest'
import { tableFromLink } from './table-link.ts'

describe('tableFromLink', () => {
  const tables = ['1', '2', 'terrasse-3']
  it("takes a table of the branch from the QR code's link when the branch offers dine-in", () => {
    expect(tableFromLink('?table=terrasse-3', tables, ['takeaway', 'dineIn'])).toBe('terrasse-3')
    expect(tableFromLink('?x=1&table=2', tables, ['dineIn'])).toBe('2')
  })
  it('ignores a missing or unknown table and a branch without dine-in', () => {
    expect(tableFromLink('', tables, ['dineIn'])).toBeNull()
    expect(tableFromLink('?table=', tables, ['dineIn'])).toBeNull()
    expect(tableFromLink('?table=9', tables, ['dineIn'])).toBeNull()
    expect(tableFromLink('?table=1', tables, ['takeaway', 'delivery'])).toBeNull()
  })
})
