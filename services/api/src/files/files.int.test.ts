import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'

let s: TestStack
let admin: Record<string, string>
let png: Buffer

beforeAll(async () => {
  s = await startTestStack()
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c84' } })
    .png()
    .toBuffer()
})
afterAll(async () => {
  await s?.close()
})

const dataUrl = (bytes: Buffer, type = 'application/octet-stream') =>
  `data:${type};base64,${bytes.toString('base64')}`

async function fetchBytes(path: string) {
  const res = await fetch(`${s.url}${path}`)
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    bytes: Buffer.from(await res.arrayBuffer()),
  }
}

describe('uploads', () => {
  it('anyone uploads a data URL; the type comes from the bytes; the file is served by hash', async () => {
    const res = await call(s.url, 'POST', '/api/uploads', {
      body: { data: dataUrl(png, 'text/plain'), name: 'torte.png' },
    })
    expect(res.status).toBe(201)
    const u = res.body.data
    expect(u).toMatchObject({ version: 1, extension: 'png', mimeType: 'image/png' })
    expect(u.publicHash).toMatch(/^[0-9a-f]{32}$/)
    const file = await fetchBytes(`/upload/${u.publicHash}/${u.id}-1.png`)
    expect(file.status).toBe(200)
    expect(file.type).toBe('image/png')
    expect(file.cache).toMatch(/immutable/)
    expect(file.bytes.equals(png)).toBe(true)
    expect((await fetchBytes(`/upload/${'0'.repeat(32)}/${u.id}-1.png`)).status).toBe(404)
    const preview = await fetchBytes(`/upload/${u.publicHash}/preview/${u.id}-1.jpg`)
    expect(preview.type).toBe('image/jpeg')
    expect((await sharp(preview.bytes).metadata()).width).toBe(640)
    // Metadata are an event; the bytes are not.
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM es_events WHERE stream_id = ${`upload-${u.id}`} AND length(data::text) < 2000`.execute(
      s.db.db,
    )
    expect(rows[0]!.n).toBe('1')
  })

  it('a text file named like an image is stored as text; unknown or broken content is refused', async () => {
    const text = await call(s.url, 'POST', '/api/uploads', {
      body: { data: dataUrl(Buffer.from('Bitte mit Marzipan'), 'image/png'), name: 'bild.png' },
    })
    expect(text.status).toBe(201)
    expect(text.body.data).toMatchObject({ extension: 'txt', mimeType: 'text/plain' })
    const before = await sql<{ n: string }>`SELECT count(*)::text AS n FROM files`.execute(s.db.db)
    for (const [data, name] of [
      [dataUrl(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3])), 'programm.png'],
      [dataUrl(Buffer.concat([png.subarray(0, 40), Buffer.alloc(20)])), 'kaputt.png'],
      ['kein data URL', 'x.txt'],
      ['data:;base64,', 'leer.txt'],
    ] as const) {
      const res = await call(s.url, 'POST', '/api/uploads', { body: { data, name } })
      expect(res.status).toBe(400)
      expect(res.body.errors[0]).toEqual({
        field: 'data',
        message: `Die ausgewählte Datei "${name}" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.`,
      })
    }
    const after = await sql<{ n: string }>`SELECT count(*)::text AS n FROM files`.execute(s.db.db)
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n)
  })
})

describe('images', () => {
  it('admins add images; sizes are served resized; a deleted image is gone', async () => {
    const refused = await call(s.url, 'POST', '/api/images', {
      headers: admin,
      body: { data: dataUrl(Buffer.from('%PDF-1.4 kein Bild')), name: 'karte.pdf' },
    })
    expect(refused.status).toBe(400)
    const res = await call(s.url, 'POST', '/api/images', {
      headers: admin,
      body: { data: dataUrl(png), alt: 'Zopf' },
    })
    expect(res.status).toBe(201)
    const img = res.body.data
    expect(img).toMatchObject({ extension: 'png', width: 2000, alt: 'Zopf', version: 1 })
    const original = await fetchBytes(`/image/${img.id}-1.png`)
    expect(original.bytes.equals(png)).toBe(true)
    expect((await fetchBytes(`/image/product/${img.id}-1.png`)).bytes.equals(png)).toBe(true)
    for (const [size, width] of [
      ['icon', 64],
      ['small', 640],
      ['large', 1920],
    ] as const) {
      const sized = await fetchBytes(`/image/${size}/${img.id}-1.png`)
      expect(sized.status).toBe(200)
      expect((await sharp(sized.bytes).metadata()).width).toBe(width)
    }
    expect((await fetchBytes(`/image/huge/${img.id}-1.png`)).status).toBe(404)
    // A name Object.prototype has is not a size either.
    expect((await fetchBytes(`/image/constructor/${img.id}-1.png`)).status).toBe(404)
    expect((await fetchBytes(`/image/toString/${img.id}-1.png`)).status).toBe(404)
    expect((await fetchBytes(`/image/${img.id}-1.jpg`)).status).toBe(404)
    expect((await call(s.url, 'GET', `/api/images/${img.id}`)).body.data.alt).toBe('Zopf')
    expect((await call(s.url, 'DELETE', `/api/images/${img.id}`, { headers: admin })).status).toBe(200)
    expect((await fetchBytes(`/image/${img.id}-1.png`)).status).toBe(404)
  })
})
