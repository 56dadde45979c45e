import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startTestStack, type TestStack } from '@shop/all-in-one/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from './resources/users.ts'
import { call, login } from './testing/staff-session.ts'

// Issue 19, items 6 and 8: the redirect rules (services/api/src/resources/redirect-rules.ts and
// the contract), redirects served before the storefront's catch-all (a chain in one hop), and
// what crawlers read: sitemap.xml, robots.txt and the head of index.html (services/api/src/seo.ts).
// The storefront's page is its source index.html (the build's has the same head, plus its
// scripts): the int tests run before `npm run build:web`.

const PUBLIC_URL = 'https://shop.example'
let s: TestStack
let admin: Record<string, string>
let storefrontRoot: string

beforeAll(async () => {
  storefrontRoot = mkdtempSync(join(tmpdir(), 'storefront-seo-'))
  copyFileSync(
    fileURLToPath(new URL('../../../web/storefront/index.html', import.meta.url)),
    join(storefrontRoot, 'index.html'),
  )
  // PUBLIC_URL (the notifier's setting is the shop's): absolute URLs use it, not the caller's.
  s = await startTestStack({ catalogue: false, notifier: { publicUrl: PUBLIC_URL }, storefrontRoot })
  await createUser(
    { db: s.db.db },
    { username: 'admin', password: 'admin-passwort-1', roles: ['ROLE_ADMIN'] },
  )
  admin = (await login(s.url, 'admin', 'admin-passwort-1')).headers
  const write = async (path: string, body: unknown) => {
    const res = await as('POST', path, body)
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.data
  }
  const config = await as('POST', '/api/config', { shopName: 'Bäckerei Muster', title: 'Frisch & gut' })
  if (config.status !== 200) throw new Error(`config: ${JSON.stringify(config.body)}`)
  await write('/api/sites', {
    isPublic: true,
    translations: {
      'de-CH': { path: '/ueber-uns', name: 'Über uns', title: 'Über uns', description: 'Wer wir sind' },
      'fr-FR': { path: '/a-propos', name: 'À propos', title: 'À propos' },
    },
  })
  await write('/api/sites', {
    isPublic: false,
    translations: { 'de-CH': { path: '/entwurf', name: 'Entwurf' } },
  })
  await write('/api/sites', {
    isPublic: true,
    translations: {
      'de-CH': {
        path: '/boese',
        name: 'Böse',
        title: '</title><script>alert(1)</script>',
        description: '"><img src=x onerror=alert(2)>',
      },
    },
  })
  await write('/api/branches', { identifier: 'dorf', name: 'Dorfladen', isPublic: true })
  await write('/api/branches', { identifier: 'geheim', name: 'Geheim', isPublic: false })
}, 120_000)
afterAll(async () => {
  await s?.close()
  if (storefrontRoot) rmSync(storefrontRoot, { recursive: true, force: true })
})

const as = (method: string, path: string, body?: unknown) =>
  call(s.url, method, path, { headers: admin, ...(body === undefined ? {} : { body }) })

const redirect = (path: string, target: string, statusCode = 301) =>
  as('POST', '/api/redirects', { path, target, statusCode })

/** Where GET path leads without following: status and Location. */
async function visit(path: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(`${s.url}${path}`, { redirect: 'manual' })
  await res.arrayBuffer()
  return { status: res.status, location: res.headers.get('location') }
}

async function page(path: string) {
  const res = await fetch(`${s.url}${path}`)
  return { res, body: await res.text() }
}

describe('redirect rules', () => {
  it('a path that decodes to a NUL is not found, never a 500 (the lookups decode once more)', async () => {
    expect((await visit('/%2500')).status).toBe(404)
    expect((await visit('/ueber-uns%2500')).status).toBe(404)
  })

  it('a valid redirect is stored and served with its status before the catch-all', async () => {
    const made = await redirect('/alt', '/ueber-uns', 302)
    expect(made.status).toBe(201)
    expect(await visit('/alt')).toEqual({ status: 302, location: '/ueber-uns' })
    expect(await visit('/alt/?utm=1')).toEqual({ status: 302, location: '/ueber-uns' })
    // A path that was a branch once (it is gone) may lead elsewhere.
    expect((await redirect('/store/alte-filiale', '/store/dorf')).status).toBe(201)
    expect(await visit('/store/alte-filiale')).toEqual({ status: 301, location: '/store/dorf' })
  })

  it('a target that is its own path after normalising is refused (400 on target)', async () => {
    for (const target of ['/schleife', '/schleife/', '/schleife?x=1']) {
      const res = await redirect('/schleife', target)
      expect(res.status).toBe(400)
      expect(res.body.errors).toEqual([
        { field: 'target', message: 'Eine Weiterleitung darf nicht auf ihren eigenen Pfad zeigen.' },
      ])
    }
  })

  it('a loop through other redirects is refused on create and update (409 on target)', async () => {
    expect((await redirect('/a', '/b')).status).toBe(201)
    const bc = await redirect('/b/', '/c?x=1')
    expect(bc.status).toBe(201)
    const ca = await redirect('/c', '/a')
    expect(ca.status).toBe(409)
    expect(ca.body.errors).toEqual([
      { field: 'target', message: 'Diese Weiterleitung ergäbe eine Schleife: /c → /a → /b → /c.' },
    ])
    // In French for a French caller.
    const fr = await call(s.url, 'POST', '/api/redirects', {
      headers: { ...admin, 'accept-language': 'fr' },
      body: { path: '/c', target: '/a' },
    })
    expect(fr.body.errors[0].message).toBe('Cette redirection créerait une boucle : /c → /a → /b → /c.')
    // An update that closes the loop: B → A.
    const back = await as('PUT', `/api/redirects/${bc.body.data.id}`, {
      path: '/b/',
      target: '/a',
      version: 1,
    })
    expect(back.status).toBe(409)
    expect(back.body.errors[0]).toMatchObject({ field: 'target' })
    // Nothing was stored: /c is free and the chain is served in one hop.
    expect(await visit('/a')).toEqual({ status: 301, location: '/c?x=1' })
  })

  it('a chain of two redirects is served in one hop (302 when one hop is temporary)', async () => {
    expect((await redirect('/p1', '/p2')).status).toBe(201)
    expect((await redirect('/p2', '/ueber-uns')).status).toBe(201)
    expect(await visit('/p1')).toEqual({ status: 301, location: '/ueber-uns' })
    expect((await redirect('/sehr-alt', '/alt')).status).toBe(201)
    expect(await visit('/sehr-alt')).toEqual({ status: 302, location: '/ueber-uns' })
  })

  it('a path of a page is refused: a site in any locale, drafts too, a branch (409 on path)', async () => {
    const cases: [string, string][] = [
      [
        '/ueber-uns/',
        'Unter diesem Pfad gibt es bereits die Seite «Über uns»; eine Weiterleitung würde sie verdecken.',
      ],
      [
        '/a-propos',
        'Unter diesem Pfad gibt es bereits die Seite «Über uns»; eine Weiterleitung würde sie verdecken.',
      ],
      [
        '/entwurf',
        'Unter diesem Pfad gibt es bereits die Seite «Entwurf»; eine Weiterleitung würde sie verdecken.',
      ],
      [
        '/store/Dorf',
        'Unter diesem Pfad gibt es bereits die Filiale «Dorfladen»; eine Weiterleitung würde ihre Seite verdecken.',
      ],
      [
        '/store/geheim/checkout',
        'Unter diesem Pfad gibt es bereits die Filiale «Geheim»; eine Weiterleitung würde ihre Seite verdecken.',
      ],
    ]
    for (const [path, message] of cases) {
      const res = await redirect(path, '/anderswo')
      expect(res.status, path).toBe(409)
      // The French site's message names the site as its first translation does.
      if (path !== '/a-propos') expect(res.body.errors, path).toEqual([{ field: 'path', message }])
      else expect(res.body.errors[0].field).toBe('path')
    }
  })

  it("fixed routes and the server's own paths are refused (400 on path)", async () => {
    const reserved: [string, string][] = [
      ['/', '/'],
      ['/api/orders', '/api'],
      ['/backend', '/backend'],
      ['/assets/index.js', '/assets'],
      ['/checkout', '/checkout'],
      ['/status/abc/def', '/status'],
      ['/site/imprint', '/site'],
      ['/sitemap.xml', '/sitemap.xml'],
      ['/robots.txt', '/robots.txt'],
    ]
    for (const [path, prefix] of reserved) {
      const res = await redirect(path, '/ueber-uns')
      expect(res.status, path).toBe(400)
      expect(res.body.errors, path).toEqual([
        {
          field: 'path',
          message: `Dieser Pfad gehört zum Shop selbst (${prefix}); eine Weiterleitung würde diese Seite verdecken.`,
        },
      ])
    }
  })

  it('a second redirect for a path is refused (400 on path); its own update is not', async () => {
    const first = await redirect('/doppelt', '/ueber-uns')
    expect(first.status).toBe(201)
    const second = await redirect('/doppelt/', '/store/dorf')
    expect(second.status).toBe(400)
    expect(second.body.errors).toEqual([
      { field: 'path', message: 'Für diesen Pfad gibt es bereits eine Weiterleitung (nach /ueber-uns).' },
    ])
    const updated = await as('PUT', `/api/redirects/${first.body.data.id}`, {
      path: '/doppelt',
      target: '/store/dorf',
      statusCode: 302,
      version: 1,
    })
    expect(updated.status).toBe(200)
    expect(await visit('/doppelt')).toEqual({ status: 302, location: '/store/dorf' })
  })
})

/** A small well-formedness check: tags nest, attributes are quoted, text has no raw < or bare &. */
function wellFormedXml(xml: string): string[] {
  const problems: string[] = []
  const stack: string[] = []
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '')
  const tokens = body.split(/(<[^>]*>)/)
  for (const token of tokens) {
    if (token.startsWith('<')) {
      const close = /^<\/([\w:.-]+)\s*>$/.exec(token)
      const open = /^<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>$/.exec(token)
      if (close) {
        if (stack.pop() !== close[1]) problems.push(`unexpected ${token}`)
      } else if (open) {
        if (open[3] !== '/') stack.push(open[1]!)
      } else problems.push(`malformed tag ${token}`)
    } else if (/<|&(?!(amp|lt|gt|quot|#39|apos);)/.test(token)) problems.push(`bad text ${token}`)
  }
  if (stack.length > 0) problems.push(`unclosed ${stack.join(', ')}`)
  return problems
}

describe('sitemap.xml and robots.txt', () => {
  it('sitemap.xml lists the home page, public branches and public sites with their alternates', async () => {
    const { res, body } = await page('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/)
    expect(wellFormedXml(body)).toEqual([])
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    )
    const locs = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/store/dorf`,
        `${PUBLIC_URL}/ueber-uns`,
        `${PUBLIC_URL}/a-propos`,
        `${PUBLIC_URL}/boese`,
      ]),
    )
    // Drafts and hidden branches are left out.
    expect(locs).not.toContain(`${PUBLIC_URL}/entwurf`)
    expect(locs).not.toContain(`${PUBLIC_URL}/store/geheim`)
    // Each language of a site names all of them.
    const aboutEntry = body.split('<url>').find((u) => u.includes(`<loc>${PUBLIC_URL}/a-propos</loc>`))
    expect(aboutEntry).toContain(
      `<xhtml:link rel="alternate" hreflang="de-CH" href="${PUBLIC_URL}/ueber-uns"/>`,
    )
    expect(aboutEntry).toContain(
      `<xhtml:link rel="alternate" hreflang="fr-FR" href="${PUBLIC_URL}/a-propos"/>`,
    )
    expect(aboutEntry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/)
  })

  it('robots.txt allows the storefront and names the sitemap by the public URL', async () => {
    const { res, body } = await page('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /backend',
      'Disallow: /api/',
      'Disallow: /status/',
    ]) {
      expect(body.split('\n')).toContain(line)
    }
    expect(body).toContain('Disallow: /store/*/checkout')
    expect(body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
  })
})

describe("the page's head for crawlers without JavaScript", () => {
  it('a content page: title, description, canonical, alternates and social tags', async () => {
    const { res, body } = await page('/ueber-uns')
    expect(res.status).toBe(200)
    const head = body.slice(0, body.indexOf('</head>'))
    expect(head.match(/<title>/g)).toHaveLength(1)
    expect(head).toContain('<title>Über uns - Bäckerei Muster</title>')
    expect(head).toContain('<meta name="description" content="Wer wir sind" />')
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/ueber-uns" />`)
    expect(head).toContain(`<link rel="alternate" hreflang="fr-FR" href="${PUBLIC_URL}/a-propos" />`)
    expect(head).toContain(`<link rel="alternate" hreflang="de-CH" href="${PUBLIC_URL}/ueber-uns" />`)
    expect(head).toContain('<meta property="og:title" content="Über uns - Bäckerei Muster" />')
    expect(head).toContain(`<meta property="og:url" content="${PUBLIC_URL}/ueber-uns" />`)
    expect(head).toContain('<meta name="twitter:card" content="summary" />')
    expect(head).not.toContain('noindex')
    // A page in one language names no alternates.
    expect((await page('/boese')).body).not.toContain('rel="alternate"')
    // The French translation is its own page, naming the German one.
    const fr = await page('/a-propos')
    expect(fr.body).toContain('<title>À propos - Bäckerei Muster</title>')
    expect(fr.body).toContain(`<link rel="alternate" hreflang="de-CH" href="${PUBLIC_URL}/ueber-uns" />`)
  })

  it('shop-entered text is escaped; the CSP is the one of every page', async () => {
    const evil = await page('/boese')
    const plain = await page('/')
    expect(evil.body).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; - Bäckerei Muster</title>',
    )
    expect(evil.body).toContain('content="&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"')
    expect(evil.body).not.toContain('<script>alert')
    expect(evil.body).not.toContain('<img src=x')
    expect(evil.res.headers.get('content-security-policy')).toBe(
      plain.res.headers.get('content-security-policy'),
    )
  })

  it('the home page, a branch menu page and a draft get theirs; a checkout keeps the plain page', async () => {
    const home = await page('/')
    expect(home.body).toContain('<title>Frisch &amp; gut - Bäckerei Muster</title>')
    expect(home.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`)
    const branch = await page('/store/dorf')
    expect(branch.body).toContain('<title>Dorfladen - Frisch &amp; gut</title>')
    expect(branch.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/store/dorf" />`)
    const draft = await page('/entwurf')
    expect(draft.body).toContain('<meta name="robots" content="noindex" />')
    const checkout = await page('/store/dorf/checkout')
    expect(checkout.res.status).toBe(200)
    expect(checkout.body).not.toContain('rel="canonical"')
    expect(checkout.body).toContain('<title>Shop</title>')
  })
})
