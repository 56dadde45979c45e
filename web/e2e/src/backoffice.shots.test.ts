import { existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, startStage } from './support.ts'

/**
 * The back-office's screens pictured for docs/screenshots (issue 17): every admin list and one
 * editor of each kind, on a desktop and a tablet. Run by `npm run screenshots` (the `shots`
 * project, not part of `npm test`); without SCREENSHOTS=1 the pictures go to a temporary
 * directory.
 */
let stage: Stage
let admin: Record<string, string>

const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
    : join(tmpdir(), 'shop-screenshots')

async function call<T>(method: string, path: string) {
  return (await apiCall<T>(stage.url, method, path, undefined, admin)).data
}

async function login(viewport: { width: number; height: number }): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
  return page
}

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
})

afterAll(async () => {
  await stage?.close()
})

it('pictures every admin screen and one editor of each kind, on a desktop and a tablet', async () => {
  // docs/screenshots with SCREENSHOTS=1 (npm run screenshots), else a temporary directory.
  mkdirSync(SHOTS, { recursive: true })
  const first = async (path: string) => (await call<{ id: string }[]>('GET', `/api/${path}`))[0]!.id
  const screens: [string, string][] = [
    ['products', '/backend/products'],
    ['product-editor', `/backend/products/${await first('products')}`],
    ['categories', '/backend/categories'],
    ['category-editor', `/backend/categories/${await first('categories')}`],
    ['menus', '/backend/menus'],
    ['menu-editor', `/backend/menus/${await first('menus')}`],
    ['import-export', '/backend/import-export'],
    ['branches', '/backend/branches'],
    ['branch-editor', `/backend/branches/${await first('branches')}`],
    ['users', '/backend/users'],
    ['user-editor', `/backend/users/${await first('users')}`],
    ['tags', '/backend/tags'],
    ['settings', '/backend/settings'],
    ['sites', '/backend/sites'],
    ['media', '/backend/media'],
    ['logs', '/backend/logs'],
  ]
  for (const [viewport, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['tablet', { width: 820, height: 1180 }],
  ] as const) {
    const page = await login(size)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    for (const [name, path] of screens) {
      await page.goto(path)
      await page.locator('main h1').first().waitFor({ timeout: 20_000 })
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: join(SHOTS, `backoffice-${name}-${viewport}.png`) })
    }
    await page.context().close()
  }
  expect(existsSync(join(SHOTS, 'backoffice-product-editor-tablet.png'))).toBe(true)
}, 300_000)
