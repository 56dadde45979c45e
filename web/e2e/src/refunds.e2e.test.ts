import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

// Issue 18 item 6 (docs/payments.md "Refunds"): a customer pays online with the built-in test
// provider, staff cancel the order in the back-office, the refund process pays the money back,
// and the customer's status page, the order detail and the board card say so; a refused refund
// is shown and retried by staff; staff remove an item of a paid order and the difference goes
// back. Customers at phone size, the board and the item removal at tablet size.

let stage: Stage
let products: Record<string, unknown>[]
let zurich: string

const PHONE = { width: 390, height: 844 }
const TABLET = { width: 1280, height: 800 }
const DESKTOP = { width: 1280, height: 900 }
const STATUS = /\/status\/([^/]+)\/([^/?#]+)$/
// SCREENSHOTS=1 writes the changed screens to docs/screenshots/ (else a temporary directory).
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
    : join(tmpdir(), 'shop-screenshots')

beforeAll(async () => {
  stage = await startStage({
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  const init = (await apiCall<{ url: string; data: unknown }[]>(stage.url, 'GET', '/api/init')).data
  products = init.find((entry) => entry.url === '/api/products')?.data as Record<string, unknown>[]
  const branches = init.find((i) => i.url === '/api/branches')?.data as { id: string; identifier: string }[]
  zurich = branches.find((b) => b.identifier === 'zuerich-altstadt')!.id
  mkdirSync(SHOTS, { recursive: true })
})

afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 20_000, interval: 100 })
}

/** Text as a person reads it: no-break spaces (money) as spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

/**
 * A customer at phone size with two Butterzopf (CHF 13.80) in the cart (and `more` cart items),
 * who pays online on the test provider's page through the checkout; answers the status page and
 * the order's id.
 */
async function customerPaysOnline(
  lastName: string,
  more: Record<string, unknown>[] = [],
): Promise<{ page: Page; id: string; statusUrl: string }> {
  const product = products.find((p) => p.uid === 'butterzopf-500g')
  expect(product).toBeDefined()
  const cart = {
    items: [{ product, amount: 2, unit: product?.unit, parts: [] }, ...more],
    isDelivery: false,
    isDineIn: false,
    deliveryArea: null,
    order: { appointment: null, comment: '' },
  }
  const page = await stage.newPage({ viewport: PHONE })
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('e2e-seeded')) return
      sessionStorage.setItem('e2e-seeded', '1')
      sessionStorage.setItem(key, value)
    },
    { key: 'asp-cart-zuerich-altstadt', value: JSON.stringify(cart) },
  )
  await page.goto('/store/zuerich-altstadt/checkout')
  await page.getByLabel('Vorname').fill('Rita')
  await page.getByLabel('Nachname').fill(lastName)
  await page.getByLabel('Telefon').fill('+41 79 000 77 88')
  await page.getByLabel(/Online bezahlen/).check()
  await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check()
  await page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie.').check()
  await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
  await page.waitForURL(/\/payments\/test\//)
  await page.getByRole('button', { name: 'Bezahlen', exact: true }).click()
  await page.waitForURL(STATUS)
  await poll(async () => plain(await page.locator('.status-info__payment').textContent())).toContain(
    'Bezahlt',
  )
  const [, uid, hash] = STATUS.exec(new URL(page.url()).pathname) ?? []
  const order = (await apiCall<{ id: string }>(stage.url, 'GET', `/api/orders/public/${uid}/${hash}`)).data
  return { page, id: order.id, statusUrl: new URL(page.url()).pathname }
}

/** An admin in the back-office (desktop unless told), on the order's detail page. */
async function staffDetail(id: string, viewport = DESKTOP): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
  await page.goto(`/backend/orders/${id}`)
  await page.locator('.bo-order__head h1').waitFor({ timeout: 20_000 })
  return page
}

/** Staff cancel the order in the detail's dialog, with a reason. */
async function cancelInBackoffice(page: Page, reason: string) {
  await page.getByRole('button', { name: 'Stornieren' }).click()
  const dialog = page.getByRole('dialog', { name: /stornieren/ })
  await dialog.getByLabel(/Grund/).fill(reason)
  await dialog.getByRole('button', { name: 'Stornieren' }).click()
  await poll(() => page.getByTestId('timeline').locator('li[data-event="OrderCanceled"]').count()).toBe(1)
}

/** The refunds block after looking again ("Neu laden": the provider answers a moment later). */
async function refundsText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Neu laden' }).click()
  const block = page.getByTestId('order-refunds')
  return (await block.count()) === 0 ? '' : plain(await block.textContent())
}

describe('refunds', () => {
  it('a paid online order canceled in the back-office is refunded; customer, detail and board show it', async () => {
    const customer = await customerPaysOnline('Rueckerstattung')
    const staff = await staffDetail(customer.id)
    await cancelInBackoffice(staff, 'Ofen defekt')

    await poll(() => refundsText(staff)).toContain('Rückerstattet')
    const detail = await refundsText(staff)
    expect(detail).toContain('Zurückerstattet')
    expect(detail).toContain('CHF 13.80 von CHF 13.80')
    expect(detail).toContain('Rückerstattung 1: CHF 13.80 (Storniert)')
    expect(detail).not.toContain('erneut versuchen')
    expect(plain(await staff.getByTestId('timeline').textContent())).toContain('Zahlung rückerstattet')
    expect(await seriousViolations(staff)).toEqual([])

    // The customer's status page follows live: the refund with its amount.
    await poll(async () =>
      plain(await customer.page.locator('.status-info__payment').textContent()),
    ).toContain('Rückerstattet: CHF 13.80')
    expect(await customer.page.locator('[data-refund="refunded"]').isVisible()).toBe(true)
    expect(await seriousViolations(customer.page)).toEqual([])
    // The picture without the cookie banner over it (the storefront shots' convention).
    const consent = customer.page.getByRole('button', { name: 'Nur notwendige' })
    if ((await consent.count()) > 0) await consent.click()
    await customer.page.screenshot({ path: join(SHOTS, 'refund-status-phone.png'), fullPage: true })

    // The same page in French and English.
    for (const [locale, words] of [
      ['fr-FR', 'Remboursé : '],
      ['en', 'Refunded: '],
    ] as const) {
      const page = await stage.newPage({ locale, viewport: PHONE })
      // English is the customer's choice (the browser's language picks de-CH or fr-FR only).
      await page.addInitScript((chosen) => localStorage.setItem('asp-locale', chosen), locale)
      await page.goto(customer.statusUrl)
      await poll(async () => plain(await page.locator('.status-info__payment').textContent())).toContain(
        words,
      )
      expect(await seriousViolations(page)).toEqual([])
    }

    // The board card (tablet) carries the refunded badge.
    const board = await stage.newPage({ viewport: TABLET })
    const login = await board.request.post('/api/login', {
      data: { username: 'admin', password: 'demo-admin-2026' },
    })
    expect(login.status()).toBe(200)
    await board.goto(`/backend/board/${zurich}`)
    const card = board.locator(`article[data-order-id="${customer.id}"]`)
    await poll(async () =>
      plain(
        await card
          .locator('[data-refund]')
          .textContent()
          .catch(() => ''),
      ),
    ).toBe('Rückerstattet CHF 13.80')
    expect(await seriousViolations(board)).toEqual([])
    await card.scrollIntoViewIfNeeded()
    await board.screenshot({ path: join(SHOTS, 'refund-board-tablet.png') })

    const view = (
      await apiCall<Record<string, unknown>>(
        stage.url,
        'GET',
        `/api/orders/${customer.id}`,
        undefined,
        await adminHeaders(stage.url),
      )
    ).data
    expect(view).toMatchObject({ status: 'canceled', paymentStatus: 'refunded', isRefunded: true })
  })

  it('a refused refund is shown to staff and the customer; staff retry it and it is made', async () => {
    const customer = await customerPaysOnline('Verzoegert')
    stage.shop.payments.testProvider!.refuseNextRefund(customer.id, 'Karte gesperrt')
    const staff = await staffDetail(customer.id)
    await cancelInBackoffice(staff, 'Kunde hat angerufen')

    await poll(() => refundsText(staff)).toContain('Fehlgeschlagen')
    expect(await refundsText(staff)).toContain(
      'Der Zahlungsanbieter hat die Rückerstattung nicht ausgeführt: Karte gesperrt',
    )
    const retry = staff.getByRole('button', { name: 'Rückerstattung erneut versuchen' })
    expect(await retry.isVisible()).toBe(true)
    expect(await seriousViolations(staff)).toEqual([])
    await staff.getByTestId('order-refunds').scrollIntoViewIfNeeded()
    await staff.screenshot({ path: join(SHOTS, 'refund-failed-detail-desktop.png'), fullPage: true })

    // The customer reads that it is delayed, not the provider's words.
    await poll(async () =>
      plain(await customer.page.locator('.status-info__payment').textContent()),
    ).toContain('Rückerstattung von CHF 13.80 verzögert')
    expect(plain(await customer.page.locator('.status-info__payment').textContent())).not.toContain(
      'Karte gesperrt',
    )
    expect(await seriousViolations(customer.page)).toEqual([])

    await retry.click()
    await poll(async () => plain(await staff.locator('.bo-order__message').textContent())).toContain(
      'Die Rückerstattung wird erneut versucht.',
    )
    await poll(() => refundsText(staff)).toContain('Versuch 2')
    await poll(() => refundsText(staff)).toContain('Rückerstattet')
    expect(await staff.getByRole('button', { name: 'Rückerstattung erneut versuchen' }).count()).toBe(0)
    await poll(async () =>
      plain(await customer.page.locator('.status-info__payment').textContent()),
    ).toContain('Rückerstattet: CHF 13.80')
    expect(stage.shop.payments.testProvider!.refundsOf(customer.id)).toHaveLength(1)
  })

  it('staff remove an item of a paid order (tablet): the dialog says the new total and the refund; detail and status page show it', async () => {
    // A plain second line next to the Butterzopf: Buttergipfeli, as many as the product asks for.
    const gipfeli = products.find((p) => p.uid === 'buttergipfeli') as
      | { uid: string; unit: string; defaultQuantity?: number | null; minimumQuantity?: number | null }
      | undefined
    expect(gipfeli).toBeDefined()
    const amount = gipfeli?.defaultQuantity ?? gipfeli?.minimumQuantity ?? 1
    const customer = await customerPaysOnline('Teilrueckerstattung', [
      { product: gipfeli, amount, unit: gipfeli?.unit, parts: [] },
    ])
    const placed = (
      await apiCall<{
        items: { itemId: string; productUid: string; name: string; total: number }[]
        totalGross: number
      }>(stage.url, 'GET', `/api/orders/${customer.id}`, undefined, await adminHeaders(stage.url))
    ).data
    expect(placed.items).toHaveLength(2)
    const removed = placed.items.find((i) => i.productUid === 'buttergipfeli')!
    expect(removed).toBeDefined()
    const chf = (cents: number) => `CHF ${(cents / 100).toFixed(2)}`

    const staff = await staffDetail(customer.id, TABLET)
    const items = staff.getByTestId('order-items')
    // Each of the two lines can go (the last one could not).
    expect(await items.locator('[data-action="remove-item"]').count()).toBe(2)
    const button = items.getByRole('button', { name: `${removed.name} entfernen` })
    await button.focus()
    await staff.keyboard.press('Enter')
    const dialog = staff.getByRole('dialog', { name: `Artikel entfernen: ${removed.name}` })
    await poll(async () =>
      plain(
        await dialog
          .getByTestId('removal-total')
          .textContent()
          .catch(() => ''),
      ),
    ).toBe('CHF 13.80')
    expect(plain(await dialog.getByTestId('removal-refund').textContent())).toBe(chf(removed.total))
    expect(plain(await dialog.textContent())).toContain('Wird online zurückerstattet')
    expect(await seriousViolations(staff)).toEqual([])
    await staff.screenshot({ path: join(SHOTS, 'remove-item-dialog-tablet.png') })

    // Escape closes it and gives the focus back to the item's button; Enter opens it again.
    await staff.keyboard.press('Escape')
    await poll(() => dialog.count()).toBe(0)
    await poll(() => staff.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `${removed.name} entfernen`,
    )
    await staff.keyboard.press('Enter')
    await dialog.getByTestId('removal-total').waitFor()
    await dialog.getByRole('button', { name: 'Entfernen', exact: true }).click()

    await poll(async () => plain(await staff.locator('.bo-order__message').textContent())).toContain(
      `Artikel entfernt. Neuer Total: CHF 13.80. Rückerstattung von ${chf(removed.total)} angefordert.`,
    )
    // The message comes with the command's answer; the items follow with the order read again.
    await poll(() => items.locator('.bo-items__row').count()).toBe(1)
    // One item left: it cannot be removed (the order is canceled instead).
    await poll(() => items.locator('[data-action="remove-item"]').count()).toBe(0)
    await poll(() => staff.evaluate(() => document.activeElement?.textContent)).toBe('Artikel')
    await poll(() => refundsText(staff)).toContain('Teilweise rückerstattet')
    const detail = await refundsText(staff)
    expect(detail).toContain(`${chf(removed.total)} von ${chf(placed.totalGross)}`)
    expect(detail).toContain(`Rückerstattung 1: ${chf(removed.total)} (Artikel entfernt)`)
    expect(plain(await staff.getByTestId('timeline').textContent())).toContain('Artikel entfernt')
    expect(await seriousViolations(staff)).toEqual([])

    // The customer's status page follows live: one item, the new total, the partial refund.
    await poll(async () =>
      plain(await customer.page.locator('.status-info__payment').textContent()),
    ).toContain(`Teilweise rückerstattet: ${chf(removed.total)} von ${chf(placed.totalGross)}`)
    expect(await customer.page.locator('.status-item').count()).toBe(1)
    expect(plain(await customer.page.locator('.status-info__total').textContent())).toContain('CHF 13.80')
    expect(await seriousViolations(customer.page)).toEqual([])
  })
})
