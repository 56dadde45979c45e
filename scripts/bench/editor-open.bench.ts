import { readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { type Browser, type CDPSession, chromium } from 'playwright-core'
import { build } from 'vite'
import { fixtureProblems } from './editor-open/fixture-check.ts'
import type { HarnessApi, Kind, Opened } from './editor-open/harness.ts'
import { CHROMIUM, CHROMIUM_FLAGS, checkChromium, median } from './storefront-stage.ts'
import { repo } from './web-weight.ts'

/**
 * Opening the back-office's product editor (issue 17: "opening the product editor costs no more
 * than 1.5 × a plain form of the same fields"). A page built by Vite with the back-office's own
 * configuration (scripts/bench/editor-open: harness.html, entry.js, harness.ts) mounts either the
 * real `ProductEditor` in the app's providers (i18n, the router at /backend/products/{id}) or a
 * plain React 19 form of the same fields (plain-form.ts: native inputs, defaultValue, no form
 * library, schema or i18n). `fetch` is answered in the page from one fixture (a configured
 * product with every field of the contract, 2 alternative units, 3 images, a schedule, the lead
 * time on, 3 parts of 5 options, its translations; its images, history and the shop's
 * configuration), so both load the same data the same way and no network time is measured.
 *
 * Chromium (playwright-core) opens both in one page, taking turns (the first of each round
 * alternates), WARMUP rounds unmeasured and then ROUNDS measured: unmount and settle, then time
 * from `root.render` until the form shows the product's name in its name input and the next frame
 * has been painted (the bar); also until every field of the form is in the page (the bar's
 * moment may count only what is on screen first), until every image's alternative text is shown
 * too, and the editor's history. Per opening, over the whole opening until the page has settled (the
 * editor's history included): the main thread's script, style and layout, busy time and CPU time
 * (CDP Performance.getMetrics; the CPU time depends least on what else runs on the machine).
 * Medians.
 */
export const RATIO_TARGET = 1.5
const WARMUP = Number(process.env.BENCH_EDITOR_WARMUP ?? 10)
const ROUNDS = Number(process.env.BENCH_EDITOR_ROUNDS ?? 40)
const MARKUP_ROUNDS = 20
const KINDS: Kind[] = ['editor', 'history', 'styled', 'plain']
const HARNESS = join(repo, 'scripts', 'bench', 'editor-open')

export type OpenSample = Opened & { scriptMs: number; layoutMs: number; taskMs: number; cpuMs: number }

export type OpenSummary = {
  nameMs: number
  formMs: number
  readyMs: number
  completeMs: number
  scriptMs: number
  layoutMs: number
  taskMs: number
  cpuMs: number
  elements: number
  fields: number
  requests: string[]
}

export type EditorOpenResult = {
  warmup: number
  rounds: number
  editor: OpenSummary
  history: OpenSummary
  plain: OpenSummary
  styled: OpenSummary
  /** CPU time to lay out and paint each kind's settled page set as HTML, no script (median). */
  markupCpuMs: Record<Kind, number>
  samples: Record<Kind, OpenSample[]>
}

/** A build of the harness other than the bench's own (to find out what costs what). */
export type HarnessVariant = {
  /** Modules replaced: an import whose specifier matches `find` loads `replacement` instead. */
  alias?: { find: RegExp; replacement: string }[]
  /** False keeps the functions' names for a profile. */
  minify?: boolean
}

/** Builds the harness page with the back-office's Vite configuration into `outDir`. */
export async function buildHarness(outDir: string, variant: HarnessVariant = {}): Promise<void> {
  const app = join(repo, 'web', 'backoffice')
  await build({
    root: HARNESS,
    base: '/',
    configFile: join(app, 'vite.config.ts'),
    logLevel: 'error',
    ...(variant.alias ? { resolve: { alias: variant.alias } } : {}),
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      ...(variant.minify === false ? { minify: false } : {}),
      rolldownOptions: { input: join(HARNESS, 'harness.html') },
    },
  })
}

/** A 128 × 96 PNG (a warm gradient): what /image/thumbnail/… answers for every picture. */
function thumbnail(): Buffer {
  const width = 128
  const height = 96
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = 120 + Math.round((x / width) * 100)
      rows[row + 2 + x * 3] = 60 + Math.round((y / height) * 60)
      rows[row + 3 + x * 3] = 40
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'latin1')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
    return Buffer.concat([head, data, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** Serves the built page on 127.0.0.1 (a free port), and a thumbnail for every /image/ path. */
export async function serve(dir: string): Promise<{ server: Server; url: string }> {
  const png = thumbnail()
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    if (path.startsWith('/image/')) {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600' })
      res.end(png)
      return
    }
    const file = normalize(join(dir, path === '/' ? 'harness.html' : path))
    if (!file.startsWith(dir)) {
      res.writeHead(403).end()
      return
    }
    try {
      const body = readFileSync(file)
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[]
  }
  return Object.fromEntries(list.map((m) => [m.name, m.value]))
}

// The browser side: the harness's API on the page's window (this file compiles without the DOM).
declare const window: { __editorOpen?: HarnessApi }

function summary(samples: OpenSample[]): OpenSummary {
  const of = (pick: (s: OpenSample) => number) => median(samples.map(pick))
  return {
    nameMs: of((s) => s.nameMs),
    formMs: of((s) => s.formMs),
    readyMs: of((s) => s.readyMs),
    completeMs: of((s) => s.completeMs),
    scriptMs: of((s) => s.scriptMs),
    layoutMs: of((s) => s.layoutMs),
    taskMs: of((s) => s.taskMs),
    cpuMs: of((s) => s.cpuMs),
    elements: of((s) => s.elements),
    fields: of((s) => s.fields),
    requests: samples.at(-1)?.requests ?? [],
  }
}

export async function benchEditorOpen(variant: HarnessVariant = {}): Promise<EditorOpenResult> {
  const problems = fixtureProblems()
  if (problems.length > 0) throw new Error(`the fixture is not what the API answers: ${problems.join('\n')}`)
  checkChromium()
  const out = join(tmpdir(), `shop-bench-editor-open-${process.pid}-${Date.now()}`)
  let browser: Browser | undefined
  let server: Server | undefined
  try {
    await buildHarness(out, variant)
    const served = await serve(out)
    server = served.server
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
      headless: true,
    })
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'de-CH',
      timezoneId: 'Europe/Zurich',
    })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(`${served.url}/`)
    await page.waitForFunction(() => window.__editorOpen?.ready === true, undefined, { timeout: 30_000 })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')

    // The same-look form's markup is the editor's settled page (same-look-form.ts).
    await page.evaluate(() => window.__editorOpen!.open('editor'))
    if (!(await page.evaluate(() => window.__editorOpen!.captureLook())))
      throw new Error("the editor's page had no <main> to take the same-look form from")
    const samples: Record<Kind, OpenSample[]> = { editor: [], history: [], plain: [], styled: [] }
    const orders: Kind[][] = [
      ['editor', 'plain', 'styled', 'history'],
      ['history', 'editor', 'plain', 'styled'],
      ['styled', 'history', 'editor', 'plain'],
      ['plain', 'styled', 'history', 'editor'],
    ]
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const order = orders[round % orders.length] ?? []
      for (const kind of order) {
        await page.evaluate(() => window.__editorOpen!.clear())
        const before = await metrics(cdp)
        const opened = await page.evaluate((k) => window.__editorOpen!.open(k), kind)
        const after = await metrics(cdp)
        const ms = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000
        if (round >= WARMUP) {
          samples[kind].push({
            ...opened,
            scriptMs: ms('ScriptDuration'),
            layoutMs: ms('RecalcStyleDuration') + ms('LayoutDuration'),
            taskMs: ms('TaskDuration'),
            cpuMs: ms('ThreadTime'),
          })
        }
      }
    }
    // The settled pages' markup alone: each kind's page set as HTML into an empty element and
    // painted, without any script of the page's (what its elements and styles cost the browser).
    const markup: Record<Kind, string> = { editor: '', history: '', plain: '', styled: '' }
    for (const kind of KINDS) {
      await page.evaluate(() => window.__editorOpen!.clear())
      await page.evaluate((k) => window.__editorOpen!.open(k), kind)
      markup[kind] = await page.evaluate(() => window.__editorOpen!.html())
    }
    await page.evaluate(() => window.__editorOpen!.clear())
    const markupCpu: Record<Kind, number[]> = { editor: [], history: [], plain: [], styled: [] }
    for (let round = 0; round < MARKUP_ROUNDS; round++) {
      for (const kind of orders[round % orders.length] ?? []) {
        await page.evaluate(() => window.__editorOpen!.showHtml(''))
        const before = await metrics(cdp)
        await page.evaluate((html) => window.__editorOpen!.showHtml(html), markup[kind])
        const after = await metrics(cdp)
        markupCpu[kind].push(((after.ThreadTime ?? 0) - (before.ThreadTime ?? 0)) * 1000)
      }
    }
    await page.evaluate(() => window.__editorOpen!.showHtml(''))
    const { unknown, errors } = await page.evaluate(() => ({
      unknown: window.__editorOpen!.unknown,
      errors: window.__editorOpen!.errors,
    }))
    const failures = [
      ...unknown.map((u) => `no answer for ${u}`),
      ...errors,
      ...pageErrors.filter((e) => !errors.includes(e)),
    ]
    if (failures.length > 0) throw new Error(`the harness page failed: ${[...new Set(failures)].join('; ')}`)
    return {
      warmup: WARMUP,
      rounds: ROUNDS,
      editor: summary(samples.editor),
      history: summary(samples.history),
      plain: summary(samples.plain),
      styled: summary(samples.styled),
      markupCpuMs: {
        editor: median(markupCpu.editor),
        history: median(markupCpu.history),
        plain: median(markupCpu.plain),
        styled: median(markupCpu.styled),
      },
      samples,
    }
  } finally {
    await browser?.close()
    const open = server
    if (open) await new Promise<void>((resolve) => open.close(() => resolve()))
    rmSync(out, { recursive: true, force: true })
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`

export function formatEditorOpen(r: EditorOpenResult): string {
  const verdict = (value: number) => ` ${value <= RATIO_TARGET ? 'PASS' : 'FAIL'} (<= ${RATIO_TARGET})`
  const row = (what: string, pick: (s: OpenSummary) => number, bar = false) => {
    const look = pick(r.editor) / pick(r.styled)
    const cells = [r.editor, r.history, r.styled, r.plain].map((s) => ms(pick(s)))
    return `| ${what} | ${cells.join(' | ')} | ${look.toFixed(2)}${bar ? verdict(look) : ''} | ${(pick(r.history) / pick(r.styled)).toFixed(2)} | ${(pick(r.editor) / pick(r.plain)).toFixed(2)} |`
  }
  const count = (s: OpenSummary) => `${s.elements} / ${s.fields}`
  return [
    `Opening the product editor against plain forms of the same fields, same page and run: ${r.rounds} openings each (after ${r.warmup} unmeasured), taking turns; medians. The bar's rows are marked: the editor as it opens (its history folded) against the plain form with the editor's look.`,
    '',
    "| per opening (median) | product editor | editor, history shown | plain form, the editor's look | bare plain form | editor / same look | editor with history / same look | editor / bare |",
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row('`root.render` → the name input shows the product, next frame painted', (s) => s.nameMs),
    row('… and every field of the form in the page, painted', (s) => s.formMs),
    row(
      "… and the images' alternative texts shown, painted: every field with its value",
      (s) => s.readyMs,
      true,
    ),
    row("… and (history shown) the editor's history beside the form shown, painted", (s) => s.completeMs),
    row('main-thread script until settled (CDP ScriptDuration)', (s) => s.scriptMs),
    row('style and layout until settled (CDP RecalcStyleDuration + LayoutDuration)', (s) => s.layoutMs),
    row('main-thread busy until settled (CDP TaskDuration)', (s) => s.taskMs),
    row('main-thread CPU time until settled (CDP ThreadTime)', (s) => s.cpuMs, true),
    `| the settled page's markup alone, no script: CPU to lay out and paint (median) | ${KINDS.map((k) => ms(r.markupCpuMs[k])).join(' | ')} | ${(r.markupCpuMs.editor / r.markupCpuMs.styled).toFixed(2)} | ${(r.markupCpuMs.history / r.markupCpuMs.styled).toFixed(2)} | ${(r.markupCpuMs.editor / r.markupCpuMs.plain).toFixed(2)} |`,
    `| elements / form fields in the page | ${count(r.editor)} | ${count(r.history)} | ${count(r.styled)} | ${count(r.plain)} | | | |`,
    `| requests answered by the stub | ${r.editor.requests.length} | ${r.history.requests.length} | ${r.styled.requests.length} | ${r.plain.requests.length} | | | |`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${formatEditorOpen(await benchEditorOpen())}\n`)
}
