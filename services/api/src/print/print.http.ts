import { DEFAULT_RECEIPT_WIDTH, RECEIPT_WIDTHS } from '@shop/read-models/print'
import { z } from 'zod'

export const PRINT_FORMATS = ['pdf', 'escpos', 'text', 'lines'] as const
export type PrintFormat = (typeof PRINT_FORMATS)[number]

/**
 * POST /api/orders/{id}/print: which rendering, and for the thermal ones how many characters
 * a line has. An empty body is a PDF. `lines` is the thermal layout as JSON (the lines the
 * ESC/POS encoder gets, with their bold and double-size marks) for a browser's print view.
 */
export const printBodySchema = z
  .strictObject({
    format: z.enum(PRINT_FORMATS).default('pdf'),
    width: z.literal(RECEIPT_WIDTHS).default(DEFAULT_RECEIPT_WIDTH),
  })
  .meta({ id: 'PrintOrder' })
export type PrintBody = z.output<typeof printBodySchema>
