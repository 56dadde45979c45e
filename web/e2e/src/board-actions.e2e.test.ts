import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  apiCall,
  demoBoard,
  type PlainProduct,
  type Stage,
  seriousViolations,
  startStage,
} from './support.ts'

// The frontdesk board's rough edges (issue 18 points 9 and 10), at tablet size, through the UI:
// the new-order alarm repeats until each new order is acknowledged (a tap elsewhere no longer
// silences it) and the newest order is seen without scrolling; cancel with a reason and reject
// with a preset reason reach the customer's status page; the settings edit the preset reasons
// and the board offers the edited list; a status change is undone within 10 s and the customer's
// page follows. Audio cannot be heard here: the board counts its rings in data-alerts.

const TABLET = { width: 1280, height: 800 }
/** `SCREENSHOTS=1` writes the changed screens to docs/screenshots (docs/frontdesk.md). */
const SHOTS =
  process.env.SCREENSHOTS === '1' ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots') : null

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, name) })
}

let stage: Stage
let zurich: string
let apiKey: string
let product: PlainProduct

type Order = {
  id: string
  uid: string
  hash: string
  version: number
  status: string
  ticketNumber: number | null
}

function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return apiCall<T>(stage.url, method, path, body, headers)
}

async function placeOrder(firstName = 'Erika'): Promise<Order> {
  const { data } = await call<Order>('POST', '/api/orders', {
    branch: zurich,
    isDelivery: false,
    isDineIn: false,
    firstName,
    lastName: 'Beispiel',
    phone: '+41795556677',
    email: 'erika@example.ch',
    country: 'CH',
    items: [{ product: product.uid, amount: product.amount, unit: product.unit }],
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
  })
  return data
}

/** The order as staff see it (with its ticket number once the projection drew it). */
async function staffView(id: string): Promise<Order> {
  return (await call<Order>('GET', `/api/orders/${id}`, undefined, { 'x-api-key': apiKey })).data
}

async function ticketOf(id: string): Promise<number> {
  await expect.poll(async () => (await staffView(id)).ticketNumber, { timeout: 10_000 }).not.toBeNull()
  return (await staffView(id)).ticketNumber as number
}

async function confirmByApi(id: string): Promise<void> {
  const { version } = await staffView(id)
  await call('POST', `/api/orders/${id}/status/confirm`, { version }, { 'x-api-key': apiKey })
}

async function openBoard(): Promise<Page> {
  const page = await stage.newPage({ viewport: TABLET })
  await page.goto(`/backend/frontdesk/${zurich}/${apiKey}`)
  await expect.poll(() => board(page).getAttribute('data-live'), { timeout: 20_000 }).toBe('live')
  return page
}

async function openStatus(order: Order): Promise<Page> {
  const page = await stage.newPage()
  await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
  await page.goto(`/status/${order.uid}/${order.hash}`)
  return page
}

const board = (page: Page) => page.locator('.fd-board')
const card = (page: Page, id: string, lane?: string): Locator =>
  page.locator(`${lane ? `[data-lane="${lane}"] ` : ''}article[data-order-id="${id}"]`)
const rounds = async (page: Page) => Number((await board(page).getAttribute('data-alerts')) ?? 0)
const statusText = (page: Page) => page.locator('.status-now__text').textContent()

/** Whether the element's top is inside the window, the page not scrolled. */
const inView = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect()
    return window.scrollY === 0 && box.top >= 0 && box.top < window.innerHeight - 40
  })

beforeAll(async () => {
  stage = await startStage({
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  ;({ zurich, apiKey, product } = await demoBoard(stage.url))
})

afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

describe('the new-order alarm', { timeout: 120_000 }, () => {
  it('repeats after taps elsewhere until the new order is acknowledged; the newest is on top, in view', async () => {
    // A busy new lane: older orders nobody answered yet.
    for (const name of ['Anna', 'Beat', 'Carla', 'Dario']) await placeOrder(name)
    const page = await openBoard()
    await page.getByRole('button', { name: /Ton ist aus/ }).click()
    await expect.poll(() => board(page).getAttribute('data-sound')).toBe('on')
    // The tap that unlocked the sound acknowledged nothing: the waiting orders still ring.
    expect(await board(page).getAttribute('data-alerting')).toBe('true')
    await page.getByRole('button', { name: /^Alle \d+ gesehen$/ }).click()
    await expect.poll(() => board(page).getAttribute('data-alerting')).toBe('false')

    const order = await placeOrder('Zoe')
    const ticket = await ticketOf(order.id)
    await expect.poll(() => card(page, order.id, 'new').count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => board(page).getAttribute('data-alerting')).toBe('true')
    const first = await rounds(page)
    expect(first).toBeGreaterThan(0)
    // The banner names it; its card leads the new lane and is in view without scrolling.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Neue Bestellung' }).textContent())
      .toContain(`Nr. ${ticket}`)
    const lead = page.locator('[data-lane="new"] article[data-order-id]').first()
    expect(await lead.getAttribute('data-order-id')).toBe(order.id)
    expect(await inView(card(page, order.id))).toBe(true)
    await shot(page, 'board-alarm.png')

    // Taps and keys elsewhere on the board (the cause of the bug) do not silence it …
    const customerSwitch = page.getByRole('switch', { name: 'Kundendaten anzeigen' })
    await customerSwitch.click()
    await customerSwitch.click()
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('Shift')
    await page.clock.runFor(5_100)
    await expect.poll(() => rounds(page)).toBeGreaterThan(first)
    const second = await rounds(page)
    await page.clock.runFor(5_100)
    await expect.poll(() => rounds(page)).toBeGreaterThan(second)
    expect(await board(page).getAttribute('data-alerting')).toBe('true')

    // … acknowledging it does: the banner's jump shows its card and takes the alarm off.
    await page.getByRole('button', { name: `Nr. ${ticket} anzeigen` }).click()
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.closest('article')?.getAttribute('data-order-id') ?? null,
        ),
      )
      .toBe(order.id)
    await expect.poll(() => board(page).getAttribute('data-alerting')).toBe('false')
    const quiet = await rounds(page)
    await page.clock.runFor(15_000)
    expect(await rounds(page)).toBe(quiet)
  })

  it('acting on the new order (confirm) ends its alarm', async () => {
    const page = await openBoard()
    await page.getByRole('button', { name: /^(Alle \d+ gesehen|Gesehen)$/ }).click()
    await expect.poll(() => board(page).getAttribute('data-alerting')).toBe('false')
    const order = await placeOrder('Fritz')
    await expect.poll(() => board(page).getAttribute('data-alerting'), { timeout: 10_000 }).toBe('true')
    await card(page, order.id, 'new').getByRole('button', { name: 'Bestätigen' }).click()
    await expect.poll(() => card(page, order.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => board(page).getAttribute('data-alerting')).toBe('false')
    const quiet = await rounds(page)
    await page.clock.runFor(10_100)
    expect(await rounds(page)).toBe(quiet)
  })
})

describe('reject, cancel and undo on the board', { timeout: 120_000 }, () => {
  it('rejects with a preset reason in one tap; the customer reads it', async () => {
    const order = await placeOrder('Greta')
    const page = await openBoard()
    const customer = await openStatus(order)
    await card(page, order.id, 'new').getByRole('button', { name: 'Ablehnen' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    const presets = dialog.getByRole('group', { name: /Häufige Gründe/ })
    expect(await presets.getByRole('button').allTextContents()).toEqual([
      'Heute ausverkauft',
      'Zu viel los',
      'Ausserhalb des Liefergebiets',
    ])
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'board-reject-reasons.png')
    await presets.getByRole('button', { name: 'Zu viel los' }).click()
    await expect.poll(() => card(page, order.id, 'done').count(), { timeout: 10_000 }).toBe(1)
    await expect
      .poll(() => customer.locator('.status-rejection__message').textContent(), { timeout: 15_000 })
      .toBe('Zu viel los')
  })

  it('cancels a confirmed order with a reason of its own; the customer reads it', async () => {
    const order = await placeOrder('Hanna')
    await confirmByApi(order.id)
    const page = await openBoard()
    const customer = await openStatus(order)
    await expect.poll(() => card(page, order.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)
    await card(page, order.id).getByRole('button', { name: 'Stornieren' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(
      await dialog
        .getByRole('group', { name: /Häufige Gründe/ })
        .getByRole('button')
        .count(),
    ).toBe(3)
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('textbox').fill('Der Ofen ist ausgefallen, es tut uns leid.')
    await shot(page, 'board-cancel-reason.png')
    await dialog.getByRole('button', { name: 'Stornieren' }).click()
    await expect.poll(() => card(page, order.id, 'done').count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => statusText(customer), { timeout: 15_000 }).toContain('Storniert')
    await expect
      .poll(() => customer.locator('[data-cancel-reason]').textContent(), { timeout: 15_000 })
      .toBe('Der Ofen ist ausgefallen, es tut uns leid.')
    expect(await seriousViolations(customer)).toEqual([])
  })

  it('undoes a confirmation within 10 s; the customer’s page follows; the offer ends after 10 s', async () => {
    const order = await placeOrder('Ivo')
    const ticket = await ticketOf(order.id)
    const page = await openBoard()
    const customer = await openStatus(order)
    await expect.poll(() => statusText(customer), { timeout: 15_000 }).toContain('Wartet auf Bestätigung')

    await card(page, order.id, 'new').getByRole('button', { name: 'Bestätigen' }).click()
    await expect.poll(() => card(page, order.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)
    const toast = page.locator('.fd-undo')
    await expect
      .poll(() => toast.getByRole('status').textContent())
      .toContain(`Nr. ${ticket}: «Bestätigen» ausgeführt`)
    await expect.poll(() => statusText(customer), { timeout: 15_000 }).toContain('Bestätigt')
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'board-undo.png')

    await toast.getByRole('button', { name: 'Rückgängig' }).click()
    await expect.poll(() => card(page, order.id, 'new').count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => toast.getByRole('status').textContent()).toBe(`Nr. ${ticket}: rückgängig gemacht`)
    await expect.poll(() => statusText(customer), { timeout: 15_000 }).toContain('Wartet auf Bestätigung')
    const events = await call<{ type: string }[]>('GET', `/api/orders/${order.id}/events`, undefined, {
      'x-api-key': apiKey,
    })
    expect(events.data.map((e) => e.type)).toEqual([
      'OrderCreated',
      'OrderConfirmed',
      'OrderStatusChangeUndone',
    ])

    // Confirmed again: the offer is there for 10 s, then it leaves.
    await card(page, order.id, 'new').getByRole('button', { name: 'Bestätigen' }).click()
    await expect
      .poll(() => toast.getByRole('button', { name: 'Rückgängig' }).count(), { timeout: 10_000 })
      .toBe(1)
    await page.clock.runFor(10_100)
    await expect.poll(() => toast.getByRole('button', { name: 'Rückgängig' }).count()).toBe(0)
    await expect.poll(() => statusText(customer), { timeout: 15_000 }).toContain('Bestätigt')
  })
})

describe('the preset reasons in the settings', { timeout: 120_000 }, () => {
  it('an admin edits the list; the board offers the edited list', async () => {
    const admin = await stage.newPage({ viewport: TABLET })
    await admin.goto('/backend/login')
    await admin.getByLabel('Benutzername').fill('admin')
    await admin.getByLabel('Passwort').fill('demo-admin-2026')
    await admin.getByRole('button', { name: 'Anmelden' }).click()
    await admin.waitForURL((url) => url.pathname === '/backend/orders')
    await admin.goto('/backend/settings')
    await admin.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor({ timeout: 20_000 })
    const reasons = admin.locator('[data-reasons]')
    expect(await reasons.getByRole('textbox').count()).toBe(3)
    expect(await seriousViolations(admin)).toEqual([])
    await reasons.getByLabel('Grund 2', { exact: true }).fill('Regen: Terrasse geschlossen')
    await reasons.getByRole('button', { name: 'Grund 3 entfernen' }).click()
    await reasons.getByRole('button', { name: 'Grund hinzufügen' }).click()
    await reasons.getByLabel('Grund 3', { exact: true }).fill('Ofen defekt')
    await reasons.scrollIntoViewIfNeeded()
    await shot(admin, 'settings-rejection-reasons.png')
    await admin.getByRole('button', { name: 'Speichern' }).click()
    await admin.getByText('Gespeichert.').waitFor()
    const config = await call<{ rejectionReasons: string[] }>('GET', '/api/config')
    expect(config.data.rejectionReasons).toEqual([
      'Heute ausverkauft',
      'Regen: Terrasse geschlossen',
      'Ofen defekt',
    ])

    const order = await placeOrder('Jana')
    const page = await openBoard()
    await card(page, order.id, 'new').getByRole('button', { name: 'Ablehnen' }).click()
    const presets = page.getByRole('dialog').getByRole('group', { name: /Häufige Gründe/ })
    await expect
      .poll(() => presets.getByRole('button').allTextContents())
      .toEqual(['Heute ausverkauft', 'Regen: Terrasse geschlossen', 'Ofen defekt'])
  })
})
