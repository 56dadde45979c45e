import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Stage, seriousViolations, startStage } from './support.ts'

// Issue 18, opening and delivery hours: a customer sees a branch's week, today's exceptions and
// its phone number on the branch card's detail and on the menu page. Christmas Eve 2026
// (Thursday) 09:00 in Zürich: Zürich Altstadt's once rule shortens the day to 06:30–14:00.

const CHRISTMAS_EVE_9 = '2026-12-24T08:00:00.000Z'
/** SCREENSHOTS=1 writes the pictures to docs/screenshots (else a temporary directory). */
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
    : join(tmpdir(), 'shop-screenshots')
mkdirSync(SHOTS, { recursive: true })

const norm = (text: string) => text.replace(/\s+/g, ' ').trim()

let stage: Stage

beforeAll(async () => {
  stage = await startStage({ at: CHRISTMAS_EVE_9 })
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

async function phone(locale?: string): Promise<Page> {
  const page = await stage.newPage({ viewport: { width: 390, height: 844 } })
  // No cookie banner over what the pictures show (the banner has its own tests).
  await page.context().addCookies([{ name: 'asp-cookie-consent', value: 'declined', url: stage.url }])
  if (locale) await page.addInitScript((choice) => localStorage.setItem('asp-locale', choice), locale)
  return page
}

/** The week table's rows as 'weekday | opening | delivery' texts. */
async function rows(week: Locator): Promise<string[]> {
  return (await week.locator('tbody tr').allInnerTexts()).map((row) => norm(row.replace(/\t/g, ' | ')))
}

describe("a branch's week (issue 18)", () => {
  it("on the branch card: the week's opening and delivery hours, today's exception and the phone", async () => {
    const page = await phone()
    await page.goto('/')
    const card = page.locator('.home-card', {
      has: page.getByRole('link', { name: 'Huber Zürich Altstadt' }),
    })
    await card.getByText('Öffnungszeiten und Telefon').click()
    const week = card.locator('.branch-week')
    await poll(() => week.isVisible()).toBe(true)
    expect(await week.getByRole('heading', { level: 4 }).textContent()).toBe('Öffnungs- und Lieferzeiten')
    expect(norm((await week.locator('.branch-week__today').textContent()) ?? '')).toBe(
      'Heute gelten besondere Öffnungszeiten: 06:30 – 14:00 Uhr.',
    )
    expect(await rows(week)).toEqual([
      'Montag | 06:30 – 19:00 Uhr | 11:00 – 13:30 Uhr 17:30 – 20:30 Uhr',
      'Dienstag | 06:30 – 19:00 Uhr | 11:00 – 13:30 Uhr 17:30 – 20:30 Uhr',
      'Mittwoch | 06:30 – 19:00 Uhr | 11:00 – 13:30 Uhr 17:30 – 20:30 Uhr',
      'Donnerstag Heute | 06:30 – 14:00 Uhr Ausnahme | 11:00 – 13:30 Uhr 17:30 – 20:30 Uhr',
      'Freitag | 06:00 – 01:00 Uhr | 11:00 – 13:30 Uhr 17:30 – 20:30 Uhr',
      'Samstag | 06:00 – 01:00 Uhr | 10:00 – 14:00 Uhr',
      'Sonntag | 08:00 – 17:00 Uhr | Keine Lieferung',
    ])
    expect(await week.locator('tr[aria-current="date"] th').textContent()).toContain('Donnerstag')
    const tel = week.getByRole('link', { name: '+41 44 251 18 98' })
    expect(await tel.getAttribute('href')).toBe('tel:+41442511898')
    expect(await seriousViolations(page)).toEqual([])
    await card.screenshot({ path: join(SHOTS, 'branch-card-hours-phone.png') })
  })

  it('on the menu page, in German, French and English', async () => {
    const expected: Record<string, { summary: string; today: string; sunday: string; thursday: string }> = {
      'de-CH': {
        summary: 'Öffnungszeiten und Telefon',
        today: 'Heute gelten besondere Öffnungszeiten: 06:30 – 14:00 Uhr.',
        sunday: 'Sonntag | 08:00 – 17:00 Uhr | Keine Lieferung',
        thursday: 'Donnerstag Heute | 06:30 – 14:00 Uhr Ausnahme | 11:00 – 13:30 Uhr 17:30 – 20:30 Uhr',
      },
      'fr-FR': {
        summary: 'Horaires et téléphone',
        today: 'Horaires d’ouverture particuliers aujourd’hui : 06:30 – 14:00.',
        sunday: 'dimanche | 08:00 – 17:00 | Pas de livraison',
        thursday: 'jeudi Aujourd’hui | 06:30 – 14:00 Exception | 11:00 – 13:30 17:30 – 20:30',
      },
      en: {
        summary: 'Opening hours and phone',
        today: 'Special opening hours today: 06:30 AM – 02:00 PM.',
        sunday: 'Sunday | 08:00 AM – 05:00 PM | No delivery',
        thursday: 'Thursday Today | 06:30 AM – 02:00 PM Exception | 11:00 AM – 01:30 PM 05:30 PM – 08:30 PM',
      },
    }
    for (const [locale, texts] of Object.entries(expected)) {
      const page = await phone(locale)
      await page.goto('/store/zuerich-altstadt')
      const hero = page.locator('.menu-hero')
      await hero.getByText(texts.summary).click()
      const week = hero.locator('.branch-week')
      await poll(() => week.isVisible()).toBe(true)
      expect(await week.getByRole('heading', { level: 2 }).count()).toBe(1)
      expect(norm((await week.locator('.branch-week__today').textContent()) ?? '')).toBe(texts.today)
      const all = await rows(week)
      expect(all).toHaveLength(7)
      expect(all[3]).toBe(texts.thursday)
      expect(all[6]).toBe(texts.sunday)
      expect(await week.getByRole('link', { name: '+41 44 251 18 98' }).count()).toBe(1)
      expect(await seriousViolations(page)).toEqual([])
      await hero.screenshot({ path: join(SHOTS, `menu-hours-${locale}-phone.png`) })
    }
  })
})
