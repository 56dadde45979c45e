import { describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from './api.ts'

type Seen = { url: string; init: RequestInit }

function fakeFetch(answer: () => Response, seen: Seen[]): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.push({ url, init })
    return answer()
  }) as typeof fetch
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('createApiClient (the envelope of spec §7 and §8)', () => {
  it('answers the data, sends the locale, the body and the per-method headers', async () => {
    const seen: Seen[] = []
    const client = createApiClient({
      locale: () => 'fr-FR',
      headers: (method): Record<string, string> => (method === 'GET' ? {} : { 'X-XSRF-TOKEN': 't' }),
      fetchImpl: fakeFetch(() => json(200, { data: { ok: 1 } }), seen),
    })
    expect(await client.request('GET', '/users/me')).toEqual({ ok: 1 })
    expect(await client.request('POST', '/logout', { a: 1 })).toEqual({ ok: 1 })
    expect(seen[0]?.url).toBe('/api/users/me')
    const get = seen[0]?.init.headers as Record<string, string>
    expect(get['Accept-Language']).toBe('fr-FR')
    expect(get['X-XSRF-TOKEN']).toBeUndefined()
    const post = seen[1]?.init.headers as Record<string, string>
    expect(post['X-XSRF-TOKEN']).toBe('t')
    expect(post['Content-Type']).toBe('application/json')
    expect(seen[1]?.init.body).toBe('{"a":1}')
  })

  it('turns a refusal into an ApiError with the field errors, told to onError first', async () => {
    const told: ApiError[] = []
    const client = createApiClient({
      locale: () => 'de-CH',
      onError: (e) => told.push(e),
      fetchImpl: fakeFetch(
        () => json(401, { errors: [{ field: '', message: 'Bitte melden Sie sich an.' }] }),
        [],
      ),
    })
    const error = await client.request('GET', '/orders').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect((error as ApiError).message).toBe('Bitte melden Sie sich an.')
    expect(told.map((e) => e.status)).toEqual([401])
  })

  it('is status 0 when offline and no errors when the body is not the envelope', async () => {
    const offline = createApiClient({
      locale: () => 'de-CH',
      fetchImpl: (async () => {
        throw new TypeError('Failed to fetch')
      }) as typeof fetch,
    })
    expect(((await offline.request('GET', '/x').catch((e: unknown) => e)) as ApiError).status).toBe(0)
    const html = createApiClient({
      locale: () => 'de-CH',
      fetchImpl: fakeFetch(() => new Response('<html>', { status: 502 }), []),
    })
    const error = (await html.request('GET', '/x').catch((e: unknown) => e)) as ApiError
    expect([error.status, error.errors, error.message]).toEqual([502, [], 'HTTP 502'])
  })
})
