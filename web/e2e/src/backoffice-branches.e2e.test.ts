import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * The back-office's branch screens (issue 17, docs/backoffice.md "Branches") at the pinned
 * Tuesday 24 November 2026, 10:00 in Zürich: the owner adds a branch with its opening hours and
 * a delivery area (bad input refused at the field first, nothing saved), a customer orders a
 * delivery there to a served postcode; the owner adds a table and prints its QR code, which
 * opens the menu with dine-in at that table; renews the api key; closes the branch for today
 * (a dated closed rule), which the live preview, the availability API and the storefront show.
 */
let stage: Stage
let admin: Record<string, string>
let owner: Page
let branchId: string

const DESKTOP = { width: 1280, height: 900 }
/** A 1 × 1 PNG. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const norm = (s: string) => s.replace(/\s+/g, ' ').trim()

function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 30_000, interval: 100 })
}

async function call<T>(method: string, path: string, body?: unknown) {
  return (await apiCall<T>(stage.url, method, path, body, admin)).data
}

type Branch = { id: string; version: number; identifier: string; apiKey?: string } & Record<string, unknown>

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
  owner = await stage.newPage({ viewport: DESKTOP })
  await owner.goto('/backend/login')
  await owner.getByLabel('Benutzername').fill('admin')
  await owner.getByLabel('Passwort').fill('demo-admin-2026')
  await owner.getByRole('button', { name: 'Anmelden' }).click()
  await owner.waitForURL((url) => url.pathname === '/backend/orders')
})

afterAll(async () => {
  await stage?.close()
})

describe('branches in the back-office', () => {
  it('lists the branches with their city, public flag and order types (no map code loaded)', async () => {
    const scripts: string[] = []
    owner.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await owner.goto('/backend/branches')
    const table = owner.getByRole('table', { name: 'Filialen' })
    await poll(() => table.locator('tbody tr').count()).toBe(3)
    const row = table.locator('tbody tr', { hasText: 'Huber Zürich Altstadt' })
    expect(norm(await row.innerText())).toContain('zuerich-altstadt')
    expect(norm(await row.innerText())).toContain('Takeaway, Lieferung, Dine In')
    expect(await owner.getByRole('link', { name: 'Neue Filiale' }).getAttribute('href')).toBe(
      '/backend/branches/new',
    )
    expect(scripts.some((url) => url.includes('maplibre'))).toBe(false)
    expect(await seriousViolations(owner)).toEqual([])
  }, 120_000)

  it('adds a branch with opening hours and a delivery area; bad input stays at its field, unsaved', async () => {
    await owner.getByRole('link', { name: 'Neue Filiale' }).click()
    await owner.waitForURL('**/backend/branches/new')
    await owner.getByLabel(/^Name\b/).fill('Huber Oerlikon')
    await owner.getByLabel(/^Kennung\b/).fill('oerlikon')
    await owner.getByLabel('Strasse', { exact: true }).fill('Schaffhauserstrasse 350')
    await owner.getByLabel('PLZ', { exact: true }).fill('8050')
    await owner.getByLabel('Ort', { exact: true }).fill('Zürich')
    await owner.getByLabel('Telefon', { exact: true }).fill('+41 44 311 22 33')
    await owner.getByLabel('Öffentlich sichtbar').check()
    await owner.getByLabel('Lieferung', { exact: true }).check()
    await owner.getByLabel('Dine In', { exact: true }).check()
    await owner.getByLabel('Tischwahl').check()
    // The position, typed (the map is optional).
    await owner.getByLabel('Breitengrad').fill('47.41')
    await owner.getByLabel('Längengrad').fill('8.545')

    // Every day 07:00–… and a delivery area with a malformed postcode.
    const daily = owner.getByRole('group', { name: 'Jeden Tag' }).first()
    await daily.getByRole('button', { name: 'Zeit hinzufügen' }).click()
    await daily.getByLabel('Von (Zeit 1)').fill('07:00')
    await daily.getByLabel('Bis (Zeit 1)').fill('07:00')
    await owner.getByRole('button', { name: 'Liefergebiet hinzufügen' }).click()
    const area = owner.getByRole('group', { name: 'Liefergebiet 1' })
    await area.getByLabel('Gebiet').fill('Oerlikon')
    await area.getByLabel('Liefergebühr').fill('5.00')
    await area.getByLabel('MWST').fill('2.6')
    await area.getByLabel('Postleitzahlen').fill('8050, 80x!')
    await owner.getByRole('button', { name: 'Anlegen' }).click()

    await poll(() => area.locator('.ui-field__error').textContent()).toContain(
      '«80x!»: Dieser Wert ist keine gültige Postleitzahl',
    )
    const to = daily.getByLabel('Bis (Zeit 1)')
    expect(await to.getAttribute('aria-invalid')).toBe('true')
    expect(await daily.locator('.ui-field__error').textContent()).toBe(
      'Die Endzeit muss nach der Startzeit liegen.',
    )
    expect(new URL(owner.url()).pathname).toBe('/backend/branches/new')
    const before = await call<Branch[]>('GET', '/api/branches')
    expect(before.some((b) => b.identifier === 'oerlikon')).toBe(false)

    // The preview follows the form before anything is saved.
    await to.fill('20:00')
    await area.getByLabel('Postleitzahlen').fill('8050 8057')
    const preview = owner.getByTestId('hours-preview')
    await poll(() => preview.locator('tr[data-date="2026-11-24"] td').first().textContent()).toBe(
      '07:00–20:00',
    )
    expect(await preview.locator('tbody tr').count()).toBe(14)

    // A refusal only the server can make (an identifier in use) lands at its field too.
    const identifier = owner.getByLabel(/^Kennung\b/)
    await identifier.fill('winterthur')
    await owner.getByRole('button', { name: 'Anlegen' }).click()
    await poll(() => identifier.getAttribute('aria-invalid')).toBe('true')
    expect(norm(await owner.locator('.ui-field', { has: identifier }).innerText())).toContain(
      'Dieser Wert wird bereits verwendet.',
    )
    expect(new URL(owner.url()).pathname).toBe('/backend/branches/new')
    await identifier.fill('oerlikon')
    await owner.getByRole('button', { name: 'Anlegen' }).click()
    await owner.waitForURL(/\/backend\/branches\/(?!new)[^/]+$/)
    branchId = decodeURIComponent(new URL(owner.url()).pathname.split('/').pop() ?? '')
    const saved = await call<Branch>('GET', `/api/branches/${branchId}`)
    expect(saved).toMatchObject({
      identifier: 'oerlikon',
      name: 'Huber Oerlikon',
      isPublic: true,
      isDeliveryEnabled: true,
      latitude: 47.41,
      longitude: 8.545,
      openingHours: [{ type: 'daily', date: null, isClosed: false, from: '07:00', to: '20:00' }],
      deliveryAreas: [{ area: 'Oerlikon', price: 500, tax: 2.6, zipCodes: ['8050', '8057'] }],
    })
    await poll(() => owner.getByRole('heading', { level: 1 }).textContent()).toBe('Huber Oerlikon')
    // Beside the form: tables, api key, busy mode (lib/branch-ops), history (lib/history).
    const aside = owner.locator('.bo-editor__aside')
    for (const heading of ['Tische', 'API-Schlüssel', 'Betrieb', 'Online-Bestellungen', 'Verlauf'])
      await poll(() => aside.getByRole('heading', { name: heading, exact: true }).count()).toBe(1)
    expect(await seriousViolations(owner)).toEqual([])

    // The map (MapLibre, loaded now): a click there moves the pin and sets the coordinates.
    await owner.getByRole('button', { name: 'Auf der Karte setzen' }).click()
    const canvas = owner.getByTestId('branch-map').locator('canvas')
    await poll(() => canvas.count()).toBe(1)
    const box = await canvas.boundingBox()
    expect(box).not.toBeNull()
    if (box) await owner.mouse.click(box.x + box.width / 2 + 80, box.y + box.height / 2 - 40)
    await poll(() => owner.getByLabel('Längengrad').inputValue()).not.toBe('8.545')
    const lng = Number(await owner.getByLabel('Längengrad').inputValue())
    const lat = Number(await owner.getByLabel('Breitengrad').inputValue())
    expect(lng).toBeGreaterThan(8.545)
    expect(lat).toBeGreaterThan(47.41)
  }, 180_000)

  it('takes a customer delivery order to a served postcode', async () => {
    // The demo's Zürich menu is offered at the new branch too (the menu editor is another screen).
    const menus = await call<
      ({ id: string; version: number; name: string; branches: { id: string }[] } & Record<string, unknown>)[]
    >('GET', '/api/menus')
    const menu = menus.find((m) => m.name === 'Sortiment Zürich Altstadt')
    expect(menu).toBeDefined()
    if (!menu) return
    await call('PUT', `/api/menus/${menu.id}`, { ...menu, branches: [...menu.branches, { id: branchId }] })

    const page = await stage.newPage({ viewport: DESKTOP })
    await page.goto('/store/oerlikon')
    await page.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    await page
      .getByRole('complementary', { name: 'Warenkorb' })
      .getByRole('link', { name: 'Zur Kasse' })
      .click()
    await page.waitForURL('**/store/oerlikon/checkout')
    await page.getByLabel('Art der Bestellung').selectOption('delivery')
    await page.getByLabel('Vorname').fill('Olga')
    await page.getByLabel('Nachname').fill('Oerli')
    await page.getByLabel('Telefon').fill('+41 79 111 22 33')
    await page.getByLabel('Strasse und Hausnummer').fill('Schaffhauserstrasse 1')
    await page.getByLabel('PLZ').fill('8050')
    await page.getByLabel(/^Ort\b/).fill('Zürich')
    await poll(() =>
      page
        .getByLabel('Liefergebiet')
        .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent),
    ).toBe('Oerlikon')
    await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check()
    await page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie.').check()
    await page.getByRole('button', { name: 'Jetzt bestellen' }).click()
    await page.waitForURL(/\/status\/[^/]+\/[^/?#]+$/)
    const [, uid, hash] = /\/status\/([^/]+)\/([^/?#]+)$/.exec(new URL(page.url()).pathname) ?? []
    const order = (
      await apiCall<Record<string, unknown>>(stage.url, 'GET', `/api/orders/public/${uid}/${hash}`)
    ).data
    expect(order).toMatchObject({ isDelivery: true, branch: { id: branchId } })
  }, 120_000)

  it('adds a table whose QR code opens the menu with dine-in at that table', async () => {
    await owner.goto(`/backend/branches/${branchId}`)
    const tables = owner.getByTestId('branch-tables')
    await tables.getByLabel('Neuer Tisch (Nummer oder Name)').fill('7')
    await tables.getByRole('button', { name: 'Tisch hinzufügen' }).click()
    await poll(() => tables.locator('li').allTextContents()).toEqual(['Tisch 7Tisch 7 entfernen'])
    const stored = await call<{ identifier: string; branch: { id: string } }[]>('GET', '/api/tables')
    expect(stored.filter((t) => t.branch.id === branchId).map((t) => t.identifier)).toEqual(['7'])

    await tables.getByRole('button', { name: 'QR-Codes der Tische drucken' }).click()
    const sheet = owner.getByTestId('qr-sheet')
    const qr = sheet.getByRole('img', { name: 'QR-Code für Tisch 7' })
    await poll(() => qr.count()).toBe(1)
    const link = await qr.getAttribute('data-link')
    expect(link).toBe(`${stage.url}/store/oerlikon?table=7`)
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    await sheet.getByRole('button', { name: 'Schliessen' }).click()

    const guest = await stage.newPage({ viewport: DESKTOP })
    await guest.goto(new URL(link ?? '').pathname + new URL(link ?? '').search)
    await guest.getByRole('button', { name: 'Butterzopf 500 g in den Warenkorb legen' }).click()
    await guest
      .getByRole('complementary', { name: 'Warenkorb' })
      .getByRole('link', { name: 'Zur Kasse' })
      .click()
    await guest.waitForURL('**/store/oerlikon/checkout')
    await poll(() => guest.getByLabel('Art der Bestellung').inputValue()).toBe('dineIn')
    await poll(() => guest.getByLabel(/^Tisch\b/).inputValue()).toBe('7')
  }, 120_000)

  it('shows the api key masked, reveals it and renews it after a confirmation', async () => {
    const panel = owner.getByTestId('api-key')
    const before = (await call<Branch>('GET', `/api/branches/${branchId}`)).apiKey ?? ''
    expect(before.length).toBeGreaterThan(8)
    const value = panel.getByTestId('api-key-value')
    expect(await value.textContent()).not.toContain(before)
    await panel.getByRole('button', { name: 'Anzeigen' }).click()
    expect(await value.textContent()).toBe(before)
    await panel.getByRole('button', { name: 'Neuen Schlüssel erzeugen' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Neuen Schlüssel erzeugen?' })
    await dialog.getByRole('button', { name: 'Neuen Schlüssel erzeugen' }).click()
    await poll(() => panel.getByRole('status').textContent()).toContain('Neuer Schlüssel erzeugt')
    const after = (await call<Branch>('GET', `/api/branches/${branchId}`)).apiKey ?? ''
    expect(after).not.toBe(before)
    expect(await value.textContent()).toBe(after)
  })

  it('closes the branch for today (a holiday): preview, availability and storefront say so', async () => {
    const hours = owner.getByTestId('hours-openingHours')
    await hours.getByRole('button', { name: 'Ruhetag hinzufügen' }).click()
    await hours.getByLabel('Datum (Ausnahme 1)').fill('2026-11-24')
    const preview = owner.getByTestId('hours-preview')
    await poll(() => preview.locator('tr[data-date="2026-11-24"] td').first().textContent()).toBe(
      'Geschlossen',
    )
    expect(await preview.locator('tr[data-date="2026-11-25"] td').first().textContent()).toBe('07:00–20:00')
    // A picture uploaded from the editor (POST /api/images) is saved with the branch.
    await owner
      .getByLabel('Bild hochladen')
      .first()
      .setInputFiles({
        name: 'filiale.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PIXEL_PNG, 'base64'),
      })
    await poll(() => owner.getByRole('img', { name: 'Bild 1' }).count()).toBe(1)
    await owner.getByRole('button', { name: 'Speichern' }).click()
    await poll(() => owner.locator('.bo-form__status').textContent()).toBe('Gespeichert.')

    const saved = await call<Branch>('GET', `/api/branches/${branchId}`)
    expect(saved.images).toEqual([{ id: expect.any(String), version: 1, extension: 'png' }])
    expect(saved.openingHours).toEqual([
      { type: 'daily', date: null, isClosed: false, from: '07:00', to: '20:00' },
      { type: 'once', date: '2026-11-24', isClosed: true, from: null, to: null },
    ])
    const availability = await call<{
      days: { date: string; isAvailable: boolean; reason: string | null }[]
    }>('GET', `/api/branches/${branchId}/availability?orderType=takeaway&from=2026-11-24&days=2`)
    // Closed today and without pre-orders, the branch takes no order now, so it offers no time
    // tomorrow either (issue 18: the checkout would refuse it); tomorrow itself is open.
    expect(availability.days.map((d) => [d.date, d.isAvailable, d.reason])).toEqual([
      ['2026-11-24', false, 'closed-day'],
      ['2026-11-25', false, 'closed-now'],
    ])

    const page = await stage.newPage({ viewport: DESKTOP })
    await page.goto('/store/oerlikon')
    await poll(async () => norm(await page.locator('main').innerText())).toContain(
      'Derzeit haben wir leider geschlossen.',
    )
  }, 120_000)
})
