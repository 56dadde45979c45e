import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { silentLogger } from '@shop/kit'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { call, login } from '../testing/staff-session.ts'
import { woffToSfnt } from './font-formats.ts'

// Fonts and image templates (issue 19, part 7) on the real PostgreSQL: the font list, the
// embed.css of spec §7 and its files, an uploaded font checked by its bytes, the config's fonts,
// and templates whose layers are checked and drawn into an image of the media library.

let s: TestStack
let admin: Record<string, string>
const require = createRequire(import.meta.url)
const lora = dirname(require.resolve('@fontsource/lora/package.json'))
const loraVersion = (JSON.parse(readFileSync(join(lora, 'package.json'), 'utf8')) as { version: string })
  .version

beforeAll(async () => {
  s = await startTestStack({ log: silentLogger, limits: { rateLimits: false } })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
})
afterAll(async () => {
  await s?.close()
})

async function get(path: string) {
  const res = await fetch(`${s.url}${path}`)
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    bytes: Buffer.from(await res.arrayBuffer()),
  }
}

async function putBytes(path: string, bytes: Buffer, type = 'application/octet-stream') {
  const res = await fetch(`${s.url}${path}`, {
    method: 'PUT',
    headers: { ...admin, 'content-type': type },
    body: new Uint8Array(bytes),
  })
  return { status: res.status, body: (await res.json()) as any }
}

const NOT_FOUND = {
  errors: [{ field: '', message: 'Diese Schrift oder diesen Schriftschnitt gibt es nicht.' }],
}

describe('fonts', () => {
  it('lists the bundled families with their variants', async () => {
    const res = await call(s.url, 'GET', '/api/fonts')
    expect(res.status).toBe(200)
    const families = res.body.data.map((f: { family: string }) => f.family)
    expect(families).toEqual(expect.arrayContaining(['Inter', 'Lora', 'Playfair Display', 'Roboto']))
    const loraItem = res.body.data.find((f: { family: string }) => f.family === 'Lora')
    expect(loraItem).toMatchObject({ id: 'fontsource-lora', source: 'bundled', category: 'serif' })
    expect(loraItem.variants).toEqual(expect.arrayContaining(['regular', 'italic', '700', '700italic']))
    expect(loraItem.variants.indexOf('regular')).toBeLessThan(loraItem.variants.indexOf('700'))
  })

  it('answers the embed.css with the shop’s own URLs, and the files cached for good', async () => {
    const css = await get('/api/fonts/google/Lora/style-700italic.embed.css')
    expect(css.status).toBe(200)
    expect(css.type).toBe('text/css; charset=utf-8')
    expect(css.cache).toBe('public, max-age=3600')
    const text = css.bytes.toString()
    expect(text).toContain('font-family: "Lora";')
    expect(text).toContain('font-style: italic;')
    expect(text).toContain('font-weight: 700;')
    expect(text).toContain('font-display: swap;')
    expect(text).toMatch(/unicode-range: U\+0000-00FF/)
    expect(text).not.toMatch(/googleapis|gstatic|https?:/)
    const urls = [...text.matchAll(/url\("([^"]+)"\)/g)].map((m) => m[1]!)
    expect(urls).toContain(`/api/fonts/files/bundled/lora/${loraVersion}/lora-latin-700-italic.woff2`)
    // Google's URL forms name the same family.
    expect((await get('/api/fonts/google/lora/style-700italic.embed.css')).bytes.toString()).toBe(text)
    expect((await get('/api/fonts/google/Playfair+Display/style-regular.embed.css')).status).toBe(200)

    const file = await get(urls.find((u) => u.includes('-latin-'))!)
    expect(file.status).toBe(200)
    expect(file.type).toBe('font/woff2')
    expect(file.cache).toBe('public, max-age=31536000, immutable')
    expect(file.bytes.subarray(0, 4).toString('latin1')).toBe('wOF2')
  })

  it('answers 404 with the error body for an unknown family, variant or file, and for path tricks', async () => {
    for (const path of [
      '/api/fonts/google/Comic%20Sans/style-regular.embed.css',
      '/api/fonts/google/Lora/style-950.embed.css',
      '/api/fonts/google/Lora/style-100.embed.css',
      '/api/fonts/google/Lora/regular.css',
      '/api/fonts/google/..%2F..%2Fpackage.json/style-regular.embed.css',
      `/api/fonts/files/bundled/lora/${loraVersion}/..%2Fpackage.json`,
      `/api/fonts/files/bundled/lora/${loraVersion}/..%2F..%2F..%2Fpackage.json`,
      `/api/fonts/files/bundled/..%2F..%2Fkysely/${loraVersion}/lora-latin-400-normal.woff2`,
      '/api/fonts/files/bundled/lora/0.0.1/lora-latin-400-normal.woff2',
      '/api/fonts/files/upload/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(JSON.parse(res.bytes.toString()), path).toEqual(NOT_FOUND)
    }
  })

  it('takes an uploaded font file by its bytes, serves it and refuses anything that is no font', async () => {
    const made = await call(s.url, 'POST', '/api/fonts', {
      headers: admin,
      body: { family: 'Haus Schrift', variants: ['regular'] },
    })
    expect(made.status).toBe(201)
    const id = made.body.data.id as string

    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const refused = await putBytes(`/api/fonts/${id}/files/regular`, png, 'font/woff2')
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      errors: [{ field: 'data', message: 'Die Datei ist keine Schriftdatei (WOFF2, WOFF, TTF oder OTF).' }],
    })
    // A name that says "font" changes nothing: the bytes decide.
    const text = await putBytes(
      `/api/fonts/${id}/files/regular`,
      Buffer.from('wOF2 is not enough'),
      'font/woff2',
    )
    expect(text.status).toBe(400)

    const ttf = woffToSfnt(readFileSync(join(lora, 'files', 'lora-latin-700-normal.woff')))
    const stored = await putBytes(`/api/fonts/${id}/files/700`, ttf, 'font/ttf')
    expect(stored.status).toBe(200)
    expect(stored.body.data.variants).toEqual(['regular', '700'])
    expect(stored.body.data.files['700']).toMatchObject({ format: 'ttf', size: ttf.length })

    const list = await call(s.url, 'GET', '/api/fonts')
    expect(list.body.data.find((f: { family: string }) => f.family === 'Haus Schrift')).toMatchObject({ id })

    const css = (await get('/api/fonts/google/Haus%20Schrift/style-700.embed.css')).bytes.toString()
    const url = /url\("([^"]+)"\) format\("truetype"\)/.exec(css)?.[1]
    expect(url).toBe(`/api/fonts/files/upload/${stored.body.data.files['700'].id}.ttf`)
    const file = await get(url!)
    expect(file.type).toBe('font/ttf')
    expect(file.cache).toBe('public, max-age=31536000, immutable')
    expect(file.bytes.equals(ttf)).toBe(true)
    // 'regular' has no file yet: no CSS for it.
    expect((await get('/api/fonts/google/Haus%20Schrift/style-regular.embed.css')).status).toBe(404)

    // A bundled family's name is taken.
    const taken = await call(s.url, 'POST', '/api/fonts', {
      headers: admin,
      body: { family: 'lora', variants: ['regular'] },
    })
    expect(taken.status).toBe(400)
    expect(taken.body.errors[0].field).toBe('family')
  })

  it('keeps the config to fonts that exist, and a chosen font from being deleted', async () => {
    const current = await call(s.url, 'GET', '/api/config')
    const base = current.body.data ?? { shopName: 'Testshop', currency: 'CHF' }
    const write = (fields: Record<string, unknown>) =>
      call(s.url, 'GET', '/api/config').then((now) =>
        call(s.url, 'POST', '/api/config', {
          headers: admin,
          body: { ...base, ...(now.body.data ? { version: now.body.data.version } : {}), ...fields },
        }),
      )
    const unknown = await write({ headingFont: 'Comic Sans', bodyFont: 'Inter' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([
      {
        field: 'headingFont',
        message: 'Diese Schrift gibt es nicht. Wählen Sie eine Schrift aus der Liste der Schriften.',
      },
    ])

    const font = await call(s.url, 'POST', '/api/fonts', {
      headers: admin,
      body: { family: 'Etikett Sans', variants: ['regular'] },
    })
    const ok = await write({ headingFont: 'Etikett Sans', bodyFont: 'Inter' })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ headingFont: 'Etikett Sans', bodyFont: 'Inter' })

    const refused = await call(s.url, 'DELETE', `/api/fonts/${font.body.data.id}`, { headers: admin })
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toContain('headingFont')

    expect((await write({ headingFont: null })).status).toBe(200)
    const deleted = await call(s.url, 'DELETE', `/api/fonts/${font.body.data.id}`, { headers: admin })
    expect(deleted.status).toBe(200)
  })
})

describe('image templates', () => {
  const text = {
    id: 't1',
    type: 'text',
    text: 'Frische Zöpfe',
    font: 'Playfair Display',
    variant: '700',
    size: 72,
    color: '#ffffff',
    x: 600,
    y: 250,
    align: 'center',
    maxWidth: 1000,
  }
  const background = { id: 'bg', type: 'rectangle', x: 0, y: 0, width: 1200, height: 630, color: '#224466' }

  it('refuses invalid layers at their field', async () => {
    const res = await call(s.url, 'POST', '/api/image-templates', {
      headers: admin,
      body: {
        name: 'Kaputt',
        width: 1200,
        height: 630,
        layers: [
          { ...background, color: 'red' },
          { ...text, size: 0 },
          { id: 'x', type: 'sticker' },
        ],
      },
    })
    expect(res.status).toBe(400)
    const fields = res.body.errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(['layers.0.color', 'layers.1.size', 'layers.2.type'])

    const twice = await call(s.url, 'POST', '/api/image-templates', {
      headers: admin,
      body: { name: 'Doppelt', width: 1200, height: 630, layers: [background, { ...text, id: 'bg' }] },
    })
    expect(twice.status).toBe(400)
    expect(twice.body.errors.map((e: { field: string }) => e.field)).toEqual(['layers.1.id'])

    const font = await call(s.url, 'POST', '/api/image-templates', {
      headers: admin,
      body: { name: 'Schrift', width: 1200, height: 630, layers: [{ ...text, font: 'Comic Sans' }] },
    })
    expect(font.status).toBe(400)
    expect(font.body.errors).toEqual([
      {
        field: 'layers.0.font',
        message: 'Diese Schrift gibt es nicht. Wählen Sie eine Schrift aus der Liste der Schriften.',
      },
    ])

    const image = await call(s.url, 'POST', '/api/image-templates', {
      headers: admin,
      body: {
        name: 'Bild',
        width: 1200,
        height: 630,
        layers: [{ id: 'p', type: 'image', x: 0, y: 0, width: 10, height: 10, image: { id: 'fehlt' } }],
      },
    })
    expect(image.status).toBe(400)
    expect(image.body.errors[0].field).toBe('layers.0.image.id')
  })

  it('stores a template, answers its layers and draws it into an image of the media library', async () => {
    const made = await call(s.url, 'POST', '/api/image-templates', {
      headers: admin,
      body: { name: 'Social', width: 1200, height: 630, layers: [background, text] },
    })
    expect(made.status).toBe(201)
    const id = made.body.data.id as string
    const layers = await call(s.url, 'GET', `/api/image-templates/${id}/layers`, { headers: admin })
    expect(layers.body.data.map((l: { id: string }) => l.id)).toEqual(['bg', 't1'])

    const image = await call(s.url, 'POST', `/api/image-templates/${id}/images`, {
      headers: admin,
      body: { format: 'png' },
    })
    expect(image.status).toBe(201)
    expect(image.body.data).toMatchObject({ extension: 'png', width: 1200, alt: 'Social' })
    const file = await get(`/image/${image.body.data.id}-${image.body.data.version}.png`)
    const meta = await sharp(file.bytes).metadata()
    expect([meta.width, meta.height]).toEqual([1200, 630])

    // The same canvas without the text: the text's pixels differ where it is drawn, not elsewhere.
    const preview = async (withText: boolean) => {
      const res = await fetch(`${s.url}/api/image-templates/preview`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          width: 1200,
          height: 630,
          layers: withText ? [background, text] : [background],
        }),
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      return sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true })
    }
    const plain = await preview(false)
    const drawn = await preview(true)
    expect(drawn.info.width).toBe(1200)
    const changed = (y0: number, y1: number) => {
      let n = 0
      for (let y = y0; y < y1; y++) {
        for (let x = 0; x < 1200; x++) {
          const i = (y * 1200 + x) * 4
          if (plain.data[i] !== drawn.data[i]) n++
        }
      }
      return n
    }
    // The text's first line starts at y 250 and is about 72 px high.
    expect(changed(250, 340)).toBeGreaterThan(500)
    expect(changed(0, 240)).toBe(0)
  })

  it('refuses the preview to anonymous callers', async () => {
    const res = await call(s.url, 'POST', '/api/image-templates/preview', {
      body: { width: 10, height: 10, layers: [] },
    })
    expect(res.status).toBe(401)
  })
})
