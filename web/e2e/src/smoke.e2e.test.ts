import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, type Stage, startStage } from './support.ts'

let stage: Stage

beforeAll(async () => {
  stage = await startStage()
})

afterAll(async () => {
  await stage?.close()
})

describe('the storefront is served by the API process', () => {
  it('answers the app for a client route, the API keeps its JSON 404, assets are immutable', async () => {
    const page = await stage.newPage()
    const res = await page.goto('/store/zuerich-altstadt')
    expect(res?.status()).toBe(200)
    expect(res?.headers()['content-type']).toContain('text/html')
    await expect.poll(() => page.title()).not.toBe('')
    const api = await fetch(`${stage.url}/api/nope`)
    expect(api.status).toBe(404)
    expect(((await api.json()) as { errors: unknown[] }).errors).toHaveLength(1)
    const html = await (await fetch(`${stage.url}/`)).text()
    const asset = /\/assets\/[\w-]+\.js/.exec(html)?.[0]
    expect(asset).toBeDefined()
    const assetRes = await fetch(`${stage.url}${asset}`)
    expect(assetRes.status).toBe(200)
    expect(assetRes.headers.get('cache-control')).toContain('immutable')
    const plain = await assetRes.text()
    // Sent as the build's brotli or gzip copy when the browser accepts it, else plain.
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(`${stage.url}${asset}`, { headers: { 'accept-encoding': accept } })
      expect(res.headers.get('content-encoding')).toBe(encoding)
      expect(await res.text()).toBe(plain)
    }
  })

  it('shows the shop name from the configuration in the header', async () => {
    const page = await stage.newPage()
    await page.goto('/')
    await expect.poll(() => page.locator('.shell-brand').textContent()).toBe('Huber Beck & Metzg')
  })

  it("answers the shop's redirects itself, before the app", async () => {
    const headers = await adminHeaders(stage.url)
    const created = await fetch(`${stage.url}/api/redirects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ path: '/alte-filiale', target: '/store/winterthur', statusCode: 302 }),
    })
    expect(created.status).toBe(201)
    const res = await fetch(`${stage.url}/alte-filiale`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/store/winterthur')
    // A trailing slash is the same path; an unknown path gets the app (the 404 page is the client's).
    expect((await fetch(`${stage.url}/alte-filiale/`, { redirect: 'manual' })).status).toBe(302)
    // A broken percent-encoding is refused before any route with the error body, never a 500.
    const broken = await fetch(`${stage.url}/%E0%A4%A`, { redirect: 'manual' })
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { errors: unknown[] }).errors).toHaveLength(1)
    const unknown = await fetch(`${stage.url}/gibt-es-nicht`, { redirect: 'manual' })
    expect(unknown.status).toBe(200)
    expect(unknown.headers.get('content-type')).toContain('text/html')
  })
})
