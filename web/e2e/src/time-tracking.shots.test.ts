import { existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { noSpinner } from './shots-support.ts'
import { adminHeaders, adminPage, apiCall, type Stage, startStage } from './support.ts'

/**
 * Staff time tracking pictured for docs/screenshots (issue 20): the terminal at a tablet, the
 * week plan, the recorded hours with the correction dialog, holiday balances, projects, the time
 * sheets page and the dashboard's working time, on a desktop and a tablet, with the demo's four
 * weeks of plans and activities (its order history on). Run by `npm run screenshots` (the `shots`
 * project); without SCREENSHOTS=1 the pictures go to a temporary directory.
 */
let stage: Stage
let admin: Record<string, string>
let branchId: string

const SHOTS =
  process.env.SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', '..', '..', 'docs', 'screenshots')
    : join(tmpdir(), 'shop-screenshots')

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['tablet', { width: 820, height: 1180 }],
] as const

async function call<T>(method: string, path: string, body?: unknown) {
  return (await apiCall<T>(stage.url, method, path, body, admin)).data
}

beforeAll(async () => {
  stage = await startStage({ historyDays: 35 })
  admin = await adminHeaders(stage.url)
  mkdirSync(SHOTS, { recursive: true })
  // The branch the demo's team works at: the one its shifts are planned for.
  const shifts = await call<{ branchId: string | null }[]>('GET', '/api/working-schedules?kind=shift')
  branchId = shifts.find((s) => s.branchId)?.branchId ?? ''
  expect(branchId).not.toBe('')
  // A catering job to book time on.
  const project = await call<{ id: string }>('POST', '/api/projects', {
    name: 'Hochzeit Keller, 12. Juni',
    branchId,
  })
  for (const name of ['Apéro vorbereiten', 'Ausliefern und Aufbau'])
    await call('POST', '/api/tasks', { projectId: project.id, name })
}, 180_000)

afterAll(async () => {
  await stage?.close()
})

async function login(viewport: { width: number; height: number }): Promise<Page> {
  const page = await adminPage(stage, viewport)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  return page
}

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0)
  await page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' })
}

async function visit(page: Page, path: string) {
  await page.goto(path)
  await page.locator('main h1').first().waitFor()
  await noSpinner(page)
  await page.waitForLoadState('networkidle')
}

it('pictures the back-office screens of time tracking on a desktop and a tablet', async () => {
  for (const [viewport, size] of VIEWPORTS) {
    const page = await login(size)
    await visit(page, `/backend/working-schedules?branch=${branchId}`)
    await page.getByRole('heading', { level: 1, name: 'Dienstplan' }).waitFor()
    await shoot(page, `time-week-plan-${viewport}`)

    await visit(page, `/backend/working-activities?branch=${branchId}`)
    await shoot(page, `time-activities-${viewport}`)
    // The correction dialog of the first activity.
    await page
      .getByRole('button', { name: /^Korrigieren/ })
      .first()
      .click()
    await page.getByRole('dialog').waitFor()
    await shoot(page, `time-correction-${viewport}`)
    await page.keyboard.press('Escape')

    await visit(page, '/backend/holiday-balances')
    await shoot(page, `time-holiday-balances-${viewport}`)
    await visit(page, '/backend/projects')
    await shoot(page, `time-projects-${viewport}`)
    await visit(page, '/backend/time-sheets')
    await shoot(page, `time-sheets-${viewport}`)

    // The dashboard's working time (its own section further down).
    await visit(page, '/backend/dashboard')
    const section = page.getByRole('heading', { name: 'Arbeitszeit' }).first()
    await section.waitFor()
    await section.evaluate((el) => {
      el.scrollIntoView({ block: 'start' })
      window.scrollBy(0, -80)
    })
    await page.waitForLoadState('networkidle')
    await shoot(page, `time-dashboard-${viewport}`)
    await page.context().close()
  }
  expect(existsSync(join(SHOTS, 'time-week-plan-tablet.png'))).toBe(true)
}, 600_000)

it('pictures the terminal at a tablet: clocked in, with the week plan', async () => {
  const users = await call<{ id: string; username: string }[]>('GET', '/api/users')
  const employee = users.find((u) => u.username === 'mitarbeiter')!
  const { accessToken } = await call<{ accessToken: string }>('GET', `/api/users/${employee.id}`)
  const base = `/api/time-tracking/${encodeURIComponent(accessToken)}/mitarbeiter/working-activities`
  // Clocked in an hour ago (the demo's history ends before today).
  const state = await apiCall<{ current: unknown }>(stage.url, 'GET', base)
  if (!state.data.current) {
    const start = await apiCall(stage.url, 'POST', `${base}/start`, { branchId })
    expect(start.status).toBe(200)
  }
  stage.advance(60 * 60_000)
  for (const [name, size] of [
    ['time-terminal-tablet', { width: 820, height: 1180 }],
    ['time-terminal-landscape', { width: 1180, height: 820 }],
  ] as const) {
    const page = await stage.newPage({ viewport: size })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`/backend/time-tracking/${encodeURIComponent(accessToken)}/mitarbeiter`)
    await page.getByRole('button', { name: /Ausstempeln/ }).waitFor()
    await noSpinner(page)
    await page.waitForLoadState('networkidle')
    await shoot(page, name)
    await page.context().close()
  }
}, 180_000)
