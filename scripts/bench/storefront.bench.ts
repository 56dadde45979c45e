import { join } from 'node:path'
import { bareReactGzipBytes, kb, type PageWeight, pageWeights, repo } from './web-weight.ts'

/**
 * The storefront's initial JavaScript per page (issue 5: the menu page ≤ 150 KB gzip): the entry
 * chunk, the page's chunk and every chunk they import statically, gzipped (level 9, as a server
 * would). The baseline, built in the same run with the same Vite: a bare React 19 app
 * (react-dom's createRoot rendering one element), so the ratio says what the shop adds.
 */
const app = join(repo, 'web', 'storefront')
export const MENU_BUDGET_BYTES = 150 * 1024

export type { PageWeight }
export type StorefrontResult = { pages: PageWeight[]; baselineGzipBytes: number }

const PAGES: Record<string, string> = {
  home: 'src/features/home/home-page.tsx',
  menu: 'src/features/menu/menu-page.tsx',
  checkout: 'src/features/checkout/checkout-page.tsx',
  status: 'src/features/status/status-page.tsx',
  'content page': 'src/features/content/content-page.tsx',
}

export async function benchStorefront(): Promise<StorefrontResult> {
  const pages = await pageWeights(app, PAGES)
  return { pages, baselineGzipBytes: await bareReactGzipBytes() }
}

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
