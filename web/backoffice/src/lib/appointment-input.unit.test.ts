import { describe, expect, it } from 'vitest'
import { proposalStart, zonedIso } from './appointment-input.ts'

const zurich = 'Europe/Zurich'

describe('the counter-appointment input', () => {
  it('turns a date and time in the branch zone into an instant', () => {
    expect(zonedIso('2026-11-24', '14:30', zurich)).toBe('2026-11-24T13:30:00.000Z')
    expect(zonedIso('2026-07-01', '08:00', zurich)).toBe('2026-07-01T06:00:00.000Z')
    expect(zonedIso('2026-11-24', '14:30', 'America/New_York')).toBe('2026-11-24T19:30:00.000Z')
    expect(zonedIso('2026-02-30', '08:00', zurich)).toBeUndefined()
    expect(zonedIso('', '08:00', zurich)).toBeUndefined()
    expect(zonedIso('2026-11-24', '', zurich)).toBeUndefined()
    expect(zonedIso('2026-11-24', '24:00', zurich)).toBeUndefined()
    // The hour the clocks skip in spring is not a time of day there: it moves past the gap.
    expect(zonedIso('2026-03-29', '02:30', zurich)).toBe('2026-03-29T01:30:00.000Z')
  })

  it('starts at the order’s due time, shown in the branch zone', () => {
    const now = Date.parse('2026-11-24T09:00:00.000Z')
    expect(proposalStart('2026-11-24T13:30:00.000Z', now, zurich)).toEqual({
      date: '2026-11-24',
      time: '14:30',
    })
    // Late in the evening UTC is already the next day in Zürich.
    expect(proposalStart('2026-11-24T23:15:00.000Z', now, zurich)).toEqual({
      date: '2026-11-25',
      time: '00:15',
    })
  })

  it('starts an hour from now, on the 5-minute step, when the order has no due time', () => {
    const now = Date.parse('2026-11-24T09:02:10.000Z')
    expect(proposalStart(null, now, zurich)).toEqual({ date: '2026-11-24', time: '11:05' })
    expect(proposalStart(undefined, Date.parse('2026-11-24T09:05:00.000Z'), zurich)).toEqual({
      date: '2026-11-24',
      time: '11:05',
    })
  })
})
