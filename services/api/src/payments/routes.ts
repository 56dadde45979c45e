import { type BranchDirectory, HttpError, type Logger, msg } from '@shop/kit'
import { dataOf, staffOrderSchema } from '@shop/shared/contracts'
import { toBoardOrderView } from '@shop/shared/domain/ordering'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { type CommandDeps, loadOrder } from '../commands/order-commands.ts'
import { apiKeyHeaders, errorAnswers, idParams, typed } from '../http-schemas.ts'
import { staffOrderAccess } from '../routes/orders/staff-access.ts'
import { applyPaymentNotice } from './apply.ts'
import { type PaymentNotice, PaymentProviderError, PaymentSignatureError, type Payments } from './port.ts'

export type PaymentRouteDeps = CommandDeps & {
  branches: BranchDirectory
  payments: Payments | undefined
  log: Logger
}

/** Webhooks are small; anything bigger is not from a payment provider. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

/**
 * POST /api/payments/webhook/:provider (the providers' notifications, signed) and
 * POST /api/orders/:id/update-payment-status (staff: ask the provider, spec §7).
 */
export async function paymentRoutes(app: FastifyInstance, deps: PaymentRouteDeps): Promise<void> {
  const authorizeStaff = staffOrderAccess(deps)

  // Signatures are over the exact bytes, so this scope takes every body raw; the rest of the
  // API keeps its JSON parser.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    )
    typed(raw).post(
      '/api/payments/webhook/:provider',
      {
        schema: {
          summary:
            "A payment provider's signed notification (stripe, test): the raw body as the provider sent it; repeats change nothing",
          tags: ['payments'],
          params: z.object({ provider: z.string() }),
          response: {
            200: z.strictObject({ received: z.literal(true), applied: z.boolean() }),
            ...errorAnswers(400, 404),
          },
        },
      },
      async (req) => {
        const provider = deps.payments?.provider(req.params.provider)
        if (!provider) throw new HttpError(404, msg('paymentProviderUnknown'), 'provider')
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        let notice: PaymentNotice | null
        try {
          notice = await provider.verifyWebhook(body, req.headers)
        } catch (err) {
          if (!(err instanceof PaymentSignatureError)) throw err
          req.log.warn({ provider: provider.id, reason: err.message }, 'payment webhook refused')
          throw new HttpError(400, msg('paymentSignatureInvalid'), 'signature')
        }
        if (!notice) return { received: true as const, applied: false }
        const result = await applyPaymentNotice({ ...deps, log: req.log }, notice)
        return { received: true as const, applied: result.applied }
      },
    )
  })

  typed(app).post(
    '/api/orders/:id/update-payment-status',
    {
      schema: {
        summary: 'Ask the payment provider again and record its answer (staff)',
        tags: ['payments'],
        params: idParams,
        headers: apiKeyHeaders,
        response: { 200: dataOf(staffOrderSchema), ...errorAnswers(401, 403, 404, 409, 502, 503) },
      },
    },
    async (req) => {
      const actor = await authorizeStaff(req, req.params.id)
      const { state } = await loadOrder(deps.db, req.params.id)
      if (!state) throw new HttpError(404, msg('orderNotFound'))
      if (!state.isOnlinePayment || !state.payment) {
        throw new HttpError(409, msg('paymentNotOnline', { method: state.paymentMethod }), 'paymentMethod')
      }
      const provider = deps.payments?.provider(state.payment.provider)
      if (!provider) {
        throw new HttpError(503, msg('paymentProviderNotConfigured', { provider: state.payment.provider }))
      }
      let notice: PaymentNotice
      try {
        notice = await provider.fetchStatus(state.payment.sessionId, state.orderId)
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err
        req.log.warn({ err, provider: provider.id, orderId: state.orderId }, 'payment status not available')
        throw new HttpError(502, msg('paymentProviderUnavailable'))
      }
      await applyPaymentNotice({ ...deps, log: req.log.child({ requestedBy: actor }) }, notice)
      const after = await loadOrder(deps.db, req.params.id)
      if (!after.state) throw new HttpError(404, msg('orderNotFound'))
      return { data: { ...toBoardOrderView(after.state), version: after.version } }
    },
  )
}
