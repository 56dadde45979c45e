import { randomUUID } from 'node:crypto'
import {
  type ErrorItem,
  findCommandResult,
  GenerationMovedError,
  HttpError,
  type Limits,
  type Message,
  msg,
  storedAnswerFor,
} from '@shop/kit'
import {
  type CreateOrderBody,
  createOrderBodySchema,
  customerOrderSchema,
  dataOf,
  type PaymentSession,
} from '@shop/shared/contracts'
import { localName, type Translatable, type Upload } from '@shop/shared/domain/catalogue'
import { type CheckedOrder, type CheckoutError, checkCheckout } from '@shop/shared/domain/checkout'
import { activeOperations } from '@shop/shared/domain/operations'
import { t } from '@shop/shared/i18n'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createCatalogueCache } from '../../checkout/catalogue-cache.ts'
import {
  type CatalogueSnapshot,
  type CheckoutData,
  checkoutDataOf,
  loadUploads,
} from '../../checkout/checkout-data.ts'
import { checkContactLimits } from '../../checkout/contact-limits.ts'
import {
  type CommandDeps,
  type CustomerOrderAnswer,
  createOrderCommand,
  runOrderCommand,
} from '../../commands/order-commands.ts'
import { uploadsAcceptedSince } from '../../files/upload-uses.ts'
import { idempotencyOf } from '../../http-helpers.ts'
import { errorAnswers, idempotencyHeaders, typed } from '../../http-schemas.ts'
import type { RateCounter } from '../../limits/rate-counter.ts'
import { rateLimit } from '../../limits/rate-limit.ts'
import { type Payments, paymentMethodAvailability } from '../../payments/index.ts'
import { CATALOGUE_GENERATION } from '../../resources/generations.ts'

export type CheckoutRouteDeps = CommandDeps & {
  payments?: Payments | undefined
  /** The per-address and per-contact limits (docs/security.md "Rate limits"). */
  limits: Limits
  counter: RateCounter
}

export function checkoutErrors(errors: readonly CheckoutError[]): { field: string; message: Message }[] {
  return errors.map((e) => ({
    field: e.field,
    message: { key: e.key, ...(e.params ? { params: e.params } : {}) },
  }))
}

/**
 * The checkout's refusals with the products named in the answer's language (issue 18 item 8):
 * a message about an item whose `name` is its product's (German) name names the product's
 * translation, German where it has none.
 */
export function inCustomersLanguage(
  errors: readonly CheckoutError[],
  productOfItem: (index: number) => Translatable | undefined,
): ErrorItem[] {
  return checkoutErrors(errors).map((error, i) => {
    const problem = errors[i]!
    const index = /^items\.(\d+)\./.exec(problem.field)?.[1]
    const product = index === undefined ? undefined : productOfItem(Number(index))
    if (!product || problem.params?.name !== product.name) return error
    return {
      field: error.field,
      message: (locale?: string) =>
        t(problem.key, { ...problem.params, name: localName(product, locale ?? 'de-CH') }, locale),
    }
  })
}

/**
 * POST /api/orders (spec §7): the checkout. The body is parsed, every rule of spec §5 is checked
 * against the catalogue and the branch, the order is priced by the server, an online payment
 * is opened, and only then is the one OrderCreated event appended. Any failure answers 400
 * with every field error and writes nothing.
 */
export async function checkoutRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): Promise<void> {
  const catalogue = createCatalogueCache(deps.db)
  typed(app).post(
    '/api/orders',
    {
      config: rateLimit('orders'),
      schema: {
        summary:
          'Place an order: checked against every rule of spec §5, priced by the server, an online payment opened (anyone)',
        tags: ['orders'],
        headers: idempotencyHeaders,
        body: createOrderBodySchema,
        response: { 201: dataOf(customerOrderSchema), ...errorAnswers(400, 422, 429, 502) },
      },
    },
    async (req, reply) => {
      const body = req.body
      const idempotency = idempotencyOf(req)
      // A retry answers what the first attempt answered, even if the shop closed since.
      if (idempotency) {
        const earlier = await findCommandResult(deps.db, idempotency.key)
        if (earlier) {
          const stored = storedAnswerFor(earlier, idempotency)
          // What this route stored with the first attempt's events: the customer's order.
          const data = stored.result as CustomerOrderAnswer
          return reply.status(201).header('idempotent-replayed', 'true').send({ data })
        }
      }
      const uploads = await loadUploads(
        deps.db,
        body,
        uploadsAcceptedSince(deps.now(), deps.limits.uploads.unusedTtlMs),
      )
      let snapshot = await catalogue.get()
      // One order however many attempts: its ids, and its payment while the amount stays the same
      // (a retry on a fresh catalogue does not open a second checkout at the provider).
      const ids = { orderId: deps.ids.orderId(), uid: deps.ids.uid(), hash: deps.ids.hash() }
      let opened: { key: string; session: PaymentSession } | undefined
      let contactChecked = false
      for (let attempt = 1; ; attempt++) {
        const now = deps.now()
        const outcome = checkOrder(deps, body, snapshot, uploads, now)
        if (!outcome.ok) {
          // A refusal from an outdated copy of the catalogue is checked again on the current one.
          if (attempt < MAX_ATTEMPTS && !(await catalogue.isCurrent(snapshot))) {
            snapshot = await catalogue.refresh(snapshot)
            continue
          }
          throw outcome.error
        }
        const { data, checked } = outcome
        // Once per order, before a payment is opened or anything stored.
        if (!contactChecked) {
          await checkContactLimits(deps, checked.customer)
          contactChecked = true
        }
        let session: PaymentSession | null = null
        if (checked.isOnlinePayment) {
          const key = `${checked.paymentMethod}:${checked.pricing.totalGross}:${data.config.currency}`
          if (opened?.key !== key) opened = { key, session: await openPayment(deps, req, data, checked, ids) }
          session = opened.session
        }
        const command = createOrderCommand(deps, checked, data.branch.id, ids, session, req.locale)
        try {
          const { order, duplicate } = await runOrderCommand(deps, ids.orderId, command, {
            expectedVersion: 0,
            idempotency,
            // Stored only if the catalogue it was priced with is still the current one.
            guard: { name: CATALOGUE_GENERATION, generation: snapshot.generation },
          })
          if (duplicate) reply.header('idempotent-replayed', 'true')
          return reply.status(201).send({ data: order })
        } catch (err) {
          if (!(err instanceof GenerationMovedError) || attempt >= MAX_ATTEMPTS) throw err
          snapshot = await catalogue.refresh(snapshot)
        }
      }
    },
  )
}

/** Catalogue writes are rare: a few rounds always find a quiet moment. */
const MAX_ATTEMPTS = 5

type Checked = { ok: true; data: CheckoutData; checked: CheckedOrder } | { ok: false; error: HttpError }

/** Every rule of spec §5 against one catalogue snapshot; the order priced, or the refusal. */
function checkOrder(
  deps: CheckoutRouteDeps,
  body: CreateOrderBody,
  snapshot: CatalogueSnapshot,
  uploads: ReadonlyMap<string, Upload>,
  now: Date,
): Checked {
  const data = checkoutDataOf(snapshot, body, now, uploads)
  if (!data) return { ok: false, error: new HttpError(400, msg('unknownBranch'), 'branch') }
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
    // Sold-out products and busy mode, as of the snapshot (their writes move its generation).
    operations: activeOperations(data.operations, now.getTime()),
    itemId: () => randomUUID(),
  })
  if (!result.ok) {
    const productOfItem = (index: number) => {
      const uid = body.items[index]?.product
      return uid === undefined ? undefined : data.productsByUid.get(uid)
    }
    return { ok: false, error: new HttpError(400, inCustomersLanguage(result.errors, productOfItem)) }
  }
  return { ok: true, data, checked: result.order }
}

/** Opens the online payment with its provider; the order keeps the session. */
async function openPayment(
  deps: CheckoutRouteDeps,
  req: FastifyRequest,
  data: CheckoutData,
  checked: CheckedOrder,
  ids: { orderId: string; uid: string; hash: string },
): Promise<PaymentSession> {
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
    return { provider: provider.id, sessionId: opened.sessionId, redirectUrl: opened.redirectUrl }
  } catch (err) {
    req.log.warn({ err, provider: provider.id }, 'payment provider refused the checkout')
    throw new HttpError(502, msg('checkout:checkout.paymentUnavailable'), 'paymentMethod')
  }
}
