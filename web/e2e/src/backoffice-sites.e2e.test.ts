import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * The site editor (issue 19 parts 1, 2 and 4; docs/content.md) at tablet size: an admin writes a
 * standard page with a text, a columns and a gallery section in German and French, previews the
 * draft in the storefront (the draft marker shows; a visitor gets the 404 page), publishes it, and
 * visitors on a phone see it in both languages; moving the German path offers a redirect, and
 * the old address then lands on the new page. Each language's preview opens in that language.
 * axe on the editor, its rich-text toolbars included.
 */
let stage: Stage
let admin: Record<string, string>

const TABLET = { width: 820, height: 1180 }
const PHONE = { width: 390, height: 844 }

type Site = {
  id: string
  isPublic: boolean
  translations: Record<string, { path: string; content: { sections: { type: string }[] } }>
}

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
})

afterAll(async () => {
  await stage?.close()
})

/** A form field by its label (a required one's label ends in " *"). */
function field(scope: Page | Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`))
}

async function login(): Promise<Page> {
  const page = await stage.newPage({ viewport: TABLET })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
  return page
}

/** Types into the rich-text field of a section or column item. */
async function writeText(page: Page, scope: Locator, text: string): Promise<void> {
  const box = scope.getByRole('textbox', { name: 'Text' })
  await box.waitFor()
  await box.click()
  await page.keyboard.type(text)
}

/** The item of a collection whose header names it ("2. Galerie", "1. Teaser auf einen Link"). */
const item = (scope: Locator, name: RegExp) => scope.getByRole('article', { name })

/** Fills one language: text, columns (3; a link teaser and a picture or a text) and a gallery. */
async function writeLanguage(
  page: Page,
  panel: Locator,
  texts: { name: string; path: string; title: string; text: string; teaser: string; column: string },
) {
  await field(panel, 'Name').fill(texts.name)
  await field(panel, 'Pfad').fill(texts.path)
  await panel
    .getByLabel(/^Titel/)
    .first()
    .fill(texts.title)

  await panel.getByRole('button', { name: '+ Text', exact: true }).click()
  await writeText(page, item(panel, /^1\. Text/), texts.text)

  await panel.getByRole('button', { name: '+ Spalten', exact: true }).click()
  const columns = item(panel, /^2\. Spalten/)
  await field(columns, 'Spalten').selectOption('3')
  await columns.getByRole('button', { name: '+ Teaser auf einen Link' }).click()
  const teaser = item(columns, /Teaser auf einen Link/)
  await field(teaser, 'Titel').fill(texts.teaser)
  await field(teaser, 'Link').fill('https://example.ch/programm')
  await columns.getByRole('button', { name: '+ Formatierter Text' }).click()
  await writeText(page, item(columns, /Formatierter Text/), texts.column)

  await panel.getByRole('button', { name: '+ Galerie', exact: true }).click()
  const gallery = item(panel, /^3\. Galerie/)
  const add = gallery.getByLabel('Bild hinzufügen')
  await expect.poll(() => add.locator('option').count()).toBeGreaterThan(2)
  await add.selectOption({ index: 1 })
  await expect.poll(() => gallery.locator('.bo-tc-images__item').count()).toBe(1)
  await add.selectOption({ index: 2 })
  await expect.poll(() => gallery.locator('.bo-tc-images__item').count()).toBe(2)
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern' }).click()
  await page.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor()
}

describe('the site editor', () => {
  it('writes a standard page in two languages, previews the draft, publishes it and moves it', async () => {
    const page = await login()
    await page.goto('/backend/sites')
    await page.getByRole('table', { name: 'Seiten' }).waitFor()
    await page.getByRole('link', { name: 'Neue Seite' }).click()
    await page.getByRole('heading', { level: 1, name: 'Neue Seite' }).waitFor()
    expect(await page.getByRole('radio', { name: /Standardseite/ }).isChecked()).toBe(true)

    const de = page.locator('section[data-locale="de-CH"]')
    await writeLanguage(page, de, {
      name: 'Sommerfest',
      path: '/sommerfest',
      title: 'Sommerfest 2026',
      text: 'Feiern Sie mit uns im Garten.',
      teaser: 'Programm',
      column: 'Grill ab 18 Uhr',
    })
    // The gallery moves above the columns by its button (the keyboard alternative to dragging).
    await de.getByRole('button', { name: /^«3\. Galerie» nach oben$/ }).click()
    await item(de, /^2\. Galerie/).waitFor()

    // French beside German.
    await page.getByLabel('Daneben zeigen').selectOption('fr-FR')
    const fr = page.locator('section[data-locale="fr-FR"]')
    await fr.getByLabel('Seite auf Französisch anbieten').check()
    await writeLanguage(page, fr, {
      name: 'Fête d’été',
      path: '/fr/fete-ete',
      title: 'Fête d’été 2026',
      text: 'Fêtez avec nous au jardin.',
      teaser: 'Programme',
      column: 'Grillades dès 18 h',
    })
    expect(await seriousViolations(page)).toEqual([])

    // The create's answer first: a refusal or a slow server says so here, not as a timeout below.
    const created = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/sites' && res.request().method() === 'POST',
      { timeout: 60_000 },
    )
    await page.getByRole('button', { name: 'Anlegen' }).click()
    const answer = await created
    expect(answer.status(), await answer.text()).toBe(201)
    await page.waitForURL(
      (url) => /^\/backend\/sites\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    )
    await page.getByRole('heading', { level: 1, name: 'Sommerfest' }).waitFor()
    const id = new URL(page.url()).pathname.split('/').pop() ?? ''
    const stored = (await apiCall<Site>(stage.url, 'GET', `/api/sites/${id}`, undefined, admin)).data
    expect(stored.isPublic).toBe(false)
    expect(stored.translations['de-CH']?.content.sections.map((s) => s.type)).toEqual([
      'text_section',
      'gallery_section',
      'columns_section',
    ])
    expect(stored.translations['fr-FR']?.content.sections.map((s) => s.type)).toEqual([
      'text_section',
      'columns_section',
      'gallery_section',
    ])

    // The preview: staff (this browser's session) see the draft with its marker.
    const previewLink = de.getByRole('link', { name: /^Vorschau Deutsch/ })
    expect(await previewLink.getAttribute('href')).toBe('/sommerfest?lang=de-CH')
    const preview = await page.context().newPage()
    await preview.goto((await previewLink.getAttribute('href')) ?? '')
    const main = preview.locator('main')
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('Sommerfest 2026')
    expect(await main.locator('.content-draft').textContent()).toContain('Entwurf')
    expect(await main.getByText('Feiern Sie mit uns im Garten.').count()).toBe(1)
    expect(await main.locator('.content-columns--3 .content-columns__item').count()).toBe(2)
    expect(await main.locator('.content-gallery img').count()).toBe(2)
    await preview.close()

    // The French preview opens in French in this German browser (without ?lang= the shop moved
    // to the German translation, the visitor's language). The saved page's editor shows German
    // alone again: French beside it.
    await page.getByLabel('Daneben zeigen').selectOption('fr-FR')
    const frenchLink = fr.getByRole('link', { name: /^Vorschau Französisch/ })
    expect(await frenchLink.getAttribute('href')).toBe('/fr/fete-ete?lang=fr-FR')
    const frenchPreview = await page.context().newPage()
    await frenchPreview.goto((await frenchLink.getAttribute('href')) ?? '')
    const frenchMain = frenchPreview.locator('main')
    await expect
      .poll(() => frenchMain.getByRole('heading', { level: 1 }).textContent())
      .toBe('Fête d’été 2026')
    expect(new URL(frenchPreview.url()).pathname).toBe('/fr/fete-ete')
    expect(await frenchMain.getByText('Fêtez avec nous au jardin.').count()).toBe(1)
    expect(await frenchMain.getByText('Grillades dès 18 h').count()).toBe(1)
    expect(await frenchMain.getByText('Feiern Sie mit uns im Garten.').count()).toBe(0)
    expect(await frenchMain.locator('.content-draft').count()).toBe(1)
    expect(await frenchPreview.evaluate(() => document.documentElement.lang)).toBe('fr-FR')
    await frenchPreview.close()

    // A visitor does not see the draft.
    const early = await stage.newPage({ viewport: PHONE })
    await early.goto('/sommerfest')
    await expect.poll(() => early.locator('main h1').textContent()).toBe('404 Not Found')

    // Only the languages shown are mounted, their rich-text editors too (German: a text section
    // and a column's text); French, not shown, keeps its values through the save below.
    await page.getByLabel('Daneben zeigen').selectOption('')
    await expect.poll(() => fr.count()).toBe(0)
    expect(await page.getByRole('textbox', { name: 'Text', exact: true }).count()).toBe(2)

    // Published: visitors see both languages, without the marker.
    await page.getByLabel('Seite veröffentlichen').check()
    await save(page)
    const visitor = await stage.newPage({ viewport: PHONE })
    await visitor.goto('/sommerfest')
    await expect.poll(() => visitor.locator('main h1').textContent()).toBe('Sommerfest 2026')
    expect(await visitor.locator('main .content-draft').count()).toBe(0)
    expect(await visitor.locator('main').getByText('Grill ab 18 Uhr').count()).toBe(1)
    expect(await visitor.locator('main .content-gallery img').count()).toBe(2)
    const french = await stage.newPage({ viewport: PHONE, locale: 'fr-FR' })
    await french.goto('/fr/fete-ete')
    await expect.poll(() => french.locator('main h1').textContent()).toBe('Fête d’été 2026')
    expect(await french.locator('main').getByText('Fêtez avec nous au jardin.').count()).toBe(1)
    expect(await french.locator('main .content-columns__item').count()).toBe(2)

    // The German path moves: the editor offers a redirect from the old address.
    await field(de, 'Pfad').fill('/sommerfest-2026')
    await save(page)
    const offer = page.getByRole('dialog', { name: 'Weiterleitung anlegen?' })
    await offer.waitFor()
    expect(await offer.textContent()).toContain('/sommerfest → /sommerfest-2026')
    expect(await seriousViolations(page)).toEqual([])
    await offer.getByRole('button', { name: 'Weiterleitung anlegen' }).click()
    await offer.waitFor({ state: 'hidden' })

    const later = await stage.newPage({ viewport: PHONE })
    await later.goto('/sommerfest')
    await expect.poll(() => new URL(later.url()).pathname).toBe('/sommerfest-2026')
    await expect.poll(() => later.locator('main h1').textContent()).toBe('Sommerfest 2026')
  })
})
