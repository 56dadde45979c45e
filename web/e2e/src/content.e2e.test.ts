import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, type Stage, seriousViolations, startStage } from './support.ts'

// Content pages, legal text pages and the header's main navigation (spec §2 "Shell",
// "Content page", route table; §3 "site and navigation", "block", "navigation item") on the
// demo data: 'Über uns' (/ueber-uns, /fr/a-propos), the 'main' navigation, 'about' and
// 'contact' blocks, and the configured legal texts.

let stage: Stage

beforeAll(async () => {
  stage = await startStage()
})

// Each test opens its own pages: closed after it (support.ts closePages).
afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

/** A page at `path` with the cookie banner answered (it would cover the content). */
async function open(path: string, viewport = PHONE): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto(path)
  await page.getByRole('button', { name: 'Nur notwendige' }).click()
  return page
}

async function darkMode(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark'
  })
}

async function createSite(body: unknown): Promise<void> {
  const res = await fetch(`${stage.url}/api/sites`, {
    method: 'POST',
    headers: await adminHeaders(stage.url),
    body: JSON.stringify(body),
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

describe('a content page', () => {
  it("renders the demo's 'Über uns' page with its sections, teasers, title and logo", async () => {
    const page = await open('/ueber-uns')
    const main = page.locator('main')
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('Über uns')
    expect(await main.locator('.content-lead').textContent()).toContain('seit 1898 in Familienhand')
    expect(await main.getByText('1898 eröffnete Johann Huber').count()).toBe(1)
    // The columns section: three branch columns, each with its heading.
    const columns = main.locator('.content-columns--3')
    expect(await columns.locator('h3').allTextContents()).toEqual([
      'Zürich Altstadt',
      'Winterthur',
      'Lausanne',
    ])
    expect(await columns.getAttribute('class')).toContain('content-columns--horizontal')
    // Internal teaser: a router link to the referenced site's path in the active locale.
    const internal = main.getByRole('link', { name: /Allergene und Unverträglichkeiten/ })
    expect(await internal.getAttribute('href')).toBe('/allergene')
    expect(await internal.getAttribute('target')).toBeNull()
    // External teaser: a new tab without a handle on this page.
    const external = main.getByRole('link', { name: /Lebensmittel retten mit der Brotbrücke/ })
    expect(await external.getAttribute('href')).toBe('https://www.huber-beck.example/brotbruecke')
    expect(await external.getAttribute('target')).toBe('_blank')
    expect(await external.getAttribute('rel')).toContain('noopener')
    // Logo on top: home of the active locale ('/' for de-CH); title and alternate language.
    expect(await main.locator('.content-logo').getAttribute('href')).toBe('/')
    await expect.poll(() => page.title()).toBe('Über uns - Huber Beck & Metzg')
    expect(await page.locator('link[rel="alternate"][hreflang="fr-FR"]').getAttribute('href')).toMatch(
      /\/fr\/a-propos$/,
    )
    // A public site has no draft marker.
    expect(await main.getByText('Entwurf').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/content-about-phone.png', fullPage: true })
    await darkMode(page)
    await page.screenshot({ path: '/tmp/content-about-phone-dark.png', fullPage: true })

    await internal.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/allergene')
    await expect
      .poll(() => main.getByRole('heading', { level: 1 }).textContent())
      .toBe('Allergene und Unverträglichkeiten')
  })

  it('looks right on a desktop, light and dark', async () => {
    const page = await open('/ueber-uns', DESKTOP)
    await expect.poll(() => page.locator('.content-columns__item').count()).toBe(5)
    // Three columns side by side on a wide screen.
    const tops = await page
      .locator('.content-columns--3 > li')
      .evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/content-about-desktop.png', fullPage: true })
    await darkMode(page)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/content-about-desktop-dark.png', fullPage: true })
  })

  it('shows the 404 texts for a path no site has', async () => {
    const page = await open('/gibt-es-nicht')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('404 Not Found')
    expect(await page.getByText('Leider wurde die angeforderte Seite nicht gefunden.').count()).toBe(1)
    // The code is said once, by the heading; the picture above it is decoration.
    expect(await page.locator('main').innerText()).not.toMatch(/^\s*404\s*\n/)
    expect(await page.getByText('404', { exact: true }).count()).toBe(0)
    expect(await page.locator('.content-error__art').getAttribute('aria-hidden')).toBe('true')
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/content-404-phone.png', fullPage: true })
  })
})

describe('the header navigation', () => {
  it('shows the main items and marks the current page', async () => {
    const page = await open('/ueber-uns', DESKTOP)
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect
      .poll(() => nav.locator('.shell-nav__list > li > a').allTextContents())
      .toEqual(['Start', 'Filialen', 'Über uns', 'Allergene'])
    const about = nav.getByRole('link', { name: 'Über uns', exact: true })
    expect(await about.getAttribute('aria-current')).toBe('page')
    expect(await nav.locator('[aria-current="page"]').count()).toBe(1)
    expect(await nav.getByRole('link', { name: 'Allergene' }).getAttribute('href')).toBe('/allergene')
  })

  it('leads from a branch item to its store and marks its parent child-active', async () => {
    const page = await open('/ueber-uns', DESKTOP)
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    const toggle = nav.getByRole('button', { name: 'Untermenü Filialen' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await page.screenshot({ path: '/tmp/content-nav-desktop-submenu.png' })
    // Escape closes the submenu and returns focus to its button.
    await page.keyboard.press('Escape')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
    await toggle.click()
    const branch = nav.getByRole('link', { name: 'Winterthur' })
    expect(await branch.getAttribute('href')).toBe('/store/winterthur')
    await branch.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/store/winterthur')
    await expect
      .poll(() => nav.getByRole('link', { name: 'Filialen' }).getAttribute('class'))
      .toContain('is-child-active')
    expect(await nav.getByRole('link', { name: 'Filialen' }).getAttribute('aria-current')).toBeNull()
    await toggle.click()
    expect(await nav.getByRole('link', { name: 'Winterthur' }).getAttribute('aria-current')).toBe('page')
  })

  it('opens the menu on a phone with the navigation and the about and contact blocks', async () => {
    const page = await open('/ueber-uns')
    // On a phone the horizontal navigation is hidden behind the menu button.
    expect(await page.locator('.shell-nav').isVisible()).toBe(false)
    const button = page.getByRole('button', { name: 'Menü', exact: true })
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Menü' })
    await expect.poll(() => dialog.isVisible()).toBe(true)
    const nav = dialog.getByRole('navigation', { name: 'Hauptnavigation' })
    expect(await nav.getByRole('link', { name: 'Über uns', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(await nav.getByRole('link', { name: 'Zürich Altstadt' }).getAttribute('href')).toBe(
      '/store/zuerich-altstadt',
    )
    await expect.poll(() => dialog.getByText('Bäckerei, Café und Metzgerei seit 1898').count()).toBe(1)
    await expect.poll(() => dialog.getByRole('link', { name: '+41 44 251 18 98' }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/content-menu-phone.png' })
    await darkMode(page)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/content-menu-phone-dark.png' })
    // Following a link closes the menu.
    await nav.getByRole('link', { name: 'Zürich Altstadt' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/store/zuerich-altstadt')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('opens the menu as a drawer on a desktop', async () => {
    const page = await open('/ueber-uns', DESKTOP)
    await page.getByRole('button', { name: 'Menü', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Menü' })
    await expect.poll(() => dialog.getByText('Niederdorfstrasse 24, 8001 Zürich').count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/content-menu-desktop.png' })
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })
})

describe('languages', () => {
  it('switches a translated site to its French path and content', async () => {
    const page = await open('/ueber-uns')
    const picker = page.getByLabel('Sprache')
    expect(await picker.locator('option').allTextContents()).toEqual(['Deutsch', 'Français'])
    await picker.selectOption('fr-FR')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/a-propos')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('À propos')
    expect(await page.getByText('la quatrième génération').count()).toBe(1)
    await expect.poll(() => page.title()).toBe('À propos - Huber Beck & Metzg')
    // The French menu links to French paths, labelled in French (the items' French labels, the
    // allergen page's French name for "Allergene"), and shows the French blocks.
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    const dialog = page.getByRole('dialog')
    const frenchNav = dialog.getByRole('navigation', { name: 'Navigation principale' })
    await expect
      .poll(() => frenchNav.locator('.shell-menu__list > li > :is(a, span)').allTextContents())
      .toEqual(['Accueil', 'Filiales', 'À propos', 'Allergènes'])
    expect(await dialog.getByRole('link', { name: 'À propos', exact: true }).getAttribute('href')).toBe(
      '/fr/a-propos',
    )
    await expect.poll(() => dialog.getByText('Rue de Bourg 12, 1003 Lausanne').count()).toBe(1)
    await page.keyboard.press('Escape')
    // Back to German.
    await page.getByLabel('Langue').selectOption('de-CH')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ueber-uns')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Über uns')
  })

  it('lists only the languages a site is translated to', async () => {
    const page = await open('/agb')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Allgemeine Geschäftsbedingungen')
    expect(await page.getByLabel('Sprache').locator('option').allTextContents()).toEqual(['Deutsch'])
    // Elsewhere every enabled language is offered (English too, issue 18).
    await page.getByRole('link', { name: 'Huber Beck & Metzg' }).first().click()
    await expect
      .poll(() => page.getByLabel('Sprache').locator('option').allTextContents())
      .toEqual(['Deutsch', 'Français', 'English'])
  })
})

describe('legal text pages', () => {
  it('shows the configured imprint text with its paragraphs', async () => {
    const page = await open('/site/imprint')
    const main = page.locator('main')
    await expect.poll(() => main.locator('h1').textContent()).toBe('Impressum')
    expect(await main.locator('.content-prose p').first().innerText()).toBe(
      'Huber Bäckerei-Konditorei-Metzgerei AG\nNiederdorfstrasse 24\n8001 Zürich\nSchweiz',
    )
    expect(await main.locator('.content-prose h2').allTextContents()).toContain('Haftungsausschluss')
    await expect.poll(() => page.title()).toBe('Impressum - Huber Beck & Metzg')
    // The footer links to it.
    expect(await page.locator('footer').getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe(
      '/site/imprint',
    )
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/content-imprint-phone.png', fullPage: true })
  })

  it('shows the 404 page for a text page that is not configured', async () => {
    const page = await open('/site/cookies')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('404 Not Found')
  })
})

describe('staff HTML', () => {
  it('renders a draft site without scripts, event handlers or script URLs', async () => {
    await createSite({
      isPublic: false,
      type: 'default',
      translations: {
        'de-CH': {
          path: '/xss-probe',
          title: 'Probe',
          name: 'Probe',
          description: null,
          content: {
            sections: [
              {
                type: 'text_section',
                text: '<p id="ok">Sicherer <strong>Text</strong></p><img src=x onerror=alert(1)><script>window.__xss = 1</script><a href="javascript:alert(1)">a</a><a href="jav&#x09;ascript:alert(2)">b</a><svg onload="alert(3)"><circle r="1"/></svg><iframe src="javascript:alert(4)"></iframe><p style="position:fixed" onclick="alert(5)">c</p>',
              },
            ],
          },
        },
      },
    })
    // The probe's markup reaches the page's sanitiser, whose inert parse of it the Content-Security-
    // Policy reports (handlers, style attributes): expected on this page, and nothing may run.
    stage.cspExpectedOn.add('/xss-probe')
    const page = await stage.newPage({ viewport: PHONE })
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    // A draft is shown to logged-in staff only (docs/content.md): the probe is seen as staff.
    const login = await page.request.post('/api/login', {
      data: { username: 'admin', password: 'demo-admin-2026' },
    })
    expect(login.status()).toBe(200)
    await page.goto('/xss-probe')
    const prose = page.locator('main .content-prose')
    await expect.poll(() => prose.getByText('Sicherer').count()).toBe(1)
    expect(await prose.locator('#ok').count()).toBe(0) // ids are not kept either
    expect(await prose.locator('strong').textContent()).toBe('Text')
    expect(await prose.locator('img').count()).toBe(1)
    expect(await prose.locator('img').getAttribute('onerror')).toBeNull()
    expect(await page.locator('main script, main svg:not(.ui-icon), main iframe').count()).toBe(0)
    const unsafe = await page
      .locator('main')
      .evaluate((main) =>
        [...main.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes]
            .filter(
              (a) =>
                a.name.startsWith('on') ||
                a.name === 'style' ||
                /^\s*javascript:/i.test(a.value.replace(/[\t\n\r]/g, '')),
            )
            .map((a) => `${el.tagName}[${a.name}]`),
        ),
      )
    expect(unsafe).toEqual([])
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
    expect(dialogs).toEqual([])
    // Not public: rendered with a draft marker.
    expect(await page.locator('main .content-draft').textContent()).toContain('Entwurf')
  })

  it('shows the 500 texts for a site of an unknown type', async () => {
    await createSite({
      isPublic: true,
      type: 'landing-page',
      translations: { 'de-CH': { path: '/unbekannter-typ', name: 'Unbekannt', content: null } },
    })
    const page = await stage.newPage({ viewport: PHONE })
    await page.goto('/unbekannter-typ')
    await expect.poll(() => page.locator('main h1').textContent()).toBe('500 Internal Server Error')
    expect(await page.getByText('Leider ist ein interner Fehler aufgetreten.').count()).toBe(1)
  })

  it('renders a legacy block in the menu, with a draft marker when its translation is not public', async () => {
    const headers = await adminHeaders(stage.url)
    const list = (await (await fetch(`${stage.url}/api/blocks`)).json()) as {
      data: { id: string; version: number; identifier: string; name: string }[]
    }
    const about = list.data.find((b) => b.identifier === 'about')
    expect(about).toBeDefined()
    const res = await fetch(`${stage.url}/api/blocks/${about?.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        identifier: 'about',
        name: about?.name,
        type: 'legacy',
        version: about?.version,
        translations: {
          'de-CH': {
            isPublic: false,
            content: {
              data: [
                { type: 'text', value: 'Seit 1898' },
                { type: 'markdown', value: 'Erster Absatz\n\nZweiter <b>Absatz</b>' },
              ],
            },
          },
        },
      }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const page = await open('/ueber-uns')
    await page.getByRole('button', { name: 'Menü', exact: true }).click()
    const block = page.getByRole('dialog').locator('.content-block--about')
    await expect.poll(() => block.locator('.content-block__text').textContent()).toBe('Seit 1898')
    // Markdown is shown as plain paragraphs: markup stays text.
    expect(await block.locator('.content-prose p').allTextContents()).toEqual([
      'Erster Absatz',
      'Zweiter <b>Absatz</b>',
    ])
    expect(await block.locator('b').count()).toBe(0)
    expect(await block.locator('.content-draft').textContent()).toContain('Entwurf')
  })
})
