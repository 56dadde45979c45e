import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { appendToStream, createLogger, migrateTo, migrateToLatest, silentLogger } from '@shop/kit'
import { createTestDatabase } from '@shop/kit/testing'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../resources/users.ts'
import { testOrderBody } from '../testing/catalogue.ts'
import { call, login } from '../testing/staff-session.ts'
import { CHUNK_BYTES, createFileBytes } from './file-bytes.ts'
import { removeUnusedUploads, startUploadCleanup } from './upload-cleanup.ts'
import { isUploadUsed, unusedCustomerUploads } from './upload-uses.ts'

// Uploads and images on the real PostgreSQL (the distributed layout's storage): bytes in
// chunks, caps per caller, the daily budget per address, the clean-up of unused uploads,
// downloads as attachments and what an employee may see. The embedded disk store is proven in
// services/all-in-one/src/embedded-files.int.test.ts.

const ANON_CAP = 200_000
const STAFF_CAP = 400_000
const BUDGET = 1_000_000
const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

let clock = new Date('2026-03-28T10:00:00Z')
let s: TestStack
let admin: Record<string, string>
let employee: Record<string, string>
let png: Buffer
/** What the shop logged at warn and above. */
const logged: string[] = []

beforeAll(async () => {
  s = await startTestStack({
    log: createLogger('files-test', 'warn', { write: (line) => void logged.push(line) }),
    now: () => clock,
    limits: {
      rateLimits: false,
      uploads: { maxAnonymousBytes: ANON_CAP, maxStaffBytes: STAFF_CAP, bytesPerAddressPerDay: BUDGET },
    },
  })
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
  png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c84' } })
    .png()
    .toBuffer()
})
afterAll(async () => {
  await s?.close()
})

const dataUrl = (bytes: Buffer, type = 'application/octet-stream') =>
  `data:${type};base64,${bytes.toString('base64')}`

/** A "PDF" of `size` bytes: the type comes from its first bytes. */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)])

async function fetchBytes(path: string) {
  const res = await fetch(`${s.url}${path}`)
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    disposition: res.headers.get('content-disposition'),
    nosniff: res.headers.get('x-content-type-options'),
    bytes: Buffer.from(await res.arrayBuffer()),
  }
}

const uploadUrl = (u: { publicHash: string; id: string; extension: string }) =>
  `/upload/${u.publicHash}/${u.id}-1.${u.extension}`

async function count(table: 'files' | 'file_chunks' | 'rm_resources' | 'es_events'): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(
    s.db.db,
  )
  return rows[0]!.n
}

const stored = async () => ({
  files: await count('files'),
  chunks: await count('file_chunks'),
  resources: await count('rm_resources'),
  events: await count('es_events'),
})

const upload = (bytes: Buffer, name = 'datei.pdf', headers: Record<string, string> = {}) =>
  call(s.url, 'POST', '/api/uploads', { headers, body: { data: dataUrl(bytes), name } })

const refused = (name: string) =>
  `Die ausgewählte Datei "${name}" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu gross oder der Dateityp wird nicht erkannt.`

let orderNo = 0
/** An order of `branch` whose cake carries the upload, by a customer of its own. */
function placeWith(branch: string, uploadId: string) {
  orderNo++
  return call(s.url, 'POST', '/api/orders', {
    body: testOrderBody(branch, {
      email: `kunde${orderNo}@example.com`,
      phone: `+41 79 123 45 ${String(10 + orderNo).padStart(2, '0')}`,
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
        { product: 'landbrot', amount: 2, unit: 'piece' },
      ],
    }),
  })
}

/** placeWith, answering once the read model has the order. */
async function orderWith(branch: string, uploadId: string): Promise<string> {
  const res = await placeWith(branch, uploadId)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const orderId = res.body.data.id as string
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM rm_orders WHERE order_id = ${orderId}`.execute(s.db.db)
    if (rows[0]!.n === 1) return orderId
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('order not projected')
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

  it('keeps the bytes in 256 KB chunks in the database, each its own row, and streams them back', async () => {
    const bytes = pdf(300_000)
    const res = await upload(bytes, 'karte.pdf', admin)
    expect(res.status).toBe(201)
    const u = res.body.data
    const row = await s.db.db
      .selectFrom('files')
      .select(['storage', 'size'])
      .where('id', '=', u.id)
      .executeTakeFirst()
    expect(row).toEqual({ storage: 'db', size: 300_000 })
    const { rows: chunks } = await sql<{ seq: number; n: number }>`
      SELECT seq, length(data) AS n FROM file_chunks WHERE file_id = ${u.id} ORDER BY seq`.execute(s.db.db)
    expect(chunks).toEqual([
      { seq: 0, n: CHUNK_BYTES },
      { seq: 1, n: 300_000 - CHUNK_BYTES },
    ])
    const file = await fetchBytes(uploadUrl(u))
    expect(file.status).toBe(200)
    expect(file.bytes.equals(bytes)).toBe(true)
  })

  it('a text file named like an image is stored as text; unknown or broken content is refused', async () => {
    const text = await call(s.url, 'POST', '/api/uploads', {
      body: { data: dataUrl(Buffer.from('Bitte mit Marzipan'), 'image/png'), name: 'bild.png' },
    })
    expect(text.status).toBe(201)
    expect(text.body.data).toMatchObject({ extension: 'txt', mimeType: 'text/plain' })
    const before = await stored()
    for (const [data, name] of [
      [dataUrl(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3])), 'programm.png'],
      [dataUrl(Buffer.concat([png.subarray(0, 40), Buffer.alloc(20)])), 'kaputt.png'],
      ['kein data URL', 'x.txt'],
      ['data:;base64,', 'leer.txt'],
    ] as const) {
      const res = await call(s.url, 'POST', '/api/uploads', { body: { data, name } })
      expect(res.status).toBe(400)
      expect(res.body.errors[0]).toEqual({ field: 'data', message: refused(name) })
    }
    // The body is still checked like any other: unknown fields, a missing data URL, bad JSON.
    const extra = await call(s.url, 'POST', '/api/uploads', { body: { data: dataUrl(pdf(100)), size: 3 } })
    expect(extra.status).toBe(400)
    expect(extra.body.errors[0].field).toBe('size')
    const missing = await call(s.url, 'POST', '/api/uploads', { body: { name: 'x.pdf' } })
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].field).toBe('data')
    const broken = await fetch(`${s.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"data": "data:,abc"',
    })
    expect(broken.status).toBe(400)
    expect(await stored()).toEqual(before)
  })
})

describe('upload caps (limits.uploads.maxAnonymousBytes, maxStaffBytes)', () => {
  it('refuses a file above the caller’s cap with 413 and the spec’s message, and stores nothing', async () => {
    const before = await stored()
    // Decoded one byte over the anonymous cap: refused by name.
    const over = await upload(pdf(ANON_CAP + 1), 'gross.pdf')
    expect(over.status).toBe(413)
    expect(over.body.errors).toEqual([{ field: 'data', message: refused('gross.pdf') }])
    // A body whose Content-Length is beyond the cap: refused before it is read.
    const declared = await upload(pdf(STAFF_CAP), 'riesig.pdf')
    expect(declared.status).toBe(413)
    expect(declared.body.errors).toEqual([{ field: 'data', message: refused('Datei') }])
    // Without a Content-Length (chunked): refused once the body outgrows the cap.
    const body = Buffer.from(JSON.stringify({ data: dataUrl(pdf(STAFF_CAP)), name: 'strom.pdf' }))
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.length; i += 16_384) controller.enqueue(body.subarray(i, i + 16_384))
        controller.close()
      },
    })
    const chunked = await fetch(`${s.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(((await chunked.json()) as { errors: unknown }).errors).toEqual([
      { field: 'data', message: refused('Datei') },
    ])
    // Staff may upload more, up to their own cap.
    expect((await upload(pdf(STAFF_CAP + 1), 'gross.pdf', admin)).status).toBe(413)
    expect(await stored()).toEqual(before)
    expect((await upload(pdf(ANON_CAP + 1), 'gross.pdf', admin)).status).toBe(201)
    expect((await upload(pdf(ANON_CAP), 'genau.pdf')).status).toBe(201)
  })

  it('a client that hangs up halfway through its upload leaves nothing stored and nothing in the error log', async () => {
    const before = await stored()
    const body = Buffer.from(JSON.stringify({ data: dataUrl(pdf(150_000)), name: 'halb.pdf' }))
    const { port } = new URL(s.url)
    const socket = net.connect(Number(port), '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
    socket.write(body.subarray(0, body.length / 2))
    await new Promise((r) => setTimeout(r, 100))
    const lines = logged.length
    socket.destroy()
    await new Promise((r) => setTimeout(r, 300))
    expect(await stored()).toEqual(before)
    expect(logged.slice(lines).filter((l) => /unhandled error|database unavailable/.test(l))).toEqual([])
    expect((await upload(pdf(1000), 'ganz.pdf')).status).toBe(201)
  })

  it('refuses an image upload by a non-admin before reading it', async () => {
    const res = await call(s.url, 'POST', '/api/images', { headers: employee, body: { data: dataUrl(png) } })
    expect(res.status).toBe(403)
  })
})

describe('the daily upload budget per address (limits.uploads.bytesPerAddressPerDay)', () => {
  it('answers 429 with Retry-After past the budget, stores nothing, and renews the next day', async () => {
    clock = new Date('2026-04-02T20:00:00Z')
    for (let i = 0; i < 5; i++) expect((await upload(pdf(190_000))).status).toBe(201)
    const before = await stored()
    // Refused by the Content-Length alone, before the body is read (it is not even JSON).
    const early = await fetch(`${s.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(260_000),
    })
    expect(early.status).toBe(429)
    expect(early.headers.get('retry-after')).toBe(String(4 * 3600))
    expect(((await early.json()) as { errors: unknown }).errors).toEqual([
      {
        field: '',
        message:
          'Von Ihrer Adresse wurden heute zu viele Dateien hochgeladen. Bitte versuchen Sie es morgen wieder.',
      },
    ])
    // 950,000 bytes used: 40,000 more fit, then 20,000 do not (counted after decoding).
    expect((await upload(pdf(40_000))).status).toBe(201)
    const mid = await stored()
    const late = await upload(pdf(20_000))
    expect(late.status).toBe(429)
    expect(await stored()).toEqual(mid)
    expect(mid.files).toBe(before.files + 1)
    // Staff are not counted; the next day renews the budget.
    expect((await upload(pdf(20_000), 'x.pdf', admin)).status).toBe(201)
    clock = new Date(clock.getTime() + 4 * 3600 * 1000)
    expect((await upload(pdf(20_000))).status).toBe(201)
  })
})

describe('downloads', () => {
  it('serves anything but an image as an attachment with nosniff; images inline', async () => {
    const doc = (await upload(pdf(1000), 'rechnung.pdf')).body.data
    const file = await fetchBytes(uploadUrl(doc))
    expect(file.status).toBe(200)
    expect(file.type).toBe('application/pdf')
    expect(file.disposition).toBe(`attachment; filename="${doc.id}.pdf"`)
    expect(file.nosniff).toBe('nosniff')
    const text = (
      await call(s.url, 'POST', '/api/uploads', {
        body: { data: dataUrl(Buffer.from('<script>alert(1)</script>')), name: 'x.html' },
      })
    ).body.data
    expect(text.mimeType).toBe('text/plain')
    expect((await fetchBytes(uploadUrl(text))).disposition).toMatch(/^attachment;/)
    const image = (await upload(png, 'foto.png')).body.data
    const shown = await fetchBytes(uploadUrl(image))
    expect(shown.type).toBe('image/png')
    expect(shown.disposition).toBeNull()
    expect(shown.nosniff).toBe('nosniff')
  })
})

describe('staff see uploads by branch', () => {
  it('an employee sees the uploads of their branch’s orders only; admins see all', async () => {
    const mine = (await upload(png, 'b1.png')).body.data
    const other = (await upload(png, 'b2.png')).body.data
    const loose = (await upload(png, 'lose.png')).body.data
    await orderWith('b1', mine.id)
    await orderWith('b2', other.id)
    const list = await call(s.url, 'GET', '/api/uploads', { headers: employee })
    expect(list.status).toBe(200)
    const ids = list.body.data.map((u: { id: string }) => u.id)
    expect(ids).toContain(mine.id)
    expect(ids).not.toContain(other.id)
    expect(ids).not.toContain(loose.id)
    expect((await call(s.url, 'GET', `/api/uploads/${mine.id}`, { headers: employee })).status).toBe(200)
    expect((await call(s.url, 'GET', `/api/uploads/${other.id}`, { headers: employee })).status).toBe(404)
    expect((await call(s.url, 'GET', `/api/uploads/${loose.id}`, { headers: employee })).status).toBe(404)
    const all = (await call(s.url, 'GET', '/api/uploads', { headers: admin })).body.data.map(
      (u: { id: string }) => u.id,
    )
    expect(all).toEqual(expect.arrayContaining([mine.id, other.id, loose.id]))
    expect((await call(s.url, 'GET', `/api/uploads/${other.id}`, { headers: admin })).status).toBe(200)
    expect((await call(s.url, 'GET', '/api/uploads')).status).toBe(401)
  })
})

describe('clean-up of unused uploads (limits.uploads.unusedTtlMs)', () => {
  it('removes a customer’s upload no order uses after a day; a used, a fresh or a staff upload stays', async () => {
    clock = new Date('2026-04-10T09:00:00Z')
    const old = (await upload(pdf(300_000 - ANON_CAP), 'alt.pdf')).body.data
    const used = (await upload(png, 'torte.png')).body.data
    const staff = (await upload(pdf(1000), 'inhalt.pdf', admin)).body.data
    await orderWith('b1', used.id)
    clock = new Date(clock.getTime() + DAY + 60_000)
    const fresh = (await upload(pdf(1000), 'neu.pdf')).body.data
    await removeUnusedUploads({ db: s.db.db, bus: s.bus, files: createFileBytes(s.db.db) }, clock, DAY)
    expect((await fetchBytes(uploadUrl(old))).status).toBe(404)
    expect((await call(s.url, 'GET', `/api/uploads/${old.id}`, { headers: admin })).status).toBe(404)
    const { rows: left } = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM file_chunks WHERE file_id = ${old.id})
           + (SELECT count(*) FROM files WHERE id = ${old.id}) AS n`.execute(s.db.db)
    expect(Number(left[0]!.n)).toBe(0)
    // Deleted through the resource store: an event, so the log and the read model agree.
    const { rows: events } = await sql<{ event_type: string; actor: string }>`
      SELECT event_type, metadata->'actor'->>'kind' AS actor FROM es_events
       WHERE stream_id = ${`upload-${old.id}`} ORDER BY stream_position`.execute(s.db.db)
    expect(events).toEqual([
      { event_type: 'UploadCreated', actor: 'customer' },
      { event_type: 'UploadDeleted', actor: 'system' },
    ])
    for (const kept of [used, staff, fresh]) {
      expect((await fetchBytes(uploadUrl(kept))).status).toBe(200)
      expect((await call(s.url, 'GET', `/api/uploads/${kept.id}`, { headers: admin })).status).toBe(200)
    }
  })
})

describe('the clean-up never takes an upload an order is being placed with', () => {
  it('an order may name an upload for 23 hours, the clean-up waits 24: an older one is unknown to the checkout', async () => {
    clock = new Date('2026-04-14T09:00:00Z')
    const early = (await upload(png, 'frueh.png')).body.data
    const late = (await upload(png, 'spaet.png')).body.data
    clock = new Date(clock.getTime() + 23 * HOUR - 60_000)
    await orderWith('b1', early.id)
    clock = new Date(clock.getTime() + 2 * 60_000)
    const res = await placeWith('b1', late.id)
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('wurde nicht gefunden. Bitte laden Sie sie erneut hoch.')
    // Still there, but no order can take it any more: the clean-up removes it an hour later.
    expect((await call(s.url, 'GET', `/api/uploads/${late.id}`, { headers: admin })).status).toBe(200)
  })

  it('a staff change of an item keeps the order’s own older upload, and takes no other past 23 hours', async () => {
    clock = new Date('2026-04-18T09:00:00Z')
    const own = (await upload(png, 'eigen.png')).body.data
    const stranger = (await upload(png, 'fremd.png')).body.data
    const orderId = await orderWith('b1', own.id)
    clock = new Date(clock.getTime() + 23 * HOUR + 60_000)
    const order = (await call(s.url, 'GET', `/api/orders/${orderId}`, { headers: admin })).body.data
    const torte = order.items.find((i: { productUid: string }) => i.productUid === 'torte')
    const url = `/api/orders/${orderId}/items/${torte.itemId}`
    const kept = await call(s.url, 'PUT', url, {
      headers: admin,
      body: { amount: 2, version: order.version },
    })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    const parts = [
      { options: ['24 cm'] },
      { options: ['Kerzen'] },
      { text: 'Alles Gute!' },
      { uploads: [{ id: stranger.id }] },
    ]
    const other = await call(s.url, 'PUT', url, {
      headers: admin,
      body: { parts, version: kept.body.data.version },
    })
    expect(other.status).toBe(400)
    expect(JSON.stringify(other.body)).toContain('wurde nicht gefunden. Bitte laden Sie sie erneut hoch.')
  })

  it('an order the orders projection has not applied yet keeps its upload', async () => {
    clock = new Date('2026-04-16T09:00:00Z')
    const photo = (await upload(png, 'unterwegs.png')).body.data
    const day = new Date(clock.getTime() + DAY + 60_000)
    const candidates = async (db: Parameters<typeof unusedCustomerUploads>[0]) =>
      (await unusedCustomerUploads(db, day, 1000)).map((f) => f.id)
    expect(await candidates(s.db.db)).toContain(photo.id)
    // An order's event in a transaction of its own: committed or not, the projection has not
    // applied it, and the clean-up's checks see it there.
    await s.db.db
      .transaction()
      .execute(async (trx) => {
        await appendToStream(trx, {
          streamId: 'order-unterwegs',
          streamType: 'order',
          expectedVersion: 0,
          events: [{ type: 'OrderCreated', data: { items: [{ parts: [{ uploads: [{ id: photo.id }] }] }] } }],
        })
        expect(await isUploadUsed(trx, photo.id)).toBe(true)
        expect(await candidates(trx)).not.toContain(photo.id)
        throw new Error('rolled back')
      })
      .catch((err: Error) => expect(err.message).toBe('rolled back'))
    expect(await isUploadUsed(s.db.db, photo.id)).toBe(false)
  })
})

describe('clean-up in the distributed layout', () => {
  it('runs in one process at a time: while another holds the advisory lock, a run does nothing', async () => {
    clock = new Date('2026-04-20T09:00:00Z')
    const old = (await upload(pdf(1000), 'alt.pdf')).body.data
    clock = new Date(clock.getTime() + DAY + 60_000)
    const cleanup = startUploadCleanup({
      db: s.db.db,
      bus: s.bus,
      files: createFileBytes(s.db.db),
      log: silentLogger,
      now: () => clock,
      ttlMs: DAY,
      exclusive: true,
      firstDelayMs: 3_600_000,
    })
    try {
      await s.db.db.connection().execute(async (conn) => {
        await sql`SELECT pg_advisory_lock(hashtext('shop.upload-cleanup'))`.execute(conn)
        try {
          expect(await cleanup.runOnce()).toBe(0)
          expect((await fetchBytes(uploadUrl(old))).status).toBe(200)
        } finally {
          await sql`SELECT pg_advisory_unlock(hashtext('shop.upload-cleanup'))`.execute(conn)
        }
      })
      await cleanup.runOnce()
      expect((await fetchBytes(uploadUrl(old))).status).toBe(404)
    } finally {
      await cleanup.stop()
    }
  })
})

describe('upgrading a shop with files stored before (migration 0012)', () => {
  it('moves their bytes into chunks, and they are served as before', async () => {
    const db = await createTestDatabase({ max: 3 })
    try {
      await migrateTo(db.db as never, '20261123T0011-statistics')
      const bytes = pdf(600_000)
      await sql`
        INSERT INTO files (id, version, kind, public_hash, mime_type, extension, size, data)
        VALUES ('f-old', 1, 'upload', 'h', 'application/pdf', 'pdf', ${bytes.length}, ${bytes})`.execute(
        db.db,
      )
      await migrateToLatest(db.db as never)
      const row = await db.db
        .selectFrom('files')
        .select(['storage', 'size'])
        .where('id', '=', 'f-old')
        .executeTakeFirst()
      expect(row).toEqual({ storage: 'db', size: 600_000 })
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM file_chunks WHERE file_id = 'f-old'`.execute(db.db)
      expect(rows[0]!.n).toBe(3)
      const read = await createFileBytes(db.db).read({ id: 'f-old', storage: 'db', size: 600_000 })
      expect(read.equals(bytes)).toBe(true)
    } finally {
      await db.drop()
    }
  })
})

describe('images', () => {
  it('admins add images; sizes are served resized; a deleted image is gone', async () => {
    const refusedImage = await call(s.url, 'POST', '/api/images', {
      headers: admin,
      body: { data: dataUrl(Buffer.from('%PDF-1.4 kein Bild')), name: 'karte.pdf' },
    })
    expect(refusedImage.status).toBe(400)
    const res = await call(s.url, 'POST', '/api/images', {
      headers: admin,
      body: { data: dataUrl(png), alt: 'Zopf' },
    })
    expect(res.status).toBe(201)
    const img = res.body.data
    expect(img).toMatchObject({ extension: 'png', width: 2000, alt: 'Zopf', version: 1 })
    const original = await fetchBytes(`/image/${img.id}-1.png`)
    expect(original.bytes.equals(png)).toBe(true)
    expect(original.disposition).toBeNull()
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
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM file_chunks WHERE file_id = ${img.id}`.execute(s.db.db)
    expect(rows[0]!.n).toBe(0)
  })
})
