import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { installErrorHandling } from './http.ts'
import { createLogger } from './log.ts'
import { installRouteSchemas, servedRoutes } from './route-schemas.ts'

const log = createLogger('test', 'silent')

async function appWith(checkResponses: boolean, answer: unknown) {
  const app = Fastify()
  await installRouteSchemas(app, { checkResponses })
  installErrorHandling(app, log, [])
  // As the API does: the caller's language from Accept-Language.
  app.decorateRequest('locale', 'de-CH')
  app.addHook('onRequest', async (req) => {
    ;(req as { locale?: string }).locale = req.headers['accept-language'] === 'en' ? 'en' : 'de-CH'
  })
  app.post(
    '/things',
    {
      schema: {
        summary: 'A thing',
        body: z.strictObject({ name: z.string().min(1), count: z.int().min(1).default(1) }),
        response: { 200: z.strictObject({ data: z.strictObject({ name: z.string(), count: z.int() }) }) },
      },
    },
    async (req) => (answer === undefined ? { data: req.body } : answer),
  )
  app.get('/page', { schema: { hide: true } }, async () => 'page')
  await app.ready()
  return app
}

describe('schema-first routes', () => {
  it('checks a body before the handler and answers the spec error body, per field, in the caller language', async () => {
    const app = await appWith(true, undefined)
    const missing = await app.inject({ method: 'POST', url: '/things' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({
      errors: [{ field: 'name', message: 'Dieser Wert sollte nicht leer sein.' }],
    })
    const english = await app.inject({ method: 'POST', url: '/things', headers: { 'accept-language': 'en' } })
    expect(english.json().errors[0].message).not.toBe('Dieser Wert sollte nicht leer sein.')
    expect(english.json().errors[0].field).toBe('name')
    const extra = await app.inject({ method: 'POST', url: '/things', payload: { name: 'a', colour: 'red' } })
    expect(extra.json().errors).toEqual([{ field: 'colour', message: expect.any(String) }])
    // The parsed body reaches the handler: its defaults applied.
    const ok = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Brot' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ data: { name: 'Brot', count: 1 } })
  })

  it('with checkResponses, an answer that does not match its schema fails with 500; without, it is sent as it is', async () => {
    const wrong = { data: { name: 'Brot', count: 1, secret: 'x' } }
    const checked = await appWith(true, wrong)
    const refused = await checked.inject({ method: 'POST', url: '/things', payload: { name: 'Brot' } })
    expect(refused.statusCode).toBe(500)
    expect(refused.json().errors).toHaveLength(1)
    const unchecked = await appWith(false, wrong)
    const sent = await unchecked.inject({ method: 'POST', url: '/things', payload: { name: 'Brot' } })
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toEqual(wrong)
  })

  it('collects every route for the document, hidden ones marked', async () => {
    const app = await appWith(false, undefined)
    const routes = servedRoutes(app).map((r) => `${r.method} ${r.url}${r.hidden ? ' hidden' : ''}`)
    expect(routes).toEqual(expect.arrayContaining(['POST /things', 'GET /page hidden']))
    const doc = app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> }
    expect(doc.paths['/things']?.post?.requestBody).toBeTruthy()
    expect(doc.paths['/page']).toBeUndefined()
  })
})
