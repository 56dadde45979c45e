import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  frameworkErrors,
  installErrorHandling,
  READY_TIMEOUT_MS,
  RETRY_AFTER_UNAVAILABLE_S,
  registerOpsRoutes,
} from './http.ts'
import { silentLogger } from './log.ts'
import { installRouteSchemas } from './route-schemas.ts'

describe("Fastify's own refusals", () => {
  it('answer a URL with a broken percent-encoding with 400 and the error body', async () => {
    const app = Fastify({ frameworkErrors })
    installErrorHandling(app, silentLogger, [])
    app.get('/*', async () => 'page')
    for (const url of ['/%E0%A4%A', '/api/orders/x%ZZ']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ errors: [{ field: '', message: 'Die Anfrage ist ungültig.' }] })
    }
    expect((await app.inject({ method: 'GET', url: '/ok' })).body).toBe('page')
  })
})

describe('a database that is away', () => {
  it('answers 503 with Retry-After and the error body, not 500', async () => {
    const app = Fastify()
    installErrorHandling(app, silentLogger, [])
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    app.get('/refused', async () => {
      throw away
    })
    app.get('/ended', async () => {
      throw new Error('Connection terminated unexpectedly')
    })
    app.get('/bug', async () => {
      throw new TypeError('x is undefined')
    })
    for (const url of ['/refused', '/ended']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_UNAVAILABLE_S))
      expect(res.json()).toEqual({
        errors: [
          {
            field: '',
            message:
              'Der Shop ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
          },
        ],
      })
    }
    // Anything else stays an internal error.
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500)
  })
})

describe('/readyz', () => {
  it('answers 503 when a check does not answer in time, instead of hanging with it', async () => {
    const app = Fastify()
    await installRouteSchemas(app)
    registerOpsRoutes(app, () => new Promise<boolean>(() => {}))
    const res = await app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: 'not ready' })
    const ok = Fastify()
    await installRouteSchemas(ok)
    registerOpsRoutes(ok, async () => true)
    expect((await ok.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })

  it('named checks: says what it waits for, each check bounded, the others still answered', async () => {
    const app = Fastify()
    await installRouteSchemas(app)
    registerOpsRoutes(app, {
      database: async () => ({ ok: true }),
      nats: async () => ({ ok: false, error: 'not connected, reconnecting' }),
      hung: () => new Promise(() => {}),
      broken: async () => {
        throw new Error('connect ECONNREFUSED')
      },
      checkpoint: async () => ({ ok: true, lagSeconds: 1.5, behind: true }),
    })
    const started = performance.now()
    const res = await app.inject({ method: 'GET', url: '/readyz' })
    expect(performance.now() - started).toBeLessThan(READY_TIMEOUT_MS + 1000)
    expect(res.statusCode).toBe(503)
    const body = res.json()
    expect(body.status).toBe('not ready')
    expect(body.waitingFor).toEqual(['nats', 'hung', 'broken'])
    expect(body.checks.database.ok).toBe(true)
    expect(body.checks.nats.error).toBe('not connected, reconnecting')
    expect(body.checks.hung.error).toBe(`no answer within ${READY_TIMEOUT_MS} ms`)
    expect(body.checks.broken.error).toBe('connect ECONNREFUSED')
    expect(body.checks.checkpoint).toMatchObject({ ok: true, lagSeconds: 1.5, behind: true })

    const ready = Fastify()
    await installRouteSchemas(ready)
    registerOpsRoutes(ready, { database: async () => ({ ok: true }) })
    const fine = await ready.inject({ method: 'GET', url: '/readyz' })
    expect(fine.statusCode).toBe(200)
    expect(fine.json()).toMatchObject({ status: 'ready', waitingFor: [] })
  })
})
