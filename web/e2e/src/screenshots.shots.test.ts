import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createSummerPage,
  type PaidOrder,
  paidOnlineOrder,
  plain,
  removeItem,
  SUMMER_PAGE,
} from './shots-support.ts'
import { adminHeaders, apiCall, type Stage, startStage } from './support.ts'

// Screenshots of every storefront page (issue 5) on a phone and a desktop, from the e2e stage
// (demo data, Tuesday 24 November 2026 10:00 in Zürich). `npm run screenshots` sets
// SCREENSHOTS=1 and writes them to docs/screenshots/ with an index; otherwise they go to a temp
// directory, so a plain test run does not rewrite committed files. Each page is checked to
// show its expected content before the shot.

const WRITE = process.env.SCREENSHOTS === '1'
const DOCS = join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
/** Without SCREENSHOTS=1: one fixed temp directory, overwritten on each run (look there). */
const OUT = WRITE ? DOCS : join(tmpdir(), 'shop-screenshots')

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const
type ViewportName = keyof typeof VIEWPORTS

const BRANCH = 'zuerich-altstadt'
/** The menu runs to 14 000 px on a phone: its shots show the first three screens. */
const MENU_SCREENS = 3

/** What each file shows, for the index (in the order the index lists them). */
const PAGES: Record<string, string> = {
  home: 'Home: the branch list',
  menu: 'Branch menu (Zürich Altstadt)',
  item: 'Item overlay on a configurable product (Sandwich nach Wahl)',
  cart: 'Cart with items (phone: the expanded sheet; desktop: the side panel)',
  checkout: 'Checkout with items and contact details',
  'date-picker': 'Checkout: the date picker open',
  status: 'Order status of a confirmed order (timeline)',
  about: "Content page 'Über uns'",
  'not-found': '404 page',
  kiosk: 'Kiosk: the tap-to-order screensaver',
  'menu-dark': 'Branch menu in dark mode',
  'checkout-edit': 'Checkout: "Ändern" on a configured item, the item overlay over the checkout',
  'content-page-de': 'Content page: a standard page with text, columns and a gallery (German)',
  'content-page-fr': 'Content page: the same page in French',
  'header-menu': 'Header menu: the main navigation (its top)',
  'header-menu-blocks': 'Header menu scrolled to its end: the about and contact blocks',
  'status-partial-refund': 'Order status: paid online, an item removed by staff, the partial refund',
  'language-english': 'Language picker set to English: the branch menu in English',
}

let stage: Stage
let branchId: string
let statusPath: Promise<string> | undefined
let aboutPath: string
/** The paid online order whose Buttergipfeli staff removed (made once, for both viewports). */
let refundedOrder: Promise<PaidOrder> | undefined
const written: {
  page: string
  viewport: ViewportName
  file: string
  bytes: number
  height: number
  fullPage: boolean
}[] = []

type InitEntry = { url: string; data: unknown }

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return (await apiCall<T>(stage.url, method, path, body, headers)).data
}

/** The frontdesk API key of a branch (shown to admins only). */
async function apiKeyOf(branchId: string): Promise<string> {
  const { cookie } = await adminHeaders(stage.url)
  const branches = await call<{ id: string; apiKey: string }[]>('GET', '/api/branches', undefined, {
    cookie: cookie ?? '',
  })
  const key = branches.find((b) => b.id === branchId)?.apiKey
  expect(key).toBeTruthy()
  return key as string
}

type PublicOrder = { id: string; uid: string; hash: string; version: number; status: string }

/** A takeaway order placed over the API and confirmed by the staff, so the timeline moves. */
async function confirmedOrder(branchId: string): Promise<PublicOrder> {
  const order = await call<PublicOrder>('POST', '/api/orders', {
    branch: branchId,
    isDelivery: false,
    isDineIn: false,
    firstName: 'Anna',
    lastName: 'Muster',
    phone: '+41 79 123 45 67',
    email: 'anna.muster@example.ch',
    country: 'CH',
    items: [
      { product: 'butterzopf-500g', amount: 1, unit: 'piece' },
      { product: 'buttergipfeli', amount: 4, unit: 'piece' },
    ],
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
  })
  const publicView = () => call<PublicOrder>('GET', `/api/orders/public/${order.uid}/${order.hash}`)
  // The public view is a read model: wait until it knows the order before the staff acts on it.
  await expect.poll(async () => (await publicView()).version).toBeGreaterThanOrEqual(order.version)
  const version = (await publicView()).version
  await call(
    'POST',
    `/api/orders/${order.id}/status/confirm`,
    { version },
    {
      'x-api-key': await apiKeyOf(branchId),
    },
  )
  await expect.poll(async () => (await publicView()).status).toBe('confirmed')
  return order
}

beforeAll(async () => {
  stage = await startStage()
  mkdirSync(OUT, { recursive: true })
  const init = await call<InitEntry[]>('GET', '/api/init')
  const of = <T>(url: string) => init.find((entry) => entry.url === url)?.data as T
  const branch = of<{ id: string; identifier: string }[]>('/api/branches').find(
    (b) => b.identifier === BRANCH,
  )
  expect(branch).toBeDefined()
  type Site = { translations: Record<string, { path: string; title: string; name: string } | null> }
  const about = of<Site[]>('/api/sites')
    .map((site) => site.translations['de-CH'])
    .find((t) => t?.title === 'Über uns' || t?.name === 'Über uns')
  expect(about?.path).toBeTruthy()
  aboutPath = about?.path as string
  branchId = (branch as { id: string }).id
  // What the demo lacks: a standard page with columns and a gallery in German and French.
  await createSummerPage(stage)
})

afterAll(async () => {
  await stage?.close()
  if (WRITE && written.length > 0) writeIndex()
})

/** A customer with the cookie question answered (consent given), light or dark, no motion. */
async function open(
  viewport: ViewportName,
  path: string,
  opts: { dark?: boolean; locale?: string } = {},
): Promise<Page> {
  const page = await stage.newPage({
    viewport: VIEWPORTS[viewport],
    ...(opts.locale ? { locale: opts.locale } : {}),
  })
  await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'given', url: stage.url }])
  await page.emulateMedia({ colorScheme: opts.dark ? 'dark' : 'light', reducedMotion: 'reduce' })
  await page.goto(path)
  return page
}

/** Waits for `fn` without depending on the machine's speed. */
function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 })
}

/** The resting page: every image loaded (lazy ones too), no hover, no animation, fonts ready. */
async function settle(page: Page) {
  await page.mouse.move(0, 0)
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager'
  })
  await poll(() =>
    page.evaluate(async () => {
      await document.fonts.ready
      return Array.from(document.images).every((img) => img.complete)
    }),
  ).toBe(true)
  // Finite animations and transitions end; an endless one (the kiosk's pulse) never does.
  await poll(() =>
    page.evaluate(
      () =>
        document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).length,
    ),
  ).toBe(0)
}

/**
 * Takes the shot, makes it a palette PNG and writes `<name>-<viewport>.png`. A full page is taken
 * by stretching the window to the page's height (up to `maxHeight`), so fixed bars (the phone's
 * cart bar) sit at the bottom as a visitor sees them, not half-way down the page.
 */
async function shoot(
  page: Page,
  name: string,
  viewport: ViewportName,
  opts: { fullPage?: boolean; maxHeight?: number } = {},
) {
  const fullPage = opts.fullPage ?? true
  const size = VIEWPORTS[viewport]
  if (fullPage) {
    // No focus ring left on the control used last, the page from its top.
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
      window.scrollTo(0, 0)
    })
    await settle(page)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    await page.setViewportSize({
      width: size.width,
      height: Math.max(size.height, Math.min(height, opts.maxHeight ?? height)),
    })
  }
  await settle(page)
  const raw = await page.screenshot({ animations: 'disabled', caret: 'hide' })
  if (fullPage) await page.setViewportSize(size)
  const png = await sharp(raw).png({ palette: true, quality: 80, compressionLevel: 9 }).toBuffer()
  const meta = await sharp(png).metadata()
  expect(meta.width).toBe(size.width)
  const file = `${name}-${viewport}.png`
  writeFileSync(join(OUT, file), png)
  written.push({ page: name, viewport, file, bytes: png.byteLength, height: meta.height, fullPage })
}

const heading1 = (page: Page) => page.locator('main h1').first().textContent()

/** Fills the cart through the menu: a tap on two plain products and a weighed one by overlay. */
async function fillCart(page: Page) {
  await poll(() => page.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).count()).toBe(1)
  await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
  await page.getByRole('button', { name: 'Buttergipfeli in den Warenkorb legen' }).click()
  await page.getByRole('button', { name: 'Rindsentrecôte auswählen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rindsentrecôte' })
  const amount = dialog.getByRole('textbox', { name: /^Menge in/ })
  await poll(() => amount.inputValue()).toBe('200')
  await amount.fill('500')
  await amount.blur()
  await dialog.getByRole('button', { name: 'In den Warenkorb' }).click()
  await poll(() => dialog.count()).toBe(0)
  // 1 Butterzopf + 1 Buttergipfeli + 1 Rindsentrecôte (sold by weight counts as one).
  await poll(async () => (await page.getByTestId('cart-count').first().innerText()).split('\n')[0]).toBe('3')
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('screenshots on a %s', (viewport) => {
  it('home: the branch list', async () => {
    const page = await open(viewport, '/')
    await poll(() => page.locator('.home-card').count()).toBe(3)
    expect(await page.locator('.home-card__title').first().textContent()).toBe('Huber Zürich Altstadt')
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0)
    await shoot(page, 'home', viewport)
  })

  it('the branch menu', async () => {
    const page = await open(viewport, `/store/${BRANCH}`)
    await poll(() => page.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).count()).toBe(1)
    await poll(() => page.getByRole('heading', { level: 2, name: 'Metzgerei' }).count()).toBe(1)
    await poll(() => page.locator('.menu-intro').innerText()).toContain(
      'Derzeit bieten wir leider keine Lieferung an.',
    )
    await shoot(page, 'menu', viewport, { maxHeight: MENU_SCREENS * VIEWPORTS[viewport].height })
  })

  it('the item overlay on a configurable product', async () => {
    const page = await open(viewport, `/store/${BRANCH}`)
    await page.getByRole('button', { name: 'Sandwich nach Wahl auswählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sandwich nach Wahl' })
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: /Baguette/ }).check()
    await poll(() => dialog.locator('.menu-item__missing').innerText()).toBe('Noch offen: Füllung, Grösse')
    // Checking the option scrolled the overlay: show it from its top (image, description).
    await dialog.evaluate((el) => {
      for (const node of [el, ...Array.from(el.querySelectorAll('*'))]) node.scrollTop = 0
    })
    await shoot(page, 'item', viewport, { fullPage: false })
  })

  it('the cart with a few items', async () => {
    const page = await open(viewport, `/store/${BRANCH}`)
    await fillCart(page)
    // The 'added' toast goes after 3.5 s; the menu from its top, no focus ring left behind.
    await page.clock.runFor(4000)
    await poll(() => page.locator('.ui-toast').count()).toBe(0)
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
      window.scrollTo(0, 0)
    })
    if (viewport === 'phone') {
      const toggle = page.locator('.menu-cart__toggle')
      await toggle.click()
      await poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    }
    const item = page.locator('.menu-cart__item', { hasText: 'Rindsentrecôte' })
    await poll(() => item.isVisible()).toBe(true)
    await poll(async () => (await page.getByTestId('cart-total').innerText()).replace(/\s+/g, ' ')).toContain(
      'CHF',
    )
    await shoot(page, 'cart', viewport, { fullPage: false })
  })

  it('the checkout with items, then the date picker', async () => {
    const page = await open(viewport, `/store/${BRANCH}`)
    await fillCart(page)
    await page.evaluate((key) => {
      sessionStorage.setItem(
        key,
        JSON.stringify({
          firstName: 'Anna',
          lastName: 'Muster',
          phone: '+41791234567',
          email: 'anna@example.ch',
        }),
      )
    }, `asp-checkout-${BRANCH}`)
    await page.goto(`/store/${BRANCH}/checkout`)
    await poll(() => page.title()).toMatch(/^Bestellvorgang - /)
    await poll(() => page.locator('.checkout-cart__item').count()).toBe(3)
    await poll(() => page.locator('#checkout-when-status').textContent()).toContain('so schnell wie möglich')
    await poll(() => page.getByRole('button', { name: /^Datum/ }).isDisabled()).toBe(false)
    await shoot(page, 'checkout', viewport)

    await page.getByRole('button', { name: /^Datum/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Datum wählen' })
    await poll(() => dialog.getByRole('heading', { name: 'November 2026' }).count()).toBe(1)
    await shoot(page, 'date-picker', viewport, { fullPage: false })
  })

  it('the status of a confirmed order', async () => {
    // One order for both viewports (expect.poll only works inside a test).
    statusPath ??= confirmedOrder(branchId).then((order) => `/status/${order.uid}/${order.hash}`)
    const page = await open(viewport, await statusPath)
    await poll(() => heading1(page)).toBe('Vielen Dank für Ihre Bestellung!')
    await poll(() => page.locator('.status-now__text').textContent()).toContain('Bestätigt')
    await poll(() => page.locator('.status-step').count()).toBe(4)
    await poll(() => page.locator('.status-live').textContent()).toContain('Live')
    await shoot(page, 'status', viewport)
  })

  it("the content page 'Über uns'", async () => {
    const page = await open(viewport, aboutPath)
    await poll(() => heading1(page)).toBe('Über uns')
    await poll(() => page.locator('main .content-lead').textContent()).toContain('seit 1898 in Familienhand')
    await shoot(page, 'about', viewport)
  })

  it('the 404 page', async () => {
    const page = await open(viewport, '/gibt-es-nicht')
    await poll(() => heading1(page)).toBe('404 Not Found')
    expect(await page.getByText('Leider wurde die angeforderte Seite nicht gefunden.').count()).toBe(1)
    await shoot(page, 'not-found', viewport)
  })

  it('the kiosk screensaver', async () => {
    const page = await open(viewport, `/kiosk/${BRANCH}`)
    await poll(() => page.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).count()).toBe(1)
    await page.clock.runFor(91_000)
    const saver = page.getByRole('button', { name: /Zum Bestellen tippen/ })
    await poll(() => saver.isVisible()).toBe(true)
    await shoot(page, 'kiosk', viewport, { fullPage: false })
  })

  it('the checkout cart with "Ändern" open on a configured item', async () => {
    const page = await open(viewport, `/store/${BRANCH}`)
    await poll(() => page.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    await page.getByRole('button', { name: 'Sandwich nach Wahl auswählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sandwich nach Wahl' })
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: /Baguette/ }).check()
    await dialog.getByRole('radio', { name: /Salami/ }).check()
    await dialog.getByRole('radio', { name: /Ganz/ }).check()
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click()
    await poll(() => dialog.count()).toBe(0)
    await poll(async () => (await page.getByTestId('cart-count').first().innerText()).split('\n')[0]).toBe(
      '2',
    )
    await page.goto(`/store/${BRANCH}/checkout`)
    await poll(() => page.locator('.checkout-cart__item').count()).toBe(2)
    await page.getByRole('button', { name: '«Sandwich nach Wahl» ändern' }).click()
    await dialog.waitFor()
    await poll(() => dialog.getByRole('radio', { name: /Baguette/ }).isChecked()).toBe(true)
    await dialog.evaluate((el) => {
      for (const node of [el, ...Array.from(el.querySelectorAll('*'))]) node.scrollTop = 0
    })
    await shoot(page, 'checkout-edit', viewport, { fullPage: false })
  })

  it('a standard page with columns and a gallery, in German and in French', async () => {
    for (const [name, path, locale, title] of [
      ['content-page-de', SUMMER_PAGE.de, 'de-CH', 'Sommerfest 2026'],
      ['content-page-fr', SUMMER_PAGE.fr, 'fr-FR', 'Fête d’été 2026'],
    ] as const) {
      const page = await open(viewport, path, { locale })
      await poll(() => heading1(page)).toBe(title)
      await poll(() => page.locator('main .content-columns__item').count()).toBe(3)
      await poll(() => page.locator('main .content-gallery img').count()).toBe(3)
      expect(await page.locator('main .content-draft').count()).toBe(0)
      await shoot(page, name, viewport)
    }
  })

  it('the header menu with the main navigation and the about and contact blocks', async () => {
    const page = await open(viewport, aboutPath)
    await poll(() => heading1(page)).toBe('Über uns')
    await page.getByRole('button', { name: 'Menü', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Menü' })
    await poll(() => dialog.getByText('Bäckerei, Café und Metzgerei seit 1898').count()).toBe(1)
    await poll(() => dialog.getByRole('link', { name: '+41 44 251 18 98' }).count()).toBe(1)
    await poll(() => dialog.getByRole('navigation', { name: 'Hauptnavigation' }).isVisible()).toBe(true)
    await shoot(page, 'header-menu', viewport, { fullPage: false })
    // The menu scrolls within its sheet (at most 900 px high): its end, the two blocks in full.
    await dialog.evaluate((el) => {
      for (const node of [el, ...Array.from(el.querySelectorAll('*'))]) node.scrollTop = node.scrollHeight
    })
    await poll(() => dialog.getByRole('link', { name: '+41 44 251 18 98' }).isVisible()).toBe(true)
    await shoot(page, 'header-menu-blocks', viewport, { fullPage: false })
  })

  it('the status page of a paid order with an item removed and refunded', async () => {
    refundedOrder ??= paidOnlineOrder(stage).then(async (order) => {
      await removeItem(stage, order)
      return order
    })
    const page = await open(viewport, (await refundedOrder).statusPath)
    await poll(() => heading1(page)).toBe('Vielen Dank für Ihre Bestellung!')
    await poll(async () => plain(await page.locator('.status-info__payment').textContent())).toContain(
      'Teilweise rückerstattet',
    )
    await poll(() => page.locator('.status-item').count()).toBe(1)
    await poll(() => page.locator('.status-live').textContent()).toContain('Live')
    await shoot(page, 'status-partial-refund', viewport)
  })

  it('the language picker set to English', async () => {
    const page = await open(viewport, `/store/${BRANCH}`)
    await poll(() => page.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).count()).toBe(1)
    const picker = page.getByLabel('Sprache')
    expect(await picker.locator('option').allTextContents()).toEqual(['Deutsch', 'Français', 'English'])
    await picker.selectOption('en')
    await poll(() => page.getByLabel('Language').inputValue()).toBe('en')
    await poll(() => page.getByRole('button', { name: /^Add Butter plait 500 g/ }).count()).toBe(1)
    await shoot(page, 'language-english', viewport, { fullPage: false })
  })
})

describe('screenshots in dark mode', () => {
  it('the branch menu on a phone', async () => {
    const page = await open('phone', `/store/${BRANCH}`, { dark: true })
    await poll(() => page.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).count()).toBe(1)
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await poll(() => page.getByRole('heading', { level: 2, name: 'Metzgerei' }).count()).toBe(1)
    await shoot(page, 'menu-dark', 'phone', { maxHeight: MENU_SCREENS * VIEWPORTS.phone.height })
  })
})

/**
 * Rewrites the storefront table of docs/screenshots/README.md, between its two markers, with what
 * this run wrote; the rest of the file (the back-office and e2e pictures) is kept as written.
 */
function writeIndex() {
  const order = Object.keys(PAGES)
  const rows = [...written].sort(
    (a, b) => order.indexOf(a.page) - order.indexOf(b.page) || a.viewport.localeCompare(b.viewport),
  )
  const readme = join(DOCS, 'README.md')
  const text = readFileSync(readme, 'utf8')
  const START = '<!-- storefront-shots:start -->'
  const END = '<!-- storefront-shots:end -->'
  const from = text.indexOf(START)
  const to = text.indexOf(END)
  if (from < 0 || to < from) throw new Error(`docs/screenshots/README.md lacks the ${START} … ${END} markers`)
  const table = [
    START,
    '',
    '| Page | Viewport | File | Pixels | Size |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${PAGES[r.page] ?? r.page} | ${r.viewport} | [${r.file}](${r.file}) | ${VIEWPORTS[r.viewport].width}×${r.height} | ${Math.round(r.bytes / 1024)} KB |`,
    ),
    '',
  ]
  writeFileSync(readme, text.slice(0, from) + table.join('\n') + text.slice(to))
}
