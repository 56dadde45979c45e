import { describe, expect, it } from 'vitest'
import { isScheduledAt, itemSeconds, nextItemIndex, playableAt } from './playlist.ts'

const ZONE = 'Europe/Zurich'
const at = (iso: string) => Date.parse(iso)
const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

describe('isScheduledAt', () => {
  it('plays always without a schedule', () => {
    expect(isScheduledAt(null, at('2027-01-01T03:00:00Z'), ZONE)).toBe(true)
  })

  it('reads from–to on the local wall clock, inclusive from, exclusive to', () => {
    const morning = { days: everyDay, from: '08:00', to: '12:00' }
    // Winter: Zurich is UTC+1.
    expect(isScheduledAt(morning, at('2027-01-12T06:59:00Z'), ZONE)).toBe(false)
    expect(isScheduledAt(morning, at('2027-01-12T07:00:00Z'), ZONE)).toBe(true)
    expect(isScheduledAt(morning, at('2027-01-12T10:59:00Z'), ZONE)).toBe(true)
    expect(isScheduledAt(morning, at('2027-01-12T11:00:00Z'), ZONE)).toBe(false)
  })

  it('moves with the clock over the spring and autumn DST changes', () => {
    const morning = { days: everyDay, from: '08:00', to: '12:00' }
    // Saturday 27 March 2027 (UTC+1) and Sunday 28 March after the change (UTC+2).
    expect(isScheduledAt(morning, at('2027-03-27T07:30:00Z'), ZONE)).toBe(true)
    expect(isScheduledAt(morning, at('2027-03-28T06:30:00Z'), ZONE)).toBe(true) // 08:30 CEST
    expect(isScheduledAt(morning, at('2027-03-28T05:30:00Z'), ZONE)).toBe(false) // 07:30 CEST
    expect(isScheduledAt(morning, at('2027-03-28T10:30:00Z'), ZONE)).toBe(false) // 12:30 CEST
    // Sunday 31 October 2027 back to UTC+1: 11:30 local is 10:30Z.
    expect(isScheduledAt(morning, at('2027-10-31T10:30:00Z'), ZONE)).toBe(true)
    expect(isScheduledAt(morning, at('2027-10-31T11:30:00Z'), ZONE)).toBe(false)
    // During the repeated hour 02:00–03:00 both instants are 02:xx local.
    const night = { days: ['sunday'] as const, from: '02:00', to: '03:00' }
    expect(isScheduledAt(night, at('2027-10-31T00:30:00Z'), ZONE)).toBe(true)
    expect(isScheduledAt(night, at('2027-10-31T01:30:00Z'), ZONE)).toBe(true)
    expect(isScheduledAt(night, at('2027-10-31T02:30:00Z'), ZONE)).toBe(false)
  })

  it('takes the weekday in the branch zone, not in UTC', () => {
    const saturdays = { days: ['saturday'] as const, from: '00:00', to: '24:00' }
    // Friday 23:30Z is Saturday 00:30 in Zurich.
    expect(isScheduledAt(saturdays, at('2027-01-15T23:30:00Z'), ZONE)).toBe(true)
    expect(isScheduledAt(saturdays, at('2027-01-15T22:30:00Z'), ZONE)).toBe(false)
    expect(isScheduledAt(saturdays, at('2027-01-15T22:30:00Z'), 'UTC')).toBe(false)
    expect(isScheduledAt(saturdays, at('2027-01-16T23:30:00Z'), 'UTC')).toBe(true)
  })

  it('runs a window past midnight into the next day, for the day it starts on', () => {
    const fridayNight = { days: ['friday'] as const, from: '22:00', to: '02:00' }
    expect(isScheduledAt(fridayNight, at('2027-01-15T21:30:00Z'), ZONE)).toBe(true) // Fri 22:30
    expect(isScheduledAt(fridayNight, at('2027-01-16T00:30:00Z'), ZONE)).toBe(true) // Sat 01:30
    expect(isScheduledAt(fridayNight, at('2027-01-16T01:30:00Z'), ZONE)).toBe(false) // Sat 02:30
    expect(isScheduledAt(fridayNight, at('2027-01-15T00:30:00Z'), ZONE)).toBe(false) // Fri 01:30
  })
})

describe('the order of play', () => {
  const items = [
    { segmentId: 'a' },
    { segmentId: 'b', schedule: { days: ['monday'] as const, from: '08:00', to: '12:00' } },
    { segmentId: 'c', durationSeconds: 30 },
  ]
  const mondayMorning = at('2027-01-11T08:00:00Z')
  const mondayEvening = at('2027-01-11T18:00:00Z')

  it('lists the items scheduled now, in order', () => {
    expect(playableAt(items, mondayMorning, ZONE).map((p) => p.item.segmentId)).toEqual(['a', 'b', 'c'])
    expect(playableAt(items, mondayEvening, ZONE).map((p) => p.index)).toEqual([0, 2])
  })

  it('skips what is not scheduled and wraps round', () => {
    expect(nextItemIndex(items, -1, mondayMorning, ZONE)).toBe(0)
    expect(nextItemIndex(items, 0, mondayMorning, ZONE)).toBe(1)
    expect(nextItemIndex(items, 0, mondayEvening, ZONE)).toBe(2)
    expect(nextItemIndex(items, 2, mondayEvening, ZONE)).toBe(0)
  })

  it('answers -1 when nothing is scheduled', () => {
    const onlyMonday = [items[1]!]
    expect(nextItemIndex(onlyMonday, -1, mondayEvening, ZONE)).toBe(-1)
    expect(nextItemIndex([], -1, mondayEvening, ZONE)).toBe(-1)
  })

  it("takes the item's duration, else the segment's, else ten seconds", () => {
    expect(itemSeconds(items[2]!, 15)).toBe(30)
    expect(itemSeconds(items[0]!, 15)).toBe(15)
    expect(itemSeconds(items[0]!, null)).toBe(10)
  })
})
