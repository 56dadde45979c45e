// Numbers as staff type them, apart from the form kit: a list page needs no zod for this.

/** Parses a number as typed in German, French or English ("1'234,5", "1 234.5"); NaN if none. */
export function parseDecimal(text: string): number {
  const cleaned = text.trim().replace(/['\s\u00a0\u202f]/g, '')
  if (cleaned === '') return Number.NaN
  // The last comma or dot is the decimal separator; any other is a thousands separator.
  const last = Math.max(cleaned.lastIndexOf(','), cleaned.lastIndexOf('.'))
  const normalised =
    last < 0 ? cleaned : `${cleaned.slice(0, last).replace(/[.,]/g, '')}.${cleaned.slice(last + 1)}`
  return /^-?\d*(\.\d*)?$/.test(normalised) && normalised !== '.' && normalised !== '-'
    ? Number(normalised)
    : Number.NaN
}
