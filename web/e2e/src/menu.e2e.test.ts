import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, seriousViolations, startStage } from './support.ts'

// The branch menu page (spec §2 "Branch menu page", §5 amount input and item validity, §9 units
// and pricing display) against the demo bakery on Tuesday 10:00: Zürich is open, its delivery
// starts at 11:00.

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
const norm = (text: string) => text.replace(/\s+/g, ' ')
const DESKTOP = { width: 1280, height: 900 }

async function openMenu(viewport = PHONE, consent: 'accept' | 'decline' = 'decline'): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto('/store/zuerich-altstadt')
  try {
    await page.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).waitFor()
  } catch (error) {
    await page.screenshot({ path: '/tmp/menu-failed.png' })
    throw new Error(`menu did not show: ${(await page.locator('body').innerText()).slice(0, 500)}`, {
      cause: error,
    })
  }
  await page.getByRole('button', { name: consent === 'accept' ? 'Akzeptieren' : 'Nur notwendige' }).click()
  return page
}

const cartCount = (page: Page) => page.getByTestId('cart-count').first().innerText()

describe('the branch menu page', () => {
  it('shows the branch, its notice, categories and products, with the page title', async () => {
    const page = await openMenu()
    await expect.poll(() => page.title()).toMatch(/^Huber Zürich Altstadt - /)
    const nav = page.getByRole('navigation', { name: 'Kategorien' })
    await expect
      .poll(() => nav.getByRole('link').allInnerTexts())
      .toEqual(expect.arrayContaining(['Brot', 'Metzgerei', 'Torten & Kuchen', 'Getränke']))
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Metzgerei' }).count()).toBe(1)
    await expect
      .poll(() => page.getByRole('button', { name: 'Butterzopf 500 g', exact: true }).count())
      .toBe(1)
    // Delivery opens at 11:00; takeaway and dine-in remain.
    const intro = page.locator('.menu-intro')
    await expect.poll(() => intro.innerText()).toContain('Derzeit bieten wir leider keine Lieferung an.')
    await expect
      .poll(() => intro.innerText())
      .toContain('Lieferungen sind heute ab 11:00 Uhr wieder möglich.')
    await expect.poll(() => intro.innerText()).toContain('Takeaway und Dine In sind weiterhin möglich.')
    // Price labels with the pricing model's prefix: sold by weight is approximate.
    const entrecote = page.locator('.menu-product', { hasText: 'Rindsentrecôte' })
    await expect
      .poll(async () => norm((await entrecote.locator('.menu-product__price').textContent()) ?? ''))
      .toBe('ca. CHF 79.00 / kg')
    const wedding = page.locator('.menu-product', { hasText: 'Hochzeitstorte' })
    await expect
      .poll(async () => norm((await wedding.locator('.menu-product__price').textContent()) ?? ''))
      .toBe('Preis auf Anfrage')
    await expect.poll(() => wedding.textContent()).toContain('2 Wochen Vorlaufzeit')
    // Product images are sized and lazy.
    const image = entrecote.locator('img')
    expect(await image.getAttribute('loading')).toBe('lazy')
    expect(await image.getAttribute('width')).toBeTruthy()
  })

  it('highlights the category whose group has scrolled past a quarter of the window', async () => {
    const page = await openMenu()
    const nav = page.getByRole('navigation', { name: 'Kategorien' })
    await expect.poll(() => nav.locator('[aria-current="true"]').innerText()).toBe('Brot')
    await nav.getByRole('link', { name: 'Metzgerei' }).click()
    await expect
      .poll(() => nav.locator('[aria-current="true"]').innerText(), { timeout: 5000 })
      .toBe('Metzgerei')
    // Once the scroll has settled, the group's heading sits below the sticky header and bar,
    // above a quarter of the window.
    const heading = page.getByRole('heading', { level: 2, name: 'Metzgerei' })
    await expect
      .poll(async () => {
        const top = await heading.evaluate((h) => h.getBoundingClientRect().top)
        return top > 100 && top < 844 * 0.25
      })
      .toBe(true)
  })

  it('pages a category bar wider than the desktop window with arrow buttons', async () => {
    const page = await openMenu({ width: 1280, height: 800 })
    const nav = page.getByRole('navigation', { name: 'Kategorien' })
    const next = nav.getByRole('button', { name: 'Weitere Kategorien' })
    await expect.poll(() => next.isVisible()).toBe(true)
    expect(await nav.getByRole('button', { name: 'Vorherige Kategorien' }).count()).toBe(0)
    const list = nav.getByRole('list')
    await next.click()
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await expect.poll(() => nav.getByRole('button', { name: 'Vorherige Kategorien' }).isVisible()).toBe(true)
  })

  it('keeps a number and its unit together in product names', async () => {
    const page = await openMenu()
    const name = page.getByRole('button', { name: 'Bio-Vollkornbrot 500 g', exact: true })
    await expect.poll(() => name.textContent()).toBe('Bio-Vollkornbrot 500\u00a0g')
  })

  it('answers an unknown branch with the spec message and a way home', async () => {
    const page = await stage.newPage()
    await page.goto('/store/gibt-es-nicht')
    await expect
      .poll(() => page.locator('main').innerText())
      .toContain('Filiale konnte nicht geladen werden.')
    expect(await page.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/')
  })

  it('adds a plain product with one tap, announces it and sends the add-to-cart event', async () => {
    const page = await openMenu(PHONE, 'accept')
    const event = page.waitForRequest(
      (req) => req.url().endsWith('/api/analytics-log') && (req.postData() ?? '').includes('add-to-cart'),
    )
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Produkt' }).innerText())
      .toBe('Produkt zum Warenkorb hinzugefügt.')
    await expect.poll(() => cartCount(page)).toBe('1')
    expect(JSON.parse((await event).postData() ?? '{}')).toMatchObject({
      type: 'commerce',
      action: 'add-to-cart',
    })
  })

  it('configures a product sold by weight: comma input, unit switch, bounds, price', async () => {
    const page = await openMenu()
    await page.getByRole('button', { name: 'Rindsentrecôte auswählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Rindsentrecôte' })
    await dialog.waitFor()
    const amount = dialog.getByRole('textbox', { name: /^Menge in/ })
    // Opens with the minimum in the default unit (200 g).
    await expect.poll(() => amount.inputValue()).toBe('200')
    await expect
      .poll(async () => norm(await dialog.getByTestId('item-price').innerText()))
      .toBe('ca. CHF 15.80')
    // Switch to kilograms: the amount is converted.
    await dialog.getByRole('radio', { name: 'kg', exact: true }).check()
    await expect.poll(() => amount.inputValue()).toBe('0.2')
    // A comma decimal is accepted.
    await amount.fill('0,5')
    await amount.blur()
    await expect.poll(() => amount.inputValue()).toBe('0.5')
    await expect
      .poll(async () => norm(await dialog.getByTestId('item-price').innerText()))
      .toBe('ca. CHF 39.50')
    // Back to grams: 0.5 kg is 500 g.
    await dialog.getByRole('radio', { name: 'g', exact: true }).check()
    await expect.poll(() => amount.inputValue()).toBe('500')
    // +/- move by the step and stop at the bounds.
    const more = dialog.getByRole('button', { name: 'Mehr' })
    const less = dialog.getByRole('button', { name: 'Weniger' })
    await more.click()
    await expect.poll(() => amount.inputValue()).toBe('550')
    await amount.fill('9999')
    await amount.blur()
    await expect.poll(() => amount.inputValue()).toBe('3000')
    expect(await more.isDisabled()).toBe(true)
    await amount.fill('')
    await amount.blur()
    await expect.poll(() => amount.inputValue()).toBe('200')
    expect(await less.isDisabled()).toBe(true)
    expect(await more.isDisabled()).toBe(false)
    // In pieces of about 250 g.
    await dialog.getByRole('radio', { name: 'Stück', exact: true }).check()
    await expect.poll(() => amount.inputValue()).toBe('1')
    await expect.poll(() => dialog.locator('.ui-field__hint').innerText()).toContain('1 Stück ≈ 0.25 kg')
    await dialog.getByRole('radio', { name: 'g', exact: true }).check()
    await amount.fill('500')
    await amount.blur()
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => cartCount(page)).toBe('1')
    await page.locator('.menu-cart__toggle').click()
    const item = page.locator('.menu-cart__item', { hasText: 'Rindsentrecôte' })
    await expect.poll(async () => norm(await item.innerText())).toContain('500 g')
    await expect.poll(async () => norm(await item.innerText())).toContain('ca. CHF 39.50')
    await expect
      .poll(async () => norm(await page.getByTestId('cart-total').innerText()))
      .toBe('ca. CHF 39.50')
  })

  it('does not save a configurable item until its mandatory selects are chosen', async () => {
    const page = await openMenu()
    await page.getByRole('button', { name: 'Sandwich nach Wahl auswählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sandwich nach Wahl' })
    await dialog.waitFor()
    const save = dialog.getByRole('button', { name: 'In den Warenkorb' })
    expect(await save.isDisabled()).toBe(true)
    await expect
      .poll(() => dialog.locator('.menu-item__missing').innerText())
      .toBe('Noch offen: Brot, Füllung, Grösse')
    await dialog.getByRole('radio', { name: /Glutenfreies Brot/ }).check()
    await dialog.getByRole('radio', { name: /Salami/ }).check()
    expect(await save.isDisabled()).toBe(true)
    await dialog.getByRole('radio', { name: /Ganz/ }).check()
    // An optional multiselect can stay empty; a chosen extra adds its price.
    await dialog.getByRole('checkbox', { name: /Extra Käse/ }).check()
    await expect.poll(() => save.isDisabled()).toBe(false)
    // 6.50 + 1.50 bread + 1.20 cheese
    await expect.poll(async () => norm(await dialog.getByTestId('item-price').innerText())).toBe('CHF 9.20')
    await save.click()
    await expect.poll(() => cartCount(page)).toBe('1')
  })

  it('walks a step-by-step product forward and back', async () => {
    const page = await openMenu()
    await page.getByRole('button', { name: 'Geburtstagstorte nach Wunsch auswählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Geburtstagstorte nach Wunsch' })
    await expect.poll(() => dialog.locator('.menu-item__step').textContent()).toBe('Schritt 1 von 6')
    await expect.poll(() => dialog.innerText()).toContain('2 Tage Vorlaufzeit')
    const next = dialog.getByRole('button', { name: 'Weiter' })
    expect(await next.isDisabled()).toBe(true)
    await dialog.getByRole('radio', { name: /Ø 22 cm/ }).check()
    await expect.poll(async () => norm(await dialog.getByTestId('item-price').innerText())).toBe('CHF 58.00')
    await next.click()
    await expect.poll(() => dialog.locator('.menu-item__step').textContent()).toBe('Schritt 2 von 6')
    await dialog.getByRole('button', { name: 'Zurück' }).click()
    await expect.poll(() => dialog.locator('.menu-item__step').textContent()).toBe('Schritt 1 von 6')
    expect(await dialog.getByRole('radio', { name: /Ø 22 cm/ }).isChecked()).toBe(true)
  })

  it('keeps the cart over a reload; removing the last item collapses the panel', async () => {
    const page = await openMenu()
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    await page.getByRole('button', { name: 'Cervelat auswählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cervelat' })
    await dialog.getByRole('radio', { name: 'Paar', exact: true }).check()
    await dialog.getByRole('button', { name: 'Mehr' }).click()
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click()
    // 1 piece + 2 pairs: pieces, pairs and persons count by amount (spec §9).
    await expect.poll(() => cartCount(page)).toBe('3')
    await page.reload()
    await expect.poll(() => cartCount(page)).toBe('3')
    const toggle = page.locator('.menu-cart__toggle')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('button', { name: '«Butterzopf 500 g» entfernen' }).click()
    await expect.poll(() => cartCount(page)).toBe('2')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('button', { name: '«Cervelat» entfernen' }).click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await toggle.isDisabled()).toBe(true)
    await expect.poll(() => cartCount(page)).toBe('0')
  })

  it('opens the phone cart as a sheet with a heading and a labelled close button, the toast above it', async () => {
    const page = await openMenu()
    // Time stands still, so the 'added' toast is still there when the sheet opens.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    const toast = page.locator('.ui-toast')
    await expect.poll(() => toast.textContent()).toBe('Produkt zum Warenkorb hinzugefügt.')
    const toggle = page.locator('.menu-cart__toggle')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    const cart = page.getByRole('complementary', { name: 'Warenkorb' })
    await expect.poll(() => cart.getByRole('heading', { level: 2, name: 'Warenkorb' }).isVisible()).toBe(true)
    // The item's unit is named as everywhere in the shop.
    await expect
      .poll(async () => norm(await cart.locator('.menu-cart__item-amount').innerText()))
      .toBe('1 Stück')
    // The toast sits above the sheet, not over its buttons and total.
    const sheet = await page.locator('.menu-cart__panel').boundingBox()
    const box = await toast.boundingBox()
    expect(sheet).not.toBeNull()
    expect(box).not.toBeNull()
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(sheet?.y ?? 0)
    await cart.getByRole('button', { name: 'Warenkorb schliessen' }).click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('fits the desktop cart column into the window: items scroll, total and checkout stay in view', async () => {
    const page = await openMenu({ width: 1280, height: 800 })
    for (const name of ['Butterzopf 500 g', 'Buttergipfeli', 'Ruchbrot 500 g', 'Dinkelbrot 500 g']) {
      await page.getByRole('button', { name: `${name} in den Warenkorb legen` }).click()
    }
    // The column's badge: the number, then the visually hidden '4 Artikel'.
    await expect.poll(async () => (await cartCount(page)).split('\n')[0]).toBe('4')
    const cart = page.getByRole('complementary', { name: 'Warenkorb' })
    const checkout = cart.getByRole('link', { name: 'Zur Kasse' })
    const inView = () =>
      checkout.evaluate((el) => {
        const box = el.getBoundingClientRect()
        return box.top >= 0 && box.bottom <= window.innerHeight
      })
    await expect.poll(inView).toBe(true)
    expect(await cart.getByTestId('cart-total').isVisible()).toBe(true)
    const items = cart.locator('.menu-cart__scroller')
    expect(await items.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    // The list keeps its end in view: the item added last is fully visible.
    const last = cart.locator('.menu-cart__item').last()
    expect(await last.innerText()).toContain('Dinkelbrot')
    const [list, item] = [await items.boundingBox(), await last.boundingBox()]
    expect((item?.y ?? 0) + (item?.height ?? 0)).toBeLessThanOrEqual((list?.y ?? 0) + (list?.height ?? 0) + 1)
    expect(item?.y ?? 0).toBeGreaterThanOrEqual(list?.y ?? 0)
    // Still so once the page has scrolled the column to its sticky place.
    await page.mouse.wheel(0, 1500)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
    await expect.poll(inView).toBe(true)
  })

  it('offers the order types the branch enables and shows the delivery hints', async () => {
    const page = await openMenu(DESKTOP)
    const cart = page.getByRole('complementary', { name: 'Warenkorb' })
    await expect.poll(() => cart.getByRole('radio').count()).toBe(3)
    expect(await cart.getByRole('radio', { name: 'Takeaway' }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    await cart.getByRole('radio', { name: 'Lieferung' }).check()
    const area = cart.getByRole('combobox', { name: 'Liefergebiet' })
    await expect.poll(() => area.inputValue()).not.toBe('')
    await expect.poll(() => cart.innerText()).toContain('Lieferkosten')
    const checkout = cart.getByRole('link', { name: 'Zur Kasse' })
    const minimum = cart.getByText(/Mindestbestellwert/)
    if ((await minimum.count()) > 0) {
      await expect.poll(() => cart.innerText()).toContain('Fügen Sie Waren im Wert von mindestens')
      expect(await checkout.count()).toBe(0)
    } else {
      expect(await checkout.getAttribute('href')).toBe('/store/zuerich-altstadt/checkout')
    }
    await cart.getByRole('radio', { name: 'Takeaway' }).check()
    expect(await cart.getByRole('link', { name: 'Zur Kasse' }).getAttribute('href')).toBe(
      '/store/zuerich-altstadt/checkout',
    )
  })

  it('is keyboard usable and has no serious accessibility violation, overlay open or closed', async () => {
    const page = await openMenu()
    expect(await seriousViolations(page)).toEqual([])
    const name = page.getByRole('button', { name: 'Sandwich nach Wahl', exact: true })
    await name.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Sandwich nach Wahl' })
    await dialog.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Sandwich nach Wahl')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('serves /kiosk with a kiosk checkout link', async () => {
    const page = await stage.newPage({ viewport: DESKTOP })
    await page.goto('/kiosk/zuerich-altstadt')
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    const cart = page.getByRole('complementary', { name: 'Warenkorb' })
    expect(await cart.getByRole('link', { name: 'Zur Kasse' }).getAttribute('href')).toBe(
      '/kiosk/zuerich-altstadt/checkout',
    )
  })

  it('looks right on phone and desktop, light and dark (screenshots)', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await openMenu(viewport)
      // No colour transitions in the middle of a theme switch on the screenshots.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `/tmp/menu-${name}.png` })
      await page.screenshot({ path: `/tmp/menu-${name}-full.png`, fullPage: true })
      await page.getByRole('button', { name: 'Sandwich nach Wahl auswählen' }).click()
      await page.getByRole('dialog').waitFor()
      await page.getByRole('radio', { name: /Baguette/ }).check()
      await page.screenshot({ path: `/tmp/menu-${name}-overlay.png` })
      await page.keyboard.press('Escape')
      if (name === 'phone') await page.locator('.menu-cart__toggle').click()
      await page.screenshot({ path: `/tmp/menu-${name}-cart.png` })
      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'dark'
      })
      await page.screenshot({ path: `/tmp/menu-${name}-cart-dark.png` })
      if (name === 'phone') await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Rindsentrecôte auswählen' }).click()
      await page.getByRole('dialog').waitFor()
      await page.screenshot({ path: `/tmp/menu-${name}-overlay-dark.png` })
      expect(await seriousViolations(page)).toEqual([])
    }
  })
})
