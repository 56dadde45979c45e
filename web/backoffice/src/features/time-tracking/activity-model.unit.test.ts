import type { WorkingActivityView } from '@shop/shared/contracts/http/time-tracking.http.ts'
import { describe, expect, it } from 'vitest'
import {
  activityFiltersFrom,
  activityFiltersToSearch,
  correctionBody,
  correctionFieldOf,
  correctionFormOf,
  durationText,
  instantOfInput,
  spanText,
} from './activity-model.ts'
import { entryBodies, entryFormOf } from './entry-form.ts'

const ZONE = 'Europe/Zurich'

const activity = (over: Partial<WorkingActivityView> = {}): WorkingActivityView => ({
  id: 'a1',
  userId: 'u1',
  branchId: 'b1',
  projectId: null,
  taskId: null,
  status: 'running',
  day: '2027-03-27',
  timeZone: ZONE,
  start: '2027-03-27T21:00:00.000Z',
  end: null,
  pauses: [{ start: '2027-03-27T23:00:00.000Z', end: '2027-03-27T23:30:00.000Z' }],
  workedSeconds: 0,
  breakSeconds: 0,
  isCorrected: false,
  recorded: { start: '2027-03-27T21:00:00.000Z', end: null, pauses: [] },
  corrections: [],
  ...over,
})

describe('the activity filters', () => {
  it('keep valid values only, in the address and the API query alike', () => {
    const f = activityFiltersFrom(new URLSearchParams('branch=b1&user=u1&from=2027-03-01&to=nope'))
    expect(f).toEqual({ branch: 'b1', user: 'u1', from: '2027-03-01', to: '' })
    expect(activityFiltersToSearch(f).toString()).toBe('branch=b1&user=u1&from=2027-03-01')
  })
})

describe('times of an activity', () => {
  it('are shown in its zone, with the date when they pass its day', () => {
    expect(
      spanText({ start: '2027-03-27T21:00:00.000Z', end: '2027-03-28T04:00:00.000Z' }, ZONE, '2027-03-27'),
    ).toBe('22:00–28.03. 06:00')
    expect(spanText({ start: '2027-03-27T21:00:00.000Z', end: null }, ZONE, '2027-03-27')).toBe('22:00–…')
    expect(durationText(27_000)).toBe('7:30')
  })
})

describe('the correction form', () => {
  it('proposes the times that count, in local date-times, and sends them as instants', () => {
    const form = correctionFormOf(activity())
    expect(form).toEqual({
      start: '2027-03-27T22:00',
      end: '',
      pauses: [{ start: '2027-03-28T00:00', end: '2027-03-28T00:30' }],
      reason: '',
    })
    // Into summer time: 06:00 on the 28th is 04:00 UTC.
    const made = correctionBody({ ...form, end: '2027-03-28T06:00', reason: ' Ausstempeln vergessen ' }, ZONE)
    expect(made).toEqual({
      body: {
        start: '2027-03-27T21:00:00.000Z',
        end: '2027-03-28T04:00:00.000Z',
        pauses: [{ start: '2027-03-27T23:00:00.000Z', end: '2027-03-27T23:30:00.000Z' }],
        reason: 'Ausstempeln vergessen',
      },
    })
  })
  it('refuses a missing time or reason at its field, and places server fields', () => {
    expect(
      correctionBody(
        { start: '2027-03-27T22:00', end: '', pauses: [{ start: '', end: 'x' }], reason: '' },
        ZONE,
      ),
    ).toEqual({
      errors: {
        end: 'error.timeRequired',
        'pauses.0.start': 'error.timeRequired',
        'pauses.0.end': 'error.timeRequired',
        reason: 'error.reasonRequired',
      },
    })
    expect(instantOfInput('2027-02-30T10:00', ZONE)).toBeNull()
    expect(correctionFieldOf('pauses.1')).toBe('pauses.1')
    expect(correctionFieldOf('pauses.0.end')).toBe('pauses.0.end')
    expect(correctionFieldOf('activityId')).toBe('form')
  })
})

describe('the plan entry form', () => {
  it('makes one shift entry per row of a split shift, a late end on the next day', () => {
    const form = entryFormOf(null, { userId: 'u1', date: '2027-03-27' }, ZONE)
    const made = entryBodies(
      {
        ...form,
        shifts: [
          { start: '06:00', end: '10:00', breakMinutes: '0' },
          { start: '22:00', end: '01:00', breakMinutes: '15' },
        ],
        note: ' ',
      },
      { branchId: 'b1', timeZone: ZONE },
    )
    expect(made).toEqual({
      bodies: [
        expect.objectContaining({
          start: '2027-03-27T05:00:00.000Z',
          end: '2027-03-27T09:00:00.000Z',
          note: null,
        }),
        expect.objectContaining({
          kind: 'shift',
          userId: 'u1',
          branchId: 'b1',
          start: '2027-03-27T21:00:00.000Z',
          end: '2027-03-28T00:00:00.000Z',
          breakMinutes: 15,
        }),
      ],
    })
    expect(
      entryBodies(
        { ...form, shifts: [{ start: '', end: '10:00', breakMinutes: '1.5' }] },
        { branchId: 'b1', timeZone: ZONE },
      ),
    ).toEqual({
      errors: { 0: { start: 'error.timeRequired', breakMinutes: 'error.wholeMinutes' } },
    })
  })
  it('makes an absence of local days, and reads an entry back', () => {
    const form = entryFormOf(null, { userId: 'u1', date: '2027-03-29' }, ZONE)
    expect(
      entryBodies(
        { ...form, kind: 'holiday', to: '2027-04-02', days: '4.5' },
        { branchId: 'b1', timeZone: ZONE },
      ),
    ).toEqual({
      bodies: [
        {
          kind: 'holiday',
          userId: 'u1',
          branchId: null,
          start: null,
          end: null,
          breakMinutes: 0,
          from: '2027-03-29',
          to: '2027-04-02',
          days: 4.5,
          note: null,
        },
      ],
    })
    const back = entryFormOf(
      {
        id: 's',
        version: 2,
        kind: 'shift',
        userId: 'u2',
        branchId: 'b1',
        start: '2027-03-27T21:00:00.000Z',
        end: '2027-03-28T04:00:00.000Z',
        breakMinutes: 30,
        from: null,
        to: null,
        days: null,
        note: 'Nacht',
      },
      { userId: 'u1', date: '2027-03-22' },
      ZONE,
    )
    expect(back).toMatchObject({
      userId: 'u2',
      date: '2027-03-27',
      shifts: [{ start: '22:00', end: '06:00', breakMinutes: '30' }],
      note: 'Nacht',
    })
  })
})
