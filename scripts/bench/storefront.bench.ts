import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

/**
 * The storefront's initial JavaScript per page (issue 5: the menu page ≤ 150 KB gzip): the entry
 * chunk, the page's chunk and every chunk they import statically, gzipped (level 9, as a server
 * would). The baseline, built in the same run with the same Vite: a bare React 19 app
 * (react-dom's createRoot rendering one element), so the ratio says what the shop adds.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const app = join(repo, 'web', 'storefront')
export const MENU_BUDGET_BYTES = 150 * 1024

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string }
type Manifest = Record<string, ManifestChunk>

export type PageWeight = { page: string; chunks: number; gzipBytes: number }
export type StorefrontResult = { pages: PageWeight[]; baselineGzipBytes: number }

const PAGES: Record<string, string> = {
  home: 'src/features/home/home-page.tsx',
  menu: 'src/features/menu/menu-page.tsx',
  checkout: 'src/features/checkout/checkout-page.tsx',
  status: 'src/features/status/status-page.tsx',
  'content page': 'src/features/content/content-page.tsx',
}

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const dep of manifest[key].imports ?? []) visit(dep)
  }
  for (const k of keys) visit(k)
  return seen
}

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).byteLength
}

export async function benchStorefront(): Promise<StorefrontResult> {
  const out = join(tmpdir(), `shop-bench-web-${process.pid}`)
  rmSync(out, { recursive: true, force: true })
  await build({
    root: app,
    configFile: join(app, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: out, manifest: true, sourcemap: false, emptyOutDir: true },
  })
  const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!entry) throw new Error('no entry chunk in the manifest')
  const pages = Object.entries(PAGES).map(([page, src]) => {
    const keys = closure(manifest, [entry, src])
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'))
    return {
      page,
      chunks: files.length,
      gzipBytes: files.reduce((sum, f) => sum + gzipSize(join(out, f)), 0),
    }
  })

  // The baseline: a bare React app through the same bundler.
  const bare = join(tmpdir(), `shop-bench-bare-${process.pid}`)
  rmSync(bare, { recursive: true, force: true })
  mkdirSync(bare, { recursive: true })
  writeFileSync(
    join(bare, 'main.tsx'),
    "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>)\n",
  )
  writeFileSync(
    join(bare, 'index.html'),
    '<div id="root"></div><script type="module" src="./main.tsx"></script>',
  )
  await build({
    root: bare,
    configFile: false,
    logLevel: 'silent',
    // React resolves from the repository's node_modules.
    resolve: {
      alias: { react: join(repo, 'node_modules/react'), 'react-dom': join(repo, 'node_modules/react-dom') },
    },
    build: { outDir: join(bare, 'dist'), manifest: true, target: 'es2022' },
  })
  const bareManifest = JSON.parse(
    readFileSync(join(bare, 'dist', '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest
  const bareFiles = [
    ...closure(
      bareManifest,
      Object.keys(bareManifest).filter((k) => bareManifest[k]?.isEntry),
    ),
  ]
    .map((k) => bareManifest[k]!.file)
    .filter((f) => f.endsWith('.js'))
  const baselineGzipBytes = bareFiles.reduce((sum, f) => sum + gzipSize(join(bare, 'dist', f)), 0)
  rmSync(out, { recursive: true, force: true })
  rmSync(bare, { recursive: true, force: true })
  return { pages, baselineGzipBytes }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export function formatStorefront(r: StorefrontResult): string {
  const rows = r.pages.map((p) => {
    const verdict =
      p.page === 'menu'
        ? ` ${p.gzipBytes <= MENU_BUDGET_BYTES ? 'PASS' : 'FAIL'} (<= ${kb(MENU_BUDGET_BYTES)})`
        : ''
    return `| ${p.page} | ${p.chunks} | ${kb(p.gzipBytes)}${verdict} | ${(p.gzipBytes / r.baselineGzipBytes).toFixed(2)} |`
  })
  return [
    `Baseline (same run, same bundler): a bare React 19 app, ${kb(r.baselineGzipBytes)} gzip.`,
    '',
    '| page | JS chunks loaded | initial JS (gzip) | × bare React |',
    '|---|---:|---:|---:|',
    ...rows,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${formatStorefront(await benchStorefront())}\n`)
}
