import { existsSync, readFileSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import type { Page } from 'playwright-core'
import { build } from 'vite'
import { webAppConfig } from '../../ui/vite-app.ts'
import type { Stage } from './support.ts'

/**
 * Test pages of back-office parts (web/e2e/harness/<name>: the rich-text editor, the typed-content
 * fields), built with the back-office's Vite settings and served under the shop's address (so
 * their API calls reach the real API) with or without the back-office's Content-Security-Policy.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
}

/** Builds web/e2e/harness/<name> (React's production build, as the back-office ships); its folder. */
export async function buildHarness(name: string): Promise<string> {
  const out = join(import.meta.dirname, '..', '.tmp', `${name}-harness`)
  const config = webAppConfig({
    browserI18n: join(import.meta.dirname, '..', '..', 'backoffice', 'src', 'lib', 'i18n-catalogues.ts'),
    base: './',
  })
  // vitest runs with NODE_ENV=test, which Vite and the React plugin would build for development.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      ...config,
      configFile: false,
      mode: 'production',
      root: join(import.meta.dirname, '..', 'harness', name),
      logLevel: 'warn',
      build: { ...config.build, outDir: out, emptyOutDir: true, sourcemap: false },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  return out
}

/** The back-office's own Content-Security-Policy (what its login page is served with). */
export async function backofficePolicy(stage: Stage): Promise<string> {
  return (await fetch(`${stage.url}/backend/login`)).headers.get('content-security-policy') ?? ''
}

/** A page that gets the built test page in `out` under `prefix` of the shop's address. */
export async function openHarness(
  stage: Stage,
  out: string,
  prefix: string,
  opts: { policy?: string; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const page = await stage.newPage(opts.viewport ? { viewport: opts.viewport } : {})
  await page.route(`**${prefix}**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(prefix.length) || 'index.html'
    const file = normalize(join(out, path))
    if (!file.startsWith(out) || !existsSync(file)) return route.fulfill({ status: 404, body: '' })
    return route.fulfill({
      status: 200,
      body: readFileSync(file),
      headers: {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        ...(opts.policy ? { 'content-security-policy': opts.policy } : {}),
      },
    })
  })
  return page
}
