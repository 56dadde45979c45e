import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, seriousViolations, startStage } from './support.ts'

// Issue 18's quality bar: axe-core finds no serious or critical violation on any storefront page
// a customer reaches, in de-CH, fr-FR and English, and `<html lang>` is the chosen language. Per
// language a customer whose browser speaks another one picks it in the header's language picker
// (which stores it, as the shop keeps the choice) and walks the shop on a phone: the branch list
// with a branch's week, Zürich's and Lausanne's menus, the overlay of a configurable product, the
// cart, the checkout (refused first: the error state), the status page of the order placed, a
// content page, the legal pages, the 404 page; the menu and the checkout also on a desktop. The
// texts looked for are the storefront's own catalogues of that language. Tuesday 10:00: every
// demo branch is open.

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const LOCALES = ['de-CH', 'fr-FR', 'en'] as const
type Locale = (typeof LOCALES)[number]

const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'storefront', 'src', 'locales')
const SHARED_DIR = join(import.meta.dirname, '..', '..', '..', 'shared', 'i18n', 'locales')

/** A text of a catalogue (`sf-menu`, `shared:ordering`) in a locale, `{{name}}`s filled in. */
function tr(locale: Locale, ns: string, key: string, values: Record<string, string> = {}): string {
  const file = ns.startsWith('shared:')
    ? join(SHARED_DIR, locale, `${ns.slice('shared:'.length)}.json`)
    : join(LOCALES_DIR, locale, `${ns}.json`)
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'))
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part]
  if (typeof node !== 'string') throw new Error(`no text ${ns}:${key} in ${locale}`)
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`)
}

/** The demo's menu content in each language (services/all-in-one/src/demo/translations.ts). */
const CONTENT: Record<
  Locale,
  { sandwich: string; choices: string[]; extra: string; plait: string; about: string; aboutPath: string }
> = {
  'de-CH': {
    sandwich: 'Sandwich nach Wahl',
    choices: ['Glutenfreies Brot', 'Salami', 'Ganz'],
    extra: 'Extra Käse',
    plait: 'Butterzopf 500 g',
    about: 'Über uns',
    aboutPath: '/ueber-uns',
  },
  'fr-FR': {
    sandwich: 'Sandwich à composer',
    choices: ['Pain sans gluten', 'Salami', 'Entier'],
    extra: 'Fromage en plus',
    plait: 'Tresse au beurre 500 g',
    about: 'À propos',
    aboutPath: '/fr/a-propos',
  },
  // The about page has no English translation: the German one is shown, marked as German.
  en: {
    sandwich: 'Build your own sandwich',
    choices: ['Gluten-free bread', 'Salami', 'Whole'],
    extra: 'Extra cheese',
    plait: 'Butter plait 500 g',
    about: 'Über uns',
    aboutPath: '/ueber-uns',
  },
}

let stage: Stage

beforeAll(async () => {
  stage = await startStage()
})

afterAll(async () => {
  await stage?.close()
})

/** Waits for the page (loading, rendering, the API) without depending on its speed. */
function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 20_000, interval: 100 })
}

/** An accessible name that begins with `text` (an option's name is followed by its price). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

const norm = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** The page is in the chosen language and axe finds nothing serious or critical on it. */
async function expectAccessible(page: Page, locale: Locale): Promise<void> {
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale)
  expect(await seriousViolations(page)).toEqual([])
}

/** A customer with cookies declined (no banner over the page) whose browser speaks `browser`. */
async function customer(browser: string, viewport = PHONE): Promise<Page> {
  const page = await stage.newPage({ viewport, locale: browser })
  await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
  return page
}

async function openMenu(page: Page, branch: string): Promise<void> {
  await page.goto(`/store/${branch}`)
  await poll(() => page.locator('.menu-product').count()).toBeGreaterThan(5)
}

describe.each(LOCALES)('every storefront page in %s', (locale) => {
  const text = CONTENT[locale]
  let page: Page

  afterAll(async () => {
    await stage?.closePages()
  })

  it('the home page: the language chosen in the picker, the branch list and a branch’s week', async () => {
    // The browser speaks another language: the customer's choice is what counts.
    page = await customer(locale === 'de-CH' ? 'fr-FR' : 'de-CH')
    await page.goto('/')
    await poll(() => page.locator('.home-card').count()).toBeGreaterThanOrEqual(3)
    await page.locator('#shell-locale').selectOption(locale)
    await poll(() => page.evaluate(() => localStorage.getItem('asp-locale'))).toBe(locale)
    expect(await page.getByLabel(tr(locale, 'sf-shell', 'language')).inputValue()).toBe(locale)

    const card = page.locator('.home-card').first()
    const details = card.locator('summary', { hasText: tr(locale, 'sf-shell', 'branchWeek.details') })
    await poll(() => details.count()).toBe(1)
    await expectAccessible(page, locale)
    await details.click()
    const week = card.locator('.branch-week')
    await poll(() => week.locator('tbody tr').count()).toBe(7)
    expect(norm(await week.getByRole('heading').first().textContent())).toBe(
      tr(locale, 'sf-shell', 'branchWeek.titleWithDelivery'),
    )
    await expectAccessible(page, locale)
  })

  it('the menus of Zürich Altstadt and Lausanne', async () => {
    await openMenu(page, 'zuerich-altstadt')
    await poll(() => page.locator('.menu-product__name', { hasText: text.sandwich }).count()).toBe(1)
    await expectAccessible(page, locale)
    await openMenu(page, 'lausanne')
    await poll(() => page.locator('.menu-product__name', { hasText: text.plait }).count()).toBe(1)
    await expectAccessible(page, locale)
  })

  it('the overlay of a configurable product, its options open and chosen', async () => {
    await openMenu(page, 'zuerich-altstadt')
    await page
      .getByRole('button', { name: tr(locale, 'sf-menu', 'product.configure', { name: text.sandwich }) })
      .click()
    const dialog = page.getByRole('dialog', { name: text.sandwich })
    await poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(5)
    const save = dialog.getByRole('button', { name: tr(locale, 'sf-menu', 'item.save') })
    expect(await save.isDisabled()).toBe(true)
    // Nothing chosen yet: the missing parts are named.
    await poll(() => dialog.locator('.menu-item__missing').count()).toBe(1)
    await expectAccessible(page, locale)
    for (const choice of text.choices) await dialog.getByRole('radio', { name: startsWith(choice) }).check()
    await dialog.getByRole('checkbox', { name: startsWith(text.extra) }).check()
    await poll(() => save.isDisabled()).toBe(false)
    await expectAccessible(page, locale)
    await save.click()
    await poll(() => dialog.count()).toBe(0)
  })

  it('the cart', async () => {
    const toggle = page.locator('.menu-cart__toggle')
    await toggle.click()
    await poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    await poll(async () => norm(await page.locator('.menu-cart__item').first().textContent())).toContain(
      text.sandwich,
    )
    await expectAccessible(page, locale)
  })

  it('the checkout: refused with an empty field, then placed', async () => {
    await page.getByRole('link', { name: tr(locale, 'sf-menu', 'cart.checkout') }).click()
    await page.waitForURL(/\/checkout$/)
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      tr(locale, 'sf-checkout', 'heading'),
    )
    await poll(() => page.locator('.checkout-cart__item').count()).toBe(1)
    await expectAccessible(page, locale)

    // Refused: no last name, the terms not accepted.
    await page
      .getByRole('textbox', { name: tr(locale, 'sf-checkout', 'contact.firstName'), exact: true })
      .fill('Anna')
    await page
      .getByRole('textbox', { name: tr(locale, 'sf-checkout', 'contact.phone'), exact: true })
      .fill('079 123 45 67')
    const submit = page.getByRole('button', { name: tr(locale, 'sf-checkout', 'submit.order') })
    await submit.click()
    const lastName = page.getByRole('textbox', {
      name: tr(locale, 'sf-checkout', 'contact.lastName'),
      exact: true,
    })
    await poll(() => lastName.getAttribute('aria-invalid')).toBe('true')
    await poll(() => page.getByText(tr(locale, 'shared:ordering', 'validation.notBlank')).count()).toBe(1)
    await poll(() => page.locator('.checkout-legal.has-error').count()).toBe(2)
    expect(page.url()).toMatch(/\/checkout$/)
    await expectAccessible(page, locale)

    // The terms in their dialog: the shop's text is German, marked so on a page in another language.
    await page.getByRole('button', { name: tr(locale, 'sf-checkout', 'legal.showTerms') }).click()
    const terms = page.getByRole('dialog', { name: tr(locale, 'sf-checkout', 'legal.termsTitle') })
    await terms.waitFor()
    expect(await terms.locator('.checkout-legal__text').getAttribute('lang')).toBe(
      locale === 'de-CH' ? null : 'de-CH',
    )
    await expectAccessible(page, locale)
    await terms
      .getByRole('button', { name: tr(locale, 'sf-checkout', 'close') })
      .first()
      .click()
    await terms.waitFor({ state: 'hidden' })

    await lastName.fill('Muster')
    await page.getByLabel(tr(locale, 'sf-checkout', 'legal.terms')).check()
    await page.getByLabel(tr(locale, 'sf-checkout', 'legal.privacy')).check()
    await submit.click()
    await page.waitForURL(/\/status\/[^/]+\/[^/]+$/)
  })

  it('the status page of the order placed, opened by its link', async () => {
    const link = new URL(page.url()).pathname
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      tr(locale, 'sf-status', 'headline.thanks'),
    )
    await poll(() => page.locator('.status-now__text').count()).toBe(1)
    // The order's line in the customer's language: the product, its parts' choices and the extra
    // (the order stores them in German, as staff read them).
    const line = norm(await page.locator('.status-item__name').textContent())
    expect(line).toContain(text.sandwich)
    for (const choice of [...text.choices, text.extra]) expect(line).toContain(choice)
    await expectAccessible(page, locale)
    // The link from the confirmation, opened again.
    await page.goto(link)
    await poll(() => page.locator('.status-now__text').count()).toBe(1)
    expect(norm(await page.getByRole('heading', { level: 1 }).textContent())).toBe(
      tr(locale, 'sf-status', 'headline.thanks'),
    )
    await expectAccessible(page, locale)
  })

  it('a content page, the legal pages and the 404 page', async () => {
    await page.goto(text.aboutPath)
    const main = page.locator('main')
    await poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe(text.about)
    // A page without a translation in the chosen language says which language it is in.
    expect(await main.getAttribute('lang')).toBe(locale === 'en' ? 'de-CH' : null)
    await expectAccessible(page, locale)

    // The footer's legal links: each page with its text.
    const legal = page.getByRole('navigation', { name: tr(locale, 'sf-shell', 'legalNavigation') })
    const hrefs = await legal
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    expect(hrefs).toEqual(['/site/terms-and-conditions', '/site/privacy', '/site/imprint', '/site/allergens'])
    for (const href of hrefs) {
      await page.goto(href)
      await poll(() => page.locator('main .content-prose p').count()).toBeGreaterThan(0)
      expect(norm(await page.locator('main h1').textContent())).not.toBe('')
      // The configured text is German: marked as such on a French or English page.
      const textLang = await page
        .locator('main .content-prose')
        .evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))
      expect(textLang).toBe('de-CH')
      await expectAccessible(page, locale)
    }

    await page.goto('/gibt-es-nicht')
    await poll(() => page.locator('main h1').textContent()).toBe(tr(locale, 'sf-content', 'notFound.title'))
    expect(await page.getByText(tr(locale, 'sf-content', 'notFound.text')).count()).toBe(1)
    await expectAccessible(page, locale)
  })

  it('the menu and the checkout on a desktop', async () => {
    // As the picker left it: the choice stored in the browser.
    const desktop = await customer(locale === 'de-CH' ? 'fr-FR' : 'de-CH', DESKTOP)
    await desktop.addInitScript((choice) => localStorage.setItem('asp-locale', choice), locale)
    await openMenu(desktop, 'zuerich-altstadt')
    await poll(() => desktop.locator('.menu-product__name', { hasText: text.plait }).count()).toBe(1)
    await expectAccessible(desktop, locale)
    await desktop
      .getByRole('button', { name: tr(locale, 'sf-menu', 'product.add', { name: text.plait }) })
      .click()
    const checkout = desktop.getByRole('link', { name: tr(locale, 'sf-menu', 'cart.checkout') })
    await poll(() => checkout.isVisible()).toBe(true)
    await expectAccessible(desktop, locale)
    await checkout.click()
    await desktop.waitForURL(/\/checkout$/)
    await poll(() => desktop.locator('.checkout-cart__item').count()).toBe(1)
    await expectAccessible(desktop, locale)
    await desktop.getByRole('button', { name: tr(locale, 'sf-checkout', 'submit.order') }).click()
    await poll(() =>
      desktop
        .getByRole('textbox', { name: tr(locale, 'sf-checkout', 'contact.firstName'), exact: true })
        .getAttribute('aria-invalid'),
    ).toBe('true')
    await poll(() => desktop.locator('.checkout-legal.has-error').count()).toBe(2)
    await expectAccessible(desktop, locale)
  })
})

describe('the offline page', () => {
  it('is accessible and says in which languages it speaks', async () => {
    const page = await customer('de-CH')
    await page.goto('/offline.html')
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Offline')
    // One static page for every language: German, with its French and English lines marked.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-CH')
    expect(await page.locator('p[lang="fr-FR"]').count()).toBe(1)
    expect(await page.locator('p[lang="en"]').count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await stage.closePages()
  })
})
