import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * Categories, the menu builder and import/export in the back-office (docs/backoffice.md
 * "Categories", "Menus", "Import and export"), driven through the UI as an owner would and
 * checked where a customer sees it (the storefront) or through the API.
 */
let stage: Stage
let admin: Record<string, string>
let page: Page

const DESKTOP = { width: 1280, height: 900 }
const CATEGORY = 'Feierabend'
const MENU = 'Feierabend-Menü'

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
  page = await stage.newPage({ viewport: DESKTOP })
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(String(e)))
  await page.goto('/backend/login')
  try {
    await page.getByLabel('Benutzername').waitFor({ timeout: 15_000 })
  } catch (error) {
    throw new Error(
      `no login: ${(await page.locator('body').innerText()).slice(0, 300)} ${errors.join('\n')}`,
      {
        cause: error,
      },
    )
  }
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL('**/backend/orders')
})

afterAll(async () => {
  await stage?.close()
})

const get = async <T>(path: string) => (await apiCall<T>(stage.url, 'GET', path, undefined, admin)).data
type Item = { id: string; version: number; name: string; uid?: string } & Record<string, unknown>

/** Opens a back-office page. */
async function open(path: string): Promise<void> {
  const res = await page.goto(path)
  expect(res?.status() ?? 200, path).toBeLessThan(400)
}

/** Waits for a locator; on failure tells what the page shows instead. */
async function shown(locator: ReturnType<Page['locator']>): Promise<void> {
  try {
    await locator.waitFor({ timeout: 45_000 })
  } catch (error) {
    const body = await page
      .locator('body')
      .innerText()
      .catch(() => '')
    throw new Error(`not shown on ${page.url()}: ${body.slice(0, 400)}`, { cause: error })
  }
}

async function builderProducts(): Promise<string[]> {
  return page.locator('.bo-builder__product .bo-builder__name').allInnerTexts()
}

describe('categories and the menu builder', { timeout: 150_000 }, () => {
  it('creates a category through its editor', async () => {
    await open('/backend/categories/new')
    await page.getByRole('heading', { name: 'Neue Kategorie' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.locator('input[name="name"]').fill(CATEGORY)
    await page.getByRole('button', { name: 'Regel hinzufügen' }).click()
    // A rule with a bad time is refused at its field with the contract's message, nothing saved.
    await page.getByLabel('Von (HH:MM)').fill('25:00')
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await expect.poll(() => page.locator('.ui-field__error').first().innerText()).toMatch(/\S/)
    await page.getByRole('button', { name: 'Regel 1 entfernen' }).click()
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await page.waitForURL(/\/backend\/categories\/(?!new)[^/]+$/)
    const categories = await get<Item[]>('/api/categories')
    const created = categories.find((c) => c.name === CATEGORY)
    expect(created).toMatchObject({ isEnabled: true, schedule: [], isVisibleWhenUnavailable: false })
    await open('/backend/categories')
    await expect.poll(() => page.locator('.bo-table').innerText()).toContain(CATEGORY)
    expect(await seriousViolations(page)).toEqual([])
  })

  it('builds a menu for Zürich, orders its products by keyboard; storefront and preview show that order', async () => {
    await open('/backend/menus/new')
    await shown(page.getByRole('heading', { name: 'Neues Menü' }))
    await page.locator('input[name="name"]').fill(MENU)
    await page.getByLabel('Huber Zürich Altstadt').check()
    await page.getByLabel('Kategorie hinzufügen').selectOption({ label: CATEGORY })
    await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click()
    await page.getByRole('button', { name: `Produkte zu «${CATEGORY}» hinzufügen` }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Produkt suchen (Name oder Kennung)').fill('butterzopf')
    await dialog.getByLabel('Butterzopf 500 g').check()
    await dialog.getByLabel('Produkt suchen (Name oder Kennung)').fill('ruchbrot')
    await dialog.getByLabel('Ruchbrot 500 g').check()
    await dialog.getByRole('button', { name: '2 Produkte hinzufügen' }).click()
    await expect.poll(builderProducts).toEqual(['Butterzopf 500 g', 'Ruchbrot 500 g'])
    expect(await seriousViolations(page)).toEqual([])

    // Keyboard drag and drop: lift the handle with Space, move up, drop with Space.
    const handle = page.getByRole('button', { name: 'Produkt «Ruchbrot 500 g» verschieben' })
    await handle.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true')
    // The live region tells where it would land (dnd-kit's announcements, in German). dnd-kit
    // measures the list after the pick-up: an arrow pressed before that moves nothing, so under
    // load it is pressed again until the move is announced (at the top it stays).
    await expect
      .poll(
        async () => {
          await page.keyboard.press('ArrowUp')
          return page.locator('[id^="DndLiveRegion"]').allInnerTexts()
        },
        { timeout: 20_000, interval: 750 },
      )
      .toContain('«Ruchbrot 500 g» ist über «Butterzopf 500 g».')
    await page.keyboard.press('Space')
    await expect.poll(builderProducts).toEqual(['Ruchbrot 500 g', 'Butterzopf 500 g'])
    // The visible buttons do the same by keyboard: down and back up again.
    await page.getByRole('button', { name: 'Produkt «Ruchbrot 500 g» nach unten' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(builderProducts).toEqual(['Butterzopf 500 g', 'Ruchbrot 500 g'])
    await page.getByRole('button', { name: 'Produkt «Ruchbrot 500 g» nach oben' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(builderProducts).toEqual(['Ruchbrot 500 g', 'Butterzopf 500 g'])

    await page.getByRole('button', { name: 'Anlegen' }).click()
    await page.waitForURL(/\/backend\/menus\/(?!new)[^/]+$/)
    // The editor shows the saved menu.
    await shown(page.getByRole('heading', { level: 1, name: MENU }))
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe(MENU)
    await expect.poll(builderProducts).toEqual(['Ruchbrot 500 g', 'Butterzopf 500 g'])
    const menus = await get<Item[]>('/api/menus')
    const menu = menus.find((m) => m.name === MENU) as Item & { catalog: { products: { id: string }[] }[] }
    const products = await get<Item[]>('/api/products')
    const nameOf = (id: string) => products.find((p) => p.id === id)?.name
    expect(menu.catalog[0]?.products.map((p) => nameOf(p.id))).toEqual(['Ruchbrot 500 g', 'Butterzopf 500 g'])

    // The editor says this menu is Zürich's now, the preview lists the same order.
    await expect.poll(() => page.getByText('Dieses Menü ist hier jetzt aktiv.').count()).toBe(1)
    const preview = page.getByTestId('menu-preview')
    await expect.poll(() => preview.innerText()).toContain(`Angezeigtes Menü: «${MENU}»`)
    await expect
      .poll(() => preview.getByTestId('preview-product').locator('.bo-preview__name').allInnerTexts())
      .toEqual(['Ruchbrot 500 g', 'Butterzopf 500 g'])
    await expect.poll(() => preview.locator('h3').allInnerTexts()).toEqual([CATEGORY])
    expect(await seriousViolations(page)).toEqual([])

    // Sold out at the branch (GET /api/branches/{id}/operations): the preview marks it.
    const branches = await get<Item[]>('/api/branches')
    const zurich = branches.find((b) => b.identifier === 'zuerich-altstadt')!
    const zopf = products.find((p) => p.name === 'Butterzopf 500 g')!
    await apiCall(
      stage.url,
      'POST',
      `/api/branches/${zurich.id}/sold-out`,
      { product: zopf.id },
      {
        ...admin,
        'idempotency-key': crypto.randomUUID(),
      },
    )
    await page.reload()
    await expect
      .poll(() => page.getByTestId('menu-preview').getByTestId('preview-product').last().innerText())
      .toContain('Ausverkauft bis')
    const { 'content-type': _type, ...plain } = admin
    const back = await fetch(`${stage.url}/api/branches/${zurich.id}/sold-out/${zopf.id}`, {
      method: 'DELETE',
      headers: { ...plain, 'idempotency-key': crypto.randomUUID() },
    })
    expect(back.status).toBeLessThan(300)

    // The list names it as Zürich's active menu.
    await open('/backend/menus')
    await expect
      .poll(() => page.getByTestId('active-menus').innerText())
      .toContain(`Huber Zürich Altstadt: ${MENU}`)

    // The storefront: only this menu's category, its products in the chosen order.
    const customer = await stage.newPage({ viewport: DESKTOP })
    await customer.goto('/store/zuerich-altstadt')
    await customer.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).waitFor()
    await expect.poll(() => customer.locator('.menu-group__title').allInnerTexts()).toEqual([CATEGORY])
    const names = await customer.locator('.menu-product__name').allInnerTexts()
    expect(names.map((n) => n.replace(/\s+/g, ' ').trim())).toEqual(['Ruchbrot 500 g', 'Butterzopf 500 g'])
  })

  it('shows the server message when a category still in a menu is deleted', async () => {
    const categories = await get<Item[]>('/api/categories')
    const category = categories.find((c) => c.name === CATEGORY)!
    await open(`/backend/categories/${category.id}`)
    await page.getByRole('heading', { name: CATEGORY }).waitFor()
    await page.getByRole('button', { name: 'Löschen' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click()
    const alert = page.locator('.ui-notice--danger')
    await expect.poll(() => alert.innerText()).toContain(MENU)
    expect((await get<Item[]>('/api/categories')).some((c) => c.id === category.id)).toBe(true)
  })
})

describe('import and export', { timeout: 150_000 }, () => {
  it('exports CSV; the dry run of an edited file with one bad row lists its error and writes nothing', async () => {
    await open('/backend/import-export')
    await page.getByRole('heading', { name: 'Import und Export', level: 1 }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    const downloads: { name: string; path: string }[] = []
    const all = new Promise<void>((resolve) => {
      page.on('download', async (download) => {
        downloads.push({ name: download.suggestedFilename(), path: (await download.path()) ?? '' })
        if (downloads.length === 3) resolve()
      })
    })
    await page.getByRole('button', { name: 'Als CSV exportieren' }).click()
    await all
    expect(downloads.map((d) => d.name).sort()).toEqual(['categories.csv', 'menus.csv', 'products.csv'])
    const csv = await readFile(downloads.find((d) => d.name === 'products.csv')!.path, 'utf8')
    const lines = csv.split('\r\n')
    const header = csvCells(lines[0]!)
    const priceColumn = header.indexOf('price')
    // Line 3 gets a price that is no number.
    const cells = csvCells(lines[2]!)
    expect(Number(cells[priceColumn])).toBeGreaterThan(0)
    const before = await get<Item[]>('/api/products')
    const uid = cells[header.indexOf('uid')]
    cells[priceColumn] = 'viel'
    lines[2] = cells.map((c) => (/[",\n\r]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')

    await page
      .getByLabel('Dateien wählen')
      .setInputFiles([
        { name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) },
      ])
    const dryRun = page.getByTestId('dry-run')
    await expect.poll(() => dryRun.innerText(), { timeout: 15_000 }).toContain('1 Eintrag hat Fehler')
    const bad = dryRun.locator('[data-testid="import-row"].is-error')
    expect(await bad.count()).toBe(1)
    expect(await bad.innerText()).toContain('products.csv, Zeile 3:')
    expect(await bad.innerText()).toContain(`(${uid})`)
    expect(await bad.innerText()).toContain('price')
    expect(await bad.innerText()).toContain('Dieser Wert sollte vom Typ number sein.')
    expect(await page.getByRole('button', { name: /importieren$/ }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    // Nothing was written.
    const after = await get<Item[]>('/api/products')
    expect(after.map((p) => [p.id, p.version])).toEqual(before.map((p) => [p.id, p.version]))
  })

  it('round trip: JSON export, catalogue emptied, import → the same products, categories and menus', async () => {
    await open('/backend/import-export')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Als JSON exportieren' }).click()
    const file = await readFile((await (await download).path())!, 'utf8')
    await roundTrip([{ name: 'catalogue.json', mimeType: 'application/json', buffer: Buffer.from(file) }])
  })

  it('round trip: CSV export (three files), catalogue emptied, import → the same catalogue and menu page', async () => {
    await open('/backend/import-export')
    const downloads: { name: string; path: string }[] = []
    const all = new Promise<void>((resolve) => {
      page.on('download', async (download) => {
        downloads.push({ name: download.suggestedFilename(), path: (await download.path()) ?? '' })
        if (downloads.length === 3) resolve()
      })
    })
    await page.getByRole('button', { name: 'Als CSV exportieren' }).click()
    await all
    const files = await Promise.all(
      downloads.map(async (d) => ({ name: d.name, mimeType: 'text/csv', buffer: await readFile(d.path) })),
    )
    await roundTrip(files)
  })
})

type Menu = Item & { catalog: { category: { id: string }; products: { id: string }[] }[] }

/** The catalogue as the API lists it, without ids and versions, menus naming what they hold. */
async function catalogueSnapshot() {
  const [categories, products, menus] = await Promise.all([
    get<Item[]>('/api/categories'),
    get<Item[]>('/api/products'),
    get<Menu[]>('/api/menus'),
  ])
  const nameOf = (list: Item[], id: string) => list.find((i) => i.id === id)?.name
  const strip = ({ id: _id, version: _v, ...rest }: Item) => rest
  const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    String(a.uid ?? a.name).localeCompare(String(b.uid ?? b.name))
  return {
    categories: categories.map(strip).sort(byKey),
    products: products.map(strip).sort(byKey),
    menus: menus
      .map((m) => ({
        ...strip(m),
        catalog: m.catalog.map((e) => ({
          category: nameOf(categories, e.category.id),
          products: e.products.map((p) => nameOf(products, p.id)),
        })),
      }))
      .sort(byKey),
  }
}

/** What a customer sees on Zürich's menu page: the groups and every product card's text. */
async function menuPage() {
  const customer = await stage.newPage({ viewport: DESKTOP })
  await customer.goto('/store/zuerich-altstadt')
  await customer.getByRole('heading', { level: 1, name: 'Huber Zürich Altstadt' }).waitFor()
  await customer.locator('.menu-product__name').first().waitFor()
  const shown = {
    groups: await customer.locator('.menu-group__title').allInnerTexts(),
    products: await customer.locator('.menu-product').allInnerTexts(),
  }
  await customer.close()
  return shown
}

/**
 * The exported files imported into an emptied catalogue through the import screen (dry run, then
 * import): the API lists the same catalogue and the customer sees the same menu page as before.
 */
async function roundTrip(files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const before = await catalogueSnapshot()
  const shownBefore = await menuPage()
  // An empty catalogue: menus first (they refer to the rest).
  for (const path of ['/api/menus', '/api/categories', '/api/products']) {
    for (const item of await get<Item[]>(path)) {
      const { 'content-type': _type, ...headers } = admin
      const res = await fetch(`${stage.url}${path}/${item.id}?version=${item.version}`, {
        method: 'DELETE',
        headers,
      })
      expect(res.status, `${path}/${item.id}`).toBeLessThan(300)
    }
  }
  expect((await get<Item[]>('/api/products')).length).toBe(0)

  await page.getByLabel('Dateien wählen').setInputFiles(files)
  const count = before.categories.length + before.products.length + before.menus.length
  await expect
    .poll(() => page.getByTestId('dry-run').innerText(), { timeout: 15_000 })
    .toContain(`Keine Fehler: ${count} Einträge können importiert werden.`)
  await page.getByRole('button', { name: `${count} Einträge importieren` }).click()
  await expect
    .poll(() => page.getByRole('status').last().innerText(), { timeout: 60_000 })
    .toContain('Import abgeschlossen.')
  expect(await page.locator('[data-testid="import-row"].is-error').count()).toBe(0)
  expect(await catalogueSnapshot()).toEqual(before)
  expect(await menuPage()).toEqual(shownBefore)
}

/** The cells of one CSV line (RFC 4180 quoting). */
function csvCells(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      cells.push(cell)
      cell = ''
    } else cell += ch
  }
  cells.push(cell)
  return cells
}
