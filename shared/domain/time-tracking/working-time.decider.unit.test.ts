import { describe, expect, it } from 'vitest'
import type { Actor } from '../../contracts/events/order.events.ts'
import { type WorkingTimeEvent, workingTimeEventSchema } from '../../contracts/events/time-tracking.events.ts'
import { activityView, terminalState } from './views.ts'
import {
  decideWorkingTime,
  evolveWorkingTime,
  foldWorkingTime,
  type RefusalReason,
  type WorkingTimeAction,
  type WorkingTimeCommand,
  WorkingTimeRuleError,
  type WorkingTimeState,
} from './working-time.decider.ts'

// The rules of a user's working time, given / when / then as for the order.

const USER = 'u1'
const lena: Actor = { kind: 'staff', id: USER, name: 'Lena' }
const chef: Actor = { kind: 'staff', id: 'boss', name: 'Chefin' }
const base = (at: string, actor = lena) => ({ userId: USER, at, actor })
const start = (at: string, activityId = 'a1'): WorkingTimeCommand => ({
  type: 'StartWorkingActivity',
  ...base(at),
  activityId,
  branchId: 'b1',
  projectId: null,
  taskId: null,
  timeZone: 'Europe/Zurich',
})
const pause = (at: string): WorkingTimeCommand => ({ type: 'PauseWorkingActivity', ...base(at) })
const resume = (at: string): WorkingTimeCommand => ({ type: 'ResumeWorkingActivity', ...base(at) })
const end = (at: string): WorkingTimeCommand => ({ type: 'EndWorkingActivity', ...base(at) })
const correct = (
  at: string,
  times: { start: string; end: string; pauses?: { start: string; end: string }[] },
  reason = 'Ausstempeln vergessen',
  activityId = 'a1',
): WorkingTimeCommand => ({
  type: 'CorrectWorkingActivity',
  ...base(at, chef),
  activityId,
  start: times.start,
  end: times.end,
  pauses: times.pauses ?? [],
  reason,
})

/** Runs the commands in order, each on the state the ones before left. */
function run(commands: WorkingTimeCommand[]): { state: WorkingTimeState; events: WorkingTimeEvent[] } {
  let state = foldWorkingTime([])
  const events: WorkingTimeEvent[] = []
  for (const c of commands) {
    for (const e of decideWorkingTime(c, state)) {
      events.push(e)
      state = evolveWorkingTime(state, e)
    }
  }
  return { state, events }
}

function given(commands: WorkingTimeCommand[]) {
  const { state } = run(commands)
  return {
    when(command: WorkingTimeCommand) {
      return {
        thenEmits(expected: Partial<WorkingTimeEvent>[]) {
          const events = decideWorkingTime(command, state)
          expect(events).toMatchObject(expected)
          for (const e of events) expect(workingTimeEventSchema.parse(e)).toEqual(e)
          return events.reduce(evolveWorkingTime, state)
        },
        thenRefuses(action: WorkingTimeAction, reason: RefusalReason, message?: string) {
          let caught: unknown
          try {
            decideWorkingTime(command, state)
          } catch (err) {
            caught = err
          }
          expect(caught).toBeInstanceOf(WorkingTimeRuleError)
          const err = caught as WorkingTimeRuleError
          expect({ action: err.action, reason: err.reason }).toEqual({ action, reason })
          if (message) expect(err.message).toBe(message)
          return err
        },
      }
    },
  }
}

describe('start', () => {
  it('starts an activity at the branch, the time zone with it', () => {
    const state = given([])
      .when(start('2027-03-01T05:00:00Z'))
      .thenEmits([
        {
          type: 'WorkingActivityStarted',
          userId: USER,
          activityId: 'a1',
          branchId: 'b1',
          projectId: null,
          taskId: null,
          timeZone: 'Europe/Zurich',
          at: '2027-03-01T05:00:00Z',
          actor: lena,
        },
      ])
    expect(state.currentId).toBe('a1')
    expect(state.activities.a1!.status).toBe('running')
  })
  it('refuses a second start while one runs, with the spec message and the reason', () => {
    const err = given([start('2027-03-01T05:00:00Z')])
      .when(start('2027-03-01T06:00:00Z', 'a2'))
      .thenRefuses(
        'start',
        'alreadyRunning',
        'Aktivität konnte nicht gestartet werden. Es läuft bereits eine Aktivität.',
      )
    expect(err.kind).toBe('conflict')
    expect(err.render('en')).toBe('The activity could not be started. An activity is already running.')
  })
  it('refuses a second start while paused too', () => {
    given([start('2027-03-01T05:00:00Z'), pause('2027-03-01T07:00:00Z')])
      .when(start('2027-03-01T08:00:00Z', 'a2'))
      .thenRefuses('start', 'alreadyRunning')
  })
  it('starts again after the end (a split shift: two activities)', () => {
    const state = given([start('2027-03-01T05:00:00Z'), end('2027-03-01T09:00:00Z')])
      .when(start('2027-03-01T15:00:00Z', 'a2'))
      .thenEmits([{ type: 'WorkingActivityStarted', activityId: 'a2' }])
    expect(state.order).toEqual(['a1', 'a2'])
  })
  it('refuses a start before the end of the last activity (a clock behind)', () => {
    given([start('2027-03-01T05:00:00Z'), end('2027-03-01T09:00:00Z')])
      .when(start('2027-03-01T08:00:00Z', 'a2'))
      .thenRefuses('start', 'startBeforeLastEnd')
  })
})

describe('pause and resume', () => {
  it('pauses the running activity and resumes it', () => {
    let state = given([start('2027-03-01T05:00:00Z')])
      .when(pause('2027-03-01T07:00:00Z'))
      .thenEmits([{ type: 'WorkingActivityPaused', activityId: 'a1' }])
    expect(state.activities.a1!.status).toBe('paused')
    state = given([start('2027-03-01T05:00:00Z'), pause('2027-03-01T07:00:00Z')])
      .when(resume('2027-03-01T07:30:00Z'))
      .thenEmits([{ type: 'WorkingActivityResumed', activityId: 'a1' }])
    expect(state.activities.a1!.recorded.pauses).toEqual([
      { start: '2027-03-01T07:00:00Z', end: '2027-03-01T07:30:00Z' },
    ])
  })
  it('refuses a pause without a running activity', () => {
    given([])
      .when(pause('2027-03-01T07:00:00Z'))
      .thenRefuses('pause', 'notRunning', 'Aktivität konnte nicht pausiert werden. Es läuft keine Aktivität.')
    given([start('2027-03-01T05:00:00Z'), end('2027-03-01T06:00:00Z')])
      .when(pause('2027-03-01T07:00:00Z'))
      .thenRefuses('pause', 'notRunning')
  })
  it('refuses a pause while paused', () => {
    given([start('2027-03-01T05:00:00Z'), pause('2027-03-01T07:00:00Z')])
      .when(pause('2027-03-01T07:10:00Z'))
      .thenRefuses(
        'pause',
        'alreadyPaused',
        'Aktivität konnte nicht pausiert werden. Die Aktivität ist bereits pausiert.',
      )
  })
  it('refuses a resume without a running activity, and while not paused', () => {
    given([])
      .when(resume('2027-03-01T07:00:00Z'))
      .thenRefuses(
        'resume',
        'notRunning',
        'Aktivität konnte nicht fortgesetzt werden. Es läuft keine Aktivität.',
      )
    given([start('2027-03-01T05:00:00Z')])
      .when(resume('2027-03-01T07:00:00Z'))
      .thenRefuses(
        'resume',
        'notPaused',
        'Aktivität konnte nicht fortgesetzt werden. Die Aktivität ist nicht pausiert.',
      )
  })
})

describe('end', () => {
  it('ends the running activity and clears the current one (spec §4)', () => {
    const state = given([start('2027-03-01T05:00:00Z')])
      .when(end('2027-03-01T13:00:00Z'))
      .thenEmits([{ type: 'WorkingActivityEnded', activityId: 'a1' }])
    expect(state.currentId).toBeNull()
    expect(state.activities.a1!.recorded.end).toBe('2027-03-01T13:00:00Z')
  })
  it('ends a paused activity, closing the pause at the end', () => {
    const state = given([start('2027-03-01T05:00:00Z'), pause('2027-03-01T12:00:00Z')])
      .when(end('2027-03-01T13:00:00Z'))
      .thenEmits([{ type: 'WorkingActivityEnded' }])
    expect(state.activities.a1!.recorded.pauses).toEqual([
      { start: '2027-03-01T12:00:00Z', end: '2027-03-01T13:00:00Z' },
    ])
    expect(activityView(state.activities.a1!, Date.parse('2027-03-02T00:00:00Z'))).toMatchObject({
      workedSeconds: 7 * 3600,
      breakSeconds: 3600,
    })
  })
  it('refuses an end without a start', () => {
    given([])
      .when(end('2027-03-01T13:00:00Z'))
      .thenRefuses('end', 'notRunning', 'Aktivität konnte nicht beendet werden. Es läuft keine Aktivität.')
  })
  it('refuses a second end', () => {
    given([start('2027-03-01T05:00:00Z'), end('2027-03-01T13:00:00Z')])
      .when(end('2027-03-01T13:01:00Z'))
      .thenRefuses('end', 'notRunning')
  })
})

describe('corrections (managers)', () => {
  const day = [start('2027-03-01T05:00:00Z'), end('2027-03-01T13:00:00Z')]
  it('adds a correction; the recorded times stay, the corrected ones count', () => {
    const state = given(day)
      .when(
        correct('2027-03-02T08:00:00Z', {
          start: '2027-03-01T04:30:00Z',
          end: '2027-03-01T13:00:00Z',
          pauses: [{ start: '2027-03-01T09:00:00Z', end: '2027-03-01T09:30:00Z' }],
        }),
      )
      .thenEmits([
        {
          type: 'WorkingActivityCorrected',
          activityId: 'a1',
          reason: 'Ausstempeln vergessen',
          actor: chef,
          start: '2027-03-01T04:30:00.000Z',
        },
      ])
    const view = activityView(state.activities.a1!, Date.parse('2027-03-03T00:00:00Z'))
    expect(view.recorded).toEqual({ start: '2027-03-01T05:00:00Z', end: '2027-03-01T13:00:00Z', pauses: [] })
    expect(view.start).toBe('2027-03-01T04:30:00.000Z')
    expect(view.isCorrected).toBe(true)
    expect(view.corrections[0]).toMatchObject({
      by: { id: 'boss', name: 'Chefin' },
      reason: 'Ausstempeln vergessen',
    })
    expect(view.workedSeconds).toBe(8 * 3600)
    expect(view.breakSeconds).toBe(1800)
  })
  it('corrects a forgotten clock-out: the running activity ends', () => {
    const state = given([start('2027-03-01T05:00:00Z')])
      .when(correct('2027-03-02T08:00:00Z', { start: '2027-03-01T05:00:00Z', end: '2027-03-01T13:00:00Z' }))
      .thenEmits([{ type: 'WorkingActivityCorrected' }])
    expect(state.currentId).toBeNull()
    expect(state.activities.a1!.status).toBe('ended')
    expect(state.activities.a1!.recorded.end).toBeNull()
  })
  it('needs a reason', () => {
    given(day)
      .when(
        correct('2027-03-02T08:00:00Z', { start: '2027-03-01T05:00:00Z', end: '2027-03-01T12:00:00Z' }, '  '),
      )
      .thenRefuses('correct', 'reasonRequired')
  })
  it('refuses an unknown activity', () => {
    const err = given(day)
      .when(
        correct(
          '2027-03-02T08:00:00Z',
          { start: '2027-03-01T05:00:00Z', end: '2027-03-01T12:00:00Z' },
          'x',
          'zz',
        ),
      )
      .thenRefuses('correct', 'activityNotFound')
    expect(err.kind).toBe('not_found')
  })
  it('refuses negative and empty intervals', () => {
    given(day)
      .when(correct('2027-03-02T08:00:00Z', { start: '2027-03-01T12:00:00Z', end: '2027-03-01T05:00:00Z' }))
      .thenRefuses('correct', 'endNotAfterStart')
    given(day)
      .when(correct('2027-03-02T08:00:00Z', { start: '2027-03-01T12:00:00Z', end: '2027-03-01T12:00:00Z' }))
      .thenRefuses('correct', 'endNotAfterStart')
    given(day)
      .when(
        correct('2027-03-02T08:00:00Z', {
          start: '2027-03-01T05:00:00Z',
          end: '2027-03-01T13:00:00Z',
          pauses: [{ start: '2027-03-01T10:00:00Z', end: '2027-03-01T09:00:00Z' }],
        }),
      )
      .thenRefuses('correct', 'pauseOutside')
  })
  it('refuses times in the future', () => {
    given(day)
      .when(correct('2027-03-01T12:00:00Z', { start: '2027-03-01T05:00:00Z', end: '2027-03-01T13:00:00Z' }))
      .thenRefuses('correct', 'inFuture')
  })
  it('refuses pauses outside the activity and overlapping pauses', () => {
    given(day)
      .when(
        correct('2027-03-02T08:00:00Z', {
          start: '2027-03-01T05:00:00Z',
          end: '2027-03-01T13:00:00Z',
          pauses: [{ start: '2027-03-01T12:30:00Z', end: '2027-03-01T13:30:00Z' }],
        }),
      )
      .thenRefuses('correct', 'pauseOutside')
    given(day)
      .when(
        correct('2027-03-02T08:00:00Z', {
          start: '2027-03-01T05:00:00Z',
          end: '2027-03-01T13:00:00Z',
          pauses: [
            { start: '2027-03-01T09:00:00Z', end: '2027-03-01T10:00:00Z' },
            { start: '2027-03-01T09:30:00Z', end: '2027-03-01T10:30:00Z' },
          ],
        }),
      )
      .thenRefuses('correct', 'pausesOverlap')
  })
  it('refuses times that overlap another activity of the user', () => {
    given([...day, start('2027-03-01T15:00:00Z', 'a2'), end('2027-03-01T18:00:00Z')])
      .when(correct('2027-03-02T08:00:00Z', { start: '2027-03-01T05:00:00Z', end: '2027-03-01T16:00:00Z' }))
      .thenRefuses('correct', 'overlapsOther')
    // Touching is no overlap.
    given([...day, start('2027-03-01T15:00:00Z', 'a2'), end('2027-03-01T18:00:00Z')])
      .when(correct('2027-03-02T08:00:00Z', { start: '2027-03-01T05:00:00Z', end: '2027-03-01T15:00:00Z' }))
      .thenEmits([{ type: 'WorkingActivityCorrected' }])
  })
  it('keeps every correction; the last counts', () => {
    const { state } = run([
      ...day,
      correct(
        '2027-03-02T08:00:00Z',
        { start: '2027-03-01T04:00:00Z', end: '2027-03-01T13:00:00Z' },
        'erste',
      ),
      correct(
        '2027-03-02T09:00:00Z',
        { start: '2027-03-01T04:30:00Z', end: '2027-03-01T13:00:00Z' },
        'zweite',
      ),
    ])
    const view = activityView(state.activities.a1!, Date.parse('2027-03-03T00:00:00Z'))
    expect(view.corrections.map((c) => c.reason)).toEqual(['erste', 'zweite'])
    expect(view.start).toBe('2027-03-01T04:30:00.000Z')
  })
})

describe('the terminal state', () => {
  it("shows the current activity, today's and the week's sums in the zone", () => {
    const { state } = run([
      start('2027-03-01T05:00:00Z'),
      pause('2027-03-01T09:00:00Z'),
      resume('2027-03-01T09:30:00Z'),
      end('2027-03-01T13:00:00Z'),
      start('2027-03-02T05:00:00Z', 'a2'),
    ])
    const view = terminalState(state, Date.parse('2027-03-02T07:00:00Z'), 'Europe/Zurich')
    expect(view.current?.id).toBe('a2')
    expect(view.today).toMatchObject({ date: '2027-03-02', workedSeconds: 2 * 3600, breakSeconds: 0 })
    expect(view.week).toMatchObject({ from: '2027-03-01', to: '2027-03-07', workedSeconds: (7.5 + 2) * 3600 })
    expect(view.week.days).toHaveLength(7)
  })
})
