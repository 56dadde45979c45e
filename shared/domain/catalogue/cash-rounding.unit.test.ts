import { describe, expect, it } from 'vitest'
import {
  cashRoundingFor,
  cashRoundingStep,
  payableTotal,
  priceLines,
  roundToStep,
  withCashRounding,
} from './pricing.ts'

// Swiss cash is paid in 5-Rappen steps (issue 14, item 18): a cash total is rounded to the
// nearest 0.05, a tie upwards; the difference is its own tax-free amount.

describe('rounding to the smallest coin', () => {
  it('CHF 0.05: to the nearest step on both sides of the middle', () => {
    expect(roundToStep(1240, 5)).toBe(1240)
    expect(roundToStep(1241, 5)).toBe(1240)
    expect(roundToStep(1242, 5)).toBe(1240)
    // 0.025 would be the tie; totals are whole Rappen, so .02 goes down and .03 up.
    expect(roundToStep(1243, 5)).toBe(1245)
    expect(roundToStep(1247, 5)).toBe(1245)
    expect(roundToStep(1248, 5)).toBe(1250)
    expect(roundToStep(1, 5)).toBe(0)
    expect(roundToStep(3, 5)).toBe(5)
  })

  it('a tie goes up (half up), where a step makes one possible', () => {
    expect(roundToStep(1245, 10)).toBe(1250)
    expect(roundToStep(1244, 10)).toBe(1240)
    expect(roundToStep(1225, 50)).toBe(1250)
    expect(roundToStep(1224, 50)).toBe(1200)
  })

  it('a step of 0 or 1 rounds nothing', () => {
    expect(roundToStep(1243, 1)).toBe(1243)
    expect(roundToStep(1243, 0)).toBe(1243)
  })
})

describe('the step per currency', () => {
  it('CHF 5 Rappen and every other currency none by default; the config overrides per currency', () => {
    expect(cashRoundingStep('CHF')).toBe(5)
    expect(cashRoundingStep('EUR')).toBe(0)
    expect(cashRoundingStep('EUR', { EUR: 5 })).toBe(5)
    expect(cashRoundingStep('CHF', { EUR: 5 })).toBe(5)
    expect(cashRoundingStep('CHF', { CHF: 0 })).toBe(0)
    expect(cashRoundingStep('CHF', { CHF: 10 })).toBe(10)
    expect(cashRoundingStep('CHF', { CHF: 1 })).toBe(0)
  })
})

describe('what cash payment changes', () => {
  it('cash in CHF: the difference to the rounded total, negative when rounded down', () => {
    expect(cashRoundingFor(1243, 'cash', 'CHF')).toBe(2)
    expect(cashRoundingFor(1242, 'cash', 'CHF')).toBe(-2)
    expect(cashRoundingFor(1240, 'cash', 'CHF')).toBe(0)
  })

  it('a card, a voucher or an online payment pays the exact Rappen; EUR is not rounded', () => {
    for (const method of ['atm-card', 'voucher', 'stripe', 'mollie']) {
      expect(cashRoundingFor(1243, method, 'CHF')).toBeNull()
    }
    expect(cashRoundingFor(1243, 'cash', 'EUR')).toBeNull()
    expect(cashRoundingFor(1243, 'cash', 'EUR', { EUR: 5 })).toBe(2)
  })

  it('sets the rounding beside the VAT figures, which stay as they are; the payable total adds it', () => {
    const pricing = priceLines(
      [
        { gross: 1143, taxRate: 2.6 },
        { gross: 450, taxRate: 8.1 },
      ],
      null,
    )
    const cash = withCashRounding(pricing, 'cash', 'CHF')
    expect(cash.cashRounding).toBe(2)
    const { cashRounding: _r, ...vat } = cash
    expect(vat).toEqual(pricing)
    expect(payableTotal(cash)).toBe(1595)
    expect(payableTotal(cash) % 5).toBe(0)
    // Paid by card after all: no rounding, and a rounding from before is dropped.
    const card = withCashRounding(cash, 'atm-card', 'CHF')
    expect(card).toEqual(pricing)
    expect(payableTotal(card)).toBe(1593)
  })

  it('an order from before cash rounding pays its total', () => {
    expect(payableTotal({ totalGross: 1243 })).toBe(1243)
  })
})
