import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from './resources/users.ts'
import { testOrderBody } from './testing/catalogue.ts'
import { call, login } from './testing/staff-session.ts'
import { openSocket } from './testing/ws-client.ts'

// Issue 14 item 3: NUL and other control characters in a path, a query or a JSON string answered
// 500 (PostgreSQL refuses them) and wrote a long error log line; bidi overrides spoofed names on
// the board and on cakes; deeply nested JSON overflowed the stack. One filter before validation
// answers 400 with the field, and nothing is written.

let s: TestStack
let admin: Record<string, string>

beforeAll(async () => {
  s = await startTestStack()
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
})
afterAll(async () => {
  await s?.close()
})

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM es_events`.execute(s.db.db)
  return Number(rows[0]!.n)
}

const FORBIDDEN_MESSAGE = 'Dieser Wert enthält unzulässige Steuerzeichen.'

describe('control characters in the URL', () => {
  it.each([
    ['GET', '/api/tags/a%00b'],
    ['GET', '/x%00y'],
    ['GET', '/site/a%0Db%0Ac%00'],
    ['GET', '/api/orders/public/abc%00/def'],
    ['GET', '/api/branches?search=%00'],
    ['GET', '/api/statistics/orders?from=2026-01-01%00&to=2026-01-02'],
    ['GET', '/upload/abc%1B/file-1.png'],
    ['GET', '/api/branches/x%E2%80%AEy'],
    ['GET', '/api/branches?q=%C2%85'],
    ['POST', '/api/orders?x=%00'],
  ])('%s %s answers 400, not 500', async (method, path) => {
    const res = await call(s.url, method, path, method === 'POST' ? { body: testOrderBody('b1') } : {})
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toBe(FORBIDDEN_MESSAGE)
  })

  it('a broken escape that hides a NUL is found too; plain percent signs stay allowed', async () => {
    expect((await call(s.url, 'GET', '/api/branches?q=%00%FF')).status).toBe(400)
    expect((await call(s.url, 'GET', '/api/branches?q=100%25')).status).toBe(200)
  })
})

describe('control characters in JSON bodies', () => {
  it('a NUL in the login name answers 400 on the field', async () => {
    const res = await call(s.url, 'POST', '/api/login', { body: { username: 'ad\u0000min', password: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'username', message: FORBIDDEN_MESSAGE }])
  })

  it.each([
    ['comment', { comment: 'Bitte klingeln\u0000' }],
    ['firstName', { firstName: 'Anna\u202Eanna' }],
    ['lastName', { lastName: '\u2067Muster' }],
    ['comment', { comment: 'Escape \u001B[31m' }],
    ['comment', { comment: 'halb \uD83D' }],
    ['comment', { comment: 'C1 \u0085' }],
  ])('an order with a forbidden character in %s is refused and stores nothing', async (field, extra) => {
    const before = await eventCount()
    const res = await call(s.url, 'POST', '/api/orders', { body: testOrderBody('b1', extra) })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field, message: FORBIDDEN_MESSAGE }])
    expect(await eventCount()).toBe(before)
  })

  it('an inscription part with a bidi override is refused at its path', async () => {
    const body = testOrderBody('b1')
    const items = body.items.map((item, i) =>
      i === 1 ? { ...item, parts: [{ text: 'Alles Gute \u202Emiaj' }] } : item,
    )
    const res = await call(s.url, 'POST', '/api/orders', { body: { ...body, items } })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'items.1.parts.0.text', message: FORBIDDEN_MESSAGE }])
  })

  it('a forbidden character in a key is refused too', async () => {
    const res = await call(s.url, 'POST', '/api/orders', { body: { ...testOrderBody('b1'), 'x\u0000': 1 } })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].field).toBe('x\u0000')
  })

  it('tabs, line breaks, emoji with joiners and umlauts are text like any other', async () => {
    const comment = 'Bitte\tklingeln\r\nZweite Zeile 👩‍👩‍👧 Grüße, façade'
    const res = await call(s.url, 'POST', '/api/orders', { body: testOrderBody('b1', { comment }) })
    expect(res.status).toBe(201)
    const { rows } = await sql<{ comment: string }>`
      SELECT data->>'comment' AS comment FROM es_events
       WHERE event_type = 'OrderCreated' AND data->>'uid' = ${res.body.data.uid}`.execute(s.db.db)
    expect(rows[0]!.comment).toBe(comment)
  })
})

describe('deeply nested JSON', () => {
  it('site content nested deeper than the limit answers 400, not a stack overflow', async () => {
    const before = await eventCount()
    const res = await fetch(`${s.url}/api/sites`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      // Built by hand: JSON.stringify itself overflows at this depth.
      body: `{"translations":{"de-CH":{"path":"/tief","name":"Tief","content":${'{"c":['.repeat(100_000)}"x"${']}'.repeat(100_000)}}}}`,
    })
    expect(res.status).toBe(400)
    const out = (await res.json()) as { errors: { message: string }[] }
    expect(out.errors[0]!.message).toBe('Die Daten sind zu tief verschachtelt.')
    expect(await eventCount()).toBe(before)
  })

  it('content of a realistic depth is taken', async () => {
    const res = await call(s.url, 'POST', '/api/sites', {
      headers: admin,
      body: {
        translations: {
          'de-CH': {
            path: '/ueber-uns',
            name: 'Über uns',
            // A standard page: a section of columns, each item with its formatted text.
            content: {
              sections: [
                {
                  type: 'columns_section',
                  appearance: '2',
                  direction: 'horizontal',
                  content: [{ type: 'text', text: '<p>Hallo</p>' }],
                },
              ],
            },
          },
        },
      },
    })
    expect(res.status).toBe(201)
  })
})

describe('the WebSocket', () => {
  it('a NUL in a subscription is refused like on HTTP (it reached PostgreSQL and the message failed)', async () => {
    const ws = await openSocket(`${s.url.replace(/^http/, 'ws')}/ws`)
    ws.send({ type: 'subscribe', topic: 'order', uid: 'a\u0000b', hash: 'x' })
    const refused = await ws.next((m) => m.type === 'error')
    expect(refused).toMatchObject({
      code: 'bad_request',
      message: 'Die Nachricht enthält unzulässige Steuerzeichen.',
    })
    ws.send({ type: 'subscribe', topic: 'board', branchId: 'b1\u202E' })
    await ws.next((m) => m.type === 'error' && m !== refused)
    await ws.close()
  })
})
