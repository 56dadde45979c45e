import { randomUUID } from 'node:crypto'
import { findCommandResult, HttpError, IdempotencyKeyReusedError, type Message, msg } from '@shop/kit'
import { createOrderBodySchema, type PaymentSession } from '@shop/shared/contracts'
import { type CheckoutError, checkCheckout } from '@shop/shared/domain/checkout'
import type { FastifyInstance } from 'fastify'
import { loadCheckoutData } from '../../checkout/checkout-data.ts'
import { type CommandDeps, createOrderCommand, runOrderCommand } from '../../commands/order-commands.ts'
import { idempotencyOf, parseBody } from '../../http-helpers.ts'
import { type Payments, paymentMethodAvailability } from '../../payments/index.ts'

export type CheckoutRouteDeps = CommandDeps & { payments?: Payments | undefined }

export function checkoutErrors(errors: readonly CheckoutError[]): { field: string; message: Message }[] {
  return errors.map((e) => ({
    field: e.field,
    message: { key: e.key, ...(e.params ? { params: e.params } : {}) },
  }))
}

/**
 * POST /api/orders (spec §7): the checkout. The body is parsed, every rule of spec §5 is checked
 * against the catalogue and the branch, the order is priced by the server, an online payment
 * is opened, and only then is the one OrderCreated event appended. Any failure answers 400
 * with every field error and writes nothing.
 */
export async function checkoutRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): Promise<void> {
  app.post('/api/orders', async (req, reply) => {
    const body = parseBody(createOrderBodySchema, req.body, req.locale)
    const idempotency = idempotencyOf(req)
    // A retry answers what the first attempt answered, even if the shop closed since.
    if (idempotency) {
      const earlier = await findCommandResult(deps.db, idempotency.key)
      if (earlier) {
        if (earlier.requestHash !== idempotency.requestHash) throw new IdempotencyKeyReusedError()
        const stored = earlier.result as { result: unknown }
        return reply.status(201).header('idempotent-replayed', 'true').send({ data: stored.result })
      }
    }
    const now = deps.now()
    const data = await loadCheckoutData(deps.db, body, now)
    if (!data) throw new HttpError(400, msg('unknownBranch'), 'branch')
    const payment = paymentMethodAvailability(
      body.paymentMethod,
      data.configData,
      data.branchData,
      deps.payments,
    )
    const result = checkCheckout({
      form: body,
      branch: data.branch,
      config: data.config,
      catalogue: data.catalogue,
      lookups: { ...data.lookups, payment },
      now,
      itemId: () => randomUUID(),
    })
    if (!result.ok) throw new HttpError(400, checkoutErrors(result.errors))
    const checked = result.order

    const ids = { orderId: deps.ids.orderId(), uid: deps.ids.uid(), hash: deps.ids.hash() }
    let session: PaymentSession | null = null
    if (checked.isOnlinePayment) {
      const provider = deps.payments?.providerFor(checked.paymentMethod)
      if (!provider) throw new HttpError(400, msg('checkout:checkout.paymentNotConfigured'), 'paymentMethod')
      try {
        const opened = await provider.createCheckout({
          ...ids,
          branchIdentifier: data.branch.identifier,
          amount: checked.pricing.totalGross,
          currency: data.config.currency,
          description: `${String(data.branchData.name ?? data.branch.identifier)}`,
          customerEmail: checked.customer.email,
          locale: req.locale,
        })
        session = { provider: provider.id, sessionId: opened.sessionId, redirectUrl: opened.redirectUrl }
      } catch (err) {
        req.log.warn({ err, provider: provider.id }, 'payment provider refused the checkout')
        throw new HttpError(502, msg('checkout:checkout.paymentUnavailable'), 'paymentMethod')
      }
    }
    const command = createOrderCommand(deps, checked, data.branch.id, ids, session)
    const { order, duplicate } = await runOrderCommand(deps, ids.orderId, command, {
      expectedVersion: 0,
      idempotency,
    })
    if (duplicate) reply.header('idempotent-replayed', 'true')
    return reply.status(201).send({ data: order })
  })
}
