import { type BranchDirectory, HttpError, type Limits, msg } from '@shop/kit'
import {
  type CreateOrderItemPart,
  changeOrderItemBodySchema,
  dataOf,
  type OrderItem,
  type OrderPricing,
  orderItemRemovalSchema,
  removeOrderItemQuerySchema,
  staffOrderSchema,
} from '@shop/shared/contracts'
import {
  type DeliveryArea,
  type DeliveryTerms,
  deliveryTermsOf,
  findDeliveryArea,
} from '@shop/shared/domain/catalogue'
import { checkItemShape, priceOrderItem, repriceOrder } from '@shop/shared/domain/checkout'
import type { OrderState, RemoveOrderItem } from '@shop/shared/domain/ordering'
import { decide, orderTypeOf } from '@shop/shared/domain/ordering'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { type ItemChangeData, loadItemChangeData } from '../../checkout/item-change-data.ts'
import {
  type CommandDeps,
  earlierStaffAnswer,
  loadOrder,
  runOrderCommand,
  withContext,
} from '../../commands/order-commands.ts'
import { uploadsAcceptedSince } from '../../files/upload-uses.ts'
import { idempotencyOf } from '../../http-helpers.ts'
import {
  apiKeyHeaders,
  beforeValidation,
  errorAnswers,
  idempotencyHeaders,
  typed,
} from '../../http-schemas.ts'
import { checkoutErrors } from './checkout.routes.ts'
import { staffOrderAccess } from './staff-access.ts'

/**
 * PUT /api/orders/{id}/items/{itemId} (spec §7): staff change an item's amount, unit or parts
 * (the customer called). The item is checked and priced with the checkout's rules against
 * today's catalogue, the order is repriced (delivery fee and taxes included), and one
 * OrderItemChanged event records both. An online order's items change only once it is paid,
 * and only to a lower total: the difference is refunded (an OrderRefundRequested in the same
 * append, docs/payments.md "Refunds"); more than was paid answers 409, as does a stale `version`.
 *
 * DELETE /api/orders/{id}/items/{itemId}: staff remove an item (the customer called to drop the
 * cake). The other items stay as they are, the order is repriced the same way without it, and one
 * OrderItemRemoved event records the removed line and the new pricing; an order paid online gets
 * the difference back in the same append. The last item stays (409: cancel the order instead);
 * the version the caller saw is the query's (`?version=`). GET …/removal answers what the removal
 * would do (the new total, the refund) for the back-office's confirm dialog, without appending.
 */
export async function orderItemRoutes(
  app: FastifyInstance,
  deps: CommandDeps & { branches: BranchDirectory; limits: Limits },
): Promise<void> {
  const authorize = staffOrderAccess(deps)
  const staff = beforeValidation((req: FastifyRequest) => authorize(req, (req.params as { id: string }).id))
  typed(app).put(
    '/api/orders/:id/items/:itemId',
    {
      preValidation: staff.preValidation,
      schema: {
        summary: 'Change an item (staff); the item and the order are repriced from the catalogue',
        tags: ['orders'],
        params: z.object({ id: z.string(), itemId: z.string() }),
        headers: idempotencyHeaders.extend(apiKeyHeaders.shape),
        body: changeOrderItemBodySchema,
        response: { 200: dataOf(staffOrderSchema), ...errorAnswers(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      const actor = staff.of(req)
      const body = req.body
      const { state } = await loadOrder(deps.db, req.params.id)
      if (!state) throw new HttpError(404, msg('orderNotFound'))
      const current = state.items.find((item) => item.itemId === req.params.itemId)
      if (!current) throw new HttpError(404, msg('checkout:checkout.itemNotFound'), 'itemId')

      const parts: CreateOrderItemPart[] =
        body.parts ??
        (current.parts ?? []).map((part) => ({
          options: [...part.options],
          text: part.text,
          uploads: part.uploads.map((u) => ({ id: u.id })),
        }))
      const uploadIds = [...new Set(parts.flatMap((part) => part.uploads.map((u) => u.id)))]
      const { product, uploads, deliveryAreas, config } = await loadItemChangeData(deps.db, {
        productUid: current.productUid,
        branchId: state.branchId,
        uploadIds,
        orderUploadIds: state.items.flatMap((item) =>
          (item.parts ?? []).flatMap((part) => part.uploads.map((u) => u.id)),
        ),
        acceptedSince: uploadsAcceptedSince(deps.now(), deps.limits.uploads.unusedTtlMs),
      })
      if (!product)
        throw new HttpError(409, msg('checkout:checkout.productGone', { name: current.name }), 'itemId')
      const shape = { amount: body.amount ?? current.amount, unit: body.unit ?? current.unit, parts }
      const { problems, amount } = checkItemShape(product, shape, uploads)
      if (problems.length > 0) throw new HttpError(400, checkoutErrors(problems))

      const orderType = orderTypeOf(state)
      const item = priceOrderItem(
        product,
        { amount, unit: shape.unit as never, parts },
        orderType,
        uploads,
        current.itemId,
      )
      const items = state.items.map((i) => (i.itemId === item.itemId ? item : i))
      const pricing = repricedOrder(state, items, { deliveryAreas, config })
      const command = withContext(deps, actor, { type: 'ChangeOrderItem', item, pricing })
      const { order } = await runOrderCommand(deps, req.params.id, command, {
        expectedVersion: body.version,
        idempotency: idempotencyOf(req),
        view: 'staff',
      })
      return { data: order }
    },
  )

  const params = z.object({ id: z.string(), itemId: z.string() })

  typed(app).delete(
    '/api/orders/:id/items/:itemId',
    {
      preValidation: staff.preValidation,
      schema: {
        summary:
          'Remove an item (staff); the order is repriced without it, a paid order refunded the difference',
        tags: ['orders'],
        params,
        querystring: removeOrderItemQuerySchema,
        headers: idempotencyHeaders.extend(apiKeyHeaders.shape),
        response: { 200: dataOf(staffOrderSchema), ...errorAnswers(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      const actor = staff.of(req)
      const expectedVersion = versionOf(req.query.version)
      const idempotency = idempotencyOf(req)
      // A retry gets the first answer, though the item it names is gone by now.
      const earlier = await earlierStaffAnswer(deps, req.params.id, idempotency)
      if (earlier) return { data: earlier }
      const { state } = await loadOrder(deps.db, req.params.id)
      const command = withContext(deps, actor, await removalCommand(deps, state, req.params.itemId))
      const { order } = await runOrderCommand(deps, req.params.id, command, {
        expectedVersion,
        idempotency,
        view: 'staff',
      })
      return { data: order }
    },
  )

  typed(app).get(
    '/api/orders/:id/items/:itemId/removal',
    {
      preValidation: staff.preValidation,
      schema: {
        summary:
          "What removing an item would do (staff): the order's new total and the refund; nothing is stored",
        tags: ['orders'],
        params,
        headers: apiKeyHeaders,
        response: { 200: dataOf(orderItemRemovalSchema), ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const actor = staff.of(req)
      const { state, version } = await loadOrder(deps.db, req.params.id)
      const input = await removalCommand(deps, state, req.params.itemId)
      // The decider's own answer (its refusals too: the status, the last item), not appended.
      const events = decide(withContext(deps, actor, input), state)
      const refund = events.find((e) => e.type === 'OrderRefundRequested')
      return {
        data: {
          itemId: req.params.itemId,
          totalGross: input.pricing.totalGross,
          refundAmount: refund?.type === 'OrderRefundRequested' ? refund.amount : 0,
          version,
        },
      }
    },
  )
}

/**
 * The RemoveOrderItem command for an order's item: the order repriced without it (today's
 * config, the order's delivery terms). 404 for an unknown order or item; the decider refuses
 * the last item and the statuses where items cannot change.
 */
async function removalCommand(
  deps: CommandDeps & { limits: Limits },
  state: OrderState | null,
  itemId: string,
): Promise<Omit<RemoveOrderItem, 'at' | 'actor'>> {
  if (!state) throw new HttpError(404, msg('orderNotFound'))
  if (!state.items.some((item) => item.itemId === itemId))
    throw new HttpError(404, msg('checkout:checkout.itemNotFound'), 'itemId')
  const { deliveryAreas, config } = await loadItemChangeData(deps.db, {
    productUid: null,
    branchId: state.branchId,
    uploadIds: [],
    orderUploadIds: [],
    acceptedSince: uploadsAcceptedSince(deps.now(), deps.limits.uploads.unusedTtlMs),
  })
  const items = state.items.filter((item) => item.itemId !== itemId)
  // The last item: nothing to reprice (the decider refuses it).
  const pricing = items.length > 0 ? repricedOrder(state, items, { deliveryAreas, config }) : state.pricing
  return { type: 'RemoveOrderItem', itemId, pricing }
}

/**
 * An edited order's pricing (an item changed or removed): its items as they are now with the
 * order's type and delivery terms, taxes and fee included. Paid in cash, the new total is rounded
 * again (today's steps); any other method is not rounded.
 */
function repricedOrder(
  state: OrderState,
  items: readonly OrderItem[],
  data: Pick<ItemChangeData, 'deliveryAreas' | 'config'>,
): OrderPricing {
  return repriceOrder(items, orderTypeOf(state), deliveryTermsFor(state, data.deliveryAreas), {
    paymentMethod: state.paymentMethod,
    currency: data.config.currency,
    cashRounding: data.config.cashRounding,
  })
}

/** `?version=` of a DELETE: absent, or the version the caller saw (a positive integer). */
function versionOf(query: string | undefined): number | undefined {
  if (query === undefined) return undefined
  const n = Number(query)
  if (!Number.isInteger(n) || n < 1) throw new HttpError(400, msg('positiveInteger'), 'version')
  return n
}

/**
 * The delivery terms an edited order is repriced with: the ones it agreed to when it was placed.
 * An order from before orders kept them finds its area by name in any case (a rename of
 * "Zentrum" to "ZENTRUM" keeps it); one whose area is gone is refused rather than repriced
 * without its fee.
 */
function deliveryTermsFor(
  state: Pick<OrderState, 'isDelivery' | 'deliveryArea' | 'deliveryTerms'>,
  areas: readonly DeliveryArea[],
): DeliveryTerms | null {
  if (!state.isDelivery) return null
  if (state.deliveryTerms) return state.deliveryTerms
  if (!state.deliveryArea) return null
  const area = findDeliveryArea(areas, state.deliveryArea)
  if (area === null)
    throw new HttpError(
      409,
      msg('checkout:checkout.deliveryAreaGone', { area: state.deliveryArea }),
      'itemId',
    )
  return deliveryTermsOf(area)
}
