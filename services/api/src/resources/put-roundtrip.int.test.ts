import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, login } from '../testing/staff-session.ts'
import { RESOURCES } from './resource-registry.ts'
import { createUser } from './users.ts'

// PUT /api/{resource}/{id} takes back exactly what GET answered (issue 14, item 20): the `id`
// equal to the path's, the `version` as the optimistic-concurrency check, and the fields the
// server made itself (a branch's api key, a user's access token, a file's type and size) as
// they are. Nothing changes but the version (the store appends an Updated event per PUT).

let s: TestStack
let admin: Record<string, string>
let png: string

beforeAll(async () => {
  s = await startTestStack({ catalogue: false })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  const bytes = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c84' } })
    .png()
    .toBuffer()
  png = `data:image/png;base64,${bytes.toString('base64')}`
})
afterAll(async () => {
  await s?.close()
})

const as = (method: string, path: string, body?: unknown) =>
  call(s.url, method, path, { headers: admin, ...(body === undefined ? {} : { body }) })

async function created(path: string, body: unknown): Promise<{ id: string }> {
  const res = await as('POST', path, body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

let counter = 0
const unique = () => ++counter

/** One instance of every resource type, made as rich as its schema allows. */
const makers: Record<string, () => Promise<{ id: string }>> = {
  users: async () => {
    const branch = await created('/api/branches', { identifier: `u-${unique()}`, name: 'Für Benutzer' })
    return created('/api/users', {
      username: `lena${unique()}`,
      displayName: 'Lena',
      password: 'ein-langes-passwort',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: branch.id }],
    })
  },
  divisions: () => created('/api/divisions', { name: 'Bäckereien', description: 'Alle Filialen' }),
  branches: async () => {
    const tag = await created('/api/tags', { name: 'Brot' })
    return created('/api/branches', {
      identifier: `altstadt-${unique()}`,
      name: 'Altstadt',
      street: 'Marktgasse 1',
      zipCode: '8001',
      city: 'Zürich',
      phone: '+41 44 123 45 67',
      email: 'altstadt@example.ch',
      latitude: 47.37,
      longitude: 8.54,
      tags: [{ id: tag.id }],
      isPublic: true,
      openingHours: [{ type: 'daily', from: '06:30', to: '18:30' }],
      isDeliveryEnabled: true,
      deliveryAreas: [{ area: 'Zentrum', price: 500, tax: 8.1, freeFromOrderValue: 5000 }],
    })
  },
  tags: () => created('/api/tags', { name: 'Vegan' }),
  tables: async () => {
    const branch = await created('/api/branches', { identifier: `t-${unique()}`, name: 'Für Tische' })
    return created('/api/tables', { identifier: 'tisch-1', branch: { id: branch.id } })
  },
  products: () =>
    created('/api/products', {
      uid: 'zopf',
      name: 'Zopf',
      price: 690,
      tax: 2.6,
      takeawayTax: 2.6,
      dineInTax: 8.1,
      unit: 'piece',
      type: 'configurable',
      alternativeUnits: [{ unit: 'package', ratio: 2 }],
      config: { parts: [{ name: 'Grösse', type: 'select', options: [{ name: 'gross', value: 200 }] }] },
      schedule: [{ weekdays: ['monday'], from: '06:00', to: '12:00' }],
    }),
  categories: () => created('/api/categories', { name: 'Brot', schedule: [{ startDate: '2026-01-01' }] }),
  menus: async () => {
    const category = await created('/api/categories', { name: 'Für Menü' })
    const product = await created('/api/products', {
      uid: 'semmel',
      name: 'Semmel',
      price: 90,
      tax: 2.6,
      takeawayTax: 2.6,
      dineInTax: 8.1,
    })
    return created('/api/menus', {
      name: 'Sommer',
      availableFrom: '2026-06-01T00:00:00+02:00',
      catalog: [{ category: { id: category.id }, products: [{ id: product.id }] }],
    })
  },
  donatees: () => created('/api/donatees', { identifier: 'tafel', name: 'Tafel', description: 'Essen' }),
  sites: () =>
    created('/api/sites', {
      translations: {
        'de-CH': {
          path: '/ueber-uns',
          name: 'Über uns',
          content: { sections: [{ type: 'text_section', text: '<p>Hallo</p>' }] },
        },
      },
      isPublic: true,
    }),
  navigations: () =>
    created('/api/navigations', {
      identifier: 'main',
      translations: { 'de-CH': { name: 'Haupt' } },
      items: [{ type: 'link', target: 'https://example.ch', label: 'Extern', children: [] }],
    }),
  blocks: () =>
    created('/api/blocks', {
      identifier: 'about',
      name: 'Über',
      translations: { 'de-CH': { isPublic: true, content: { text: 'Hallo' } } },
    }),
  redirects: () => created('/api/redirects', { path: '/alt', target: '/neu', statusCode: 302 }),
  devices: () => created('/api/devices', { identifier: 'drucker-1', name: 'Drucker', kind: 'board' }),
  departments: () => created('/api/departments', { name: 'Backstube' }),
  images: () => created('/api/images', { data: png, alt: 'Ein Zopf' }),
  uploads: async () => {
    const res = await call(s.url, 'POST', '/api/uploads', { body: { data: png, name: 'torte.png' } })
    expect(res.status).toBe(201)
    return res.body.data
  },
  'image-templates': () =>
    created('/api/image-templates', {
      name: 'Plakat',
      width: 800,
      height: 600,
      layers: [
        {
          id: 'l1',
          type: 'text',
          text: 'Hallo',
          font: 'Lora',
          size: 40,
          color: '#000000',
          x: 10,
          y: 10,
          maxWidth: 700,
        },
      ],
    }),
  scenes: () => created('/api/scenes', { path: '/szene', name: 'Szene', content: { x: [1, 2] } }),
  fonts: () => created('/api/fonts', { family: 'Hausschrift', variants: ['regular', '700'] }),
  'working-schedules': async () => {
    const user = await make('users')
    const branch = await created('/api/branches', { identifier: `s-${unique()}`, name: 'Für Schichten' })
    return created('/api/working-schedules', {
      kind: 'shift',
      userId: user.id,
      branchId: branch.id,
      start: '2027-03-27T21:00:00.000Z',
      end: '2027-03-28T04:00:00.000Z',
      breakMinutes: 30,
      note: 'Nachtschicht',
    })
  },
  projects: async () => {
    const branch = await created('/api/branches', { identifier: `p-${unique()}`, name: 'Für Projekte' })
    return created('/api/projects', { name: 'Hochzeit Meier', branchId: branch.id })
  },
  tasks: async () => {
    const project = await created('/api/projects', { name: 'Apéro Müller' })
    return created('/api/tasks', { projectId: project.id, name: 'Aufbau' })
  },
  'digital-signage-segments': async () => {
    const branch = await created('/api/branches', { identifier: `ds-${unique()}`, name: 'Für Signage' })
    return created('/api/digital-signage-segments', {
      name: 'Abholung',
      type: 'pickup',
      branch: { id: branch.id },
    })
  },
  'digital-signage-streams': async () => {
    const segment = await make('digital-signage-segments')
    return created('/api/digital-signage-streams', {
      name: 'Schaufenster',
      items: [
        {
          segmentId: segment.id,
          durationSeconds: 20,
          schedule: { days: ['friday'], from: '22:00', to: '02:00' },
        },
      ],
    })
  },
  'digital-signage-devices': async () => {
    const branch = await created('/api/branches', { identifier: `dd-${unique()}`, name: 'Für Bildschirme' })
    const device = await created('/api/devices', { name: 'TV', kind: 'signage', branch: { id: branch.id } })
    const stream = await make('digital-signage-streams')
    return created('/api/digital-signage-devices', {
      name: 'TV',
      branch: { id: branch.id },
      deviceId: device.id,
      streamId: stream.id,
    })
  },
}

const make = (path: string) => makers[path]!()

async function eventCount(streamId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM es_events WHERE stream_id = ${streamId}`.execute(s.db.db)
  return rows[0]!.n
}

describe('PUT takes back what GET answered', () => {
  it('every resource type has a case here', () => {
    expect(Object.keys(makers).sort()).toEqual(RESOURCES.map((d) => d.path).sort())
  })

  it.each(RESOURCES.map((d) => [d.path, d.type] as const))(
    '%s: GET, PUT the same body → 200, nothing changed but the version',
    async (path, type) => {
      const { id } = await make(path)
      const before = (await as('GET', `/api/${path}/${id}`)).body.data
      expect(before.id).toBe(id)
      const events = await eventCount(`${type}-${id}`)

      const put = await as('PUT', `/api/${path}/${id}`, before)
      expect(put.status, JSON.stringify(put.body)).toBe(200)
      expect(put.body.data).toEqual({ ...before, version: before.version + 1 })
      const after = (await as('GET', `/api/${path}/${id}`)).body.data
      expect(after).toEqual({ ...before, version: before.version + 1 })
      // One Updated event, as for any PUT (the store never skips one).
      expect(await eventCount(`${type}-${id}`)).toBe(events + 1)

      // The version is still the optimistic-concurrency check: the old one is now stale.
      const stale = await as('PUT', `/api/${path}/${id}`, before)
      expect(stale.status).toBe(409)
      expect(stale.body.errors[0].field).toBe('version')

      // Another id than the path's stays an error, on `id`, and changes nothing.
      const otherId = await as('PUT', `/api/${path}/${id}`, { ...after, id: 'someone-else' })
      expect(otherId.status).toBe(400)
      expect(otherId.body.errors.map((e: { field: string }) => e.field)).toEqual(['id'])
      expect(await eventCount(`${type}-${id}`)).toBe(events + 1)
    },
  )

  it('a server-made field sent with another value is refused on that field, and changes nothing', async () => {
    const branch = (await as('GET', `/api/branches/${(await make('branches')).id}`)).body.data
    const forged = await as('PUT', `/api/branches/${branch.id}`, { ...branch, apiKey: 'mein-eigener-key' })
    expect(forged.status).toBe(400)
    expect(forged.body.errors).toEqual([{ field: 'apiKey', message: expect.any(String) }])
    expect((await as('GET', `/api/branches/${branch.id}`)).body.data).toEqual(branch)

    const image = (await as('GET', `/api/images/${(await make('images')).id}`)).body.data
    const resized = await as('PUT', `/api/images/${image.id}`, { ...image, width: 4000 })
    expect(resized.status).toBe(400)
    expect(resized.body.errors[0].field).toBe('width')
    // An unknown field stays an unknown field.
    const unknown = await as('PUT', `/api/images/${image.id}`, { ...image, colour: 'rot' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0].field).toBe('colour')
  })

  it('a PUT without the server-made fields keeps them (an image keeps its type and size)', async () => {
    const image = (await as('GET', `/api/images/${(await make('images')).id}`)).body.data
    const put = await as('PUT', `/api/images/${image.id}`, { alt: 'Neu', version: image.version })
    expect(put.status).toBe(200)
    expect(put.body.data).toEqual({ ...image, alt: 'Neu', version: image.version + 1 })
  })

  it('POST /api/config takes back what GET /api/config answered', async () => {
    expect((await as('POST', '/api/config', { shopName: 'Huber', currency: 'CHF' })).status).toBe(200)
    const before = (await as('GET', '/api/config')).body.data
    expect(before.id).toBe('config')
    const saved = await as('POST', '/api/config', before)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data).toEqual({ ...before, version: before.version + 1 })
    const otherId = await as('POST', '/api/config', { ...saved.body.data, id: 'andere' })
    expect(otherId.status).toBe(400)
    expect(otherId.body.errors[0].field).toBe('id')
  })
})
