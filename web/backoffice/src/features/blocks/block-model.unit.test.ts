import { createBlockBodySchema } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import { blockToBody, blockToForm, contentToForm, isMenuBlock } from './block-model.ts'

describe('the block form', () => {
  it('reads every stored shape of a content as both contents', () => {
    expect(contentToForm('<p>Hallo</p>')).toEqual({ body: '<p>Hallo</p>', data: [] })
    expect(contentToForm({ text: '<p>Alt</p>' })).toEqual({ body: '<p>Alt</p>', data: [] })
    expect(contentToForm([{ type: 'text', value: 'Eins' }])).toEqual({
      body: '',
      data: [{ type: 'text', value: 'Eins' }],
    })
    expect(contentToForm(null)).toEqual({ body: '', data: [] })
  })

  it('starts a new block in German as a draft and sends what the contract takes', () => {
    const form = blockToForm(null)
    expect(form.translations['de-CH']).toMatchObject({ enabled: true, isPublic: false })
    expect(form.translations['fr-FR'].enabled).toBe(false)
    form.identifier = 'about'
    form.name = 'Über uns'
    form.translations['de-CH'].content.body = '<p>Seit 1898</p>'
    const body = blockToBody(form, null)
    expect(body).toEqual({
      identifier: 'about',
      name: 'Über uns',
      type: 'default',
      translations: { 'de-CH': { isPublic: false, content: { body: '<p>Seit 1898</p>' } } },
    })
    expect(createBlockBodySchema.safeParse(body).success).toBe(true)
  })

  it('sends the legacy items for a legacy block, keeps unshown languages and switches losslessly', () => {
    const stored = {
      identifier: 'alt',
      name: 'Alt',
      type: 'legacy',
      translations: {
        'de-CH': { isPublic: true, content: [{ type: 'text', value: 'Eins' }] },
        'de-AT': { isPublic: true, content: { data: [] } },
      },
    }
    const form = blockToForm(stored)
    expect(form.type).toBe('legacy')
    expect(blockToBody(form, stored).translations).toEqual({
      'de-AT': { isPublic: true, content: { data: [] } },
      'de-CH': { isPublic: true, content: { data: [{ type: 'text', value: 'Eins' }] } },
    })
    form.type = 'default'
    form.translations['de-CH'].content.body = '<p>Neu</p>'
    expect(blockToBody(form, stored).translations).toMatchObject({
      'de-CH': { content: { body: '<p>Neu</p>' } },
    })
    form.type = 'legacy'
    expect(blockToBody(form, stored).translations).toMatchObject({
      'de-CH': { content: { data: [{ type: 'text', value: 'Eins' }] } },
    })
  })

  it('knows the menu blocks', () => {
    expect(isMenuBlock('about')).toBe(true)
    expect(isMenuBlock('contact')).toBe(true)
    expect(isMenuBlock('aktion')).toBe(false)
    expect(isMenuBlock(undefined)).toBe(false)
  })
})
