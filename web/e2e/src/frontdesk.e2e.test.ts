import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminHeaders,
  apiCall,
  demoBoard,
  type PlainProduct,
  type Stage,
  seriousViolations,
  startStage,
} from './support.ts'

// The frontdesk board (issue 6 point 2 and its quality bars): orders placed through the API show
// up live with an alert, commands from the board reach the customer's status page and the other
// boards, the board survives a dropped network and resyncs, wrong keys and foreign branches are
// refused, a 409 shows what changed, everything is reachable by keyboard and passes axe.

const WRITE = process.env.SCREENSHOTS === '1'
const SHOTS = WRITE
  ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
  : join(tmpdir(), 'shop-screenshots')
const TABLET = { width: 1280, height: 800 }

let stage: Stage
let zurich: string
let winterthur: string
let apiKey: string
let product: PlainProduct

type Order = { id: string; uid: string; hash: string; version: number; status: string }

function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return apiCall<T>(stage.url, method, path, body, headers)
}

async function placeOrder(extra: Record<string, unknown> = {}): Promise<Order> {
  const { data } = await call<Order>('POST', '/api/orders', {
    branch: zurich,
    isDelivery: false,
    isDineIn: false,
    firstName: 'Erika',
    lastName: 'Beispiel',
    phone: '+41795556677',
    email: 'erika@example.ch',
    country: 'CH',
    comment: 'Bitte schön einpacken',
    items: [{ product: product.uid, amount: product.amount, unit: product.unit }],
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
    ...extra,
  })
  return data
}

/** The order as staff see it (version included). */
async function staffView(id: string): Promise<Order> {
  return (await call<Order>('GET', `/api/orders/${id}`, undefined, { 'x-api-key': apiKey })).data
}

async function command(id: string, action: string): Promise<void> {
  const { version } = await staffView(id)
  await call('POST', `/api/orders/${id}/status/${action}`, { version }, { 'x-api-key': apiKey })
}

async function openBoard(opts: { key?: string; before?: (page: Page) => Promise<void> } = {}): Promise<Page> {
  const page = await stage.newPage({ viewport: TABLET })
  await opts.before?.(page)
  await page.goto(`/backend/frontdesk/${zurich}/${opts.key ?? apiKey}`)
  return page
}

const board = (page: Page) => page.locator('.fd-board')
const card = (page: Page, id: string, lane?: string): Locator =>
  page.locator(`${lane ? `[data-lane="${lane}"] ` : ''}article[data-order-id="${id}"]`)

/** The order whose card holds the keyboard focus (the card itself or one of its buttons). */
const focusedCard = (page: Page): Promise<string | null> =>
  page.evaluate(
    () => document.activeElement?.closest('article[data-order-id]')?.getAttribute('data-order-id') ?? null,
  )

async function waitLive(page: Page): Promise<void> {
  await expect.poll(() => board(page).getAttribute('data-live'), { timeout: 20_000 }).toBe('live')
}

/** Tab through the page until the element has the focus (every action reachable by keyboard). */
async function tabTo(page: Page, target: Locator, max = 400): Promise<void> {
  const handle = await target.elementHandle()
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((el) => el === document.activeElement, handle)) return
  }
  throw new Error('the element was not reached with Tab')
}

beforeAll(async () => {
  // Many orders from one address and contact, some left open: the order limits are lifted.
  stage = await startStage({
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  ;({ zurich, winterthur, apiKey, product } = await demoBoard(stage.url))
})

afterAll(async () => {
  await stage?.close()
})

describe('frontdesk board', () => {
  it('a new order appears without reload and the alert rings until someone acts', async () => {
    const page = await openBoard()
    await waitLive(page)
    // Before the first touch the browser keeps the sound locked: the board says so.
    const unlock = page.getByRole('button', { name: /Ton ist aus/ })
    await expect.poll(() => unlock.count()).toBe(1)
    await unlock.click()
    // That touch only unlocked the sound (issue 18): the demo's waiting order is acknowledged
    // with the banner's button.
    const seen = page.getByRole('button', { name: /^(Alle \d+ gesehen|Gesehen)$/ })
    if ((await seen.count()) > 0) await seen.click()
    await expect.poll(() => board(page).getAttribute('data-alerting')).toBe('false')
    const before = Number((await board(page).getAttribute('data-alerts')) ?? 0)

    const order = await placeOrder()
    await expect.poll(() => card(page, order.id, 'new').count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => board(page).getAttribute('data-alerting')).toBe('true')
    await expect
      .poll(async () => Number(await board(page).getAttribute('data-alerts')))
      .toBeGreaterThan(before)
    expect(await page.getByRole('status').filter({ hasText: 'Neue Bestellung' }).count()).toBe(1)
    const text = await card(page, order.id).textContent()
    expect(text).toContain('Erika Beispiel')
    expect(text).toContain('Bitte schön einpacken')
    expect(text).toContain('Takeaway')

    // It repeats (every 5 s) while nobody acts …
    const rounds = Number(await board(page).getAttribute('data-alerts'))
    await page.clock.runFor(5_100)
    await expect
      .poll(async () => Number(await board(page).getAttribute('data-alerts')))
      .toBeGreaterThan(rounds)
    // … a key pressed elsewhere on the board does not stop it (issue 18) …
    await page.getByRole('switch', { name: 'Kundendaten anzeigen' }).focus()
    await page.keyboard.press('Shift')
    expect(await board(page).getAttribute('data-alerting')).toBe('true')
    // … acknowledging the new order does.
    await page.getByRole('button', { name: /^(Alle \d+ gesehen|Gesehen)$/ }).click()
    await expect.poll(() => board(page).getAttribute('data-alerting')).toBe('false')
    await page.context().close()
  })

  it('confirm on the board turns the customer status page live; a second board follows', async () => {
    const order = await placeOrder()
    const boardA = await openBoard()
    const boardB = await openBoard()
    await waitLive(boardA)
    await waitLive(boardB)
    const customer = await stage.newPage()
    await customer.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
    await customer.goto(`/status/${order.uid}/${order.hash}`)
    await expect
      .poll(() => customer.locator('.status-now__text').textContent())
      .toContain('Wartet auf Bestätigung')

    await expect.poll(() => card(boardA, order.id, 'new').count()).toBe(1)
    await card(boardA, order.id).getByRole('button', { name: 'Bestätigen' }).click()
    await expect.poll(() => card(boardA, order.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)
    await expect
      .poll(() => customer.locator('.status-now__text').textContent(), { timeout: 10_000 })
      .toContain('Bestätigt')
    await expect.poll(() => card(boardB, order.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)

    // Takeaway: "Bereit" moves it to the ready lane on both boards.
    await card(boardB, order.id).getByRole('button', { name: 'Bereit' }).click()
    await expect.poll(() => card(boardA, order.id, 'ready').count(), { timeout: 10_000 }).toBe(1)
    await expect
      .poll(() => customer.locator('.status-now__text').textContent(), { timeout: 10_000 })
      .toContain('Abholbereit')
    await card(boardA, order.id).getByRole('button', { name: 'Abgeschlossen' }).click()
    await expect.poll(() => card(boardB, order.id, 'done').count(), { timeout: 10_000 }).toBe(1)
    for (const p of [boardA, boardB, customer]) await p.context().close()
  })

  it('shows "offline" when the network drops and resyncs with nothing missing', async () => {
    const leaving = await placeOrder()
    const page = await openBoard()
    await waitLive(page)
    await expect.poll(() => card(page, leaving.id, 'new').count()).toBe(1)

    await page.context().setOffline(true)
    const banner = page
      .getByRole('alert')
      .filter({ hasText: 'Board offline – Verbindung wird wiederhergestellt' })
    await expect.poll(() => banner.count(), { timeout: 30_000 }).toBe(1)
    expect(await board(page).getAttribute('class')).toContain('fd-board--offline')

    // Meanwhile: a new order, and one that moves on.
    const meanwhile = await placeOrder({ firstName: 'Während', lastName: 'Ausfall' })
    await command(leaving.id, 'confirm')

    await page.context().setOffline(false)
    await expect.poll(() => banner.count(), { timeout: 30_000 }).toBe(0)
    await waitLive(page)
    await expect.poll(() => card(page, meanwhile.id, 'new').count(), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => card(page, leaving.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)
    // Nothing missing, nothing extra: the board holds exactly the read model's orders.
    const expected = (await call<{ id: string }[]>('GET', `/api/orders/frontdesk/${zurich}/${apiKey}`)).data
    const shown = await page
      .locator('article[data-order-id]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id')))
    expect([...shown].sort()).toEqual(expected.map((o) => o.id).sort())
    await page.context().close()
  })

  it('a socket closed under the board (server, proxy) falls back to polling and comes back', async () => {
    const sockets: { close(): void }[] = []
    let refuse = false
    const page = await openBoard({
      before: (p) =>
        p.routeWebSocket('**/ws', (ws) => {
          if (refuse) {
            ws.close()
            return
          }
          ws.connectToServer()
          sockets.push(ws)
        }),
    })
    await waitLive(page)
    refuse = true
    for (const ws of sockets.splice(0)) ws.close()
    const banner = page.getByRole('alert').filter({ hasText: 'Board offline' })
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(1)
    const meanwhile = await placeOrder({ firstName: 'Nach', lastName: 'Abbruch' })
    refuse = false
    await expect.poll(() => banner.count(), { timeout: 40_000 }).toBe(0)
    await expect.poll(() => card(page, meanwhile.id, 'new').count(), { timeout: 10_000 }).toBe(1)
    await page.context().close()
  })

  it('a 409 (two boards confirm the same order) shows what changed', async () => {
    const order = await placeOrder()
    const first = await openBoard()
    // The second board misses the updates of this order (a stale card, as on a slow network).
    const second = await openBoard({
      before: (p) =>
        p.routeWebSocket('**/ws', (ws) => {
          const server = ws.connectToServer()
          server.onMessage((message) => {
            const text = String(message)
            if (text.includes('"type":"update"') && text.includes(order.id)) return
            ws.send(message)
          })
        }),
    })
    await waitLive(first)
    await waitLive(second)
    await expect.poll(() => card(second, order.id, 'new').count()).toBe(1)
    await card(first, order.id).getByRole('button', { name: 'Bestätigen' }).click()
    await expect.poll(() => card(first, order.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)
    expect(await card(second, order.id, 'new').count()).toBe(1)

    await card(second, order.id).getByRole('button', { name: 'Bestätigen' }).click()
    const conflict = second.getByRole('alert').filter({ hasText: 'Inzwischen geändert' })
    await expect.poll(() => conflict.count(), { timeout: 10_000 }).toBe(1)
    const text = await conflict.textContent()
    expect(text).toMatch(/geändert/)
    expect(text).toContain('Status: Wartet auf Bestätigung → Bestätigt')
    // The card now shows the server's state.
    await expect.poll(() => card(second, order.id, 'confirmed').count()).toBe(1)
    for (const p of [first, second]) await p.context().close()
  })

  it('every action is reachable by keyboard; reject asks for a message; axe finds nothing serious', async () => {
    const toConfirm = await placeOrder({ firstName: 'Tasta', lastName: 'Tur' })
    const toReject = await placeOrder({ firstName: 'Ab', lastName: 'Gelehnt' })
    const page = await openBoard()
    await waitLive(page)
    await expect.poll(() => card(page, toReject.id, 'new').count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])

    await tabTo(page, card(page, toConfirm.id).getByRole('button', { name: 'Bestätigen' }))
    await page.keyboard.press('Enter')
    await expect.poll(() => card(page, toConfirm.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)
    // The card moved to another lane and kept the keyboard focus (on its next action).
    await expect.poll(() => focusedCard(page)).toBe(toConfirm.id)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Bereit')

    await tabTo(page, card(page, toReject.id).getByRole('button', { name: 'Ablehnen' }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /ablehnen/ })
    await expect.poll(() => dialog.count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    // An empty message is refused with a message, not sent.
    await dialog.getByRole('button', { name: 'Ablehnen' }).click()
    await expect.poll(() => dialog.textContent()).toContain('Bitte geben Sie eine Nachricht ein.')
    await dialog.getByLabel('Nachricht an die Kundschaft').fill('Heute leider ausverkauft.')
    await tabTo(page, dialog.getByRole('button', { name: 'Ablehnen' }), 10)
    await page.keyboard.press('Enter')
    await expect.poll(() => card(page, toReject.id, 'done').count(), { timeout: 10_000 }).toBe(1)
    expect(await card(page, toReject.id).textContent()).toContain('Abgelehnt')
    await expect.poll(() => focusedCard(page)).toBe(toReject.id)

    // The counter-appointment dialog opens and closes by keyboard too.
    await tabTo(page, card(page, toConfirm.id).getByRole('button', { name: 'Bereit' }))
    const counter = await placeOrder({ firstName: 'Termin', lastName: 'Vorschlag' })
    await expect.poll(() => card(page, counter.id, 'new').count(), { timeout: 10_000 }).toBe(1)
    await tabTo(page, card(page, counter.id).getByRole('button', { name: 'Anderen Termin vorschlagen' }))
    await page.keyboard.press('Enter')
    const counterDialog = page.getByRole('dialog', { name: /Anderen Termin/ })
    await expect.poll(() => counterDialog.count()).toBe(1)
    await counterDialog.getByLabel('Uhrzeit').fill('16:30')
    await counterDialog.getByRole('button', { name: 'Termin vorschlagen' }).press('Enter')
    await expect.poll(() => counterDialog.count()).toBe(0)
    await expect
      .poll(() => card(page, counter.id).textContent(), { timeout: 10_000 })
      .toContain('Terminvorschlag offen')
    await page.context().close()
  })

  it('the switches hide customer and product data; missed orders are flagged', async () => {
    const order = await placeOrder({ firstName: 'Versteckt', lastName: 'Kunde' })
    const page = await openBoard()
    await waitLive(page)
    await expect.poll(() => card(page, order.id).count()).toBe(1)
    expect(await card(page, order.id).textContent()).toContain('+41795556677')
    await page.getByRole('switch', { name: 'Kundendaten anzeigen' }).uncheck()
    await page.getByRole('switch', { name: 'Produktdaten anzeigen' }).uncheck()
    const hidden = await card(page, order.id).textContent()
    expect(hidden).not.toContain('+41795556677')
    expect(hidden).not.toContain('Versteckt')
    expect(await card(page, order.id).locator('.fd-card__items').count()).toBe(0)
    expect(await page.evaluate(() => [localStorage.showCustomerData, localStorage.showProductData])).toEqual([
      '0',
      '0',
    ])
    // The switches hold after a reload (spec §3: local storage).
    await page.reload()
    await expect.poll(() => card(page, order.id).count()).toBe(1)
    expect(await page.getByRole('switch', { name: 'Kundendaten anzeigen' }).isChecked()).toBe(false)
    await page.getByRole('switch', { name: 'Kundendaten anzeigen' }).check()
    await page.getByRole('switch', { name: 'Produktdaten anzeigen' }).check()

    // Zürich's orders count as missed after 4 minutes without an answer.
    expect(await card(page, order.id).textContent()).not.toContain('Verpasst')
    await page.clock.fastForward(5 * 60_000)
    await expect.poll(() => card(page, order.id).textContent(), { timeout: 20_000 }).toContain('Verpasst')
    await expect
      .poll(async () => Number(await page.locator('[data-missed]').getAttribute('data-missed')))
      .toBeGreaterThan(0)
    await page.context().close()
  })

  it('the key board prints the receipt as a PDF', async () => {
    const order = await placeOrder()
    const page = await openBoard()
    await waitLive(page)
    await expect.poll(() => card(page, order.id).count()).toBe(1)
    const popup = page.context().waitForEvent('page')
    await card(page, order.id).getByRole('button', { name: 'Drucken' }).click()
    const receipt = await popup
    await expect.poll(() => receipt.url(), { timeout: 10_000 }).toMatch(/^blob:/)
    await page.context().close()
  })

  it('a wrong api key is refused clearly', async () => {
    const page = await openBoard({ key: 'falscher-schluessel' })
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
      .toBe('Zugriff verweigert')
    expect(await page.getByRole('alert').textContent()).toContain('Zugriff verweigert.')
    expect(await page.locator('article[data-order-id]').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it("an employee opens their own branch's board, not another branch's", async () => {
    const page = await stage.newPage({ viewport: TABLET })
    const login = await page.request.post('/api/login', {
      data: { username: 'mitarbeiter', password: 'demo-mitarbeiter-2026' },
    })
    expect(login.status()).toBe(200)
    await page.goto(`/backend/board/${winterthur}`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'Zugriff verweigert' }).count(), { timeout: 20_000 })
      .toBe(1)
    expect(await page.locator('article[data-order-id]').count()).toBe(0)

    const order = await placeOrder({ firstName: 'Session', lastName: 'Board' })
    await page.goto(`/backend/board/${zurich}`)
    await waitLive(page)
    await expect.poll(() => card(page, order.id, 'new').count(), { timeout: 10_000 }).toBe(1)
    // Commands run on the session (cookie + X-XSRF-TOKEN).
    await card(page, order.id).getByRole('button', { name: 'Bestätigen' }).click()
    await expect.poll(() => card(page, order.id, 'confirmed').count(), { timeout: 10_000 }).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it("an admin copies a branch's tablet link and renews its key: the old link is refused, the new one opens the board", async () => {
    const page = await stage.newPage({ viewport: TABLET })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const login = await page.request.post('/api/login', {
      data: { username: 'admin', password: 'demo-admin-2026' },
    })
    expect(login.status()).toBe(200)
    const { cookie } = await adminHeaders(stage.url)
    const keyOf = async () =>
      (
        await call<{ id: string; apiKey: string }[]>('GET', '/api/branches', undefined, {
          cookie: cookie ?? '',
        })
      ).data.find((b) => b.id === winterthur)!.apiKey
    const oldKey = await keyOf()
    await page.goto('/backend/frontdesk')
    await page.getByRole('heading', { name: 'Frontdesk-Tablets', level: 1 }).waitFor()
    const row = page
      .locator('li.fd-access__branch')
      .filter({ has: page.getByRole('heading', { name: 'Winterthur' }) })
    const link = row.getByLabel('Tablet-Link')
    expect(await link.inputValue()).toBe(`${stage.url}/backend/frontdesk/${winterthur}/${oldKey}`)
    await row.getByRole('button', { name: 'Link kopieren' }).click()
    await expect.poll(() => row.getByRole('status').textContent()).toBe('Der Link ist in der Zwischenablage.')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue())
    expect(await seriousViolations(page)).toEqual([])

    await row.getByRole('button', { name: 'Schlüssel erneuern' }).click()
    const dialog = page.getByRole('dialog', { name: /Winterthur.* erneuern\?$/ })
    expect(await dialog.textContent()).toContain('verlieren sofort den Zugang')
    await dialog.getByRole('button', { name: 'Schlüssel erneuern' }).click()
    await expect
      .poll(() => page.getByText(/^Der Schlüssel für .*Winterthur.* wurde erneuert\./).count())
      .toBe(1)
    const newKey = await keyOf()
    expect(newKey).not.toBe(oldKey)
    await expect.poll(() => link.inputValue()).toBe(`${stage.url}/backend/frontdesk/${winterthur}/${newKey}`)

    // The old link is refused clearly; the new one opens the live board.
    const tablet = await stage.newPage({ viewport: TABLET })
    await tablet.goto(`/backend/frontdesk/${winterthur}/${oldKey}`)
    await expect
      .poll(() => tablet.getByRole('heading', { name: 'Zugriff verweigert' }).count(), { timeout: 20_000 })
      .toBe(1)
    await tablet.goto(await link.inputValue())
    await waitLive(tablet)
    await tablet.context().close()

    // Employees neither see the page in their navigation nor the keys on it.
    const employee = await stage.newPage({ viewport: TABLET })
    await employee.request.post('/api/login', {
      data: { username: 'mitarbeiter', password: 'demo-mitarbeiter-2026' },
    })
    await employee.goto('/backend/frontdesk')
    await expect.poll(() => employee.getByText('Nur Administratorinnen und Administratoren').count()).toBe(1)
    expect(await employee.locator('input.fd-access__url').count()).toBe(0)
    expect(await employee.getByRole('link', { name: 'Tablet-Links' }).count()).toBe(0)
    await employee.context().close()
    await page.context().close()
  })

  it('screenshot: the board on a tablet in landscape', async () => {
    await placeOrder({ firstName: 'Lea', lastName: 'Brunner', isDineIn: true, tableIdentifier: '7' }).catch(
      () => placeOrder({ firstName: 'Lea', lastName: 'Brunner' }),
    )
    const page = await openBoard()
    await waitLive(page)
    await expect.poll(() => page.locator('article[data-order-id]').count()).toBeGreaterThan(3)
    await page.getByRole('button', { name: /Ton ist aus/ }).click()
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: join(SHOTS, 'board-tablet.png') })
    await page.context().close()
  })
})
