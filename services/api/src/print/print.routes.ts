import { type BranchDirectory, type Db, HttpError, msg } from '@shop/kit'
import {
  encodeEscPos,
  layoutReceipt,
  loadPrintData,
  orderReference,
  receiptOf,
  renderText,
} from '@shop/read-models/print'
import { dataOf, printLinesSchema } from '@shop/shared/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { loadOrder } from '../commands/order-commands.ts'
import {
  apiKeyHeaders,
  beforeValidation,
  bytesSchema,
  errorAnswers,
  idParams,
  typed,
} from '../http-schemas.ts'
import { staffOrderAccess } from '../routes/orders/staff-access.ts'
import { receiptPdf } from './pdf.ts'
import { printBodySchema } from './print.http.ts'

export type PrintRouteDeps = { db: Db; branches: BranchDirectory; now: () => Date }

export const ESCPOS_CONTENT_TYPE = 'application/vnd.escpos'

/**
 * POST /api/orders/{id}/print (spec §7): the order's receipt for staff (a staff session of
 * the branch or its api key), as PDF, as ESC/POS for a thermal printer, or as the thermal
 * layout in plain text for a preview or as JSON lines for a browser's print view. Reading only: printing changes nothing on the order.
 */
export async function printRoutes(app: FastifyInstance, deps: PrintRouteDeps): Promise<void> {
  const authorizeStaff = staffOrderAccess(deps)

  await app.register(async (scope) => {
    // "Print" buttons often POST no body with a JSON content type; that is the default PDF,
    // not an error. Any other body goes through Fastify's own (poisoning-safe) JSON parser.
    const json = scope.getDefaultJsonParser('error', 'error')
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      if (typeof body === 'string' && body.trim() === '') done(null, undefined)
      else json(req, body as string, done)
    })

    const staff = beforeValidation((req: FastifyRequest) =>
      authorizeStaff(req, (req.params as { id: string }).id),
    )
    typed(scope).post(
      '/api/orders/:id/print',
      {
        preValidation: staff.preValidation,
        schema: {
          summary:
            'The receipt (staff): PDF, ESC/POS bytes for thermal printers, or its thermal layout as text or JSON lines',
          tags: ['orders'],
          params: idParams,
          headers: apiKeyHeaders,
          body: printBodySchema,
          response: {
            200: {
              description: 'The receipt in the asked format',
              content: {
                'application/pdf': { schema: bytesSchema('The receipt as PDF') },
                [ESCPOS_CONTENT_TYPE]: { schema: bytesSchema('ESC/POS bytes for a thermal printer') },
                'text/plain': { schema: z.string() },
                'application/json': { schema: dataOf(printLinesSchema) },
              },
            },
            ...errorAnswers(400, 401, 403, 404),
          },
        },
      },
      async (req, reply) => {
        const body = req.body
        const { state } = await loadOrder(deps.db, req.params.id)
        if (!state) throw new HttpError(404, msg('orderNotFound'))
        const data = await loadPrintData(deps.db, deps.branches, state)
        const printedAt = deps.now()
        const receipt = receiptOf(state, { ...data, locale: req.locale, printedAt })
        const name = `receipt-${orderReference(state.orderId)}`
        // Receipts carry the customer's name, phone and address: never kept by a cache.
        reply.header('cache-control', 'no-store')
        switch (body.format) {
          case 'pdf': {
            const pdf = await receiptPdf(receipt, {
              title: `${receipt.title} – ${name}`,
              createdAt: printedAt,
            })
            return reply
              .type('application/pdf')
              .header('content-disposition', `inline; filename="${name}.pdf"`)
              .send(Buffer.from(pdf))
          }
          case 'escpos':
            return reply
              .type(ESCPOS_CONTENT_TYPE)
              .header('content-disposition', `attachment; filename="${name}.bin"`)
              .send(Buffer.from(encodeEscPos(layoutReceipt(receipt, body.width))))
          case 'text':
            return reply
              .type('text/plain; charset=utf-8')
              .send(renderText(layoutReceipt(receipt, body.width), body.width))
          case 'lines':
            return { data: { width: body.width, lines: layoutReceipt(receipt, body.width) } }
        }
      },
    )
  })
}
