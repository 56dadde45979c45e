import type { Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, seriousViolations, startStage } from './support.ts'

// Cart quantities (issue 18, item 1) at phone size on the demo bakery, Tuesday 10:00: the same
// product, unit and configuration added again raises its line; each line has − / + within the
// product's limits and steps, in its unit, in the menu's cart and the checkout's; at the
// minimum the − is the remove button; a configured line opens again in the item overlay, from
// the menu's cart and the checkout's, and is saved back into its place (merging when it now
// equals another line).

let stage: Stage

beforeAll(async () => {
  stage = await startStage()
})

afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

const PHONE = { width: 390, height: 844 }
const norm = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

async function openMenu(locale = 'de-CH'): Promise<Page> {
  const page = await stage.newPage({ viewport: PHONE, locale })
  await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
  // The language as chosen in the picker (English is offered only there).
  await page.addInitScript((chosen) => localStorage.setItem('asp-locale', chosen), locale)
  await page.goto('/store/zuerich-altstadt')
  await page.locator('h1').first().waitFor()
  await expect.poll(() => page.locator('.menu-product').count()).toBeGreaterThan(5)
  return page
}

const cartCount = (page: Page) => page.getByTestId('cart-count').first().innerText()
const lines = (page: Page) => page.locator('.menu-cart__item')
const line = (page: Page, name: string | RegExp) => page.locator('.menu-cart__item', { hasText: name })

async function expandCart(page: Page) {
  const toggle = page.locator('.menu-cart__toggle')
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
}

/** The button's box is at least 44 × 44 px (WCAG 2.5.5 target size). */
async function expectTarget(button: Locator) {
  const box = await button.boundingBox()
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44)
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
}

async function configureSandwich(page: Page, bread: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Sandwich nach Wahl' })
  await dialog.getByRole('radio', { name: bread }).check()
  await dialog.getByRole('radio', { name: /Salami/ }).check()
  await dialog.getByRole('radio', { name: /Ganz/ }).check()
  return dialog
}

describe('cart quantities (issue 18)', () => {
  it('merges the same product into one line and steps it with − / + down to the remove button', async () => {
    const page = await openMenu()
    const add = page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' })
    await add.click()
    await expect.poll(() => cartCount(page)).toBe('1')
    await add.click()
    await expect.poll(() => cartCount(page)).toBe('2')
    await expandCart(page)
    await expect.poll(() => lines(page).count()).toBe(1)
    const zopf = line(page, 'Butterzopf')
    await expect
      .poll(async () => norm(await zopf.locator('.menu-cart__item-amount').textContent()))
      .toBe('2 Stück')
    await expect
      .poll(async () => norm(await zopf.locator('.menu-cart__item-price').textContent()))
      .toBe('CHF 13.80')

    const more = page.getByRole('button', { name: 'Menge erhöhen: Butterzopf 500 g' })
    const less = page.getByRole('button', { name: 'Menge verringern: Butterzopf 500 g' })
    await expectTarget(more)
    await expectTarget(less)
    await more.click()
    await expect.poll(() => cartCount(page)).toBe('3')
    await expect.poll(async () => norm(await page.getByTestId('cart-total').textContent())).toBe('CHF 20.70')
    // By keyboard: Enter on the focused button, the focus stays on it.
    await less.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await expect.poll(() => cartCount(page)).toBe('1')
    // At the minimum the − is the remove button, in its place and still focused.
    const remove = page.getByRole('button', { name: '«Butterzopf 500 g» entfernen' })
    await expect.poll(() => remove.count()).toBe(1)
    expect(await less.count()).toBe(0)
    expect(await remove.evaluate((el) => el === document.activeElement)).toBe(true)
    await expectTarget(remove)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/cart-phone-stepper.png' })
    await page.keyboard.press('Enter')
    await expect.poll(() => cartCount(page)).toBe('0')
    await expect.poll(() => lines(page).count()).toBe(0)
  })

  it('steps a product sold by weight in its unit and step, within its limits', async () => {
    const page = await openMenu()
    await page.getByRole('button', { name: 'Rindsentrecôte auswählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Rindsentrecôte' })
    const amount = dialog.getByRole('textbox', { name: /^Menge in/ })
    await amount.fill('2900')
    await amount.blur()
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expandCart(page)
    const meat = line(page, 'Rindsentrecôte')
    const more = page.getByRole('button', { name: 'Menge erhöhen: Rindsentrecôte' })
    await more.click()
    await expect
      .poll(async () => norm(await meat.locator('.menu-cart__item-amount').textContent()))
      .toBe('2950 g')
    await more.click()
    await expect
      .poll(async () => norm(await meat.locator('.menu-cart__item-amount').textContent()))
      .toBe('3000 g')
    // The maximum: + stays focusable but does nothing, and says why.
    await expect.poll(() => more.getAttribute('aria-disabled')).toBe('true')
    await more.click({ force: true })
    expect(norm(await meat.locator('.menu-cart__item-amount').textContent())).toBe('3000 g')
    await page.getByRole('button', { name: 'Menge verringern: Rindsentrecôte' }).click()
    await expect
      .poll(async () => norm(await meat.locator('.menu-cart__item-amount').textContent()))
      .toBe('2950 g')
    // Adding the same again holds the line at its maximum and says so.
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Rindsentrecôte auswählen' }).click()
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click()
    await expect.poll(() => page.locator('.ui-toast').textContent()).toContain('Höchstmenge erreicht')
    await expandCart(page)
    await expect.poll(() => lines(page).count()).toBe(1)
    await expect
      .poll(async () => norm(await meat.locator('.menu-cart__item-amount').textContent()))
      .toBe('3000 g')
  })

  it('merges equal configurations, keeps others apart, and changes a line in the overlay', async () => {
    const page = await openMenu()
    const open = page.getByRole('button', { name: 'Sandwich nach Wahl auswählen' })
    for (const bread of [/Glutenfreies Brot/, /Glutenfreies Brot/, /Baguette/]) {
      await open.click()
      const dialog = await configureSandwich(page, bread)
      await dialog.getByRole('button', { name: 'In den Warenkorb' }).click()
      await expect.poll(() => dialog.count()).toBe(0)
    }
    await expect.poll(() => cartCount(page)).toBe('3')
    await expandCart(page)
    await expect.poll(() => lines(page).count()).toBe(2)
    const glutenFree = line(page, 'Glutenfreies Brot')
    const baguette = line(page, 'Baguette')
    await expect
      .poll(async () => norm(await glutenFree.locator('.menu-cart__item-amount').textContent()))
      .toBe('2 Stück')
    await expect
      .poll(async () => norm(await baguette.locator('.menu-cart__item-amount').textContent()))
      .toBe('1 Stück')

    // Open the Baguette line again: the overlay shows its choices.
    const edit = baguette.getByRole('button', { name: '«Sandwich nach Wahl» ändern' })
    await expectTarget(edit)
    await edit.click()
    const dialog = page.getByRole('dialog', { name: 'Sandwich nach Wahl' })
    await dialog.waitFor()
    expect(await dialog.getByRole('radio', { name: /Baguette/ }).isChecked()).toBe(true)
    expect(await dialog.getByRole('radio', { name: /Salami/ }).isChecked()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    // Add an extra: saved back into the same line.
    await dialog.getByRole('checkbox', { name: /Extra Käse/ }).check()
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => lines(page).count()).toBe(2)
    await expect.poll(async () => norm(await lines(page).nth(1).textContent())).toContain('Extra Käse')
    await expect
      .poll(async () => norm(await lines(page).nth(1).locator('.menu-cart__item-price').textContent()))
      .toBe('CHF 7.70')
    // Focus is back on the line's "Ändern".
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('«Sandwich nach Wahl» ändern')

    // Change it to equal the other line: one line remains, with both amounts.
    await page.getByRole('button', { name: '«Sandwich nach Wahl» ändern' }).nth(1).click()
    await dialog.getByRole('radio', { name: /Glutenfreies Brot/ }).check()
    await dialog.getByRole('checkbox', { name: /Extra Käse/ }).uncheck()
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click()
    await expect.poll(() => lines(page).count()).toBe(1)
    await expect
      .poll(async () => norm(await lines(page).first().locator('.menu-cart__item-amount').textContent()))
      .toBe('3 Stück')
    await expect.poll(() => cartCount(page)).toBe('3')
    // 3 × (6.50 + 1.50)
    await expect.poll(async () => norm(await page.getByTestId('cart-total').textContent())).toBe('CHF 24.00')
    await page.screenshot({ path: '/tmp/cart-phone-configured.png' })
  })

  it('steps and removes lines in the checkout cart too', async () => {
    const page = await openMenu()
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    await page.getByRole('button', { name: 'Buttergipfeli in den Warenkorb legen' }).click()
    await expect.poll(() => cartCount(page)).toBe('2')
    await page.getByRole('link', { name: 'Zur Kasse' }).click()
    await page.waitForURL(/\/checkout$/)
    const items = page.locator('.checkout-cart__item')
    await expect.poll(() => items.count()).toBe(2)
    const more = page.getByRole('button', { name: 'Menge erhöhen: Butterzopf 500 g' })
    await expectTarget(more)
    await more.click()
    await expect
      .poll(async () => norm(await items.first().locator('.checkout-cart__amount').textContent()))
      .toBe('2 Stück')
    await expect
      .poll(async () => norm(await items.first().locator('.checkout-cart__price').textContent()))
      .toBe('CHF 13.80')
    await page.getByRole('button', { name: 'Menge verringern: Butterzopf 500 g' }).click()
    await expect
      .poll(async () => norm(await items.first().locator('.checkout-cart__amount').textContent()))
      .toBe('1 Stück')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: '«Butterzopf 500 g» entfernen' }).click()
    await expect.poll(() => items.count()).toBe(1)
    expect(norm(await items.first().textContent())).toContain('Buttergipfeli')
    // The menu's cart shows the same (one cart per branch).
    await page.goBack()
    await expect.poll(() => cartCount(page)).toBe('1')
  })

  it('changes a configured line in the checkout cart in the overlay, merging it as the menu does', async () => {
    const page = await openMenu()
    const open = page.getByRole('button', { name: 'Sandwich nach Wahl auswählen' })
    for (const bread of [/Baguette/, /Glutenfreies Brot/]) {
      await open.click()
      const dialog = await configureSandwich(page, bread)
      await dialog.getByRole('button', { name: 'In den Warenkorb' }).click()
      await expect.poll(() => dialog.count()).toBe(0)
    }
    await expect.poll(() => cartCount(page)).toBe('2')
    await page.getByRole('link', { name: 'Zur Kasse' }).click()
    await page.waitForURL(/\/checkout$/)
    const items = page.locator('.checkout-cart__item')
    const total = () => page.getByTestId('checkout-total').textContent().then(norm)
    await expect.poll(() => items.count()).toBe(2)
    // 6.50 (Baguette) + 8.00 (glutenfree bread +1.50)
    await expect.poll(total).toBe('CHF 14.50')

    // "Ändern" on the Baguette line: the overlay (its own chunk) opens with the line's choices.
    const baguette = items.filter({ hasText: 'Baguette' })
    const edit = baguette.getByRole('button', { name: '«Sandwich nach Wahl» ändern' })
    await expectTarget(edit)
    await edit.click()
    const dialog = page.getByRole('dialog', { name: 'Sandwich nach Wahl' })
    await dialog.waitFor()
    expect(await dialog.getByRole('radio', { name: /Baguette/ }).isChecked()).toBe(true)
    expect(await dialog.getByRole('radio', { name: /Salami/ }).isChecked()).toBe(true)
    expect(await dialog.getByRole('checkbox', { name: /Extra Käse/ }).isChecked()).toBe(false)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: '/tmp/cart-phone-checkout-edit.png' })
    await dialog.getByRole('checkbox', { name: /Extra Käse/ }).check()
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    // Saved into its place: the line and the total show the extra (+1.20).
    await expect.poll(() => items.count()).toBe(2)
    await expect.poll(async () => norm(await items.first().textContent())).toContain('Extra Käse')
    await expect
      .poll(async () => norm(await items.first().locator('.checkout-cart__price').textContent()))
      .toBe('CHF 7.70')
    await expect.poll(total).toBe('CHF 15.70')
    // Focus is back on the line's "Ändern".
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement
          return active?.closest('.checkout-cart__item') ? active.getAttribute('aria-label') : null
        }),
      )
      .toBe('«Sandwich nach Wahl» ändern')

    // Changed to equal the other line: one line remains, with both amounts.
    await items.first().getByRole('button', { name: '«Sandwich nach Wahl» ändern' }).click()
    await dialog.getByRole('radio', { name: /Glutenfreies Brot/ }).check()
    await dialog.getByRole('checkbox', { name: /Extra Käse/ }).uncheck()
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click()
    await expect.poll(() => items.count()).toBe(1)
    await expect
      .poll(async () => norm(await items.first().locator('.checkout-cart__amount').textContent()))
      .toBe('2 Stück')
    // 2 × (6.50 + 1.50)
    await expect.poll(total).toBe('CHF 16.00')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('«Sandwich nach Wahl» ändern')
    // The menu's cart shows the same (one cart per branch).
    await page.goBack()
    await expect.poll(() => cartCount(page)).toBe('2')
  })

  it('names the buttons in French and English', async () => {
    for (const [locale, add, name] of [
      // The product's name as translated in the demo data (issue 18).
      ['fr-FR', 'Ajouter Tresse au beurre 500 g au panier', 'Augmenter la quantité : Tresse au beurre 500 g'],
      ['en', 'Add Butter plait 500 g to the cart', 'Increase quantity: Butter plait 500 g'],
    ] as const) {
      const page = await openMenu(locale)
      await page.getByRole('button', { name: add }).click()
      await expect.poll(() => cartCount(page)).toBe('1')
      await expandCart(page)
      await expect.poll(() => page.getByRole('button', { name }).count()).toBe(1)
      expect(await seriousViolations(page)).toEqual([])
    }
  })
})
