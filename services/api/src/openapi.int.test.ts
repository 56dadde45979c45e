import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { servedRoutes } from '@shop/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from './testing/staff-session.ts'

// The route-versus-document test of issue 16: /api/docs is made from the registered routes, and
// this fails when a served route is missing from it (registered before the document collects
// routes, or hidden), or when an operation does not declare what it answers.

let s: TestStack
let doc: {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}
type Operation = {
  summary?: string
  parameters?: { in: string; name: string }[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>
}

beforeAll(async () => {
  s = await startTestStack({ catalogue: false })
  const res = await call(s.url, 'GET', '/api/docs')
  expect(res.status).toBe(200)
  doc = res.body
})
afterAll(async () => {
  await s?.close()
})

/** Fastify's `/api/orders/:id` as OpenAPI's `/api/orders/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

/**
 * May a route stay out of the document? Only the web apps' pages and files (the storefront's,
 * the back-office's, the test provider's payment page) and the document's own browser view:
 * everything under /api, the files, the socket and the operations routes must be in it.
 */
const isWebPage = (url: string) =>
  url.startsWith('/api/docs/ui') || !/^\/(api|image|upload|ws|healthz|readyz|metrics)(\/|$)/.test(url)

describe('/api/docs', () => {
  it('lists every route the shop serves, with its method', () => {
    const routes = servedRoutes(s.app).filter((r) => r.method !== 'HEAD')
    // The document is complete only if the routes were collected at all.
    expect(routes.length).toBeGreaterThan(150)
    const missing = routes
      .filter((r) => !r.hidden && !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`)
    expect(missing).toEqual([])
    const hiddenApiRoutes = routes
      .filter((r) => r.hidden && !isWebPage(r.url))
      .map((r) => `${r.method} ${r.url}`)
    expect(hiddenApiRoutes).toEqual([])
    // And nothing in the document that is not served.
    const served = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`))
    const extra = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => !served.has(`${m} ${path}`))
        .map((m) => `${m} ${path}`),
    )
    expect(extra).toEqual([])
  })

  it('names the routes the issue found missing: the statistics, the order lists, the files', () => {
    for (const path of [
      '/api/statistics/orders',
      '/api/statistics/revenue',
      '/api/statistics/unique-visitors',
      '/api/orders/current',
      '/api/orders/missed',
      '/api/branches/{id}/availability',
      '/api/uploads',
      '/image/{scope}/{file}',
      '/ws',
      '/healthz',
    ]) {
      expect(doc.paths[path], path).toBeTruthy()
    }
  })

  it('declares every operation: a summary, its params, its body and its answers with schemas', () => {
    const problems: string[] = []
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`
        if (!op.summary) problems.push(`${name}: no summary`)
        for (const param of path.match(/\{\w+\}/g) ?? []) {
          const p = param.slice(1, -1)
          if (!op.parameters?.some((x) => x.in === 'path' && x.name === p))
            problems.push(`${name}: no param ${p}`)
        }
        const answers = Object.entries(op.responses ?? {})
        // The status route's catch-all only refuses (an action the table does not have).
        const refusesOnly = name === 'POST /api/orders/{id}/status/{action}'
        if (!refusesOnly && !answers.some(([code]) => code.startsWith('2') || code === '101'))
          problems.push(`${name}: no success`)
        // An answer without content was declared empty (z.undefined(): 204, 304, 101, …); one with
        // content names its schema for each media type.
        for (const [code, answer] of answers) {
          const schemas = Object.values(answer.content ?? {}).map((c) => c.schema)
          if (schemas.some((x) => x === undefined)) problems.push(`${name} ${code}: no schema`)
          if (code.startsWith('2') && code !== '204' && schemas.length === 0)
            problems.push(`${name} ${code}: no body`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('gives the request and answer contracts as components with their fields', () => {
    const schemas = doc.components.schemas as Record<string, { properties?: Record<string, unknown> }>
    expect(schemas.CreateOrder?.properties?.items).toBeTruthy()
    expect(schemas.CreateBranch?.properties?.timeZone).toBeTruthy()
    const placeOrder = doc.paths['/api/orders']!.post!
    expect(JSON.stringify(placeOrder.requestBody)).toContain('#/components/schemas/CreateOrder')
    expect(placeOrder.responses['201']).toBeTruthy()
    expect(placeOrder.responses['400']).toBeTruthy()
    // One operation per status action of the order-action table, each with its own body.
    const reject = JSON.stringify(doc.paths['/api/orders/{id}/status/reject']!.post!.requestBody)
    expect(reject).toContain('#/components/schemas/RejectOrder')
    expect((schemas.RejectOrder as { required?: string[] }).required).toEqual(['message'])
    const confirm = JSON.stringify(doc.paths['/api/orders/{id}/status/confirm']!.post!.requestBody)
    expect(confirm).toContain('#/components/schemas/OrderStatusCommand')
  })

  it('is shown in a browser at /api/docs/ui with a policy that allows only its own scripts', async () => {
    const page = await fetch(`${s.url}/api/docs/ui/`, { redirect: 'follow' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('swagger')
    const script = await fetch(`${s.url}/api/docs/ui/static/swagger-initializer.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-security-policy')).toContain("script-src 'self'")
  })
})

describe('the document browser view', () => {
  it("sets its policy on its own pages only, not on the API's answers (its hook stays in its scope)", async () => {
    const res = await fetch(`${s.url}/api/payments`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toBeNull()
  })
})
