import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, login } from '../testing/staff-session.ts'
import { createUser } from './users.ts'

// Blocks and navigations beyond their write contracts (issue 19 part 5; resources/content-rules.ts):
// an identifier names one block (one navigation); the menu's blocks 'about' and 'contact' keep
// their identifier and are not deleted; a navigation item's site or branch must exist.

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

type FieldError = { field: string; message: string }
const byField = (errors: FieldError[]) => Object.fromEntries(errors.map((e) => [e.field, e.message]))

const block = (identifier: string) => ({
  identifier,
  name: `Block ${identifier}`,
  type: 'default',
  translations: { 'de-CH': { isPublic: true, content: { body: '<p>Hallo</p>' } } },
})

describe('the menu blocks about and contact', () => {
  it('keep their identifier and are not deleted while they are the only ones', async () => {
    const about = (await as('POST', '/api/blocks', block('about'))).body.data
    const renamed = await as('PUT', `/api/blocks/${about.id}`, { ...about, identifier: 'ueber-uns' })
    expect(renamed.status).toBe(409)
    expect(byField(renamed.body.errors)).toEqual({
      identifier: 'Der Block «about» erscheint im Menü des Shops; seine Kennung kann nicht geändert werden.',
    })
    const removed = await as('DELETE', `/api/blocks/${about.id}?version=${about.version}`)
    expect(removed.status).toBe(409)
    expect(removed.body.errors[0].message).toMatch(/«about» erscheint im Menü des Shops/)
    const stored = (await as('GET', `/api/blocks/${about.id}`)).body.data
    expect(stored).toMatchObject({ identifier: 'about', version: 1 })

    // Its content may change, and drafts are allowed (the storefront then shows nothing to visitors).
    const edited = await as('PUT', `/api/blocks/${about.id}`, {
      ...stored,
      translations: { 'de-CH': { isPublic: false, content: { body: '' } } },
    })
    expect(edited.status).toBe(200)
  })

  it('refuses a second block with a taken identifier; other blocks change and go freely', async () => {
    const taken = await as('POST', '/api/blocks', block('about'))
    expect(taken.status).toBe(400)
    expect(byField(taken.body.errors)).toEqual({ identifier: 'Dieser Wert wird bereits verwendet.' })

    const other = (await as('POST', '/api/blocks', block('oeffnungszeiten'))).body.data
    const renamed = await as('PUT', `/api/blocks/${other.id}`, { ...other, identifier: 'zeiten' })
    expect(renamed.status).toBe(200)
    const moved = await as('PUT', `/api/blocks/${other.id}`, { ...renamed.body.data, identifier: 'contact' })
    expect(moved.status).toBe(200)
    // 'contact' is now a menu block: it stays.
    const removed = await as('DELETE', `/api/blocks/${other.id}?version=${moved.body.data.version}`)
    expect(removed.status).toBe(409)
    const plain = (await as('POST', '/api/blocks', block('aktion'))).body.data
    expect((await as('DELETE', `/api/blocks/${plain.id}?version=1`)).status).toBe(200)
  })
})

describe('a navigation', () => {
  it('refuses items whose site or branch does not exist, at the item, and stores existing ones', async () => {
    const site = (
      await as('POST', '/api/sites', {
        translations: {
          'de-CH': { path: '/ueber-uns', name: 'Über uns', content: { body: '<p>Hallo</p>' } },
        },
      })
    ).body.data
    const branch = (await as('POST', '/api/branches', { identifier: 'dorf', name: 'Dorfladen' })).body.data
    expect(site.id).toBeTypeOf('string')
    expect(branch.id).toBeTypeOf('string')

    const refused = await as('POST', '/api/navigations', {
      identifier: 'main',
      items: [
        { type: 'home', target: null, label: 'Start' },
        {
          type: 'link',
          target: '/',
          label: 'Filialen',
          children: [
            { type: 'branch', target: branch.id, label: 'Dorfladen' },
            { type: 'branch', target: 'gibt-es-nicht', label: 'Weg' },
          ],
        },
        { type: 'site', target: 'site-weg', label: 'Alt' },
        { type: 'site', target: site.id, label: 'Über uns' },
      ],
    })
    expect(refused.status).toBe(400)
    expect(byField(refused.body.errors)).toEqual({
      'items.1.children.1.target': 'Dieser Eintrag existiert nicht.',
      'items.2.target': 'Dieser Eintrag existiert nicht.',
    })
    expect((await as('GET', '/api/navigations')).body.data).toEqual([])

    const created = await as('POST', '/api/navigations', {
      identifier: 'main',
      translations: { 'de-CH': { name: 'Hauptnavigation' } },
      items: [
        {
          type: 'link',
          target: '/',
          label: 'Filialen',
          children: [{ type: 'branch', target: branch.id, label: 'Dorf' }],
        },
        { type: 'site', target: site.id, label: 'Über uns', isEnabled: false },
      ],
    })
    expect(created.status).toBe(201)
    expect(created.body.data.items[1]).toEqual({
      type: 'site',
      target: site.id,
      label: 'Über uns',
      isEnabled: false,
      children: [],
    })

    const second = await as('POST', '/api/navigations', { identifier: 'main', items: [] })
    expect(second.status).toBe(400)
    expect(byField(second.body.errors)).toEqual({ identifier: 'Dieser Wert wird bereits verwendet.' })
  })
})
