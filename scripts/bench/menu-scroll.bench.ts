import { CONSENT_COOKIE, CONSENT_GIVEN } from '@shop/shared/contracts/http/consent.ts'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { percentile } from './bench-support.ts'
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  checkChromium,
  clockScript,
  adminSession as login,
  median,
  type Session,
  type StorefrontStage,
  startStorefrontStage,
} from './storefront-stage.ts'

/**
 * A menu of 300 products scrolled on a phone (issue 5: "scrolls without jank"). On the demo
 * shop, the admin API creates 10 categories and 300 products (with the demo's pictures, a fifth
 * configurable, some sold by weight) and a menu for Zürich Altstadt that is active now. Debian's
 * Chromium (playwright-core) opens the menu on a 390 × 844 phone screen (3× pixels, touch) with
 * the CPU slowed down 4× (CDP Emulation.setCPUThrottlingRate), then scrolls the whole page top
 * to bottom at a steady SPEED_PX_PER_S, one step per animation frame, while the page records
 * every frame's duration (requestAnimationFrame) and every long task (PerformanceObserver).
 *
 * The baseline, in the same run and the same browser: the same scroll of a plain static page of
 * the same height on the same origin, 300 similar cards (name, two-line description, price, the
 * same pictures, lazily loaded) and no script. Menu and baseline take turns, ROUNDS times, each
 * in a fresh browser context (cold image cache); the medians are reported.
 */

const BRANCH = 'zuerich-altstadt'
export const PRODUCTS = 300
const CATEGORIES = 10
const ROUNDS = Number(process.env.BENCH_SCROLL_ROUNDS ?? 3)
/** A brisk flick-and-read pace on a phone. */
export const SPEED_PX_PER_S = 2000
const FRAME_MS = 1000 / 60
/** A frame longer than 1.5 frames at 60 Hz means at least one frame was dropped. */
export const DROPPED_FRAME_MS = 1.5 * FRAME_MS
/** Dropped-frame shares under this count as this in the ratio (a baseline near 0 % would explode it). */
export const DROPPED_SHARE_FLOOR = 0.01
/** Targets, as ratios to the static page scrolled in the same run. */
export const DROPPED_RATIO_TARGET = 1.5
export const P95_RATIO_TARGET = 1.25

export type ScrollSample = {
  frames: number
  /** Share of frames longer than DROPPED_FRAME_MS. */
  droppedShare: number
  p95FrameMs: number
  maxFrameMs: number
  longTasks: number
  totalBlockingMs: number
  seconds: number
}

export type ScrollResult = {
  pageHeightPx: number
  products: number
  rounds: number
  menu: ScrollSample
  baseline: ScrollSample
  /** Every round, for the record. */
  menuRounds: ScrollSample[]
  baselineRounds: ScrollSample[]
}

// ----------------------------------------------------------------------------------------------
// The catalogue, through the admin API (docs/api.md: session cookie + X-XSRF-TOKEN).

async function post<T>(url: string, session: Session, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...session.headers },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`POST ${path} answered ${res.status}: ${text}`)
  return (JSON.parse(text) as { data: T }).data
}

type ImageRef = { id: string; version: number; extension: string }

const NAMES = ['Zopf', 'Brot', 'Gipfeli', 'Torte', 'Wähe', 'Schnitte', 'Brötchen', 'Cake', 'Salat', 'Wurst']
const DESCRIPTIONS = [
  'Von Hand geformt, mit Butter aus dem Emmental und Mehl aus der Region, über Nacht gereift.',
  'Knusprige Kruste, luftige Krume: jeden Morgen frisch aus dem Steinofen unserer Backstube.',
  'Nach dem Rezept der Grossmutter, mit viel Zeit und ohne Zusatzstoffe gebacken.',
]

function productBody(i: number, image: ImageRef | undefined) {
  const byWeight = i % 7 === 3
  const configurable = i % 5 === 0
  return {
    uid: `bench-produkt-${i + 1}`,
    name: `${NAMES[i % NAMES.length]} Nr. ${i + 1}`,
    description: DESCRIPTIONS[i % DESCRIPTIONS.length],
    allergens: 'Gluten, Milch, Ei',
    images: image ? [image] : [],
    type: configurable ? 'configurable' : 'simple',
    price: 250 + (i % 40) * 35,
    tax: 2.6,
    takeawayTax: 2.6,
    dineInTax: 8.1,
    unit: byWeight ? 'kilogram' : 'piece',
    alternativeUnits: byWeight ? [{ unit: 'gram', ratio: 0.001, calculationModel: 'approximate' }] : [],
    calculationModel: byWeight ? 'approximate' : 'fixed',
    config: {
      parts: configurable
        ? [
            {
              name: 'Grösse',
              type: 'select',
              options: [
                { name: 'Klein', modifier: 'subtract', value: 100 },
                { name: 'Gross', modifier: 'add', value: 150 },
              ],
            },
          ]
        : [],
    },
  }
}

/** 10 categories, 300 products and Zürich's menu with all of them, active since a day. */
async function createLargeMenu(stage: StorefrontStage): Promise<void> {
  const init = (await (await fetch(`${stage.url}/api/init`)).json()) as {
    data: { url: string; data: unknown }[]
  }
  const list = (url: string) =>
    (init.data.find((entry) => entry.url === url)?.data ?? []) as Record<string, unknown>[]
  const branch = list('/api/branches').find((b) => b.identifier === BRANCH)
  if (!branch) throw new Error(`no branch ${BRANCH} in the demo`)
  // The demo's pictures (one per demo category), shared by the new categories and products.
  const images = list('/api/categories')
    .map((c) => c.image as ImageRef | null)
    .filter((image): image is ImageRef => image !== null && image !== undefined)
  const session = await login(stage.url)
  const categories: { id: string }[] = []
  for (let c = 0; c < CATEGORIES; c++) {
    categories.push(
      await post<{ id: string }>(stage.url, session, '/api/categories', {
        name: `Sortiment ${c + 1}`,
        image: images[c % images.length] ?? null,
      }),
    )
  }
  const products: { id: string; category: number }[] = []
  for (let i = 0; i < PRODUCTS; i++) {
    const category = Math.floor((i * CATEGORIES) / PRODUCTS)
    const created = await post<{ id: string }>(
      stage.url,
      session,
      '/api/products',
      productBody(i, images[category % Math.max(1, images.length)]),
    )
    products.push({ id: created.id, category })
  }
  const since = new Date(Date.now() + stage.offsetMs - 24 * 3600 * 1000).toISOString()
  await post(stage.url, session, '/api/menus', {
    name: 'Grosses Sortiment (Bench)',
    availableFrom: since,
    branches: [{ id: String(branch.id) }],
    catalog: categories.map((category, c) => ({
      category: { id: category.id },
      products: products.filter((p) => p.category === c).map((p) => ({ id: p.id })),
    })),
  })
}

// ----------------------------------------------------------------------------------------------
// The browser side. The functions given to page.evaluate run in the page; this file compiles
// without the DOM library, so the little they use is declared here, for this module only.

declare const window: { innerHeight: number; scrollTo(x: number, y: number): void }
declare const document: { documentElement: { scrollHeight: number } }
declare function requestAnimationFrame(callback: (time: number) => void): number
declare const PerformanceObserver: new (
  callback: (list: { getEntries(): { duration: number }[] }) => void,
) => { observe(options: { type: string }): void; disconnect(): void }

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
}

/** Runs in the page: scrolls top to bottom at `speed` px/s, one step per frame, and records. */
function scrollAndRecord(speed: number): Promise<{ frames: number[]; longTasks: number[]; seconds: number }> {
  const longTasks: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask' })
  const maxY = document.documentElement.scrollHeight - window.innerHeight
  const durationMs = (maxY / speed) * 1000
  const frames: number[] = []
  return new Promise((resolve) => {
    let start: number | null = null
    let last = 0
    const step = (time: number) => {
      if (start === null) start = time
      else frames.push(time - last)
      last = time
      const progress = Math.min(1, (time - start) / durationMs)
      window.scrollTo(0, progress * maxY)
      if (progress < 1) {
        requestAnimationFrame(step)
        return
      }
      // The long tasks of the last frames are reported a moment later.
      setTimeout(() => {
        observer.disconnect()
        resolve({ frames, longTasks, seconds: (last - start!) / 1000 })
      }, 100)
    }
    requestAnimationFrame(step)
  })
}

function summarise(run: { frames: number[]; longTasks: number[]; seconds: number }): ScrollSample {
  const sorted = [...run.frames].sort((a, b) => a - b)
  return {
    frames: sorted.length,
    droppedShare: sorted.filter((f) => f > DROPPED_FRAME_MS).length / Math.max(1, sorted.length),
    p95FrameMs: percentile(sorted, 95),
    maxFrameMs: sorted.at(-1) ?? 0,
    longTasks: run.longTasks.length,
    totalBlockingMs: run.longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    seconds: run.seconds,
  }
}

async function newPhone(
  browser: Browser,
  stage: StorefrontStage,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: stage.url,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
  })
  // A returning customer: the cookie banner was answered before.
  await context.addCookies([{ name: CONSENT_COOKIE, value: CONSENT_GIVEN, url: stage.url }])
  await context.addInitScript(clockScript(stage.offsetMs))
  return { context, page: await context.newPage() }
}

/** 4× slower CPU (as Lighthouse's mobile preset), then a quiet moment before scrolling. */
async function throttleAndSettle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.evaluate(
    () => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => resolve()), 1000)),
  )
}

async function scrollMenu(
  browser: Browser,
  stage: StorefrontStage,
): Promise<{ sample: ScrollSample; height: number }> {
  const { context, page } = await newPhone(browser, stage)
  try {
    await page.goto(`/store/${BRANCH}`)
    await page
      .locator('li.menu-product')
      .nth(PRODUCTS - 1)
      .waitFor({ state: 'attached', timeout: 30_000 })
    const count = await page.locator('li.menu-product').count()
    if (count < PRODUCTS) throw new Error(`the menu shows ${count} products, not ${PRODUCTS}`)
    await throttleAndSettle(context, page)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    const run = await page.evaluate(scrollAndRecord, SPEED_PX_PER_S)
    return { sample: summarise(run), height }
  } finally {
    await context.close()
  }
}

/** The static page: the menu's pictures and card layout without the app, `height` px tall. */
function staticMenuHtml(images: string[], height: number): string {
  const cards = Array.from({ length: PRODUCTS }, (_, i) => {
    const image = images[Math.floor((i * CATEGORIES) / PRODUCTS) % Math.max(1, images.length)]
    return `<li class="card"><div class="body"><h3>${NAMES[i % NAMES.length]} Nr. ${i + 1}</h3><p class="desc">${DESCRIPTIONS[i % DESCRIPTIONS.length]}</p><p class="price">CHF ${((250 + (i % 40) * 35) / 100).toFixed(2)}</p></div>${image ? `<img src="${image}" alt="" width="112" height="112" loading="lazy" decoding="async">` : ''}</li>`
  })
  const groups = Array.from(
    { length: CATEGORIES },
    (_, c) =>
      `<section><h2>Sortiment ${c + 1}</h2><ul>${cards.slice((c * PRODUCTS) / CATEGORIES, ((c + 1) * PRODUCTS) / CATEGORIES).join('')}</ul></section>`,
  )
  return `<!doctype html><html lang="de-CH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#faf7f2;color:#1f1a14;min-height:${height}px}
main{max-width:72rem;margin:0 auto;padding:16px}
ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.card{display:flex;gap:12px;padding:12px 12px 12px 16px;background:#fff;border:1px solid #e6ded3;border-radius:16px}
.body{flex:1;min-width:0;display:flex;flex-direction:column;gap:4px}
h3{margin:0;font-size:1.05rem}
.desc{margin:0;color:#6b6158;font-size:.9rem;line-height:1.4;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.price{margin:auto 0 0;font-weight:700}
img{display:block;width:112px;height:112px;border-radius:10px;object-fit:cover;background:#f1ece4}
</style></head><body><main><h1>Baseline</h1>${groups.join('')}</main></body></html>`
}

async function scrollBaseline(
  browser: Browser,
  stage: StorefrontStage,
  images: string[],
  height: number,
): Promise<ScrollSample> {
  const { context, page } = await newPhone(browser, stage)
  try {
    // A static page of the shop's origin first, so the pictures are same-origin as in the menu.
    await page.goto('/offline.html')
    await page.setContent(staticMenuHtml(images, height))
    const actual = await page.evaluate(() => document.documentElement.scrollHeight)
    if (Math.abs(actual - height) > height * 0.02) {
      throw new Error(`the static page is ${actual} px tall, the menu ${height} px`)
    }
    await throttleAndSettle(context, page)
    return summarise(await page.evaluate(scrollAndRecord, SPEED_PX_PER_S))
  } finally {
    await context.close()
  }
}

const medianSample = (samples: ScrollSample[]): ScrollSample => ({
  frames: median(samples.map((s) => s.frames)),
  droppedShare: median(samples.map((s) => s.droppedShare)),
  p95FrameMs: median(samples.map((s) => s.p95FrameMs)),
  maxFrameMs: median(samples.map((s) => s.maxFrameMs)),
  longTasks: median(samples.map((s) => s.longTasks)),
  totalBlockingMs: median(samples.map((s) => s.totalBlockingMs)),
  seconds: median(samples.map((s) => s.seconds)),
})

export async function benchMenuScroll(opts: {
  adminUrl: string
  natsUrl?: string | undefined
}): Promise<ScrollResult> {
  checkChromium()
  const stage = await startStorefrontStage({ adminUrl: opts.adminUrl, natsUrl: opts.natsUrl })
  let browser: Browser | undefined
  try {
    await createLargeMenu(stage)
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      // playwright-core adds its own headless switch.
      args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
      headless: true,
    })
    // The product pictures the menu shows (their tiny size, as the cards' src).
    const init = (await (await fetch(`${stage.url}/api/init`)).json()) as {
      data: { url: string; data: unknown }[]
    }
    const images = (
      (init.data.find((e) => e.url === '/api/categories')?.data ?? []) as Record<string, unknown>[]
    )
      .map((c) => c.image as ImageRef | null)
      .filter((image): image is ImageRef => Boolean(image))
      .map((image) => `/image/tiny/${image.id}-${image.version}.${image.extension}`)
    // One unmeasured load: the shop's first answers (JIT, image variants) are not the page's.
    await scrollMenu(browser, stage)
    const menuRounds: ScrollSample[] = []
    const baselineRounds: ScrollSample[] = []
    let height = 0
    for (let round = 0; round < ROUNDS; round++) {
      const menu = await scrollMenu(browser, stage)
      height = menu.height
      menuRounds.push(menu.sample)
      baselineRounds.push(await scrollBaseline(browser, stage, images, height))
    }
    return {
      pageHeightPx: height,
      products: PRODUCTS,
      rounds: ROUNDS,
      menu: medianSample(menuRounds),
      baseline: medianSample(baselineRounds),
      menuRounds,
      baselineRounds,
    }
  } finally {
    await browser?.close().catch(() => {})
    await stage.close()
  }
}

const pct = (share: number) => `${(share * 100).toFixed(1)} %`

export function formatMenuScroll(r: ScrollResult): string {
  const row = (label: string, s: ScrollSample) =>
    `| ${label} | ${s.frames} in ${s.seconds.toFixed(1)} s | ${pct(s.droppedShare)} | ${s.p95FrameMs.toFixed(1)} ms | ${s.maxFrameMs.toFixed(0)} ms | ${s.longTasks} | ${Math.round(s.totalBlockingMs)} ms |`
  // Below 1 % dropped frames nobody sees jank, and a baseline near 0 % would make any ratio
  // explode: shares under 1 % count as 1 %.
  const floor = (s: ScrollSample) => Math.max(s.droppedShare, DROPPED_SHARE_FLOOR)
  const droppedRatio = floor(r.menu) / floor(r.baseline)
  const p95Ratio = r.menu.p95FrameMs / r.baseline.p95FrameMs
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
  return [
    `${r.products} products, page ${r.pageHeightPx} px tall, scrolled at ${SPEED_PX_PER_S} px/s on a 390 × 844 phone (3× pixels) with the CPU slowed 4×; median of ${r.rounds} rounds. A frame counts as dropped above ${DROPPED_FRAME_MS.toFixed(1)} ms; shares under ${pct(DROPPED_SHARE_FLOOR)} count as ${pct(DROPPED_SHARE_FLOOR)} in the ratio.`,
    '',
    '| page | frames | dropped frames | p95 frame | longest frame | long tasks | total blocking |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('baseline: static page, same height and pictures', r.baseline),
    row('menu page (React)', r.menu),
    '',
    `| ratio to the baseline | value | target |`,
    '|---|---:|---|',
    `| dropped-frame share | ${droppedRatio.toFixed(2)} | ≤ ${DROPPED_RATIO_TARGET} ${verdict(droppedRatio <= DROPPED_RATIO_TARGET)} |`,
    `| p95 frame time | ${p95Ratio.toFixed(2)} | ≤ ${P95_RATIO_TARGET} ${verdict(p95Ratio <= P95_RATIO_TARGET)} |`,
  ].join('\n')
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const result = await benchMenuScroll({
    adminUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  })
  process.stdout.write(`${formatMenuScroll(result)}\n`)
  if (process.env.BENCH_VERBOSE) process.stdout.write(`${JSON.stringify(result, null, 1)}\n`)
}
