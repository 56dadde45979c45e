import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { appendToStream } from '@shop/kit'
import { updateResourceRow } from '@shop/read-models'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, login } from '../testing/staff-session.ts'
import { createUser } from './users.ts'

// A resource's history and its restore over HTTP on PostgreSQL (docs/api.md "History and
// restore"), and the log's filters: the changes of a product across create, update and restore;
// secrets never shown; a restore checked like a PUT (stale version, unique values, references,
// today's schema, server-made fields kept); a deleted resource brought back; roles.

let s: TestStack
let admin: Record<string, string>
let employee: Record<string, string>
let adminId: string

beforeAll(async () => {
  s = await startTestStack({ catalogue: false })
  adminId = (
    await createUser(
      { db: s.db.db },
      {
        username: 'chefin',
        displayName: 'Clara Chefin',
        password: 'admin-passwort-1',
        roles: ['ROLE_ADMIN'],
      },
    )
  ).id
  await createUser(
    { db: s.db.db },
    { username: 'mia', password: 'mia-passwort-12', roles: ['ROLE_EMPLOYEE'], branches: [] },
  )
  admin = (await login(s.url, 'chefin', 'admin-passwort-1')).headers
  employee = (await login(s.url, 'mia', 'mia-passwort-12')).headers
})
afterAll(async () => {
  await s?.close()
})

const as = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(s.url, method, path, { headers: { ...admin, ...headers }, ...(body === undefined ? {} : { body }) })

async function eventCount(streamId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM es_events WHERE stream_id = ${streamId}`.execute(s.db.db)
  return rows[0]!.n
}

const product = {
  uid: 'bauernbrot',
  name: 'Bauernbrot',
  price: 520,
  tax: 2.6,
  takeawayTax: 2.6,
  dineInTax: 8.1,
  images: [
    { id: 'img-a', version: 1, extension: 'jpg' },
    { id: 'img-b', version: 1, extension: 'png' },
  ],
}

type Change = { path: string; op: string; old?: unknown; new?: unknown; hidden?: true; item?: string }
type Entry = {
  version: number
  kind: string
  restoredFrom?: number
  actor: unknown
  at: string
  changes: Change[]
}

describe('a product across create, update and restore', () => {
  it('lists each version newest first with who, when and which fields changed, old → new', async () => {
    const created = (await as('POST', '/api/products', product)).body.data
    const updated = await as('PUT', `/api/products/${created.id}`, {
      ...created,
      name: 'Bauernbrot hell',
      price: 560,
      images: [product.images[1]],
      version: 1,
    })
    expect(updated.status).toBe(200)

    const history = await as('GET', `/api/products/${created.id}/history`)
    expect(history.status).toBe(200)
    const [second, first] = history.body.data as Entry[]
    expect(history.body.data).toHaveLength(2)
    expect(second).toMatchObject({
      version: 2,
      kind: 'updated',
      actor: { kind: 'staff', id: adminId, name: 'Clara Chefin', username: 'chefin' },
    })
    expect(Date.now() - Date.parse(second!.at)).toBeLessThan(60_000)
    expect(second!.changes).toEqual([
      { path: 'name', op: 'changed', old: 'Bauernbrot', new: 'Bauernbrot hell' },
      { path: 'price', op: 'changed', old: 520, new: 560 },
      { path: 'images.id:img-a', op: 'removed', old: product.images[0] },
    ])
    expect(first).toMatchObject({ version: 1, kind: 'created' })
    expect(first!.changes).toContainEqual({ path: 'name', op: 'added', new: 'Bauernbrot' })
    expect(first!.changes).toContainEqual({ path: 'price', op: 'added', new: 520 })

    // Restore version 1: one new event, the old state current again, the stream never rewritten.
    const restored = await as(
      'POST',
      `/api/products/${created.id}/restore`,
      { version: 2, from: 1 },
      { 'idempotency-key': 'restore-bauernbrot' },
    )
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({
      name: 'Bauernbrot',
      price: 520,
      images: product.images,
      version: 3,
    })
    expect((await call(s.url, 'GET', `/api/products/${created.id}`)).body.data).toMatchObject({
      name: 'Bauernbrot',
      version: 3,
    })
    // The same key again: the first answer, nothing appended.
    const replay = await as(
      'POST',
      `/api/products/${created.id}/restore`,
      { version: 2, from: 1 },
      { 'idempotency-key': 'restore-bauernbrot' },
    )
    expect(replay.status).toBe(200)
    expect(replay.body.data).toEqual(restored.body.data)
    expect(await eventCount(`product-${created.id}`)).toBe(3)
    const { rows } = await sql<{ event_type: string; restored_from: number | null }>`
      SELECT event_type, (data->>'restoredFrom')::int AS restored_from FROM es_events
       WHERE stream_id = ${`product-${created.id}`} ORDER BY stream_position`.execute(s.db.db)
    expect(rows).toEqual([
      { event_type: 'ProductCreated', restored_from: null },
      { event_type: 'ProductUpdated', restored_from: null },
      { event_type: 'ProductUpdated', restored_from: 1 },
    ])

    const after = (await as('GET', `/api/products/${created.id}/history`)).body.data as Entry[]
    expect(after[0]).toMatchObject({ version: 3, kind: 'restored', restoredFrom: 1 })
    expect(after[0]!.changes).toEqual([
      { path: 'name', op: 'changed', old: 'Bauernbrot hell', new: 'Bauernbrot' },
      { path: 'price', op: 'changed', old: 560, new: 520 },
      { path: 'images.id:img-a', op: 'added', new: product.images[0] },
    ])
    // Paging: the two older entries, then one.
    const older = await as('GET', `/api/products/${created.id}/history?before=3&limit=1`)
    expect(older.body.data.map((e: Entry) => e.version)).toEqual([2])
  })

  it('refuses a stale version (409, nothing appended), the current version and unknown ones (400)', async () => {
    const p = (await as('POST', '/api/products', { ...product, uid: 'zopf', name: 'Zopf' })).body.data
    await as('PUT', `/api/products/${p.id}`, { ...p, name: 'Zopf gross', version: 1 })
    const stale = await as('POST', `/api/products/${p.id}/restore`, { version: 1, from: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.errors[0]).toEqual({
      field: 'version',
      message: 'Der Eintrag wurde inzwischen geändert (Version 2 statt 1). Bitte laden Sie ihn neu.',
    })
    const current = await as('POST', `/api/products/${p.id}/restore`, { version: 2, from: 2 })
    expect(current.status).toBe(400)
    expect(current.body.errors[0]).toEqual({
      field: 'from',
      message: 'Diese Version ist bereits die aktuelle.',
    })
    const unknown = await as('POST', `/api/products/${p.id}/restore`, { version: 2, from: 7 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0]).toEqual({ field: 'from', message: 'Die Version 7 gibt es nicht.' })
    const malformed = await as('POST', `/api/products/${p.id}/restore`, { version: 2 })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors[0].field).toBe('from')
    expect(await eventCount(`product-${p.id}`)).toBe(2)
    expect((await as('POST', '/api/products/nope/restore', { version: 1, from: 1 })).status).toBe(404)
    expect((await as('GET', '/api/products/nope/history')).status).toBe(404)
  })

  it('refuses a state that is no longer valid with a German reason: a taken unique value, a missing reference', async () => {
    const p = (await as('POST', '/api/products', { ...product, uid: 'semmel', name: 'Semmel' })).body.data
    await as('PUT', `/api/products/${p.id}`, { ...p, uid: 'semmel-neu', version: 1 })
    // Another product takes the old uid: version 1 cannot come back.
    await as('POST', '/api/products', { ...product, uid: 'semmel', name: 'Andere Semmel' })
    const taken = await as('POST', `/api/products/${p.id}/restore`, { version: 2, from: 1 })
    expect(taken.status).toBe(409)
    expect(taken.body.errors[0]).toEqual({
      field: 'from',
      message:
        'Version 1 kann nicht wiederhergestellt werden, weil sie den heutigen Regeln oder Daten nicht mehr entspricht: uid: Dieser Wert wird bereits verwendet.',
    })
    expect(taken.body.errors[1]).toEqual({ field: 'uid', message: 'Dieser Wert wird bereits verwendet.' })
    expect(await eventCount(`product-${p.id}`)).toBe(2)

    // A menu whose old version names a branch that is gone.
    const branch = (await as('POST', '/api/branches', { identifier: 'see', name: 'Am See' })).body.data
    const menu = (
      await as('POST', '/api/menus', {
        name: 'Sommer',
        availableFrom: '2026-06-01T00:00:00+02:00',
        branches: [{ id: branch.id }],
      })
    ).body.data
    await as('PUT', `/api/menus/${menu.id}`, { ...menu, branches: [], version: 1 })
    expect((await as('DELETE', `/api/branches/${branch.id}`)).status).toBe(200)
    const missing = await as('POST', `/api/menus/${menu.id}/restore`, { version: 2, from: 1 })
    expect(missing.status).toBe(409)
    expect(missing.body.errors[0].message).toMatch(/^Version 1 kann nicht wiederhergestellt werden/)
    expect(missing.body.errors[0].message).toContain('branches.0.id: Dieser Eintrag existiert nicht.')
    expect(missing.body.errors[1]).toEqual({
      field: 'branches.0.id',
      message: 'Dieser Eintrag existiert nicht.',
    })
  })

  it("refuses a state today's write schema refuses (stored under older rules)", async () => {
    const p = (await as('POST', '/api/products', { ...product, uid: 'alt', name: 'Alt' })).body.data
    // A version written under older rules: a negative price, which today's schema refuses.
    await s.db.db.transaction().execute(async (trx) => {
      const data = { ...p, price: -5 }
      delete data.id
      delete data.version
      await appendToStream(trx, {
        streamId: `product-${p.id}`,
        streamType: 'product',
        expectedVersion: 1,
        events: [{ type: 'ProductUpdated', data: { id: p.id, data }, metadata: {} }],
      })
      await updateResourceRow(trx, { type: 'product', id: p.id, version: 2, data, now: new Date() })
    })
    const fixed = await as('PUT', `/api/products/${p.id}`, { ...p, price: 300, version: 2 })
    expect(fixed.status).toBe(200)
    const refused = await as('POST', `/api/products/${p.id}/restore`, { version: 3, from: 2 })
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toMatch(/^Version 2 kann nicht wiederhergestellt werden.*price: /)
    expect(refused.body.errors[1].field).toBe('price')
    expect((await call(s.url, 'GET', `/api/products/${p.id}`)).body.data.price).toBe(300)
    // The history shows the change without an actor (none was recorded).
    const history = (await as('GET', `/api/products/${p.id}/history`)).body.data as Entry[]
    expect(history[1]).toMatchObject({ version: 2, actor: null })
  })
})

describe('a restore on the bus', () => {
  it('reaches a catalogue listener like any update (an …Updated event, published and forwarded)', async () => {
    const { openSocket } = await import('../testing/ws-client.ts')
    const p = (await as('POST', '/api/products', { ...product, uid: 'live', name: 'Live' })).body.data
    await as('PUT', `/api/products/${p.id}`, { ...p, name: 'Live 2', version: 1 })
    const socket = await openSocket(`${s.url.replace('http', 'ws')}/ws`)
    try {
      socket.send({ type: 'subscribe', topic: 'catalogue' })
      await socket.next((m) => m.type === 'subscribed')
      expect((await as('POST', `/api/products/${p.id}/restore`, { version: 2, from: 1 })).status).toBe(200)
      const heard = await socket.next<{ resource: string; id: string; event: string }>(
        (m) => m.type === 'update' && m.id === p.id && m.event === 'ProductUpdated',
      )
      expect(heard).toMatchObject({ topic: 'catalogue', resource: 'product', id: p.id })
    } finally {
      await socket.close()
    }
  })
})

describe('secrets and server-made fields', () => {
  it("never shows a branch's api key or a user's access token; a restore keeps them as they are now", async () => {
    const branch = (await as('POST', '/api/branches', { identifier: 'markt', name: 'Markt' })).body.data
    await as('PUT', `/api/branches/${branch.id}`, { ...branch, name: 'Marktplatz', version: 1 })
    const renewed = (await as('POST', `/api/branches/${branch.id}/regenerate-api-key`, { version: 2 })).body
      .data
    expect(renewed.apiKey).not.toBe(branch.apiKey)
    const history = await as('GET', `/api/branches/${branch.id}/history`)
    const text = JSON.stringify(history.body)
    expect(text).not.toContain(branch.apiKey)
    expect(text).not.toContain(renewed.apiKey)
    expect((history.body.data as Entry[])[0]!.changes).toEqual([
      { path: 'apiKey', op: 'changed', hidden: true },
    ])
    expect((history.body.data as Entry[]).at(-1)!.changes).toContainEqual({
      path: 'apiKey',
      op: 'added',
      hidden: true,
    })
    const restored = await as('POST', `/api/branches/${branch.id}/restore`, { version: 3, from: 1 })
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({ name: 'Markt', apiKey: renewed.apiKey, version: 4 })

    const user = (
      await as('POST', '/api/users', {
        username: 'lena',
        displayName: 'Lena',
        password: 'erstes-passwort-1',
        roles: ['ROLE_EMPLOYEE'],
      })
    ).body.data
    await as('PUT', `/api/users/${user.id}`, {
      ...user,
      displayName: 'Lena Frontdesk',
      password: 'zweites-passwort-2',
      version: 1,
    })
    const userHistory = await as('GET', `/api/users/${user.id}/history`)
    const userText = JSON.stringify(userHistory.body)
    expect(userText).not.toContain(user.accessToken)
    expect(userText).not.toMatch(/passwort/)
    expect(userText).not.toMatch(/argon2/)
    expect((userHistory.body.data as Entry[])[0]!.changes).toEqual([
      { path: 'displayName', op: 'changed', old: 'Lena', new: 'Lena Frontdesk' },
    ])
    // The restore brings the name back, not the old password: the new one still logs in.
    const back = await as('POST', `/api/users/${user.id}/restore`, { version: 2, from: 1 })
    expect(back.body.data).toMatchObject({ displayName: 'Lena', accessToken: user.accessToken })
    expect((await login(s.url, 'lena', 'zweites-passwort-2')).status).toBe(200)
    expect((await login(s.url, 'lena', 'erstes-passwort-1')).status).toBe(401)
  })

  it("an image's restore brings its alt text back and keeps its file fields; a deleted image stays deleted", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer()
    const image = (
      await as('POST', '/api/images', {
        data: `data:image/png;base64,${png.toString('base64')}`,
        alt: 'Brot',
      })
    ).body.data
    await as('PUT', `/api/images/${image.id}`, { ...image, alt: 'Frisches Brot', version: 1 })
    const history = (await as('GET', `/api/images/${image.id}/history`)).body.data as Entry[]
    expect(history[0]!.changes).toEqual([{ path: 'alt', op: 'changed', old: 'Brot', new: 'Frisches Brot' }])
    // Created: the alt text; the server's type, size and pixels are left out.
    expect(history[1]!.changes).toEqual([{ path: 'alt', op: 'added', new: 'Brot' }])
    const restored = await as('POST', `/api/images/${image.id}/restore`, { version: 2, from: 1 })
    expect(restored.body.data).toMatchObject({
      alt: 'Brot',
      width: 40,
      height: 30,
      extension: 'png',
      version: 3,
    })
    expect((await as('DELETE', `/api/images/${image.id}`)).status).toBe(200)
    const gone = await as('POST', `/api/images/${image.id}/restore`, { version: 4, from: 3 })
    expect(gone.status).toBe(409)
    expect(gone.body.errors[0].message).toBe(
      'Die Datei wurde gelöscht und kann nicht wiederhergestellt werden.',
    )
  })
})

describe('a deleted resource', () => {
  it('keeps its history, and a restore of the version before the deletion brings it back', async () => {
    const tag = (await as('POST', '/api/tags', { name: 'Saisonal' })).body.data
    expect((await as('DELETE', `/api/tags/${tag.id}`)).status).toBe(200)
    const history = (await as('GET', `/api/tags/${tag.id}/history`)).body.data as Entry[]
    expect(history.map((e) => [e.version, e.kind])).toEqual([
      [2, 'deleted'],
      [1, 'created'],
    ])
    const deletion = await as('POST', `/api/tags/${tag.id}/restore`, { version: 1, from: 1 })
    expect(deletion.status).toBe(409)
    const notTheDeletion = await as('POST', `/api/tags/${tag.id}/restore`, { version: 2, from: 2 })
    expect(notTheDeletion.status).toBe(400)
    const back = await as('POST', `/api/tags/${tag.id}/restore`, { version: 2, from: 1 })
    expect(back.status).toBe(200)
    expect(back.body.data).toMatchObject({ id: tag.id, name: 'Saisonal', version: 3 })
    expect((await call(s.url, 'GET', `/api/tags/${tag.id}`)).body.data.version).toBe(3)
    // It goes on as any other: an update with its version.
    expect((await as('PUT', `/api/tags/${tag.id}`, { name: 'Saison', version: 3 })).status).toBe(200)
    const { rows } = await sql<{ event_type: string }>`
      SELECT event_type FROM es_events WHERE stream_id = ${`tag-${tag.id}`} ORDER BY stream_position`.execute(
      s.db.db,
    )
    expect(rows.map((r) => r.event_type)).toEqual(['TagCreated', 'TagDeleted', 'TagCreated', 'TagUpdated'])
    const again = (await as('GET', `/api/tags/${tag.id}/history`)).body.data as Entry[]
    expect(again.map((e) => e.kind)).toEqual(['updated', 'restored', 'deleted', 'created'])
  })
})

describe('the configuration', () => {
  it('has a history and a restore under /api/config', async () => {
    expect((await as('GET', '/api/config/history')).status).toBe(404)
    const first = (await as('POST', '/api/config', { shopName: 'Bäckerei Muster' })).body.data
    await as('POST', '/api/config', {
      ...first,
      shopName: 'Bäckerei Muster AG',
      enableVoucher: true,
      version: 1,
    })
    const history = (await as('GET', '/api/config/history')).body.data as Entry[]
    expect(history[0]!.changes).toEqual([
      { path: 'shopName', op: 'changed', old: 'Bäckerei Muster', new: 'Bäckerei Muster AG' },
      { path: 'enableVoucher', op: 'changed', old: false, new: true },
    ])
    const restored = await as('POST', '/api/config/restore', { version: 2, from: 1 })
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({
      shopName: 'Bäckerei Muster',
      enableVoucher: false,
      version: 3,
    })
    expect((await call(s.url, 'GET', '/api/config')).body.data.shopName).toBe('Bäckerei Muster')
  })
})

describe('who may', () => {
  it('admins only: anonymous 401, an employee 403, and a refused restore changes nothing', async () => {
    const tag = (await as('POST', '/api/tags', { name: 'Rollen' })).body.data
    await as('PUT', `/api/tags/${tag.id}`, { name: 'Rollen 2', version: 1 })
    for (const path of [`/api/tags/${tag.id}/history`, '/api/config/history']) {
      expect((await call(s.url, 'GET', path)).status).toBe(401)
      expect((await call(s.url, 'GET', path, { headers: employee })).status).toBe(403)
    }
    for (const path of [`/api/tags/${tag.id}/restore`, '/api/config/restore']) {
      // Who may call comes before what was sent: an empty body is still 401/403.
      expect((await call(s.url, 'POST', path, { body: {} })).status).toBe(401)
      expect(
        (await call(s.url, 'POST', path, { headers: employee, body: { version: 2, from: 1 } })).status,
      ).toBe(403)
    }
    expect(await eventCount(`tag-${tag.id}`)).toBe(2)
  })
})

describe('the log', () => {
  type LogEntry = {
    id: string
    resource: string
    resourceId: string
    kind: string
    version: number
    name: string
  }
  const log = async (query: string) => {
    const res = await as('GET', `/api/logs?${query}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data as LogEntry[]
  }

  it('filters by resource type, user, time and words of the name; names the kind and version', async () => {
    const other = await createUser(
      { db: s.db.db },
      { username: 'zweite', password: 'zweite-passwort-2', roles: ['ROLE_ADMIN'] },
    )
    const second = (await login(s.url, 'zweite', 'zweite-passwort-2')).headers
    const donatee = (
      await as('POST', '/api/donatees', { identifier: 'tierheim', name: 'Tierheim Wiesental' })
    ).body.data
    await call(s.url, 'PUT', `/api/donatees/${donatee.id}`, {
      headers: second,
      body: { identifier: 'tierheim', name: 'Tierheim Wiesental Nord', version: 1 },
    })
    await as('POST', `/api/donatees/${donatee.id}/restore`, { version: 2, from: 1 })
    await as('DELETE', `/api/donatees/${donatee.id}`)

    const entries = await log('resource=donatee')
    expect(entries.every((e) => e.resource === 'donatee')).toBe(true)
    expect(entries.map((e) => [e.version, e.kind, e.name])).toEqual([
      [4, 'deleted', 'Tierheim Wiesental'],
      [3, 'restored', 'Tierheim Wiesental'],
      [2, 'updated', 'Tierheim Wiesental Nord'],
      [1, 'created', 'Tierheim Wiesental'],
    ])
    expect((await log(`user=${other.id}`)).map((e) => [e.resourceId, e.version])).toEqual([[donatee.id, 2]])
    // Words of the name, in any case, all of them; the deleted resource is found by the name it had.
    expect((await log('q=wiesental%20NORD')).map((e) => e.version)).toEqual([2])
    expect((await log('q=tierheim')).length).toBe(4)
    // A % is a character, not a wildcard.
    expect(await log('q=%25')).toEqual([])
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString()
    expect((await log(`resource=donatee&from=${encodeURIComponent(hourAgo)}`)).length).toBe(4)
    expect(await log(`resource=donatee&to=${encodeURIComponent(hourAgo)}`)).toEqual([])
    expect(
      (await log(`resource=donatee&from=${encodeURIComponent(hourAgo)}&to=${encodeURIComponent(inAnHour)}`))
        .length,
    ).toBe(4)
    // Paging still by the entry id; the old answer's fields are all there.
    const [newest, next] = await log('resource=donatee&limit=1')
    expect(next).toBeUndefined()
    expect(newest).toMatchObject({ action: 'DonateeDeleted', actor: { kind: 'staff', name: 'Clara Chefin' } })
    expect((await log(`resource=donatee&before=${newest!.id}`)).map((e) => e.version)).toEqual([3, 2, 1])
    const one = await as('GET', `/api/logs/${newest!.id}`)
    expect(one.body.data).toEqual(newest)

    const bad = await as('GET', '/api/logs?resource=order&from=gestern')
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['from', 'resource'])
    expect((await call(s.url, 'GET', '/api/logs?resource=donatee', { headers: employee })).status).toBe(403)
  })
})
