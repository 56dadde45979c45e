import {
  aCart,
  aHam,
  anItem,
  aPart,
  aProduct,
  part,
} from '@shop/shared/domain/catalogue/catalogue.test-support.ts'
import { describe, expect, it } from 'vitest'
import {
  addToCart,
  lineKeys,
  lineMinimum,
  lineStepper,
  replaceLine,
  sameLine,
  stepLine,
} from './cart-store.ts'

// Issue 18: one line per product, unit and configuration; − / + within the product's limits.

const zopf = aProduct({ id: 'p-zopf', name: 'Butterzopf', minimumQuantity: 1, maximumQuantity: 5 })
const sandwich = aProduct({
  id: 'p-sandwich',
  name: 'Sandwich',
  price: 650,
  config: {
    parts: [
      aPart({
        name: 'Brot',
        options: [
          { name: 'Ruch', modifier: 'add', value: 0 },
          { name: 'Dinkel', modifier: 'add', value: 50 },
        ],
      }),
      aPart({
        name: 'Extras',
        type: 'multiselect',
        optional: true,
        options: [
          { name: 'Käse', modifier: 'add', value: 120 },
          { name: 'Ei', modifier: 'add', value: 100 },
        ],
      }),
    ],
  },
})
const sandwichWith = (bread: string, extras: string[] = [], amount = 1) =>
  anItem(sandwich, amount, 'piece', [part({ options: [bread] }), part({ options: extras })])

describe('sameLine', () => {
  it('is the same product in the same unit with every part configured alike', () => {
    expect(sameLine(anItem(zopf, 1), anItem(zopf, 3))).toBe(true)
    expect(sameLine(sandwichWith('Ruch', ['Käse', 'Ei']), sandwichWith('Ruch', ['Ei', 'Käse']))).toBe(true)
    expect(sameLine(sandwichWith('Ruch'), sandwichWith('Dinkel'))).toBe(false)
    expect(sameLine(sandwichWith('Ruch', ['Käse']), sandwichWith('Ruch'))).toBe(false)
    const ham = aHam()
    expect(sameLine(anItem(ham, 0.2, 'kilogram'), anItem(ham, 200, 'gram'))).toBe(false)
    expect(sameLine(anItem(zopf), anItem(aProduct({ id: 'p-other' })))).toBe(false)
  })

  it('compares texts without their surrounding blanks', () => {
    const cake = aProduct({ id: 'p-cake', config: { parts: [aPart({ name: 'Text', type: 'text' })] } })
    expect(
      sameLine(
        anItem(cake, 1, 'piece', [part({ text: 'Alles Gute ' })]),
        anItem(cake, 1, 'piece', [part({ text: 'Alles Gute' })]),
      ),
    ).toBe(true)
    expect(
      sameLine(
        anItem(cake, 1, 'piece', [part({ text: 'Alles Gute' })]),
        anItem(cake, 1, 'piece', [part({ text: 'Happy' })]),
      ),
    ).toBe(false)
  })
})

describe('addToCart', () => {
  it('adds a new line at the end, and raises an equal line instead of adding a second one', () => {
    const first = addToCart(aCart([]), anItem(zopf, 1))
    expect(first).toMatchObject({ index: 0, capped: false })
    const other = addToCart(first.cart, sandwichWith('Ruch'))
    expect(other.index).toBe(1)
    const again = addToCart(other.cart, anItem(zopf, 2))
    expect(again).toMatchObject({ index: 0, capped: false })
    expect(again.cart.items.map((item) => [item.product.id, item.amount])).toEqual([
      ['p-zopf', 3],
      ['p-sandwich', 1],
    ])
    // Configured differently: its own line.
    expect(addToCart(again.cart, sandwichWith('Dinkel')).cart.items).toHaveLength(3)
  })

  it('holds a merged line at the product maximum and says so', () => {
    const cart = aCart([anItem(zopf, 4)])
    const merged = addToCart(cart, anItem(zopf, 3))
    expect(merged.cart.items[0]?.amount).toBe(5)
    expect(merged.capped).toBe(true)
  })

  it('sums measured amounts without binary noise and on the step grid', () => {
    const ham = aHam()
    const cart = aCart([anItem(ham, 0.1, 'kilogram')])
    const merged = addToCart(cart, anItem(ham, 0.2, 'kilogram'))
    expect(merged.cart.items[0]?.amount).toBe(0.3)
    expect(merged.capped).toBe(false)
  })
})

describe('stepLine and lineStepper', () => {
  it('moves by the step in the line unit and stops at the limits', () => {
    const ham = aHam()
    let cart = aCart([anItem(ham, 100, 'gram'), anItem(zopf, 5)])
    cart = stepLine(cart, 0, 1)
    expect(cart.items[0]?.amount).toBe(150)
    cart = stepLine(cart, 0, -1)
    expect(cart.items[0]?.amount).toBe(100)
    expect(stepLine(cart, 0, -1)).toBe(cart)
    expect(stepLine(cart, 1, 1)).toBe(cart)
    expect(stepLine(cart, 7, 1)).toBe(cart)
    expect(stepLine(aCart([anItem(ham, 2, 'package')]), 0, 1).items[0]?.amount).toBe(3)
  })

  it('tells when − removes (at the minimum) and + has nothing left (at the maximum)', () => {
    expect(lineStepper(anItem(zopf, 1))).toEqual({ atMinimum: true, atMaximum: false })
    expect(lineStepper(anItem(zopf, 3))).toEqual({ atMinimum: false, atMaximum: false })
    expect(lineStepper(anItem(zopf, 5))).toEqual({ atMinimum: false, atMaximum: true })
    expect(lineStepper(anItem(aHam(), 5000, 'gram'))).toEqual({ atMinimum: false, atMaximum: true })
  })

  it('never steps a product without a minimum down to nothing', () => {
    const roll = aProduct({ id: 'p-roll', minimumQuantity: null, quantityStepSize: null })
    expect(lineMinimum(anItem(roll, 1))).toBe(1)
    expect(lineStepper(anItem(roll, 1)).atMinimum).toBe(true)
    const cart = aCart([anItem(roll, 2)])
    const one = stepLine(cart, 0, -1)
    expect(one.items[0]?.amount).toBe(1)
    expect(stepLine(one, 0, -1)).toBe(one)
    const halves = aProduct({ id: 'p-halves', minimumQuantity: null, quantityStepSize: 0.5 })
    expect(lineMinimum(anItem(halves, 2))).toBe(0.5)
  })
})

describe('replaceLine', () => {
  it('saves a changed item back into its own line', () => {
    const cart = aCart([anItem(zopf), sandwichWith('Ruch'), anItem(zopf, 1, 'piece')])
    const changed = replaceLine(cart, 1, sandwichWith('Dinkel', ['Ei'], 2))
    expect(changed).toMatchObject({ index: 1, capped: false })
    expect(changed.cart.items[1]).toEqual(sandwichWith('Dinkel', ['Ei'], 2))
    expect(changed.cart.items).toHaveLength(3)
  })

  it('folds an equal line into the changed one, which keeps its place', () => {
    const cart = aCart([sandwichWith('Dinkel', [], 2), anItem(zopf), sandwichWith('Ruch', [], 1)])
    const changed = replaceLine(cart, 2, sandwichWith('Dinkel', [], 1))
    expect(changed.index).toBe(1)
    expect(changed.cart.items.map((item) => [item.product.id, item.amount])).toEqual([
      ['p-zopf', 1],
      ['p-sandwich', 3],
    ])
    const before = replaceLine(cart, 0, sandwichWith('Ruch', [], 1))
    expect(before.index).toBe(0)
    expect(
      before.cart.items.map((item) => [item.product.id, item.amount, item.parts[0]?.options[0]]),
    ).toEqual([
      ['p-sandwich', 2, 'Ruch'],
      ['p-zopf', 1, undefined],
    ])
  })
})

describe('lineKeys', () => {
  it('follows the line, not its position, and numbers equal lines of an older cart', () => {
    const keys = lineKeys([anItem(zopf, 1), sandwichWith('Ruch'), anItem(zopf, 2)])
    expect(new Set(keys).size).toBe(3)
    expect(lineKeys([sandwichWith('Ruch')])[0]).toBe(keys[1])
  })
})
