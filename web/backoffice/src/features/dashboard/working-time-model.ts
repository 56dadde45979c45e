/**
 * The dashboard's working-time figures (issue 20; docs/statistics.md "Working time"), made from
 * GET /api/statistics/working-activities: the labour cost per day over every branch shown, and
 * whether hourly rates are missing.
 */
import type { WorkingActivitiesStatistics } from '@shop/shared/contracts/http/statistics.http.ts'

export type LaborDay = {
  date: string
  workedSeconds: number
  unratedSeconds: number
  laborCost: number
  revenueNet: number
  /** laborCost ÷ revenueNet; null without revenue. */
  share: number | null
}

/** The labour cost per local day, the branches added up. */
export function laborDays(working: WorkingActivitiesStatistics): LaborDay[] {
  const days = new Map<string, LaborDay>()
  for (const r of working.laborCost) {
    const d = days.get(r.date) ?? {
      date: r.date,
      workedSeconds: 0,
      unratedSeconds: 0,
      laborCost: 0,
      revenueNet: 0,
      share: null,
    }
    d.workedSeconds += r.workedSeconds
    d.unratedSeconds += r.unratedSeconds
    d.laborCost += r.laborCost
    d.revenueNet += r.revenueNet
    days.set(r.date, d)
  }
  const list = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1))
  for (const d of list) d.share = d.revenueNet > 0 ? d.laborCost / d.revenueNet : null
  return list
}

/** 'none': nobody's hours have a rate; 'some': part of the hours; 'all' rated (or no hours). */
export function rateCoverage(working: WorkingActivitiesStatistics): 'none' | 'some' | 'all' {
  const { workedSeconds, unratedSeconds } = working.total
  if (workedSeconds === 0 || unratedSeconds === 0) return 'all'
  return unratedSeconds >= workedSeconds ? 'none' : 'some'
}

/** Seconds as hours (one decimal is enough on a dashboard). */
export const hoursOf = (seconds: number) => Math.round((seconds / 3600) * 10) / 10
