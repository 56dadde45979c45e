import { join } from 'node:path'
import type { StoredProduct } from '../../web/backoffice/src/features/products/product-form.ts'
import {
  filterRows,
  NO_FILTER,
  productRows,
} from '../../web/backoffice/src/features/products/product-list-model.ts'
import { bareReactGzipBytes, kb, type PageWeight, pageWeights, repo } from './web-weight.ts'

/**
 * The back-office's product list (issue 17): its JavaScript (≤ 250 KB gzip for the list: the
 * entry, the products route's module and the list it loads, with what they import statically) against
 * a bare React 19 app built in the same run; and the filter's work per keystroke over 2,000
 * products (one frame is 16.7 ms) against a baseline in the same run: a bare `Array.filter`
 * testing one lower-case name per product with `includes`, the least any search must do.
 */
export const LIST_BUDGET_BYTES = 250 * 1024
const FRAME_MS = 1000 / 60
const PRODUCTS = 2000

const PAGES: Record<string, string | string[]> = {
  'product list': ['src/features/products/products-pages.tsx', 'src/features/products/product-list.tsx'],
  'product editor': ['src/features/products/products-pages.tsx', 'src/features/products/product-editor.tsx'],
  'branch editor': 'src/features/branches/branches-pages.tsx',
  'menu builder': 'src/features/menus/menus-pages.tsx',
}

export type BackofficeResult = {
  pages: PageWeight[]
  baselineGzipBytes: number
  /** Median ms per keystroke of the list's filter, and of the bare baseline. */
  filterMs: number
  baselineMs: number
}

function sampleProducts(n: number): StoredProduct[] {
  const words = [
    'Zopf',
    'Gipfeli',
    'Bürli',
    'Torte',
    'Brot',
    'Weggli',
    'Nussgipfel',
    'Cake',
    'Wähe',
    'Fladen',
  ]
  return Array.from({ length: n }, (_, i) => {
    const name = `${words[i % words.length]} ${Math.floor(i / words.length)} ${i % 3 === 0 ? 'Vollkorn' : 'hell'}`
    return {
      id: `p${i}`,
      version: 1,
      uid: `uid-${i}`,
      name,
      description: `Beschreibung von ${name}, gebacken am Morgen.`,
      price: 100 + (i % 900),
      isEnabled: i % 7 !== 0,
      isPriceHidden: false,
    } as unknown as StoredProduct
  })
}

/** The queries a person types, a keystroke each ("V", "Vo", … "Vollkorn 12"). */
function keystrokes(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1))
}

function medianMsPer(run: () => void, rounds: number): number {
  const samples: number[] = []
  for (let r = 0; r < rounds; r++) {
    const started = performance.now()
    run()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)] ?? 0
}

export async function benchBackoffice(): Promise<BackofficeResult> {
  const pages = await pageWeights(join(repo, 'web', 'backoffice'), PAGES)
  const baselineGzipBytes = await bareReactGzipBytes()

  const products = sampleProducts(PRODUCTS)
  const rows = productRows(products, [], [], new Date('2026-11-24T09:00:00Z'))
  const typed = [...keystrokes('Vollkorn 12'), ...keystrokes('uid-19'), ...keystrokes('nussgipfel hell')]
  const names = products.map((p) => String(p.name).toLowerCase())
  // Warm up both (JIT), then measure each keystroke's pass many times.
  for (let i = 0; i < 50; i++) {
    for (const q of typed) {
      filterRows(rows, { ...NO_FILTER, query: q })
      names.filter((n) => n.includes(q.toLowerCase()))
    }
  }
  const perKeystroke = (fn: (q: string) => unknown) =>
    medianMsPer(() => {
      for (const q of typed) fn(q)
    }, 200) / typed.length
  const filterMs = perKeystroke((q) => filterRows(rows, { ...NO_FILTER, query: q }))
  const baselineMs = perKeystroke((q) => names.filter((n) => n.includes(q.toLowerCase())))
  return { pages, baselineGzipBytes, filterMs, baselineMs }
}

export function formatBackoffice(r: BackofficeResult): string {
  const weight = r.pages.map((p) => {
    const verdict =
      p.page === 'product list'
        ? ` ${p.gzipBytes <= LIST_BUDGET_BYTES ? 'PASS' : 'FAIL'} (<= ${kb(LIST_BUDGET_BYTES)})`
        : ''
    return `| ${p.page} | ${p.chunks} | ${kb(p.gzipBytes)}${verdict} | ${(p.gzipBytes / r.baselineGzipBytes).toFixed(2)} |`
  })
  return [
    `Baseline (same run, same bundler): a bare React 19 app, ${kb(r.baselineGzipBytes)} gzip.`,
    '',
    '| page | JS chunks loaded | JS (gzip) | × bare React |',
    '|---|---:|---:|---:|',
    ...weight,
    '',
    '| measure | value |',
    '|---|---|',
    `| product list filter, ${PRODUCTS} products, per keystroke (median) | ${r.filterMs.toFixed(3)} ms, ${((r.filterMs / FRAME_MS) * 100).toFixed(1)} % of a 16.7 ms frame ${r.filterMs < FRAME_MS ? 'PASS' : 'FAIL'} |`,
    `| bare Array.filter of lower-case names, same keystrokes (baseline) | ${r.baselineMs.toFixed(3)} ms |`,
    `| ratio filter / baseline | ${(r.filterMs / r.baselineMs).toFixed(2)} |`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${formatBackoffice(await benchBackoffice())}\n`)
}
