import type { WorkingActivityView } from '@shop/shared/contracts'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { pdfTexts } from '../print/pdf-text.test-support.ts'
import { buildTimeSheet, decimalHours, hhmm, monthRange, sheetTexts, timeSheetCsv } from './time-sheet.ts'
import { timeSheetPdf } from './time-sheet-pdf.ts'

const activity = (over: Partial<WorkingActivityView>): WorkingActivityView => ({
  id: 'a',
  userId: 'u',
  branchId: 'b1',
  projectId: null,
  taskId: null,
  status: 'ended',
  day: '2027-02-01',
  timeZone: 'Europe/Zurich',
  start: '2027-02-01T05:00:00.000Z',
  end: '2027-02-01T13:30:00.000Z',
  pauses: [],
  workedSeconds: 8 * 3600,
  breakSeconds: 1800,
  isCorrected: false,
  recorded: { start: '2027-02-01T05:00:00.000Z', end: '2027-02-01T13:30:00.000Z', pauses: [] },
  corrections: [],
  ...over,
})

describe('time sheet', () => {
  it('formats hours as hh:mm and as decimals with a dot', () => {
    expect(hhmm(27_000)).toBe('7:30')
    expect(hhmm(-5400)).toBe('-1:30')
    expect(decimalHours(27_000)).toBe('7.50')
    expect(decimalHours(100)).toBe('0.03')
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
  })

  it('writes the CSV for Swiss Excel: BOM, semicolons, quoted fields, a night over midnight, totals', () => {
    const t = sheetTexts('de-CH')
    const sheet = buildTimeSheet({
      userId: 'u',
      name: 'Lena Muster',
      branches: ['Zürich'],
      month: '2027-02',
      generatedAt: new Date('2027-03-01T09:00:00Z'),
      timeZone: 'Europe/Zurich',
      activities: [
        activity({ projectId: 'p', taskId: 't' }),
        activity({
          id: 'n',
          day: '2027-02-05',
          start: '2027-02-05T21:00:00.000Z',
          end: '2027-02-06T05:00:00.000Z',
          workedSeconds: 8 * 3600,
          breakSeconds: 0,
          isCorrected: true,
          corrections: [
            {
              at: '2027-02-06T08:00:00.000Z',
              by: { id: 'c', name: 'Chefin' },
              reason: 'Ausstempeln vergessen; nachgetragen',
              start: '2027-02-05T21:00:00.000Z',
              end: '2027-02-06T05:00:00.000Z',
              pauses: [],
            },
          ],
        }),
      ],
      shifts: [
        { date: '2027-02-01', plannedSeconds: 8 * 3600 },
        { date: '2027-02-02', plannedSeconds: 4 * 3600 },
      ],
      absences: [{ kind: 'holiday', from: '2027-02-08', to: '2027-02-08', days: null }],
      projectNames: new Map([['p', 'Hochzeit']]),
      taskNames: new Map([['t', 'Apéro']]),
      texts: t,
    })
    const csv = timeSheetCsv(sheet, t)
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Stundenzettel;2027-02',
      'Mitarbeiter/in;Lena Muster',
      'Filialen;Zürich',
      'Zeitraum;2027-02-01;2027-02-28',
      'Erstellt;2027-03-01 10:00',
      '',
      'Datum;Beginn;Ende;Pausen (hh:mm);Pausen (h);Arbeitszeit (hh:mm);Arbeitszeit (h);Soll (hh:mm);Soll (h);Projekt;Aufgabe;Korrigiert;Grund / Bemerkung',
      '2027-02-01;06:00;14:30;0:30;0.50;8:00;8.00;8:00;8.00;Hochzeit;Apéro;;',
      '2027-02-02;;;0:00;0.00;0:00;0.00;4:00;4.00;;;;',
      '2027-02-05;22:00;06:00 (+1);0:00;0.00;8:00;8.00;0:00;0.00;;;ja;"Ausstempeln vergessen; nachgetragen"',
      '2027-02-08;;;0:00;0.00;0:00;0.00;0:00;0.00;;;;Ferien',
      '',
      'Total Arbeitszeit;16:00;16.00',
      'Total Soll;12:00;12.00',
      'Überzeit;4:00;4.00',
      'Total Pausen;0:30;0.50',
      'Ferientage bezogen;;1',
      '',
    ])
  })
})

describe('time sheet PDF', () => {
  it('continues a long month over A4 pages with the head, page numbers and the totals at the end', async () => {
    const t = sheetTexts('de-CH')
    // Three split shifts a day for a whole month: 93 rows.
    const activities = Array.from({ length: 31 }, (_, d) => {
      const date = `2027-03-${String(d + 1).padStart(2, '0')}`
      return [6, 11, 16].map((hour, i) =>
        activity({
          id: `${date}-${i}`,
          day: date,
          start: `${date}T${String(hour - 1).padStart(2, '0')}:00:00.000Z`,
          end: `${date}T${String(hour + 2).padStart(2, '0')}:00:00.000Z`,
          workedSeconds: 3 * 3600,
          breakSeconds: 0,
          projectId: i === 1 ? 'p' : null,
        }),
      )
    }).flat()
    const sheet = buildTimeSheet({
      userId: 'u',
      name: 'Zoë Ünal 😀',
      branches: ['Zürich', 'Genève'],
      month: '2027-03',
      generatedAt: new Date('2027-04-01T08:00:00Z'),
      timeZone: 'Europe/Zurich',
      activities,
      shifts: [],
      absences: [],
      projectNames: new Map([
        ['p', 'Hochzeit Meier – Apéro riche mit sehr langem Namen, der abgeschnitten wird'],
      ]),
      taskNames: new Map(),
      texts: t,
    })
    const doc = await PDFDocument.load(await timeSheetPdf(sheet, t))
    const pages = pdfTexts(doc)
    expect(pages.length).toBeGreaterThan(1)
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Stundenzettel 2027-03')
      expect(page).toContain('Datum')
      expect(page).toContain(`Seite ${i + 1} von ${pages.length}`)
      expect(doc.getPage(i).getSize()).toEqual({
        width: expect.closeTo(841.89, 1),
        height: expect.closeTo(595.28, 1),
      })
    }
    // The emoji is fitted to the font's characters, the umlauts stay.
    expect(pages[0]).toContain('Mitarbeiter/in: Zoë Ünal ?')
    expect(pages.at(-1)).toContain('Total Arbeitszeit: 279:00 (279.00 h)')
    // Dates as on paper (spec: DD.MM.YYYY), in the period and on every row.
    expect(pages[0]).toContain('Zeitraum: 01.03.2027 – 31.03.2027')
    expect(pages.flat().filter((s) => /^\d\d\.03\.2027$/.test(s))).toHaveLength(93)
  })
})
