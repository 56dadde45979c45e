import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, startStage } from './support.ts'

let stage: Stage

beforeAll(async () => {
  stage = await startStage()
})

afterAll(async () => {
  await stage?.close()
})

describe('installable app (the demo has the PWA plugin on)', () => {
  it("serves a manifest in the shop's name with PNG icons, the worker and the offline page", async () => {
    const manifest = (await (await fetch(`${stage.url}/manifest.webmanifest`)).json()) as {
      name: string
      icons: { src: string; sizes: string }[]
      display: string
    }
    expect(manifest.name).toBe('Huber Beck & Metzg')
    expect(manifest.display).toBe('standalone')
    for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
      const res = await fetch(`${stage.url}${icon.src}`)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500)
    }
    expect((await fetch(`${stage.url}/sw.js`)).status).toBe(200)
    expect(await (await fetch(`${stage.url}/offline.html`)).text()).toContain('Sie sind offline.')
  })

  it('registers the service worker; offline, the cached app opens and says so with a retry', async () => {
    const page = await stage.newPage()
    await page.goto('/')
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready
          return registration.active?.state
        }),
      )
      .toBe('activated')
    // Once the worker controls the page, its shell is cached.
    await page.reload()
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
    await page.context().setOffline(true)
    await page.reload()
    await expect
      .poll(() => page.getByText('Sie sind offline. Bitte überprüfen Sie Ihre Internetverbindung.').count())
      .toBeGreaterThan(0)
    await expect.poll(() => page.getByRole('button', { name: 'Erneut versuchen' }).count()).toBeGreaterThan(0)
    await page.context().setOffline(false)
  })
})

describe('update banner', () => {
  it('finds a new version 2.5 s after start, and restarts the app on it when asked', async () => {
    const page = await stage.newPage()
    await page.goto('/')
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated')
    await page.reload()
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
    await page.evaluate(() => {
      ;(window as unknown as { beforeUpdate: boolean }).beforeUpdate = true
    })
    const banner = page.getByRole('region', { name: 'Neue Version' })
    expect(await banner.count()).toBe(0)
    // A new deploy: the built worker changes (its compressed copies would still be the old one).
    const dist = join(import.meta.dirname, '..', '..', 'storefront', 'dist')
    const original = readFileSync(join(dist, 'sw.js'), 'utf8')
    const copies = ['sw.js.br', 'sw.js.gz'].filter((f) => existsSync(join(dist, f)))
    const kept = copies.map((f) => [f, readFileSync(join(dist, f))] as const)
    // The new version stays deployed until the page runs on it: put back earlier, the browser's
    // own update check (after each navigation) could find the old bytes as a third version.
    try {
      for (const f of copies) rmSync(join(dist, f))
      writeFileSync(join(dist, 'sw.js'), original.replace("'shop-v1'", "'shop-v2'"))
      await page.clock.runFor(3000)
      await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(1)
      expect(await banner.innerText()).toContain('Eine neue Version ist verfügbar.')
      await banner.getByRole('button', { name: 'Jetzt aktualisieren' }).click()
      // The page reloads on the new worker.
      await expect
        .poll(
          () => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false),
          {
            timeout: 15_000,
          },
        )
        .toBe(false)
      await expect
        .poll(() => page.evaluate(async () => (await caches.keys()).join(',')), { timeout: 15_000 })
        .toBe('shop-v2')
    } finally {
      writeFileSync(join(dist, 'sw.js'), original)
      for (const [f, bytes] of kept) writeFileSync(join(dist, f), bytes)
    }
  })
})

describe('install prompt', () => {
  /** Chromium offers installing with beforeinstallprompt; headless never does, so the test does. */
  async function offerInstall(page: import('playwright-core').Page) {
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt') as Event & {
        prompt: () => Promise<void>
        userChoice: Promise<{ outcome: string }>
      }
      event.prompt = async () => {
        ;(window as unknown as { prompted: number }).prompted =
          ((window as unknown as { prompted?: number }).prompted ?? 0) + 1
      }
      event.userChoice = Promise.resolve({ outcome: 'dismissed' })
      window.dispatchEvent(event)
    })
  }

  it('opens 5 s after load with consent, offers the footer link, and once dismissed stays away for a month', async () => {
    const page = await stage.newPage()
    await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'given', url: stage.url }])
    await page.goto('/')
    await expect.poll(() => page.locator('.shell-brand').textContent()).toBe('Huber Beck & Metzg')
    await offerInstall(page)
    const link = page.locator('footer').getByRole('button', { name: 'App installieren' })
    await expect.poll(() => link.count()).toBe(1)
    const dialog = page.getByRole('dialog', { name: 'App installieren' })
    await page.clock.runFor(4000)
    expect(await dialog.count()).toBe(0)
    await page.clock.runFor(1500)
    await expect.poll(() => dialog.count()).toBe(1)
    await dialog.getByRole('button', { name: 'Später' }).first().click()
    await expect.poll(() => dialog.count()).toBe(0)
    const dismissal = (await page.context().cookies()).find((c) => c.name === 'pwa-dismiss')
    expect(dismissal?.value).toBe('true')
    // About a month (spec §4); the browser dates cookies by the machine's real clock.
    const days = ((dismissal?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
    expect(Math.round(days)).toBe(30)
    await page.reload()
    await offerInstall(page)
    await page.clock.runFor(6000)
    expect(await dialog.count()).toBe(0)
    // The footer link still installs on request.
    await link.click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted))
      .toBe(1)
  })

  /**
   * Stops the page's time, then lets 300 ms pass: only a prompt due 250 ms after the cookies were
   * accepted can open then (one due 5 s after load never will).
   */
  async function only300msPass(page: import('playwright-core').Page) {
    // A macrotask first, so the effects of the last render have set their timers.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0)))
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100))
    await page.clock.runFor(300)
  }

  it('opens 250 ms after the cookies are accepted', async () => {
    const page = await stage.newPage()
    await page.goto('/')
    await expect.poll(() => page.locator('.shell-brand').textContent()).toBe('Huber Beck & Metzg')
    await offerInstall(page)
    await page.getByRole('button', { name: 'Akzeptieren' }).click()
    await only300msPass(page)
    await expect.poll(() => page.getByRole('dialog', { name: 'App installieren' }).count()).toBe(1)
  })

  it('opens 250 ms after the cookies are accepted before the shop had loaded (not 5 s after)', async () => {
    // A slow connection: the shop's data arrives only after the customer accepted the cookies
    // (the banner shows before it). The prompt used to count that as consent given at load.
    const page = await stage.newPage()
    let release = () => {}
    const held = new Promise<void>((done) => {
      release = done
    })
    await page.route('**/api/init*', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    await offerInstall(page)
    await page.getByRole('button', { name: 'Akzeptieren' }).click()
    release()
    await expect.poll(() => page.locator('.shell-brand').textContent()).toBe('Huber Beck & Metzg')
    await only300msPass(page)
    await expect.poll(() => page.getByRole('dialog', { name: 'App installieren' }).count()).toBe(1)
  })
})

describe('self-service kiosk', () => {
  it('has no cookie banner; after 90 s without a touch the screensaver invites to order and a tap starts over', async () => {
    const page = await stage.newPage({ viewport: { width: 1080, height: 1920 } })
    await page.goto('/kiosk/zuerich-altstadt')
    await expect.poll(() => page.locator('.shell-brand').textContent()).toBe('Huber Beck & Metzg')
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0)
    // The same page outside the kiosk asks for consent.
    const outside = await stage.newPage()
    await outside.goto('/store/zuerich-altstadt')
    await expect.poll(() => outside.getByRole('region', { name: 'Cookies' }).count()).toBe(1)

    expect(await page.getByRole('button', { name: /Zum Bestellen tippen/ }).count()).toBe(0)
    await page.clock.runFor(91_000)
    const saver = page.getByRole('button', { name: /Zum Bestellen tippen/ })
    await expect.poll(() => saver.count()).toBe(1)
    await saver.click()
    await expect.poll(() => saver.count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/kiosk/zuerich-altstadt')
  })

  it("resets the stored order data as soon as an order's status shows", async () => {
    const page = await stage.newPage({ viewport: { width: 1080, height: 1920 } })
    await page.goto('/kiosk/zuerich-altstadt')
    await page.evaluate(() => {
      sessionStorage.setItem('asp-cart-zuerich-altstadt', JSON.stringify({ items: [] }))
      sessionStorage.setItem('asp-checkout-zuerich-altstadt', JSON.stringify({ firstName: 'Eva' }))
      sessionStorage.setItem('other', 'kept')
    })
    await page.goto('/kiosk/zuerich-altstadt/status/unknown/unknown')
    await expect
      .poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('asp-')).length))
      .toBe(0)
    expect(await page.evaluate(() => sessionStorage.getItem('other'))).toBe('kept')
  })
})
