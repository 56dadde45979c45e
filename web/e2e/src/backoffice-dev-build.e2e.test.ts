import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, startStage } from './support.ts'

/**
 * The back-office in React's development build (what `npm run dev` serves, StrictMode's double
 * effects and all): the editors' forms still save, the filters still reach the address. The
 * production build hid a form kit that only worked when every effect ran once.
 */
let stage: Stage
let page: Page

const TABLET = { width: 820, height: 1180 }
const backoffice = join(import.meta.dirname, '..', '..', 'backoffice')
const out = join(import.meta.dirname, '..', '.tmp', 'backoffice-dev')

beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'development'
  try {
    await build({
      configFile: join(backoffice, 'vite.config.ts'),
      root: backoffice,
      mode: 'development',
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true, minify: false, sourcemap: false },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  stage = await startStage({ backofficeRoot: out })
  page = await stage.newPage({ viewport: TABLET })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
})

afterAll(async () => {
  await stage?.close()
})

/** Clicks "Anlegen" and returns the status of the POST to `path` it sends. */
async function create(path: string): Promise<number> {
  const created = page.waitForResponse(
    (res) => new URL(res.url()).pathname === path && res.request().method() === 'POST',
    { timeout: 30_000 },
  )
  await page.getByRole('button', { name: 'Anlegen' }).click()
  return (await created).status()
}

describe("the back-office in React's development build", () => {
  it('is the development build (StrictMode runs each effect twice)', async () => {
    // React's development build names itself in its code; the production build does not.
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script[src]')].map((s) => (s as HTMLScriptElement).src),
    )
    const code = await Promise.all(scripts.map(async (src) => (await fetch(src)).text()))
    expect(code.join('\n')).toContain('react-dom.development')
  })

  it('creates a site whose sections were reordered', async () => {
    await page.goto('/backend/sites/new')
    await page.getByRole('heading', { level: 1, name: 'Neue Seite' }).waitFor()
    const de = page.locator('section[data-locale="de-CH"]')
    await de.getByLabel(/^Name( \*)?$/).fill('Entwicklung')
    await de.getByLabel(/^Pfad( \*)?$/).fill('/entwicklung')
    await de
      .getByLabel(/^Titel/)
      .first()
      .fill('Entwicklung')
    // Two sections of different kinds, the second moved above the first by its button.
    await de.getByRole('button', { name: '+ Text', exact: true }).click()
    await de.getByRole('button', { name: '+ Galerie', exact: true }).click()
    const add = de.getByRole('article', { name: /^2\. Galerie/ }).getByLabel('Bild hinzufügen')
    await expect.poll(() => add.locator('option').count()).toBeGreaterThan(1)
    await add.selectOption({ index: 1 })
    await de.getByRole('button', { name: /^«2\. Galerie» nach oben$/ }).click()
    await de.getByRole('article', { name: /^1\. Galerie/ }).waitFor()
    expect(await create('/api/sites')).toBe(201)
    await page.getByRole('heading', { level: 1, name: 'Entwicklung' }).waitFor()
  })

  it('creates an image template whose layers were reordered', async () => {
    await page.goto('/backend/image-templates/new')
    await page.getByLabel('Name').first().fill('Entwicklungsvorlage')
    await page.getByRole('button', { name: 'Fläche hinzufügen' }).click()
    await page.getByRole('button', { name: 'Text hinzufügen' }).click()
    await page.getByRole('textbox', { name: 'Text' }).fill('Zopf')
    // The open text layer moves above the area and back: each move renders the layers anew.
    await page.getByRole('button', { name: /Text: Zopf» nach oben/ }).click()
    await expect.poll(() => page.locator('.bo-templates__layer-name').first().textContent()).toContain('Text')
    await page.getByRole('button', { name: /Text: Zopf» nach unten/ }).click()
    await expect.poll(() => page.locator('.bo-templates__layer-name').last().textContent()).toContain('Text')
    expect(await create('/api/image-templates')).toBe(201)
    await page.getByRole('heading', { level: 1, name: 'Entwicklungsvorlage' }).waitFor()
  })

  it('filters the change log by person, in the address', async () => {
    await page.goto('/backend/logs')
    const person = page.getByLabel('Person', { exact: true })
    await expect.poll(() => person.locator('option').count()).toBeGreaterThan(1)
    const id = (await person.locator('option').nth(1).getAttribute('value')) ?? ''
    expect(id).not.toBe('')
    await person.selectOption(id)
    await page.waitForURL((url) => url.searchParams.get('user') === id)
    await expect.poll(() => person.inputValue()).toBe(id)
  })
})
