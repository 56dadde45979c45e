import { randomUUID } from 'node:crypto'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get, orderBody, post, runLifecycleScenario } from './testing/lifecycle.scenario.ts'

let s: TestStack
const staff = () => ({ 'x-api-key': s.branch.apiKey })

beforeAll(async () => {
  // Dozens of orders from one address with one contact, most left unconfirmed: the order limits
  // are lifted here (limits/rate-limits.int.test.ts proves them).
  s = await startTestStack({
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
})
afterAll(async () => {
  await s?.close()
})

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM es_events`.execute(s.db.db)
  return Number.parseInt(rows[0]!.n, 10)
}

async function raw(
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  })
  return { status: res.status, body: (await res.json()) as { errors?: { field: string; message: string }[] } }
}

describe('order lifecycle over HTTP and WebSocket (PostgreSQL + NATS)', () => {
  it('a socket sees confirm → in delivery → completed on its order, and nothing of another', async () => {
    await runLifecycleScenario({
      apiUrl: s.url,
      gatewayUrl: s.url,
      branchId: s.branch.id,
      apiKey: s.branch.apiKey,
    })
  })

  it('the same command sent twice with one Idempotency-Key makes one order with the same answer', async () => {
    const key = randomUUID()
    const before = await eventCount()
    const [a, b] = await Promise.all([
      post(`${s.url}/api/orders`, orderBody(s.branch.id), { 'idempotency-key': key }),
      post(`${s.url}/api/orders`, orderBody(s.branch.id), { 'idempotency-key': key }),
    ])
    const c = await post(`${s.url}/api/orders`, orderBody(s.branch.id), { 'idempotency-key': key })
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201])
    expect(b.body).toEqual(a.body)
    expect(c.body).toEqual(a.body)
    expect(await eventCount()).toBe(before + 1)
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM es_events WHERE event_type = 'OrderCreated' AND data->>'uid' = ${a.body.data.uid}`.execute(
      s.db.db,
    )
    expect(rows[0]!.n).toBe('1')
    // Same key, different request: refused, nothing stored.
    const reused = await post(`${s.url}/api/orders`, orderBody(s.branch.id, { firstName: 'Eve' }), {
      'idempotency-key': key,
    })
    expect(reused.status).toBe(422)
    expect(reused.body.errors[0].field).toBe('Idempotency-Key')
    expect(await eventCount()).toBe(before + 1)
  })

  it('two staff acting on the same version: one wins, the other gets 409 and nothing is stored', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const before = await eventCount()
    const [x, y] = await Promise.all([
      post(`${s.url}/api/orders/${order.id}/status/confirm`, { version: 1 }, staff()),
      post(
        `${s.url}/api/orders/${order.id}/status/reject`,
        { version: 1, message: 'Heute ausverkauft' },
        staff(),
      ),
    ])
    expect([x.status, y.status].sort()).toEqual([200, 409])
    const loser = x.status === 409 ? x : y
    expect(loser.body.errors[0]).toMatchObject({ field: 'version' })
    expect(loser.body.errors[0].message).toMatch(/Version 2/)
    expect(await eventCount()).toBe(before + 1)
  })

  it('an illegal transition answers 409 with the reason and appends nothing', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const before = await eventCount()
    const res = await post(`${s.url}/api/orders/${order.id}/status/confirm`, {}, staff())
    expect(res.status).toBe(200)
    const early = await post(`${s.url}/api/orders/${order.id}/status/reject`, { message: 'zu spät' }, staff())
    expect(early.status).toBe(409)
    const again = await post(`${s.url}/api/orders/${order.id}/status/confirm`, {}, staff())
    expect(again.status).toBe(409)
    expect(again.body.errors[0].message).toMatch(/Bestätigen/)
    const deliver = await post(`${s.url}/api/orders/${order.id}/status/delivered`, {}, staff())
    expect(deliver.status).toBe(409)
    expect(await eventCount()).toBe(before + 1)
  })

  it('counter-appointment: the shop proposes, the customer accepts, the order is confirmed', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const when = '2026-12-24T10:30:00+01:00'
    const proposed = await post(
      `${s.url}/api/orders/${order.id}/counter-appointment`,
      { appointmentDate: when },
      staff(),
    )
    expect(proposed.status).toBe(200)
    expect(proposed.body.data.counterAppointment).toBe('2026-12-24T09:30:00.000Z')
    const base = `${s.url}/api/orders/public/${order.uid}/${order.hash}`
    const accepted = await post(`${base}/confirm-counter-appointment`, {})
    expect(accepted.status).toBe(200)
    expect(accepted.body.data).toMatchObject({ status: 'confirmed', isConfirmed: true })
    const twice = await post(`${base}/reject-counter-appointment`, {})
    expect(twice.status).toBe(409)
    const q = await post(`${base}/questionnaire`, {
      rating: 5,
      foodRating: 4,
      serviceRating: 5,
      processRating: 3,
    })
    expect(q.status).toBe(200)
    expect(q.body.data.questionnaireRating).toBe(5)
    const q2 = await post(`${base}/questionnaire`, {
      rating: 1,
      foodRating: 1,
      serviceRating: 1,
      processRating: 1,
    })
    expect(q2.status).toBe(409)
  })

  it('rejecting a counter-appointment cancels the order', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    await post(
      `${s.url}/api/orders/${order.id}/counter-appointment`,
      { appointmentDate: '2026-12-24T11:00:00Z' },
      staff(),
    )
    const res = await post(
      `${s.url}/api/orders/public/${order.uid}/${order.hash}/reject-counter-appointment`,
      {},
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'canceled', isCanceled: true })
  })

  it('the frontdesk list shows the branch orders with versions; a wrong key is refused', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    let list: { status: number; body: Record<string, any> } = { status: 0, body: {} }
    for (let i = 0; i < 200; i++) {
      list = await get(`${s.url}/api/orders/frontdesk/${s.branch.id}/${s.branch.apiKey}`)
      if (list.body.data?.some((o: { id: string }) => o.id === order.id)) break
      await new Promise((r) => setTimeout(r, 25))
    }
    expect(list.status).toBe(200)
    expect(list.body.data.find((o: { id: string }) => o.id === order.id)).toMatchObject({
      version: 1,
      customerName: 'Anna Muster',
      status: 'awaitingConfirmation',
    })
    const wrong = await get(`${s.url}/api/orders/frontdesk/${s.branch.id}/nope`)
    expect(wrong.status).toBe(403)
    const unknown = await get(`${s.url}/api/orders/frontdesk/nobranch/${s.branch.apiKey}`)
    expect(unknown.status).toBe(403)
    expect(unknown.body).toEqual(wrong.body)
  })

  it('the public view is there right after creation, before any projection (read-your-writes)', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const res = await get(`${s.url}/api/orders/public/${order.uid}/${order.hash}`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ uid: order.uid, version: 1 })
  })
})

describe('bad input gets a clear error and changes nothing', () => {
  it('unknown order and wrong hash answer the same 404', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const wrongHash = await get(`${s.url}/api/orders/public/${order.uid}/${'0'.repeat(32)}`)
    const unknown = await get(`${s.url}/api/orders/public/${randomUUID()}/${order.hash}`)
    expect(wrongHash.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect(wrongHash.body).toEqual(unknown.body)
    const cmd = await post(`${s.url}/api/orders/public/${order.uid}/nope/questionnaire`, {
      rating: 5,
      foodRating: 5,
      serviceRating: 5,
      processRating: 5,
    })
    expect(cmd.status).toBe(404)
  })

  it.each([
    ['malformed JSON', '{"branch": "b1", ', 400, ''],
    ['a JSON string', '"hello"', 400, ''],
    ['an empty object', '{}', 400, 'branch'],
    [
      'wrong types',
      JSON.stringify({ ...orderBody('b1'), isDelivery: 'yes', items: 'many' }),
      400,
      'isDelivery',
    ],
    [
      'a negative amount',
      JSON.stringify(
        orderBody('b1', { items: [{ product: 'x', name: 'X', amount: -1, unit: 'piece', price: 1 }] }),
      ),
      400,
      'items.0.amount',
    ],
    ['an unknown field', JSON.stringify({ ...orderBody('b1'), price: 0 }), 400, 'price'],
    ['an unknown branch', JSON.stringify(orderBody('nope')), 400, 'branch'],
    ['a deeply nested object', `${'['.repeat(5000)}${']'.repeat(5000)}`, 400, ''],
  ])('create with %s is refused, nothing appended', async (_name, body, status, field) => {
    const before = await eventCount()
    const res = await raw('POST', '/api/orders', body)
    expect(res.status).toBe(status)
    expect(res.body.errors?.length).toBeGreaterThan(0)
    if (field) expect(res.body.errors?.map((e) => e.field)).toContain(field)
    for (const e of res.body.errors ?? []) expect(e.message.length).toBeGreaterThan(0)
    expect(await eventCount()).toBe(before)
  })

  it('staff commands: no key 401, wrong key 403, other branch 403, unknown order 404, bad body 400', async () => {
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const before = await eventCount()
    const path = `/api/orders/${order.id}/status/confirm`
    expect((await raw('POST', path, '{}')).status).toBe(401)
    expect((await raw('POST', path, '{}', { 'x-api-key': 'wrong' })).status).toBe(403)
    expect((await raw('POST', path, '{}', { 'x-api-key': 'k-other-branch-key' })).status).toBe(403)
    expect((await raw('POST', `/api/orders/${randomUUID()}/status/confirm`, '{}', staff())).status).toBe(404)
    expect((await raw('POST', '/api/orders/not-a-uuid/status/confirm', '{}', staff())).status).toBe(404)
    expect((await raw('POST', `/api/orders/${order.id}/status/explode`, '{}', staff())).status).toBe(404)
    const badVersion = await raw('POST', path, '{"version": "one"}', staff())
    expect(badVersion.status).toBe(400)
    expect(badVersion.body.errors?.[0]?.field).toBe('version')
    const reject = await raw('POST', `/api/orders/${order.id}/status/reject`, '{"message": "  "}', staff())
    expect(reject.status).toBe(400)
    expect(reject.body.errors?.[0]?.field).toBe('message')
    const stale = await raw('POST', path, '{"version": 7}', staff())
    expect(stale.status).toBe(409)
    const badKey = await raw('POST', path, '{}', { ...staff(), 'idempotency-key': 'ä'.repeat(3) })
    expect(badKey.status).toBe(400)
    expect(await eventCount()).toBe(before)
  })

  it('an unknown route answers 404 in the error envelope', async () => {
    const res = await raw('GET', '/api/nothing-here', undefined)
    expect(res.status).toBe(404)
    expect(res.body.errors?.[0]?.message).toBeTruthy()
  })
})

describe('messages in the caller language', () => {
  it('validation errors follow Accept-Language (German by default, French, English)', async () => {
    const body = JSON.stringify({ ...orderBody('b1'), firstName: '' })
    const de = await raw('POST', '/api/orders', body)
    const fr = await raw('POST', '/api/orders', body, { 'accept-language': 'fr-CH,fr;q=0.9,de;q=0.5' })
    const en = await raw('POST', '/api/orders', body, { 'accept-language': 'en-GB' })
    const it = await raw('POST', '/api/orders', body, { 'accept-language': 'it-CH' })
    const message = (r: typeof de) => r.body.errors?.find((e) => e.field === 'firstName')?.message
    expect(message(de)).toBe('Dieser Wert sollte nicht leer sein.')
    expect(message(it)).toBe(message(de))
    expect(message(fr)).toMatch(/^Cette valeur/)
    expect(message(en)).toMatch(/^This value/)
  })

  it('other refusals too: not found, stale version, unknown route', async () => {
    const notFound = await raw('GET', `/api/orders/public/${randomUUID()}/x`, undefined, {
      'accept-language': 'fr',
    })
    expect(notFound.body.errors?.[0]?.message).toBe('Commande introuvable.')
    const order = (await post(`${s.url}/api/orders`, orderBody(s.branch.id))).body.data
    const stale = await raw('POST', `/api/orders/${order.id}/status/confirm`, '{"version": 3}', {
      ...staff(),
      'accept-language': 'en',
    })
    expect(stale.body.errors?.[0]).toEqual({
      field: 'version',
      message: 'The order has changed meanwhile (version 1 instead of 3). Please reload it.',
    })
    const illegal = await raw('POST', `/api/orders/${order.id}/status/delivered`, '{}', {
      ...staff(),
      'accept-language': 'fr',
    })
    expect(illegal.status).toBe(409)
    expect(illegal.body.errors?.[0]?.message).not.toMatch(/Bestellung|Status/)
    expect(illegal.body.errors?.[0]?.message).toMatch(/commande/i)
    const de = await raw('GET', `/api/orders/public/${randomUUID()}/x`, undefined)
    expect(de.body.errors?.[0]?.message).toBe('Bestellung nicht gefunden.')
  })
})

describe('back-office order list', () => {
  it('pages through every order of the branch, newest first; a wrong key is refused', async () => {
    for (let i = 0; i < 3; i++)
      await post(`${s.url}/api/orders`, orderBody(s.branch.id, { firstName: `Seite${i}` }))
    const base = `/api/orders/backoffice/${s.branch.id}/${s.branch.apiKey}`
    let all: { createdAt: string }[] = []
    for (let i = 0; i < 200; i++) {
      all = (await get(`${s.url}${base}?limit=200`)).body.data
      if (all.filter((o: any) => String(o.customerName).startsWith('Seite')).length === 3) break
      await new Promise((r) => setTimeout(r, 25))
    }
    const created = all.map((o) => o.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    const first = (await get(`${s.url}${base}?limit=2`)).body.data
    expect(first).toHaveLength(2)
    const next = (await get(`${s.url}${base}?limit=2&before=${encodeURIComponent(first[1].createdAt)}`)).body
      .data
    expect(next[0].id).not.toBe(first[0].id)
    expect(next[0].createdAt <= first[1].createdAt).toBe(true)
    expect((await get(`${s.url}${base}?before=gestern`)).status).toBe(400)
    expect((await get(`${s.url}/api/orders/backoffice/${s.branch.id}/falsch`)).status).toBe(403)
  })
})
