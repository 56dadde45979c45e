import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

// The time-tracking terminal (issue 20; docs/time-tracking.md "The terminal screen") in the
// browser against the real shop: an employee clocks in, watches the running time tick, pauses,
// resumes and clocks out at a tablet; the API then holds one ended activity with one pause. A
// second tablet acting on stale state is refused with the server's message and then shows the
// current state; another tablet's action reaches the screen by polling; a lost request is
// retried under the same Idempotency-Key; wrong links show one refusal; the plan shows a shift
// made through the admin API; one run by keyboard only; axe in every state. The pinned Tuesday
// 24 November 2026, 10:00 in Zürich. Server and page clocks are moved together (stage.advance
// and page.clock.fastForward), so the page counts what the server counts.

// SCREENSHOTS=1 writes the terminal's pictures into docs/screenshots; else a temporary folder.
const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
    : join(tmpdir(), 'shop-screenshots')
const TABLET = { width: 820, height: 1180 }
const LANDSCAPE = { width: 1180, height: 820 }
const PHONE = { width: 390, height: 844 }
const MIN = 60_000

type Employee = { id: string; username: string; token: string }
type Activity = {
  id: string
  status: string
  end: string | null
  pauses: { start: string; end: string | null }[]
  workedSeconds: number
  breakSeconds: number
  branchId: string
  projectId: string | null
  taskId: string | null
}

let stage: Stage
let admin: Record<string, string>
let zurich: string
let winterthur: string

function call<T>(method: string, path: string, body?: unknown) {
  return apiCall<T>(stage.url, method, path, body, admin)
}

async function employee(username: string, branches: string[]): Promise<Employee> {
  const { data } = await call<{ id: string }>('POST', '/api/users', {
    username,
    password: `${username}-passwort-2026`,
    displayName: username === 'lena' ? 'Lena Keller' : `Person ${username}`,
    roles: ['ROLE_EMPLOYEE'],
    branches: branches.map((id) => ({ id })),
  })
  const user = await call<{ accessToken: string }>('GET', `/api/users/${data.id}`)
  expect(user.data.accessToken).toBeTruthy()
  return { id: data.id, username, token: user.data.accessToken }
}

/** Both clocks on: the shop's and the page's (its timers fire: the running time, the poll). */
async function pass(ms: number, ...pages: Page[]) {
  stage.advance(ms)
  for (const page of pages) await page.clock.fastForward(ms)
}

async function openTerminal(who: { token: string; username: string }, viewport = TABLET): Promise<Page> {
  const page = await stage.newPage({ viewport })
  await page.goto(`/backend/time-tracking/${who.token}/${who.username}`)
  return page
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim()
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
const announcement = (page: Page) => text(page.getByTestId('tt-announcement'))
const status = (page: Page) => text(page.getByTestId('tt-status'))
const seconds = (clock: string) => {
  const [h, m, s] = clock.split(':').map(Number)
  return h! * 3600 + m! * 60 + s!
}
const hm = (s: number) => `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`

function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 })
}

async function activitiesOf(user: Employee): Promise<Activity[]> {
  return (await call<Activity[]>('GET', `/api/working-activities?user=${user.id}`)).data
}

async function axeClean(page: Page, state: string) {
  expect(await seriousViolations(page), state).toEqual([])
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

describe('the time-tracking terminal', () => {
  it('clocks in, ticks, pauses, resumes and clocks out; the API holds one ended activity with one pause', async () => {
    const lena = await employee('lena', [zurich])
    const page = await openTerminal(lena)
    await page.getByRole('heading', { level: 1, name: 'Lena Keller' }).waitFor()
    expect(await status(page)).toBe('Nicht eingestempelt')
    // One branch: nothing to choose; no projects in the shop: nothing to choose either.
    expect(await page.getByRole('radio').count()).toBe(0)
    expect(await page.getByRole('combobox').count()).toBe(0)
    const start = button(page, 'Einstempeln')
    expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(64)
    await axeClean(page, 'idle')

    await start.click()
    await poll(() => announcement(page)).toMatch(/^Eingestempelt um 10:0\d\.$/)
    expect(await status(page)).toMatch(/^Eingestempelt seit 10:0\d$/)
    await poll(() => focusedText(page)).toBe('Pause')
    expect((await button(page, 'Ausstempeln').boundingBox())!.height).toBeGreaterThanOrEqual(64)
    await axeClean(page, 'running')
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: join(SHOTS, 'time-terminal-running-tablet.png') })

    // The running time ticks: ten minutes later it shows ten minutes more.
    const before = seconds(await text(page.getByTestId('tt-running')))
    await pass(10 * MIN, page)
    await poll(
      async () => seconds(await text(page.getByTestId('tt-running'))) - before,
    ).toBeGreaterThanOrEqual(600)
    expect(seconds(await text(page.getByTestId('tt-running'))) - before).toBeLessThan(660)

    await pass(50 * MIN, page)
    await button(page, 'Pause').click()
    await poll(() => announcement(page)).toMatch(/^Pause ab 11:0\d\.$/)
    expect(await status(page)).toMatch(/^Pause seit 11:0\d$/)
    await poll(() => focusedText(page)).toBe('Fortsetzen')
    await axeClean(page, 'paused')
    // While paused the running time stands still.
    const paused = await text(page.getByTestId('tt-running'))
    await pass(30 * MIN, page)
    expect(await text(page.getByTestId('tt-running'))).toBe(paused)

    await button(page, 'Fortsetzen').click()
    await poll(() => announcement(page)).toMatch(/^Weiter ab 11:3\d\.$/)
    await poll(() => focusedText(page)).toBe('Pause')
    await pass(120 * MIN, page)
    await button(page, 'Ausstempeln').click()
    await poll(() => announcement(page)).toMatch(/^Ausgestempelt um 13:3\d\. Heute gearbeitet: 3:0\d Std\.$/)
    expect(await status(page)).toBe('Nicht eingestempelt')
    await poll(() => focusedText(page)).toBe('Einstempeln')
    await axeClean(page, 'clocked out')

    // The API: exactly one ended activity with one pause; the page's totals are its times.
    await poll(async () => (await activitiesOf(lena)).map((a) => a.status)).toEqual(['ended'])
    const [activity] = await activitiesOf(lena)
    expect(activity!.pauses).toHaveLength(1)
    expect(activity!.pauses[0]!.end).not.toBeNull()
    expect(activity!.workedSeconds).toBeGreaterThanOrEqual(3 * 3600)
    expect(activity!.workedSeconds).toBeLessThan(3 * 3600 + 10 * 60)
    expect(activity!.breakSeconds).toBeGreaterThanOrEqual(30 * 60)
    expect(activity!.breakSeconds).toBeLessThan(35 * 60)
    expect(await text(page.getByTestId('tt-today-worked'))).toBe(`${hm(activity!.workedSeconds)} Std.`)
    expect(await text(page.getByTestId('tt-today-break'))).toBe(`${hm(activity!.breakSeconds)} Std.`)
    // Today's row of the week shows the same hours.
    const todayRow = page.locator('[data-testid="tt-this-week"] tr[aria-current="date"]')
    expect(await todayRow.getAttribute('data-date')).toBe('2026-11-24')
    expect(await text(todayRow)).toContain(`${hm(activity!.workedSeconds)} Std.`)
  })

  it('a second tablet acting on stale state shows the refusal, then the current state; polling brings the other tablet’s action', async () => {
    const mia = await employee('mia', [zurich, winterthur])
    const project = await call<{ id: string }>('POST', '/api/projects', { name: 'Hochzeit Meier' })
    const task = await call<{ id: string }>('POST', '/api/tasks', {
      projectId: project.data.id,
      name: 'Apéro',
    })

    const first = await openTerminal(mia)
    const second = await openTerminal(mia, LANDSCAPE)
    for (const page of [first, second]) await button(page, 'Einstempeln').waitFor()

    // Two branches: the choice comes first.
    await button(first, 'Einstempeln').click()
    await poll(() => text(first.getByRole('alert'))).toBe('Bitte wählen Sie zuerst die Filiale.')
    await poll(() => first.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe(
      'radio',
    )
    await first.getByRole('radio', { name: 'Huber Winterthur Marktgasse' }).check()
    await first
      .getByRole('combobox', { name: 'Projekt (freiwillig)' })
      .selectOption({ label: 'Hochzeit Meier' })
    await first.getByRole('combobox', { name: 'Aufgabe (freiwillig)' }).selectOption({ label: 'Apéro' })
    await axeClean(first, 'choices')
    await button(first, 'Einstempeln').click()
    await poll(() => announcement(first)).toMatch(/^Eingestempelt um /)
    expect(await text(first.locator('.tt-now__where'))).toBe(
      'Filiale: Huber Winterthur Marktgasse · Projekt: Hochzeit Meier · Aufgabe: Apéro',
    )
    const [started] = await (async () => {
      await poll(async () => (await activitiesOf(mia)).length).toBe(1)
      return activitiesOf(mia)
    })()
    expect(started).toMatchObject({ branchId: winterthur, projectId: project.data.id, taskId: task.data.id })

    // The second tablet still shows "Einstempeln": the server refuses, the screen catches up.
    expect(await status(second)).toBe('Nicht eingestempelt')
    await second.getByRole('radio', { name: 'Huber Zürich Altstadt' }).check()
    await button(second, 'Einstempeln').click()
    const alert = second.getByTestId('tt-alert')
    await poll(() => text(alert.locator('p').first())).toBe(
      'Aktivität konnte nicht gestartet werden. Es läuft bereits eine Aktivität.',
    )
    await poll(() => status(second)).toMatch(/^Eingestempelt seit /)
    await button(second, 'Pause').waitFor()
    expect(await second.getByRole('alert').count()).toBe(1)
    await axeClean(second, 'refused')

    // The first tablet pauses; the second learns it at its next poll (10 s), without a reload.
    await button(first, 'Pause').click()
    await poll(() => status(first)).toMatch(/^Pause seit /)
    await pass(11_000, second)
    await poll(() => status(second)).toMatch(/^Pause seit /)
    await button(second, 'Fortsetzen').waitFor()

    // A lost request says so and offers a retry, which sends the same Idempotency-Key.
    const keys: string[] = []
    first.on('request', (req) => {
      if (req.url().endsWith('/working-activities/resume')) keys.push(req.headers()['idempotency-key'] ?? '')
    })
    await first.route('**/working-activities/resume', (route) => route.abort(), { times: 1 })
    await button(first, 'Fortsetzen').click()
    await poll(() => text(first.getByTestId('tt-alert').locator('p'))).toBe(
      'Keine Verbindung: Die Aktion ist vielleicht nicht angekommen. Bitte erneut versuchen.',
    )
    await poll(() => focusedText(first)).toBe('Erneut versuchen')
    expect(await button(first, 'Fortsetzen').isEnabled()).toBe(true)
    await axeClean(first, 'offline')
    await first.keyboard.press('Enter')
    await poll(() => announcement(first)).toMatch(/^Weiter ab /)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^tt-[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
    expect(await first.getByTestId('tt-alert').count()).toBe(0)
    await button(first, 'Ausstempeln').click()
    await poll(() => status(first)).toBe('Nicht eingestempelt')
    await poll(async () => (await activitiesOf(mia)).map((a) => [a.status, a.pauses.length])).toEqual([
      ['ended', 1],
    ])

    // The branch chosen is remembered for this link (the tablet's storage).
    await first.reload()
    await button(first, 'Einstempeln').waitFor()
    expect(await first.getByRole('radio', { name: 'Huber Winterthur Marktgasse' }).isChecked()).toBe(true)
  })

  it('a wrong token or a wrong username shows one refusal and no buttons', async () => {
    const tom = await employee('tom', [zurich])
    for (const link of [
      { token: 'not-the-token', username: 'tom' },
      { token: tom.token, username: 'nobody' },
    ]) {
      const page = await openTerminal(link)
      await page.getByTestId('tt-invalid').waitFor()
      expect(await page.getByRole('alert').count()).toBe(1)
      expect(await text(page.getByRole('alert'))).toBe(
        'Dieser Zeiterfassungs-Link ist ungültig. Bitte wenden Sie sich an Ihre Vorgesetzte oder Ihren Vorgesetzten.',
      )
      expect(await page.getByRole('button').count()).toBe(0)
      await axeClean(page, `wrong link ${link.username}`)
    }
  })

  it("shows the plan of this week and next from the admin's shifts, today marked, on tablet, landscape and phone", async () => {
    const noah = await employee('noah', [zurich])
    // Wednesday 25 November 06:00–14:00 (Zürich, UTC+1) and Tuesday 1 December 22:00–06:00.
    await call('POST', '/api/working-schedules', {
      kind: 'shift',
      userId: noah.id,
      branchId: zurich,
      start: '2026-11-25T05:00:00.000Z',
      end: '2026-11-25T13:00:00.000Z',
      breakMinutes: 30,
    })
    await call('POST', '/api/working-schedules', {
      kind: 'shift',
      userId: noah.id,
      branchId: zurich,
      start: '2026-12-01T21:00:00.000Z',
      end: '2026-12-02T05:00:00.000Z',
    })
    await call('POST', '/api/working-schedules', {
      kind: 'holiday',
      userId: noah.id,
      from: '2026-12-03',
      to: '2026-12-04',
    })
    for (const viewport of [TABLET, LANDSCAPE, PHONE]) {
      const page = await openTerminal(noah, viewport)
      const thisWeek = page.getByTestId('tt-this-week')
      await thisWeek.waitFor()
      expect(await text(thisWeek.locator('caption'))).toBe('Diese Woche')
      const today = thisWeek.locator('tr[aria-current="date"]')
      expect(await today.getAttribute('data-date')).toBe('2026-11-24')
      expect(await text(today.locator('th'))).toContain('Heute')
      expect(await text(thisWeek.locator('tr[data-date="2026-11-25"] td').first())).toBe(
        '06:00–14:00 · Pause 30 Min.',
      )
      expect(await text(thisWeek.locator('tr[data-date="2026-11-26"] td').first())).toBe('frei')
      const nextWeek = page.getByTestId('tt-next-week')
      expect(await text(nextWeek.locator('tr[data-date="2026-12-01"] td'))).toBe('22:00–06:00 (Folgetag)')
      expect(await text(nextWeek.locator('tr[data-date="2026-12-03"] td'))).toBe('Ferien')
      expect(await nextWeek.locator('tr[data-date="2026-12-05"] td').count()).toBe(1)
      // Nothing wider than the screen; the action stays a large touch target.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      expect((await button(page, 'Einstempeln').boundingBox())!.height).toBeGreaterThanOrEqual(64)
      await axeClean(page, `plan ${viewport.width}×${viewport.height}`)
      mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({
        path: join(
          SHOTS,
          `time-terminal-${viewport === PHONE ? 'phone' : viewport === TABLET ? 'tablet' : 'landscape'}.png`,
        ),
        fullPage: true,
      })
      await page.context().close()
    }
  })

  it("shows an admin the user's terminal link in the user editor, to copy or open", async () => {
    const ben = await employee('ben', [zurich])
    const page = await stage.newPage({ viewport: LANDSCAPE })
    await page.goto('/backend/login')
    await page.getByLabel('Benutzername').fill('admin')
    await page.getByLabel('Passwort').fill('demo-admin-2026')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await page.waitForURL((url) => url.pathname === '/backend/orders')
    await page.goto(`/backend/users/${ben.id}`)
    const panel = page.getByTestId('terminal-link')
    await panel.waitFor({ timeout: 20_000 })
    const link = `${stage.url}/backend/time-tracking/${ben.token}/ben`
    expect(await panel.getByLabel('Link zum Terminal').inputValue()).toBe(link)
    expect(await panel.getByRole('link', { name: 'Öffnen' }).getAttribute('href')).toBe(link)
    await panel.getByRole('button', { name: 'Link kopieren' }).click()
    // Copied, or (no clipboard permission in the test browser) selected to copy by hand.
    await poll(() => text(panel.getByRole('status'))).toMatch(/^(Link kopiert\.|Kopieren nicht möglich)/)
    await axeClean(page, 'user editor')
    // The link opens the terminal of that user.
    const opened = await page.context().newPage()
    await opened.goto(link)
    await opened.getByRole('heading', { level: 1, name: 'Person ben' }).waitFor()
  })

  it('works by keyboard alone: Tab to the action, Enter or Space, focus on the next sensible button', async () => {
    const ida = await employee('ida', [zurich])
    const page = await openTerminal(ida)
    await button(page, 'Einstempeln').waitFor()
    let presses = 0
    while ((await focusedText(page)) !== 'Einstempeln') {
      await page.keyboard.press('Tab')
      if (++presses > 20) throw new Error('Einstempeln not reached by Tab')
    }
    const focusVisible = () => page.evaluate(() => document.activeElement?.matches(':focus-visible') ?? false)
    expect(await focusVisible()).toBe(true)
    await page.keyboard.press('Enter')
    await poll(() => status(page)).toMatch(/^Eingestempelt seit /)
    await poll(() => focusedText(page)).toBe('Pause')
    await page.keyboard.press('Space')
    await poll(() => status(page)).toMatch(/^Pause seit /)
    await poll(() => focusedText(page)).toBe('Fortsetzen')
    expect(await focusVisible()).toBe(true)
    await page.keyboard.press('Enter')
    await poll(() => status(page)).toMatch(/^Eingestempelt seit /)
    await poll(() => focusedText(page)).toBe('Pause')
    await page.keyboard.press('Tab')
    expect(await focusedText(page)).toBe('Ausstempeln')
    await page.keyboard.press('Enter')
    await poll(() => status(page)).toBe('Nicht eingestempelt')
    await poll(() => focusedText(page)).toBe('Einstempeln')
    expect(await focusVisible()).toBe(true)
    await poll(async () => (await activitiesOf(ida)).map((a) => [a.status, a.pauses.length])).toEqual([
      ['ended', 1],
    ])
    await axeClean(page, 'keyboard, clocked out')
  })
})
