import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, login } from '../testing/staff-session.ts'
import { createUser } from './users.ts'

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

describe('resources through the event store', () => {
  it('create, read after write, update with the version, stale version 409, delete', async () => {
    const created = await as('POST', '/api/tags', { name: 'Vegan' })
    expect(created.status).toBe(201)
    const tag = created.body.data
    expect(tag).toMatchObject({ name: 'Vegan', version: 1 })
    expect((await call(s.url, 'GET', `/api/tags/${tag.id}`)).body.data).toMatchObject({
      name: 'Vegan',
      version: 1,
    })

    const updated = await as('PUT', `/api/tags/${tag.id}`, { name: 'Vegan & bio', version: 1 })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ name: 'Vegan & bio', version: 2 })
    const stale = await as('PUT', `/api/tags/${tag.id}`, { name: 'zu spät', version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.errors[0].field).toBe('version')
    expect((await call(s.url, 'GET', `/api/tags/${tag.id}`)).body.data.name).toBe('Vegan & bio')

    expect((await as('DELETE', `/api/tags/${tag.id}?version=1`)).status).toBe(409)
    expect((await as('DELETE', `/api/tags/${tag.id}`)).status).toBe(200)
    expect((await call(s.url, 'GET', `/api/tags/${tag.id}`)).status).toBe(404)
    expect((await as('DELETE', `/api/tags/${tag.id}`)).status).toBe(404)

    const { rows } = await sql<{ event_type: string; version: number; actor: { id: string } }>`
      SELECT event_type, stream_position AS version, metadata->'actor' AS actor FROM es_events
       WHERE stream_id = ${`tag-${tag.id}`} ORDER BY stream_position`.execute(s.db.db)
    expect(rows.map((r) => r.event_type)).toEqual(['TagCreated', 'TagUpdated', 'TagDeleted'])
    expect(new Set(rows.map((r) => r.actor.id)).size).toBe(1)
  })

  it('two admins updating the same version: one wins, the other gets 409', async () => {
    const tag = (await as('POST', '/api/tags', { name: 'Glutenfrei' })).body.data
    const [a, b] = await Promise.all([
      as('PUT', `/api/tags/${tag.id}`, { name: 'A', version: 1 }),
      as('PUT', `/api/tags/${tag.id}`, { name: 'B', version: 1 }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const { rows } = await sql<{
      n: string
    }>`SELECT count(*)::text AS n FROM es_events WHERE stream_id = ${`tag-${tag.id}`}`.execute(s.db.db)
    expect(rows[0]!.n).toBe('2')
  })

  it('a branch keeps a secret api key that only admins see; an identifier is unique', async () => {
    const branch = (await as('POST', '/api/branches', { identifier: 'altstadt', name: 'Altstadt' })).body.data
    expect(branch.apiKey).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    const publicView = await call(s.url, 'GET', `/api/branches/${branch.id}`)
    expect(publicView.body.data.apiKey).toBeUndefined()
    expect(JSON.stringify((await call(s.url, 'GET', '/api/branches')).body)).not.toContain(branch.apiKey)
    const kept = await as('PUT', `/api/branches/${branch.id}`, {
      identifier: 'altstadt',
      name: 'Altstadt 2',
      version: 1,
    })
    expect(kept.body.data.apiKey).toBe(branch.apiKey)
    const renewed = await as('POST', `/api/branches/${branch.id}/regenerate-api-key`, { version: 2 })
    expect(renewed.body.data.version).toBe(3)
    expect(renewed.body.data.apiKey).not.toBe(branch.apiKey)
    const dup = await as('POST', '/api/branches', { identifier: 'altstadt', name: 'Doppelt' })
    expect(dup.status).toBe(400)
    expect(dup.body.errors[0]).toEqual({
      field: 'identifier',
      message: 'Dieser Wert wird bereits verwendet.',
    })
  })

  it('deleting a branch, product or category a menu refers to is refused; the menu stays whole', async () => {
    const branch = (await as('POST', '/api/branches', { identifier: 'see', name: 'Am See' })).body.data
    const category = (await as('POST', '/api/categories', { name: 'Brot' })).body.data
    const product = (
      await as('POST', '/api/products', {
        uid: 'bauernbrot',
        name: 'Bauernbrot',
        price: 520,
        tax: 2.6,
        takeawayTax: 2.6,
        dineInTax: 8.1,
      })
    ).body.data
    const menu = (
      await as('POST', '/api/menus', {
        name: 'Herbst',
        availableFrom: '2026-09-01T00:00:00+02:00',
        branches: [{ id: branch.id }],
        catalog: [{ category: { id: category.id }, products: [{ id: product.id }] }],
      })
    ).body.data
    for (const path of [
      `/api/branches/${branch.id}`,
      `/api/categories/${category.id}`,
      `/api/products/${product.id}`,
    ]) {
      const refused = await as('DELETE', path)
      expect(refused.status).toBe(409)
      expect(refused.body.errors[0].message).toMatch(/Herbst.*kann nicht gelöscht werden/)
    }
    const menus = await call(s.url, 'GET', `/api/branches/${branch.id}/menus`)
    expect(menus.body.data.map((m: { id: string }) => m.id)).toEqual([menu.id])
    expect((await as('DELETE', `/api/menus/${menu.id}`)).status).toBe(200)
    expect((await as('DELETE', `/api/products/${product.id}`)).status).toBe(200)
    expect((await call(s.url, 'GET', `/api/branches/${branch.id}/menus`)).body.data).toEqual([])
  })

  it('config is one object: created once, then updated with its version', async () => {
    expect((await call(s.url, 'GET', '/api/config')).body.data).toBeNull()
    const created = await as('POST', '/api/config', { shopName: 'Bäckerei Muster' })
    expect(created.body.data).toMatchObject({ shopName: 'Bäckerei Muster', version: 1 })
    expect((await as('POST', '/api/config', { shopName: 'x' })).status).toBe(400)
    // The frontdesk plugin on: the catalogue branches' keys below open the frontdesk.
    const updated = await as('POST', '/api/config', {
      shopName: 'Bäckerei Muster AG',
      enablePluginFrontdesk: true,
      version: 1,
    })
    expect(updated.body.data).toMatchObject({
      shopName: 'Bäckerei Muster AG',
      enablePluginFrontdesk: true,
      version: 2,
    })
    expect((await call(s.url, 'GET', '/api/config')).body.data.shopName).toBe('Bäckerei Muster AG')
  })

  it('the log shows who changed what', async () => {
    const tag = (await as('POST', '/api/tags', { name: 'Saisonal' })).body.data
    const logs = await as('GET', '/api/logs?limit=5')
    expect(logs.status).toBe(200)
    const entry = logs.body.data.find((l: { resourceId: string }) => l.resourceId === tag.id)
    expect(entry).toMatchObject({
      resource: 'tag',
      action: 'TagCreated',
      actor: { kind: 'staff', name: 'admin' },
    })
    const one = await as('GET', `/api/logs/${entry.id}`)
    expect(one.body.data).toEqual(entry)
    expect((await as('GET', '/api/logs/999999999')).status).toBe(404)
    expect((await as('GET', '/api/logs/abc')).status).toBe(404)
  })

  it('unknown ids are 404 and nothing is written', async () => {
    expect((await call(s.url, 'GET', '/api/products/nope')).status).toBe(404)
    expect((await as('PUT', '/api/products/nope', { name: 'x', version: 1 })).status).toBe(404)
    expect((await as('DELETE', '/api/products/nope')).status).toBe(404)
    expect((await call(s.url, 'GET', '/api/branches/nope/menus')).status).toBe(404)
  })
})

describe('initial load', () => {
  it('answers every part in one response with an ETag; 304 while nothing changed', async () => {
    await as('POST', '/api/products', {
      uid: 'zopf',
      name: 'Zopf',
      price: 690,
      tax: 2.6,
      takeawayTax: 2.6,
      dineInTax: 8.1,
    })
    const first = await fetch(`${s.url}/api/init`)
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"\d+-anon-[a-z.]+"$/)
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    const body = (await first.json()) as { data: { url: string; data: unknown }[] }
    expect(body.data.map((p) => p.url)).toEqual([
      '/api/config',
      '/api/users/me',
      '/api/divisions',
      '/api/branches',
      '/api/menus',
      '/api/categories',
      '/api/products',
      '/api/tags',
      '/api/tables',
      '/api/sites',
      '/api/navigations',
      '/api/blocks',
      '/api/donatees',
      '/api/payments',
    ])
    const products = body.data.find((p) => p.url === '/api/products')!.data as {
      uid: string
      version: number
    }[]
    expect(products.some((p) => p.uid === 'zopf' && p.version === 1)).toBe(true)
    expect(body.data.find((p) => p.url === '/api/users/me')!.data).toBeNull()
    expect(JSON.stringify(body)).not.toMatch(/apiKey/)

    const again = await fetch(`${s.url}/api/init`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    await as('POST', '/api/tags', { name: 'Neu' })
    const changed = await fetch(`${s.url}/api/init`, { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
    const fresh = await changed.text()
    expect(fresh).toContain('"Neu"')

    // The anonymous answer is kept per generation and compressed as the client accepts.
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(`${s.url}/api/init`, { headers: { 'accept-encoding': accept } })
      expect(res.headers.get('content-encoding')).toBe(encoding)
      expect(res.headers.get('vary')).toContain('Accept-Encoding')
      expect(await res.text()).toBe(fresh)
    }

    const mine = await call(s.url, 'GET', '/api/init', { headers: admin })
    expect(mine.body.data.find((p: { url: string }) => p.url === '/api/users/me').data.user.username).toBe(
      'admin',
    )
  })
})

describe('branches from the catalogue', () => {
  it('take orders, and their api key opens the frontdesk list and staff actions', async () => {
    const branch = (
      await as('POST', '/api/branches', {
        identifier: 'bahnhof',
        name: 'Bahnhof',
        openingHours: [{ type: 'daily', from: '00:00', to: '24:00' }],
      })
    ).body.data
    const product = (
      await as('POST', '/api/products', {
        uid: 'bahnhof-zopf',
        name: 'Zopf',
        price: 690,
        tax: 8.1,
        takeawayTax: 2.6,
        dineInTax: 8.1,
      })
    ).body.data
    const category = (await as('POST', '/api/categories', { name: 'Bahnhofbrot' })).body.data
    const menu = await as('POST', '/api/menus', {
      name: 'Bahnhof',
      availableFrom: '2020-01-01T00:00:00Z',
      branches: [{ id: branch.id }],
      catalog: [{ category: { id: category.id }, products: [{ id: product.id }] }],
    })
    expect(menu.status).toBe(201)
    const order = await call(s.url, 'POST', '/api/orders', {
      body: {
        branch: branch.id,
        isDelivery: false,
        isDineIn: false,
        firstName: 'Kim',
        lastName: 'Lee',
        items: [{ product: 'bahnhof-zopf', amount: 1, price: 690 }],
        legalInstructions: true,
        privacyPolicy: true,
      },
    })
    expect(order.status).toBe(201)
    const confirm = await call(s.url, 'POST', `/api/orders/${order.body.data.id}/status/confirm`, {
      headers: { 'x-api-key': branch.apiKey },
      body: {},
    })
    expect(confirm.status).toBe(200)
    expect((await call(s.url, 'GET', `/api/orders/frontdesk/${branch.id}/${branch.apiKey}`)).status).toBe(200)
    expect((await call(s.url, 'GET', `/api/orders/frontdesk/${branch.id}/${s.branch.apiKey}`)).status).toBe(
      403,
    )
  })
})

describe('API documentation', () => {
  it('serves an OpenAPI 3.1 document generated from the request schemas', async () => {
    const res = await call(s.url, 'GET', '/api/docs')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/orders',
        '/api/branches',
        '/api/branches/{id}',
        '/api/login',
        '/api/init',
      ]),
    )
    const branch = res.body.components.schemas.CreateBranch
    expect(branch.properties.timeZone).toBeTruthy()
    expect(branch.additionalProperties).toBe(false)
    expect(res.body.components.schemas.CreateOrder.required).toEqual(
      expect.arrayContaining(['branch', 'items']),
    )
  })
})

describe('catalogue changes are live', () => {
  it('a catalogue listener hears a product change; private resources stay silent', async () => {
    const { openSocket } = await import('../testing/ws-client.ts')
    const { PUBLIC_RESOURCE_STREAM_TYPES } = await import('@shop/shared/contracts/subjects')
    const { RESOURCES } = await import('./resource-registry.ts')
    // The public list matches what the registry lets everyone read.
    expect(
      RESOURCES.filter((r) => r.read === 'public')
        .map((r) => r.type)
        .sort(),
    ).toEqual(PUBLIC_RESOURCE_STREAM_TYPES.filter((t) => t !== 'config').sort())
    const socket = await openSocket(`${s.url.replace('http', 'ws')}/ws`)
    try {
      socket.send({ type: 'subscribe', topic: 'catalogue' })
      await socket.next((m) => m.type === 'subscribed')
      await as('POST', '/api/users', {
        username: 'stille',
        password: 'geheim-geheim-1',
        roles: ['ROLE_ADMIN'],
      })
      const product = (
        await as('POST', '/api/products', {
          uid: 'gipfeli',
          name: 'Gipfeli',
          price: 180,
          tax: 2.6,
          takeawayTax: 2.6,
          dineInTax: 8.1,
        })
      ).body.data
      const heard = await socket.next<{ resource: string; id: string; event: string }>(
        (m) => m.type === 'update' && m.id === product.id,
      )
      expect(heard).toMatchObject({ resource: 'product', id: product.id, event: 'ProductCreated' })
      expect(socket.messages.some((m: any) => m.resource === 'user')).toBe(false)
    } finally {
      await socket.close()
    }
  })
})

describe('references', () => {
  it('a write referring to a missing resource is refused field by field; a referred one cannot be deleted', async () => {
    const before = await sql<{ n: string }>`SELECT count(*)::text AS n FROM es_events`.execute(s.db.db)
    const menu = await as('POST', '/api/menus', {
      name: 'Geister',
      availableFrom: '2026-09-01T00:00:00+02:00',
      branches: [{ id: 'gibt-es-nicht' }],
      catalog: [{ category: { id: 'auch-nicht' }, products: [{ id: 'nein' }] }],
    })
    expect(menu.status).toBe(400)
    expect(menu.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'branches.0.id',
      'catalog.0.category.id',
      'catalog.0.products.0.id',
    ])
    const after = await sql<{ n: string }>`SELECT count(*)::text AS n FROM es_events`.execute(s.db.db)
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n)

    const tag = (await as('POST', '/api/tags', { name: 'Regional' })).body.data
    const branch = (
      await as('POST', '/api/branches', { identifier: 'markt', name: 'Markt', tags: [{ id: tag.id }] })
    ).body.data
    const table = await as('POST', '/api/tables', { identifier: '7', branch: { id: branch.id } })
    expect(table.status).toBe(201)
    expect((await as('DELETE', `/api/tags/${tag.id}`)).status).toBe(409)
    const refused = await as('DELETE', `/api/branches/${branch.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toMatch(/Die Filiale wird noch verwendet \(7\)/)
  })
})
