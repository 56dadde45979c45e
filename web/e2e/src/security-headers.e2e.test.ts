import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, startStage, watchCsp } from './support.ts'

// Issue 14 item 8: every HTML page (storefront, status, back-office, board) carries a strict
// Content-Security-Policy, frame-ancestors, nosniff and a referrer policy. That the apps work
// under the policy is checked by every e2e file: support.ts fails a file whose pages the policy
// refused anything on. Here: the headers themselves, and that the policy is really enforced.

let stage: Stage

beforeAll(async () => {
  stage = await startStage()
})
afterAll(async () => {
  await stage?.close()
})

const HTML_PAGES = [
  '/',
  '/store/zuerich-altstadt',
  '/store/zuerich-altstadt/checkout',
  '/status/00000000-0000-0000-0000-000000000000/0123456789abcdef0123456789abcdef',
  '/site/imprint',
  '/backend',
  '/backend/login',
  '/backend/frontdesk/some-branch/some-key',
]

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

describe('security headers', () => {
  it.each(HTML_PAGES)('%s has a strict policy and the other headers', async (path) => {
    const res = await fetch(`${stage.url}${path}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const csp = directives(res.headers.get('content-security-policy') ?? '')
    // Scripts: the shop's own files and the page's one inline script by its hash, nothing else.
    const scripts = csp.get('script-src') ?? []
    expect(scripts[0]).toBe("'self'")
    expect(scripts.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s))).toBe(true)
    expect(scripts.slice(1).length).toBeGreaterThanOrEqual(1)
    for (const [name, values] of csp) {
      expect(values, name).not.toContain("'unsafe-inline'")
      expect(values, name).not.toContain("'unsafe-eval'")
      expect(values, name).not.toContain('*')
    }
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('referrer-policy')).toBe('same-origin')
  })

  it('API answers carry nosniff and the referrer policy too', async () => {
    const res = await fetch(`${stage.url}/api/branches`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('same-origin')
  })

  it('the browser enforces it: an injected inline script does not run', async () => {
    const page = await stage.newPage()
    const refused: string[] = []
    watchCsp(page, refused)
    await page.goto('/')
    await page.waitForSelector('#root > *')
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      await new Promise((r) => setTimeout(r, 50))
      return (window as unknown as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => refused.length).toBeGreaterThan(0)
    // This refusal was on purpose: it must not fail the file in close().
    stage.cspViolations.length = 0
  })
})
