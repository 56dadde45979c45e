import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

// Languages (issue 18, item 8) on the demo bakery, Tuesday 10:00: the owner translates a
// product's name and an option to French in the back-office's "Übersetzungen"; a customer in
// French sees it on Lausanne's menu, in the item overlay and in the cart, with the demo's French
// texts elsewhere and German where a product has none; English is offered in the language
// picker; a French page shows money only as "7,20 CHF", a German one only as "CHF 7.20".

let stage: Stage
let admin: Record<string, string>

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }
const norm = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** Money as French writes it ('4,20 CHF', '1 234,50 CHF') and as German and English do ('CHF 4.20'). */
const FRENCH_MONEY = /\d,\d{2}[\s\u00a0\u202f]CHF/g
const GERMAN_MONEY = /CHF[\s\u00a0\u202f]\d/g

type Product = {
  id: string
  version: number
  uid: string
  name: string
  translations: Record<string, unknown>
}

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
})

afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

async function productByUid(uid: string): Promise<Product> {
  const { data } = await apiCall<Product[]>(stage.url, 'GET', '/api/products', undefined, admin)
  return data.find((p) => p.uid === uid)!
}

/** A customer at phone size, cookies declined, the language as a browser or the picker set it. */
async function customer(locale: string, chosen = false): Promise<Page> {
  const page = await stage.newPage({ viewport: PHONE, locale })
  await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
  if (chosen) await page.addInitScript((value) => localStorage.setItem('asp-locale', value), locale)
  return page
}

async function openLausanne(page: Page): Promise<void> {
  await page.goto('/store/lausanne')
  await expect.poll(() => page.locator('.menu-product').count()).toBeGreaterThan(5)
}

/** The text of a product card on the menu (name, description, price). */
function card(page: Page, name: string) {
  return page.locator('.menu-product', { has: page.locator('.menu-product__name', { hasText: name }) })
}

async function moneyOnPage(page: Page): Promise<{ french: number; german: number }> {
  const text = await page.locator('body').innerText()
  return { french: text.match(FRENCH_MONEY)?.length ?? 0, german: text.match(GERMAN_MONEY)?.length ?? 0 }
}

describe('menu content in the customer’s language', () => {
  it('is translated by the owner in the product editor’s "Übersetzungen"', async () => {
    const tea = await productByUid('tee')
    expect(tea.translations).toEqual({})
    const page = await stage.newPage({ viewport: DESKTOP })
    await page.goto('/backend/login')
    await page.getByLabel('Benutzername').fill('admin')
    await page.getByLabel('Passwort').fill('demo-admin-2026')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await page.waitForURL((url) => url.pathname === '/backend/orders')
    await page.goto(`/backend/products/${encodeURIComponent(tea.id)}`)
    await page.getByRole('heading', { level: 1, name: 'Tee' }).waitFor()

    const section = page.getByRole('group', { name: 'Übersetzungen' })
    // Each language is folded, its summary counting the texts translated.
    const summary = section.locator('summary', { hasText: /^Französisch: 0 Texte übersetzt$/ })
    await summary.click()
    const french = section.getByRole('group', { name: 'Französisch' })
    await french.scrollIntoViewIfNeeded()
    // Each field shows its German original beside it.
    expect(await french.getByText('Deutsch: Tee', { exact: true }).count()).toBe(1)
    expect(await french.getByText('Deutsch: Offener Tee aus der Teehandlung um die Ecke.').count()).toBe(1)
    await french.getByLabel('Übersetzter Name').fill('Thé')
    const part = french.getByRole('group', { name: 'Teil 1: Sorte' })
    await part.getByLabel('Option «Pfefferminze»').fill('Menthe poivrée')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Speichern' }).click()
    await page.getByText('Gespeichert.').waitFor()

    const saved = await productByUid('tee')
    expect(saved.translations).toEqual({
      'fr-FR': {
        name: 'Thé',
        description: null,
        parts: [{ name: null, description: null, options: ['Menthe poivrée'] }],
      },
    })
    // Loaded again, the editor counts and shows the translation.
    await page.reload()
    await page.locator('summary', { hasText: /^Französisch: 2 Texte übersetzt$/ }).click()
    await expect
      .poll(() =>
        page.getByRole('group', { name: 'Französisch' }).getByLabel('Option «Pfefferminze»').inputValue(),
      )
      .toBe('Menthe poivrée')
  })

  it('shows French on Lausanne’s menu, in the item overlay and the cart; German where none is given', async () => {
    const page = await customer('fr-FR')
    await openLausanne(page)
    // The owner's translation and the demo's French texts; a category in French.
    await expect.poll(() => card(page, 'Thé').count()).toBe(1)
    expect(
      norm(await card(page, 'Tresse au beurre 500 g').locator('.menu-product__description').textContent()),
    ).toBe('Tressée à la main, au lait entier et au beurre suisses – le classique du petit-déjeuner.')
    expect(await page.getByRole('heading', { level: 2, name: 'Boissons' }).count()).toBe(1)
    expect(await page.getByRole('heading', { level: 2, name: 'Getränke' }).count()).toBe(0)
    // A product without a translation falls back to German.
    expect(
      norm(await card(page, 'St. Galler Bürli').locator('.menu-product__description').textContent()),
    ).toBe('Knuspriges Doppelbürli, frisch aus dem Ofen.')
    // The tea's German description is not translated: it stays German.
    expect(norm(await card(page, 'Thé').locator('.menu-product__description').textContent())).toBe(
      'Offener Tee aus der Teehandlung um die Ecke.',
    )

    await card(page, 'Thé').locator('.menu-product__open').click()
    const dialog = page.getByRole('dialog', { name: 'Thé' })
    await dialog.waitFor()
    // The translated option; the others and the part's name fall back to German.
    await dialog.getByRole('radio', { name: 'Menthe poivrée' }).check()
    expect(await dialog.getByRole('radio', { name: 'Alpenkräuter' }).count()).toBe(1)
    expect(await dialog.getByRole('radio', { name: 'Pfefferminze' }).count()).toBe(0)
    expect(norm(await dialog.locator('legend').first().textContent())).toContain('Sorte')
    await dialog.getByRole('button', { name: 'Ajouter au panier' }).click()
    await expect.poll(() => dialog.count()).toBe(0)

    const toggle = page.locator('.menu-cart__toggle')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    const line = page.locator('.menu-cart__item').first()
    await expect.poll(async () => norm(await line.textContent())).toContain('Thé')
    expect(norm(await line.textContent())).toContain('Sorte: Menthe poivrée')
    expect(await page.getByRole('button', { name: 'Augmenter la quantité : Thé' }).count()).toBe(1)

    // The order keeps the German names for the staff (docs/storefront.md "Languages").
    expect(await seriousViolations(page)).toEqual([])
  })

  it('shows a German customer the German texts, also of translated products', async () => {
    const page = await customer('de-CH')
    await openLausanne(page)
    await expect.poll(() => card(page, 'Tee').count()).toBe(1)
    expect(await card(page, 'Butterzopf 500 g').count()).toBe(1)
    expect(await card(page, 'Thé').count()).toBe(0)
    expect(await page.getByRole('heading', { level: 2, name: 'Getränke' }).count()).toBe(1)
  })
})

describe('the language picker', () => {
  it('offers English, which shows the English menu', async () => {
    const page = await customer('de-CH')
    await openLausanne(page)
    const picker = page.getByLabel('Sprache')
    expect(await picker.locator('option').allTextContents()).toEqual(['Deutsch', 'Français', 'English'])
    await picker.selectOption('en')
    await expect.poll(() => card(page, 'Butter plait 500 g').count()).toBe(1)
    expect(await page.getByRole('heading', { level: 2, name: 'Drinks' }).count()).toBe(1)
    expect(await page.getByLabel('Language').inputValue()).toBe('en')
    // English money reads as in Britain: the currency first.
    expect(norm(await card(page, 'Butter plait 500 g').locator('.menu-product__price').textContent())).toBe(
      'CHF 6.90',
    )
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('one money format per page', () => {
  it('shows only "7,20 CHF"-style amounts on the French menu and checkout, only "CHF 7.20" on the German', async () => {
    const page = await customer('fr-FR')
    await openLausanne(page)
    await page.getByRole('button', { name: 'Ajouter Tresse au beurre 500 g au panier' }).click()
    await page.getByRole('button', { name: 'Ajouter Croissant au beurre au panier' }).click()
    const toggle = page.locator('.menu-cart__toggle')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    await expect.poll(async () => (await moneyOnPage(page)).french).toBeGreaterThan(3)
    expect((await moneyOnPage(page)).german).toBe(0)

    await page.getByRole('link', { name: 'Passer à la caisse' }).click()
    await page.waitForURL(/\/checkout$/)
    const total = page.getByTestId('checkout-total')
    await expect.poll(async () => norm(await total.textContent())).toMatch(/^\d+,\d{2} CHF$/)
    // The cart's lines in French, the subtotal, total, VAT and donation amounts alike.
    expect(norm(await page.locator('.checkout-cart__items').textContent())).toContain(
      'Tresse au beurre 500 g',
    )
    const money = await moneyOnPage(page)
    expect(money.french).toBeGreaterThan(3)
    expect(money.german).toBe(0)
    expect(await seriousViolations(page)).toEqual([])

    // The same checkout in German: only "CHF 7.20".
    await page.locator('#shell-locale').selectOption('de-CH')
    await expect.poll(async () => norm(await total.textContent())).toMatch(/^CHF \d+\.\d{2}$/)
    const german = await moneyOnPage(page)
    expect(german.german).toBeGreaterThan(3)
    expect(german.french).toBe(0)
    expect(norm(await page.locator('.checkout-cart__items').textContent())).toContain('Butterzopf 500 g')
  })
})
