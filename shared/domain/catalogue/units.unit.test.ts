import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalOf, divideDecimal, isIntegerDecimal, subtractDecimal } from '../common/decimal.ts'
import { aHam, aProduct } from './catalogue.test-support.ts'
import type { MeasuredUnit, QuantityRules, Unit } from './units.ts'
import {
  AMOUNT_CEILING,
  acceptedAmount,
  amountFromInput,
  amountInProductUnit,
  COUNTABLE_UNITS,
  cartCount,
  cartItemCount,
  changeUnit,
  convertAmount,
  DEFAULT_LINE_MAXIMUM,
  defaultLineMaximum,
  dimensionOf,
  fixedUnitRatio,
  initialAmount,
  isConvertible,
  isUnitRatioConsistent,
  MEASURED_UNITS,
  orderableUnits,
  parseAmountInput,
  parseUnit,
  pricingModelFor,
  quantityRulesFor,
  snapAmount,
  stepAmount,
  stepperState,
  UNIT_FACTORS,
  unitRatio,
} from './units.ts'

/** Decimals as a shop has them: n / 10^s, printed exactly as written. */
const decimalAmount = (maxDigits: number, maxScale: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: 10 ** maxDigits }), fc.integer({ min: 0, max: maxScale }))
    .map(([digits, scale]) => digits / 10 ** scale)

describe('units and factors (spec §3)', () => {
  it('has the spec factors to the base unit', () => {
    expect(UNIT_FACTORS).toEqual({
      gram: 1,
      decagram: 10,
      kilogram: 1000,
      ml: 1,
      cl: 10,
      dl: 100,
      l: 1000,
      mm: 1,
      cm: 10,
      dm: 100,
      m: 1000,
      km: 1e6,
      mm2: 1,
      cm2: 100,
      dm2: 1e4,
      m2: 1e6,
      mm3: 1,
      cm3: 1e3,
      dm3: 1e6,
      m3: 1e9,
    })
    expect(COUNTABLE_UNITS).toEqual(['piece', 'serving', 'pair', 'person', 'package'])
  })

  it('knows dimensions and which units convert', () => {
    expect(dimensionOf('kilogram')).toBe('weight')
    expect(dimensionOf('dl')).toBe('volume')
    expect(dimensionOf('m2')).toBe('area')
    expect(dimensionOf('cm3')).toBe('cubic')
    expect(dimensionOf('pair')).toBe('count')
    expect(isConvertible('gram', 'kilogram')).toBe(true)
    expect(isConvertible('piece', 'piece')).toBe(true)
    expect(isConvertible('piece', 'pair')).toBe(false)
    expect(isConvertible('piece', 'gram')).toBe(false)
    expect(isConvertible('l', 'dm3')).toBe(false) // different dimensions in the spec's table
  })

  it('parses identifiers and symbols', () => {
    expect(parseUnit('kg')).toBe('kilogram')
    expect(parseUnit(' Kilogram ')).toBe('kilogram')
    expect(parseUnit('dkg')).toBe('decagram')
    expect(parseUnit('m²')).toBe('m2')
    expect(parseUnit('piece')).toBe('piece')
    expect(parseUnit('Stück')).toBeNull()
  })

  it('converts within a dimension, exactly', () => {
    expect(convertAmount(0.25, 'kilogram', 'gram')).toBe(250)
    expect(convertAmount(0.35, 'kilogram', 'gram')).toBe(350)
    expect(convertAmount(35, 'decagram', 'kilogram')).toBe(0.35)
    expect(convertAmount(3, 'dl', 'l')).toBe(0.3)
    expect(convertAmount(1, 'm3', 'mm3')).toBe(1e9)
    expect(convertAmount(1, 'km', 'mm')).toBe(1e6)
    expect(convertAmount(150, 'cm2', 'm2')).toBe(0.015)
    expect(convertAmount(2, 'piece', 'piece')).toBe(2)
    expect(convertAmount(2, 'piece', 'pair')).toBeNull()
    expect(convertAmount(2, 'gram', 'ml')).toBeNull()
  })

  const pairs = MEASURED_UNITS.flatMap((from) =>
    MEASURED_UNITS.filter((to) => isConvertible(from, to)).map((to): [MeasuredUnit, MeasuredUnit] => [
      from,
      to,
    ]),
  )

  it('conversions round-trip (property)', () => {
    fc.assert(
      fc.property(decimalAmount(9, 6), fc.constantFrom(...pairs), (amount, [from, to]) => {
        const there = convertAmount(amount, from, to)!
        expect(convertAmount(there, to, from)).toBe(amount)
      }),
    )
  })

  it('conversions compose (property)', () => {
    const triples = pairs.flatMap(([a, b]) =>
      MEASURED_UNITS.filter((c) => isConvertible(b, c)).map((c): [Unit, Unit, Unit] => [a, b, c]),
    )
    fc.assert(
      fc.property(decimalAmount(9, 6), fc.constantFrom(...triples), (amount, [a, b, c]) => {
        expect(convertAmount(convertAmount(amount, a, b)!, b, c)).toBe(convertAmount(amount, a, c))
      }),
    )
  })
})

describe('product units', () => {
  const ham = aHam()

  it('offers the own unit first, then the alternatives', () => {
    expect(orderableUnits(ham)).toEqual(['kilogram', 'package', 'gram'])
  })

  it('expresses amounts in the product unit through the ratio', () => {
    expect(unitRatio(ham, 'kilogram')).toBe(1)
    expect(unitRatio(ham, 'package')).toBe(0.2)
    expect(amountInProductUnit(ham, 3, 'package')).toBe(0.6)
    expect(amountInProductUnit(ham, 250, 'gram')).toBe(0.25)
    expect(amountInProductUnit(ham, 1, 'piece')).toBeNull()
  })

  it('falls back to the unit factors for a same-dimension alternative without a ratio', () => {
    const product = aHam({
      alternativeUnits: [
        {
          unit: 'decagram',
          ratio: 0,
          calculationModel: 'fixed',
          minimumQuantity: null,
          maximumQuantity: null,
          quantityStepSize: null,
        },
      ],
    })
    expect(unitRatio(product, 'decagram')).toBe(0.01)
    expect(amountInProductUnit(product, 15, 'decagram')).toBe(0.15)
  })

  it('takes the pricing model of the chosen unit', () => {
    const bread = aProduct({
      unit: 'kilogram',
      calculationModel: 'fixed',
      alternativeUnits: [
        {
          unit: 'piece',
          ratio: 0.5,
          calculationModel: 'approximate',
          minimumQuantity: 1,
          maximumQuantity: null,
          quantityStepSize: 1,
        },
      ],
    })
    expect(pricingModelFor(bread, 'kilogram')).toBe('fixed')
    expect(pricingModelFor(bread, 'piece')).toBe('approximate')
  })

  it('reads the quantity rules of the chosen unit', () => {
    expect(quantityRulesFor(ham, 'kilogram')).toEqual({ min: 0.1, max: 5, step: 0.05 })
    expect(quantityRulesFor(ham, 'gram')).toEqual({ min: 100, max: 5000, step: 50 })
    expect(quantityRulesFor(ham, 'piece')).toBeNull()
  })

  it('a same-family alternative is priced by the spec §3 factors, whatever ratio is stored', () => {
    // A gram ratio of 1000 on a per-kg product made 125 g cost 125 kg.
    const wrong = aHam({
      alternativeUnits: [
        {
          unit: 'gram',
          ratio: 1000,
          calculationModel: 'approximate',
          minimumQuantity: 100,
          maximumQuantity: null,
          quantityStepSize: 25,
        },
        {
          unit: 'package',
          ratio: 0.2,
          calculationModel: 'approximate',
          minimumQuantity: 1,
          maximumQuantity: null,
          quantityStepSize: 1,
        },
      ],
    })
    expect(unitRatio(wrong, 'gram')).toBe(0.001)
    expect(amountInProductUnit(wrong, 125, 'gram')).toBe(0.125)
    expect(changeUnit(wrong, 0.5, 'kilogram', 'gram')).toBe(500)
    // A piece or package of another family keeps the shop's ratio.
    expect(unitRatio(wrong, 'package')).toBe(0.2)
  })

  it('knows the ratio the factors fix, and when a stored one contradicts it', () => {
    expect(fixedUnitRatio('kilogram', 'gram')).toBe(0.001)
    expect(fixedUnitRatio('gram', 'kilogram')).toBe(1000)
    expect(fixedUnitRatio('l', 'dl')).toBe(0.1)
    expect(fixedUnitRatio('m2', 'cm2')).toBe(0.0001)
    expect(fixedUnitRatio('kilogram', 'piece')).toBeNull()
    expect(fixedUnitRatio('kilogram', 'l')).toBeNull()
    expect(isUnitRatioConsistent('kilogram', 'gram', 1000)).toBe(false)
    expect(isUnitRatioConsistent('kilogram', 'gram', 0.001)).toBe(true)
    // Binary noise of a client's arithmetic is not a contradiction.
    expect(isUnitRatioConsistent('l', 'dl', 0.1 + 0.2 - 0.2)).toBe(true)
    expect(isUnitRatioConsistent('kilogram', 'gram', 0.0011)).toBe(false)
    expect(isUnitRatioConsistent('kilogram', 'piece', 1000)).toBe(true)
  })
})

describe('default line maximum (products without maximumQuantity)', () => {
  it('is set per unit family and converted exactly into the unit', () => {
    expect(DEFAULT_LINE_MAXIMUM.count).toEqual({ amount: 1000, unit: 'piece' })
    expect(defaultLineMaximum('piece')).toBe(1000)
    expect(defaultLineMaximum('serving')).toBe(1000)
    expect(defaultLineMaximum('kilogram')).toBe(1000)
    expect(defaultLineMaximum('gram')).toBe(1_000_000)
    expect(defaultLineMaximum('l')).toBe(1000)
    expect(defaultLineMaximum('ml')).toBe(1_000_000)
    expect(defaultLineMaximum('m')).toBe(1000)
    expect(defaultLineMaximum('m2')).toBe(1000)
    expect(defaultLineMaximum('m3')).toBe(10)
    // Never above the ceiling every amount stays exact below.
    expect(defaultLineMaximum('mm3')).toBe(AMOUNT_CEILING)
  })

  it('applies where the product or the alternative unit sets no maximum, and never over one it sets', () => {
    const zopf = aProduct({ maximumQuantity: null })
    expect(quantityRulesFor(zopf, 'piece')).toEqual({ min: 1, max: 1000, step: 1 })
    expect(snapAmount(1_000_000_000, quantityRulesFor(zopf, 'piece')!)).toBe(1000)
    expect(quantityRulesFor(aProduct({ maximumQuantity: 5000 }), 'piece')?.max).toBe(5000)
    const bread = aProduct({
      unit: 'kilogram',
      maximumQuantity: null,
      alternativeUnits: [
        {
          unit: 'piece',
          ratio: 0.5,
          calculationModel: 'approximate',
          minimumQuantity: 1,
          maximumQuantity: null,
          quantityStepSize: 1,
        },
      ],
    })
    expect(quantityRulesFor(bread, 'kilogram')?.max).toBe(1000)
    expect(quantityRulesFor(bread, 'piece')?.max).toBe(1000)
  })
})

describe('amount input (spec §5)', () => {
  it('accepts a comma as decimal separator and reads empty as 0', () => {
    expect(parseAmountInput('1,5')).toBe(1.5)
    expect(parseAmountInput('1.5')).toBe(1.5)
    expect(parseAmountInput(',25')).toBe(0.25)
    expect(parseAmountInput('2,')).toBe(2)
    expect(parseAmountInput('')).toBe(0)
    expect(parseAmountInput('   ')).toBe(0)
    for (const text of ['-1', 'abc', '1,2,3', '1.000,5', '1e3']) expect(parseAmountInput(text)).toBeNull()
  })

  const kg: QuantityRules = { min: 0.1, max: 5, step: 0.05 }

  it('snaps to minimum, maximum and step', () => {
    expect(snapAmount(0, kg)).toBe(0.1)
    expect(snapAmount(0.33, kg)).toBe(0.35) // nearest grid point, ties up
    expect(snapAmount(0.32, kg)).toBe(0.3)
    expect(snapAmount(0.325, kg)).toBe(0.35)
    expect(snapAmount(9, kg)).toBe(5)
    expect(snapAmount(-3, kg)).toBe(0.1)
    expect(snapAmount(Number.NaN, kg)).toBe(0.1)
    expect(amountFromInput('', kg)).toBe(0.1)
    expect(amountFromInput('0,7', kg)).toBe(0.7)
    expect(amountFromInput('x', kg)).toBeNull()
  })

  it('anchors the grid at the minimum and stops at the last grid point under the maximum', () => {
    const rules: QuantityRules = { min: 0.3, max: 1, step: 0.25 }
    expect(snapAmount(0.4, rules)).toBe(0.3)
    expect(snapAmount(0.5, rules)).toBe(0.55)
    expect(snapAmount(1, rules)).toBe(0.8) // 1.05 would exceed the maximum
  })

  it('takes an amount with binary noise as its grid point, and nothing further off (spec §5)', () => {
    const tenth: QuantityRules = { min: 0.1, max: 5, step: 0.1 }
    expect(0.1 + 0.2).toBe(0.30000000000000004)
    expect(acceptedAmount(0.1 + 0.2, tenth)).toBe(0.3)
    expect(acceptedAmount(0.3, tenth)).toBe(0.3)
    expect(acceptedAmount(0.7 + 0.1, tenth)).toBe(0.8) // 0.7999999999999999
    expect(acceptedAmount(5.000000000000001, tenth)).toBe(5)
    expect(acceptedAmount(0.31, tenth)).toBeNull()
    expect(acceptedAmount(0.3000001, tenth)).toBeNull()
    expect(acceptedAmount(5.1, tenth)).toBeNull()
    expect(acceptedAmount(0.05, tenth)).toBeNull()
    expect(acceptedAmount(0, tenth)).toBeNull()
    expect(acceptedAmount(Number.NaN, tenth)).toBeNull()
    expect(acceptedAmount(-0.3, tenth)).toBeNull()
    expect(acceptedAmount(3, { min: 1, max: null, step: 1 })).toBe(3)
  })

  it('treats missing limits as open and a maximum below the minimum as the minimum', () => {
    expect(snapAmount(0.123, { min: null, max: null, step: null })).toBe(0.123)
    expect(snapAmount(7, { min: null, max: null, step: 2 })).toBe(8)
    expect(snapAmount(12, { min: 1, max: null, step: null })).toBe(12)
    expect(snapAmount(12, { min: 3, max: 2, step: 1 })).toBe(3)
    expect(snapAmount(1e300, { min: null, max: null, step: null })).toBe(AMOUNT_CEILING)
    expect(snapAmount(5e9, { min: null, max: 2e9, step: 0.5 })).toBe(AMOUNT_CEILING)
  })

  const rulesArb = fc.record({
    min: fc.option(decimalAmount(4, 3), { nil: null }),
    max: fc.option(decimalAmount(6, 3), { nil: null }),
    step: fc.option(decimalAmount(4, 3), { nil: null }),
  })

  it('a snapped amount is within bounds and on the step grid (property)', () => {
    fc.assert(
      fc.property(rulesArb, fc.oneof(decimalAmount(7, 4), fc.double({ noNaN: true })), (rules, amount) => {
        const snapped = snapAmount(amount, rules)
        const min = rules.min ?? 0
        expect(snapped).toBeGreaterThanOrEqual(min)
        expect(snapped).toBeLessThanOrEqual(
          Math.max(Math.min(rules.max ?? AMOUNT_CEILING, AMOUNT_CEILING), min),
        )
        if (rules.step !== null && rules.step > 0) {
          const steps = divideDecimal(
            subtractDecimal(decimalOf(snapped), decimalOf(min)),
            decimalOf(rules.step),
            12,
          )
          expect(isIntegerDecimal(steps)).toBe(true)
        }
        expect(snapAmount(snapped, rules)).toBe(snapped)
      }),
    )
  })

  it('steps with +/- and disables the buttons at min and max', () => {
    expect(stepAmount(0.1, kg, 1)).toBe(0.15)
    expect(stepAmount(0.15, kg, -1)).toBe(0.1)
    expect(stepAmount(0.1, kg, -1)).toBe(0.1)
    expect(stepAmount(5, kg, 1)).toBe(5)
    expect(stepperState(0.1, kg)).toEqual({ amount: 0.1, decreaseDisabled: true, increaseDisabled: false })
    expect(stepperState(2, kg)).toEqual({ amount: 2, decreaseDisabled: false, increaseDisabled: false })
    expect(stepperState(5, kg)).toEqual({ amount: 5, decreaseDisabled: false, increaseDisabled: true })
    expect(stepperState(1, { min: 0.3, max: 1, step: 0.25 }).increaseDisabled).toBe(true)
    // Without a step the buttons move by one.
    expect(stepAmount(1.5, { min: 1, max: null, step: null }, 1)).toBe(2.5)
    expect(stepperState(1.5, { min: 1, max: null, step: null }).decreaseDisabled).toBe(false)
  })

  it('stepping never leaves the grid or the bounds (property)', () => {
    fc.assert(
      fc.property(
        rulesArb,
        decimalAmount(5, 3),
        fc.constantFrom(1 as const, -1 as const),
        (rules, amount, dir) => {
          const stepped = stepAmount(amount, rules, dir)
          expect(snapAmount(stepped, rules)).toBe(stepped)
          const state = stepperState(amount, rules)
          if (state.increaseDisabled) expect(stepAmount(state.amount, rules, 1)).toBe(state.amount)
          if (state.decreaseDisabled) expect(stepAmount(state.amount, rules, -1)).toBe(state.amount)
        },
      ),
    )
  })

  it('converts the amount when the unit changes, then snaps', () => {
    const ham = aHam()
    expect(changeUnit(ham, 0.4, 'kilogram', 'package')).toBe(2)
    expect(changeUnit(ham, 0.45, 'kilogram', 'package')).toBe(2) // 2.25 packages → 2
    expect(changeUnit(ham, 3, 'package', 'kilogram')).toBe(0.6)
    expect(changeUnit(ham, 0.6, 'kilogram', 'gram')).toBe(600)
    expect(changeUnit(ham, 330, 'gram', 'kilogram')).toBe(0.35)
    expect(changeUnit(ham, 40, 'package', 'package')).toBe(10)
    expect(changeUnit(ham, 1, 'kilogram', 'piece')).toBeNull()
  })
})

describe('initial amount', () => {
  it('opens with the default quantity and unit when set', () => {
    expect(initialAmount(aHam({ defaultQuantity: 2, defaultUnit: 'package' }))).toEqual({
      amount: 2,
      unit: 'package',
    })
    expect(initialAmount(aHam({ defaultQuantity: 0.33, defaultUnit: null }))).toEqual({
      amount: 0.35,
      unit: 'kilogram',
    })
  })

  it('opens with the minimum otherwise, and never with 0', () => {
    expect(initialAmount(aHam())).toEqual({ amount: 0.1, unit: 'kilogram' })
    expect(initialAmount(aProduct({ minimumQuantity: null, quantityStepSize: null }))).toEqual({
      amount: 1,
      unit: 'piece',
    })
    expect(initialAmount(aProduct({ unit: 'kilogram', minimumQuantity: 0, quantityStepSize: 0.25 }))).toEqual(
      { amount: 0.25, unit: 'kilogram' },
    )
  })
})

describe('cart count (spec §9)', () => {
  it('counts pieces, pairs and persons by amount and everything else once', () => {
    expect(cartItemCount({ amount: 3, unit: 'piece' })).toBe(3)
    expect(cartItemCount({ amount: 2, unit: 'pair' })).toBe(2)
    expect(cartItemCount({ amount: 12, unit: 'person' })).toBe(12)
    expect(cartItemCount({ amount: 4, unit: 'serving' })).toBe(1)
    expect(cartItemCount({ amount: 3, unit: 'package' })).toBe(1)
    expect(cartItemCount({ amount: 0.35, unit: 'kilogram' })).toBe(1)
    expect(
      cartCount([
        { amount: 3, unit: 'piece' },
        { amount: 0.35, unit: 'kilogram' },
        { amount: 2, unit: 'pair' },
      ]),
    ).toBe(6)
    expect(cartCount([])).toBe(0)
    expect(
      cartCount([
        { amount: 0.1, unit: 'piece' },
        { amount: 0.2, unit: 'piece' },
      ]),
    ).toBe(0.3)
  })
})
