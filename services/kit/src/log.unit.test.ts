import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { HttpError, installErrorHandling, msg, registerOpsRoutes } from './http.ts'
import { createLogger, logSerializers, redactUrl } from './log.ts'
import { installRouteSchemas } from './route-schemas.ts'

// Issue 14 item 9: api keys, status-link hashes and tokens in URLs were written to the request
// log, a database error logged the failing row, and /metrics was public on the shop's port.

describe('redactUrl', () => {
  it.each([
    ['/api/orders/public/u-1/0123abcd/questionnaire', '/api/orders/public/u-1/***/questionnaire'],
    ['/api/orders/public/u-1/0123abcd', '/api/orders/public/u-1/***'],
    ['/status/u-1/0123abcd?session_id=cs_test_1', '/status/u-1/***?session_id=***'],
    ['/api/orders/frontdesk/b1/k-secret', '/api/orders/frontdesk/b1/***'],
    ['/api/orders/backoffice/b1/k-secret?x=1', '/api/orders/backoffice/b1/***?x=1'],
    ['/backend/frontdesk/b1/k-secret', '/backend/frontdesk/b1/***'],
    ['/upload/feedbeef/u1-1.png', '/upload/***/u1-1.png'],
    ['/upload/feedbeef/preview/u1-1.jpg', '/upload/***/preview/u1-1.jpg'],
    ['/api/time-tracking/tok/lena/me', '/api/time-tracking/***/lena/me'],
    ['/payments/test/ts_123/pay', '/payments/test/***/pay'],
    ['/api/branches?key=abc&city=Bern&token=t', '/api/branches?key=***&city=Bern&token=***'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })

  it('leaves URLs without secrets alone', () => {
    for (const url of ['/api/orders/1234', '/store/zuerich', '/api/statistics/orders?from=a&to=b', '/']) {
      expect(redactUrl(url)).toBe(url)
    }
  })
})

describe('the request log', () => {
  it('carries method and redacted URL, never headers such as the api key or cookies', async () => {
    const lines: string[] = []
    const log = createLogger('test', 'info', { write: (line) => lines.push(line) })
    const app = Fastify({ loggerInstance: log })
    app.get('/api/orders/frontdesk/:branch/:key', async () => ({ data: [] }))
    await app.inject({
      url: '/api/orders/frontdesk/b1/k-very-secret',
      headers: { 'x-api-key': 'k-header-secret', cookie: 'shop_session=s-cookie-secret' },
    })
    const text = lines.join('')
    expect(text).toContain('/api/orders/frontdesk/b1/***')
    for (const secret of ['k-very-secret', 'k-header-secret', 's-cookie-secret'])
      expect(text).not.toContain(secret)
  })

  it("logs a database error's cause, not the failing row or the SQL around it", () => {
    const err = Object.assign(new Error('null value in column "x" violates not-null constraint'), {
      code: '23502',
      detail: 'Failing row contains (Anna, anna@example.com, +41791234567).',
      where: 'SQL statement "INSERT INTO …"',
    })
    const out = logSerializers.err(err)
    expect(out).toMatchObject({ code: '23502', message: err.message })
    expect(JSON.stringify(out)).not.toContain('anna@example.com')
    expect(JSON.stringify(out)).not.toContain('INSERT')
    const long = logSerializers.err(new Error(`bad ${'x'.repeat(5000)}`))
    expect(JSON.stringify(long).length).toBeLessThan(4000)
  })
})

describe('/metrics', () => {
  async function app(metricsToken?: string) {
    const instance = Fastify({ trustProxy: true })
    // As every service: the routes' zod schemas first.
    await installRouteSchemas(instance)
    installErrorHandling(instance, createLogger('test', 'silent'), [])
    registerOpsRoutes(instance, async () => true, { metricsToken })
    return instance
  }

  it('without a token: only a caller on this machine reads it, whatever X-Forwarded-For says', async () => {
    const a = await app()
    expect((await a.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200)
    expect((await a.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200)
    const outside = await a.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(outside.statusCode).toBe(404)
    expect(outside.body).not.toContain('process_cpu')
  })

  it('with a token: only a caller that sends it, from anywhere', async () => {
    const a = await app('m-token-1')
    expect((await a.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(401)
    const wrong = await a.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } })
    expect(wrong.statusCode).toBe(401)
    const right = await a.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer m-token-1' },
    })
    expect(right.statusCode).toBe(200)
  })

  it('/healthz stays open', async () => {
    const a = await app('m-token-1')
    expect((await a.inject({ url: '/healthz', remoteAddress: '203.0.113.7' })).statusCode).toBe(200)
  })
})

describe('error answers', () => {
  it('are JSON even when the route had made its reply an HTML page (that answered 500)', async () => {
    const app = Fastify()
    installErrorHandling(app, createLogger('test', 'silent'), [])
    app.get('/page-gone', async (_req, reply) => {
      reply.type('text/html; charset=utf-8')
      return reply.callNotFound()
    })
    app.get('/page-refused', async (_req, reply) => {
      reply.type('text/html; charset=utf-8')
      throw new HttpError(403, msg('accessDenied'))
    })
    const gone = await app.inject({ url: '/page-gone' })
    expect(gone.statusCode).toBe(404)
    expect(gone.headers['content-type']).toMatch(/^application\/json/)
    expect(gone.json()).toEqual({
      errors: [{ field: '', message: 'Die angeforderte Ressource wurde nicht gefunden.' }],
    })
    const refused = await app.inject({ url: '/page-refused' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errors[0].field).toBe('')
  })

  it('a failure logs the URL redacted', async () => {
    const lines: string[] = []
    const log = createLogger('test', 'error', { write: (line) => lines.push(line) })
    const app = Fastify()
    installErrorHandling(app, log, [])
    app.get('/api/orders/public/:uid/:hash', async () => {
      throw new Error('boom')
    })
    expect((await app.inject({ url: '/api/orders/public/u1/secret-hash-1' })).statusCode).toBe(500)
    expect(lines.join('')).toContain('/api/orders/public/u1/***')
    expect(lines.join('')).not.toContain('secret-hash-1')
  })
})
