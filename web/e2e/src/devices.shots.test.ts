import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FakePrinter, fakePrinter } from './fake-printer.ts'
import { noSpinner } from './shots-support.ts'
import {
  adminHeaders,
  adminPage,
  apiCall,
  confirmByBoard,
  demoBoard,
  type PlainProduct,
  placeBoardOrder,
  type Stage,
  startStage,
} from './support.ts'

/**
 * Devices, printers and signage pictured for docs/screenshots (issue 21): the device registry
 * with a printer that answers, one that does not and a paired screen; a printer's page; a
 * signage stream and segment; the pickup display on a TV; the board with its printer warning
 * and its kitchen view. Run by `npm run screenshots` (the `shots` project); without
 * SCREENSHOTS=1 the pictures go to a temporary directory.
 */
let stage: Stage
let admin: Record<string, string>
let zurich: string
let apiKey: string
let product: PlainProduct
let printer: FakePrinter
const ids: Record<string, string> = {}

const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
    : join(tmpdir(), 'shop-screenshots')

const call = async <T>(method: string, path: string, body?: unknown, headers = admin) =>
  (await apiCall<T>(stage.url, method, path, body, headers)).data

/** A takeaway order at Zürich, confirmed by the board (its api key); its ticket number. */
async function confirmedOrder(firstName: string, amount = product.amount): Promise<{ id: string }> {
  const id = await placeBoardOrder(
    stage.url,
    { zurich, product },
    { firstName, lastName: 'Abholung', amount },
  )
  await confirmByBoard(stage.url, apiKey, id)
  return { id }
}

beforeAll(async () => {
  stage = await startStage({
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  ;({ zurich, apiKey, product } = await demoBoard(stage.url))
  admin = await adminHeaders(stage.url)
  mkdirSync(SHOTS, { recursive: true })
  printer = await fakePrinter()
  ids.counter = (
    await call<{ id: string }>('POST', '/api/devices', {
      name: 'Kasse',
      kind: 'printer',
      branch: { id: zurich },
      host: '127.0.0.1',
      port: printer.port,
      paperWidth: 80,
      purposes: ['newOrder', 'confirmedOrder'],
    })
  ).id
  // The bakehouse's printer is switched off: nothing listens on its port.
  const off = await fakePrinter()
  await off.stop()
  ids.bakehouse = (
    await call<{ id: string }>('POST', '/api/devices', {
      name: 'Backstube',
      kind: 'printer',
      branch: { id: zurich },
      host: '127.0.0.1',
      port: off.port,
      paperWidth: 58,
      purposes: ['kitchenTicket'],
    })
  ).id
  ids.tv = (
    await call<{ id: string }>('POST', '/api/devices', {
      name: 'TV Theke',
      kind: 'signage',
      branch: { id: zurich },
    })
  ).id
  ids.pickup = (
    await call<{ id: string }>('POST', '/api/digital-signage-segments', {
      name: 'Abholung Zürich',
      type: 'pickup',
      branch: { id: zurich },
    })
  ).id
  ids.stream = (
    await call<{ id: string }>('POST', '/api/digital-signage-streams', {
      name: 'Theke',
      items: [{ segmentId: ids.pickup, durationSeconds: 600 }],
    })
  ).id
  // The counter printer answers a test print (so it shows online).
  await call('POST', `/api/devices/${ids.counter}/test/print`, {})
}, 180_000)

afterAll(async () => {
  await printer?.stop()
  await stage?.close()
})

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0)
  await page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' })
}

async function login(viewport: { width: number; height: number }): Promise<Page> {
  const page = await adminPage(stage, viewport)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  return page
}

async function visit(page: Page, path: string, ready = 'main h1') {
  await page.goto(path)
  await page.locator(ready).first().waitFor({ timeout: 20_000 })
  await noSpinner(page)
  await page.waitForLoadState('networkidle')
}

it('pictures the pickup display on a TV with orders in preparation and ready', async () => {
  const tv = await stage.newPage({ viewport: { width: 1920, height: 1080 } })
  await tv.emulateMedia({ reducedMotion: 'reduce' })
  await tv.goto('/backend/signage')
  const codeText = tv.getByTestId('pairing-code')
  await codeText.waitFor({ timeout: 20_000 })
  await shoot(tv, 'signage-pairing-tv')
  const code = ((await codeText.textContent()) ?? '').trim()
  await call('POST', `/api/devices/${ids.tv}/pair`, { code })
  ids.screen = (
    await call<{ id: string }>('POST', '/api/digital-signage-devices', {
      name: 'TV Theke',
      branch: { id: zurich },
      deviceId: ids.tv,
      streamId: ids.stream,
    })
  ).id
  await tv.getByTestId('signage-pickup').waitFor({ timeout: 20_000 })
  const orders = []
  for (const name of ['Lea', 'Noah', 'Mia', 'Elias', 'Lina']) orders.push(await confirmedOrder(name))
  // Two are ready.
  for (const order of orders.slice(0, 2)) {
    const key = { 'x-api-key': apiKey }
    const { version } = await call<{ version: number }>('GET', `/api/orders/${order.id}`, undefined, key)
    await call('POST', `/api/orders/${order.id}/status/in-delivery`, { version }, key)
  }
  await expect.poll(() => tv.getByTestId('pickup-ready').locator('li').count(), { timeout: 10_000 }).toBe(2)
  await shoot(tv, 'signage-pickup-tv')
  await tv.context().close()
}, 180_000)

it('pictures a board tablet not yet paired: its code and QR code', async () => {
  const tablet = await stage.newPage({ viewport: { width: 1280, height: 800 } })
  await tablet.emulateMedia({ reducedMotion: 'reduce' })
  await tablet.goto('/backend/board-device')
  await tablet.getByTestId('pairing-code').waitFor({ timeout: 20_000 })
  await tablet
    .locator('[data-testid="board-pairing"] img, [data-testid="board-pairing"] svg')
    .first()
    .waitFor()
  await shoot(tablet, 'board-pairing-tablet')
  await tablet.context().close()
})

it('pictures the registry, a printer, the signage editors on a desktop and a tablet', async () => {
  for (const [viewport, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['tablet', { width: 820, height: 1180 }],
  ] as const) {
    const page = await login(size)
    // The bakehouse printer has been tried (the orders' kitchen tickets): offline, not printed.
    await visit(page, '/backend/devices')
    await expect.poll(() => page.getByText('Backstube').count()).toBeGreaterThan(0)
    await shoot(page, `devices-registry-${viewport}`)
    await visit(page, `/backend/devices/${ids.counter}`)
    await shoot(page, `devices-printer-${viewport}`)
    await visit(page, `/backend/digital-signage-streams/${ids.stream}`)
    await shoot(page, `signage-stream-${viewport}`)
    await visit(page, `/backend/digital-signage-devices/${ids.screen}`)
    await shoot(page, `signage-screen-${viewport}`)
    await page.context().close()
  }
}, 300_000)

it('pictures the board with the printer warning and its kitchen view at a tablet', async () => {
  const page = await login({ width: 1280, height: 800 })
  await visit(page, `/backend/board/${zurich}`, '.fd-header__title')
  await expect
    .poll(() => page.getByText(/Drucker «Backstube» nicht erreichbar/).count(), { timeout: 30_000 })
    .toBeGreaterThan(0)
  await shoot(page, 'board-printer-warning-tablet')
  await visit(page, `/backend/board/${zurich}?view=kitchen`, '.fd-header__title')
  await page.waitForLoadState('networkidle')
  await shoot(page, 'board-kitchen-tablet')
}, 180_000)
