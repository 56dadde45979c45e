import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  adminHeaders,
  adminPage,
  apiCall,
  demoBoard,
  type PlainProduct,
  type Stage,
  seriousViolations,
  startStage,
} from './support.ts'

// Digital signage (issue 21 point 3; docs/devices.md "Bildschirme"): a TV-sized page opens the
// player and shows a pairing code; the admin pairs it (the registry's API) and, in the
// back-office, gives it a stream with the pickup display; an order marked ready by the staff API
// shows on the screen within a second; "Identifizieren" in the back-office reaches the screen
// and is acknowledged; with the network gone the screen keeps its content and shows the offline
// dot. Axe on the player and on the back-office's signage screens.

const TV = { width: 1920, height: 1080 }
const DESKTOP = { width: 1280, height: 900 }

let stage: Stage
let zurich: string
let apiKey: string
let product: PlainProduct
let admin: Record<string, string>

function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = admin) {
  return apiCall<T>(stage.url, method, path, body, headers)
}

const login = (): Promise<Page> => adminPage(stage, DESKTOP)

async function noViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([])
}

type Staff = { version: number; ticketNumber: number | null }
const staff = () => ({ 'x-api-key': apiKey })

async function confirmedOrder(firstName: string): Promise<{ id: string; ticketNumber: number }> {
  const { data } = await call<{ id: string }>('POST', '/api/orders', {
    branch: zurich,
    isDelivery: false,
    isDineIn: false,
    firstName,
    lastName: 'Abholung',
    phone: '+41795556677',
    email: 'abholung@example.ch',
    country: 'CH',
    items: [{ product: product.uid, amount: product.amount, unit: product.unit }],
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
  })
  const view = async () => (await call<Staff>('GET', `/api/orders/${data.id}`, undefined, staff())).data
  await call('POST', `/api/orders/${data.id}/status/confirm`, { version: (await view()).version }, staff())
  await expect.poll(async () => (await view()).ticketNumber, { timeout: 10_000 }).not.toBeNull()
  return { id: data.id, ticketNumber: (await view()).ticketNumber! }
}

beforeAll(async () => {
  stage = await startStage({
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  ;({ zurich, apiKey, product } = await demoBoard(stage.url))
  admin = await adminHeaders(stage.url)
})

afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

describe('digital signage', () => {
  it('pairs a TV, plays the pickup display live, takes a command and keeps playing offline', async () => {
    // The TV: unpaired, it shows a code to pair with.
    const tv = await stage.newPage({ viewport: TV })
    await tv.goto('/backend/signage')
    const codeText = tv.getByTestId('pairing-code')
    await codeText.waitFor({ timeout: 20_000 })
    const code = ((await codeText.textContent()) ?? '').trim()
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
    await expect
      .poll(() => tv.getByRole('img', { name: 'QR-Code zur Kopplung im Backoffice' }).count())
      .toBe(1)
    await noViolations(tv)

    // The admin pairs it (the registry's pair action) and sets up what it plays.
    const device = await call<{ id: string }>('POST', '/api/devices', {
      name: 'TV Theke',
      kind: 'signage',
      branch: { id: zurich },
    })
    const paired = await call('POST', `/api/devices/${device.data.id}/pair`, { code })
    expect(paired.status).toBe(200)
    const pickup = await call<{ id: string }>('POST', '/api/digital-signage-segments', {
      name: 'Abholung Zürich',
      type: 'pickup',
      branch: { id: zurich },
    })
    const stream = await call<{ id: string }>('POST', '/api/digital-signage-streams', {
      name: 'Theke',
      items: [{ segmentId: pickup.data.id, durationSeconds: 600 }],
    })
    // Paired, nothing assigned yet: the shop's name.
    await tv.getByTestId('signage-fallback').waitFor({ timeout: 20_000 })

    // In the back-office: the lists and editors, then the screen with its stream.
    const page = await login()
    await page.getByRole('link', { name: 'Segmente', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Segmente' }).waitFor()
    await noViolations(page)
    await page.getByRole('link', { name: 'Abholung Zürich' }).click()
    await page.getByRole('heading', { level: 1, name: 'Abholung Zürich' }).waitFor({ timeout: 20_000 })
    await noViolations(page)
    await page.getByRole('link', { name: 'Streams', exact: true }).click()
    await page.getByRole('link', { name: 'Theke', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Theke' }).waitFor({ timeout: 20_000 })
    expect(await page.getByLabel('Segment (Eintrag 1)').inputValue()).toBe(pickup.data.id)
    await noViolations(page)

    await page.getByRole('link', { name: 'Bildschirme', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Bildschirme' }).waitFor()
    await noViolations(page)
    await page.getByRole('link', { name: 'Neuer Bildschirm' }).click()
    await page.getByRole('heading', { level: 1, name: 'Neuer Bildschirm' }).waitFor()
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('TV Theke')
    await page.getByLabel('Filiale', { exact: true }).selectOption(zurich)
    await page.getByLabel('Gerät', { exact: true }).selectOption(device.data.id)
    await page.getByLabel('Stream', { exact: true }).selectOption(stream.data.id)
    await noViolations(page)
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await page.getByRole('heading', { level: 1, name: 'TV Theke' }).waitFor({ timeout: 20_000 })

    // The screen picks the change up by itself and shows the pickup display.
    await tv.getByTestId('signage-pickup').waitFor({ timeout: 20_000 })
    await tv.getByRole('heading', { name: 'In Vorbereitung' }).waitFor()
    await tv.getByRole('heading', { name: 'Abholbereit' }).waitFor()
    const order = await confirmedOrder('Lea')
    const preparing = tv
      .getByTestId('pickup-preparing')
      .getByText(String(order.ticketNumber), { exact: true })
    await preparing.waitFor({ timeout: 10_000 })
    await noViolations(tv)

    // Ready on the board (the staff API) → on the screen within a second (the bar).
    const version = (await call<Staff>('GET', `/api/orders/${order.id}`, undefined, staff())).data.version
    const ready = await call('POST', `/api/orders/${order.id}/status/in-delivery`, { version }, staff())
    expect(ready.status).toBe(200)
    const answeredAt = Date.now()
    await tv
      .getByTestId('pickup-ready')
      .getByText(String(order.ticketNumber), { exact: true })
      .waitFor({ timeout: 5000 })
    const shownAfter = Date.now() - answeredAt
    expect(shownAfter).toBeLessThan(1000)
    expect(await preparing.count()).toBe(0)

    // "Identifizieren" in the back-office: acknowledged, and the name shows on the TV.
    await page.getByRole('button', { name: 'Identifizieren' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'vom Bildschirm bestätigt' }).count(), {
        timeout: 10_000,
      })
      .toBe(1)
    expect(((await tv.getByTestId('signage-identify').textContent()) ?? '').trim()).toBe('TV Theke')
    await noViolations(page)
    await page.getByRole('button', { name: 'Befehl abbrechen' }).click()
    await tv.getByTestId('signage-identify').waitFor({ state: 'detached', timeout: 10_000 })

    // The network goes away: the screen keeps its content, with the small offline dot.
    await tv.context().setOffline(true)
    await tv.getByRole('img', { name: /Keine Verbindung/ }).waitFor({ timeout: 40_000 })
    expect(
      await tv.getByTestId('pickup-ready').getByText(String(order.ticketNumber), { exact: true }).count(),
    ).toBe(1)
    await noViolations(tv)

    // A restart during the outage: the player's service worker kept its page and files, so it
    // opens again and plays its last playlist.
    const kept = await tv.evaluate(async () => {
      const cache = await caches.open('shop-signage-shell-v1')
      return (await cache.keys()).map((r) => new URL(r.url).pathname)
    })
    expect(kept).toContain('/backend/signage')
    expect(kept.some((path) => path.startsWith('/backend/assets/') && path.endsWith('.js'))).toBe(true)
    expect(await tv.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await tv.reload()
    await tv.getByTestId('signage-pickup').waitFor({ timeout: 20_000 })
    await tv.getByRole('img', { name: /Keine Verbindung/ }).waitFor({ timeout: 40_000 })
    await tv.context().setOffline(false)
  })
})
