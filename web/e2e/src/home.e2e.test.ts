import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, type Stage, seriousViolations, startStage } from './support.ts'

// The home page (spec §1, §2 "Branch list (home)", §4 tag filter, §5 branch search) at the
// stage's pinned Tuesday 10:00: every demo branch is open.

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

/** The home page with the cookie banner answered (it would cover the cards). */
async function openHome(viewport = PHONE, path = '/'): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto(path)
  await page.getByRole('button', { name: 'Nur notwendige' }).click()
  return page
}

const cards = (page: Page) => page.locator('.home-card')
const cardNames = (page: Page) => page.locator('.home-card__title').allTextContents()
const status = (page: Page) => page.locator('.home-results__status')

/** No hover, no transition under way: the screenshot shows the resting page. */
async function settle(page: Page) {
  await page.mouse.move(0, 0)
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0)
}

/** Dark theme, once the colour transitions have finished (axe would see the colours between). */
async function darkMode(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark'
  })
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0)
}

describe('the branch list', () => {
  it('lists the three demo branches with address, open text and pickup window', async () => {
    const page = await openHome()
    await expect.poll(() => cards(page).count()).toBe(3)
    expect(await cardNames(page)).toEqual([
      'Huber Zürich Altstadt',
      'Huber Winterthur Marktgasse',
      'Huber Lausanne Bourg',
    ])
    const winterthur = cards(page).nth(1)
    expect(await winterthur.locator('.home-card__street').textContent()).toBe('Marktgasse 45')
    expect(await winterthur.locator('.home-card__town').textContent()).toBe('8400 Winterthur')
    expect(await page.locator('.home-card__hours').allTextContents()).toEqual([
      'Offen heute 06:30 Uhr bis 19:00 Uhr',
      'Offen heute 06:00 Uhr bis 18:30 Uhr',
      'Offen heute 07:00 Uhr bis 18:30 Uhr',
    ])
    // Winterthur's orders are ready from its orderableFrom (07:30), not from opening.
    expect(await page.locator('.home-card__pickup').allTextContents()).toEqual([
      'Abholung 06:30 Uhr bis 19:00 Uhr',
      'Abholung 07:30 Uhr bis 18:30 Uhr',
      'Abholung 07:00 Uhr bis 18:30 Uhr',
    ])
    expect(await page.locator('.home-status').allTextContents()).toEqual(['Offen', 'Offen', 'Offen'])
    // No search and no tag: no result line.
    expect(await status(page).textContent()).toBe('')
    expect(await page.locator('h1').textContent()).toBe('Huber – Bäckerei, Café & Metzgerei seit 1898')
    expect(await page.title()).toBe('Huber – Bäckerei, Café & Metzgerei seit 1898 - Huber Beck & Metzg')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(
      'Familienbäckerei und Metzgerei',
    )
    expect(await page.getByRole('searchbox', { name: 'Filiale suchen' }).getAttribute('placeholder')).toBe(
      'PLZ oder Ort',
    )
  })

  it('finds Winterthur by its postcode and scrolls to the results on submit', async () => {
    const page = await openHome()
    const search = page.getByRole('searchbox', { name: 'Filiale suchen' })
    await search.fill('8400')
    await expect.poll(() => cardNames(page)).toEqual(['Huber Winterthur Marktgasse'])
    expect(await status(page).textContent()).toBe('1 von 3 Filialen werden angezeigt.')
    await page.getByRole('button', { name: 'Suchen', exact: true }).click()
    // Submitting moves focus to the results heading (and scrolls it into view).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('home-results-title')
    await expect
      .poll(() => page.locator('#home-results-title').evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(200)
    // Several words: any of them matches (spec §5), case-insensitively.
    await search.fill('8001, LAUSANNE')
    await expect.poll(() => cardNames(page)).toEqual(['Huber Zürich Altstadt', 'Huber Lausanne Bourg'])
    expect(await status(page).textContent()).toBe('2 von 3 Filialen werden angezeigt.')
  })

  it('says so when nothing matches, and the reset brings every branch back', async () => {
    const page = await openHome()
    await page.getByRole('searchbox', { name: 'Filiale suchen' }).fill('xyzzy')
    await expect.poll(() => cards(page).count()).toBe(0)
    expect(await status(page).textContent()).toBe('Leider wurden keine Ergebnisse gefunden.')
    await page.getByRole('button', { name: 'Suche zurücksetzen' }).click()
    await expect.poll(() => cards(page).count()).toBe(3)
    expect(await page.getByRole('searchbox', { name: 'Filiale suchen' }).inputValue()).toBe('')
  })

  it('filters by tag; clicking the selected tag clears it; only available tags are offered', async () => {
    const page = await openHome()
    const tagButtons = page.locator('.home-tag')
    await expect
      .poll(() => tagButtons.allTextContents())
      .toEqual(['Vegan', 'Bio', 'Glutenfrei', 'Catering', 'Café', 'Metzgerei'])
    const catering = page.getByRole('button', { name: 'Catering' })
    await catering.click()
    await expect.poll(() => cardNames(page)).toEqual(['Huber Winterthur Marktgasse'])
    expect(await catering.getAttribute('aria-pressed')).toBe('true')
    expect(await status(page).textContent()).toBe('1 von 3 Filialen werden angezeigt.')
    await catering.click()
    await expect.poll(() => cards(page).count()).toBe(3)
    expect(await catering.getAttribute('aria-pressed')).toBe('false')
    expect(await status(page).textContent()).toBe('')
    // A search narrows the offered tags to those of the matching branches.
    await page.getByRole('searchbox', { name: 'Filiale suchen' }).fill('Lausanne')
    await expect.poll(() => tagButtons.allTextContents()).toEqual(['Vegan', 'Café'])
  })

  it('keeps the filter in the address, so coming back restores it', async () => {
    const page = await openHome(PHONE, '/?q=8400')
    await expect.poll(() => cardNames(page)).toEqual(['Huber Winterthur Marktgasse'])
    await page.getByRole('button', { name: 'Metzgerei' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('8400')
    expect(new URL(page.url()).searchParams.get('tag')).not.toBeNull()
    // A link to the plain home page (the header's brand) clears search and tag.
    await page.locator('.shell-brand').click()
    await expect.poll(() => cards(page).count()).toBe(3)
    expect(await page.getByRole('searchbox', { name: 'Filiale suchen' }).inputValue()).toBe('')
    expect(await page.getByRole('button', { name: 'Metzgerei' }).getAttribute('aria-pressed')).toBe('false')
  })

  it('speaks French when the visitor picks it', async () => {
    const page = await openHome()
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('fr-FR')
    await expect.poll(() => page.locator('#home-results-title').textContent()).toBe('Nos succursales')
    expect(await page.locator('.home-card__hours').first().textContent()).toBe(
      'Ouvert aujourd’hui de 06:30 à 19:00',
    )
    expect(await page.locator('.home-card__pickup').nth(1).textContent()).toBe('Retrait de 07:30 à 18:30')
    await page.getByRole('searchbox', { name: 'Rechercher une succursale' }).fill('8400')
    await expect.poll(() => status(page).textContent()).toBe('Succursales affichées : 1 sur 3.')
  })

  it('opens the branch menu when a card is clicked', async () => {
    const page = await openHome()
    await cards(page).nth(2).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/store/lausanne')
  })

  it('reaches the search field, the tags and every card with the Tab key', async () => {
    const page = await openHome(DESKTOP)
    await expect.poll(() => cards(page).count()).toBe(3)
    // Tab through the page (header and its navigation first) until the last card's link.
    const reached: string[] = []
    for (let i = 0; i < 80 && !reached.includes('home-card__link|/store/lausanne|'); i++) {
      await page.keyboard.press('Tab')
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement
          if (!el) return ''
          const href = el.getAttribute('href')
          const kind = href ?? el.getAttribute('type') ?? ''
          return `${el.className}|${kind}|${href ? '' : (el.textContent ?? '')}`
        }),
      )
    }
    expect(reached).toContain('ui-input home-search__input|search|')
    expect(reached).toContain('home-tag|button|Catering')
    const cardLinks = reached.filter((r) => r.startsWith('home-card__link|'))
    expect(cardLinks).toEqual([
      'home-card__link|/store/zuerich-altstadt|',
      'home-card__link|/store/winterthur|',
      'home-card__link|/store/lausanne|',
    ])
    // Enter on the focused card link opens the branch.
    await page.locator('.home-card__link[href="/store/winterthur"]').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => new URL(page.url()).pathname).toBe('/store/winterthur')
  })

  it('re-evaluates the open state every minute: closing soon and closed say so in text', async () => {
    const page = await openHome()
    await expect
      .poll(() => page.locator('.home-status').allTextContents())
      .toEqual(['Offen', 'Offen', 'Offen'])
    // 10:00 → 18:45 on the same Tuesday: the minute timer picks the new time up.
    await page.clock.fastForward('08:45:00')
    await expect
      .poll(() => page.locator('.home-status').allTextContents())
      .toEqual(['Schliesst bald', 'Geschlossen', 'Geschlossen'])
    expect(await page.locator('.home-card__hours').allTextContents()).toEqual([
      'Offen heute 06:30 Uhr bis 19:00 Uhr',
      'Öffnet Mittwoch um 06:00 Uhr',
      'Öffnet Mittwoch um 07:00 Uhr',
    ])
    // The pickup window shows only while open.
    expect(await page.locator('.home-card__pickup').allTextContents()).toEqual([
      'Abholung 06:30 Uhr bis 19:00 Uhr',
    ])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/home-evening-phone.png', fullPage: true })
  })

  it('has no serious accessibility violation, light and dark, with results and without', async () => {
    const page = await openHome(DESKTOP)
    await expect.poll(() => cards(page).count()).toBe(3)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Café' }).click()
    await darkMode(page)
    expect(await seriousViolations(page)).toEqual([])
    await settle(page)
    await page.screenshot({ path: '/tmp/home-filtered-desktop-dark.png', fullPage: true })
    await page.getByRole('searchbox', { name: 'Filiale suchen' }).fill('xyzzy')
    await expect.poll(() => cards(page).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
  })

  it('looks right on a phone and a desktop (screenshots)', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await openHome(viewport)
      await expect.poll(() => cards(page).count()).toBe(3)
      // Cards fit the viewport: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      await settle(page)
      await page.screenshot({ path: `/tmp/home-${name}.png`, fullPage: true })
      await darkMode(page)
      await page.screenshot({ path: `/tmp/home-${name}-dark.png`, fullPage: true })
    }
  })
})

type Json = Record<string, unknown>

/** An admin session from Node: the session cookie plus the XSRF double-submit token. */
async function adminSession(): Promise<{ headers: Record<string, string> }> {
  return { headers: await adminHeaders(stage.url) }
}

async function hideBranch(identifier: string, session: { headers: Record<string, string> }) {
  const list = (await (await fetch(`${stage.url}/api/branches`, session)).json()) as { data: Json[] }
  const branch = list.data.find((b) => b.identifier === identifier)
  expect(branch).toBeDefined()
  const { id, apiKey: _key, ...body } = branch as Json
  const res = await fetch(`${stage.url}/api/branches/${String(id)}`, {
    method: 'PUT',
    headers: session.headers,
    body: JSON.stringify({ ...body, isPublic: false }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

describe('the single-branch home page', () => {
  it('shows a non-public branch as inactive, still in the list', async () => {
    await hideBranch('lausanne', await adminSession())
    const page = await openHome(DESKTOP)
    await expect.poll(() => page.locator('.home-card--inactive').count()).toBe(1)
    expect(await cards(page).count()).toBe(3)
    const lausanne = page.locator('.home-card--inactive')
    expect(await lausanne.locator('.home-card__title').textContent()).toBe('Huber Lausanne Bourg')
    expect(await lausanne.locator('.home-card__inactive').textContent()).toBe('Derzeit nicht verfügbar')
    // Not orderable: no open badge and no pickup window on it.
    expect(await lausanne.locator('.home-status, .home-card__pickup').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await settle(page)
    await page.screenshot({ path: '/tmp/home-inactive-desktop.png', fullPage: true })
  })

  it('shows three teasers, the week hours and the contact data when one branch is public', async () => {
    const session = await adminSession()
    await hideBranch('winterthur', session)

    const page = await openHome()
    await expect.poll(() => page.locator('.home-teaser').count()).toBe(3)
    expect(await page.locator('.home-card').count()).toBe(0)
    expect(await page.locator('.home-teaser__title').allTextContents()).toEqual([
      'Online bestellen',
      'Anrufen',
      'Route planen (öffnet in einem neuen Tab)',
    ])
    expect(await page.getByRole('link', { name: 'Online bestellen' }).getAttribute('href')).toBe(
      '/store/zuerich-altstadt',
    )
    expect(await page.getByRole('link', { name: 'Anrufen' }).getAttribute('href')).toBe('tel:+41442511898')
    const route = page.getByRole('link', { name: /Route planen/ })
    expect(await route.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=47.37396%2C8.54418',
    )
    expect(await route.getAttribute('target')).toBe('_blank')
    expect(await page.locator('.home-hero__status').textContent()).toContain(
      'Offen heute 06:30 Uhr bis 19:00 Uhr',
    )

    // Opening and delivery hours per weekday, today marked.
    expect(await page.locator('#home-hours-title').textContent()).toBe('Öffnungs- und Lieferzeiten')
    const opening = page.getByRole('table', { name: 'Öffnungszeiten' }).locator('tbody tr')
    const delivery = page.getByRole('table', { name: 'Lieferzeiten' }).locator('tbody tr')
    expect(await opening.locator('th').allTextContents()).toEqual([
      'Montag',
      'DienstagHeute',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ])
    expect(await opening.nth(1).getAttribute('aria-current')).toBe('date')
    expect(await opening.locator('td').allTextContents()).toEqual([
      '06:30 – 19:00 Uhr',
      '06:30 – 19:00 Uhr',
      '06:30 – 19:00 Uhr',
      '06:30 – 19:00 Uhr',
      '06:00 – 01:00 Uhr',
      '06:00 – 01:00 Uhr',
      '08:00 – 17:00 Uhr',
    ])
    expect(await delivery.nth(1).locator('td').textContent()).toBe('11:00 – 13:30 Uhr17:30 – 20:30 Uhr')
    expect(await delivery.nth(6).locator('td').textContent()).toBe('Keine Lieferung')

    const contact = page.locator('.home-contact')
    expect(
      await contact.getByRole('link', { name: 'altstadt@huber-beck.example' }).getAttribute('href'),
    ).toBe('mailto:altstadt@huber-beck.example')
    expect(await contact.textContent()).toContain('Niederdorfstrasse 24')
    expect(await contact.textContent()).toContain('8001 Zürich')

    await page.getByRole('link', { name: 'Online bestellen' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/store/zuerich-altstadt')
  })

  it('shows the map only with the maps plugin and the visitor consent, with the spec camera', async () => {
    // Off by default: no map, nothing loaded from a third party.
    let page = await openHome(DESKTOP)
    await expect.poll(() => page.locator('.home-teaser').count()).toBe(3)
    expect(await page.locator('.home-map').count()).toBe(0)

    const session = await adminSession()
    const current = (await (await fetch(`${stage.url}/api/config`, session)).json()) as { data: Json }
    const { id: _id, ...config } = current.data
    const saved = await fetch(`${stage.url}/api/config`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ ...config, enablePluginMaps: true }),
    })
    expect(saved.status, await saved.clone().text()).toBe(200)

    page = await openHome(DESKTOP)
    const tiles: string[] = []
    await page.route('https://tile.openstreetmap.org/**', (route) => {
      tiles.push(route.request().url())
      return route.fulfill({ status: 404, body: '' })
    })
    // Cookies declined: a placeholder asks, nothing is fetched.
    const map = page.getByRole('region', { name: /^Karte:/ })
    await expect.poll(() => map.innerText()).toContain('Dafür brauchen wir Ihre Zustimmung zu Cookies.')
    expect(tiles).toEqual([])
    await map.getByRole('button', { name: 'Zustimmen und Karte anzeigen' }).click()
    await expect.poll(() => page.getByTestId('branch-map').locator('canvas').count()).toBe(1)
    // Tiles at the configured zoom (19 by default) around the branch.
    await expect.poll(() => tiles.length).toBeGreaterThan(0)
    expect(tiles.some((url) => /\/19\/\d+\/\d+\.png$/.test(url))).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
  })

  it('is accessible and looks right (screenshots)', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await openHome(viewport)
      await expect.poll(() => page.locator('.home-teaser').count()).toBe(3)
      expect(await seriousViolations(page)).toEqual([])
      await settle(page)
      await page.screenshot({ path: `/tmp/home-single-${name}.png`, fullPage: true })
      await darkMode(page)
      expect(await seriousViolations(page)).toEqual([])
      await page.screenshot({ path: `/tmp/home-single-${name}-dark.png`, fullPage: true })
    }
  })
})
