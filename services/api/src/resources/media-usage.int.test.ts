import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testOrderBody } from '../testing/catalogue.ts'
import { call, login } from '../testing/staff-session.ts'
import { createUser } from './users.ts'

// What refers to an image or an upload (docs/api.md "Files"), on PostgreSQL over HTTP: products,
// categories, a branch's logo, tags, a site's and a block's content, and an order's part; the
// refused delete naming them; the media library's map of every file in use; who may ask.

const clock = new Date('2026-03-28T10:00:00Z')
let s: TestStack
let admin: Record<string, string>
let employee: Record<string, string>
let png: Buffer

beforeAll(async () => {
  s = await startTestStack({ now: () => clock, limits: { rateLimits: false } })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  await createUser(
    { db: s.db.db },
    { username: 'mia', password: 'mia-passwort-12', roles: ['ROLE_EMPLOYEE'], branches: [{ id: 'b1' }] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  employee = (await login(s.url, 'mia', 'mia-passwort-12')).headers
  png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#48c' } })
    .png()
    .toBuffer()
})
afterAll(async () => {
  await s?.close()
})

const as = (method: string, path: string, body?: unknown) =>
  call(s.url, method, path, { headers: admin, ...(body === undefined ? {} : { body }) })
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`

async function newImage(alt: string) {
  const res = await as('POST', '/api/images', { data: dataUrl(png), alt })
  expect(res.status).toBe(201)
  return res.body.data as { id: string; version: number; extension: string }
}

const product = (uid: string, name: string, images: unknown[]) => ({
  uid,
  name,
  price: 400,
  tax: 2.6,
  takeawayTax: 2.6,
  dineInTax: 8.1,
  images,
})

type Use = { type: string; id: string; name: string }
const sorted = (uses: Use[]) =>
  [...uses].sort((a, b) => `${a.type}${a.name}`.localeCompare(`${b.type}${b.name}`))

describe('an image in use', () => {
  it('names everything that refers to it, and cannot be deleted until nothing does', async () => {
    const image = await newImage('Brot')
    const ref = { id: image.id, version: image.version, extension: image.extension }
    const loaf = (await as('POST', '/api/products', product('ruchbrot', 'Ruchbrot', [ref]))).body.data
    const category = (await as('POST', '/api/categories', { name: 'Brote', image: ref })).body.data
    const tag = (await as('POST', '/api/tags', { name: 'Bio', image: ref })).body.data
    const branch = (await as('POST', '/api/branches', { identifier: 'dorf', name: 'Dorfladen', logo: ref }))
      .body.data
    const site = (
      await as('POST', '/api/sites', {
        translations: {
          'de-CH': { path: '/ueber-uns', name: 'Über uns', content: { hero: { image: ref } } },
        },
      })
    ).body.data
    const block = (
      await as('POST', '/api/blocks', {
        identifier: 'ueber-uns',
        name: 'Über uns',
        translations: {
          'de-CH': { content: { html: `<img src="/image/small/${image.id}-1.png" alt="">` } },
        },
      })
    ).body.data
    const unused = await newImage('Leer')

    const usage = await as('GET', `/api/images/${image.id}/usage`)
    expect(usage.status).toBe(200)
    expect(sorted(usage.body.data)).toEqual(
      sorted([
        { type: 'product', id: loaf.id, name: 'Ruchbrot' },
        { type: 'category', id: category.id, name: 'Brote' },
        { type: 'tag', id: tag.id, name: 'Bio' },
        { type: 'branch', id: branch.id, name: 'Dorfladen' },
        { type: 'site', id: site.id, name: 'Über uns' },
        { type: 'block', id: block.id, name: 'Über uns' },
      ]),
    )
    expect((await as('GET', `/api/images/${unused.id}/usage`)).body.data).toEqual([])
    // Staff may ask; the public may not; an unknown image is 404.
    expect((await call(s.url, 'GET', `/api/images/${image.id}/usage`, { headers: employee })).status).toBe(
      200,
    )
    expect((await call(s.url, 'GET', `/api/images/${image.id}/usage`)).status).toBe(401)
    expect((await as('GET', '/api/images/nope/usage')).status).toBe(404)

    // The library's map: every image in use with its uses, none for the unused one.
    const map = await as('GET', '/api/media/usage?kind=images')
    expect(map.status).toBe(200)
    expect(sorted(map.body.data[image.id])).toEqual(sorted(usage.body.data))
    expect(map.body.data[unused.id]).toBeUndefined()
    expect((await call(s.url, 'GET', '/api/media/usage?kind=images', { headers: employee })).status).toBe(403)
    expect((await as('GET', '/api/media/usage?kind=fonts')).status).toBe(400)

    const refused = await as('DELETE', `/api/images/${image.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toBe(
      'Das Bild wird noch verwendet (Block «Über uns», Filiale «Dorfladen», Kategorie «Brote», Produkt «Ruchbrot», Seite «Über uns», …) und kann nicht gelöscht werden.',
    )
    const english = await call(s.url, 'DELETE', `/api/images/${image.id}`, {
      headers: { ...admin, 'accept-language': 'en' },
    })
    expect(english.body.errors[0].message).toMatch(
      /^The image is still in use \(Block «Über uns», Branch «Dorfladen»/,
    )
    expect((await call(s.url, 'GET', `/api/images/${image.id}`)).status).toBe(200)
    expect((await fetch(`${s.url}/image/${image.id}-1.png`)).status).toBe(200)

    // Once nothing refers to it, it goes.
    await as('PUT', `/api/products/${loaf.id}`, { ...loaf, images: [], version: 1 })
    await as('PUT', `/api/categories/${category.id}`, { ...category, image: null, version: 1 })
    await as('PUT', `/api/tags/${tag.id}`, { ...tag, image: null, version: 1 })
    await as('PUT', `/api/branches/${branch.id}`, { ...branch, logo: null, version: 1 })
    await as('DELETE', `/api/sites/${site.id}`)
    expect((await as('DELETE', `/api/images/${image.id}`)).body.errors[0].message).toBe(
      'Das Bild wird noch verwendet (Block «Über uns») und kann nicht gelöscht werden.',
    )
    await as('DELETE', `/api/blocks/${block.id}`)
    expect((await as('GET', `/api/images/${image.id}/usage`)).body.data).toEqual([])
    expect((await as('DELETE', `/api/images/${image.id}`)).status).toBe(200)
    expect((await as('DELETE', `/api/images/${unused.id}`)).status).toBe(200)
  })
})

describe('an upload in use', () => {
  async function upload(name: string) {
    const res = await call(s.url, 'POST', '/api/uploads', { body: { data: dataUrl(png), name } })
    expect(res.status).toBe(201)
    return res.body.data as { id: string; version: number; extension: string; publicHash: string }
  }

  async function orderWith(branch: string, uploadId: string, n: number) {
    const res = await call(s.url, 'POST', '/api/orders', {
      body: testOrderBody(branch, {
        email: `kunde${n}@example.com`,
        phone: `+41 79 123 45 ${String(10 + n).padStart(2, '0')}`,
        items: [
          {
            product: 'torte',
            amount: 1,
            price: 5050,
            parts: [
              { options: ['24 cm'] },
              { options: ['Kerzen'] },
              { text: 'Alles Gute!' },
              { uploads: [{ id: uploadId }] },
            ],
          },
        ],
      }),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const orderId = res.body.data.id as string
    for (let i = 0; i < 200; i++) {
      const { rows } = await sql<{ ticket: number | null }>`
        SELECT ticket_number AS ticket FROM rm_orders WHERE order_id = ${orderId}`.execute(s.db.db)
      if (rows[0])
        return { id: orderId, name: rows[0].ticket === null ? res.body.data.uid : `#${rows[0].ticket}` }
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error('order not projected')
  }

  it("names the orders and pages that use it; an employee sees only their branches' orders", async () => {
    const photo = await upload('torte.png')
    const other = await upload('andere.png')
    const order = await orderWith('b1', photo.id, 1)
    const otherOrder = await orderWith('b2', other.id, 2)
    const site = (
      await as('POST', '/api/sites', {
        translations: {
          'de-CH': {
            path: '/torten',
            name: 'Torten',
            content: { file: { id: photo.id, version: 1, extension: 'png', publicHash: photo.publicHash } },
          },
        },
      })
    ).body.data

    const usage = await as('GET', `/api/uploads/${photo.id}/usage`)
    expect(usage.status).toBe(200)
    expect(usage.body.data).toEqual([
      { type: 'site', id: site.id, name: 'Torten' },
      { type: 'order', id: order.id, name: order.name },
    ])
    expect(
      (await call(s.url, 'GET', `/api/uploads/${photo.id}/usage`, { headers: employee })).body.data,
    ).toEqual(usage.body.data)
    // Another branch's order's upload is none of hers (as GET /api/uploads/{id}).
    expect((await call(s.url, 'GET', `/api/uploads/${other.id}/usage`, { headers: employee })).status).toBe(
      404,
    )
    expect((await as('GET', `/api/uploads/${other.id}/usage`)).body.data).toEqual([
      { type: 'order', id: otherOrder.id, name: otherOrder.name },
    ])
    const map = (await as('GET', '/api/media/usage?kind=uploads')).body.data
    expect(map[photo.id]).toEqual(usage.body.data)
    expect(map[other.id]).toEqual([{ type: 'order', id: otherOrder.id, name: otherOrder.name }])

    const refused = await as('DELETE', `/api/uploads/${other.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toBe(
      `Die Datei wird noch verwendet (Bestellung «${otherOrder.name}») und kann nicht gelöscht werden.`,
    )
    expect((await as('GET', `/api/uploads/${other.id}`)).status).toBe(200)
  })
})
