import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { frameworkErrors, installErrorHandling } from './http.ts'
import { silentLogger } from './log.ts'

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
