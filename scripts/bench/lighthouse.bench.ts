import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  activeMenu,
  type CartItem,
  emptyCart,
  initialAmount,
  menuProducts,
} from '@shop/shared/domain/catalogue'
import { launch as launchChrome } from 'chrome-launcher'
import { type Config, navigation } from 'lighthouse'
import puppeteer, { type Browser } from 'puppeteer-core'
import {
  toDomainCategory,
  toDomainMenu,
  toDomainProduct,
} from '../../web/storefront/src/features/menu/menu-model.ts'
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  checkChromium,
  clockScript,
  median,
  type StorefrontStage,
  startStorefrontStage,
} from './storefront-stage.ts'

/**
 * Lighthouse (the npm package, Debian's Chromium through chrome-launcher) on the storefront's
 * home, menu and checkout pages with the demo data, mobile preset (Lighthouse's defaults: a
 * Moto G Power-sized screen, simulated slow 4G and 4× CPU slowdown), categories performance
 * and accessibility. Each page runs RUNS times in a fresh browser context (cold cache); the run
 * with the median performance score is reported. The baseline, in the same run with the same
 * settings and the same server process: the shop's plain static offline page (inline CSS, no
 * script), i.e. what the server and the simulated network allow at best.
 *
 * The checkout is measured with a cart (three demo products of the Zürich menu) in the tab's
 * session storage, as the menu page leaves it: the tab first opens a static page of the shop's
 * origin, stores the cart there, and Lighthouse then navigates the same tab to the checkout
 * (Lighthouse keeps session storage; it clears caches, service workers and cache storage).
 */

export const PERFORMANCE_TARGET = 90
export const ACCESSIBILITY_TARGET = 95
/** The page's text, read in the page (this file compiles without the DOM library). */
declare const document: { body: { textContent: string | null } }

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const BRANCH = 'zuerich-altstadt'

export type LighthouseRun = {
  performance: number
  accessibility: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  speedIndexMs: number
  transferBytes: number
  /** Accessibility audits that failed (id: title). */
  accessibilityFailures: string[]
  /** Lighthouse's warnings about the run (e.g. a slow host). */
  warnings: string[]
}

export type LighthousePage = {
  page: string
  path: string
  isBaseline: boolean
  /** Every run's performance score, in run order. */
  performanceScores: number[]
  /** The run with the median performance score. */
  median: LighthouseRun
}

export type LighthouseResult = {
  lighthouseVersion: string
  chromeVersion: string
  benchmarkIndex: number
  runs: number
  pages: LighthousePage[]
}

const CONFIG: Config = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance', 'accessibility'],
    // The mobile preset is Lighthouse's default: form factor, screen emulation and throttling
    // (simulated) are left as they are.
    formFactor: 'mobile',
    locale: 'en-US',
  },
}

type PageSpec = { page: string; path: string; isBaseline?: boolean; cart?: boolean }

const PAGES: PageSpec[] = [
  { page: 'baseline: static offline page', path: '/offline.html', isBaseline: true },
  { page: 'home', path: '/' },
  { page: 'menu (Zürich Altstadt)', path: `/store/${BRANCH}` },
  { page: 'checkout with 3 items', path: `/store/${BRANCH}/checkout`, cart: true },
]

/**
 * The cart the menu page would store after three "add" clicks: the first three simple demo
 * products of the branch's active menu, each at its initial amount, as the menu page's view
 * model turns the /api/init resources into domain products.
 */
async function demoCart(stage: StorefrontStage): Promise<unknown> {
  const res = await fetch(`${stage.url}/api/init`, { headers: { 'accept-language': 'de-CH' } })
  if (!res.ok) throw new Error(`GET /api/init answered ${res.status}`)
  const body = (await res.json()) as { data: { url: string; data: unknown }[] }
  const list = (url: string) =>
    (body.data.find((entry) => entry.url === url)?.data ?? []) as (Record<string, unknown> & { id: string })[]
  const branch = list('/api/branches').find((b) => b.identifier === BRANCH)
  if (!branch) throw new Error(`no branch ${BRANCH} in the demo`)
  const menu = activeMenu(
    list('/api/menus').map(toDomainMenu),
    branch.id,
    new Date(Date.now() + stage.offsetMs),
  )
  if (!menu) throw new Error(`no active menu for ${BRANCH}`)
  const products = menuProducts(
    menu,
    list('/api/categories').map(toDomainCategory),
    list('/api/products').map(toDomainProduct),
  ).filter((p) => p.type === 'simple' && !p.isLeadTimeEnabled && !p.isPriceHidden)
  const items: CartItem[] = products.slice(0, 3).map((product) => {
    const { amount, unit } = initialAmount(product)
    return { product, amount, unit, parts: [] }
  })
  if (items.length < 3) throw new Error('fewer than three simple products on the menu')
  return { ...emptyCart(), items }
}

function toRun(lhr: NonNullable<Awaited<ReturnType<typeof navigation>>>['lhr']): LighthouseRun {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const accessibility = lhr.categories.accessibility
  const failures = (accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a !== undefined && a.score !== null && a.score < 1)
    .map((a) => `${a!.id}: ${a!.title}`)
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    transferBytes: audit('total-byte-weight'),
    accessibilityFailures: failures,
    warnings: lhr.runWarnings ?? [],
  }
}

async function runOnce(
  browser: Browser,
  stage: StorefrontStage,
  spec: PageSpec,
  cart: unknown,
  shotDir: string | undefined,
  run: number,
): Promise<{ run: LighthouseRun; lighthouseVersion: string; benchmarkIndex: number }> {
  // A fresh context per run: nothing cached or stored from the run before.
  const context = await browser.createBrowserContext()
  try {
    const page = await context.newPage()
    await page.evaluateOnNewDocument(clockScript(stage.offsetMs))
    if (spec.cart) {
      // A static page of the same origin (no app that could read or write the cart), then the cart.
      await page.goto(`${stage.url}/offline.html`)
      await page.evaluate(
        (key, value) => sessionStorage.setItem(key, value),
        `asp-cart-${BRANCH}`,
        JSON.stringify(cart),
      )
    }
    const result = await navigation(page, `${stage.url}${spec.path}`, {
      config: CONFIG,
      flags: { logLevel: 'error' },
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${spec.path}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${spec.path}: ${lhr.runtimeError.message}`)
    if (spec.cart) {
      // The checkout must have shown the cart, else it measured the empty-cart page (names
      // compared with any white space alike: the shop may join "500 g" with a no-break space).
      const flat = (text: string) => text.replace(/\s+/g, ' ')
      const names = (cart as { items: { product: { name: string } }[] }).items.map((i) =>
        flat(i.product.name),
      )
      const text = flat(await page.evaluate(() => document.body.textContent ?? ''))
      const missing = names.filter((name) => !text.includes(name))
      if (missing.length > 0)
        throw new Error(`the checkout did not show the stored cart (${missing.join(', ')})`)
    }
    if (shotDir) {
      const base = join(shotDir, `${spec.page.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${run}`)
      writeFileSync(`${base}.json`, JSON.stringify(lhr))
      const shot = (lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data
      if (shot)
        writeFileSync(`${base}.jpg`, Buffer.from(shot.replace(/^data:image\/\w+;base64,/, ''), 'base64'))
    }
    return {
      run: toRun(lhr),
      lighthouseVersion: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    }
  } finally {
    await context.close().catch(() => {})
  }
}

export async function benchLighthouse(opts: {
  adminUrl: string
  natsUrl?: string | undefined
  /** A folder for each run's final screenshot (to look at what was measured). */
  screenshots?: string | undefined
}): Promise<LighthouseResult> {
  checkChromium()
  const stage = await startStorefrontStage({ adminUrl: opts.adminUrl, natsUrl: opts.natsUrl })
  const chrome = await launchChrome({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  }).catch(async (err) => {
    await stage.close()
    throw err
  })
  let browser: Browser | undefined
  try {
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    })
    const chromeVersion = await browser.version()
    const cart = await demoCart(stage)
    if (opts.screenshots) mkdirSync(opts.screenshots, { recursive: true })
    const pages: LighthousePage[] = []
    let lighthouseVersion = '?'
    const benchmarkIndexes: number[] = []
    // One warm-up navigation (unmeasured): the shop's first answers (JIT, caches) are not a page's.
    await runOnce(browser, stage, PAGES[1]!, cart, undefined, 0)
    const runs = new Map<PageSpec, LighthouseRun[]>(PAGES.map((spec) => [spec, []]))
    // Round robin over the pages, so a slow moment of the machine does not land on one page.
    for (let i = 1; i <= RUNS; i++) {
      for (const spec of PAGES) {
        const r = await runOnce(browser, stage, spec, cart, opts.screenshots, i)
        runs.get(spec)!.push(r.run)
        lighthouseVersion = r.lighthouseVersion
        benchmarkIndexes.push(r.benchmarkIndex)
      }
    }
    for (const spec of PAGES) {
      const all = runs.get(spec)!
      const mid = median(all.map((r) => r.performance))
      pages.push({
        page: spec.page,
        path: spec.path,
        isBaseline: spec.isBaseline === true,
        performanceScores: all.map((r) => r.performance),
        median: all.find((r) => r.performance === mid)!,
      })
    }
    return {
      lighthouseVersion,
      chromeVersion,
      benchmarkIndex: median(benchmarkIndexes),
      runs: RUNS,
      pages,
    }
  } finally {
    await browser?.disconnect().catch(() => {})
    chrome.kill()
    await stage.close()
  }
}

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`

export function formatLighthouse(r: LighthouseResult): string {
  const base = r.pages.find((p) => p.isBaseline)
  const rows = r.pages.map((p) => {
    const m = p.median
    const verdict = p.isBaseline
      ? 'baseline'
      : m.performance >= PERFORMANCE_TARGET && m.accessibility >= ACCESSIBILITY_TARGET
        ? 'PASS'
        : 'FAIL'
    const ratio = base && !p.isBaseline ? (m.performance / base.median.performance).toFixed(2) : '—'
    return `| ${p.page} | ${m.performance} (${p.performanceScores.join(', ')}) | ${ratio} | ${m.accessibility} | ${ms(m.fcpMs)} | ${ms(m.lcpMs)} | ${ms(m.tbtMs)} | ${m.cls.toFixed(3)} | ${ms(m.speedIndexMs)} | ${kb(m.transferBytes)} | ${verdict} |`
  })
  const failures = r.pages.flatMap((p) =>
    p.median.accessibilityFailures.map((f) => `- ${p.page}: accessibility audit failed: ${f}`),
  )
  const warnings = [...new Set(r.pages.flatMap((p) => p.median.warnings))].map((w) => `- Lighthouse: ${w}`)
  return [
    `Lighthouse ${r.lighthouseVersion}, ${r.chromeVersion}, mobile preset (simulated throttling), median of ${r.runs} runs per page; host benchmark index ${Math.round(r.benchmarkIndex)}.`,
    `Targets: performance ≥ ${PERFORMANCE_TARGET}, accessibility ≥ ${ACCESSIBILITY_TARGET}.`,
    '',
    '| page | performance (runs) | × baseline | accessibility | FCP | LCP | TBT | CLS | Speed Index | transfer | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    ...(failures.length + warnings.length > 0 ? ['', ...failures, ...warnings] : []),
  ].join('\n')
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const result = await benchLighthouse({
    adminUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    screenshots: process.env.BENCH_SCREENSHOTS,
  })
  process.stdout.write(`${formatLighthouse(result)}\n`)
}
