import type { Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, adminPage, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

// The back-office's time-tracking screens (issue 20; docs/backoffice.md "Dienstplan",
// "Arbeitszeiten korrigieren", "Ferien", "Projekte") in the browser against the real shop, at
// tablet and desktop size: an admin opens next week's plan of a branch, copies last week's shifts
// (seeded through the admin API), plans a split shift by keyboard, drags a shift to another day
// (the API then holds it there), plans a holiday that the holiday balances show as planned, and
// corrects an activity whose clock-out is missing (started through the terminal API, the clock
// moved on): the list shows the corrected and the recorded times, the API `isCorrected: true`.
// Projects and tasks are made in their editor. axe on every screen. The pinned Tuesday
// 24 November 2026, 10:00 in Zürich: this week is KW 48, next week KW 49 (30.11.–06.12.2026).

const TABLET = { width: 820, height: 1180 }
const DESKTOP = { width: 1440, height: 900 }
const HOUR = 3_600_000

type Entry = {
  id: string
  kind: string
  userId: string
  start: string | null
  end: string | null
  from: string | null
  to: string | null
}
type Activity = {
  id: string
  start: string
  end: string | null
  isCorrected: boolean
  recorded: { end: string | null }
}

let stage: Stage
let admin: Record<string, string>
let zurich: string
let winterthur: string

function call<T>(method: string, path: string, body?: unknown) {
  return apiCall<T>(stage.url, method, path, body, admin)
}

async function employee(username: string, displayName: string, branch: string) {
  const { data } = await call<{ id: string }>('POST', '/api/users', {
    username,
    password: `${username}-passwort-2026`,
    displayName,
    roles: ['ROLE_EMPLOYEE'],
    branches: [{ id: branch }],
    holidayDaysPerYear: 25,
  })
  const user = await call<{ accessToken: string }>('GET', `/api/users/${data.id}`)
  return { id: data.id, username, token: user.data.accessToken, name: displayName }
}

const login = (viewport: { width: number; height: number }): Promise<Page> => adminPage(stage, viewport)

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 })
const axeClean = async (page: Page, where: string) => expect(await seriousViolations(page), where).toEqual([])
const cell = (page: Page, userId: string, date: string) => page.locator(`td[data-cell="${userId}|${date}"]`)
const blockTexts = async (where: Locator) =>
  (await where.locator('.bo-tt-shift__times').allTextContents()).map((s) => s.trim())

async function shiftsOf(userId: string): Promise<Entry[]> {
  return (await call<Entry[]>('GET', `/api/working-schedules?user=${userId}&kind=shift`)).data
}

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
  const branches = await apiCall<{ id: string; identifier: string }[]>(stage.url, 'GET', '/api/branches')
  zurich = branches.data.find((b) => b.identifier === 'zuerich-altstadt')!.id
  winterthur = branches.data.find((b) => b.identifier === 'winterthur')!.id
})

afterEach(async () => {
  await stage.closePages()
})

afterAll(async () => {
  await stage?.close()
})

describe.each([
  { size: 'tablet', viewport: TABLET, user: 'anna', name: 'Anna Brot', branch: () => zurich },
  { size: 'desktop', viewport: DESKTOP, user: 'beat', name: 'Beat Teig', branch: () => winterthur },
])('the week plan at $size size', ({ viewport, user, name, branch }) => {
  it('copies last week, plans a split shift by keyboard, drags a shift, plans a holiday', async () => {
    const person = await employee(user, name, branch())
    // Last week's shifts (KW 48): Monday 06:00–14:00 with a 30-minute break, Thursday 10:00–18:00.
    for (const [start, end, breakMinutes] of [
      ['2026-11-23T05:00:00Z', '2026-11-23T13:00:00Z', 30],
      ['2026-11-26T09:00:00Z', '2026-11-26T17:00:00Z', 0],
    ] as const)
      await call('POST', '/api/working-schedules', {
        kind: 'shift',
        userId: person.id,
        branchId: branch(),
        start,
        end,
        breakMinutes,
      })

    const page = await login(viewport)
    await page.goto(`/backend/working-schedules?branch=${branch()}`)
    await page.getByRole('heading', { level: 2, name: 'KW 48 · 23.–29.11.2026' }).waitFor()
    // Today (Tuesday) is marked; last week's shifts are there with their times and breaks.
    await expect.poll(() => page.locator('th[aria-current="date"]').count()).toBe(1)
    expect(await page.locator('th[aria-current="date"]').textContent()).toContain('24.11')
    await poll(() => blockTexts(cell(page, person.id, '2026-11-23'))).toEqual(['06:00–14:00'])
    expect(await cell(page, person.id, '2026-11-23').textContent()).toContain('30 Min. Pause')
    await axeClean(page, 'week plan, this week')

    await page.getByRole('button', { name: 'Nächste Woche →' }).click()
    await page.getByRole('heading', { level: 2, name: 'KW 49 · 30.11.–06.12.2026' }).waitFor()
    expect(new URL(page.url()).searchParams.get('week')).toBe('2026-W49')
    await poll(() => page.locator(`[data-cell^="${person.id}|"] .bo-tt-shift`).count()).toBe(0)

    // Copy last week: both shifts, on the same weekdays and times.
    await page.getByRole('button', { name: 'Vorwoche kopieren' }).click()
    await page.getByText('2 Schichten aus der Vorwoche übernommen.').waitFor()
    await poll(() => blockTexts(cell(page, person.id, '2026-11-30'))).toEqual(['06:00–14:00'])
    await poll(() => blockTexts(cell(page, person.id, '2026-12-03'))).toEqual(['10:00–18:00'])
    const row = page.getByRole('row', { name: new RegExp(name) })
    expect(await row.locator('.bo-tt-grid__total').textContent()).toBe('15.5 h')

    // A split shift on Tuesday 1 December, by keyboard: Enter on the empty cell, a second shift.
    const add = cell(page, person.id, '2026-12-01').locator('.bo-tt-grid__add')
    await add.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: new RegExp(`Planen für ${name}`) }).waitFor()
    await axeClean(page, 'the plan entry dialog')
    // The times are filled (Chromium's time field), every action is a key.
    await dialog.getByLabel(/^Beginn/).fill('06:00')
    await dialog.getByLabel(/^Ende/).fill('10:00')
    await dialog.getByRole('button', { name: 'Zweite Schicht am selben Tag' }).focus()
    await page.keyboard.press('Enter')
    const second = dialog.getByRole('group', { name: 'Schicht 2' })
    await second.getByLabel(/^Beginn/).fill('16:00')
    await second.getByLabel(/^Ende/).fill('19:00')
    await second.getByLabel('Pause (Minuten)').fill('15')
    await second.getByLabel('Pause (Minuten)').press('Enter')
    await page.getByText('2 Schichten geplant.').waitFor()
    await poll(() => blockTexts(cell(page, person.id, '2026-12-01'))).toEqual(['06:00–10:00', '16:00–19:00'])
    expect(await row.locator('.bo-tt-grid__total').textContent()).toBe('22.25 h')
    const tuesday = (await shiftsOf(person.id)).filter((s) => s.start?.startsWith('2026-12-01'))
    expect(tuesday.map((s) => [s.start, s.end])).toEqual(
      expect.arrayContaining([
        ['2026-12-01T05:00:00.000Z', '2026-12-01T09:00:00.000Z'],
        ['2026-12-01T15:00:00.000Z', '2026-12-01T18:00:00.000Z'],
      ]),
    )

    // Drag Monday's shift to Wednesday with the pointer: the API holds it there.
    const block = cell(page, person.id, '2026-11-30').locator('.bo-tt-shift')
    const target = cell(page, person.id, '2026-12-02')
    await block.scrollIntoViewIfNeeded()
    const from = (await block.boundingBox())!
    const to = (await target.boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    const steps = 12
    for (let i = 1; i <= steps; i++)
      await page.mouse.move(
        from.x + from.width / 2 + ((to.x + to.width / 2 - (from.x + from.width / 2)) * i) / steps,
        from.y + from.height / 2 + ((to.y + to.height / 2 - (from.y + from.height / 2)) * i) / steps,
      )
    await page.mouse.up()
    await poll(async () =>
      (await shiftsOf(person.id))
        .filter((s) => s.start === '2026-12-02T05:00:00.000Z' || s.start === '2026-11-30T05:00:00.000Z')
        .map((s) => [s.start, s.end]),
    ).toEqual([['2026-12-02T05:00:00.000Z', '2026-12-02T13:00:00.000Z']])
    await poll(() => blockTexts(cell(page, person.id, '2026-12-02'))).toEqual(['06:00–14:00'])
    expect(await blockTexts(cell(page, person.id, '2026-11-30'))).toEqual([])
    // No dialog opened by the drag's click.
    expect(await page.getByRole('dialog').count()).toBe(0)
    // The keyboard's way to move: open the shift (Enter), choose another day, save (Enter).
    await cell(page, person.id, '2026-12-02').locator('.bo-tt-shift').focus()
    await page.keyboard.press('Enter')
    await dialog.getByRole('heading', { name: `Schicht von ${name}` }).waitFor()
    await dialog.getByLabel('Tag').selectOption('2026-11-30')
    await dialog.getByLabel('Pause (Minuten)').press('Enter')
    await page.getByText('Gespeichert.').waitFor()
    await poll(() => blockTexts(cell(page, person.id, '2026-11-30'))).toEqual(['06:00–14:00'])
    expect((await shiftsOf(person.id)).some((s) => s.start === '2026-11-30T05:00:00.000Z')).toBe(true)

    // A holiday from Friday to Saturday, planned from the grid.
    await cell(page, person.id, '2026-12-04').locator('.bo-tt-grid__add').click()
    await dialog.getByRole('radio', { name: 'Ferien' }).check()
    await dialog.getByLabel('Bis').fill('2026-12-05')
    await dialog.getByRole('button', { name: 'Speichern' }).click()
    await page.getByText('Eintrag geplant.').waitFor()
    await poll(() => cell(page, person.id, '2026-12-05').locator('.bo-tt-absence').allTextContents()).toEqual(
      ['Ferien'],
    )
    expect(await cell(page, person.id, '2026-12-04').locator('.bo-tt-absence').count()).toBe(1)
    const holidays = (await call<Entry[]>('GET', `/api/working-schedules?user=${person.id}&kind=holiday`))
      .data
    expect(holidays.map((h) => [h.from, h.to])).toEqual([['2026-12-04', '2026-12-05']])
    await axeClean(page, 'week plan, next week')

    // The holiday balances show it as planned: Friday is a working day, Saturday is not.
    await page.goto('/backend/holiday-balances?year=2026')
    const balance = page.locator(`tr[data-user="${person.id}"]`)
    await balance.waitFor()
    expect(await balance.locator('[data-col="planned"]').textContent()).toBe('1')
    expect(await balance.locator('[data-col="taken"]').textContent()).toBe('0')
    expect(await balance.locator('[data-col="balance"]').textContent()).toBe('24')
    await axeClean(page, 'holiday balances')
  })

  it('corrects a missing clock-out with a reason; the list shows corrected and recorded times', async () => {
    const person = await employee(`${user}2`, `${name} II`, branch())
    const started = await apiCall<{ current: { id: string; start: string } }>(
      stage.url,
      'POST',
      `/api/time-tracking/${person.token}/${person.username}/working-activities/start`,
      { branchId: branch() },
    )
    const activityId = started.data.current.id
    // The clock-out is forgotten: nine hours pass.
    stage.advance(9 * HOUR)
    await poll(
      async () => (await call<Activity[]>('GET', `/api/working-activities?user=${person.id}`)).data.length,
    ).toBe(1)

    const page = await login(viewport)
    await page.goto(`/backend/working-activities?user=${person.id}`)
    const row = page.locator(`tr[data-activity="${activityId}"]`)
    await row.waitFor()
    // No end: the row is marked.
    expect(await row.getAttribute('class')).toContain('bo-tt-row--open')
    expect(await row.textContent()).toContain('läuft')
    await axeClean(page, 'working activities')

    await row.getByRole('button', { name: /Korrigieren/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: /Arbeitszeit korrigieren/ }).waitFor()
    // The form proposes the recorded start; the activity really lasted eight hours with a pause.
    const startLocal = await dialog.getByLabel(/^Beginn/).inputValue()
    const later = (hours: number) =>
      new Date(Date.parse(`${startLocal}:00Z`) + hours * HOUR).toISOString().slice(0, 16)
    const clock = (local: string) =>
      local.slice(0, 10) === startLocal.slice(0, 10)
        ? local.slice(11)
        : `${local.slice(8, 10)}.${local.slice(5, 7)}. ${local.slice(11)}`
    // The server's refusal appears at its field: an end before the start.
    await dialog.getByLabel(/^Ende/).fill(later(-1))
    await dialog.getByLabel('Grund').fill('Ausstempeln vergessen')
    await dialog.getByRole('button', { name: 'Korrektur speichern' }).click()
    await dialog.getByText('Das Ende muss nach dem Beginn liegen.').waitFor()
    await axeClean(page, 'the correction dialog with a refusal')
    // A pause added, the end right.
    await dialog.getByRole('button', { name: 'Pause hinzufügen' }).click()
    await dialog.getByLabel('Pause 1 Beginn').fill(later(2))
    await dialog.getByLabel('Pause 1 Ende').fill(later(2.5))
    await dialog.getByLabel(/^Ende/).fill(later(8))
    await dialog.getByRole('button', { name: 'Korrektur speichern' }).click()
    await page.getByText(`Korrektur für ${name} II gespeichert.`).waitFor()

    // Corrected times beside the recorded ones, the badge and the correction (who, why).
    const corrected = `${clock(startLocal)}–${clock(later(8))}`
    expect(await row.locator('[data-times="current"]').textContent()).toBe(corrected)
    expect(await row.locator('[data-times="recorded"]').textContent()).toBe(`erfasst: ${clock(startLocal)}–…`)
    expect(await row.textContent()).toContain('korrigiert')
    expect(await row.textContent()).toContain('7:30')
    await page.getByText(`${corrected} – «Ausstempeln vergessen»`).waitFor()
    await axeClean(page, 'working activities after the correction')

    const stored = await call<Activity>('GET', `/api/working-activities/${activityId}`)
    expect(stored.data.isCorrected).toBe(true)
    // Zürich is an hour ahead of UTC in November.
    expect(stored.data.end).toBe(new Date(Date.parse(`${later(8)}:00+01:00`)).toISOString())
    expect(stored.data.recorded.end).toBeNull()
    // After a reload too (from the read model).
    await page.reload()
    await poll(() => row.locator('[data-times="current"]').textContent()).toBe(corrected)
  })
})

describe('projects and tasks', () => {
  it('makes a project for one branch with a task, and lists it', async () => {
    const page = await login(DESKTOP)
    await page.goto('/backend/projects')
    await page.getByRole('heading', { level: 1, name: 'Projekte' }).waitFor()
    await axeClean(page, 'projects list')
    await page.getByRole('link', { name: 'Neues Projekt' }).click()
    await page.getByLabel('Name').fill('Hochzeit Meier')
    await page.getByLabel('Filiale').selectOption(zurich)
    await page.getByRole('button', { name: 'Anlegen' }).click()
    await page.getByRole('heading', { level: 1, name: 'Hochzeit Meier' }).waitFor({ timeout: 20_000 })
    await page.getByLabel('Neue Aufgabe').fill('Apéro')
    await page.getByRole('button', { name: 'Aufgabe hinzufügen' }).click()
    await poll(async () => page.getByRole('button', { name: '«Apéro» löschen' }).count()).toBe(1)
    await axeClean(page, 'project editor')
    const projects = (
      await call<{ id: string; name: string; branchId: string | null; isActive: boolean }[]>(
        'GET',
        '/api/projects',
      )
    ).data
    const made = projects.find((p) => p.name === 'Hochzeit Meier')!
    expect(made).toMatchObject({ branchId: zurich, isActive: true })
    const tasks = (await call<{ name: string }[]>('GET', `/api/tasks?project=${made.id}`)).data
    expect(tasks.map((t) => t.name)).toEqual(['Apéro'])
    await page.goto('/backend/projects')
    await page.getByRole('link', { name: 'Hochzeit Meier' }).waitFor()
  })
})
