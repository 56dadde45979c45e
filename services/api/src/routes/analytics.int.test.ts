import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../testing/staff-session.ts'

let s: TestStack
beforeAll(async () => {
  s = await startTestStack()
})
afterAll(async () => {
  await s?.close()
})

const count = async () =>
  (
    await sql<{
      n: string
    }>`SELECT count(*)::text AS n FROM es_events WHERE stream_type = 'analytics'`.execute(s.db.db)
  ).rows[0]!.n

describe('POST /api/analytics-log', () => {
  it('records an entry only with the consent cookie; bad bodies are refused', async () => {
    const body = { type: 'event', action: 'enable-dark-mode', category: 'ui', data: { path: '/' } }
    const without = await call(s.url, 'POST', '/api/analytics-log', { body })
    expect(without.status).toBe(403)
    const refused = await call(s.url, 'POST', '/api/analytics-log', {
      body,
      headers: { cookie: 'asp-cookie-consent=refused' },
    })
    expect(refused.status).toBe(403)
    expect(await count()).toBe('0')
    const consent = { cookie: 'asp-cookie-consent=given' }
    expect((await call(s.url, 'POST', '/api/analytics-log', { body, headers: consent })).status).toBe(204)
    expect(await count()).toBe('1')
    const bad = await call(s.url, 'POST', '/api/analytics-log', {
      body: { type: 'spy', action: '' },
      headers: consent,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['action', 'type'])
    expect(await count()).toBe('1')
  })
})
