import { randomUUID } from 'node:crypto'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from './resources/users.ts'
import { orderBody } from './testing/lifecycle.scenario.ts'
import { login } from './testing/staff-session.ts'

// Idempotency-Key, scoped to its caller and compared on the canonical body (docs/security.md
// "Idempotency"): one write per key and request, the first answer again for a retry (also with
// its keys in another order), 422 and nothing written for another request under the key, and
// another caller's key opens nothing of the first caller's answer.

let s: TestStack
let admin: Record<string, string>
let otherAdmin: Record<string, string>
let png: string

beforeAll(async () => {
  // The client address comes from X-Forwarded-For (the test plays the documented proxy), so a
  // test can speak from two addresses; rate limits off (many orders from one address here).
  s = await startTestStack({ limits: { trustProxy: ['127.0.0.1'], rateLimits: false } })
  for (const username of ['admin', 'zweitadmin']) {
    await createUser({ db: s.db.db }, { username, password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] })
  }
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  otherAdmin = (await login(s.url, 'zweitadmin', 'admin-passwort-1')).headers
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4a8' } })
    .png()
    .toBuffer()
  png = `data:image/png;base64,${bytes.toString('base64')}`
})
afterAll(async () => {
  await s?.close()
})

const PHONE = { 'x-forwarded-for': '198.51.100.7' }
const ELSEWHERE = { 'x-forwarded-for': '203.0.113.99' }

/** Sends the JSON text as it is (so a test controls the order of its keys). */
async function send(method: string, path: string, json: string | undefined, headers: Record<string, string>) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(json === undefined ? {} : { body: json }),
  })
  const text = await res.text()
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    body: text ? JSON.parse(text) : null,
  }
}

/** The same object with its keys in reverse order, nested objects too. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  )
}

async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return (await query.execute(s.db.db)).rows[0]!.n
}
const orderCount = () =>
  count(sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE event_type = 'OrderCreated'`)
const resourceCount = (type: string) =>
  count(sql<{ n: number }>`SELECT count(*)::int AS n FROM rm_resources WHERE type = ${type}`)

describe('orders', () => {
  it('same key and body: one order, the first answer again; keys reordered: still a retry', async () => {
    const key = randomUUID()
    const body = orderBody('b1', { firstName: 'Ida', comment: 'Bitte klingeln' })
    const before = await orderCount()
    const first = await send('POST', '/api/orders', JSON.stringify(body), {
      ...PHONE,
      'idempotency-key': key,
    })
    expect(first.status).toBe(201)
    expect(first.replayed).toBe(false)
    const again = await send('POST', '/api/orders', JSON.stringify(body), {
      ...PHONE,
      'idempotency-key': key,
    })
    const reordered = await send('POST', '/api/orders', JSON.stringify(reversed(body)), {
      ...PHONE,
      'idempotency-key': key,
    })
    for (const retry of [again, reordered]) {
      expect(retry.status).toBe(201)
      expect(retry.replayed).toBe(true)
      expect(retry.body.data).toEqual(first.body.data)
    }
    expect(JSON.stringify(reversed(body))).not.toBe(JSON.stringify(body))
    expect(await orderCount()).toBe(before + 1)
  })

  it('same key, another body: 422 on Idempotency-Key and nothing written', async () => {
    const key = randomUUID()
    const before = await orderCount()
    const first = await send('POST', '/api/orders', JSON.stringify(orderBody('b1', { firstName: 'Ida' })), {
      ...PHONE,
      'idempotency-key': key,
    })
    expect(first.status).toBe(201)
    const other = await send('POST', '/api/orders', JSON.stringify(orderBody('b1', { firstName: 'Udo' })), {
      ...PHONE,
      'idempotency-key': key,
    })
    expect(other.status).toBe(422)
    expect(other.body.errors[0].field).toBe('Idempotency-Key')
    expect(await orderCount()).toBe(before + 1)
  })

  it("another address with the customer's key and body: no status link, no second order", async () => {
    const key = randomUUID()
    const body = JSON.stringify(orderBody('b1', { firstName: 'Vera' }))
    const first = await send('POST', '/api/orders', body, { ...PHONE, 'idempotency-key': key })
    expect(first.status).toBe(201)
    const before = await orderCount()
    const stranger = await send('POST', '/api/orders', body, { ...ELSEWHERE, 'idempotency-key': key })
    expect(stranger.status).toBe(409)
    expect(stranger.body.errors[0].field).toBe('Idempotency-Key')
    const text = JSON.stringify(stranger.body)
    expect(text).not.toContain(first.body.data.hash)
    expect(text).not.toContain(first.body.data.uid)
    expect(await orderCount()).toBe(before)
    // The customer's own retry still gets the answer.
    const own = await send('POST', '/api/orders', body, { ...PHONE, 'idempotency-key': key })
    expect(own.body.data.hash).toBe(first.body.data.hash)
  })

  it('a staff command: the branch key and a staff session are two callers', async () => {
    const order = (
      await send('POST', '/api/orders', JSON.stringify(orderBody('b1', { firstName: 'Max' })), PHONE)
    ).body.data
    const key = randomUUID()
    const path = `/api/orders/${order.id}/status/confirm`
    const byKey = await send('POST', path, '{}', { 'x-api-key': s.branch.apiKey, 'idempotency-key': key })
    expect(byKey.status).toBe(200)
    const retry = await send('POST', path, '{}', { 'x-api-key': s.branch.apiKey, 'idempotency-key': key })
    expect(retry.replayed).toBe(true)
    expect(retry.body.data.version).toBe(byKey.body.data.version)
    // The admin's session with the same key is its own request: judged on the order as it is now.
    const byAdmin = await send('POST', path, '{}', { ...admin, 'idempotency-key': key })
    expect(byAdmin.replayed).toBe(false)
    expect(byAdmin.status).toBe(409)
  })
})

describe('resource writes', () => {
  it('create: one tag per key and body, replayed with its keys reordered; another body 422', async () => {
    const key = randomUUID()
    const body = { name: 'Saisonal', image: null }
    const before = await resourceCount('tag')
    const first = await send('POST', '/api/tags', JSON.stringify(body), { ...admin, 'idempotency-key': key })
    expect(first.status).toBe(201)
    const again = await send('POST', '/api/tags', JSON.stringify(reversed(body)), {
      ...admin,
      'idempotency-key': key,
    })
    expect(again.status).toBe(201)
    expect(again.replayed).toBe(true)
    expect(again.body.data).toEqual(first.body.data)
    const other = await send('POST', '/api/tags', JSON.stringify({ name: 'Anders' }), {
      ...admin,
      'idempotency-key': key,
    })
    expect(other.status).toBe(422)
    expect(await resourceCount('tag')).toBe(before + 1)
  })

  it('another admin with the same key and body makes her own tag (and never sees the first answer)', async () => {
    const key = randomUUID()
    const body = JSON.stringify({ name: 'Regional' })
    const mine = await send('POST', '/api/tags', body, { ...admin, 'idempotency-key': key })
    const hers = await send('POST', '/api/tags', body, { ...otherAdmin, 'idempotency-key': key })
    expect(hers.status).toBe(201)
    expect(hers.replayed).toBe(false)
    expect(hers.body.data.id).not.toBe(mine.body.data.id)
    // Under her key another body is simply her next request, not a reuse of mine.
    const next = await send('POST', '/api/tags', JSON.stringify({ name: 'Lokal' }), {
      ...otherAdmin,
      'idempotency-key': randomUUID(),
    })
    expect(next.status).toBe(201)
  })

  it('update and delete: a retry appends nothing', async () => {
    const tag = (await send('POST', '/api/tags', JSON.stringify({ name: 'Bio' }), admin)).body.data
    const events = () =>
      count(sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE stream_id = ${`tag-${tag.id}`}`)
    const putKey = randomUUID()
    const put = JSON.stringify({ name: 'Bio Suisse', version: 1 })
    const first = await send('PUT', `/api/tags/${tag.id}`, put, { ...admin, 'idempotency-key': putKey })
    expect(first.body.data.version).toBe(2)
    // The retry would be stale (version 1) if it ran again: it answers the first answer instead.
    const retry = await send('PUT', `/api/tags/${tag.id}`, put, { ...admin, 'idempotency-key': putKey })
    expect(retry.status).toBe(200)
    expect(retry.replayed).toBe(true)
    expect(retry.body.data).toEqual(first.body.data)
    const delKey = randomUUID()
    const deleted = await send('DELETE', `/api/tags/${tag.id}?version=2`, undefined, {
      ...admin,
      'idempotency-key': delKey,
    })
    expect(deleted.status).toBe(200)
    const again = await send('DELETE', `/api/tags/${tag.id}?version=2`, undefined, {
      ...admin,
      'idempotency-key': delKey,
    })
    expect(again.status).toBe(200)
    expect(again.replayed).toBe(true)
    // Another query under the key is another request.
    const otherQuery = await send('DELETE', `/api/tags/${tag.id}?version=3`, undefined, {
      ...admin,
      'idempotency-key': delKey,
    })
    expect(otherQuery.status).toBe(422)
    expect(await events()).toBe(3)
  })

  it('concurrent duplicates: one write, one answer for both', async () => {
    const key = randomUUID()
    const before = await resourceCount('tag')
    const body = JSON.stringify({ name: 'Gleichzeitig' })
    const answers = await Promise.all(
      [1, 2, 3].map(() => send('POST', '/api/tags', body, { ...admin, 'idempotency-key': key })),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201])
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1)
    expect(await resourceCount('tag')).toBe(before + 1)
  })
})

describe('uploads and images', () => {
  it('an upload: one file per key and body, the same answer again; another body 422', async () => {
    const key = randomUUID()
    const before = await resourceCount('upload')
    const body = { data: png, name: 'torte.png' }
    const first = await send('POST', '/api/uploads', JSON.stringify(body), {
      ...PHONE,
      'idempotency-key': key,
    })
    expect(first.status).toBe(201)
    const again = await send('POST', '/api/uploads', JSON.stringify(reversed(body)), {
      ...PHONE,
      'idempotency-key': key,
    })
    expect(again.status).toBe(201)
    expect(again.replayed).toBe(true)
    expect(again.body.data).toEqual(first.body.data)
    const other = await send('POST', '/api/uploads', JSON.stringify({ data: png, name: 'anders.png' }), {
      ...PHONE,
      'idempotency-key': key,
    })
    expect(other.status).toBe(422)
    // Another address with the same key learns nothing of the file (its public hash is the secret).
    const stranger = await send('POST', '/api/uploads', JSON.stringify(body), {
      ...ELSEWHERE,
      'idempotency-key': key,
    })
    expect(stranger.status).toBe(409)
    expect(JSON.stringify(stranger.body)).not.toContain(first.body.data.publicHash)
    expect(await resourceCount('upload')).toBe(before + 1)
  })

  it('a refused upload frees its key: the corrected retry is stored', async () => {
    const key = randomUUID()
    const refused = await send(
      'POST',
      '/api/uploads',
      JSON.stringify({ data: 'data:application/octet-stream;base64,AAECAwQF', name: 'kaputt.bin' }),
      { ...PHONE, 'idempotency-key': key },
    )
    expect(refused.status).toBe(400)
    const { rows } = await sql`SELECT 1 FROM es_commands WHERE result->>'pending' = 'true'`.execute(s.db.db)
    expect(rows).toEqual([])
    const corrected = await send('POST', '/api/uploads', JSON.stringify({ data: png, name: 'kaputt.bin' }), {
      ...PHONE,
      'idempotency-key': key,
    })
    expect(corrected.status).toBe(201)
    expect(corrected.replayed).toBe(false)
  })

  it('concurrent duplicate uploads store one file', async () => {
    const key = randomUUID()
    const before = await resourceCount('upload')
    const body = JSON.stringify({ data: png, name: 'doppelt.png' })
    const answers = await Promise.all(
      [1, 2].map(() => send('POST', '/api/uploads', body, { ...PHONE, 'idempotency-key': key })),
    )
    // The second either waits for nothing (409 "in progress") or comes after: the first answer.
    const ok = answers.filter((a) => a.status === 201)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    expect(new Set(ok.map((a) => a.body.data.id)).size).toBe(1)
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.status).toBe(409)
    expect(await resourceCount('upload')).toBe(before + 1)
  })

  it('an image by an admin: one per key and body', async () => {
    const key = randomUUID()
    const before = await resourceCount('image')
    const body = JSON.stringify({ data: png, alt: 'Zopf' })
    const first = await send('POST', '/api/images', body, { ...admin, 'idempotency-key': key })
    const again = await send('POST', '/api/images', body, { ...admin, 'idempotency-key': key })
    expect(first.status).toBe(201)
    expect(again.replayed).toBe(true)
    expect(again.body.data).toEqual(first.body.data)
    expect(await resourceCount('image')).toBe(before + 1)
  })
})
