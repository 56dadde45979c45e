import { readFileSync } from 'node:fs'
import type { WorkingActivitiesStatistics } from '@shop/shared/contracts/http/statistics.http.ts'
import { formatMoney } from '@shop/shared/domain/common'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminHeaders, apiCall, type Stage, seriousViolations, startStage } from './support.ts'

/**
 * Working time in the back-office (issue 20; docs/backoffice.md "Arbeitszeit auf dem Dashboard",
 * "Stundenzettel exportieren"): the demo employee's hourly rate and shifts set through the API,
 * her activities clocked at the terminal (one with a pause, one corrected to the day before),
 * an order confirmed for revenue; the dashboard's "Arbeitszeit" shows the hours and the labour
 * cost share as the API answers them, and the time-sheets page downloads the CSV the API makes.
 * axe on both screens.
 */
let stage: Stage
let admin: Record<string, string>
let employee: { id: string; token: string }
let zurich: string

const DESKTOP = { width: 1280, height: 900 }
const YESTERDAY = '2026-11-23'
const TODAY = '2026-11-24'
const MIN = 60_000
const quantity = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 3 })
const signed = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 1, signDisplay: 'exceptZero' })
const oneDecimal = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 1 })
const hoursOf = (s: number) => Math.round((s / 3600) * 10) / 10
const hours = (s: number) => `${quantity.format(hoursOf(s))} h`
const signedHours = (s: number) => `${signed.format(hoursOf(s))} h`
const day = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`

async function call<T>(method: string, path: string, body?: unknown, headers = admin): Promise<T> {
  return (await apiCall<T>(stage.url, method, path, body, headers)).data
}

const terminal = (action: string, body: unknown = {}) =>
  call('POST', `/api/time-tracking/${employee.token}/mitarbeiter/working-activities/${action}`, body, {})

function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent?.trim() ?? '')),
    )
}

async function staffPage(username: string, password: string): Promise<Page> {
  const p = await stage.newPage({ viewport: DESKTOP })
  const res = await p.request.post('/api/login', { data: { username, password } })
  expect(res.status()).toBe(200)
  return p
}

beforeAll(async () => {
  stage = await startStage()
  admin = await adminHeaders(stage.url)
  const users = await call<{ id: string; username: string }[]>('GET', '/api/users')
  const id = users.find((u) => u.username === 'mitarbeiter')!.id
  const user = await call<Record<string, unknown> & { accessToken: string; branches: { id: string }[] }>(
    'GET',
    `/api/users/${id}`,
  )
  employee = { id, token: user.accessToken }
  zurich = user.branches[0]!.id
  await call('PUT', `/api/users/${id}`, { ...user, hourlyRate: 3000 })
  // The plan: yesterday 06:00–14:00 with 30 minutes' break, today 10:00–13:00 with 30 minutes.
  for (const [start, end] of [
    ['2026-11-23T05:00:00Z', '2026-11-23T13:00:00Z'],
    ['2026-11-24T09:00:00Z', '2026-11-24T12:00:00Z'],
  ])
    await call('POST', '/api/working-schedules', {
      kind: 'shift',
      userId: id,
      branchId: zurich,
      start,
      end,
      breakMinutes: 30,
    })
  // Today at the terminal: 10:00–13:00 with a half-hour pause.
  await terminal('start', { branchId: zurich })
  stage.advance(60 * MIN)
  await terminal('pause')
  stage.advance(30 * MIN)
  await terminal('resume')
  stage.advance(90 * MIN)
  await terminal('end')
  // Yesterday's shift was not clocked: a short activity now, corrected to 06:00–14:30 yesterday.
  await terminal('start', { branchId: zurich })
  stage.advance(5 * MIN)
  await terminal('end')
  // A confirmed order today: revenue beside the labour cost.
  const order = await call<{ id: string }>('POST', '/api/orders', {
    branch: zurich,
    isDelivery: false,
    isDineIn: false,
    firstName: 'Arbeit',
    lastName: 'Zeit',
    phone: '+41 79 765 43 21',
    email: 'e2e@example.ch',
    country: 'CH',
    items: [{ product: 'buttergipfeli', amount: 6, unit: 'piece' }],
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
  })
  await call('POST', `/api/orders/${order.id}/status/confirm`, {})
  for (let i = 0; ; i++) {
    const list = await call<{ id: string; start: string; isCorrected: boolean }[]>(
      'GET',
      `/api/working-activities?user=${id}&from=${TODAY}&to=${TODAY}`,
    )
    const last = list.find((a) => a.start > '2026-11-24T11:30:00Z')
    if (list.length === 2 && last) {
      await call('POST', `/api/working-activities/${last.id}/corrections`, {
        start: '2026-11-23T05:00:00Z',
        end: '2026-11-23T13:30:00Z',
        reason: 'Nachgetragen',
      })
      break
    }
    if (i > 100) throw new Error('the read model did not show the activities')
    await new Promise((r) => setTimeout(r, 100))
  }
  // Until the figures count the correction and the order's revenue.
  for (let i = 0; ; i++) {
    const w = await call<WorkingActivitiesStatistics>(
      'GET',
      `/api/statistics/working-activities?from=${YESTERDAY}&to=${TODAY}`,
    )
    const today = w.laborCost.find((d) => d.date === TODAY)
    if (w.days.some((d) => d.date === YESTERDAY && d.workedSeconds > 0) && today && today.revenueNet > 0)
      break
    if (i > 100) throw new Error('the statistics did not count the working time')
    await new Promise((r) => setTimeout(r, 200))
  }
}, 120_000)

afterAll(async () => {
  await stage?.close()
})

describe('working time on the dashboard', () => {
  it('shows planned against worked hours and the labour cost share as the API answers them', async () => {
    const page = await staffPage('admin', 'demo-admin-2026')
    await page.goto(`/backend/dashboard?range=custom&from=${YESTERDAY}&to=${TODAY}`)
    await page
      .locator(`main.bo-dash[data-loading="false"] .bo-dash__figures[data-range="${YESTERDAY}_${TODAY}"]`)
      .waitFor({ timeout: 20_000 })
    const api = await call<WorkingActivitiesStatistics>(
      'GET',
      `/api/statistics/working-activities?from=${YESTERDAY}&to=${TODAY}`,
    )
    const mine = api.byUser.find((u) => u.userId === employee.id)!
    // 8:30 yesterday (corrected) and 2:30 today against 7:30 and 2:30 planned (the clock runs on
    // by the requests' milliseconds between the terminal's actions).
    expect(mine.plannedSeconds).toBe(10 * 3600)
    expect(Math.abs(mine.workedSeconds - 11 * 3600)).toBeLessThan(60)
    expect(Math.abs(mine.overtimeSeconds - 3600)).toBeLessThan(60)
    const section = page.getByTestId('dashboard-work')
    await expect.poll(() => section.getByRole('heading', { name: 'Arbeitszeit' }).isVisible()).toBe(true)
    expect(await page.getByTestId('work-worked').textContent()).toBe(hours(api.total.workedSeconds))
    expect(await page.getByTestId('work-overtime').textContent()).toBe(signedHours(api.total.overtimeSeconds))
    const hoursTable = section.locator('[data-chart="workHours"] table')
    expect(await tableRows(hoursTable)).toEqual(
      api.byUser.map((u) => [
        u.name,
        hours(u.plannedSeconds),
        hours(u.workedSeconds),
        signedHours(u.overtimeSeconds),
        hours(u.breakSeconds),
        u.laborCost === null ? 'kein Stundenlohn' : formatMoney(u.laborCost, 'CHF', 'de-CH'),
      ]),
    )
    expect(await tableRows(hoursTable)).toContainEqual([
      'Demo Mitarbeiterin',
      '10 h',
      '11 h',
      '+1 h',
      '0.5 h',
      formatMoney(mine.laborCost!, 'CHF', 'de-CH'),
    ])
    expect(Math.abs(mine.laborCost! - 33_000)).toBeLessThan(100)
    // The labour cost share per day: the employee's cost over the day's net revenue.
    const today = api.laborCost.find((d) => d.date === TODAY)!
    expect(Math.abs(today.laborCost - 7500)).toBeLessThan(100)
    const costRows = await tableRows(section.locator('[data-chart="laborShare"] table'))
    expect(costRows).toContainEqual([
      day(TODAY),
      hours(today.workedSeconds),
      hours(0),
      formatMoney(today.laborCost, 'CHF', 'de-CH'),
      formatMoney(today.revenueNet, 'CHF', 'de-CH'),
      `${oneDecimal.format((today.laborCost / today.revenueNet) * 100)} %`,
    ])
    // Every rate is set: no hint that rates are missing.
    expect(await page.getByTestId('work-rates-missing').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('time sheets', () => {
  it('downloads the month as the API makes it, from the reports navigation', async () => {
    const page = await staffPage('admin', 'demo-admin-2026')
    await page.goto('/backend/dashboard')
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Stundenzettel' })
      .click()
    await page.waitForURL((url) => url.pathname === '/backend/time-sheets')
    await page.getByRole('heading', { level: 1, name: 'Stundenzettel' }).waitFor()
    await page.getByLabel('Monat').selectOption('2026-11')
    await page.getByLabel('Mitarbeiter/in').selectOption({ label: 'Demo Mitarbeiterin' })
    const link = page.getByRole('link', { name: 'CSV herunterladen' })
    await expect.poll(() => link.getAttribute('href')).toBe(`/api/time-sheets/${employee.id}/2026-11.csv`)
    expect(new URL(page.url()).searchParams.get('user')).toBe(employee.id)
    expect(await seriousViolations(page)).toEqual([])
    // By keyboard: the link takes the focus and Enter downloads.
    await link.focus()
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    const text = readFileSync(await file.path(), 'utf8')
    expect(file.suggestedFilename()).toBe('time-sheet-demo-mitarbeiterin-2026-11.csv')
    const res = await fetch(`${stage.url}/api/time-sheets/${employee.id}/2026-11.csv`, { headers: admin })
    // The BOM kept (fetch's text() would drop it).
    const api = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    const lines = (s: string) => s.split('\r\n').filter((l) => !l.startsWith('Erstellt;'))
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(lines(text)).toEqual(lines(api))
    expect(lines(text)).toContain('2026-11-23;06:00;14:30;0:00;0.00;8:30;8.50;7:30;7.50;;;ja;Nachgetragen')
    expect(lines(text)).toContain('2026-11-24;10:00;13:00;0:30;0.50;2:30;2.50;2:30;2.50;;;;')
    expect(lines(text)).toContain('Überzeit;1:00;1.00')
  })

  it('offers an employee only her own time sheet', async () => {
    const page = await staffPage('mitarbeiter', 'demo-mitarbeiter-2026')
    await page.goto('/backend/time-sheets?month=2026-11')
    await page.getByRole('heading', { level: 1, name: 'Stundenzettel' }).waitFor()
    expect(await page.getByLabel('Mitarbeiter/in').count()).toBe(0)
    const pdf = page.getByRole('link', { name: 'PDF herunterladen' })
    expect(await pdf.getAttribute('href')).toBe(`/api/time-sheets/${employee.id}/2026-11.pdf`)
    expect(await seriousViolations(page)).toEqual([])
  })
})
