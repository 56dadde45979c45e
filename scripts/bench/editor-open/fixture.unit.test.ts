import { describe, expect, it } from 'vitest'
import { apiAnswers, IMAGES, PRODUCT, PRODUCT_ID } from './fixture.ts'
import { fixtureProblems } from './fixture-check.ts'

describe('the product editor bench fixture', () => {
  it('is what the API could answer: every answer passes its contract', () => {
    expect(fixtureProblems()).toEqual([])
  })

  it('is the configured product the bench promises', () => {
    expect(PRODUCT.alternativeUnits).toHaveLength(2)
    expect(PRODUCT.images).toHaveLength(3)
    expect(PRODUCT.schedule.length).toBeGreaterThan(0)
    expect(PRODUCT.isLeadTimeEnabled).toBe(true)
    expect(PRODUCT.config.parts.map((part) => part.options.length)).toEqual([5, 5, 5])
    expect(Object.keys(apiAnswers())).toEqual([
      `/products/${PRODUCT_ID}`,
      `/products/${PRODUCT_ID}/history?limit=50`,
      '/config',
      ...IMAGES.map((image) => `/images/${image.id}`),
    ])
  })
})
