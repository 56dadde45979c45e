import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * Fonts and image templates (issue 19, part 7; docs/backoffice.md "Schriften", "Bildvorlagen"),
 * on a tablet: the fonts screen lists the bundled families with a preview, a heading font chosen
 * in the settings is what the storefront's headings use (its self-hosted embed.css loaded, no
 * other origin asked), and an image template with a text layer becomes an image of the media
 * library of the template's size.
 */
let stage: Stage
let admin: Record<string, string>
let page: Page

const TABLET = { width: 768, height: 1024 }

async function call<T>(method: string, path: string, body?: unknown) {
  return (await apiCall<T>(stage.url, method, path, body, admin)).data
}

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
  page = await stage.newPage({ viewport: TABLET })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
})

afterAll(async () => {
  await stage?.close()
})

describe('fonts', { timeout: 120_000 }, () => {
  it('lists the bundled families with a preview in their own face', async () => {
    await page.goto('/backend/fonts')
    await page.getByRole('heading', { name: 'Schriften', level: 1 }).waitFor()
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lora' }) })
    await expect
      .poll(() => card.locator('.bo-fonts__preview').evaluate((el) => getComputedStyle(el).fontFamily))
      .toContain('Lora')
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Lora"'))).toBe(true)
    expect(await card.textContent()).toContain('700 Fett')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('uses the heading font chosen in the settings on the storefront', async () => {
    await page.goto('/backend/settings')
    const select = page.getByLabel('Schrift der Überschriften')
    await select.waitFor()
    await select.selectOption('Playfair Display')
    await page.getByRole('button', { name: 'Speichern' }).click()
    await page.getByText('Gespeichert.').waitFor()
    expect((await call<{ headingFont: string | null }>('GET', '/api/config')).headingFont).toBe(
      'Playfair Display',
    )

    const shop = await stage.newPage({ viewport: TABLET })
    const origins = new Set<string>()
    shop.on('request', (request) => void origins.add(new URL(request.url()).origin))
    await shop.goto('/')
    const heading = shop.locator('h1').first()
    await heading.waitFor()
    await expect
      .poll(() => heading.evaluate((el) => getComputedStyle(el).fontFamily))
      .toMatch(/^"Playfair Display"/)
    await expect
      .poll(() => shop.evaluate(() => document.fonts.check('700 32px "Playfair Display"')))
      .toBe(true)
    // Self-hosted: every request stayed with the shop.
    expect([...origins]).toEqual([new URL(stage.url).origin])
  })
})

describe('image templates', { timeout: 120_000 }, () => {
  it('makes an image of the template size from a template with a text layer', async () => {
    await page.goto('/backend/image-templates/new')
    await page.getByLabel('Name').first().fill('Wochenangebot')
    await page.getByRole('button', { name: 'Fläche hinzufügen' }).click()
    await page.getByRole('button', { name: 'Text hinzufügen' }).click()
    // The new text layer is open: its text and font.
    const text = page.getByRole('textbox', { name: 'Text' })
    await text.fill('Zopf am Sonntag')
    await page.getByRole('combobox', { name: 'Schrift', exact: true }).selectOption('Lora')
    expect(await seriousViolations(page)).toEqual([])

    // The keyboard alternative: the text layer moves below the area, then back on top.
    await page.getByRole('button', { name: /Text: Zopf am Sonntag» nach oben/ }).click()
    await expect.poll(() => page.locator('.bo-templates__layer-name').first().textContent()).toContain('Text')
    await page.getByRole('button', { name: /Text: Zopf am Sonntag» nach unten/ }).click()
    await expect.poll(() => page.locator('.bo-templates__layer-name').last().textContent()).toContain('Text')

    await page.getByRole('button', { name: 'Vorschau anzeigen' }).click()
    const preview = page.getByRole('img', { name: 'Vorschau der Bildvorlage' })
    await preview.waitFor()
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200)

    // The create's answer first: a refusal or a slow server says so here, not as a timeout below.
    const created = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/image-templates' && res.request().method() === 'POST',
      { timeout: 60_000 },
    )
    await page.getByRole('button', { name: 'Anlegen' }).click()
    const answer = await created
    expect(answer.status(), await answer.text()).toBe(201)
    await page.getByRole('heading', { name: 'Wochenangebot', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Bild erstellen' }).click()
    await page.getByText('Das Bild wurde in den Medien gespeichert.').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    const images = await call<
      { id: string; version: number; alt: string | null; extension: string; width: number }[]
    >('GET', '/api/images')
    const made = images.find((i) => i.alt === 'Wochenangebot')
    expect(made?.width).toBe(1200)
    const res = await fetch(`${stage.url}/image/${made!.id}-${made!.version}.${made!.extension}`)
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([1200, 630])
  })
})
