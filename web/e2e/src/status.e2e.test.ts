import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  apiCall,
  demoBoard,
  type PlainProduct,
  type Stage,
  seriousViolations,
  startStage,
} from './support.ts'

// The order status page (spec §2 "Order status", §4, §5 "Questionnaire"): orders are placed
// and moved through their lifecycle over the API, the page follows them live.

let stage: Stage
let branchId: string
let apiKey: string
let product: PlainProduct

type PublicOrder = {
  id: string
  uid: string
  hash: string
  version: number
  ticketNumber: number | null
  paymentRedirectUrl: string | null
  status: string
}

function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return apiCall<T>(stage.url, method, path, body, headers)
}

async function placeOrder(extra: Record<string, unknown> = {}): Promise<PublicOrder> {
  const { data } = await call<PublicOrder>('POST', '/api/orders', {
    branch: branchId,
    isDelivery: false,
    isDineIn: false,
    firstName: 'Anna',
    lastName: 'Muster',
    phone: '+41 79 123 45 67',
    country: 'CH',
    items: [{ product: product.uid, amount: product.amount, unit: product.unit }],
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
    ...extra,
  })
  return data
}

async function current(order: PublicOrder): Promise<PublicOrder> {
  return (await call<PublicOrder>('GET', `/api/orders/public/${order.uid}/${order.hash}`)).data
}

// The public view is a read model that may trail a write by a moment: a staff action takes the
// newest version either source knows.
const knownVersion = new Map<string, number>()

/** A staff action with the frontdesk key and the version the staff saw. */
async function staff(order: PublicOrder, action: string, body: Record<string, unknown> = {}) {
  const version = Math.max((await current(order)).version, knownVersion.get(order.id) ?? order.version)
  const res = await call<PublicOrder>(
    'POST',
    `/api/orders/${order.id}/${action}`,
    { ...body, version },
    {
      'x-api-key': apiKey,
    },
  )
  knownVersion.set(order.id, res.data.version)
  return res
}

/** The ticket number is drawn by the read model (per branch and business day). */
async function ticketOf(order: PublicOrder): Promise<number> {
  let ticket: number | null = null
  await expect
    .poll(async () => {
      ticket = (await current(order)).ticketNumber
      return ticket
    })
    .not.toBeNull()
  return ticket as unknown as number
}

async function expectNoSeriousA11yViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

/** Opens a status page as a new customer who declined the optional cookies (no banner). */
async function openStatus(
  order: PublicOrder,
  opts: {
    viewport?: { width: number; height: number }
    locale?: string
    before?: (page: Page) => Promise<void>
  } = {},
  path = `/status/${order.uid}/${order.hash}`,
): Promise<Page> {
  const page = await stage.newPage({
    ...(opts.viewport ? { viewport: opts.viewport } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
  })
  await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
  await opts.before?.(page)
  await page.goto(path)
  return page
}

const statusText = (page: Page) => page.locator('.status-now__text')
const liveIndicator = (page: Page) => page.locator('.status-live')

beforeAll(async () => {
  // Many orders from one address and contact, some left open: the order limits are lifted.
  stage = await startStage({
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  ;({ zurich: branchId, apiKey, product } = await demoBoard(stage.url))
})

// Each test opens its own pages: closed after it (support.ts closePages).
afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

describe('order status page', () => {
  it('thanks, shows ticket and status, and turns to confirmed live without a reload', async () => {
    const order = await placeOrder()
    const ticket = await ticketOf(order)
    const page = await openStatus(order)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Vielen Dank für Ihre Bestellung!')
    await expect.poll(() => page.title()).toMatch(/^Bestellstatus - /)
    expect(await page.locator('.status-ticket__number').textContent()).toBe(String(ticket))
    expect(await statusText(page).textContent()).toContain('Wartet auf Bestätigung')
    expect(await statusText(page).getAttribute('aria-live')).toBe('polite')
    // The timeline: the first step is current, the rest upcoming, named in text.
    const steps = page.locator('.status-step')
    await expect.poll(() => steps.count()).toBe(4)
    expect(await steps.nth(0).getAttribute('aria-current')).toBe('step')
    expect(await steps.nth(1).textContent()).toContain('ausstehend')
    // The info block: order type, branch, payment.
    const info = page.locator('.status-info')
    expect(await info.textContent()).toContain('Takeaway')
    expect(await info.textContent()).toContain('Barzahlung')
    expect(await info.textContent()).toContain('Huber')
    // Units are named as in the menu and the checkout ('Stück', not 'Stk.').
    expect(await info.locator('.status-item__amount').first().textContent()).toMatch(/^\d+ Stück$/)
    await expect.poll(() => liveIndicator(page).textContent()).toContain('Live')
    await expectNoSeriousA11yViolations(page)
    await page.screenshot({ path: '/tmp/status-phone-awaiting.png', fullPage: true })

    await page.evaluate('window.marker = 42')
    await staff(order, 'status/confirm')
    await expect.poll(() => statusText(page).textContent()).toContain('Bestätigt')
    expect(await page.evaluate('window.marker')).toBe(42)
    expect(await steps.nth(0).textContent()).toContain('erledigt')
    expect(await steps.nth(1).getAttribute('aria-current')).toBe('step')
  })

  it('a counter-appointment asks the customer; accepting it confirms the order', async () => {
    const order = await placeOrder()
    await staff(order, 'counter-appointment', { appointmentDate: '2026-11-24T13:30:00+01:00' })
    const page = await openStatus(order)
    const prompt = page.locator('.status-counter')
    await expect.poll(() => prompt.textContent()).toContain('24.11.2026 um 13:30 Uhr')
    expect(await prompt.getByRole('heading').textContent()).toContain('Neuer Terminvorschlag')
    await expectNoSeriousA11yViolations(page)
    await page.screenshot({ path: '/tmp/status-phone-counter.png', fullPage: true })
    await prompt.getByRole('button', { name: 'Terminvorschlag annehmen' }).click()
    await expect.poll(() => statusText(page).textContent()).toContain('Bestätigt')
    await expect.poll(() => prompt.count()).toBe(0)
    // The page shows the command's answer; the public view (a read model) follows a moment later.
    await expect.poll(async () => (await current(order)).status).toBe('confirmed')
  })

  it('declining a counter-appointment cancels the order', async () => {
    const order = await placeOrder()
    await staff(order, 'counter-appointment', { appointmentDate: '2026-11-24T14:00:00+01:00' })
    const page = await openStatus(order)
    await page.getByRole('button', { name: 'Terminvorschlag ablehnen' }).click()
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Ihre Bestellung wurde storniert')
    // The page shows the command's answer; the public view (a read model) follows a moment later.
    await expect.poll(async () => (await current(order)).status).toBe('canceled')
  })

  it('a rejected order shows the cancelled headline and the shop message', async () => {
    const order = await placeOrder()
    await staff(order, 'status/reject', { message: 'Heute leider ausverkauft.' })
    const page = await openStatus(order)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Ihre Bestellung wurde storniert')
    expect(await page.locator('.status-rejection').textContent()).toContain('Heute leider ausverkauft.')
    expect(await statusText(page).textContent()).toContain('Storniert')
    expect(await page.locator('.status-step--ended').textContent()).toContain('Storniert')
    // A final order no longer updates: no live indicator.
    expect(await liveIndicator(page).count()).toBe(0)
    await expectNoSeriousA11yViolations(page)
    await page.screenshot({ path: '/tmp/status-phone-rejected.png', fullPage: true })
  })

  it('a completed order asks for the rating: comment after four ratings, thanks after sending', async () => {
    const order = await placeOrder()
    await staff(order, 'status/confirm')
    await staff(order, 'status/completed')
    const page = await openStatus(order)
    const form = page.locator('.status-questionnaire')
    await expect.poll(() => form.count()).toBe(1)
    expect(await statusText(page).textContent()).toContain('Abgeschlossen')
    const comment = form.getByRole('textbox', { name: /Kommentar/ })
    const send = form.getByRole('button', { name: 'Bewertung senden' })
    expect(await send.isDisabled()).toBe(true)
    const ratings = [
      ['Gesamteindruck', 5],
      ['Essen', 4],
      ['Service', 5],
      ['Bestellablauf', 3],
    ] as const
    for (const [name, stars] of ratings) {
      expect(await comment.count()).toBe(0)
      const group = form.getByRole('group', { name })
      if (name === 'Bestellablauf') {
        // By keyboard: the stars are a radio group (space picks, arrows move).
        await group.getByRole('radio').first().focus()
        await page.keyboard.press('Space')
        for (let i = 1; i < stars; i++) await page.keyboard.press('ArrowRight')
      } else {
        await group
          .locator('label')
          .nth(stars - 1)
          .click()
      }
      expect(await group.getByRole('radio', { name: `${stars} von 5 Sternen` }).isChecked()).toBe(true)
    }
    await expect.poll(() => comment.count()).toBe(1)
    await comment.fill('Sehr feine Gipfeli!')
    await expectNoSeriousA11yViolations(page)
    await page.screenshot({ path: '/tmp/status-phone-questionnaire.png', fullPage: true })

    // A failed send keeps the answers and says so.
    await page.route('**/questionnaire', (route) => route.fulfill({ status: 500, body: '' }), { times: 1 })
    await send.click()
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toContain('Bewertung konnte nicht gesendet werden')
    expect(await comment.inputValue()).toBe('Sehr feine Gipfeli!')

    await send.click()
    await expect
      .poll(() => page.locator('.status-questionnaire--sent').textContent())
      .toContain('Vielen Dank für Ihre Bewertung!')
    expect(await form.count()).toBe(0)

    await page.reload()
    await expect
      .poll(() => page.locator('.status-questionnaire--sent').textContent())
      .toContain('Ihre Bewertung wurde gesendet.')
    expect(await page.locator('.status-questionnaire').count()).toBe(0)
    expect(await page.getByRole('radio').count()).toBe(0)
  })

  it('without a WebSocket the page polls every 10 s and still follows the order', async () => {
    const order = await placeOrder()
    const page = await openStatus(order, {
      before: (p) => p.routeWebSocket('**/ws', (ws) => ws.close()),
    })
    await expect.poll(() => statusText(page).textContent()).toContain('Wartet auf Bestätigung')
    await expect.poll(() => liveIndicator(page).textContent()).toContain('Aktualisierung alle 10 s')
    await staff(order, 'status/confirm')
    await expect
      .poll(async () => {
        await page.clock.runFor(10_000)
        return statusText(page).textContent()
      })
      .toContain('Bestätigt')
    expect(await liveIndicator(page).textContent()).toContain('Aktualisierung alle 10 s')
  })

  it('an online payment still awaited offers to pay now', async () => {
    const order = await placeOrder({ paymentMethod: 'stripe' })
    expect(order.paymentRedirectUrl).toBeTruthy()
    const page = await openStatus(order)
    const pay = page.getByRole('link', { name: 'Jetzt bezahlen' })
    await expect.poll(() => pay.getAttribute('href')).toBe(order.paymentRedirectUrl)
    expect(await page.locator('.status-info').textContent()).toContain('Zahlung ausstehend')
  })

  it('an unknown uid or hash says the order was not found', async () => {
    const order = await placeOrder()
    const page = await openStatus(order, {}, `/status/${order.uid}/wrong-hash`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Bestellung nicht gefunden')
    await expectNoSeriousA11yViolations(page)
  })

  it('the kiosk status route offers a new order at the same branch', async () => {
    const order = await placeOrder()
    const page = await openStatus(order, {}, `/kiosk/zuerich-altstadt/status/${order.uid}/${order.hash}`)
    await expect.poll(() => statusText(page).textContent()).toContain('Wartet auf Bestätigung')
    expect(await page.getByRole('link', { name: 'Neue Bestellung' }).getAttribute('href')).toBe(
      '/kiosk/zuerich-altstadt',
    )
  })

  it('speaks French to a French browser', async () => {
    const order = await placeOrder()
    const page = await openStatus(order, { locale: 'fr-FR' })
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Merci pour votre commande !')
    expect(await statusText(page).textContent()).toContain('En attente de confirmation')
    await expect.poll(() => page.title()).toMatch(/^Statut de la commande - /)
  })

  it('looks right on the desktop, light and dark', async () => {
    const order = await placeOrder()
    await staff(order, 'status/confirm')
    const page = await openStatus(order, { viewport: { width: 1280, height: 900 } })
    await expect.poll(() => statusText(page).textContent()).toContain('Bestätigt')
    await page.screenshot({ path: '/tmp/status-desktop-light.png', fullPage: true })
    await page.evaluate("document.documentElement.dataset.theme = 'dark'")
    await expectNoSeriousA11yViolations(page)
    await page.screenshot({ path: '/tmp/status-desktop-dark.png', fullPage: true })
    const phone = await openStatus(order)
    await expect.poll(() => statusText(phone).textContent()).toContain('Bestätigt')
    await phone.evaluate("document.documentElement.dataset.theme = 'dark'")
    await expectNoSeriousA11yViolations(phone)
    await phone.screenshot({ path: '/tmp/status-phone-dark.png', fullPage: true })
  })
})

describe('every live update keeps every field (issue 18)', () => {
  it('keeps the ticket number after accepting a new time and after sending a rating', async () => {
    const order = await placeOrder()
    const ticket = String(await ticketOf(order))
    await staff(order, 'counter-appointment', { appointmentDate: '2026-11-24T15:30:00+01:00' })
    const page = await openStatus(order)
    const shownTicket = () => page.locator('.status-ticket__number').allTextContents()
    await expect.poll(shownTicket).toEqual([ticket])
    await page.getByRole('button', { name: 'Terminvorschlag annehmen' }).click()
    await expect.poll(() => statusText(page).textContent()).toContain('Bestätigt')
    await expect.poll(() => page.locator('.status-counter').count()).toBe(0)
    expect(await shownTicket()).toEqual([ticket])
    // The answer, the reload after it and the live message of the read model all keep it.
    await expect.poll(async () => (await current(order)).status).toBe('confirmed')
    await expect.poll(shownTicket).toEqual([ticket])

    await staff(order, 'status/completed')
    const form = page.locator('.status-questionnaire')
    await expect.poll(() => form.count()).toBe(1)
    expect(await shownTicket()).toEqual([ticket])
    for (const name of ['Gesamteindruck', 'Essen', 'Service', 'Bestellablauf']) {
      await form.getByRole('group', { name }).locator('label').nth(4).click()
    }
    await form.getByRole('button', { name: 'Bewertung senden' }).click()
    await expect
      .poll(() => page.locator('.status-questionnaire--sent').textContent())
      .toContain('Vielen Dank für Ihre Bewertung!')
    expect(await shownTicket()).toEqual([ticket])
    const rated = async () =>
      ((await current(order)) as PublicOrder & { questionnaireRating: number | null }).questionnaireRating
    await expect.poll(rated).toBe(5)
    await expect.poll(shownTicket).toEqual([ticket])
  })
})
