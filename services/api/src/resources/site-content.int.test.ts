import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, login } from '../testing/staff-session.ts'
import { createUser } from './users.ts'

// Sites and blocks with typed content (issue 19; shared/domain/content): content that breaks its
// type's configuration is refused with every field error at its content path, nothing stored;
// valid content is stored as sent; a draft is staff's only (docs/content.md).

let s: TestStack
let admin: Record<string, string>

beforeAll(async () => {
  s = await startTestStack({ catalogue: false })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
})
afterAll(async () => {
  await s?.close()
})

const as = (method: string, path: string, body?: unknown) =>
  call(s.url, method, path, { headers: admin, ...(body === undefined ? {} : { body }) })
const anonymous = (path: string) => call(s.url, 'GET', path)

const image = { id: 'img-1', version: 1, extension: 'jpg' }

type FieldError = { field: string; message: string }
const byField = (errors: FieldError[]) => Object.fromEntries(errors.map((e) => [e.field, e.message]))

describe('a site with typed content', () => {
  it('is refused with field errors at the content paths, and nothing is stored', async () => {
    const before = (await as('GET', '/api/sites')).body.data.length
    const res = await as('POST', '/api/sites', {
      type: 'default',
      translations: {
        'de-CH': {
          path: '/sommer',
          name: 'Sommer',
          content: {
            sections: [
              { type: 'text_section', text: 42 },
              {
                type: 'columns_section',
                appearance: '7',
                direction: 'horizontal',
                content: [{ type: 'external_teaser', title: '', link: 'javascript:alert(1)' }],
              },
              { type: 'gallery_section', appearance: '3', images: [] },
              { type: 'video_section' },
            ],
          },
        },
        'fr-FR': { path: '/fr/ete', name: 'Été', content: { body: ['nicht', 'html'] } },
      },
    })
    expect(res.status).toBe(400)
    expect(byField(res.body.errors)).toEqual({
      'translations.de-CH.content.sections.0.text': 'Dieser Wert sollte vom Typ string sein.',
      'translations.de-CH.content.sections.1.appearance': 'Sie haben einen ungültigen Wert ausgewählt.',
      'translations.de-CH.content.sections.1.content.0.title': 'Dieser Wert sollte nicht leer sein.',
      'translations.de-CH.content.sections.1.content.0.link': 'Dieser Wert ist keine gültige URL.',
      'translations.de-CH.content.sections.2.images': 'Diese Sammlung sollte 1 oder mehr Elemente enthalten.',
      'translations.de-CH.content.sections.3.type': 'Sie haben einen ungültigen Wert ausgewählt.',
      'translations.fr-FR.content.body': 'Dieser Wert sollte vom Typ string sein.',
    })
    expect((await as('GET', '/api/sites')).body.data.length).toBe(before)
  })

  it('answers in the caller’s language', async () => {
    const res = await call(s.url, 'POST', '/api/sites', {
      headers: { ...admin, 'accept-language': 'fr' },
      body: {
        translations: {
          'de-CH': { path: '/x', name: 'X', content: { sections: [{ type: 'gallery_section' }] } },
        },
      },
    })
    expect(res.status).toBe(400)
    expect(byField(res.body.errors)).toEqual({
      'translations.de-CH.content.sections.0.appearance': 'Cette valeur ne doit pas être vide.',
      'translations.de-CH.content.sections.0.images': 'Cette collection doit contenir 1 élément(s) ou plus.',
    })
  })

  it('stores a valid standard page as sent, refuses a PUT that breaks it, and checks its references’ kind', async () => {
    const allergens = (
      await as('POST', '/api/sites', {
        isPublic: true,
        translations: { 'de-CH': { path: '/allergene', name: 'Allergene', content: { body: '<p>14</p>' } } },
      })
    ).body.data
    const content = {
      sections: [
        { type: 'text_section', text: '<p>Hallo</p>' },
        {
          type: 'columns_section',
          appearance: '2',
          direction: 'vertical',
          content: [
            { type: 'image', image },
            {
              type: 'internal_teaser',
              title: 'Allergene',
              image: null,
              reference: { type: 'site', id: allergens.id },
            },
          ],
        },
        { type: 'gallery_section', appearance: '4', images: [image] },
      ],
    }
    const created = await as('POST', '/api/sites', {
      translations: { 'de-CH': { path: '/sommer', name: 'Sommer', content } },
    })
    expect(created.status).toBe(201)
    expect(created.body.data.translations['de-CH'].content).toEqual(content)

    const broken = await as('PUT', `/api/sites/${created.body.data.id}`, {
      ...created.body.data,
      translations: {
        'de-CH': {
          ...created.body.data.translations['de-CH'],
          content: { sections: [{ type: 'columns_section', appearance: '2', direction: 'diagonal' }] },
        },
      },
    })
    expect(broken.status).toBe(400)
    expect(byField(broken.body.errors)).toEqual({
      'translations.de-CH.content.sections.0.direction': 'Sie haben einen ungültigen Wert ausgewählt.',
    })

    // A reference is checked for its shape (a site), not for existence (docs/content.md).
    const gone = await as('POST', '/api/sites', {
      translations: {
        'de-CH': {
          path: '/teaser',
          name: 'Teaser',
          content: {
            sections: [
              {
                type: 'columns_section',
                appearance: '1',
                direction: 'horizontal',
                content: [
                  { type: 'internal_teaser', title: 'Weg', reference: { type: 'site', id: 'gibt-es-nicht' } },
                  { type: 'internal_teaser', title: 'Falsch', reference: { type: 'product', id: 'p1' } },
                ],
              },
            ],
          },
        },
      },
    })
    expect(gone.status).toBe(400)
    expect(byField(gone.body.errors)).toEqual({
      'translations.de-CH.content.sections.0.content.1.reference.type':
        'Sie haben einen ungültigen Wert ausgewählt.',
    })
  })

  it('takes the content of a site type the shop does not know as any JSON', async () => {
    const res = await as('POST', '/api/sites', {
      type: 'landing-page',
      translations: { 'de-CH': { path: '/landing', name: 'Landing', content: { hero: [1, 'a'] } } },
    })
    expect(res.status).toBe(201)
  })
})

describe('who sees a draft', () => {
  it('shows drafts and held-back languages to staff only', async () => {
    const draft = (
      await as('POST', '/api/sites', {
        isPublic: false,
        translations: { 'de-CH': { path: '/geheim', name: 'Geheim', content: { body: '<p>bald</p>' } } },
      })
    ).body.data
    const partly = (
      await as('POST', '/api/sites', {
        isPublic: true,
        translations: {
          'de-CH': { path: '/offen', name: 'Offen', content: { body: '<p>da</p>' } },
          'fr-FR': {
            path: '/fr/ouvert',
            name: 'Ouvert',
            isPublic: false,
            content: { body: '<p>bientôt</p>' },
          },
        },
      })
    ).body.data

    expect((await anonymous(`/api/sites/${draft.id}`)).status).toBe(404)
    expect((await as('GET', `/api/sites/${draft.id}`)).status).toBe(200)
    const visible = (await anonymous('/api/sites')).body.data as { id: string; translations: object }[]
    expect(visible.some((site) => site.id === draft.id)).toBe(false)
    expect(Object.keys(visible.find((site) => site.id === partly.id)?.translations ?? {})).toEqual(['de-CH'])
    const staff = (await as('GET', '/api/sites')).body.data as { id: string; translations: object }[]
    expect(Object.keys(staff.find((site) => site.id === partly.id)?.translations ?? {})).toEqual([
      'de-CH',
      'fr-FR',
    ])

    const init = (await anonymous('/api/init')).body.data as { url: string; data: { id: string }[] }[]
    const sites = init.find((part) => part.url === '/api/sites')?.data ?? []
    expect(sites.some((site) => site.id === draft.id)).toBe(false)
    const staffInit = (await as('GET', '/api/init')).body.data as { url: string; data: { id: string }[] }[]
    expect(
      staffInit.find((part) => part.url === '/api/sites')?.data.some((site) => site.id === draft.id),
    ).toBe(true)
  })
})

describe('a block with typed content', () => {
  it('refuses a default block whose body is no text and a legacy item of an unknown type', async () => {
    const res = await as('POST', '/api/blocks', {
      identifier: 'about',
      name: 'Über uns',
      type: 'default',
      translations: { 'de-CH': { isPublic: true, content: { body: { html: 1 } } } },
    })
    expect(res.status).toBe(400)
    expect(byField(res.body.errors)).toEqual({
      'translations.de-CH.content.body': 'Dieser Wert sollte vom Typ string sein.',
    })
    const legacy = await as('POST', '/api/blocks', {
      identifier: 'alt',
      name: 'Alt',
      type: 'legacy',
      translations: {
        'de-CH': {
          content: [
            { type: 'text', value: 'Hallo' },
            { type: 'gallery', label: 'Leer', images: [] },
          ],
        },
        'fr-FR': { content: { data: [{ type: 'video' }] } },
      },
    })
    expect(legacy.status).toBe(400)
    expect(byField(legacy.body.errors)).toEqual({
      'translations.de-CH.content.1.images': 'Diese Sammlung sollte 1 oder mehr Elemente enthalten.',
      'translations.fr-FR.content.data.0.type': 'Sie haben einen ungültigen Wert ausgewählt.',
    })
  })

  it('stores valid default and legacy blocks', async () => {
    const about = await as('POST', '/api/blocks', {
      identifier: 'contact',
      name: 'Kontakt',
      translations: { 'de-CH': { isPublic: true, content: { body: '<p>Telefon</p>' } } },
    })
    expect(about.status).toBe(201)
    const data = [
      { type: 'markdown', value: 'Eins\n\nZwei' },
      { type: 'image', image },
      { type: 'files', files: [{ id: 'u1', version: 1, extension: 'pdf', publicHash: 'h' }] },
    ]
    const legacy = await as('POST', '/api/blocks', {
      identifier: 'legacy-ok',
      name: 'Alt',
      type: 'legacy',
      translations: { 'de-CH': { isPublic: true, content: { data } } },
    })
    expect(legacy.status).toBe(201)
    expect(legacy.body.data.translations['de-CH'].content).toEqual({ data })
  })
})
