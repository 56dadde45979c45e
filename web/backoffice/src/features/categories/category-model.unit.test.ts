import { createCategoryBodySchema, parseWithErrors } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import {
  categoryToBody,
  categoryToForm,
  categoryUsage,
  emptyScheduleRow,
  imageUrl,
} from './category-model.ts'

describe('the category form', () => {
  it('maps a stored category to the form and back, the contract taking the body', () => {
    const stored = {
      id: 'c1',
      version: 3,
      name: 'Frühstück',
      image: { id: 'img1', version: 2, extension: 'jpg' },
      isEnabled: true,
      schedule: [
        { weekdays: ['monday', 'friday'], from: '06:00', to: '11:00', startDate: null, endDate: null },
      ],
      isVisibleWhenUnavailable: true,
      translations: { 'fr-FR': { name: 'Petit-déjeuner' } },
    }
    const form = categoryToForm(stored)
    expect(form.schedule).toEqual([
      { weekdays: ['monday', 'friday'], from: '06:00', to: '11:00', startDate: '', endDate: '' },
    ])
    const body = categoryToBody(form)
    const { id: _id, version: _version, ...rest } = stored
    expect(body).toEqual(rest)
    expect(parseWithErrors(createCategoryBodySchema, body).success).toBe(true)
  })

  it('starts a new category enabled without schedule, and an empty rule means no condition', () => {
    const form = categoryToForm(null)
    expect(form).toEqual({
      name: '',
      image: null,
      isEnabled: true,
      schedule: [],
      isVisibleWhenUnavailable: false,
      translations: { 'fr-FR': { name: '' }, en: { name: '' } },
    })
    const body = categoryToBody({ ...form, name: 'Brot', schedule: [emptyScheduleRow()] })
    expect(body.schedule).toEqual([{ weekdays: null, from: null, to: null, startDate: null, endDate: null }])
    expect(parseWithErrors(createCategoryBodySchema, body).success).toBe(true)
  })

  it('lets the contract name a bad time at its row and field', () => {
    const body = categoryToBody({
      ...categoryToForm(null),
      name: 'Brot',
      schedule: [{ ...emptyScheduleRow(), from: '25:00' }],
    })
    const result = parseWithErrors(createCategoryBodySchema, body, 'de-CH')
    expect(result.success).toBe(false)
    if (!result.success) expect(result.errors[0]?.field).toBe('schedule.0.from')
  })
})

describe('the category list', () => {
  it('counts the different products the menus list under each category and names the menus', () => {
    const usage = categoryUsage([
      {
        id: 'm1',
        name: 'Sommer',
        catalog: [{ category: { id: 'bread' }, products: [{ id: 'a' }, { id: 'b' }] }],
      },
      {
        id: 'm2',
        name: 'Winter',
        catalog: [
          { category: { id: 'bread' }, products: [{ id: 'b' }, { id: 'c' }] },
          { category: { id: 'cakes' }, products: [] },
        ],
      },
    ])
    expect(usage.get('bread')).toEqual({ products: 3, menus: ['Sommer', 'Winter'] })
    expect(usage.get('cakes')).toEqual({ products: 0, menus: ['Winter'] })
    expect(usage.get('drinks')).toBeUndefined()
  })

  it('addresses images in the sizes the server makes', () => {
    expect(imageUrl({ id: 'x1', version: 2, extension: 'png' })).toBe('/image/thumbnail/x1-2.png')
  })
})
