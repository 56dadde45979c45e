import { existsSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Shop, startShop } from '@shop/all-in-one'
import { type LimitsOverrides, silentLogger, withLimits } from '@shop/kit'
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueSubjectRoot } from '@shop/kit/testing'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

/**
 * The e2e stage: the whole shop (API, projector, publisher, gateway, notifier off) on a fresh
 * PostgreSQL database with the demo data, on NATS, serving the built storefront; and Debian's
 * Chromium driven by playwright-core. Server and browser share one pinned clock, so opening
 * hours and slots are the same on every run.
 */
export type Stage = {
  shop: Shop
  url: string
  db: TestDatabase
  browser: Browser
  /** A new browser context (a customer) whose clock starts at the stage's time. */
  newPage(opts?: { locale?: string; viewport?: { width: number; height: number } }): Promise<Page>
  /**
   * Closes every page opened so far. A file whose tests each open their own pages calls it
   * after each test: pages left open keep polling (availability, operations) and holding
   * sockets, and late tests of a long file ran several times slower than alone.
   */
  closePages(): Promise<void>
  /**
   * Moves the shop's clock on (a night passes); pages opened afterwards start at the new time,
   * pages already open keep their own clock.
   */
  advance(ms: number): void
  /** The shop's time now. */
  now(): Date
  contexts: BrowserContext[]
  /**
   * What the pages' Content-Security-Policy refused (docs/security.md "Headers"): every page of
   * every e2e file runs under the shop's policy, and `close()` fails the file if anything was.
   */
  cspViolations: string[]
  /**
   * Paths whose pages are fed hostile markup on purpose (an XSS probe): what the policy reports
   * there is expected and not counted.
   */
  cspExpectedOn: Set<string>
  close(): Promise<void>
}

/** Tuesday 24 November 2026, 10:00 in Zürich: every demo branch is open, delivery opens at 11. */
export const TUESDAY_10 = '2026-11-24T09:00:00.000Z'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebGL in software (the map of the single-branch home page).
  '--enable-unsafe-swiftshader',
]

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`)
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true })
}

export async function startStage(
  opts: {
    at?: string
    /** Days of generated order history before the pinned day (the dashboard's demo history). */
    historyDays?: number
    /** Limits over the defaults (docs/security.md); the process env is not read. */
    limits?: LimitsOverrides
    /** Another build of the back-office to serve (default web/backoffice/dist). */
    backofficeRoot?: string
  } = {},
): Promise<Stage> {
  const at = opts.at ?? TUESDAY_10
  const storefront = join(import.meta.dirname, '..', '..', 'storefront', 'dist', 'index.html')
  if (!existsSync(storefront)) throw new Error('the storefront is not built: npm run build:web')
  const backoffice = join(import.meta.dirname, '..', '..', 'backoffice', 'dist', 'index.html')
  if (!existsSync(backoffice)) throw new Error('the back-office is not built: npm run build:web')
  const db = await createTestDatabase({ max: 10 })
  // The server's clock runs on from the pinned instant, like the browser's.
  let offset = Date.parse(at) - Date.now()
  const now = () => new Date(Date.now() + offset)
  const shop = await startShop(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir: join(import.meta.dirname, '..', '.tmp'),
      databaseUrl: db.url,
      natsUrl: testNatsUrl(),
      subjectRoot: uniqueSubjectRoot(),
      branches: [],
    },
    silentLogger,
    {
      demo: true,
      historyDays: opts.historyDays ?? 0,
      now,
      notifier: false,
      payments: { testProvider: true },
      limits: withLimits(opts.limits),
      // What the browsers get is checked against the routes' schemas in /api/docs.
      checkResponses: true,
      ...(opts.backofficeRoot ? { backofficeRoot: opts.backofficeRoot } : {}),
    },
  )
  const url = shop.url.replace('0.0.0.0', '127.0.0.1')
  const browser = await launchChromium()
  const contexts: BrowserContext[] = []
  const cspViolations: string[] = []
  const cspExpectedOn = new Set<string>()
  return {
    shop,
    url,
    db,
    browser,
    contexts,
    cspViolations,
    cspExpectedOn,
    advance(ms) {
      offset += ms
    },
    now,
    async closePages() {
      const open = contexts.splice(0)
      for (const c of open) await c.close().catch(() => {})
    },
    async newPage(pageOpts = {}) {
      const context = await browser.newContext({
        baseURL: url,
        locale: pageOpts.locale ?? 'de-CH',
        timezoneId: 'Europe/Zurich',
        viewport: pageOpts.viewport ?? { width: 390, height: 844 },
      })
      contexts.push(context)
      await context.clock.install({ time: now() })
      const page = await context.newPage()
      watchCsp(page, cspViolations, cspExpectedOn)
      return page
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {})
      await browser.close().catch(() => {})
      await shop.close()
      await db.drop()
      if (cspViolations.length > 0) {
        throw new Error(`the Content-Security-Policy refused:\n${cspViolations.join('\n')}`)
      }
    },
  }
}

/** An admin session's headers (docs/api.md: session cookie + double-submit XSRF header). */
export async function adminHeaders(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo-admin-2026' }),
  })
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}`)
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '')
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? ''
  return {
    cookie: cookies.join('; '),
    'x-xsrf-token': decodeURIComponent(xsrf),
    'content-type': 'application/json',
  }
}

/** A plain product to order over the API: its uid, unit and an amount it takes. */
export type PlainProduct = { uid: string; unit: string; amount: number }

/**
 * What the board files need of the demo shop: the ids of Zürich Altstadt and Winterthur, Zürich's
 * frontdesk key (shown to admins only) and a plain product (Buttergipfeli, else the first enabled
 * product without parts and with its price shown).
 */
export async function demoBoard(
  url: string,
): Promise<{ zurich: string; winterthur: string; apiKey: string; product: PlainProduct }> {
  const init = await apiCall<{ url: string; data: unknown }[]>(url, 'GET', '/api/init')
  const of = <T>(path: string) => init.data.find((item) => item.url === path)?.data as T
  const branches = of<{ id: string; identifier: string }[]>('/api/branches')
  const zurich = branches.find((b) => b.identifier === 'zuerich-altstadt')!.id
  const winterthur = branches.find((b) => b.identifier === 'winterthur')!.id
  type P = {
    uid: string
    unit: string
    isEnabled?: boolean
    isPriceHidden?: boolean
    defaultQuantity?: number | null
    minimumQuantity?: number | null
    config?: { parts?: unknown[] } | null
  }
  const products = of<P[]>('/api/products')
  const plain =
    products.find((p) => p.uid === 'buttergipfeli') ??
    products.find((p) => p.isEnabled !== false && !p.isPriceHidden && !(p.config?.parts ?? []).length)!
  const { cookie } = await adminHeaders(url)
  const admin = await apiCall<{ id: string; apiKey: string }[]>(url, 'GET', '/api/branches', undefined, {
    cookie: cookie ?? '',
  })
  const apiKey = admin.data.find((b) => b.id === zurich)!.apiKey
  if (!apiKey) throw new Error("no frontdesk key for Zürich in the admins' branch list")
  return {
    zurich,
    winterthur,
    apiKey,
    product: {
      uid: plain.uid,
      unit: plain.unit,
      amount: plain.defaultQuantity ?? plain.minimumQuantity ?? 1,
    },
  }
}

/**
 * A customer's takeaway cash order of the board's plain product at Zürich Altstadt (the board
 * files' setup, demoBoard), optionally for a pickup time: its id.
 */
export async function placeBoardOrder(
  url: string,
  board: { zurich: string; product: PlainProduct },
  customer: { firstName: string; lastName: string; appointmentDate?: string; amount?: number },
): Promise<string> {
  const { amount, appointmentDate, ...names } = customer
  const { product } = board
  const res = await apiCall<{ id: string }>(url, 'POST', '/api/orders', {
    branch: board.zurich,
    isDelivery: false,
    isDineIn: false,
    ...names,
    phone: '+41795556677',
    email: 'abholung@example.ch',
    country: 'CH',
    items: [{ product: product.uid, amount: amount ?? product.amount, unit: product.unit }],
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
    ...(appointmentDate ? { appointmentDate } : {}),
  })
  return res.data.id
}

/**
 * Confirms an order with the branch's frontdesk key, as the board does, and waits until it has its
 * ticket number: the order as staff read it then.
 */
export async function confirmByBoard<T extends { version: number; ticketNumber: number | null }>(
  url: string,
  apiKey: string,
  orderId: string,
): Promise<T> {
  const key = { 'x-api-key': apiKey }
  const view = async () => (await apiCall<T>(url, 'GET', `/api/orders/${orderId}`, undefined, key)).data
  // apiCall throws on a refusal.
  await apiCall(
    url,
    'POST',
    `/api/orders/${orderId}/status/confirm`,
    { version: (await view()).version },
    key,
  )
  for (let i = 0; i < 200; i++) {
    const order = await view()
    if (order.ticketNumber !== null) return order
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`order ${orderId} got no ticket number`)
}

/** The test result a device's panel shows (role status), once there. */
export async function deviceTestResult(page: Page): Promise<string> {
  const result = page.locator('[data-test-result]')
  await result.waitFor({ timeout: 20_000 })
  return (await result.textContent()) ?? ''
}

/** axe-core's serious and critical findings on the page, one line each (none is the goal). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** A JSON call to the shop's API; throws with the error body unless it answered 2xx. */
export async function apiCall<T>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T; headers: Headers }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const json = (await res.json().catch(() => ({}))) as { data: T; errors?: unknown }
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.errors)}`)
  return { status: res.status, data: json.data, headers: res.headers }
}

/** Collects what the page's Content-Security-Policy refuses (Chromium reports it on the console). */
export function watchCsp(page: Page, into: string[], expectedOn: ReadonlySet<string> = new Set()): void {
  page.on('console', (message) => {
    const text = message.text()
    if (!/Content Security Policy/i.test(text)) return
    if (expectedOn.has(new URL(page.url()).pathname)) return
    into.push(`${page.url()}: ${text}`)
  })
}

/**
 * A page of the back-office logged in as the demo's admin (the login form, as staff would), on
 * the order list where the login lands.
 */
export async function adminPage(
  stage: Stage,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
  return page
}

/**
 * The admin pairs the screen that shows `code` as a new device on the registry's pair page (where
 * the screen's QR code leads, the code filled in), checked by axe, until it says "Gekoppelt".
 */
export async function pairAsNewDevice(
  page: Page,
  device: { code: string; name: string; kind: 'board' | 'signage'; branch: string },
): Promise<void> {
  await page.goto(`/backend/devices/pair?code=${device.code}`)
  await page.getByRole('heading', { level: 1, name: 'Bildschirm koppeln' }).waitFor({ timeout: 20_000 })
  const code = await page.getByRole('textbox', { name: 'Code vom Bildschirm' }).inputValue()
  if (code !== device.code) throw new Error(`the pair page shows the code ${code}, not ${device.code}`)
  await page.getByLabel('Neues Gerät anlegen').check()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(device.name)
  await page.getByRole('combobox', { name: 'Art', exact: true }).selectOption(device.kind)
  await page.getByRole('combobox', { name: 'Filiale', exact: true }).selectOption(device.branch)
  const violations = await seriousViolations(page)
  if (violations.length > 0) throw new Error(`axe on the pair page: ${violations.join('; ')}`)
  await page.getByRole('button', { name: 'Koppeln', exact: true }).click()
  await page.getByRole('status').filter({ hasText: 'Gekoppelt' }).waitFor({ timeout: 20_000 })
}
