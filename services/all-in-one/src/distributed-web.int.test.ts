import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  createTestDatabase,
  type ServiceProcess,
  serviceEnv,
  spawnService,
  type TestDatabase,
} from '@shop/kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Issue 15, item 4: `docker compose up` served no shop. The distributed API (services/api/src/
// main.ts, as compose runs it) serves the storefront at /, the back-office at /backend and the
// status page of every customer e-mail, the way the all-in-one process does. It starts without
// SHOP_BRANCHES (item 6): branches are resources in the database.

const repo = fileURLToPath(new URL('../../..', import.meta.url))
const dist = (app: 'storefront' | 'backoffice') => join(repo, 'web', app, 'dist')

let t: TestDatabase
let api: ServiceProcess

beforeAll(async () => {
  // The same build `npm test:e2e` and `npm start` run first (scripts/build-web.ts): nothing to do
  // when the builds are newer than their sources.
  await promisify(execFile)(process.execPath, [join(repo, 'scripts', 'build-web.ts')], {
    cwd: repo,
    maxBuffer: 16 * 1024 * 1024,
  })
  t = await createTestDatabase({ max: 2 })
  const { SHOP_BRANCHES: _none, ...env } = serviceEnv(t.url, [])
  api = await spawnService('api', 'services/api/src/main.ts', env)
}, 240_000)

afterAll(async () => {
  await api?.kill('SIGTERM')
  await t?.drop()
})

const indexOf = (app: 'storefront' | 'backoffice') => readFileSync(join(dist(app), 'index.html'), 'utf8')

/** The first script an app's index.html loads (a content-hashed file under assets/). */
const firstScript = (html: string) => /<script[^>]+src="([^"]*\/assets\/[^"]+\.js)"/.exec(html)?.[1]

async function page(path: string) {
  const res = await fetch(`${api.url}${path}`)
  return { res, body: await res.text() }
}

describe('the distributed API serves the web apps', () => {
  it('/ is the storefront, with its page policy', async () => {
    const { res, body } = await page('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    // The built page with the home page's head for crawlers (services/api/src/seo.ts).
    expect(firstScript(body)).toBe(firstScript(indexOf('storefront')))
    expect(body).toMatch(/<link rel="canonical" href="https?:\/\/[^"/]+\/" \/>/)
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('/status/{uid}/{hash}, the link of every customer e-mail, is the storefront', async () => {
    const { res, body } = await page(
      '/status/00000000-0000-0000-0000-000000000000/0123456789abcdef0123456789abcdef',
    )
    expect(res.status).toBe(200)
    expect(body).toBe(indexOf('storefront'))
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('/backend and its client routes are the back-office', async () => {
    for (const path of ['/backend', '/backend/', '/backend/login', '/backend/frontdesk/b1/some-key']) {
      const { res, body } = await page(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(body, path).toBe(indexOf('backoffice'))
      expect(res.headers.get('content-security-policy'), path).toMatch(/script-src 'self' 'sha256-/)
    }
    expect(indexOf('backoffice')).not.toBe(indexOf('storefront'))
  })

  it('hashed assets are cached for a year, and the API keeps its JSON answers', async () => {
    const storefrontScript = firstScript(indexOf('storefront'))
    const backofficeScript = firstScript(indexOf('backoffice'))
    expect(storefrontScript).toMatch(/^\/assets\//)
    expect(backofficeScript).toMatch(/^\/backend\/assets\//)
    for (const path of [storefrontScript!, backofficeScript!]) {
      const res = await fetch(`${api.url}${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toMatch(/javascript/)
      expect(res.headers.get('cache-control'), path).toMatch(/max-age=31536000.*immutable/)
      await res.arrayBuffer()
    }
    const branches = await fetch(`${api.url}/api/branches`)
    expect(branches.status).toBe(200)
    expect(branches.headers.get('content-type')).toMatch(/^application\/json/)
    await branches.arrayBuffer()
    const unknown = await fetch(`${api.url}/api/no-such-route`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/)
    await unknown.arrayBuffer()
  })
})
