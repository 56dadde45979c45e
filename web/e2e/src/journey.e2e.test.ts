import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { type Stage, startStage } from './support.ts'

// The customer's walks through the real screens, as issue 5 names them, each on the whole shop
// with the demo data: no cart seeded, no API shortcut for the customer. Staff act through the API.

const STATUS = /\/status\/([^/]+)\/([^/?#]+)$/
const DESKTOP = { width: 1280, height: 900 }

function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 })
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim()

async function branchApiKey(stage: Stage, identifier: string): Promise<{ id: string; apiKey: string }> {
  const row = await stage.db.db
    .selectFrom('rm_resources')
    .select(['id', 'data'])
    .where('type', '=', 'branch')
    .execute()
  const branch = row.find((r) => (r.data as { identifier: string }).identifier === identifier)
  return { id: branch!.id, apiKey: (branch!.data as { apiKey: string }).apiKey }
}

async function publicOrder(stage: Stage, url: string): Promise<Record<string, unknown>> {
  const [, uid, hash] = STATUS.exec(new URL(url).pathname) ?? []
  const res = await fetch(`${stage.url}/api/orders/public/${uid}/${hash}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Record<string, unknown> }).data
}

async function contact(page: Page) {
  await page.getByLabel('Vorname').fill('Lena')
  await page.getByLabel('Nachname').fill('Keller')
  await page.getByLabel('E-Mail').fill('lena.keller@example.ch')
  await page.getByLabel('Telefon').fill('+41 79 555 12 34')
}

async function acceptTerms(page: Page) {
  await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check()
  await page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie.').check()
}

describe('on a Tuesday at 10:00', () => {
  let stage: Stage
  afterAll(async () => {
    await stage?.close()
  })

  it('finds Winterthur by its postcode, orders a pork filet by weight with its cut for delivery at a slot, and sees the confirmation arrive live', async () => {
    stage = await startStage()
    const page = await stage.newPage({ viewport: DESKTOP })
    await page.goto('/')
    await page.getByRole('button', { name: 'Akzeptieren' }).click()

    // Find the branch by postcode.
    await page.getByRole('searchbox', { name: 'Filiale suchen' }).fill('8400')
    await page.getByRole('button', { name: 'Suchen', exact: true }).click()
    await poll(() => page.getByText('1 von 3 Filialen werden angezeigt.').count()).toBe(1)
    await page.getByRole('link', { name: /Huber Winterthur Marktgasse/ }).click()
    await page.waitForURL('**/store/winterthur')

    // A product sold by weight with a mandatory cut.
    await page.getByRole('button', { name: 'Schweinsfilet auswählen' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schweinsfilet' })
    await dialog.waitFor()
    const save = dialog.getByRole('button', { name: 'In den Warenkorb' })
    expect(await save.isDisabled()).toBe(true)
    await dialog.getByRole('radio', { name: 'kg', exact: true }).check()
    const amount = dialog.getByRole('textbox', { name: /^Menge in/ })
    await amount.fill('1,2')
    await amount.blur()
    await poll(() => amount.inputValue()).toBe('1.2')
    await dialog.getByRole('radio', { name: /In Medaillons geschnitten/ }).check()
    // 1.2 kg at CHF 48.00 per kg, an approximate price.
    await poll(async () => norm(await dialog.getByTestId('item-price').innerText())).toBe('ca. CHF 57.60')
    await poll(() => save.isDisabled()).toBe(false)
    await save.click()
    await poll(() => page.getByText('Produkt zum Warenkorb hinzugefügt.').count()).toBe(1)

    // Delivery, then to the checkout.
    const cart = page.getByRole('complementary', { name: 'Warenkorb' })
    await cart.getByRole('radio', { name: 'Lieferung' }).check()
    await poll(async () => norm(await cart.innerText())).toContain('In Medaillons geschnitten')
    await cart.getByRole('link', { name: 'Zur Kasse' }).click()
    await page.waitForURL('**/store/winterthur/checkout')
    await poll(() => page.getByLabel('Art der Bestellung').inputValue()).toBe('delivery')
    await contact(page)
    await page.getByLabel('Strasse und Hausnummer').fill('Stadthausstrasse 4')
    await page.getByLabel('PLZ').fill('8400')
    await page.getByLabel(/^Ort\b/).fill('Winterthur')
    await page.getByLabel('Land').selectOption('CH')

    // The slot: today, 11:30 (Winterthur requires an appointment).
    await page.getByRole('button', { name: /^Datum/ }).click()
    const date = page.getByRole('dialog', { name: 'Datum wählen' })
    await date.getByRole('button', { name: /^Dienstag, 24\. November 2026/ }).click()
    await date.getByRole('button', { name: 'Speichern' }).click()
    const time = page.getByRole('dialog', { name: 'Uhrzeit wählen' })
    await poll(() => time.getByText('Verfügbare Zeiten:').count()).toBe(1)
    const steppers = time.locator('.checkout-stepper__value')
    for (let i = 0; i < 24 && norm((await steppers.allTextContents()).join(':')) !== '11:30'; i++) {
      const [hour, minute] = (await steppers.allTextContents()).map(Number) as [number, number]
      if (hour < 11) await time.getByRole('button', { name: 'Eine Stunde später' }).click()
      else if (hour > 11) await time.getByRole('button', { name: 'Eine Stunde früher' }).click()
      else if (minute < 30) await time.getByRole('button', { name: '5 Minuten später' }).click()
      else await time.getByRole('button', { name: '5 Minuten früher' }).click()
    }
    await poll(() => steppers.allTextContents()).toEqual(['11', '30'])
    await time.getByRole('button', { name: 'Speichern' }).click()
    await acceptTerms(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()

    // The status page, live.
    await page.waitForURL(STATUS)
    const order = await publicOrder(stage, page.url())
    expect(order).toMatchObject({ isDelivery: true, isConfirmed: false })
    expect(Date.parse(String(order.appointmentDate))).toBe(Date.parse('2026-11-24T10:30:00Z'))
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Vielen Dank für Ihre Bestellung!',
    )
    await poll(() => page.getByText('Live', { exact: true }).count()).toBe(1)
    await page.evaluate(() => {
      ;(window as unknown as { e2eMarker: boolean }).e2eMarker = true
    })

    const branch = await branchApiKey(stage, 'winterthur')
    const confirm = await fetch(`${stage.url}/api/orders/${order.id}/status/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': branch.apiKey },
      body: JSON.stringify({ version: order.version }),
    })
    expect(confirm.status).toBe(200)
    await poll(async () => norm(await page.locator('main').innerText())).toContain('Bestätigt')
    // No reload happened: the marker set before the confirmation is still there.
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: boolean }).e2eMarker)).toBe(true)
  })

  it('orders at the self-service kiosk: no cookie banner, and the next customer starts with an empty cart', async () => {
    const page = await stage.newPage({ viewport: { width: 1080, height: 1700 } })
    await page.goto('/kiosk/zuerich-altstadt')
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0)
    const cart = page.getByRole('complementary', { name: 'Warenkorb' })
    await cart.getByRole('link', { name: 'Zur Kasse' }).click()
    await page.waitForURL('**/kiosk/zuerich-altstadt/checkout')
    await contact(page)
    await acceptTerms(page)
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(/\/kiosk\/zuerich-altstadt\/status\//)
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Vielen Dank für Ihre Bestellung!',
    )
    // The order data of this customer is gone.
    await poll(() =>
      page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('asp-')).length),
    ).toBe(0)
    await page.getByRole('link', { name: 'Neue Bestellung' }).click()
    await page.waitForURL('**/kiosk/zuerich-altstadt')
    await poll(async () => norm(await cart.innerText())).not.toContain('Butterzopf')
  })
})

describe('on a Sunday, when Winterthur is closed', () => {
  let stage: Stage
  afterAll(async () => {
    await stage?.close()
  })

  it('offers a pre-order for Monday and accepts it', async () => {
    // Sunday 29 November 2026, 10:00 in Zürich.
    stage = await startStage({ at: '2026-11-29T09:00:00.000Z' })
    const page = await stage.newPage({ viewport: DESKTOP })
    await page.goto('/store/winterthur')
    const main = page.locator('main')
    await poll(async () => norm(await main.innerText())).toContain('Derzeit haben wir leider geschlossen.')
    await poll(async () => norm(await main.innerText())).toContain('Sie können trotzdem vorbestellen')
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    await page
      .getByRole('complementary', { name: 'Warenkorb' })
      .getByRole('link', { name: 'Zur Kasse' })
      .click()
    await page.waitForURL('**/store/winterthur/checkout')
    await contact(page)
    expect(await page.getByRole('button', { name: 'Jetzt bestellen' }).count()).toBe(0)
    await page.getByRole('button', { name: /^Datum/ }).click()
    const date = page.getByRole('dialog', { name: 'Datum wählen' })
    await date.getByRole('button', { name: /^Montag, 30\. November 2026/ }).click()
    await date.getByRole('button', { name: 'Speichern' }).click()
    const time = page.getByRole('dialog', { name: 'Uhrzeit wählen' })
    await poll(() => time.getByText('Verfügbare Zeiten:').count()).toBe(1)
    await time.getByRole('button', { name: 'Speichern' }).click()
    await acceptTerms(page)
    await page.getByRole('button', { name: 'Vorbestellen' }).click()
    await page.waitForURL(STATUS)
    const order = await publicOrder(stage, page.url())
    const appointment = new Date(String(order.appointmentDate))
    // Monday in Zürich.
    expect(appointment.toLocaleDateString('de-CH', { timeZone: 'Europe/Zurich', weekday: 'long' })).toBe(
      'Montag',
    )
  })
})
