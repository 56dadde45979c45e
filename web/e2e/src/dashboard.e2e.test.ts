import { mkdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CONSENT_COOKIE, CONSENT_GIVEN } from '@shop/shared/contracts'
import type {
  CanceledOrdersStatistics,
  EventsStatistics,
  OrdersStatistics,
  PagesStatistics,
  PageViewsStatistics,
  PopularItemsStatistics,
  RevenueStatistics,
  UniqueVisitorsStatistics,
} from '@shop/shared/contracts/http/statistics.http.ts'
import { centsToDecimalString, formatMoney } from '@shop/shared/domain/common'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * The manager's statistics dashboard (issue 7 point 2; docs/statistics.md, docs/backoffice.md):
 * figures and charts over the demo's 30 days of history and orders placed here through the API
 * (every expectation is read from the statistics API, never a fixed total), the visitors' part
 * over consented page views and events logged here as the storefront logs them, the
 * range presets and a custom range, the branch filter, an employee's branch, the CSV downloads,
 * the old hash route, keyboard use and axe in both themes. SCREENSHOTS=1 writes
 * docs/screenshots/dashboard-desktop.png.
 */
let stage: Stage
let zurich: { id: string; name: string }
let winterthur: { id: string; name: string }
let admin: Record<string, string>
let currency: string
let page: Page

const TODAY = '2026-11-24'
const REASON = 'E2E: Heute leider ausverkauft'
const EVENT = 'e2e-add-to-cart'
const LAST30 = '2026-10-26'
const DESKTOP = { width: 1280, height: 900 }
const WRITE = process.env.SCREENSHOTS === '1'
const SHOTS = WRITE
  ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
  : join(tmpdir(), 'shop-screenshots')
const count = (n: number) => new Intl.NumberFormat('de-CH').format(n)
const quantity = (n: number) => new Intl.NumberFormat('de-CH', { maximumFractionDigits: 3 }).format(n)
/** 2026-11-24 → 24.11.2026, as the tables write a day. */
const day = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return (await apiCall<T>(stage.url, method, path, body, headers)).data
}

function stats<T>(name: string, from: string, to: string, extra = '', headers = admin): Promise<T> {
  return call<T>('GET', `/api/statistics/${name}?from=${from}&to=${to}${extra}`, undefined, headers)
}

/** A takeaway order over the public API (cash, Buttergipfeli unless `extra` says otherwise). */
async function placeOrder(
  branch: string,
  lastName: string,
  amount = 2,
  extra: Record<string, unknown> = {},
): Promise<{ id: string }> {
  return call<{ id: string }>('POST', '/api/orders', {
    branch,
    isDelivery: false,
    isDineIn: false,
    firstName: 'Statistik',
    lastName,
    phone: '+41 79 765 43 21',
    email: 'e2e@example.ch',
    country: 'CH',
    items: [{ product: 'buttergipfeli', amount, unit: 'piece' }],
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
    ...extra,
  })
}

/**
 * POST /api/analytics-log with the consent cookie, as the storefront's track() sends it
 * (web/storefront/src/lib/analytics.ts); answers the visitor cookie the server set or kept.
 */
async function logVisit(body: Record<string, unknown>, visitor?: string): Promise<string> {
  const cookie = [`${CONSENT_COOKIE}=${CONSENT_GIVEN}`, ...(visitor ? [`shop_vid=${visitor}`] : [])]
  const res = await fetch(`${stage.url}/api/analytics-log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie.join('; ') },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(204)
  const set = res.headers.getSetCookie().find((c) => c.startsWith('shop_vid='))
  return set ? (set.split(';')[0] ?? '').slice('shop_vid='.length) : (visitor ?? '')
}

const pageView = (path: string, branch?: string) => ({
  type: 'pageview',
  action: 'view',
  data: { path, ...(branch ? { branch } : {}) },
})

/** The rows of a data table: the row header and the cells, as text. */
function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent?.trim() ?? '')),
    )
}

/** A page of a logged-in staff member (the login through the page's own cookie jar). */
async function staffPage(username: string, password: string): Promise<Page> {
  const p = await stage.newPage({ viewport: DESKTOP })
  const res = await p.request.post('/api/login', { data: { username, password } })
  expect(res.status()).toBe(200)
  return p
}

/** Waits until the figures of `from`..`to` are shown and nothing is loading any more. */
async function shown(p: Page, from: string, to: string): Promise<void> {
  try {
    await p
      .locator(
        `main.bo-dash[data-loading="false"] .bo-dash__figures[aria-busy="false"][data-range="${from}_${to}"]`,
      )
      .waitFor({ timeout: 20_000 })
  } catch (error) {
    const text = await p
      .locator('main')
      .evaluate(
        (m) =>
          `${m.outerHTML.slice(0, 200)} ${m.querySelector('.bo-dash__figures')?.outerHTML.slice(0, 200)}`,
      )
      .catch(() => '')
    throw new Error(`the dashboard did not show ${from}..${to} (${p.url()}): ${text?.slice(0, 600)}`, {
      cause: error,
    })
  }
}

const kpi = (p: Page, key: string) => p.getByTestId(`kpi-${key}`).textContent()
const preset = (p: Page, name: string) => p.getByRole('button', { name, exact: true })

/** Tab through the page until the element has the focus (reachable by keyboard). */
async function tabTo(p: Page, target: Locator, max = 200): Promise<void> {
  const handle = await target.elementHandle()
  for (let i = 0; i < max; i++) {
    await p.keyboard.press('Tab')
    if (await p.evaluate((el) => el === document.activeElement, handle)) return
  }
  throw new Error('the element was not reached with Tab')
}

/** Clicks a CSV button and answers the downloaded file's name and text. */
async function download(p: Page, label: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    p.waitForEvent('download'),
    p.getByRole('button', { name: label }).click(),
  ])
  const path = await file.path()
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') }
}

beforeAll(async () => {
  // The demo with its 30 days of history before today (the dashboard's demo history).
  // Orders from one address with one phone, some left open: the order limits are lifted.
  stage = await startStage({
    historyDays: 30,
    limits: { orders: { perAddress: { max: 1000 }, perContact: { max: 1000 }, openPerContact: 1000 } },
  })
  const init = await call<{ url: string; data: unknown }[]>('GET', '/api/init')
  const branches = init.find((i) => i.url === '/api/branches')?.data as {
    id: string
    identifier: string
    name: string
  }[]
  zurich = branches.find((b) => b.identifier === 'zuerich-altstadt')!
  winterthur = branches.find((b) => b.identifier === 'winterthur')!
  admin = await adminHeaders(stage.url)
  currency = (await call<{ currency?: string }>('GET', '/api/config')).currency ?? 'CHF'
  mkdirSync(SHOTS, { recursive: true })

  // Today's own orders: four in Zürich (one confirmed, one rejected with a reason, one with an
  // option), one in Winterthur; then wait until the statistics projection counts them.
  const before = (await stats<OrdersStatistics>('orders', TODAY, TODAY)).total.orders
  const confirmed = await placeOrder(zurich.id, 'Eins', 3)
  const rejected = await placeOrder(zurich.id, 'Zwei', 1)
  await placeOrder(zurich.id, 'Drei', 2)
  // Winterthur takes no order for as soon as possible: a time today.
  await placeOrder(winterthur.id, 'Vier', 4, { appointmentDate: '2026-11-24T14:00:00+01:00' })
  // A configured product: two cappuccinos with oat milk (a popular option).
  await placeOrder(zurich.id, 'Fünf', 1, {
    items: [{ product: 'cappuccino', amount: 2, unit: 'piece', parts: [{ options: ['Hafermilch'] }] }],
  })
  await call('POST', `/api/orders/${confirmed.id}/status/confirm`, {}, admin)
  await call('POST', `/api/orders/${rejected.id}/status/reject`, { message: REASON }, admin)
  for (let i = 0; ; i++) {
    const [orders, canceled] = await Promise.all([
      stats<OrdersStatistics>('orders', TODAY, TODAY),
      stats<CanceledOrdersStatistics>('canceled-orders', TODAY, TODAY),
    ])
    if (orders.total.orders >= before + 5 && canceled.reasons.some((r) => r.reason === REASON)) break
    if (i > 100) throw new Error('the statistics did not count the orders')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  // Today's consented visitors: one on the home page and Zürich's menu who puts something in the
  // cart, one on the home page who switches to dark mode; then wait until the projection counts
  // them (the log is read in order: once the last event is in, all entries are).
  const viewsBefore = (await stats<PageViewsStatistics>('page-views', TODAY, TODAY)).total
  const first = await logVisit(pageView('/'))
  await logVisit(pageView('/store/zuerich-altstadt', zurich.id), first)
  const second = await logVisit(pageView('/'))
  expect(second).not.toBe(first)
  await logVisit({ type: 'event', action: 'enable-dark-mode', category: 'ui' }, second)
  await logVisit({ type: 'commerce', action: EVENT, category: 'cart' }, first)
  for (let i = 0; ; i++) {
    const [views, events] = await Promise.all([
      stats<PageViewsStatistics>('page-views', TODAY, TODAY),
      stats<EventsStatistics>('events', TODAY, TODAY),
    ])
    if (views.total >= viewsBefore + 3 && events.some((e) => e.action === EVENT)) break
    if (i > 100) throw new Error('the statistics did not count the page views')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  page = await staffPage('admin', 'demo-admin-2026')
})

afterAll(async () => {
  await stage?.close()
})

describe('statistics dashboard', () => {
  it('shows today’s figures, charts with captions and text alternatives, from the navigation', async () => {
    await page.goto('/backend/orders')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await nav.getByRole('link', { name: 'Statistik' }).click()
    await page.waitForURL((url) => url.pathname === '/backend/dashboard')
    // The router marks the link on its next render, after the address changed.
    await expect
      .poll(() => nav.getByRole('link', { name: 'Statistik' }).getAttribute('aria-current'))
      .toBe('page')
    // The default range is the last 30 days.
    await shown(page, '2026-10-26', TODAY)
    await preset(page, 'Heute').click()
    await page.waitForURL((url) => url.searchParams.get('range') === 'today')
    await shown(page, TODAY, TODAY)
    expect(await preset(page, 'Heute').getAttribute('aria-pressed')).toBe('true')

    const [orders, revenue] = await Promise.all([
      stats<OrdersStatistics>('orders', TODAY, TODAY),
      stats<RevenueStatistics>('revenue', TODAY, TODAY),
    ])
    expect(orders.total.orders).toBeGreaterThanOrEqual(4)
    expect(await kpi(page, 'orders')).toBe(count(orders.total.orders))
    expect(await kpi(page, 'revenue')).toBe(formatMoney(revenue.total.gross, currency, 'de-CH'))
    // Revenue is the confirmed orders on the day they are due (docs/statistics.md "Which orders
    // count"): today's orders still awaiting confirmation and the rejected one are not in it,
    // and the page says so where the figures are.
    expect(revenue.total.orders).toBeGreaterThanOrEqual(1)
    expect(revenue.total.orders).toBeLessThanOrEqual(orders.total.orders - 4)
    expect(await page.getByTestId('kpi-hint-revenue').textContent()).toBe(
      'Bestätigte Bestellungen am Tag ihrer Fälligkeit',
    )
    expect(await page.getByTestId('kpi-hint-orders').textContent()).toBe(
      'Alle Bestellungen am Tag ihrer Fälligkeit, auch offene und verlorene',
    )
    expect(await page.locator('figure[data-chart="revenue"] .bo-dash__basis').textContent()).toMatch(
      /^Umsatz: bestätigte Bestellungen am Tag ihrer Fälligkeit/,
    )
    expect(await page.getByTestId('dashboard-period').textContent()).toBe(
      'Zeitraum: 24.11.2026 – 24.11.2026 · Vorperiode: 23.11.2026 – 23.11.2026',
    )
    // Every headline figure has its change against the previous period as text.
    const changes = await page.locator('.bo-kpi__change').allTextContents()
    expect(changes).toHaveLength(7)
    for (const text of changes) expect(text).toMatch(/gegenüber Vorperiode|keine Werte in der Vorperiode/)

    // The charts: drawn (SVG), captioned, labelled for screen readers, with the data as a table.
    const captions = await page.locator('figure.bo-dash__figure > figcaption').allTextContents()
    expect(captions).toEqual([
      'Umsatz und Bestellungen pro Tag',
      'Bestellungen nach Wochentag und Uhrzeit',
      'Beliebte Artikel (Stück)',
      'Beliebte Optionen',
      'Bestellarten',
      'Gründe für Ablehnungen und Stornierungen',
      'Ø Zeit bis Bestätigung und bis Abschluss',
      'Besucher und Seitenaufrufe pro Tag',
      'Seitenaufrufe nach Wochentag und Uhrzeit',
      'Meistbesuchte Seiten',
    ])
    for (const name of [
      'revenue',
      'heat',
      'popular',
      'types',
      'reasons',
      'times',
      'options',
      'visitors',
      'visitorHeat',
      'pages',
    ]) {
      const figure = page.locator(`figure[data-chart="${name}"]`)
      await expect.poll(() => figure.locator('svg path').count()).toBeGreaterThan(0)
      const label = await figure.locator('[role="img"]').getAttribute('aria-label')
      expect(label?.length).toBeGreaterThan(20)
    }
    expect(await page.locator('figure[data-chart="popular"] .bo-dash__summary').textContent()).toContain(
      'Buttergipfeli',
    )
    const reasons = page.locator('figure[data-chart="reasons"]')
    await reasons.getByText('Daten als Tabelle').click()
    expect(await reasons.locator('table').textContent()).toContain(REASON)
    // Every text is translated (no catalogue key on the page).
    expect(await page.locator('main').textContent()).not.toMatch(
      /\b(charts|kpi|column|change|filter|visitors|eventType)\.[a-z]/,
    )
    expect(await seriousViolations(page)).toEqual([])
  })

  it('updates today’s figures live when an order comes in, without a reload', async () => {
    await page.goto('/backend/dashboard?range=today')
    await shown(page, TODAY, TODAY)
    await expect
      .poll(() => page.getByTestId('dashboard-live').getAttribute('data-live'), { timeout: 15_000 })
      .toBe('live')
    expect(await page.getByTestId('dashboard-live').textContent()).toContain('Live')
    const before = (await stats<OrdersStatistics>('orders', TODAY, TODAY)).total.orders
    expect(await kpi(page, 'orders')).toBe(count(before))
    const marker = await page.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
      return true
    })
    await placeOrder(zurich.id, 'Live')
    await expect.poll(() => kpi(page, 'orders'), { timeout: 15_000 }).toBe(count(before + 1))
    // The same document: the figures came over the socket's signal, not a page reload.
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      marker,
    )
  })

  it('changes the figures with the range: a custom range, a reversed one, a reload', async () => {
    await page.goto('/backend/dashboard?range=today')
    await shown(page, TODAY, TODAY)
    const today = await kpi(page, 'orders')
    await preset(page, 'Benutzerdefiniert').click()
    // The custom range starts as the range shown.
    expect(await page.getByLabel('Von', { exact: true }).inputValue()).toBe(TODAY)
    expect(await page.getByLabel('Bis', { exact: true }).inputValue()).toBe(TODAY)
    await page.getByLabel('Von', { exact: true }).fill('2026-01-05')
    await page.getByLabel('Bis', { exact: true }).fill('2026-01-10')
    await page.waitForURL((url) => url.searchParams.get('to') === '2026-01-10')
    await shown(page, '2026-01-05', '2026-01-10')
    const january = await stats<OrdersStatistics>('orders', '2026-01-05', '2026-01-10')
    expect(await kpi(page, 'orders')).toBe(count(january.total.orders))
    expect(await kpi(page, 'orders')).not.toBe(today)
    if (january.total.orders === 0) {
      expect(await page.getByText('Keine Bestellungen in diesem Zeitraum.').count()).toBe(1)
    }
    // A reload keeps the range (the URL).
    await page.reload()
    await shown(page, '2026-01-05', '2026-01-10')
    expect(await page.getByLabel('Von', { exact: true }).inputValue()).toBe('2026-01-05')
    // An end before the start: the server's message.
    await page.getByLabel('Von', { exact: true }).fill('2026-01-20')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Das Enddatum darf nicht vor dem Startdatum liegen.')
    expect(await page.locator('.bo-dash__figures').count()).toBe(0)
    // The last 30 days, as the API counts them.
    await preset(page, 'Letzte 30 Tage').click()
    await shown(page, '2026-10-26', TODAY)
    const month = await stats<OrdersStatistics>('orders', '2026-10-26', TODAY)
    expect(await kpi(page, 'orders')).toBe(count(month.total.orders))
    expect(month.total.orders).toBeGreaterThanOrEqual(4)
  })

  it('narrows to a branch and an order type', async () => {
    await page.goto('/backend/dashboard?range=today')
    await shown(page, TODAY, TODAY)
    const options = await page.getByLabel('Filiale', { exact: true }).locator('option').allTextContents()
    expect(options[0]).toBe('Alle Filialen')
    expect(options).toContain(zurich.name)
    expect(options).toContain(winterthur.name)
    await page.getByLabel('Filiale', { exact: true }).selectOption({ label: winterthur.name })
    await page.waitForURL((url) => url.searchParams.get('branch') === winterthur.id)
    await expect
      .poll(async () => {
        await shown(page, TODAY, TODAY)
        return kpi(page, 'orders')
      })
      .toBe(
        count(
          (await stats<OrdersStatistics>('orders', TODAY, TODAY, `&branch=${winterthur.id}`)).total.orders,
        ),
      )
    const all = (await stats<OrdersStatistics>('orders', TODAY, TODAY)).total.orders
    const one = (await stats<OrdersStatistics>('orders', TODAY, TODAY, `&branch=${winterthur.id}`)).total
      .orders
    expect(one).toBeGreaterThanOrEqual(1)
    expect(one).toBeLessThan(all)
    // No order type: no note at the visitors.
    expect(await page.getByTestId('visitors-all-order-types').count()).toBe(0)
    // Delivery only: none of today's own orders.
    await page.getByLabel('Bestellart', { exact: true }).selectOption({ label: 'Lieferung' })
    await page.waitForURL((url) => url.searchParams.get('type') === 'delivery')
    const delivery = await stats<OrdersStatistics>(
      'orders',
      TODAY,
      TODAY,
      `&branch=${winterthur.id}&orderType=delivery`,
    )
    await expect
      .poll(async () => {
        await shown(page, TODAY, TODAY)
        return kpi(page, 'orders')
      })
      .toBe(count(delivery.total.orders))
    // The visitor figures have no order type: the visitors' part says so.
    expect(await page.getByTestId('visitors-all-order-types').textContent()).toBe(
      'Die Besucherzahlen gelten für alle Bestellarten: Seitenaufrufe haben keine Bestellart.',
    )
  })

  it('shows visitors and page views per day, pages, events and popular options as the API counts them', async () => {
    await page.goto('/backend/dashboard')
    await shown(page, LAST30, TODAY)
    const [visitors, views, pages, events, popular] = await Promise.all([
      stats<UniqueVisitorsStatistics>('unique-visitors', LAST30, TODAY),
      stats<PageViewsStatistics>('page-views', LAST30, TODAY),
      stats<PagesStatistics>('pages', LAST30, TODAY, '&limit=10'),
      stats<EventsStatistics>('events', LAST30, TODAY),
      stats<PopularItemsStatistics>('popular-items', LAST30, TODAY, '&limit=10'),
    ])
    expect(visitors.days.find((d) => d.date === TODAY)?.visitors).toBeGreaterThanOrEqual(2)
    // Exact here (few visitor-days); the server would estimate over very many.
    const estimate = visitors.exact === false ? '≈ ' : ''
    expect(await kpi(page, 'visitors')).toContain(`${estimate}${count(visitors.total)}`)

    // Visitors and page views per day: every day of the range, a day without views as 0.
    const figure = page.locator('figure[data-chart="visitors"]')
    await expect.poll(() => figure.locator('svg path').count()).toBeGreaterThan(0)
    await figure.getByText('Daten als Tabelle').click()
    const rows = await tableRows(figure.locator('table'))
    expect(rows).toHaveLength(30)
    const dates = Array.from({ length: 30 }, (_, i) =>
      new Date(Date.parse(`${LAST30}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    )
    expect(rows).toEqual(
      dates.map((d) => [
        day(d),
        count(visitors.days.find((v) => v.date === d)?.visitors ?? 0),
        count(views.days.find((v) => v.date === d)?.views ?? 0),
      ]),
    )
    expect(await figure.locator('.bo-dash__summary').textContent()).toContain(
      `Eindeutige Besucher: ${estimate}${count(visitors.total)} · Seitenaufrufe: ${count(views.total)}.`,
    )

    // The most visited pages: a chart and the table.
    const pagesFigure = page.locator('figure[data-chart="pages"]')
    await expect.poll(() => pagesFigure.locator('svg path').count()).toBeGreaterThan(0)
    await pagesFigure.getByText('Daten als Tabelle').click()
    expect(await tableRows(pagesFigure.locator('table'))).toEqual(pages.map((p) => [p.path, count(p.views)]))

    // Events: a table of type, category, action and count.
    const types: Record<string, string> = { event: 'Oberfläche', commerce: 'Einkauf' }
    const eventsPart = page.locator('[data-chart="events"]')
    expect(await tableRows(eventsPart.locator('table'))).toEqual(
      events.map((e) => [types[e.type] ?? e.type, e.category || '—', e.action, count(e.events)]),
    )
    expect(events).toContainEqual({ type: 'commerce', category: 'cart', action: EVENT, events: 1 })
    const eventsFile = await download(page, 'Ereignisse als CSV herunterladen')
    expect(eventsFile.name).toBe(`ereignisse-${LAST30}_${TODAY}.csv`)
    const eventLines = eventsFile.text.slice(1).trimEnd().split('\r\n')
    expect(eventLines[0]).toBe('Typ,Kategorie,Aktion,Anzahl')
    expect(eventLines).toContain(`commerce,cart,${EVENT},1`)

    // Popular options (today's cappuccinos with oat milk): a chart, the table and the CSV.
    expect(popular.options).toContainEqual(
      expect.objectContaining({ productUid: 'cappuccino', part: 'Milch', option: 'Hafermilch' }),
    )
    const options = page.locator('figure[data-chart="options"]')
    await expect.poll(() => options.locator('svg path').count()).toBeGreaterThan(0)
    const top = popular.options[0]!
    expect(await options.locator('.bo-dash__summary').textContent()).toContain(
      `${top.name} – ${top.part}: ${top.option}`,
    )
    await options.getByText('Daten als Tabelle').click()
    expect(await tableRows(options.locator('table'))).toEqual(
      popular.options.map((o) => [o.name, o.part, o.option, count(o.lines), quantity(o.quantity)]),
    )
    const file = await download(page, 'Beliebte Optionen als CSV herunterladen')
    expect(file.name).toBe(`beliebte-optionen-${LAST30}_${TODAY}.csv`)
    expect(file.text.startsWith('\uFEFF')).toBe(true)
    const lines = file.text.slice(1).trimEnd().split('\r\n')
    expect(lines).toEqual([
      'Produkt,Auswahl,Option,Positionen,Menge',
      ...popular.options.map((o) => [o.name, o.part, o.option, o.lines, o.quantity].join(',')),
    ])
  })

  it('marks an estimated number of unique visitors with ≈ and says it is an estimate', async () => {
    // The server estimates only over very many visitor-days: here its answer is changed.
    const route = (url: URL) => url.pathname === '/api/statistics/unique-visitors'
    await page.route(route, async (r) => {
      const res = await r.fetch()
      const body = (await res.json()) as { data: UniqueVisitorsStatistics }
      await r.fulfill({ response: res, json: { ...body, data: { ...body.data, exact: false } } })
    })
    try {
      await page.goto('/backend/dashboard?range=today')
      await shown(page, TODAY, TODAY)
      const visitors = await stats<UniqueVisitorsStatistics>('unique-visitors', TODAY, TODAY)
      const value = page.getByTestId('kpi-visitors')
      expect(await value.textContent()).toBe(`≈ ${count(visitors.total)} (Schätzwert, auf etwa ±2 % genau)`)
      expect(await value.getAttribute('title')).toBe('Schätzwert, auf etwa ±2 % genau')
      // The "≈" is for the eye; a screen reader hears the words.
      expect(await value.locator('[aria-hidden="true"]').textContent()).toBe('≈ ')
      expect(await page.locator('li[data-kpi="visitors"] .bo-kpi__previous').textContent()).toMatch(
        /^Vorperiode: ≈ /,
      )
      expect(await page.locator('figure[data-chart="visitors"] .bo-dash__summary').textContent()).toContain(
        'Die Besucherzahlen sind Schätzungen (etwa ±2 %).',
      )
    } finally {
      await page.unroute(route)
    }
  })

  it('downloads the tables as CSV files', async () => {
    await page.goto('/backend/dashboard?range=today')
    await shown(page, TODAY, TODAY)
    const [orders, revenue, popular] = await Promise.all([
      stats<OrdersStatistics>('orders', TODAY, TODAY),
      stats<RevenueStatistics>('revenue', TODAY, TODAY),
      stats<PopularItemsStatistics>('popular-items', TODAY, TODAY, '&limit=10'),
    ])
    const money = (cents: number) => centsToDecimalString(cents)

    const perDay = await download(page, 'Umsatz und Bestellungen pro Tag als CSV herunterladen')
    expect(perDay.name).toBe(`umsatz-${TODAY}_${TODAY}.csv`)
    expect(perDay.text.startsWith('\uFEFF')).toBe(true)
    const lines = perDay.text.slice(1).trimEnd().split('\r\n')
    expect(lines[0]).toBe('Datum,Bestellungen,Netto,MWST,Brutto')
    const day = revenue.days.find((d) => d.date === TODAY)!
    expect(lines[1]).toBe(
      `${TODAY},${orders.total.orders},${money(day.net)},${money(day.tax)},${money(day.gross)}`,
    )
    expect(lines).toHaveLength(2)

    const items = await download(page, 'Beliebte Artikel als CSV herunterladen')
    expect(items.name).toBe(`beliebte-artikel-${TODAY}_${TODAY}.csv`)
    const itemLines = items.text.slice(1).trimEnd().split('\r\n')
    expect(itemLines[0]).toBe('Produkt,Einheit,Menge,Positionen,Brutto')
    const gipfeli = popular.byUnit
      .find((g) => g.unit === 'piece')!
      .items.find((i) => i.name === 'Buttergipfeli')!
    expect(itemLines).toContain(
      `Buttergipfeli,piece,${gipfeli.quantity},${gipfeli.lines},${money(gipfeli.gross)}`,
    )

    const reasons = await download(page, 'Gründe für Ablehnungen und Stornierungen als CSV herunterladen')
    const reasonLines = reasons.text.slice(1).trimEnd().split('\r\n')
    expect(reasonLines[0]).toBe('Grund,Ergebnis,Bestellungen')
    expect(reasonLines).toContain(`${REASON},rejected,1`)
  })

  it('offers an employee only their branch', async () => {
    const employee = await staffPage('mitarbeiter', 'demo-mitarbeiter-2026')
    const headers = await (async () => {
      const res = await fetch(`${stage.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'mitarbeiter', password: 'demo-mitarbeiter-2026' }),
      })
      return {
        cookie: res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      }
    })()
    await employee.goto('/backend/dashboard?range=today')
    await shown(employee, TODAY, TODAY)
    expect(await employee.getByLabel('Filiale', { exact: true }).locator('option').allTextContents()).toEqual(
      [zurich.name],
    )
    expect(
      await employee
        .getByRole('navigation', { name: 'Hauptnavigation' })
        .getByRole('link', { name: 'Statistik' })
        .count(),
    ).toBe(1)
    const own = await stats<OrdersStatistics>('orders', TODAY, TODAY, `&branch=${zurich.id}`, headers)
    expect(own.total.orders).toBeGreaterThanOrEqual(3)
    expect(await kpi(employee, 'orders')).toBe(count(own.total.orders))
  })

  it('lands on the dashboard from the old hash route', async () => {
    await page.goto('/backend#/dashboard')
    await page.waitForURL((url) => url.pathname === '/backend/dashboard' && url.hash === '')
    await shown(page, '2026-10-26', TODAY)
    await page.goto('/backend/#/dashboard')
    await page.waitForURL((url) => url.pathname === '/backend/dashboard')
    // The toolbar's "Seiten" lands on the pages list (issue 17).
    await page.goto('/backend#/sites')
    await page.waitForURL((url) => url.pathname === '/backend/sites')
  })

  it('works by keyboard, follows the theme and passes axe in both themes', async () => {
    // No chart animation (prefers-reduced-motion): the screenshot shows the final drawing.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/backend/dashboard')
    await shown(page, '2026-10-26', TODAY)
    await tabTo(page, preset(page, 'Gestern'))
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('range') === 'yesterday')
    await shown(page, '2026-11-23', '2026-11-23')
    await tabTo(page, preset(page, 'Letzte 30 Tage'))
    await page.keyboard.press('Space')
    await shown(page, '2026-10-26', TODAY)
    // The screenshot (docs/screenshots with SCREENSHOTS=1, else a temp directory).
    await page.screenshot({ path: join(SHOTS, 'dashboard-desktop.png'), fullPage: true })
    // The table of a chart opens with the keyboard.
    const details = page.locator('figure[data-chart="revenue"] details')
    await tabTo(page, details.locator('summary'))
    await page.keyboard.press('Enter')
    expect(await details.getAttribute('open')).not.toBeNull()
    await page.locator('figure[data-chart="visitors"] details summary').click()
    expect(await seriousViolations(page)).toEqual([])

    // Dark mode: the charts are drawn again with the dark tokens.
    const axisText = page.locator('figure[data-chart="revenue"] svg text').first()
    const lightFill = await axisText.getAttribute('fill')
    await page.getByRole('button', { name: 'Dunkles Design' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await expect
      .poll(() => page.locator('figure[data-chart="revenue"] svg text').first().getAttribute('fill'))
      .not.toBe(lightFill)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Helles Design' }).click()
  })
})
