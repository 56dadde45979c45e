import type { WorkingActivityView } from '@shop/shared/contracts'
import { addDays, daysInMonth, localDateOf, wallClockOf } from '@shop/shared/domain/scheduling'
import { type Absence, absenceDaysWithin } from '@shop/shared/domain/time-tracking'

// A month's time sheet of one employee (issue 20 payroll export; docs/time-tracking.md "Time
// sheets"): one row per activity (times in its branch's zone, the day it counts to), a row for a
// planned day without activity and for a holiday or sick day, totals. Pure; the CSV here, the PDF
// in time-sheet-pdf.ts, the route in time-sheets.routes.ts.

export type SheetRow = {
  date: string
  /** Local hh:mm; '' for a day without activity. */
  start: string
  /** Local hh:mm, with ' (+1)' when on a later day; '' while running or without activity. */
  end: string
  breakSeconds: number
  workedSeconds: number
  /** The day's planned seconds, on the day's first row (0 on the others). */
  plannedSeconds: number
  project: string
  task: string
  corrected: boolean
  /** The correction's reason, else a note: running, holiday, sick. */
  remark: string
}

export type TimeSheet = {
  userId: string
  name: string
  branches: string[]
  month: string
  from: string
  to: string
  generatedAt: string
  timeZone: string
  rows: SheetRow[]
  totals: {
    workedSeconds: number
    breakSeconds: number
    plannedSeconds: number
    overtimeSeconds: number
    holidayDays: number
  }
}

export type SheetShift = { date: string; plannedSeconds: number }

export type SheetTexts = {
  title: string
  name: string
  branches: string
  period: string
  generatedAt: string
  columns: string[]
  totalWorked: string
  totalPlanned: string
  overtime: string
  totalBreaks: string
  holidayDays: string
  running: string
  holiday: string
  sick: string
  yes: string
  page: (n: number, of: number) => string
}

const TEXTS: Record<'de' | 'fr' | 'en', SheetTexts> = {
  de: {
    title: 'Stundenzettel',
    name: 'Mitarbeiter/in',
    branches: 'Filialen',
    period: 'Zeitraum',
    generatedAt: 'Erstellt',
    columns: [
      'Datum',
      'Beginn',
      'Ende',
      'Pausen (hh:mm)',
      'Pausen (h)',
      'Arbeitszeit (hh:mm)',
      'Arbeitszeit (h)',
      'Soll (hh:mm)',
      'Soll (h)',
      'Projekt',
      'Aufgabe',
      'Korrigiert',
      'Grund / Bemerkung',
    ],
    totalWorked: 'Total Arbeitszeit',
    totalPlanned: 'Total Soll',
    overtime: 'Überzeit',
    totalBreaks: 'Total Pausen',
    holidayDays: 'Ferientage bezogen',
    running: 'läuft noch',
    holiday: 'Ferien',
    sick: 'Krank',
    yes: 'ja',
    page: (n, of) => `Seite ${n} von ${of}`,
  },
  fr: {
    title: 'Feuille de temps',
    name: 'Collaborateur/trice',
    branches: 'Filiales',
    period: 'Période',
    generatedAt: 'Établi le',
    columns: [
      'Date',
      'Début',
      'Fin',
      'Pauses (hh:mm)',
      'Pauses (h)',
      'Temps de travail (hh:mm)',
      'Temps de travail (h)',
      'Prévu (hh:mm)',
      'Prévu (h)',
      'Projet',
      'Tâche',
      'Corrigé',
      'Motif / remarque',
    ],
    totalWorked: 'Total temps de travail',
    totalPlanned: 'Total prévu',
    overtime: 'Heures supplémentaires',
    totalBreaks: 'Total pauses',
    holidayDays: 'Jours de vacances pris',
    running: 'en cours',
    holiday: 'Vacances',
    sick: 'Maladie',
    yes: 'oui',
    page: (n, of) => `Page ${n} sur ${of}`,
  },
  en: {
    title: 'Time sheet',
    name: 'Employee',
    branches: 'Branches',
    period: 'Period',
    generatedAt: 'Generated',
    columns: [
      'Date',
      'Start',
      'End',
      'Breaks (hh:mm)',
      'Breaks (h)',
      'Worked (hh:mm)',
      'Worked (h)',
      'Planned (hh:mm)',
      'Planned (h)',
      'Project',
      'Task',
      'Corrected',
      'Reason / remark',
    ],
    totalWorked: 'Total worked',
    totalPlanned: 'Total planned',
    overtime: 'Overtime',
    totalBreaks: 'Total breaks',
    holidayDays: 'Holiday days taken',
    running: 'running',
    holiday: 'Holiday',
    sick: 'Sick',
    yes: 'yes',
    page: (n, of) => `Page ${n} of ${of}`,
  },
}

/** The texts for a request's locale (de-CH unless it asks for fr or en). */
export function sheetTexts(locale: string | undefined): SheetTexts {
  const l = (locale ?? '').toLowerCase()
  return l.startsWith('fr') ? TEXTS.fr : l.startsWith('en') ? TEXTS.en : TEXTS.de
}

/** The first and last local day of a month 'YYYY-MM'. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}` }
}

/** 'hh:mm' of seconds (minutes rounded down; negative with a sign). */
export function hhmm(secs: number): string {
  const sign = secs < 0 ? '-' : ''
  const minutes = Math.floor(Math.abs(secs) / 60)
  return `${sign}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

/** Decimal hours with a dot, two places. */
export function decimalHours(secs: number): string {
  return (Math.round((secs / 3600) * 100) / 100).toFixed(2)
}

function clock(instant: string, zone: string, day: string): string {
  const w = wallClockOf(Date.parse(instant), zone)
  const text = `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`
  const date = localDateOf(Date.parse(instant), zone)
  return date === day ? text : date === addDays(day, 1) ? `${text} (+1)` : `${text} (${date})`
}

export type SheetInput = {
  userId: string
  name: string
  branches: string[]
  month: string
  generatedAt: Date
  timeZone: string
  activities: readonly WorkingActivityView[]
  shifts: readonly SheetShift[]
  absences: readonly (Absence & { kind: 'holiday' | 'sick' })[]
  projectNames: ReadonlyMap<string, string>
  taskNames: ReadonlyMap<string, string>
  texts: SheetTexts
}

export function buildTimeSheet(input: SheetInput): TimeSheet {
  const { from, to } = monthRange(input.month)
  const t = input.texts
  const planned = new Map<string, number>()
  for (const s of input.shifts)
    if (s.date >= from && s.date <= to) planned.set(s.date, (planned.get(s.date) ?? 0) + s.plannedSeconds)
  const rows: SheetRow[] = []
  let holidayDays = 0
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const absence = input.absences.find((a) => a.from <= day && a.to >= day)
    const acts = input.activities.filter((a) => a.day === day)
    let plan = planned.get(day) ?? 0
    for (const a of acts) {
      const last = a.corrections.at(-1)
      rows.push({
        date: day,
        start: clock(a.start, a.timeZone, day),
        end: a.end === null ? '' : clock(a.end, a.timeZone, day),
        breakSeconds: a.breakSeconds,
        workedSeconds: a.workedSeconds,
        plannedSeconds: plan,
        project: a.projectId === null ? '' : (input.projectNames.get(a.projectId) ?? a.projectId),
        task: a.taskId === null ? '' : (input.taskNames.get(a.taskId) ?? a.taskId),
        corrected: a.isCorrected,
        remark: last ? last.reason : a.status === 'ended' ? '' : t.running,
      })
      plan = 0
    }
    if (acts.length === 0 && (plan > 0 || absence)) {
      rows.push({
        date: day,
        start: '',
        end: '',
        breakSeconds: 0,
        workedSeconds: 0,
        plannedSeconds: plan,
        project: '',
        task: '',
        corrected: false,
        remark: absence ? (absence.kind === 'holiday' ? t.holiday : t.sick) : '',
      })
    }
  }
  for (const a of input.absences) if (a.kind === 'holiday') holidayDays += absenceDaysWithin(a, from, to)
  const sum = (k: 'workedSeconds' | 'breakSeconds' | 'plannedSeconds') => rows.reduce((s, r) => s + r[k], 0)
  const workedSeconds = sum('workedSeconds')
  const plannedSeconds = sum('plannedSeconds')
  return {
    userId: input.userId,
    name: input.name,
    branches: input.branches,
    month: input.month,
    from,
    to,
    generatedAt: input.generatedAt.toISOString(),
    timeZone: input.timeZone,
    rows,
    totals: {
      workedSeconds,
      breakSeconds: sum('breakSeconds'),
      plannedSeconds,
      overtimeSeconds: workedSeconds - plannedSeconds,
      holidayDays: Math.round(holidayDays * 100) / 100,
    },
  }
}

/** The local date and time of the sheet's generation ('2027-03-01 10:00'). */
export function generatedText(sheet: TimeSheet): string {
  const ms = Date.parse(sheet.generatedAt)
  const w = wallClockOf(ms, sheet.timeZone)
  return `${localDateOf(ms, sheet.timeZone)} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`
}

/** A row's cells in the table's column order. */
export function rowCells(r: SheetRow, t: SheetTexts): string[] {
  return [
    r.date,
    r.start,
    r.end,
    hhmm(r.breakSeconds),
    decimalHours(r.breakSeconds),
    hhmm(r.workedSeconds),
    decimalHours(r.workedSeconds),
    hhmm(r.plannedSeconds),
    decimalHours(r.plannedSeconds),
    r.project,
    r.task,
    r.corrected ? t.yes : '',
    r.remark,
  ]
}

/** The totals as label, hh:mm and decimal hours (holiday days: the count). */
export function totalLines(sheet: TimeSheet, t: SheetTexts): [string, string, string][] {
  const s = sheet.totals
  return [
    [t.totalWorked, hhmm(s.workedSeconds), decimalHours(s.workedSeconds)],
    [t.totalPlanned, hhmm(s.plannedSeconds), decimalHours(s.plannedSeconds)],
    [t.overtime, hhmm(s.overtimeSeconds), decimalHours(s.overtimeSeconds)],
    [t.totalBreaks, hhmm(s.breakSeconds), decimalHours(s.breakSeconds)],
    [t.holidayDays, '', String(s.holidayDays)],
  ]
}

const cell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

/**
 * The sheet as CSV for Swiss Excel: UTF-8 with a byte order mark, semicolons, CRLF, decimal
 * hours with a dot beside hh:mm. A heading block (name, branches, period, generated at), the
 * table, the totals.
 */
export function timeSheetCsv(sheet: TimeSheet, t: SheetTexts): string {
  const lines: string[][] = [
    [t.title, sheet.month],
    [t.name, sheet.name],
    [t.branches, sheet.branches.join(', ')],
    [t.period, sheet.from, sheet.to],
    [t.generatedAt, generatedText(sheet)],
    [],
    t.columns,
    ...sheet.rows.map((r) => rowCells(r, t)),
    [],
    ...totalLines(sheet, t),
  ]
  return `\uFEFF${lines.map((l) => l.map(cell).join(';')).join('\r\n')}\r\n`
}
