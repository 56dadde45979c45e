import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * Running the shop from the browser, the accounts and settings part (issue 17 item 5 and 8;
 * docs/backoffice.md): an admin creates an employee who logs in and sees only their branch;
 * switching the account off ends their session; the shop's settings; tags, divisions and
 * donatees; a stale save opens the conflict dialog and re-applies one's change on the other's;
 * the storefront toolbar's "Seiten" and "Navigationen" land on real lists; employees are kept
 * out of the admin screens; axe on every screen.
 */
let stage: Stage
let admin: Record<string, string>
let adminPage: Page
let winterthur: { id: string; name: string }

const DESKTOP = { width: 1280, height: 900 }

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = admin,
) {
  return (await apiCall<T>(stage.url, method, path, body, headers)).data
}

async function login(user: string, password: string, viewport = DESKTOP): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill(user)
  await page.getByLabel('Passwort').fill(password)
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
  return page
}

/** The editor's heading, once the resource is loaded. */
async function editorReady(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 })
}

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
  const branches = await call<{ id: string; name: string; identifier: string }[]>('GET', '/api/branches')
  const found = branches.find((b) => b.identifier === 'winterthur')
  if (!found) throw new Error('the demo has no Winterthur branch')
  winterthur = found
  adminPage = await login('admin', 'demo-admin-2026')
})

afterAll(async () => {
  await stage?.close()
})

describe('staff accounts', { timeout: 120_000 }, () => {
  it('creates an employee for one branch who logs in and sees only that branch', async () => {
    const page = adminPage
    await page.goto('/backend/users')
    await page.getByRole('link', { name: 'Neuer Benutzer' }).click()
    await editorReady(page, 'Neuer Benutzer')
    expect(await seriousViolations(page)).toEqual([])
    // A password that is too short: the contract's message at the field, nothing stored.
    await page.getByLabel('Benutzername').fill('lena')
    await page.getByLabel('Anzeigename').fill('Lena Graf')
    await page.getByLabel('Passwort').fill('kurz')
    await page.getByLabel(winterthur.name).check()
    await page.getByRole('button', { name: 'Anlegen' }).click()
    const password = page.getByLabel('Passwort')
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true')
    const describedBy = (await password.getAttribute('aria-describedby')) ?? ''
    const message = await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()
    expect(message).toMatch(/10/)
    expect((await call<{ username: string }[]>('GET', '/api/users')).map((u) => u.username)).not.toContain(
      'lena',
    )

    await password.fill('lena-passwort-2026')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await editorReady(page, 'Lena Graf')
    const lena = (
      await call<{ id: string; username: string; roles: string[]; branches: { id: string }[] }[]>(
        'GET',
        '/api/users',
      )
    ).find((u) => u.username === 'lena')
    expect(lena?.roles).toEqual(['ROLE_EMPLOYEE'])
    expect(lena?.branches).toEqual([{ id: winterthur.id }])

    // Lena logs in: her branch's board only, no admin screens.
    const lenaPage = await login('lena', 'lena-passwort-2026')
    const nav = lenaPage.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect
      .poll(() => nav.getByRole('link', { name: /^Frontdesk/ }).allTextContents())
      .toEqual([`Frontdesk ${winterthur.name}`])
    expect(await nav.getByRole('link', { name: 'Produkte' }).count()).toBe(0)
    expect(await nav.getByRole('link', { name: 'Benutzer' }).count()).toBe(0)
    await lenaPage.goto('/backend/products')
    await lenaPage.getByRole('heading', { name: 'Kein Zugriff' }).waitFor()

    // The admin switches her account off: her next request is refused and she lands on the login.
    await page.getByLabel('Konto aktiv').uncheck()
    await page.getByRole('button', { name: 'Speichern' }).click()
    await page.getByText('Gespeichert.').waitFor()
    await lenaPage.goto('/backend/orders')
    await lenaPage.waitForURL((url) => url.pathname === '/backend/login')
    const refused = await fetch(`${stage.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lena', password: 'lena-passwort-2026' }),
    })
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'Das Benutzerkonto ist deaktiviert.',
    )
  })

  it('refuses a username already in use at its field (the server says so), storing nothing', async () => {
    const page = adminPage
    const before = (await call<unknown[]>('GET', '/api/users')).length
    await page.goto('/backend/users/new')
    await editorReady(page, 'Neuer Benutzer')
    await page.getByLabel('Benutzername').fill('admin')
    await page.getByLabel('Passwort').fill('noch-ein-admin-2026')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    const username = page.getByLabel('Benutzername')
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('.ui-field__error').allTextContents()).toContain(
      'Dieser Wert wird bereits verwendet.',
    )
    expect((await call<unknown[]>('GET', '/api/users')).length).toBe(before)
  })

  it('lists the users with their roles and branches, searchable', async () => {
    const page = adminPage
    await page.goto('/backend/users')
    const table = page.getByRole('table', { name: 'Benutzer' })
    await table.getByRole('link', { name: 'admin' }).waitFor()
    expect(await table.textContent()).toContain('Administrator')
    await page.getByLabel('Suchen').fill('lena')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    expect(await table.textContent()).toContain(winterthur.name)
    expect(await table.textContent()).toContain('Deaktiviert')
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('shop settings', { timeout: 120_000 }, () => {
  it('saves the shop name, refuses a bad currency at its field and stores nothing then', async () => {
    const page = adminPage
    await page.goto('/backend/settings')
    await editorReady(page, 'Einstellungen')
    expect(await seriousViolations(page)).toEqual([])
    const before = await call<{ version: number; shopName: string }>('GET', '/api/config')
    await page.getByLabel('Währung').fill('Franken')
    await page.getByRole('button', { name: 'Speichern' }).click()
    await expect.poll(() => page.getByLabel('Währung').getAttribute('aria-invalid')).toBe('true')
    expect((await call<{ version: number }>('GET', '/api/config')).version).toBe(before.version)

    await page.getByLabel('Währung').fill('CHF')
    await page.getByLabel('Shopname').fill('Bäckerei Sonnenschein')
    await page.getByRole('button', { name: 'Speichern' }).click()
    await page.getByText('Gespeichert.').waitFor()
    const after = await call<{ version: number; shopName: string; currency: string }>('GET', '/api/config')
    expect(after.shopName).toBe('Bäckerei Sonnenschein')
    expect(after.currency).toBe('CHF')
    expect(after.version).toBe(before.version + 1)
    // The storefront shows it.
    const shop = await stage.newPage()
    await shop.goto('/')
    await expect.poll(() => shop.title()).toContain('Bäckerei Sonnenschein')
  })
})

describe('tags, divisions and donatees', { timeout: 120_000 }, () => {
  it('creates a tag and a donatee; an identifier that is no slug is refused at its field', async () => {
    const page = adminPage
    await page.goto('/backend/tags/new')
    await editorReady(page, 'Neuer Tag')
    await page.getByLabel(/^Name/).fill('Hundefreundlich')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await editorReady(page, 'Hundefreundlich')
    await page.getByRole('link', { name: 'Zurück zur Liste' }).click()
    await page.getByRole('table', { name: 'Tags' }).getByRole('link', { name: 'Hundefreundlich' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // Another admin's new tag shows in the open list without a reload (the 'catalogue' topic).
    await call('POST', '/api/tags', { name: 'Terrasse' })
    await page.getByRole('table', { name: 'Tags' }).getByRole('link', { name: 'Terrasse' }).waitFor()

    await page.goto('/backend/donatees/new')
    await editorReady(page, 'Neuer Spendenempfänger')
    await page.getByLabel(/^Name/).fill('Tischlein deck dich')
    await page.getByLabel('Kennung').fill('tischlein')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await editorReady(page, 'Tischlein deck dich')
    // An identifier that is no slug: the contract's message at the field, nothing stored.
    await page.goto('/backend/donatees/new')
    await editorReady(page, 'Neuer Spendenempfänger')
    await page.getByLabel(/^Name/).fill('Noch einmal')
    await page.getByLabel('Kennung').fill('Tisch lein!')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await expect.poll(() => page.getByLabel('Kennung').getAttribute('aria-invalid')).toBe('true')
    const donatees = await call<{ name: string }[]>('GET', '/api/donatees')
    expect(donatees.map((d) => d.name)).toContain('Tischlein deck dich')
    expect(donatees.map((d) => d.name)).not.toContain('Noch einmal')
  })

  it('answers a stale save with the conflict dialog and applies the change again on the other one', async () => {
    const created = await call<{ id: string; version: number }>('POST', '/api/divisions', {
      name: 'Nordost',
      description: 'Filialen im Nordosten',
      branches: [],
    })
    const first = adminPage
    const second = await login('admin', 'demo-admin-2026')
    for (const page of [first, second]) {
      await page.goto(`/backend/divisions/${created.id}`)
      await editorReady(page, 'Nordost')
    }
    // The first saves a new description; the second, still on the old version, renames.
    await first.getByLabel('Beschreibung').fill('Winterthur und Umgebung')
    await first.getByRole('button', { name: 'Speichern' }).click()
    await first.getByText('Gespeichert.').waitFor()
    await second.getByLabel(/^Name/).fill('Ostschweiz')
    await second.getByRole('button', { name: 'Speichern' }).click()
    const dialog = second.getByRole('dialog', { name: 'Inzwischen von jemand anderem geändert' })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Winterthur und Umgebung')
    expect(await dialog.textContent()).toContain('Ostschweiz')
    expect(await seriousViolations(second)).toEqual([])
    await dialog.getByRole('button', { name: 'Meine Änderungen erneut anwenden' }).click()
    await editorReady(second, 'Ostschweiz')
    const stored = await call<{ name: string; description: string; version: number }>(
      'GET',
      `/api/divisions/${created.id}`,
    )
    expect(stored).toMatchObject({ name: 'Ostschweiz', description: 'Winterthur und Umgebung', version: 3 })
  })
})

describe('content lists and access', { timeout: 120_000 }, () => {
  it("leads the toolbar's Seiten and Navigationen to real lists", async () => {
    const page = adminPage
    await page.goto('/backend#/sites')
    await page.waitForURL((url) => url.pathname === '/backend/sites')
    const sites = page.getByRole('table', { name: 'Seiten' })
    await expect.poll(() => sites.locator('tbody tr').count()).toBeGreaterThan(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/backend#/navigations')
    await page.waitForURL((url) => url.pathname === '/backend/navigations')
    await page.getByRole('table', { name: 'Navigationen' }).getByText('main').waitFor()
  })

  it('shows every admin screen in the navigation, and no screen answers "Seite nicht gefunden"', async () => {
    const page = adminPage
    await page.goto('/backend/orders')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await nav.getByRole('link', { name: 'Produkte' }).waitFor()
    const hrefs = await nav
      .locator('a[href^="/backend/"]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))
    for (const path of ['/backend/products', '/backend/branches', '/backend/users', '/backend/settings'])
      expect(hrefs).toContain(path)
    for (const path of hrefs) {
      await page.goto(path)
      await page.locator('main h1').first().waitFor({ timeout: 20_000 })
      expect(await page.locator('main h1').first().textContent(), path).not.toBe('Seite nicht gefunden')
    }
  })
})
