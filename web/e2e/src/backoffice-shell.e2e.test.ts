import { sql } from 'kysely'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * The back-office shell (docs/backoffice.md): served under /backend by the API process, login
 * and logout, any 401 back to the login, the navigation by role, and the storefront's admin
 * toolbar (spec §1, §6, §8).
 */
let stage: Stage

const TABLET = { width: 1180, height: 820 }

beforeAll(async () => {
  // One login after another from one address: the request budget for logins is lifted (the
  // throttling of failures stays, a test below shows its message).
  stage = await startStage({ limits: { login: { requestsPerAddress: { max: 1000 } } } })
})

afterAll(async () => {
  await stage?.close()
})

async function login(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Benutzername').fill(username)
  await page.getByLabel('Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
}

async function openLogin(viewport = TABLET): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto('/backend/login')
  await page.getByRole('heading', { name: 'Anmelden' }).waitFor()
  return page
}

const pathOf = (page: Page) => new URL(page.url()).pathname

describe('the back-office is served under /backend', () => {
  it('answers its app for every client route, assets immutable and compressed, the storefront leaves it alone', async () => {
    for (const path of [
      '/backend',
      '/backend/',
      '/backend/login',
      '/backend/orders/history',
      '/backend/board/x',
    ]) {
      const res = await fetch(`${stage.url}${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toContain('text/html')
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
      const html = await res.text()
      expect(html, path).toContain('/backend/assets/')
    }
    const html = await (await fetch(`${stage.url}/backend/login`)).text()
    const asset = /\/backend\/assets\/[\w-]+\.js/.exec(html)?.[0]
    expect(asset).toBeDefined()
    const plain = await (
      await fetch(`${stage.url}${asset}`, { headers: { 'accept-encoding': 'identity' } })
    ).text()
    const br = await fetch(`${stage.url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(br.status).toBe(200)
    expect(br.headers.get('cache-control')).toContain('immutable')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(await br.text()).toBe(plain)
    // A missing file keeps the JSON 404, like the API's.
    const missing = await fetch(`${stage.url}/backend/assets/nope-123.js`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { errors: unknown[] }).errors).toHaveLength(1)
    // The storefront is still the storefront, and no longer answers /backend.
    const storefront = await (await fetch(`${stage.url}/`)).text()
    expect(storefront).not.toContain('/backend/assets/')
    const sw = await (await fetch(`${stage.url}/sw.js`)).text()
    expect(sw).toContain("'/backend'")
  })
})

describe('login and logout', () => {
  it('shows the server message for a wrong password and stays on the login page', async () => {
    const page = await openLogin()
    await login(page, 'admin', 'wrong-password')
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Ungültige Anmeldedaten.')
    expect(pathOf(page)).toBe('/backend/login')
    // The password is emptied and focused for the next try.
    expect(await page.getByLabel('Passwort').inputValue()).toBe('')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('password')
  })

  it('shows the server messages for a disabled account and for too many attempts (with the minutes)', async () => {
    const headers = await adminHeaders(stage.url)
    await apiCall(
      stage.url,
      'POST',
      '/api/users',
      { username: 'stille', displayName: 'Stille', password: 'geheim-geheim-1', roles: ['ROLE_EMPLOYEE'] },
      headers,
    )
    await sql`UPDATE rm_resources SET data = data || '{"isEnabled": false}'::jsonb
      WHERE type = 'user' AND data->>'username' = 'stille'`.execute(stage.db.db)
    const page = await openLogin()
    await login(page, 'stille', 'geheim-geheim-1')
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('Das Benutzerkonto ist deaktiviert.')
    expect(pathOf(page)).toBe('/backend/login')

    for (let i = 0; i < 5; i++) {
      await fetch(`${stage.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'niemand', password: 'falsch' }),
      })
    }
    await login(page, 'niemand', 'falsch')
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuchen Sie es in \d+ Minuten? erneut\.$/)
    expect(pathOf(page)).toBe('/backend/login')
  })

  it('asks for both fields before calling the server', async () => {
    const page = await openLogin()
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('Bitte geben Sie Benutzername und Passwort ein.')
  })

  it('lands an admin on the current orders with the admin navigation (every branch board)', async () => {
    const page = await openLogin()
    await login(page, 'admin', 'demo-admin-2026')
    await expect.poll(() => pathOf(page)).toBe('/backend/orders')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await nav.waitFor()
    for (const name of ['Aktuell', 'Verpasst', 'Verlauf']) {
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(1)
    }
    const boards = nav.getByRole('link', { name: /^Frontdesk / })
    await expect.poll(() => boards.count()).toBe(3)
    const names = await boards.allTextContents()
    expect(names.join(' | ')).toContain('Huber Zürich Altstadt')
    expect(names.join(' | ')).toContain('Huber Winterthur Marktgasse')
    expect(names.join(' | ')).toContain('Huber Lausanne Bourg')
    expect(await page.getByText('Demo Admin').count()).toBe(1)
    // The current page is marked (not by colour alone: aria-current and weight).
    expect(await nav.getByRole('link', { name: 'Aktuell', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    )
    await nav.getByRole('link', { name: 'Verlauf', exact: true }).click()
    await expect.poll(() => pathOf(page)).toBe('/backend/orders/history')
  })

  it('shows an employee only the board of their own branch', async () => {
    const page = await openLogin()
    await login(page, 'mitarbeiter', 'demo-mitarbeiter-2026')
    await expect.poll(() => pathOf(page)).toBe('/backend/orders')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    const boards = nav.getByRole('link', { name: /^Frontdesk / })
    await expect.poll(() => boards.count()).toBe(1)
    expect(await boards.textContent()).toBe('Frontdesk Huber Zürich Altstadt')
    const branch = await stage.db.db
      .selectFrom('rm_resources')
      .select('id')
      .where('type', '=', 'branch')
      .where(sql<string>`data->>'identifier'`, '=', 'zuerich-altstadt')
      .executeTakeFirstOrThrow()
    expect(await boards.getAttribute('href')).toBe(`/backend/board/${branch.id}`)
    expect(await page.getByText('Demo Mitarbeiterin').count()).toBe(1)
  })

  it('logs out (the session is gone) and shows the login page with a notice', async () => {
    const page = await openLogin()
    await login(page, 'admin', 'demo-admin-2026')
    await expect.poll(() => pathOf(page)).toBe('/backend/orders')
    await page.getByRole('link', { name: 'Abmelden' }).click()
    await expect.poll(() => pathOf(page)).toBe('/backend/login')
    await page.getByText('Sie wurden abgemeldet.').waitFor()
    const me = await page.request.get('/api/users/me')
    expect(me.status()).toBe(401)
    // The staff pages now send to the login.
    await page.goto('/backend/orders/history')
    await expect.poll(() => pathOf(page)).toBe('/backend/login')
  })

  it('sends the browser to the login on a 401 (session deleted) and back to the page after the login', async () => {
    const page = await openLogin()
    await login(page, 'admin', 'demo-admin-2026')
    await expect.poll(() => pathOf(page)).toBe('/backend/orders')
    await page.getByRole('link', { name: 'Verpasst', exact: true }).click()
    await expect.poll(() => pathOf(page)).toBe('/backend/orders/missed')
    await sql`DELETE FROM auth_sessions`.execute(stage.db.db)
    await page.reload()
    await expect.poll(() => pathOf(page)).toBe('/backend/login')
    expect(new URL(page.url()).searchParams.get('next')).toBe('/backend/orders/missed')
    await page.getByText('Ihre Sitzung ist abgelaufen, oder Cookies sind deaktiviert.').waitFor()
    await login(page, 'admin', 'demo-admin-2026')
    await expect.poll(() => pathOf(page)).toBe('/backend/orders/missed')
  })

  it('switches the language and the theme', async () => {
    const page = await openLogin()
    await page.getByLabel('Sprache').selectOption('fr-FR')
    await page.getByRole('heading', { name: 'Connexion' }).waitFor()
    await page.getByLabel('Langue').selectOption('en')
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('demo-admin-2026')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => pathOf(page)).toBe('/backend/orders')
    await page.getByRole('button', { name: 'Dark theme' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  })
})

describe('accessibility', () => {
  it('has no serious axe violation on the login page and works by keyboard alone', async () => {
    const page = await openLogin()
    expect(await seriousViolations(page)).toEqual([])
    // The username field has the focus; Tab to the password; Enter submits.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('username')
    await page.keyboard.type('admin')
    await page.keyboard.press('Tab')
    await page.keyboard.type('demo-admin-2026')
    await page.keyboard.press('Enter')
    await expect.poll(() => pathOf(page)).toBe('/backend/orders')
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('the storefront toolbar for admins (spec §1)', () => {
  async function setToolbar(on: boolean): Promise<void> {
    const headers = await adminHeaders(stage.url)
    const current = (await (await fetch(`${stage.url}/api/config`, { headers })).json()) as {
      data: Record<string, unknown>
    }
    const { id: _id, ...config } = current.data
    const saved = await fetch(`${stage.url}/api/config`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...config, enablePluginToolbar: on }),
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
  }

  it('shows the toolbar to a logged-in admin with the plugin on, not to anonymous visitors', async () => {
    await setToolbar(true)
    // Anonymous: no toolbar, and its code is not even loaded.
    const anonymous = await stage.newPage({ viewport: TABLET })
    const scripts: string[] = []
    anonymous.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    await anonymous.goto('/')
    await anonymous.getByRole('contentinfo').waitFor()
    expect(await anonymous.getByRole('region', { name: 'Admin-Werkzeugleiste' }).count()).toBe(0)
    expect(scripts.filter((s) => s.includes('admin-toolbar'))).toEqual([])

    // An admin (logged in through the back-office): name, links, switch, logout, version.
    const page = await openLogin()
    await login(page, 'admin', 'demo-admin-2026')
    await expect.poll(() => pathOf(page)).toBe('/backend/orders')
    await page.goto('/')
    const bar = page.getByRole('region', { name: 'Admin-Werkzeugleiste' })
    await bar.waitFor()
    expect(await bar.getByText('Demo Admin').count()).toBe(1)
    const hrefs = Object.fromEntries(
      await Promise.all(
        ['Seiten', 'Statistik', 'Navigationen', 'Zum Backend'].map(
          async (name) => [name, await bar.getByRole('link', { name }).getAttribute('href')] as const,
        ),
      ),
    )
    expect(hrefs).toEqual({
      Seiten: '/backend#/sites',
      Statistik: '/backend#/dashboard',
      Navigationen: '/backend#/navigations',
      'Zum Backend': '/backend',
    })
    expect(await bar.getByText('1.7.2-dev').count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    // Logout from the toolbar: the session is gone and the bar with it.
    await bar.getByRole('button', { name: 'Abmelden' }).click()
    await expect.poll(() => page.getByRole('region', { name: 'Admin-Werkzeugleiste' }).count()).toBe(0)
    expect((await page.request.get('/api/users/me')).status()).toBe(401)

    // An employee never sees it; nor an admin with the plugin off.
    const employee = await openLogin()
    await login(employee, 'mitarbeiter', 'demo-mitarbeiter-2026')
    await expect.poll(() => pathOf(employee)).toBe('/backend/orders')
    await employee.goto('/')
    await employee.getByRole('contentinfo').waitFor()
    expect(await employee.getByRole('region', { name: 'Admin-Werkzeugleiste' }).count()).toBe(0)

    await setToolbar(false)
    const admin = await openLogin()
    await login(admin, 'admin', 'demo-admin-2026')
    await expect.poll(() => pathOf(admin)).toBe('/backend/orders')
    await admin.goto('/')
    await admin.getByRole('contentinfo').waitFor()
    expect(await admin.getByRole('region', { name: 'Admin-Werkzeugleiste' }).count()).toBe(0)
  })
})
