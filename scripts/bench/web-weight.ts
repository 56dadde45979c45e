import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

// What a page of a web app makes the browser load before it can show: its chunk, the entry and
// every chunk they import statically, gzipped at level 9 (as a server would). Shared by the
// storefront's and the back-office's weight benchmarks, with their common baseline, a bare
// React 19 app through the same bundler.

export const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string }
export type Manifest = Record<string, ManifestChunk>

export type PageWeight = { page: string; chunks: number; gzipBytes: number }

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

function weightOf(manifest: Manifest, dir: string, keys: string[]): { chunks: number; gzipBytes: number } {
  const files = [...closure(manifest, keys)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'))
  return { chunks: files.length, gzipBytes: files.reduce((sum, f) => sum + gzipSize(join(dir, f)), 0) }
}

/**
 * Builds an app (`web/<app>`) as in production and weighs each page: name → its source module, or
 * the modules it loads one after the other (a route's module and the screen it loads lazily).
 */
export async function pageWeights(
  appDir: string,
  pages: Record<string, string | readonly string[]>,
): Promise<PageWeight[]> {
  const out = join(tmpdir(), `shop-bench-web-${process.pid}-${Date.now()}`)
  rmSync(out, { recursive: true, force: true })
  await build({
    root: appDir,
    configFile: join(appDir, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: out, manifest: true, sourcemap: false, emptyOutDir: true },
  })
  const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Manifest
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!entry) throw new Error('no entry chunk in the manifest')
  const weights = Object.entries(pages).map(([page, sources]) => {
    const srcs = [sources].flat()
    for (const src of srcs) if (!manifest[src]) throw new Error(`${src} is no chunk of the build`)
    return { page, ...weightOf(manifest, out, [entry, ...srcs]) }
  })
  rmSync(out, { recursive: true, force: true })
  return weights
}

/** The baseline: a bare React 19 app rendering one heading, through the same bundler. */
export async function bareReactGzipBytes(): Promise<number> {
  const bare = join(tmpdir(), `shop-bench-bare-${process.pid}-${Date.now()}`)
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
  const manifest = JSON.parse(readFileSync(join(bare, 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry)
  const { gzipBytes } = weightOf(manifest, join(bare, 'dist'), entries)
  rmSync(bare, { recursive: true, force: true })
  return gzipBytes
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
