import { randomUUID } from 'node:crypto'
import { createResource, createUser, updateResource } from '@shop/api/resources'
import { runWorkingTimeCommand } from '@shop/api/time-tracking'
import type { Bus, Db } from '@shop/kit'
import { listResources } from '@shop/read-models'
import { type Actor, parseWithErrors, RESOURCE_SCHEMAS } from '@shop/shared/contracts'
import { addDays, instantOf, isoWeekdayOf } from '@shop/shared/domain/scheduling'
import type { WorkingTimeCommand } from '@shop/shared/domain/time-tracking'
import { Random } from './history.ts'

// The demo's time-tracking history (issue 20): four weeks of a small bakery team at the first
// branch, so the dashboard's "Arbeitszeit" and the labour cost share show figures out of the box:
// the demo employee on split shifts (06:00–10:00 and 16:00–19:00) and day shifts with one
// holiday, a night baker (22:00–06:00) and a weekend saleswoman without an hourly rate. The plan
// is written as working-schedule resources, the worked time through the real working-time
// commands (start, pause, resume, end: the same decider and stream as the terminal). Seeded from
// the demo clock's day: the same day, the same hours. Only with an order history (`historyDays`).

export const TIME_HISTORY_DAYS = 28

export type TimePerson = {
  key: 'employee' | 'baker' | 'sales'
  username: string
  displayName: string
  /** Cents per hour; null: none recorded (the dashboard says hours lack a rate). */
  hourlyRate: number | null
  holidayDaysPerYear: number
}

/** The team: the demo's employee (made by the demo) and two more made here. */
export const TIME_PEOPLE: readonly TimePerson[] = [
  {
    key: 'employee',
    username: 'mitarbeiter',
    displayName: 'Demo Mitarbeiterin',
    hourlyRate: 2850,
    holidayDaysPerYear: 25,
  },
  {
    key: 'baker',
    username: 'baecker',
    displayName: 'Luca Brunner',
    hourlyRate: 3300,
    holidayDaysPerYear: 25,
  },
  {
    key: 'sales',
    username: 'aushilfe',
    displayName: 'Sara Keller',
    hourlyRate: null,
    holidayDaysPerYear: 20,
  },
]

/** A shift of the plan and the activity worked for it (null: planned, not worked). */
export type TimeShift = {
  person: TimePerson['key']
  start: number
  end: number
  breakMinutes: number
  worked: { start: number; end: number; pause: { start: number; end: number } | null } | null
}

export type TimePlan = {
  shifts: TimeShift[]
  holiday: { person: TimePerson['key']; from: string; to: string }
}

const MIN = 60_000

/**
 * The shifts of the `TIME_HISTORY_DAYS` days before `today` (and the activities for those that
 * ended before `now`), in the branch's zone; oldest first.
 */
export function planTimeHistory(opts: {
  today: string
  now: number
  timeZone: string
  seed?: number
}): TimePlan {
  const r = new Random(opts.seed ?? 2027)
  const shifts: TimeShift[] = []
  const first = addDays(opts.today, -TIME_HISTORY_DAYS)
  // One holiday: Wednesday and Thursday of the second week.
  const holidayFrom = addDays(first, 7 + ((3 - isoWeekdayOf(addDays(first, 7)) + 7) % 7))
  const holiday = { person: 'employee' as const, from: holidayFrom, to: addDays(holidayFrom, 1) }
  const at = (day: string, time: string) => instantOf(day, time, opts.timeZone)
  const shift = (
    person: TimeShift['person'],
    day: string,
    from: string,
    to: string,
    breakMinutes: number,
  ) => {
    const start = at(day, from)
    const end = to < from ? at(addDays(day, 1), to) : at(day, to)
    // Worked: a few minutes early or late, sometimes a little longer; the break about as planned.
    const ws = start + r.int(-8, 6) * MIN
    const we = end + r.int(-5, 20) * MIN
    const mid = start + Math.round((end - start) / 2 / MIN) * MIN
    const pause = breakMinutes > 0 ? { start: mid, end: mid + (breakMinutes + r.int(-5, 5)) * MIN } : null
    shifts.push({
      person,
      start,
      end,
      breakMinutes,
      worked: we <= opts.now ? { start: ws, end: we, pause } : null,
    })
  }
  for (let d = TIME_HISTORY_DAYS; d >= 1; d--) {
    const day = addDays(opts.today, -d)
    const weekday = isoWeekdayOf(day)
    if (day < holiday.from || day > holiday.to) {
      // The employee: split shifts Monday, Wednesday, Friday; day shifts Tuesday and Thursday.
      if (weekday === 1 || weekday === 3 || weekday === 5) {
        shift('employee', day, '06:00', '10:00', 0)
        shift('employee', day, '16:00', '19:00', 0)
      } else if (weekday === 2 || weekday === 4) shift('employee', day, '07:00', '15:30', 30)
    }
    // The baker: nights from Sunday to Thursday, 22:00–06:00 (the night is the evening's day).
    if (weekday === 7 || weekday <= 4) shift('baker', day, '22:00', '06:00', 30)
    // The saleswoman: Saturday and Sunday mornings, Thursday afternoons.
    if (weekday >= 6) shift('sales', day, '07:00', '13:00', 0)
    if (weekday === 4) shift('sales', day, '13:00', '18:30', 30)
  }
  shifts.sort((a, b) => a.start - b.start)
  return { shifts, holiday }
}

const DEMO_ACTOR: Actor = { kind: 'system', id: 'demo', name: 'Demo-Daten' }

function parsed(type: 'working-schedules', body: unknown): Record<string, unknown> {
  const schema = RESOURCE_SCHEMAS[type].create
  const result = parseWithErrors(schema, body)
  if (!result.success) throw new Error(`demo time tracking: ${JSON.stringify(result.errors)}`)
  return result.data as Record<string, unknown>
}

/**
 * Writes the team (hourly rates and holiday entitlements; the two extra users with the demo's
 * passwords), the plan and the worked activities. Returns the number of activities.
 */
export async function seedTimeHistory(
  deps: { db: Db; bus: Pick<Bus, 'notifyAppended'> },
  opts: { branchId: string; timeZone: string; today: string; now: Date },
): Promise<number> {
  const plan = planTimeHistory({ today: opts.today, now: opts.now.getTime(), timeZone: opts.timeZone })
  const users = await listResources(deps.db, 'user')
  const ids = new Map<TimePerson['key'], string>()
  for (const person of TIME_PEOPLE) {
    let row = users.find((u) => String(u.data.username).toLowerCase() === person.username)
    if (!row) {
      const created = await createUser(
        { db: deps.db, bus: deps.bus },
        {
          username: person.username,
          password: `demo-${person.username}-2026`,
          displayName: person.displayName,
          roles: ['ROLE_EMPLOYEE'],
          branches: [{ id: opts.branchId }],
        },
        DEMO_ACTOR,
      )
      row = { ...created, data: created.data }
    }
    ids.set(person.key, row.id)
    await updateResource({
      db: deps.db,
      bus: deps.bus,
      type: 'user',
      id: row.id,
      version: row.version,
      actor: DEMO_ACTOR,
      now: opts.now,
      data: (current: Record<string, unknown>) => ({
        ...current,
        holidayDaysPerYear: person.holidayDaysPerYear,
        ...(person.hourlyRate === null ? {} : { hourlyRate: person.hourlyRate }),
      }),
    })
  }
  const schedule = (body: Record<string, unknown>) =>
    createResource({
      db: deps.db,
      bus: deps.bus,
      type: 'working-schedule',
      actor: DEMO_ACTOR,
      now: opts.now,
      data: parsed('working-schedules', body),
    })
  for (const s of plan.shifts) {
    await schedule({
      kind: 'shift',
      userId: ids.get(s.person),
      branchId: opts.branchId,
      start: new Date(s.start).toISOString(),
      end: new Date(s.end).toISOString(),
      breakMinutes: s.breakMinutes,
    })
  }
  await schedule({
    kind: 'holiday',
    userId: ids.get(plan.holiday.person),
    from: plan.holiday.from,
    to: plan.holiday.to,
  })

  let activities = 0
  for (const s of plan.shifts) {
    if (!s.worked) continue
    const userId = ids.get(s.person)!
    const person = TIME_PEOPLE.find((p) => p.key === s.person)!
    const actor: Actor = { kind: 'staff', id: userId, name: person.displayName }
    const base = (ms: number) => ({ userId, at: new Date(ms).toISOString(), actor })
    const commands: WorkingTimeCommand[] = [
      {
        type: 'StartWorkingActivity',
        ...base(s.worked.start),
        activityId: randomUUID(),
        branchId: opts.branchId,
        projectId: null,
        taskId: null,
        timeZone: opts.timeZone,
      },
      ...(s.worked.pause
        ? [
            { type: 'PauseWorkingActivity' as const, ...base(s.worked.pause.start) },
            { type: 'ResumeWorkingActivity' as const, ...base(s.worked.pause.end) },
          ]
        : []),
      { type: 'EndWorkingActivity', ...base(s.worked.end) },
    ]
    for (const command of commands) await runWorkingTimeCommand(deps, command, () => null)
    activities++
  }
  return activities
}
