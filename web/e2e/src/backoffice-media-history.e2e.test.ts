import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * The media library, a resource's history with its restore, and the change log (issue 17 items
 * 6 and 7; docs/backoffice.md "Medien", "Änderungsprotokoll"): a demo image's alt text changed in
 * the library, its history shown, an older version restored (a new version), a stale version
 * refused and the history read again, a delete refused while the image is in use, images added
 * by the file picker and by drag and drop; the log filtered by area, words of the name and
 * person, each entry linked to its screen.
 */
let stage: Stage
let admin: Record<string, string>
let page: Page
let image: { id: string; version: number; alt: string; extension: string }

const DESKTOP = { width: 1280, height: 900 }
const NEW_ALT = 'E2E frisches Brot am Morgen'

type Image = { id: string; version: number; alt: string | null; extension: string }

async function call<T>(method: string, path: string, body?: unknown) {
  return (await apiCall<T>(stage.url, method, path, body, admin)).data
}

const png = (colour: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer()

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
  // A demo picture: its category and that category's products show it.
  const usage = await call<Record<string, { type: string }[]>>('GET', '/api/media/usage?kind=images')
  const images = await call<Image[]>('GET', '/api/images')
  const used = images.find((i) => (usage[i.id]?.length ?? 0) > 1 && i.alt)!
  image = { id: used.id, version: used.version, alt: used.alt!, extension: used.extension }
  page = await stage.newPage({ viewport: DESKTOP })
  await page.goto('/backend/login')
  await page.getByLabel('Benutzername').fill('admin')
  await page.getByLabel('Passwort').fill('demo-admin-2026')
  await page.getByRole('button', { name: 'Anmelden' }).click()
  await page.waitForURL((url) => url.pathname === '/backend/orders')
})

afterAll(async () => {
  await stage?.close()
})

/** The text as read: runs of white space as one space. */
const text = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim()

const dialog = () => page.getByRole('dialog').filter({ hasText: 'Alternativtext' })
const historyEntry = (version: number): Locator =>
  dialog().locator(`.bo-history__entry[data-version="${version}"]`)

describe('the media library', () => {
  it('shows the images with thumbnails and what uses them; the alt text is changed, its history shown and restored', async () => {
    await page.goto('/backend/media')
    const card = page.locator(`.bo-media__card[data-media-id="${image.id}"]`)
    await card.waitFor()
    expect(await card.locator('img').getAttribute('src')).toBe(
      `/image/thumbnail/${image.id}-${image.version}.${image.extension}`,
    )
    expect(await card.locator('.bo-media__usage summary').textContent()).toMatch(
      /^verwendet von \d+ Produkten? und 1 Kategorie$/,
    )
    await card.locator('.bo-media__usage summary').click()
    expect(await card.locator('.bo-media__uses a').first().getAttribute('href')).toMatch(
      /^\/backend\/(products|categories)\//,
    )
    expect(await seriousViolations(page)).toEqual([])

    // Open it (the URL names it, so a link from the log opens it too) and change its alt text.
    await card.getByRole('button', { name: `Details: ${image.alt}` }).click()
    await page.waitForURL((url) => url.searchParams.get('image') === image.id)
    await dialog().getByLabel('Alternativtext').fill(NEW_ALT)
    await dialog().getByRole('button', { name: 'Speichern' }).click()
    await dialog().getByText('Gespeichert.').waitFor()
    expect((await call<Image>('GET', `/api/images/${image.id}`)).alt).toBe(NEW_ALT)

    // The history: the change with old → new, who and when; version 1 as the first.
    const changed = historyEntry(2)
    await changed.waitFor()
    expect(await changed.locator('.bo-history__kind').textContent()).toBe('Geändert')
    expect(await changed.locator('.bo-history__meta').textContent()).toMatch(
      /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} · /,
    )
    // Old → new ("geändert" for screen readers), the old struck through, the new marked.
    expect(text(await changed.locator('li[data-path="alt"]').textContent())).toBe(
      `Alternativtext ${image.alt} → geändert ${NEW_ALT}`,
    )
    expect(await changed.locator('del').textContent()).toBe(image.alt)
    expect(await changed.locator('ins').textContent()).toBe(NEW_ALT)
    expect(await historyEntry(1).locator('.bo-history__kind').textContent()).toBe('Erstellt')
    expect(await changed.getByRole('button', { name: /wiederherstellen/ }).count()).toBe(0)

    // Restore version 1: asked first, then a new version 3 with the old text.
    await historyEntry(1).getByRole('button', { name: 'Diese Version wiederherstellen (Version 1)' }).click()
    const confirm = page.getByRole('dialog', { name: 'Version 1 wiederherstellen?' })
    await confirm.getByRole('button', { name: 'Wiederherstellen' }).click()
    await dialog().getByText('Version 1 wurde wiederhergestellt (jetzt Version 3).').waitFor()
    await historyEntry(3).waitFor()
    expect(await historyEntry(3).locator('.bo-history__head').textContent()).toContain('aus Version 1')
    await expect.poll(() => dialog().getByLabel('Alternativtext').inputValue()).toBe(image.alt)
    expect(await call<Image>('GET', `/api/images/${image.id}`)).toMatchObject({ alt: image.alt, version: 3 })
  })

  it('refuses a stale restore with the reason and reads the history again; refuses deleting an image in use', async () => {
    // Someone else saves meanwhile (version 4); the dialog still shows version 3.
    await call('PUT', `/api/images/${image.id}`, { alt: 'Von nebenan geändert', version: 3 })
    await historyEntry(2).getByRole('button', { name: 'Diese Version wiederherstellen (Version 2)' }).click()
    await page
      .getByRole('dialog', { name: 'Version 2 wiederherstellen?' })
      .getByRole('button', { name: 'Wiederherstellen' })
      .click()
    const warning = dialog().locator('.bo-history .ui-notice--warning')
    await warning.waitFor()
    expect(await warning.textContent()).toBe(
      'Der Eintrag wurde inzwischen geändert (Version 4 statt 3). Bitte laden Sie ihn neu. Der Verlauf wurde neu geladen.',
    )
    await historyEntry(4).waitFor()
    expect((await call<Image>('GET', `/api/images/${image.id}`)).version).toBe(4)

    // A delete with the dialog's version 3 is stale too: the reason, and the page reads the image
    // again (its alt text from version 4).
    await dialog().getByRole('button', { name: 'Löschen' }).click()
    await dialog().getByRole('button', { name: 'Endgültig löschen' }).click()
    const refused = dialog().locator('.ui-notice--danger')
    await refused.waitFor()
    expect(await refused.textContent()).toBe(
      'Der Eintrag wurde inzwischen geändert (Version 4 statt 3). Bitte laden Sie ihn neu.',
    )
    await expect.poll(() => dialog().getByLabel('Alternativtext').inputValue()).toBe('Von nebenan geändert')

    // Still used by its category and products: the server's reason names them.
    await dialog().getByRole('button', { name: 'Löschen' }).click()
    await dialog().getByRole('button', { name: 'Endgültig löschen' }).click()
    await expect.poll(() => refused.textContent()).toMatch(/^Das Bild wird noch verwendet/)
    expect(await refused.textContent()).toMatch(
      /^Das Bild wird noch verwendet \(.*Kategorie «.+».*\) und kann nicht gelöscht werden\.$/,
    )
    expect((await apiCall(stage.url, 'GET', `/api/images/${image.id}`)).status).toBe(200)
    await dialog().getByRole('button', { name: 'Schliessen' }).last().click()
    await page.waitForURL((url) => !url.searchParams.has('image'))
  })

  it('adds several images by the file picker and one by drag and drop; an unused one can be deleted', async () => {
    const known = new Set((await call<Image[]>('GET', '/api/images')).map((i) => i.id))
    const before = known.size
    await page.locator('[data-testid="media-files-images"]').setInputFiles([
      { name: 'e2e-rot.png', mimeType: 'image/png', buffer: await png('#c33') },
      { name: 'e2e-blau.png', mimeType: 'image/png', buffer: await png('#33c') },
    ])
    await page.getByText('e2e-rot.png wurde hochgeladen.').waitFor()
    await page.getByText('e2e-blau.png wurde hochgeladen.').waitFor()
    const dropped = (await png('#3c3')).toString('base64')
    await page.locator('[data-testid="media-drop"]').evaluate((zone, base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], 'e2e-gruen.png', { type: 'image/png' }))
      zone.dispatchEvent(
        new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }),
      )
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }))
    }, dropped)
    await page.getByText('e2e-gruen.png wurde hochgeladen.').waitFor()
    await expect.poll(async () => (await call<Image[]>('GET', '/api/images')).length).toBe(before + 3)
    await expect.poll(() => page.locator('.bo-media__card').count()).toBe(before + 3)

    // A new image is used by nothing: it goes.
    const added = (await call<Image[]>('GET', '/api/images')).filter((i) => !known.has(i.id))
    expect(added).toHaveLength(3)
    const fresh = page.locator(`.bo-media__card[data-media-id="${added[0]!.id}"]`)
    expect(await fresh.locator('.bo-media__usage').textContent()).toBe('nicht verwendet')
    await fresh.locator('.bo-media__open').click()
    const detail = page.getByRole('dialog').filter({ hasText: 'Alternativtext' })
    await detail.getByRole('button', { name: 'Löschen' }).click()
    await detail.getByRole('button', { name: 'Endgültig löschen' }).click()
    await page.getByText(/wurde gelöscht\.$/).waitFor()
    await expect.poll(async () => (await call<Image[]>('GET', '/api/images')).length).toBe(before + 2)
  })
})

describe('the change log', () => {
  const rows = () => page.locator('.bo-logs__table tbody tr')

  it('filters by area, words of the name and person; links each entry to its screen', async () => {
    await page.goto('/backend/logs')
    await rows().first().waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Bereich').selectOption({ label: 'Bild' })
    await page.waitForURL((url) => url.searchParams.get('type') === 'image')
    await expect
      .poll(async () => [...new Set(await rows().locator('.bo-logs__type').allTextContents())])
      .toEqual(['Bild'])

    // The words of the name, after a pause in typing: the image's own entries, newest first.
    await page.getByLabel('Name enthält').fill('von nebenan')
    await page.waitForURL((url) => url.searchParams.get('q') === 'von nebenan')
    await expect.poll(() => rows().count()).toBe(1)
    const row = rows().first()
    expect(await row.locator('.bo-logs__kind').textContent()).toBe('Geändert')
    expect(await row.locator('.bo-logs__version').textContent()).toBe('Version 4')
    const link = row.getByRole('link', { name: 'Von nebenan geändert' })
    expect(await link.getAttribute('href')).toBe(`/backend/media?image=${image.id}`)

    // Its history from the log: the restore made in the library is there.
    await row.getByRole('button', { name: /^Verlauf:/ }).click()
    const history = page.getByRole('dialog', { name: /^Verlauf: Bild/ })
    await history.locator('.bo-history__entry[data-version="3"]').waitFor()
    expect(
      await history.locator('.bo-history__entry[data-version="3"] .bo-history__kind').textContent(),
    ).toBe('Wiederhergestellt')
    await history.getByRole('button', { name: 'Schliessen' }).click()

    // By person: the admin made the changes; nobody else changed an image.
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click()
    await page.waitForURL((url) => url.search === '')
    await page.getByLabel('Bereich').selectOption({ label: 'Bild' })
    const users = await call<{ id: string; username: string; displayName: string | null }[]>(
      'GET',
      '/api/users',
    )
    const me = users.find((u) => u.username === 'admin')!
    const label = me.displayName && me.displayName !== me.username ? `${me.displayName} (admin)` : 'admin'
    await page.getByLabel('Person').selectOption({ label })
    await page.waitForURL(
      (url) => url.searchParams.get('user') === me.id && url.searchParams.get('type') === 'image',
    )
    await expect
      .poll(async () => [...new Set(await rows().locator('td:nth-child(2)').allTextContents())])
      .toEqual([label])
    // Its alt text, the restore, the upload of three images and a deletion at least.
    expect(await rows().count()).toBeGreaterThanOrEqual(6)

    // The link opens the image in the library.
    await page.goto(`/backend/logs?type=image&q=${encodeURIComponent('von nebenan')}`)
    await rows().getByRole('link', { name: 'Von nebenan geändert' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/backend/media' && url.searchParams.get('image') === image.id,
    )
    await page.getByRole('dialog').filter({ hasText: 'Alternativtext' }).waitFor()
  })
})
