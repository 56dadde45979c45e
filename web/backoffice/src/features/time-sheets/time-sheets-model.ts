/**
 * The time-sheets page's choices (issue 20 payroll export): the months offered and the download
 * paths of GET /api/time-sheets/{userId}/{YYYY-MM}.csv and .pdf.
 */

/** 'YYYY-MM' of a local date ('2027-03-14' → '2027-03'). */
export const monthOf = (date: string) => date.slice(0, 7)

/** The month before ('2027-01' → '2026-12'). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

/** This month and the 12 before it, newest first. */
export function monthChoices(thisMonth: string): string[] {
  const months = [thisMonth]
  while (months.length < 13) months.push(previousMonth(months.at(-1)!))
  return months
}

export const isMonth = (value: string | null): value is string =>
  !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)

/** The download of a time sheet. */
export function timeSheetHref(userId: string, month: string, format: 'csv' | 'pdf'): string {
  return `/api/time-sheets/${encodeURIComponent(userId)}/${month}.${format}`
}
