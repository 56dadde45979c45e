import { shiftFromLocal } from '@shop/shared/domain/time-tracking/plan-week.ts'
import { describe, expect, it } from 'vitest'
import {
  employeesOf,
  hoursOf,
  layoutWeek,
  movedBody,
  type PlanEntry,
  weekFromSearch,
  weekHeading,
} from './week-model.ts'

const ZONE = 'Europe/Zurich'
let n = 0
const shift = (
  userId: string,
  date: string,
  from: string,
  to: string,
  extra: Partial<PlanEntry> = {},
): PlanEntry => ({
  id: `s${++n}`,
  version: 1,
  kind: 'shift',
  userId,
  branchId: 'b1',
  breakMinutes: 0,
  from: null,
  to: null,
  days: null,
  note: null,
  ...shiftFromLocal(date, from, to, ZONE),
  ...extra,
})
const absence = (userId: string, kind: 'holiday' | 'sick', from: string, to: string): PlanEntry => ({
  id: `a${++n}`,
  version: 1,
  kind,
  userId,
  branchId: null,
  start: null,
  end: null,
  breakMinutes: 0,
  from,
  to,
  days: null,
  note: null,
})

describe('the week grid', () => {
  const people = [
    { id: 'u1', name: 'Anna' },
    { id: 'u2', name: 'Beat' },
  ]
  it('puts each shift on the day it starts, split shifts side by side, with the planned hours', () => {
    const rows = layoutWeek(
      [
        shift('u1', '2027-03-22', '06:00', '14:00', { breakMinutes: 30 }),
        shift('u1', '2027-03-24', '16:00', '19:00'),
        shift('u1', '2027-03-24', '06:00', '10:00'),
        // Saturday night into summer time: 7 hours, Saturday's.
        shift('u2', '2027-03-27', '22:00', '06:00'),
        // Another branch and another week: not here.
        shift('u2', '2027-03-23', '06:00', '14:00', { branchId: 'b2' }),
        shift('u2', '2027-03-29', '06:00', '14:00'),
      ],
      people,
      '2027-03-22',
      'b1',
      ZONE,
    )
    expect(rows.map((r) => r.employee.name)).toEqual(['Anna', 'Beat'])
    const anna = rows[0]!
    expect(anna.cells.map((c) => c.date)).toEqual([
      '2027-03-22',
      '2027-03-23',
      '2027-03-24',
      '2027-03-25',
      '2027-03-26',
      '2027-03-27',
      '2027-03-28',
    ])
    expect(anna.cells[0]!.shifts.map((s) => `${s.startTime}–${s.endTime}`)).toEqual(['06:00–14:00'])
    expect(anna.cells[2]!.shifts.map((s) => `${s.startTime}–${s.endTime}`)).toEqual([
      '06:00–10:00',
      '16:00–19:00',
    ])
    expect(hoursOf(anna.plannedMs)).toBe(7.5 + 4 + 3)
    const beat = rows[1]!
    expect(beat.cells[5]!.shifts[0]).toMatchObject({ startTime: '22:00', endTime: '06:00', nextDay: true })
    expect(beat.cells.flatMap((c) => c.shifts)).toHaveLength(1)
    expect(hoursOf(beat.plannedMs)).toBe(7)
  })
  it('shows an absence on each of its days in the week, and rows for planned people not of the branch', () => {
    const rows = layoutWeek(
      [
        absence('u1', 'holiday', '2027-03-18', '2027-03-23'),
        absence('u2', 'sick', '2027-03-28', '2027-03-30'),
      ],
      people,
      '2027-03-22',
      'b1',
      ZONE,
    )
    expect(rows[0]!.cells.map((c) => c.absences.length)).toEqual([1, 1, 0, 0, 0, 0, 0])
    expect(rows[1]!.cells.map((c) => c.absences.map((a) => a.kind).join())).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      'sick',
    ])
    const guest = layoutWeek(
      [shift('u9', '2027-03-22', '08:00', '12:00')],
      people,
      '2027-03-22',
      'b1',
      ZONE,
      () => 'Gast',
    )
    expect(guest.map((r) => r.employee.name)).toEqual(['Anna', 'Beat', 'Gast'])
  })
  it("takes the branch's enabled users, by name", () => {
    expect(
      employeesOf(
        [
          { id: 'u1', username: 'zora', branches: [{ id: 'b1' }] },
          { id: 'u2', username: 'anna', displayName: 'Anna A.', branches: [{ id: 'b1' }, { id: 'b2' }] },
          { id: 'u3', username: 'off', branches: [{ id: 'b1' }], isEnabled: false },
          { id: 'u4', username: 'other', branches: [{ id: 'b2' }] },
        ],
        'b1',
      ),
    ).toEqual([
      { id: 'u2', name: 'Anna A.' },
      { id: 'u1', name: 'zora' },
    ])
  })
})

describe('week headings and the address', () => {
  it('names the week and its days', () => {
    expect(weekHeading('2027-03-22')).toEqual({ week: 12, range: '22.–28.03.2027' })
    expect(weekHeading('2027-03-29')).toEqual({ week: 13, range: '29.03.–04.04.2027' })
    expect(weekHeading('2026-12-28')).toEqual({ week: 53, range: '28.12.2026–03.01.2027' })
  })
  it('reads a valid week from the address, else today’s', () => {
    expect(weekFromSearch('2027-W13', '2027-03-24')).toBe('2027-W13')
    expect(weekFromSearch('2027-W99', '2027-03-24')).toBe('2027-W12')
    expect(weekFromSearch(null, '2027-03-24')).toBe('2027-W12')
  })
  it('moves an entry by replacing user, start and end under the version it was read with', () => {
    const entry = shift('u1', '2027-03-22', '06:00', '14:00', { version: 3, note: 'Ofen', breakMinutes: 15 })
    expect(movedBody(entry, { userId: 'u2', start: 'S', end: 'E' })).toMatchObject({
      kind: 'shift',
      userId: 'u2',
      branchId: 'b1',
      start: 'S',
      end: 'E',
      breakMinutes: 15,
      note: 'Ofen',
      version: 3,
    })
  })
})
