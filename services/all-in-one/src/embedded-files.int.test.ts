import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createFileBytes, createUser, removeUnusedUploads, storeImage } from '@shop/api/resources'
import { type AppConfig, silentLogger, withLimits } from '@shop/kit'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Shop, startShop } from './embedded.ts'

// The embedded shop (`npm start`, PGlite) keeps file bytes on disk in DATA_DIR/files, written
// and streamed by the file system, never through PGlite (whose writes run on the event loop:
// a 10 MB upload stopped the whole process for about 4 s, issue 14). Files stored in the
// database before stay served from there.

const dataDir = mkdtempSync(join(tmpdir(), 'shop-files-'))
const config: AppConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: undefined,
  natsUrl: undefined,
  subjectRoot: 'shop',
  branches: [{ id: 'demo', name: 'Demo', apiKey: 'k-embedded-files-key', timeZone: 'Europe/Zurich' }],
}
let clock = new Date('2026-05-04T08:00:00Z')
let shop: Shop
let admin: Record<string, string>

beforeAll(async () => {
  shop = await startShop(config, silentLogger, {
    demo: false,
    notifier: false,
    now: () => clock,
    limits: withLimits({ rateLimits: false }),
  })
  await createUser(
    { db: shop.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  const res = await fetch(`${shop.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin-passwort-1' }),
  })
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!)
  const csrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? ''
  admin = { cookie: cookies.join('; '), 'x-xsrf-token': csrf }
})
afterAll(async () => {
  await shop?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)])

async function upload(bytes: Buffer): Promise<{ id: string; publicHash: string; extension: string }> {
  const res = await fetch(`${shop.url}/api/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: `data:application/pdf;base64,${bytes.toString('base64')}`, name: 'a.pdf' }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: { id: string; publicHash: string; extension: string } }).data
}

const download = async (path: string) => {
  const res = await fetch(`${shop.url}${path}`)
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) }
}

describe('file bytes in the embedded shop', () => {
  it('writes an upload to DATA_DIR/files, not into PGlite, and streams it back', async () => {
    // A 4 MB body: it reaches the upload worker in several batches of network chunks.
    const bytes = pdf(3_000_000)
    const u = await upload(bytes)
    const path = join(dataDir, 'files', u.id)
    expect(readFileSync(path).equals(bytes)).toBe(true)
    const row = await shop.db.db
      .selectFrom('files')
      .select(['storage', 'size'])
      .where('id', '=', u.id)
      .executeTakeFirst()
    expect(row).toEqual({ storage: 'disk', size: 3_000_000 })
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM file_chunks WHERE file_id = ${u.id}`.execute(shop.db.db)
    expect(rows[0]!.n).toBe(0)
    const file = await download(`/upload/${u.publicHash}/${u.id}-1.pdf`)
    expect(file.status).toBe(200)
    expect(file.bytes.equals(bytes)).toBe(true)
    // A delete takes the bytes off the disk after its commit.
    const del = await fetch(`${shop.url}/api/uploads/${u.id}`, { method: 'DELETE', headers: admin })
    expect(del.status).toBe(200)
    expect(existsSync(path)).toBe(false)
    expect((await download(`/upload/${u.publicHash}/${u.id}-1.pdf`)).status).toBe(404)
  })

  it('still serves a file whose bytes were stored in the database before', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#8a4' } })
      .png()
      .toBuffer()
    const img = await storeImage(
      { db: shop.db.db, bus: shop.bus, files: createFileBytes(shop.db.db) },
      png,
      { kind: 'system' },
      'alt',
    )
    const row = await shop.db.db
      .selectFrom('files')
      .select('storage')
      .where('id', '=', img.id)
      .executeTakeFirst()
    expect(row?.storage).toBe('db')
    const file = await download(`/image/${img.id}-1.png`)
    expect(file.status).toBe(200)
    expect(file.bytes.equals(png)).toBe(true)
  })

  it('removes an unused upload from the disk after a day; a fresh one stays', async () => {
    const old = await upload(pdf(1000))
    clock = new Date(clock.getTime() + 25 * 3600 * 1000)
    const fresh = await upload(pdf(1000))
    const files = createFileBytes(shop.db.db, { dir: join(dataDir, 'files') })
    expect(await removeUnusedUploads({ db: shop.db.db, bus: shop.bus, files }, clock, 24 * 3600 * 1000)).toBe(
      1,
    )
    expect(existsSync(join(dataDir, 'files', old.id))).toBe(false)
    expect(existsSync(join(dataDir, 'files', fresh.id))).toBe(true)
    expect((await download(`/upload/${old.publicHash}/${old.id}-1.pdf`)).status).toBe(404)
    expect((await download(`/upload/${fresh.publicHash}/${fresh.id}-1.pdf`)).status).toBe(200)
  })
})
