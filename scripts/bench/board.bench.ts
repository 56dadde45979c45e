import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import {
  adminSession,
  CHROMIUM,
  CHROMIUM_FLAGS,
  checkChromium,
  clockScript,
  median,
  type StorefrontStage,
  startStorefrontStage,
} from './storefront-stage.ts'

/**
 * The frontdesk board with 200 open orders (issue 6: "stays smooth with 200 open orders, no full
 * re-render per event"). On the demo shop (all-in-one process, PostgreSQL, NATS), orders are
 * placed through the API on Zürich Altstadt; Debian's Chromium (playwright-core) opens the key
 * board on a 1280 × 800 tablet screen with the CPU slowed 4× (a counter tablet), then the bench
 * moves UPDATES_PER_RUN orders one step each through the API (confirm, ready, completed) and
 * waits, in the page, for each card to reach its new lane. Per event, the page records:
 *
 * - main-thread work: CDP Performance.getMetrics TaskDuration (script, style, layout, paint)
 *   before and after the run, divided by the number of events;
 * - the cards touched: a MutationObserver counts the distinct cards whose subtree changed;
 * - long tasks (PerformanceObserver, > 50 ms).
 *
 * The baseline, in the same run and the same browser: the same number of updates while the
 * board holds about 10 orders. The ratio of the per-event work says whether the cost grows with
 * the size of the board (a full re-render per event would scale with it, ~20× here).
 */

const BRANCH = 'zuerich-altstadt'
export const BIG_BOARD = 200
export const SMALL_BOARD = 10
const UPDATES_PER_RUN = Number(process.env.BENCH_BOARD_UPDATES ?? 30)
const ROUNDS = Number(process.env.BENCH_BOARD_ROUNDS ?? 3)
/** Target: the per-event work with 200 orders at most this many times the 10-order board's. */
export const WORK_RATIO_TARGET = 2

export type BoardSample = {
  cards: number
  updates: number
  /** Main-thread milliseconds per event (CDP TaskDuration). */
  taskMsPerEvent: number
  scriptMsPerEvent: number
  layoutMsPerEvent: number
  /** Distinct cards whose DOM changed, per event. */
  cardsTouchedPerEvent: number
  longTasks: number
  /** From sending the command to the card in its new lane, median (ms). */
  p50LatencyMs: number
}

export type BoardResult = {
  small: BoardSample
  big: BoardSample
  smallRounds: BoardSample[]
  bigRounds: BoardSample[]
}

type Order = { id: string; version: number }

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text()
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text}`)
  return (JSON.parse(text) as { data: T }).data
}

async function setup(stage: StorefrontStage) {
  const init = await json<{ url: string; data: unknown }[]>(
    await fetch(`${stage.url}/api/init`),
    'GET /api/init',
  )
  const list = (url: string) => (init.find((e) => e.url === url)?.data ?? []) as Record<string, unknown>[]
  const branch = list('/api/branches').find((b) => b.identifier === BRANCH)
  if (!branch) throw new Error(`no branch ${BRANCH}`)
  const product =
    list('/api/products').find((p) => p.uid === 'buttergipfeli') ??
    list('/api/products').find((p) => !((p.config as { parts?: unknown[] } | null)?.parts ?? []).length)
  if (!product) throw new Error('no simple product')
  const admin = await adminSession(stage.url)
  const branches = await json<{ id: string; apiKey: string }[]>(
    await fetch(`${stage.url}/api/branches`, { headers: admin.headers }),
    'GET /api/branches',
  )
  const apiKey = branches.find((b) => b.id === branch.id)?.apiKey
  if (!apiKey) throw new Error('no api key')
  const branchId = String(branch.id)
  const place = async (i: number): Promise<Order> =>
    json<Order>(
      await fetch(`${stage.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          branch: branchId,
          isDelivery: false,
          isDineIn: false,
          firstName: 'Bench',
          lastName: `Kunde ${i}`,
          phone: '+41 79 123 45 67',
          email: `bench${i}@example.ch`,
          country: 'CH',
          comment: i % 3 === 0 ? 'Bitte mit Kerze' : undefined,
          items: [
            { product: product.uid, amount: (product.defaultQuantity as number) ?? 1, unit: product.unit },
          ],
          paymentMethod: 'cash',
          legalInstructions: true,
          privacyPolicy: true,
        }),
      }),
      'POST /api/orders',
    )
  const step = async (id: string, action: string): Promise<void> => {
    const order = await json<Order>(
      await fetch(`${stage.url}/api/orders/${id}`, { headers: { 'x-api-key': apiKey } }),
      'GET order',
    )
    await json(
      await fetch(`${stage.url}/api/orders/${id}/status/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify({ version: order.version }),
      }),
      `POST ${action}`,
    )
  }
  const boardSize = async () =>
    (
      await json<unknown[]>(
        await fetch(`${stage.url}/api/orders/frontdesk/${branchId}/${apiKey}`),
        'GET frontdesk',
      )
    ).length
  return { branchId, apiKey, place, step, boardSize }
}

// ----------------------------------------------------------------------------------------------
// The browser side (this file compiles without the DOM library: the little used is declared).

declare const document: {
  querySelector(s: string): unknown
  querySelectorAll(s: string): { length: number }
}
declare const MutationObserver: new (
  cb: (records: { target: { closest?(s: string): unknown; parentElement?: unknown } }[]) => void,
) => { observe(node: unknown, opts: Record<string, boolean>): void; disconnect(): void }
declare const PerformanceObserver: new (
  callback: (list: { getEntries(): { duration: number }[] }) => void,
) => { observe(options: { type: string }): void; disconnect(): void }
declare const window: Record<string, unknown>

/** Installs the recorders in the page. */
function installRecorders(): void {
  const touched = new Set<unknown>()
  let events = 0
  let total = 0
  const longTasks: number[] = []
  type El = {
    closest?(s: string): El | null
    matches?(s: string): boolean
    querySelectorAll?(s: string): ArrayLike<El>
    getAttribute?(n: string): string | null
    parentElement?: El | null
  }
  const CARD = 'article[data-order-id]'
  const note = (el: El | null | undefined) => {
    const id = el?.getAttribute?.('data-order-id')
    if (id) touched.add(id)
  }
  const mo = new MutationObserver((records) => {
    for (const r of records as unknown as {
      target: El
      addedNodes: ArrayLike<El>
      removedNodes: ArrayLike<El>
    }[]) {
      // A change inside a card, or a card (its list item) added to or removed from a lane.
      const t = r.target
      note(t.closest ? t.closest(CARD) : t.parentElement?.closest?.(CARD))
      for (const nodes of [r.addedNodes, r.removedNodes]) {
        for (const n of Array.from(nodes)) {
          if (n.matches?.(CARD)) note(n)
          for (const inner of Array.from(n.querySelectorAll?.(CARD) ?? [])) note(inner)
        }
      }
    }
  })
  mo.observe(document.querySelector('.fd-lanes'), {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  })
  const po = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration)
  })
  po.observe({ type: 'longtask' })
  window.__bench = {
    /** Resolves once the card is in the lane (checked on every DOM change). */
    waitFor(id: string, lane: string) {
      return new Promise<void>((resolve) => {
        const sel = `[data-lane="${lane}"] article[data-order-id="${id}"]`
        if (document.querySelector(sel)) return resolve()
        const o = new MutationObserver(() => {
          if (document.querySelector(sel)) {
            o.disconnect()
            resolve()
          }
        })
        o.observe(document.querySelector('.fd-lanes'), { subtree: true, childList: true })
      })
    },
    /** Closes an event: its distinct cards are counted, the next event starts empty. */
    event() {
      events++
      total += touched.size
      touched.clear()
    },
    result() {
      mo.disconnect()
      po.disconnect()
      // A card that moves lanes is one card (removed and added): distinct order ids per event.
      return { touched: total + touched.size, events, longTasks }
    },
  }
}

async function metrics(cdp: import('playwright-core').CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[]
  }
  return Object.fromEntries(list.map((m) => [m.name, m.value]))
}

async function measure(
  browser: Browser,
  stage: StorefrontStage,
  env: Awaited<ReturnType<typeof setup>>,
  orders: Order[],
): Promise<BoardSample> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: stage.url,
    locale: 'de-CH',
    timezoneId: 'Europe/Zurich',
  })
  await context.addInitScript(clockScript(stage.offsetMs))
  const page: Page = await context.newPage()
  try {
    await page.goto(`/backend/frontdesk/${env.branchId}/${env.apiKey}`)
    await page.locator('.fd-board[data-live="live"]').waitFor({ timeout: 30_000 })
    const expected = await env.boardSize()
    await page.waitForFunction(
      (n) => document.querySelectorAll('article[data-order-id]').length >= n,
      expected,
      {
        timeout: 30_000,
      },
    )
    const cards = await page.locator('article[data-order-id]').count()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)))
    await page.evaluate(installRecorders)
    const before = await metrics(cdp)
    const latencies: number[] = []
    const plan: [string, string][] = [
      ['confirm', 'confirmed'],
      ['in-delivery', 'ready'],
      ['completed', 'done'],
    ]
    let updates = 0
    outer: for (const [action, lane] of plan) {
      for (const order of orders) {
        if (updates >= UPDATES_PER_RUN) break outer
        const arrived = page.evaluate(
          ([id, l]) => (window.__bench as { waitFor(i: string, l: string): Promise<void> }).waitFor(id, l),
          [order.id, lane] as const,
        )
        const t0 = performance.now()
        await env.step(order.id, action)
        await arrived
        latencies.push(performance.now() - t0)
        await page.evaluate(() => (window.__bench as { event(): void }).event())
        updates++
      }
    }
    const after = await metrics(cdp)
    const rec = (await page.evaluate(() =>
      (window.__bench as { result(): { touched: number; longTasks: number[] } }).result(),
    )) as { touched: number; longTasks: number[] }
    const per = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / updates
    return {
      cards,
      updates,
      taskMsPerEvent: per('TaskDuration'),
      scriptMsPerEvent: per('ScriptDuration'),
      layoutMsPerEvent: per('LayoutDuration') + per('RecalcStyleDuration'),
      cardsTouchedPerEvent: rec.touched / updates,
      longTasks: rec.longTasks.length,
      p50LatencyMs: median(latencies),
    }
  } finally {
    await context.close()
  }
}

const medianSample = (s: BoardSample[]): BoardSample => ({
  cards: median(s.map((x) => x.cards)),
  updates: median(s.map((x) => x.updates)),
  taskMsPerEvent: median(s.map((x) => x.taskMsPerEvent)),
  scriptMsPerEvent: median(s.map((x) => x.scriptMsPerEvent)),
  layoutMsPerEvent: median(s.map((x) => x.layoutMsPerEvent)),
  cardsTouchedPerEvent: median(s.map((x) => x.cardsTouchedPerEvent)),
  longTasks: median(s.map((x) => x.longTasks)),
  p50LatencyMs: median(s.map((x) => x.p50LatencyMs)),
})

export async function benchBoard(opts: {
  adminUrl: string
  natsUrl?: string | undefined
}): Promise<BoardResult> {
  checkChromium()
  const stage = await startStorefrontStage({ adminUrl: opts.adminUrl, natsUrl: opts.natsUrl })
  let browser: Browser | undefined
  try {
    const env = await setup(stage)
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
      headless: true,
    })
    const perRun = Math.ceil(UPDATES_PER_RUN / 3)
    let next = 0
    const placeMany = async (n: number) => {
      const out: Order[] = []
      for (let i = 0; i < n; i++) out.push(await env.place(next++))
      return out
    }
    // The small board: the demo's orders plus fresh ones, up to ~10 (each round adds its own).
    const smallRounds: BoardSample[] = []
    const initial = await env.boardSize()
    await placeMany(Math.max(0, SMALL_BOARD - initial - perRun))
    for (let round = 0; round < ROUNDS; round++) {
      smallRounds.push(await measure(browser, stage, env, await placeMany(perRun)))
    }
    // The big board: 200 open orders (plus the small runs' finished ones in "done today").
    const open = (await env.boardSize()) - ROUNDS * perRun
    await placeMany(Math.max(0, BIG_BOARD - open - perRun))
    const bigRounds: BoardSample[] = []
    for (let round = 0; round < ROUNDS; round++) {
      bigRounds.push(await measure(browser, stage, env, await placeMany(perRun)))
    }
    return { small: medianSample(smallRounds), big: medianSample(bigRounds), smallRounds, bigRounds }
  } finally {
    await browser?.close().catch(() => {})
    await stage.close()
  }
}

export function formatBoard(r: BoardResult): string {
  const row = (label: string, s: BoardSample) =>
    `| ${label} | ${s.cards} | ${s.updates} | ${s.taskMsPerEvent.toFixed(1)} ms | ${s.scriptMsPerEvent.toFixed(1)} ms | ${s.layoutMsPerEvent.toFixed(1)} ms | ${s.cardsTouchedPerEvent.toFixed(2)} | ${s.longTasks} | ${Math.round(s.p50LatencyMs)} ms |`
  const ratio = r.big.taskMsPerEvent / r.small.taskMsPerEvent
  const verdict = ratio <= WORK_RATIO_TARGET ? 'PASS' : 'FAIL'
  return [
    `Key board on a 1280 × 800 tablet screen, CPU slowed 4×; each run moves orders one step through the API (confirm, ready, completed) and waits in the page for the card in its new lane; median of ${r.big === r.small ? 1 : r.bigRounds.length} runs per board size.`,
    '',
    '| board | cards | events | main thread / event | script / event | style + layout / event | cards touched / event | long tasks | command → card (p50) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    row('baseline: small board', r.small),
    row(`${BIG_BOARD} open orders`, r.big),
    '',
    '| ratio to the baseline | value | target |',
    '|---|---:|---|',
    `| main-thread work per event | ${ratio.toFixed(2)} | ≤ ${WORK_RATIO_TARGET} ${verdict} |`,
    `| board size | ${(r.big.cards / r.small.cards).toFixed(1)} | (for scale) |`,
  ].join('\n')
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const result = await benchBoard({
    adminUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  })
  process.stdout.write(`${formatBoard(result)}\n`)
  if (process.env.BENCH_VERBOSE) process.stdout.write(`${JSON.stringify(result, null, 1)}\n`)
}
