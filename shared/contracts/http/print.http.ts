import { z } from 'zod'

// POST /api/orders/{id}/print with format 'lines': the receipt's thermal layout as JSON, for a
// browser's print view (the other formats answer PDF, ESC/POS bytes or plain text).

/** One printed line; `double` is double width and height (two columns per character). */
export const printLineSchema = z
  .strictObject({ text: z.string(), bold: z.boolean().optional(), double: z.boolean().optional() })
  .meta({ id: 'PrintLine' })

/** The receipt's lines at `width` columns (the thermal printer's characters per line). */
export const printLinesSchema = z
  .strictObject({ width: z.int().min(1), lines: z.array(printLineSchema) })
  .meta({ id: 'PrintLines' })
export type PrintLines = z.infer<typeof printLinesSchema>
