import type { TimeTrackingState, WorkingActivityView } from '@shop/shared/contracts'
import { describe, expect, it } from 'vitest'
import {
  actionsOf,
  branchesOfUser,
  clockSkew,
  formatClock,
  formatHoursMinutes,
  initialBranch,
  liveTotals,
  newIdempotencyKey,
  phaseOf,
  planWeeks,
} from './terminal-model.ts'

const MIN = 60_000
const at = (iso: string) => Date.parse(iso)

function activity(over: Partial<WorkingActivityView>): WorkingActivityView {
  return {
    id: 'a1',
    userId: 'u1',
    branchId: 'b1',
    projectId: null,
    taskId: null,
    status: 'running',
    day: '2027-03-02',
    timeZone: 'Europe/Zurich',
    start: '2027-03-02T05:00:00.000Z',
    end: null,
    pauses: [],
    workedSeconds: 0,
    breakSeconds: 0,
    isCorrected: false,
    recorded: { start: '2027-03-02T05:00:00.000Z', end: null, pauses: [] },
    corrections: [],
    ...over,
  }
}

/** Tuesday 2 March 2027: an ended activity of 2 h on Monday, today's running one made at `stateAt`. */
function state(current: WorkingActivityView | null, stateAt: string): TimeTrackingState {
  const days = ['01', '02', '03', '04', '05', '06', '07'].map((d) => ({
    date: `2027-03-${d}`,
    workedSeconds: 0,
    breakSeconds: 0,
    activities: 0,
  }))
  days[0] = { ...days[0]!, workedSeconds: 7200, activities: 1 }
  const todayWorked = current?.workedSeconds ?? 0
  const todayBreak = current?.breakSeconds ?? 0
  days[1] = { ...days[1]!, workedSeconds: todayWorked, breakSeconds: todayBreak, activities: current ? 1 : 0 }
  return {
    at: stateAt,
    timeZone: 'Europe/Zurich',
    current,
    today: { date: '2027-03-02', workedSeconds: todayWorked, breakSeconds: todayBreak, activities: [] },
    week: {
      from: '2027-03-01',
      to: '2027-03-07',
      workedSeconds: 7200 + todayWorked,
      breakSeconds: todayBreak,
      days,
      activities: [],
    },
  }
}

describe('the phase and its buttons', () => {
  it('offers clock-in when nothing runs, pause and clock-out while running, resume and clock-out while paused', () => {
    expect(phaseOf({ current: null })).toBe('idle')
    expect(actionsOf('idle')).toEqual(['start'])
    expect(phaseOf({ current: activity({ status: 'running' }) })).toBe('running')
    expect(actionsOf('running')).toEqual(['pause', 'end'])
    expect(phaseOf({ current: activity({ status: 'paused' }) })).toBe('paused')
    expect(actionsOf('paused')).toEqual(['resume', 'end'])
  })
})

describe('the running time', () => {
  it('counts from the start to the clock, less the pauses, whatever ticks were missed', () => {
    // Started 06:00, paused 08:00–08:30, running again: at 09:00:05 that is 2:30:05 worked.
    const current = activity({
      pauses: [{ start: '2027-03-02T07:00:00.000Z', end: '2027-03-02T07:30:00.000Z' }],
      workedSeconds: 9000,
      breakSeconds: 1800,
    })
    const s = state(current, '2027-03-02T08:00:00.000Z')
    const live = liveTotals(s, at('2027-03-02T08:00:05.000Z'))
    expect(live.runningSeconds).toBe(2 * 3600 + 30 * 60 + 5)
    expect(live.todayWorkedSeconds).toBe(live.runningSeconds)
    expect(live.todayBreakSeconds).toBe(1800)
    expect(live.weekDays.get('2027-03-02')).toBe(live.runningSeconds)
    expect(live.weekDays.get('2027-03-01')).toBe(7200)
    expect(live.weekWorkedSeconds).toBe(7200 + live.runningSeconds)
    // An hour later without a single tick in between: an hour more.
    expect(liveTotals(s, at('2027-03-02T09:00:05.000Z')).runningSeconds).toBe(3 * 3600 + 30 * 60 + 5)
  })

  it('stands still while paused; the break grows instead', () => {
    const current = activity({
      status: 'paused',
      pauses: [{ start: '2027-03-02T07:00:00.000Z', end: null }],
      workedSeconds: 7200,
      breakSeconds: 600,
    })
    const s = state(current, '2027-03-02T07:10:00.000Z')
    const later = liveTotals(s, at('2027-03-02T07:25:00.000Z'))
    expect(later.runningSeconds).toBe(7200)
    expect(later.todayWorkedSeconds).toBe(7200)
    expect(later.todayBreakSeconds).toBe(25 * 60)
  })

  it("never shows less than the server's answer when the tablet's clock is behind", () => {
    const current = activity({ workedSeconds: 3600 })
    const s = state(current, '2027-03-02T06:00:00.000Z')
    expect(liveTotals(s, at('2027-03-02T05:59:00.000Z')).runningSeconds).toBe(3600)
  })

  it("counts a night shift begun yesterday to yesterday, not to today's total", () => {
    const current = activity({
      day: '2027-03-01',
      start: '2027-03-01T21:00:00.000Z',
      workedSeconds: 3 * 3600,
    })
    const s = state(null, '2027-03-02T00:00:00.000Z')
    s.current = current
    const live = liveTotals(s, at('2027-03-02T01:00:00.000Z'))
    expect(live.runningSeconds).toBe(4 * 3600)
    expect(live.todayWorkedSeconds).toBe(0)
    expect(live.weekDays.get('2027-03-01')).toBe(7200 + 3600)
  })

  it('nothing runs: the sums as the server made them', () => {
    const live = liveTotals(state(null, '2027-03-02T08:00:00.000Z'), at('2027-03-02T12:00:00.000Z'))
    expect(live).toMatchObject({ runningSeconds: 0, todayWorkedSeconds: 0, weekWorkedSeconds: 7200 })
  })

  it("takes the server's clock: the skew between the answer's time and the tablet's", () => {
    expect(clockSkew('2027-03-02T08:00:00.000Z', at('2027-03-02T07:58:00.000Z'))).toBe(2 * MIN)
    expect(clockSkew('garbage', 5)).toBe(0)
  })

  it('formats the clock and the totals', () => {
    expect(formatClock(0)).toBe('0:00:00')
    expect(formatClock(3 * 3600 + 5 * 60 + 9)).toBe('3:05:09')
    expect(formatClock(-4)).toBe('0:00:00')
    expect(formatHoursMinutes(7 * 3600 + 30 * 60 + 59)).toBe('7:30')
    expect(formatHoursMinutes(59)).toBe('0:00')
  })
})

describe('the plan of this week and next', () => {
  const zones: Record<string, string> = { b1: 'Europe/Zurich', ny: 'America/New_York' }
  const zoneOf = (id: string | null | undefined) => (id ? (zones[id] ?? 'Europe/Zurich') : 'Europe/Zurich')

  it('lays out two weeks Monday to Sunday with shifts in their branch zone, absences and this week’s worked time', () => {
    const weeks = planWeeks({
      today: '2027-03-03',
      zoneOf,
      worked: new Map([['2027-03-01', 7200]]),
      entries: [
        // 22:00–06:00 from Saturday 6 March (Zürich): Saturday's, ending the next day.
        {
          id: 'night',
          kind: 'shift',
          branchId: 'b1',
          start: '2027-03-06T21:00:00Z',
          end: '2027-03-07T05:00:00Z',
        },
        {
          id: 'late',
          kind: 'shift',
          branchId: 'b1',
          start: '2027-03-03T15:00:00Z',
          end: '2027-03-03T18:00:00Z',
        },
        {
          id: 'early',
          kind: 'shift',
          branchId: 'b1',
          start: '2027-03-03T05:00:00Z',
          end: '2027-03-03T09:00:00Z',
          breakMinutes: 15,
        },
        // 20:00 in New York on Friday 12 March is Saturday 01:00 UTC: Friday's there.
        {
          id: 'far',
          kind: 'shift',
          branchId: 'ny',
          start: '2027-03-13T01:00:00Z',
          end: '2027-03-13T03:00:00Z',
        },
        { id: 'hol', kind: 'holiday', from: '2027-03-11', to: '2027-03-15', note: 'Skiferien' },
        { id: 'out', kind: 'sick', from: '2027-02-20', to: '2027-02-21' },
      ],
    })
    expect(weeks.map((w) => [w.from, w.to])).toEqual([
      ['2027-03-01', '2027-03-07'],
      ['2027-03-08', '2027-03-14'],
    ])
    const [first, second] = weeks
    expect(first!.days.map((d) => d.isToday)).toEqual([false, false, true, false, false, false, false])
    expect(first!.days[0]!.workedSeconds).toBe(7200)
    expect(first!.days[1]!.workedSeconds).toBe(0)
    expect(second!.days[0]!.workedSeconds).toBeNull()
    // The split day: both shifts, earliest first.
    expect(first!.days[2]!.shifts.map((s) => [s.start, s.end, s.breakMinutes])).toEqual([
      ['06:00', '10:00', 15],
      ['16:00', '19:00', 0],
    ])
    expect(first!.days[5]!.shifts).toMatchObject([
      { id: 'night', start: '22:00', end: '06:00', endsNextDay: true },
    ])
    expect(first!.days[6]!.shifts).toEqual([])
    expect(second!.days[4]!.shifts).toMatchObject([
      { id: 'far', start: '20:00', end: '22:00', endsNextDay: false },
    ])
    expect(second!.days.map((d) => d.absences.map((a) => a.kind).join())).toEqual([
      '',
      '',
      '',
      'holiday',
      'holiday',
      'holiday',
      'holiday',
    ])
    expect(first!.days.every((d) => d.absences.length === 0)).toBe(true)
  })

  it('starts the two weeks on the Monday of today, also on a Sunday', () => {
    const weeks = planWeeks({ today: '2027-03-07', entries: [], worked: new Map(), zoneOf })
    expect(weeks[0]!.from).toBe('2027-03-01')
    expect(weeks[0]!.days[6]!.isToday).toBe(true)
  })
})

describe('choices', () => {
  const all = [
    { id: 'b1', name: 'Altstadt', timeZone: 'Europe/Zurich' },
    { id: 'b2', name: 'Winterthur', timeZone: 'Europe/Zurich' },
    { id: 'b3', name: 'Bern', timeZone: 'Europe/Zurich' },
  ]

  it("offers the user's branches; an admin without branches every branch; an employee without none", () => {
    expect(
      branchesOfUser(all, { branches: [{ id: 'b3' }, { id: 'b1' }] }, ['ROLE_EMPLOYEE']).map((b) => b.id),
    ).toEqual(['b1', 'b3'])
    expect(branchesOfUser(all, { branches: [] }, ['ROLE_ADMIN'])).toHaveLength(3)
    expect(branchesOfUser(all, { branches: [] }, ['ROLE_EMPLOYEE'])).toEqual([])
  })

  it('preselects the remembered branch while it is offered, else the only one, else none', () => {
    expect(initialBranch(all, 'b2')).toBe('b2')
    expect(initialBranch(all, 'gone')).toBeNull()
    expect(initialBranch(all.slice(0, 1), null)).toBe('b1')
    expect(initialBranch(all.slice(0, 1), 'gone')).toBe('b1')
  })

  it('makes a new random Idempotency-Key for every action', () => {
    const a = newIdempotencyKey()
    const b = newIdempotencyKey()
    expect(a).toMatch(/^tt-[0-9a-f]{32}$/)
    expect(a).not.toBe(b)
    expect(newIdempotencyKey((bytes) => bytes.fill(171))).toBe(`tt-${'ab'.repeat(16)}`)
  })
})
