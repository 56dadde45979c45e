import { describe, expect, it } from 'vitest'
import { planHistory } from './history.ts'

const branches = [
  { id: 'a', identifier: 'zuerich', timeZone: 'Europe/Zurich', tables: ['1', '2'], weight: 1 },
  { id: 'b', identifier: 'lausanne', timeZone: 'Europe/Zurich', tables: [], weight: 0.5 },
]

describe('the generated history', () => {
  const plan = planHistory({ days: 91, today: '2026-11-24', branches })
  const local = (at: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zurich',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(at)
  const part = (at: number, type: string) => local(at).find((p) => p.type === type)!.value

  it('is the same for the same seed, and covers the days before today, not today', () => {
    expect(planHistory({ days: 91, today: '2026-11-24', branches })).toEqual(plan)
    expect(planHistory({ days: 91, today: '2026-11-24', branches, seed: 1 })).not.toEqual(plan)
    const days = new Set(plan.map((o) => `${part(o.at, 'year')}-${part(o.at, 'month')}-${part(o.at, 'day')}`))
    expect(days.size).toBe(91)
    expect(days.has('2026-11-24')).toBe(false)
    expect(days.has('2026-08-25')).toBe(true)
    expect(plan.every((o, i) => i === 0 || plan[i - 1]!.at <= o.at)).toBe(true)
  })

  it('has weekday and lunch peaks and a busier first branch', () => {
    const byWeekday = new Map<string, number>()
    const byHour = new Map<number, number>()
    for (const o of plan) {
      byWeekday.set(part(o.at, 'weekday'), (byWeekday.get(part(o.at, 'weekday')) ?? 0) + 1)
      const h = Number(part(o.at, 'hour'))
      byHour.set(h, (byHour.get(h) ?? 0) + 1)
    }
    expect(byWeekday.get('Sat')!).toBeGreaterThan(byWeekday.get('Mon')! * 1.4)
    expect(byWeekday.get('Sun')!).toBeLessThan(byWeekday.get('Wed')!)
    expect(byHour.get(12)!).toBeGreaterThan(byHour.get(15)! * 2)
    expect(byHour.get(8)!).toBeGreaterThan(byHour.get(14)! * 2)
    expect([...byHour.keys()].every((h) => h >= 6 && h <= 19)).toBe(true)
    const a = plan.filter((o) => o.branchId === 'a').length
    const b = plan.filter((o) => o.branchId === 'b').length
    expect(a / b).toBeGreaterThan(1.6)
    // Dine-in only where there are tables.
    expect(plan.some((o) => o.branchId === 'b' && o.orderType === 'dineIn')).toBe(false)
    expect(plan.some((o) => o.branchId === 'a' && o.orderType === 'dineIn')).toBe(true)
  })

  it('rejects about 3 %, cancels about 2 % (with reasons) and rates some', () => {
    const share = (command: string) =>
      plan.filter((o) => o.steps.some((s) => s.command === command)).length / plan.length
    expect(share('RejectOrder')).toBeGreaterThan(0.015)
    expect(share('RejectOrder')).toBeLessThan(0.05)
    expect(share('CancelOrder')).toBeGreaterThan(0.005)
    expect(share('CancelOrder')).toBeLessThan(0.04)
    expect(share('AnswerQuestionnaire')).toBeGreaterThan(0.1)
    for (const o of plan) {
      const minutes = o.steps.map((s) => s.minutes)
      expect(minutes).toEqual([...minutes].sort((x, y) => x - y))
      const rejected = o.steps.find((s) => s.command === 'RejectOrder')
      if (rejected) expect(rejected.extra?.message).toBeTruthy()
    }
  })
})
