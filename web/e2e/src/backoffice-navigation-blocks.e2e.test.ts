import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, seriousViolations, startStage } from './support.ts'

/**
 * The block and navigation editors (issue 19 part 5; docs/content.md "Blocks", "Navigations") at
 * tablet size: an admin rewrites the 'about' block in German and French (the block cannot be
 * deleted: the storefront's menu shows it) and the storefront's header menu on a phone shows the
 * new text in both languages; an admin adds a page to the main navigation with the keyboard only
 * (add, pick the page, move up, indent, outdent, save) and a visitor finds it in the menu, in
 * place. axe on both editors, the rich-text toolbars included. The navigation editor fits a
 * tablet (820 px) and a phone (390 px) without scrolling sideways; an item's French label is
 * written by keyboard and a French visitor sees the navigation in French.
 */
let stage: Stage

const TABLET = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const PORTRAIT_TABLET = { width: 820, height: 1180 }

beforeAll(async () => {
  stage = await startStage()
})

afterAll(async () => {
  await stage?.close()
})

async function login(viewport = TABLET): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
  return page
}

/** A storefront page for a visitor on a phone, the cookie banner answered. */
async function visit(path: string, viewport = PHONE): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto(path)
  await page.getByRole('button', { name: 'Nur notwendige' }).click()
  return page
}

/** Replaces the text of a rich-text field. */
async function rewrite(page: Page, box: Locator, text: string): Promise<void> {
  await box.waitFor()
  await box.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern' }).click()
  await page.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor()
}

describe('the block editor', { timeout: 180_000 }, () => {
  it('rewrites the about block in German and French and the storefront menu shows it', async () => {
    const page = await login()
    await page.goto('/backend/blocks')
    const table = page.getByRole('table', { name: 'Blöcke' })
    await table.waitFor()
    await page.getByRole('searchbox', { name: 'Suchen' }).fill('about')
    await expect.poll(() => table.getByRole('link').allTextContents()).toEqual(['Über uns (Menü)'])
    expect(await seriousViolations(page)).toEqual([])
    await table.getByRole('link', { name: 'Über uns (Menü)' }).click()
    await page.getByRole('heading', { level: 1, name: 'Block «Über uns (Menü)»' }).waitFor()

    // The menu's block explains itself; its identifier is shown, not editable.
    expect(await page.getByText('im Menü der Kopfzeile. Seine Kennung bleibt deshalb fest').count()).toBe(1)
    expect(await page.getByRole('textbox', { name: /^Kennung/ }).count()).toBe(0)

    // French beside German (the languages side by side, as in the site editor).
    expect(await page.getByRole('textbox', { name: 'Inhalt (Französisch)' }).count()).toBe(0)
    await page.getByLabel('Daneben zeigen').selectOption('fr-FR')
    const german = page.getByRole('textbox', { name: 'Inhalt (Deutsch)' })
    const french = page.getByRole('textbox', { name: 'Inhalt (Französisch)' })
    await rewrite(page, german, 'Frisch gebacken seit 1898, jetzt im Back-Office geschrieben.')
    await rewrite(page, french, 'Fraîchement cuit depuis 1898, écrit dans le back-office.')
    expect(await seriousViolations(page)).toEqual([])
    await save(page)

    // Deleting it is refused: the storefront's menu shows it.
    await page.getByRole('button', { name: 'Löschen', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen', exact: true }).click()
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'erscheint im Menü des Shops' }).count())
      .toBe(1)

    const visitor = await visit('/ueber-uns')
    await visitor.getByRole('button', { name: 'Menü', exact: true }).click()
    const menu = visitor.getByRole('dialog', { name: 'Menü' })
    await expect
      .poll(() => menu.locator('.content-block--about').textContent())
      .toContain('Frisch gebacken seit 1898, jetzt im Back-Office geschrieben.')
    await visitor.keyboard.press('Escape')
    await visitor.getByLabel('Sprache').selectOption('fr-FR')
    await expect.poll(() => new URL(visitor.url()).pathname).toBe('/fr/a-propos')
    await visitor.getByRole('button', { name: 'Menu', exact: true }).click()
    await expect
      .poll(() => visitor.getByRole('dialog').locator('.content-block--about').textContent())
      .toContain('Fraîchement cuit depuis 1898, écrit dans le back-office.')
  })
})

describe('the navigation editor', { timeout: 180_000 }, () => {
  it('adds a page to the main navigation by keyboard only and a visitor sees it', async () => {
    const page = await login()
    await page.goto('/backend/navigations')
    const table = page.getByRole('table', { name: 'Navigationen' })
    await table.waitFor()
    await table.getByRole('link', { name: 'main', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Navigation «Hauptnavigation»' }).waitFor()
    const items = page.locator('.bo-navtree__list > li')
    await expect.poll(() => items.count()).toBe(7)
    expect(await seriousViolations(page)).toEqual([])

    const live = page.locator('.bo-navtree__live')
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')

    // Add a page: the focus moves to the new item's label; Tab leads to the page's list.
    await page.getByRole('button', { name: '+ Seite' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => items.count()).toBe(8)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-action')))
      .toBe('label')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Impress')
    await page.getByRole('option', { name: 'Impressum (/impressum)' }).waitFor()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const row = items.last()
    await expect
      .poll(() => row.getByRole('textbox', { name: /^Beschriftung \(Deutsch\)/ }).inputValue())
      .toBe('Impressum')

    // Up twice (before "Über uns"), then into "Filialen" and out again, each announced.
    await row.getByRole('button', { name: '«Impressum» nach oben' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => live.textContent())
      .toBe('«Impressum» nach oben verschoben. Jetzt auf Ebene 1, Position 4 von 5.')
    expect(await focused()).toBe('«Impressum» nach oben')
    await page.keyboard.press('Enter')
    await expect.poll(() => live.textContent()).toContain('Position 3 von 5.')
    await page.getByRole('button', { name: '«Impressum» einrücken (unter den Eintrag davor)' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => live.textContent())
      .toBe('«Impressum» eingerückt. Jetzt auf Ebene 2, Position 4 von 4. Unter «Filialen».')
    await page.getByRole('button', { name: '«Impressum» ausrücken (eine Ebene höher)' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => live.textContent())
      .toBe('«Impressum» ausgerückt. Jetzt auf Ebene 1, Position 3 von 5.')
    // Outdenting again is not possible on the top level: the focus is on the item's handle.
    expect(await focused()).toBe('«Impressum» verschieben')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Speichern' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor()

    const visitor = await visit('/ueber-uns')
    await visitor.getByRole('button', { name: 'Menü', exact: true }).click()
    const nav = visitor
      .getByRole('dialog', { name: 'Menü' })
      .getByRole('navigation', { name: 'Hauptnavigation' })
    await expect
      .poll(() => nav.getByRole('link', { name: 'Impressum' }).getAttribute('href'))
      .toBe('/impressum')
    const top = await nav.locator('.shell-menu__list > li > :is(a, span)').allTextContents()
    expect(top).toEqual(['Start', 'Filialen', 'Impressum', 'Über uns', 'Allergene'])
  })
})

describe('the navigation editor on narrow screens', { timeout: 180_000 }, () => {
  /** What sticks out of the viewport: the page's width, and each label field not fully shown. */
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const width = window.innerWidth
      const labels = Array.from(
        document.querySelectorAll<HTMLInputElement>(
          '.bo-navtree__list input[data-action="label"], .bo-navtree__list input[data-label-locale]',
        ),
      )
      return {
        labels: labels.length,
        scrollsSideways: document.documentElement.scrollWidth > width,
        cut: labels
          .map((input) => ({ id: input.id, box: input.getBoundingClientRect() }))
          .filter(({ box }) => box.left < 0 || box.right > width || box.width < 100)
          .map(({ id, box }) => `${id}: ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`),
        wider: Array.from(document.querySelectorAll('.bo-navtree *'))
          .filter((el) => el.getBoundingClientRect().right > width + 0.5)
          .map((el) => el.className || el.tagName),
      }
    })

  it('fits 820 and 390 px wide, and a French label written by keyboard shows in the French shop', async () => {
    const page = await login(PORTRAIT_TABLET)
    await page.goto('/backend/navigations')
    await page
      .getByRole('table', { name: 'Navigationen' })
      .getByRole('link', { name: 'main', exact: true })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Navigation «Hauptnavigation»' }).waitFor()
    const items = page.locator('.bo-navtree__list > li')
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(7)
    // Every item has its German, French and English label, all fully visible.
    expect(await overflow(page)).toEqual({
      labels: 3 * (await items.count()),
      scrollsSideways: false,
      cut: [],
      wider: [],
    })
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/backoffice-navigation-editor-820.png', fullPage: true })
    await page.setViewportSize(PHONE)
    await expect.poll(async () => (await overflow(page)).scrollsSideways).toBe(false)
    expect(await overflow(page)).toMatchObject({ cut: [], wider: [] })
    await page.screenshot({ path: '/tmp/backoffice-navigation-editor-390.png', fullPage: true })
    await page.setViewportSize(PORTRAIT_TABLET)

    /** The item whose German label is `label`. */
    const item = async (label: string) => {
      const labels = await items.evaluateAll((rows) =>
        rows.map((row) => row.querySelector<HTMLInputElement>('input[data-action="label"]')?.value),
      )
      expect(labels).toContain(label)
      return items.nth(labels.indexOf(label))
    }
    // The demo's labels per language are loaded.
    const branches = await item('Filialen')
    expect(await branches.getByRole('textbox', { name: 'Beschriftung (Französisch)' }).inputValue()).toBe(
      'Filiales',
    )
    expect(await branches.getByRole('textbox', { name: 'Beschriftung (Englisch)' }).inputValue()).toBe(
      'Branches',
    )

    // By keyboard: from the German label of "Allergene" on to its French label, typed, saved.
    const allergens = await item('Allergene')
    // Added by the test above, labelled with the page's German name: no French label of its own.
    const imprint = await items.evaluateAll((rows) =>
      rows.some(
        (row) => row.querySelector<HTMLInputElement>('input[data-action="label"]')?.value === 'Impressum',
      ),
    )
    const french = allergens.getByRole('textbox', { name: 'Beschriftung (Französisch)' })
    expect(await french.inputValue()).toBe('')
    await allergens.getByRole('textbox', { name: /^Beschriftung \(Deutsch\)/ }).focus()
    const focusedLocale = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-label-locale') ?? null)
    for (let i = 0; i < 4 && (await focusedLocale()) !== 'fr-FR'; i++) await page.keyboard.press('Tab')
    expect(await focusedLocale()).toBe('fr-FR')
    await page.keyboard.type('Allergènes et ingrédients')
    expect(await french.inputValue()).toBe('Allergènes et ingrédients')
    await page.getByRole('button', { name: 'Speichern' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor()

    // A French visitor: the item's own French labels, and the page's French name for an item
    // labelled with the page's German name ("Impressum", added above).
    const visitor = await visit('/ueber-uns', DESKTOP)
    await visitor.getByLabel('Sprache').selectOption('fr-FR')
    await expect.poll(() => new URL(visitor.url()).pathname).toBe('/fr/a-propos')
    const nav = visitor.getByRole('navigation', { name: 'Navigation principale' })
    const top = () => nav.locator('.shell-nav__list > li > a').allTextContents()
    await expect
      .poll(top)
      .toEqual([
        'Accueil',
        'Filiales',
        ...(imprint ? ['Mentions légales'] : []),
        'À propos',
        'Allergènes et ingrédients',
      ])
    expect(await nav.getByRole('link', { name: 'Allergènes et ingrédients' }).getAttribute('href')).toBe(
      '/fr/allergenes',
    )
  })
})
