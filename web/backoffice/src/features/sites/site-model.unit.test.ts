import { createSiteBodySchema, parseWithErrors } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import { convertContent, movedPublicPaths, siteToBody, siteToForm } from './site-model.ts'

const standard = {
  type: 'default',
  isPublic: true,
  translations: {
    'de-CH': {
      path: '/ueber-uns',
      name: 'Über uns',
      title: 'Über uns',
      description: null,
      content: {
        sections: [
          { type: 'text_section', text: '<p>Hallo</p>' },
          { type: 'columns_section', appearance: '2', direction: 'horizontal', content: [] },
        ],
      },
    },
    'de-AT': { path: '/at/ueber-uns', name: 'Über uns', title: null, description: null, content: null },
  },
}

describe('the site form', () => {
  it('starts a new site as a German standard page, a draft, that the contract accepts once named', () => {
    const form = siteToForm(null)
    expect(form.variant).toBe('standard')
    expect(form.isPublic).toBe(false)
    expect(form.translations['de-CH'].enabled).toBe(true)
    expect(form.translations['fr-FR'].enabled).toBe(false)
    const body = siteToBody(form, null)
    expect(parseWithErrors(createSiteBodySchema, body).success).toBe(false)
    form.translations['de-CH'].name = 'Sommer'
    form.translations['de-CH'].path = '/sommer'
    const named = siteToBody(form, null)
    expect(named).toEqual({
      type: 'default',
      isPublic: false,
      translations: {
        'de-CH': {
          path: '/sommer',
          name: 'Sommer',
          title: '',
          description: '',
          isPublic: true,
          content: { sections: [] },
        },
      },
    })
    expect(parseWithErrors(createSiteBodySchema, named).success).toBe(true)
  })

  it('gives back a stored site as it was, keeping languages the editor does not show', () => {
    const form = siteToForm(standard)
    expect(form.variant).toBe('standard')
    const body = siteToBody(form, standard) as { translations: Record<string, { content: unknown }> }
    expect(body.translations['de-CH']?.content).toEqual(standard.translations['de-CH'].content)
    expect(body.translations['de-AT']).toEqual(standard.translations['de-AT'])
    expect(body.translations['fr-FR']).toBeUndefined()
  })

  it('turns a simple page into a standard one and back, keeping the texts', () => {
    expect(convertContent({ body: '<p>Impressum</p>' }, 'standard')).toEqual({
      sections: [{ type: 'text_section', text: '<p>Impressum</p>' }],
    })
    expect(convertContent('<p>Kurz</p>', 'standard')).toEqual({
      sections: [{ type: 'text_section', text: '<p>Kurz</p>' }],
    })
    expect(
      convertContent(
        {
          sections: [
            { type: 'text_section', text: '<p>a</p>' },
            { type: 'columns_section', content: [{ type: 'text', text: '<p>b</p>' }, { type: 'image' }] },
            { type: 'gallery_section', images: [] },
          ],
        },
        'simple',
      ),
    ).toEqual({ body: '<p>a</p><p>b</p>' })
  })

  it('names the public paths a save moved (not a draft’s)', () => {
    const after = {
      ...standard,
      translations: {
        ...standard.translations,
        'de-CH': { ...standard.translations['de-CH'], path: '/team' },
      },
    }
    expect(movedPublicPaths(standard, after)).toEqual([{ locale: 'de-CH', from: '/ueber-uns', to: '/team' }])
    expect(movedPublicPaths({ ...standard, isPublic: false }, after)).toEqual([])
    expect(movedPublicPaths(null, after)).toEqual([])
  })
})
