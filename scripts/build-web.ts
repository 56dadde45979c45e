/**
 * Builds the web apps (web/storefront/dist, served at /, and web/backoffice/dist, served at
 * /backend) when a source of an app is newer than its last build, so `npm start` and the e2e
 * tests always serve the current code without rebuilding every time. `--force` builds anyway;
 * `--only=storefront` or `--only=backoffice` builds one.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const APPS = ['storefront', 'backoffice'] as const
/** What every app is built from besides its own folder. */
const SHARED_SOURCES = [
  join(repo, 'web', 'ui', 'src'),
  join(repo, 'web', 'ui', 'vite-app.ts'),
  join(repo, 'web', 'live', 'src'),
  join(repo, 'shared'),
]

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    latest = Math.max(latest, newest(join(path, entry)))
  }
  return latest
}

function build(name: (typeof APPS)[number], force: boolean): void {
  const app = join(repo, 'web', name)
  const stamp = join(app, 'dist', 'index.html')
  const sources = [
    join(app, 'src'),
    join(app, 'public'),
    join(app, 'index.html'),
    join(app, 'vite.config.ts'),
    ...SHARED_SOURCES,
  ]
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
  if (!force && built > 0 && sources.every((s) => newest(s) <= built)) {
    process.stdout.write(`${name}: up to date\n`)
    return
  }
  process.stdout.write(`${name}: building\n`)
  const result = spawnSync(
    process.execPath,
    [join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    // Always the production build: run from a test (vitest sets NODE_ENV=test) Vite kept that
    // NODE_ENV and built React's development JSX and runtime, which the next `npm run build:web`
    // then took as up to date, so the browser tests ran against a development build.
    { cwd: app, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
  precompress(join(app, 'dist'))
}

/**
 * Brotli and gzip copies beside every text file of the build: the server sends them as they
 * are (@fastify/static preCompressed) to browsers that accept them, compressing nothing per
 * request; a file without copies is sent plain.
 */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) precompress(path)
    else if (/\.(?:js|css|html|svg|json|txt)$/.test(entry.name)) {
      const bytes = readFileSync(path)
      if (bytes.length < 1024) continue
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
    }
  }
}

const force = process.argv.includes('--force')
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)
for (const name of APPS) if (!only || only === name) build(name, force)
