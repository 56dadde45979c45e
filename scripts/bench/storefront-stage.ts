import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { connectPostgres, MemoryBus, migrateToLatest } from '@shop/kit'
import { type ServiceProcess, spawnService } from '@shop/kit/testing'
import { seedDemo } from '../../services/all-in-one/src/demo/seed-demo.ts'
import { adminQuery, benchSubjectRoot, deleteBenchStream } from './bench-support.ts'

/**
 * The storefront benches' stage, like the e2e stage (web/e2e/src/support.ts) but outside vitest:
 * the built storefront, a fresh PostgreSQL database with the demo data (a Swiss bakery, three
 * branches), and the all-in-one shop as its own process (storefront-shop.ts), so the browser's
 * and the bench's work never share its event loop. The shop's clock is pinned to `at` and runs
 * on from there; `clockScript` moves a page's clock the same way.
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Tuesday 24 November 2026, 10:00 in Zürich: every demo branch is open (as in the e2e stage). */
export const TUESDAY_10 = '2026-11-24T09:00:00.000Z'

export const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Debian's Chromium, headless, without any traffic of its own. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The shop's own language (the storefront follows navigator.languages).
  '--lang=de-CH',
]

export function checkChromium(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`)
}

export type StorefrontStage = {
  url: string
  /** Milliseconds the shop's clock is ahead of the real one. */
  offsetMs: number
  close(): Promise<void>
}

/** `node scripts/build-web.ts`: builds the storefront when a source is newer than the build. */
export function buildStorefront(): void {
  execFileSync(process.execPath, [join(repo, 'scripts', 'build-web.ts')], {
    cwd: repo,
    stdio: ['ignore', process.stderr, process.stderr],
  })
}

export async function startStorefrontStage(opts: {
  adminUrl: string
  natsUrl?: string | undefined
  at?: string
}): Promise<StorefrontStage> {
  buildStorefront()
  const at = opts.at ?? TUESDAY_10
  const name = `shop_bench_web_${randomBytes(4).toString('hex')}`
  const url = new URL(opts.adminUrl)
  url.pathname = `/${name}`
  await adminQuery(opts.adminUrl, `CREATE DATABASE "${name}"`)
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-web-'))
  const subjectRoot = benchSubjectRoot()
  let shop: ServiceProcess | undefined
  const cleanUp = async () => {
    await shop?.kill('SIGTERM')
    await adminQuery(opts.adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {})
    if (opts.natsUrl) await deleteBenchStream(opts.natsUrl, subjectRoot)
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    // The offset is fixed here, once: the shop and every page run on the same shifted clock.
    const offsetMs = Date.parse(at) - Date.now()
    const now = () => new Date(Date.now() + offsetMs)
    const db = connectPostgres({ url: url.toString(), max: 2 })
    try {
      await migrateToLatest(db.db as never)
      // Nothing listens here: the shop's publisher and projectors read the events when it starts.
      const seeded = await seedDemo({ db: db.db, bus: new MemoryBus(), now })
      if (!seeded.seeded) throw new Error(`demo data not loaded: ${seeded.reason}`)
    } finally {
      await db.close()
    }
    shop = await spawnService(
      'shop',
      'scripts/bench/storefront-shop.ts',
      {
        DATABASE_URL: url.toString(),
        ...(opts.natsUrl ? { NATS_URL: opts.natsUrl, NATS_SUBJECT_ROOT: subjectRoot } : {}),
        SHOP_BRANCHES: '[]',
        DATA_DIR: dataDir,
        // The board bench places its 200 orders from this one address: no per-client limits.
        RATE_LIMITS: 'off',
        BENCH_AT: at,
        LOG_LEVEL: 'warn',
      },
      60_000,
    )
    return { url: shop.url, offsetMs, close: cleanUp }
  } catch (err) {
    await cleanUp()
    throw err
  }
}

/**
 * A script for every new document of a page: `Date` runs `offsetMs` ahead, as the shop's clock
 * does. Only the wall clock moves; timers, animation frames and performance.now() stay real
 * (Playwright's clock.install would fake those too, and the frame timings with them).
 */
export function clockScript(offsetMs: number): string {
  return `(() => {
  const offset = ${Math.round(offsetMs)}
  const RealDate = Date
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString()
    return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args)
  }
  ShiftedDate.prototype = RealDate.prototype
  ShiftedDate.now = () => RealDate.now() + offset
  ShiftedDate.parse = RealDate.parse
  ShiftedDate.UTC = RealDate.UTC
  globalThis.Date = ShiftedDate
})()`
}

/** The median of a few numbers (the middle one, the lower middle for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN
}

export type Session = { headers: Record<string, string> }

/** The demo admin's session for the benches' admin API calls (docs/api.md: cookie + X-XSRF-TOKEN). */
export async function adminSession(url: string): Promise<Session> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo-admin-2026' }),
  })
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}: ${await res.text()}`)
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!)
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? ''
  return { headers: { cookie: cookies.join('; '), 'x-xsrf-token': xsrf } }
}
