import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, seriousViolations, startStage } from './support.ts'

// Issue 18, the dead-end checkout: a closed branch without pre-orders let the customer fill in
// the whole form, promised "frühestens …", then showed no button and no reason. At Monday 03:00
// in Zürich, Zürich Altstadt and Lausanne are closed and take no pre-orders; Winterthur is
// closed too but takes pre-orders. The menu page and the checkout say that Zürich takes no
// orders now, from when it does again, and link Winterthur's menu; the availability offers no
// time the checkout would refuse.

const MONDAY_3 = '2026-11-23T02:00:00.000Z'
/** SCREENSHOTS=1 writes the pictures to docs/screenshots (else a temporary directory). */
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
    : join(tmpdir(), 'shop-screenshots')
mkdirSync(SHOTS, { recursive: true })

const norm = (text: string) => text.replace(/\s+/g, ' ').trim()

let stage: Stage
let init: { url: string; data: unknown }[]

beforeAll(async () => {
  stage = await startStage({ at: MONDAY_3 })
  init = ((await (await fetch(`${stage.url}/api/init`)).json()) as { data: { url: string; data: unknown }[] })
    .data
})

afterEach(async () => {
  await stage?.closePages()
})

afterAll(async () => {
  await stage?.close()
})

function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 })
}

const TITLE = 'Huber Zürich Altstadt nimmt derzeit keine Bestellungen an.'
const AGAIN = 'Bestellungen nehmen wir heute ab 06:30 Uhr wieder an.'

async function phone(): Promise<Page> {
  const page = await stage.newPage({ viewport: { width: 390, height: 844 } })
  // No cookie banner over what the pictures show (the banner has its own tests).
  await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
  return page
}

describe('a branch that takes no orders now (issue 18)', () => {
  it('says so on the menu page, with when it takes orders again and the branches that do', async () => {
    const page = await phone()
    await page.goto('/store/zuerich-altstadt')
    const notice = page.locator('.branch-closed')
    await poll(async () => norm((await notice.textContent()) ?? '')).toContain(TITLE)
    expect(norm((await notice.textContent()) ?? '')).toContain(AGAIN)
    // Winterthur takes pre-orders now; Lausanne, closed without them, is not offered.
    const links = notice.getByRole('link')
    expect(await links.allTextContents()).toEqual(['Huber Winterthur Marktgasse'])
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: join(SHOTS, 'closed-branch-menu-phone.png') })
    await links.first().click()
    await poll(() => new URL(page.url()).pathname).toBe('/store/winterthur')
    await poll(() => page.locator('.branch-closed').count()).toBe(0)
  })

  it('says so at the top of the checkout and asks for nothing it cannot take', async () => {
    const products = init.find((entry) => entry.url === '/api/products')?.data as Record<string, unknown>[]
    const product = products.find((p) => p.uid === 'butterzopf-500g')
    expect(product).toBeDefined()
    const page = await phone()
    await page.addInitScript(
      (value) => sessionStorage.setItem('asp-cart-zuerich-altstadt', value),
      JSON.stringify({
        items: [{ product, amount: 2, unit: product?.unit, parts: [] }],
        isDelivery: false,
        isDineIn: false,
        deliveryArea: null,
        order: { appointment: null, comment: '' },
      }),
    )
    await page.goto('/store/zuerich-altstadt/checkout')
    const top = page.locator('main .branch-closed')
    await poll(async () => norm((await top.textContent()) ?? '')).toContain(TITLE)
    expect(norm((await top.textContent()) ?? '')).toContain(AGAIN)
    expect(await top.getByRole('link', { name: 'Huber Winterthur Marktgasse' }).count()).toBe(1)
    // The notice comes before the form; no contact form, no time picker, no button.
    const [noticeTop, cartTop] = await Promise.all([
      top.evaluate((el) => el.getBoundingClientRect().top),
      page.locator('.checkout__layout').evaluate((el) => el.getBoundingClientRect().top),
    ])
    expect(noticeTop).toBeLessThan(cartTop)
    expect(await page.getByLabel('Vorname').count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Datum/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Jetzt bestellen' }).count()).toBe(0)
    // Where the button would be, the reason.
    await poll(async () => norm((await page.locator('.checkout__no-submit').textContent()) ?? '')).toBe(
      `Derzeit haben wir leider geschlossen. ${AGAIN}`,
    )
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: join(SHOTS, 'closed-branch-checkout-phone.png'), fullPage: true })

    // The availability agrees with the checkout: no time offered, and why.
    const branches = init.find((entry) => entry.url === '/api/branches')?.data as {
      id: string
      identifier: string
    }[]
    const zurich = branches.find((b) => b.identifier === 'zuerich-altstadt')!
    const answer = (await (
      await fetch(`${stage.url}/api/branches/${zurich.id}/availability?orderType=takeaway&days=3`)
    ).json()) as { data: { firstSlot: string | null; closedNow: { opensAt: string } | null } }
    expect(answer.data.firstSlot).toBeNull()
    expect(answer.data.closedNow?.opensAt).toBe('2026-11-23T05:30:00.000Z')
  })
})
