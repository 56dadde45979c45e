import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fakePrinter } from './fake-printer.ts'
import {
  adminHeaders,
  adminPage,
  apiCall,
  confirmByBoard,
  demoBoard,
  deviceTestResult,
  type PlainProduct,
  pairAsNewDevice,
  placeBoardOrder,
  type Stage,
  seriousViolations,
  startStage,
} from './support.ts'

// The device registry, the board's printer indicator and the kitchen view (issue 21 points 1, 2
// and 4): an admin sets up a receipt printer against a fake printer (a TCP server in this test
// that records the bytes), its test print succeeds and, with the printer gone, fails honestly
// while the counter tablet's board shows it offline; a board tablet pairs with the code its
// screen shows and loses its access again; the kitchen view sums two confirmed orders' items in
// their pickup slot. Tablet (820×1180) and desktop; axe on every screen.

const TABLET = { width: 820, height: 1180 }
const DESKTOP = { width: 1280, height: 900 }

let stage: Stage
let zurich: string
let apiKey: string
let product: PlainProduct
let admin: Record<string, string>

function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return apiCall<T>(stage.url, method, path, body, headers)
}

const login = (viewport = DESKTOP): Promise<Page> => adminPage(stage, viewport)

/** What crashed in a page (shown when a wait fails). */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${error.message}\n${error.stack ?? ''}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

async function noViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([])
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

describe('device registry', () => {
  it('sets up a printer: the test print reaches it; gone, the test fails and the board shows it offline', async () => {
    const printer = await fakePrinter()
    const page = await login()
    await page.getByRole('link', { name: 'Geräte', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Geräte' }).waitFor()
    await noViolations(page)

    await page.getByRole('link', { name: 'Neues Gerät' }).click()
    await page.getByRole('heading', { level: 1, name: 'Neues Gerät' }).waitFor()
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Kasse')
    await page.getByRole('combobox', { name: 'Filiale', exact: true }).selectOption(zurich)
    await page.getByRole('textbox', { name: 'Adresse (IP oder Hostname)' }).fill('127.0.0.1')
    await page.getByRole('textbox', { name: 'Port', exact: true }).fill(String(printer.port))
    await page.getByLabel('Küchenbons (ohne Preise)').check()
    await noViolations(page)
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await page.getByRole('heading', { level: 1, name: 'Kasse' }).waitFor({ timeout: 20_000 })
    const deviceId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '')
    const stored = await call<{ kind: string; port: number; purposes: string[] }>(
      'GET',
      `/api/devices/${deviceId}`,
      undefined,
      admin,
    )
    expect(stored.data).toMatchObject({ kind: 'printer', port: printer.port, purposes: ['kitchenTicket'] })

    await page.getByRole('button', { name: 'Testdruck' }).click()
    expect(await deviceTestResult(page)).toBe('Test erfolgreich.')
    await expect.poll(() => printer.received.length, { timeout: 10_000 }).toBeGreaterThan(0)
    const bytes = printer.received[0] ?? Buffer.alloc(0)
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]))
    await noViolations(page)

    // The list shows it online and seen just now (from the status answer, not the first render).
    const list = await login()
    await list.goto('/backend/devices')
    const listed = list.getByRole('row').filter({ hasText: 'Kasse' })
    await expect
      .poll(() => listed.textContent(), { timeout: 20_000 })
      .toContain('zuletzt gesehen gerade eben')
    expect(await listed.textContent()).toContain('Online')
    await list.close()

    // A printer's log is its recent print jobs, there at once.
    await page.getByRole('button', { name: 'Log anfordern' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Log empfangen' }).count(), { timeout: 20_000 })
      .toBe(1)

    // The printer goes away: the test says so, with the reason.
    await printer.stop()
    await page.getByRole('button', { name: 'Testdruck' }).click()
    await expect.poll(() => page.locator('[data-test-result="danger"]').count(), { timeout: 20_000 }).toBe(1)
    expect(await deviceTestResult(page)).toMatch(/^Test nicht erfolgreich\./)
    await noViolations(page)

    // The counter tablet's board (by the branch's key, no session) shows the printer offline.
    const tablet = await stage.newPage({ viewport: TABLET })
    const crashes = watchErrors(tablet)
    await tablet.goto(`/backend/frontdesk/${zurich}/${apiKey}`)
    const dot = tablet.locator(`[data-printer="${deviceId}"]`)
    await dot.waitFor({ timeout: 30_000 }).catch((error) => {
      throw new Error(`${error}\n${crashes.join('\n')}`)
    })
    await expect.poll(() => dot.getAttribute('data-online'), { timeout: 30_000 }).toBe('false')
    await expect
      .poll(() => tablet.locator(`[data-printer-warning="${deviceId}"]`).textContent(), { timeout: 30_000 })
      .toContain('Drucker «Kasse» nicht erreichbar')
    await noViolations(tablet)

    // The staff board says the same and leads to the printer.
    await page.goto(`/backend/board/${zurich}`)
    const warning = page.locator(`[data-printer-warning="${deviceId}"]`)
    await expect
      .poll(() => warning.textContent(), { timeout: 30_000 })
      .toContain('Drucker «Kasse» nicht erreichbar')
    await noViolations(page)
    await warning.getByRole('link').click()
    await page.getByRole('heading', { level: 1, name: 'Kasse' }).waitFor({ timeout: 20_000 })

    // The list shows it offline too.
    await page.goto('/backend/devices')
    const row = page.getByRole('row').filter({ hasText: 'Kasse' })
    await expect
      .poll(() => row.locator('[data-device-state]').getAttribute('data-device-state'), { timeout: 20_000 })
      .toBe('offline')
    expect(await row.textContent()).toContain('Bondrucker')
  })

  it('pairs a board tablet with the code its screen shows: it runs the live board, gets a notification, and loses its access', async () => {
    // The tablet's own page: unpaired, it starts a pairing and shows the code and its QR code.
    const tablet = await stage.newPage({ viewport: TABLET })
    const tabletErrors = watchErrors(tablet)
    await tablet.goto('/backend/board-device')
    await tablet.getByRole('heading', { level: 1, name: 'Board-Tablet koppeln' }).waitFor({ timeout: 20_000 })
    const codeEl = tablet.getByTestId('pairing-code')
    await codeEl.waitFor({ timeout: 20_000 })
    const code = (await codeEl.textContent()) ?? ''
    expect(code).toMatch(/^[A-Z2-9]{6}$/)
    expect(await tablet.getByRole('img', { name: 'QR-Code zur Kopplung im Back-Office' }).count()).toBe(1)
    await noViolations(tablet)

    const page = await login(TABLET)
    // The QR code leads to the pair page with the code filled in.
    await pairAsNewDevice(page, { code, name: 'Theke', kind: 'board', branch: zurich })
    await noViolations(page)

    // The tablet picks up its credential and shows the board of its branch, live.
    await tablet.locator('.fd-board').waitFor({ timeout: 20_000 })
    const credential = await tablet.evaluate(() => localStorage.getItem('shop.board.credential'))
    expect(credential).toMatch(/^dev_/)
    const orderId = await placeBoardOrder(
      stage.url,
      { zurich, product },
      { firstName: 'Tabea', lastName: 'Tablet' },
    )
    await expect
      .poll(() => tablet.locator(`article[data-order-id="${orderId}"]`).count(), { timeout: 20_000 })
      .toBe(1)
    expect(await tablet.locator(`article[data-order-id="${orderId}"]`).textContent()).toContain('Tablet')

    // On the device's page: paired and online; the test notification reaches the tablet.
    await page.getByRole('link', { name: 'Zum Gerät' }).click()
    await page.getByRole('heading', { level: 1, name: 'Theke' }).waitFor({ timeout: 20_000 })
    await expect
      .poll(() => page.locator('.bo-device-pairing').getAttribute('data-paired'), { timeout: 20_000 })
      .toBe('true')
    await page.getByRole('button', { name: 'Testbenachrichtigung' }).click()
    expect(await deviceTestResult(page)).toBe('Test erfolgreich.')
    await expect
      .poll(() => tablet.getByTestId('device-notice').textContent(), { timeout: 10_000 })
      .toBe('Test')
    const devices = await call<{ name: string; online: boolean; lastSeenAt: string | null }[]>(
      'GET',
      `/api/devices/status?branch=${zurich}`,
      undefined,
      admin,
    )
    expect(devices.data.find((d) => d.name === 'Theke')).toMatchObject({ online: true })

    // Its log, asked for on the device's page: the tablet sends its own lines, the test
    // notification's command among them.
    await page.getByRole('button', { name: 'Log anfordern' }).click()
    const log = page.getByRole('region', { name: 'Log', exact: true })
    await log.waitFor({ timeout: 20_000 })
    const lines = (await log.textContent()) ?? ''
    expect(lines).toContain('socket authenticated')
    expect(lines).toContain('command notify')
    expect(lines).toContain('command requestLogs')
    expect(await page.getByText(/^Log empfangen \d/).count()).toBe(1)
    await noViolations(page)

    // Access revoked after a confirmation: the tablet is back at its pairing screen.
    await page.getByRole('button', { name: 'Zugang entziehen' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Zugang von «Theke» entziehen?')
    await noViolations(page)
    await dialog.getByRole('button', { name: 'Zugang entziehen' }).click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Zugang entzogen' }).count(), {
        timeout: 20_000,
      })
      .toBe(1)
    const refused = await fetch(`${stage.url}/api/device/me`, {
      headers: { authorization: `Device ${credential}` },
    })
    expect(refused.status).toBe(401)
    await expect
      .poll(() => page.locator('.bo-device-pairing').getAttribute('data-paired'), { timeout: 20_000 })
      .toBe('false')
    await tablet.getByTestId('pairing-code').waitFor({ timeout: 20_000 })
    expect(await tablet.evaluate(() => localStorage.getItem('shop.board.credential'))).toBeNull()
    expect(tabletErrors.filter((e) => !/WebSocket|Failed to load resource/.test(e))).toEqual([])

    // Paired again from the device's page with a new code.
    const again = await call<{ code: string }>('POST', '/api/device-pairing', { kind: 'board' })
    await page.getByRole('textbox', { name: 'Code vom Bildschirm' }).fill(again.data.code.toLowerCase())
    await page.getByRole('button', { name: 'Koppeln', exact: true }).click()
    await expect
      .poll(
        () =>
          page.getByRole('status').filter({ hasText: 'Gekoppelt – das Gerät ist jetzt angemeldet.' }).count(),
        {
          timeout: 20_000,
        },
      )
      .toBe(1)
    await expect
      .poll(() => page.locator('.bo-device-pairing').getAttribute('data-paired'), { timeout: 20_000 })
      .toBe('true')
    // A wrong code is refused at the field with the server's words.
    await page.getByRole('textbox', { name: 'Code vom Bildschirm' }).fill('ZZZZZZ')
    await page.getByRole('button', { name: 'Neu koppeln' }).click()
    await expect
      .poll(() => page.locator('.ui-field__error').textContent(), { timeout: 20_000 })
      .toBe('Dieser Code ist ungültig oder abgelaufen.')
    await noViolations(page)
  })
})

describe('print jobs', () => {
  const HOUR = 3_600_000
  type Job = { id: string; status: string; attempts: number; lastError: string | null; createdAt: string }

  it('prints a job that failed again from the device panel: the printer gets the receipt, the job turns printed', async () => {
    // A printer whose address answers nothing (a fake printer started and stopped: its port is free).
    const gone = await fakePrinter()
    await gone.stop()
    const created = await call<{ id: string }>(
      'POST',
      '/api/devices',
      {
        name: 'Bon Nachdruck',
        kind: 'printer',
        branch: { id: zurich },
        host: '127.0.0.1',
        port: gone.port,
        purposes: ['confirmedOrder'],
      },
      admin,
    )
    const deviceId = created.data.id
    const jobs = async () =>
      (await call<Job[]>('GET', `/api/devices/${deviceId}/jobs`, undefined, admin)).data ?? []

    // A confirmed order: its receipt job is tried and refused.
    const orderId = await placeBoardOrder(
      stage.url,
      { zurich, product },
      { firstName: 'Rita', lastName: 'Nachdruck' },
    )
    await confirmByBoard(stage.url, apiKey, orderId)
    // The job is tried at once and refused (nobody answers at that port); its next try by itself
    // is a second or two away. The stage's clock goes back an hour for the rest of this test: the
    // job then waits an hour by itself, so only the button prints it now.
    let job: Job | undefined
    await expect
      .poll(
        async () => {
          ;[job] = await jobs()
          return job?.lastError ?? null
        },
        { timeout: 20_000, interval: 250 },
      )
      .not.toBeNull()
    expect(job?.status).toBe('pending')
    expect(job?.attempts).toBeGreaterThanOrEqual(1)
    stage.advance(-HOUR)
    try {
      // The printer is back, at a new port.
      const printer = await fakePrinter()
      const device = (
        await call<Record<string, unknown>>('GET', `/api/devices/${deviceId}`, undefined, admin)
      ).data
      const moved = await call('PUT', `/api/devices/${deviceId}`, { ...device, port: printer.port }, admin)
      expect(moved.status).toBe(200)

      const page = await login()
      await page.goto(`/backend/devices/${deviceId}`)
      await page.getByRole('heading', { level: 1, name: 'Bon Nachdruck' }).waitFor({ timeout: 20_000 })
      const entry = page.locator('.bo-device-jobs li').first()
      await expect.poll(() => entry.getAttribute('data-job-status'), { timeout: 20_000 }).toBe('pending')
      expect(await entry.textContent()).toContain('Wartet')
      await noViolations(page)
      // The status probe connects now and then without sending anything: receipts are what has bytes.
      const receipts = () => printer.received.filter((b) => b.length > 0)
      expect(receipts()).toHaveLength(0)

      await entry.getByRole('button', { name: 'Erneut drucken' }).click()
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Wird erneut gedruckt.' }).count(), {
          timeout: 10_000,
        })
        .toBe(1)
      await expect.poll(() => receipts().length, { timeout: 10_000, interval: 100 }).toBe(1)
      const bytes = receipts()[0] ?? Buffer.alloc(0)
      expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]))
      expect(bytes.includes(Buffer.from('CHF'))).toBe(true)
      // The list shows it printed (its poll), without the button; printed once only.
      await expect.poll(() => entry.getAttribute('data-job-status'), { timeout: 20_000 }).toBe('printed')
      expect(await entry.textContent()).toContain('Gedruckt')
      expect(await entry.getByRole('button', { name: 'Erneut drucken' }).count()).toBe(0)
      expect((await jobs())[0]).toMatchObject({ id: job?.id, status: 'printed', lastError: null })
      await noViolations(page)
      expect(receipts()).toHaveLength(1)
      await printer.stop()
    } finally {
      stage.advance(HOUR)
    }
  })
})

describe('kitchen view', () => {
  type Staff = {
    ticketNumber: number | null
    version: number
    status: string
    dueAt: string | null
    items: { name: string }[]
  }
  async function confirmedOrder(appointmentDate: string, firstName: string): Promise<Staff> {
    const id = await placeBoardOrder(
      stage.url,
      { zurich, product },
      { firstName, lastName: 'Küche', appointmentDate },
    )
    return confirmByBoard<Staff>(stage.url, apiKey, id)
  }

  it('sums the items of two confirmed orders in their pickup slot, live, and remembers the mode', async () => {
    const slot = '2026-11-24T15:30:00+01:00'
    const first = await confirmedOrder(slot, 'Anna')
    expect(first.status).toBe('confirmed')
    // The slot as the board knows it (the order's due time).
    expect(first.dueAt).not.toBeNull()
    const slotIso = new Date(first.dueAt ?? '').toISOString()
    const tablet = await stage.newPage({ viewport: TABLET })
    const crashes = watchErrors(tablet)
    await tablet.goto(`/backend/frontdesk/${zurich}/${apiKey}?view=kitchen`)
    const section = tablet.locator(`[data-slot="${slotIso}"]`)
    await section.waitFor({ timeout: 20_000 }).catch(async (error) => {
      throw new Error(`${error}\n${await tablet.locator('main').textContent()}\n${crashes.join('\n')}`)
    })
    const name = first.items[0]?.name ?? ''
    const item = section.locator('.fd-kitchen__item').filter({ hasText: name })
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain(`(#${first.ticketNumber})`)
    // A second order for the same time arrives while the view is open: summed in the same line.
    const second = await confirmedOrder(slot, 'Beat')
    expect(second.dueAt && new Date(second.dueAt).toISOString()).toBe(slotIso)
    const tickets = [first.ticketNumber, second.ticketNumber].sort((a, b) => Number(a) - Number(b))
    await expect
      .poll(() => item.textContent(), { timeout: 20_000 })
      .toContain(`(#${tickets[0]}, #${tickets[1]})`)
    const total = product.amount * 2
    const amount = (await item.locator('.fd-kitchen__amount').textContent()) ?? ''
    expect(amount.replace(/\s/g, ' ')).toContain(String(total).replace('.', ','))
    expect(await section.textContent()).toContain('2 Bestellungen')
    await noViolations(tablet)

    // The staff board: the switch turns the kitchen view on, and the device remembers it.
    const page = await login(DESKTOP)
    await page.goto(`/backend/board/${zurich}`)
    await page.locator('.fd-lanes').waitFor({ timeout: 20_000 })
    const toggle = page.getByRole('switch', { name: 'Küchenansicht' })
    await toggle.focus()
    await page.keyboard.press('Space')
    await page.locator(`[data-slot="${slotIso}"]`).waitFor({ timeout: 10_000 })
    expect(await page.locator('.fd-board').getAttribute('data-view')).toBe('kitchen')
    await page.reload()
    await page.locator(`[data-slot="${slotIso}"]`).waitFor({ timeout: 20_000 })
    expect(await page.getByRole('switch', { name: 'Küchenansicht' }).isChecked()).toBe(true)
    await noViolations(page)
  })
})
