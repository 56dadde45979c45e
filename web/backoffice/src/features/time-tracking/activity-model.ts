/**
 * The working activities list and its correction dialog (issue 20; docs/backoffice.md
 * "Arbeitszeiten korrigieren"): the filters in the address (branch, employee, local days from–to,
 * like the change log's), times shown in the activity's own zone, and the correction form (local
 * date-times in that zone) as the body of POST /api/working-activities/{id}/corrections.
 */
import type { WorkingActivityView } from '@shop/shared/contracts/http/time-tracking.http.ts'
import { instantOf, isLocalDate, wallClockOf } from '@shop/shared/domain/scheduling/zoned-time.ts'

export type ActivityFilters = { branch: string; user: string; from: string; to: string }
export const EMPTY_ACTIVITY_FILTERS: ActivityFilters = { branch: '', user: '', from: '', to: '' }

export function activityFiltersFrom(params: URLSearchParams): ActivityFilters {
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  return {
    branch: (params.get('branch') ?? '').slice(0, 64),
    user: (params.get('user') ?? '').slice(0, 64),
    from: isLocalDate(from) ? from : '',
    to: isLocalDate(to) ? to : '',
  }
}

/** The address's query and the API's (the same names): only the filters set. */
export function activityFiltersToSearch(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of ['branch', 'user', 'from', 'to'] as const) if (filters[key]) params.set(key, filters[key])
  return params
}

/** 'HH:MM' of an instant in a zone; with the date ('DD.MM. HH:MM') when it is not `day`. */
export function clockOf(iso: string, timeZone: string, day?: string): string {
  const wall = wallClockOf(Date.parse(iso), timeZone)
  return day === undefined || wall.date === day
    ? wall.time
    : `${wall.date.slice(8, 10)}.${wall.date.slice(5, 7)}. ${wall.time}`
}

/** start–end of an activity's times ('06:00–14:00'; '06:00–…' while it runs or lacks an end). */
export function spanText(
  times: { start: string; end: string | null },
  timeZone: string,
  day: string,
): string {
  return `${clockOf(times.start, timeZone, day)}–${times.end ? clockOf(times.end, timeZone, day) : '…'}`
}

/** Seconds as 'H:MM' (7:30). */
export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

/** An activity with no end: running, paused, or a forgotten clock-out. */
export const isOpen = (a: Pick<WorkingActivityView, 'end'>) => a.end === null

/** A local date-time input's value ('YYYY-MM-DDTHH:MM') of an instant in a zone. */
export function localInputOf(iso: string, timeZone: string): string {
  const wall = wallClockOf(Date.parse(iso), timeZone)
  return `${wall.date}T${wall.time}`
}

/** The instant (ISO) of a local date-time input's value in a zone, or null when incomplete. */
export function instantOfInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value)
  if (!match || !isLocalDate(match[1])) return null
  return new Date(instantOf(match[1]!, match[2]!, timeZone)).toISOString()
}

export type CorrectionForm = {
  start: string
  end: string
  pauses: { start: string; end: string }[]
  reason: string
}

/** The form as first shown: the times that count now; a missing end proposed as the start. */
export function correctionFormOf(a: WorkingActivityView): CorrectionForm {
  const zone = a.timeZone
  return {
    start: localInputOf(a.start, zone),
    end: a.end ? localInputOf(a.end, zone) : '',
    pauses: a.pauses.map((p) => ({
      start: localInputOf(p.start, zone),
      end: p.end ? localInputOf(p.end, zone) : '',
    })),
    reason: '',
  }
}

/**
 * The correction's body, or the form's own refusals by field (text keys of bo-time-tracking:
 * a time missing, the reason empty). The rules themselves (end after start, pauses inside, no
 * overlap, not in the future) are the server's, shown at their fields.
 */
export function correctionBody(
  form: CorrectionForm,
  timeZone: string,
):
  | { body: { start: string; end: string; pauses: { start: string; end: string }[]; reason: string } }
  | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const start = instantOfInput(form.start, timeZone)
  const end = instantOfInput(form.end, timeZone)
  if (start === null) errors.start = 'error.timeRequired'
  if (end === null) errors.end = 'error.timeRequired'
  const pauses = form.pauses.map((p, i) => {
    const ps = instantOfInput(p.start, timeZone)
    const pe = instantOfInput(p.end, timeZone)
    if (ps === null) errors[`pauses.${i}.start`] = 'error.timeRequired'
    if (pe === null) errors[`pauses.${i}.end`] = 'error.timeRequired'
    return { start: ps ?? '', end: pe ?? '' }
  })
  if (form.reason.trim() === '') errors.reason = 'error.reasonRequired'
  if (Object.keys(errors).length > 0 || start === null || end === null) return { errors }
  return { body: { start, end, pauses, reason: form.reason.trim() } }
}

/** Where a server refusal's field shows in the dialog: 'start', 'end', 'reason', 'pauses.N…' → 'pauses.N', else 'form'. */
export function correctionFieldOf(field: string): string {
  if (field === 'start' || field === 'end' || field === 'reason' || field === 'pauses') return field
  const pause = /^pauses\.(\d+)(?:\.(start|end))?$/.exec(field)
  if (pause) return pause[2] ? `pauses.${pause[1]}.${pause[2]}` : `pauses.${pause[1]}`
  return 'form'
}
