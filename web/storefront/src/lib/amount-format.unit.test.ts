import { describe, expect, it } from 'vitest'
import { formatAmount, formatCurrency, moneyLocale } from './amount-format.ts'

// Intl separates with (narrow) no-break spaces; the tests read them as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatCurrency: one money format per locale (issue 18)', () => {
  it('writes the currency first with a point in de-CH', () => {
    expect(plain(formatCurrency(720, 'CHF', 'de-CH'))).toBe('CHF 7.20')
    expect(plain(formatCurrency(123_450, 'CHF', 'de-CH'))).toMatch(/^CHF 1['’]234\.50$/)
  })

  it('writes the currency last with a comma in fr-FR', () => {
    expect(plain(formatCurrency(720, 'CHF', 'fr-FR'))).toBe('7,20 CHF')
    expect(plain(formatCurrency(123_450, 'CHF', 'fr-FR'))).toBe('1 234,50 CHF')
    expect(plain(formatCurrency(7, 'EUR', 'fr-FR'))).toBe('0,07 €')
  })

  it('writes English as in Britain, always with two decimals', () => {
    expect(moneyLocale('en')).toBe('en-GB')
    expect(plain(formatCurrency(720, 'CHF', 'en'))).toBe('CHF 7.20')
    expect(plain(formatCurrency(100, 'CHF', 'en'))).toBe('CHF 1.00')
  })

  it('writes amounts of a unit in the same language', () => {
    expect(formatAmount(0.5, 'de-CH')).toBe('0.5')
    expect(formatAmount(0.5, 'fr-FR')).toBe('0,5')
  })
})
