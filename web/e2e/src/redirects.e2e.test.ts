import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * Redirects (issue 19 item 6; docs/backoffice.md "Weiterleitungen"): staff add a redirect in the
 * back-office screen at tablet size, a loop the server refuses shows its message at the field,
 * and a visitor's old address lands on the new page. axe on the list and the editor.
 */
let stage: Stage
let admin: Record<string, string>

const TABLET = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

async function login(): Promise<Page> {
  const page = await stage.newPage({ viewport: TABLET })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
  return page
}

/** The error message a field points to (its last aria-describedby id). */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const field = page.getByRole('textbox', { name: label, exact: true })
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
  const describedBy = (await field.getAttribute('aria-describedby')) ?? ''
  return page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()
}

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
})

afterAll(async () => {
  await stage?.close()
})

describe('redirects in the back-office', { timeout: 120_000 }, () => {
  it('staff add a redirect; a loop is refused at its field; the old address leads to the page', async () => {
    // An earlier move: /alt-a → /alt-b (through the API, as the sites editor would).
    await apiCall(stage.url, 'POST', '/api/redirects', { path: '/alt-a', target: '/alt-b' }, admin)

    const page = await login()
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Weiterleitungen' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Weiterleitungen' }).waitFor()
    await page.getByRole('link', { name: '/alt-a' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])

    // A new redirect: /wir → the about page, permanent.
    await page.getByRole('link', { name: 'Neue Weiterleitung' }).click()
    await page.getByRole('heading', { level: 1, name: 'Neue Weiterleitung' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Alte Adresse (Pfad)').fill('/wir')
    await page.getByRole('textbox', { name: 'Ziel', exact: true }).fill('/ueber-uns')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await page.getByRole('heading', { level: 1, name: '/wir' }).waitFor({ timeout: 20_000 })
    const stored = await apiCall<{ path: string; target: string; statusCode: number }[]>(
      stage.url,
      'GET',
      '/api/redirects',
      undefined,
      admin,
    )
    expect(stored.data).toContainEqual(
      expect.objectContaining({ path: '/wir', target: '/ueber-uns', statusCode: 301 }),
    )

    // /alt-b → /alt-a would close a loop: the server's message at the target field, nothing stored.
    await page.goto('/backend/redirects/new')
    await page.getByRole('heading', { level: 1, name: 'Neue Weiterleitung' }).waitFor()
    await page.getByLabel('Alte Adresse (Pfad)').fill('/alt-b')
    await page.getByRole('textbox', { name: 'Ziel', exact: true }).fill('/alt-a')
    await page.getByRole('combobox', { name: 'Art' }).selectOption('302')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    expect(await fieldError(page, 'Ziel')).toBe(
      'Diese Weiterleitung ergäbe eine Schleife: /alt-b → /alt-a → /alt-b.',
    )
    expect(await seriousViolations(page)).toEqual([])
    // A path of the shop itself: the contract says so before anything is sent.
    await page.getByLabel('Alte Adresse (Pfad)').fill('/checkout')
    await page.getByRole('textbox', { name: 'Ziel', exact: true }).fill('/ueber-uns')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    expect(await fieldError(page, 'Alte Adresse (Pfad)')).toBe(
      'Dieser Pfad gehört zum Shop selbst (/checkout); eine Weiterleitung würde diese Seite verdecken.',
    )
    const after = await apiCall<{ path: string }[]>(stage.url, 'GET', '/api/redirects', undefined, admin)
    expect(after.data.map((r) => r.path).sort()).toEqual(['/alt-a', '/wir'])

    // The list finds it by its target.
    await page.goto('/backend/redirects')
    await page.getByLabel('Suchen').fill('ueber')
    await expect
      .poll(() => page.getByRole('link', { name: /^\/(wir|alt-a)$/ }).allTextContents())
      .toEqual(['/wir'])

    // A visitor's old address lands on the new page.
    const visitor = await stage.newPage({ viewport: PHONE })
    const response = await visitor.goto('/wir')
    expect(new URL(visitor.url()).pathname).toBe('/ueber-uns')
    expect(response?.status()).toBe(200)
    await visitor.getByRole('heading', { level: 1, name: 'Über uns' }).waitFor()
  })
})
