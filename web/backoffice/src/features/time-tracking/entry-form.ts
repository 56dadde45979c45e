/**
 * The plan entry dialog's form and the bodies it sends (POST / PUT /api/working-schedules): a
 * shift's local times on a day in the branch's zone become instants (an end at or before the
 * start is the next day; DST-safe through shared/domain/time-tracking/plan-week.ts); a new shift
 * may be several (a split shift: one entry each); an absence is its local days.
 */
import { localShift, shiftFromLocal } from '@shop/shared/domain/time-tracking/plan-week.ts'
import type { PlanEntry } from './week-model.ts'

export type EntryKind = 'shift' | 'holiday' | 'sick'
export type ShiftTimesForm = { start: string; end: string; breakMinutes: string }
export type EntryForm = {
  kind: EntryKind
  userId: string
  /** The shift's day (local). */
  date: string
  shifts: ShiftTimesForm[]
  from: string
  to: string
  days: string
  note: string
}

export function entryFormOf(
  entry: PlanEntry | null,
  start: { userId: string; date: string },
  timeZone: string,
): EntryForm {
  const blank: EntryForm = {
    kind: 'shift',
    userId: start.userId,
    date: start.date,
    shifts: [{ start: '', end: '', breakMinutes: '0' }],
    from: start.date,
    to: start.date,
    days: '',
    note: '',
  }
  if (!entry) return blank
  const note = entry.note ?? ''
  if (entry.kind === 'shift' && entry.start && entry.end) {
    const local = localShift({ start: entry.start, end: entry.end }, timeZone)
    return {
      ...blank,
      userId: entry.userId,
      date: local.date,
      shifts: [{ start: local.startTime, end: local.endTime, breakMinutes: String(entry.breakMinutes) }],
      note,
    }
  }
  return {
    ...blank,
    kind: entry.kind,
    userId: entry.userId,
    from: entry.from ?? start.date,
    to: entry.to ?? start.date,
    days: entry.days === null ? '' : String(entry.days),
    note,
  }
}

const TIME = /^\d{2}:\d{2}$/

/**
 * The bodies to send, or the form's own refusals by row and field (text keys of
 * bo-time-tracking): a time is required, a break a whole number of minutes.
 */
export function entryBodies(
  form: EntryForm,
  ctx: { branchId: string; timeZone: string },
): { bodies: Record<string, unknown>[] } | { errors: Record<number, Record<string, string>> } {
  const note = form.note.trim() === '' ? null : form.note.trim()
  const errors: Record<number, Record<string, string>> = {}
  const fail = (row: number, field: string, key: string) => {
    errors[row] = { ...errors[row], [field]: key }
  }
  if (form.kind === 'shift') {
    const bodies = form.shifts.map((s, row) => {
      if (!TIME.test(s.start)) fail(row, 'start', 'error.timeRequired')
      if (!TIME.test(s.end)) fail(row, 'end', 'error.timeRequired')
      const breakMinutes = s.breakMinutes.trim() === '' ? 0 : Number(s.breakMinutes)
      if (!Number.isInteger(breakMinutes) || breakMinutes < 0) fail(row, 'breakMinutes', 'error.wholeMinutes')
      if (errors[row]) return {}
      return {
        kind: 'shift',
        userId: form.userId,
        branchId: ctx.branchId,
        ...shiftFromLocal(form.date, s.start, s.end, ctx.timeZone),
        breakMinutes,
        from: null,
        to: null,
        days: null,
        note,
      }
    })
    return Object.keys(errors).length > 0 ? { errors } : { bodies }
  }
  if (form.from === '') fail(0, 'from', 'error.dateRequired')
  if (form.to === '') fail(0, 'to', 'error.dateRequired')
  const days = form.days.trim() === '' ? null : Number(form.days)
  if (days !== null && !Number.isFinite(days)) fail(0, 'days', 'error.halfDays')
  if (Object.keys(errors).length > 0) return { errors }
  return {
    bodies: [
      {
        kind: form.kind,
        userId: form.userId,
        branchId: null,
        start: null,
        end: null,
        breakMinutes: 0,
        from: form.from,
        to: form.to,
        days,
        note,
      },
    ],
  }
}
