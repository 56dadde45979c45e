import { type BranchDirectory, HttpError, type Limits, msg } from '@shop/kit'
import {
  type CreateOrderItemPart,
  changeOrderItemBodySchema,
  dataOf,
  staffOrderSchema,
} from '@shop/shared/contracts'
import {
  type DeliveryArea,
  type DeliveryTerms,
  deliveryTermsOf,
  findDeliveryArea,
} from '@shop/shared/domain/catalogue'
import { checkItemShape, priceOrderItem, repriceOrder } from '@shop/shared/domain/checkout'
import type { OrderState } from '@shop/shared/domain/ordering'
import { orderTypeOf } from '@shop/shared/domain/ordering'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { loadItemChangeData } from '../../checkout/item-change-data.ts'
import { type CommandDeps, loadOrder, runOrderCommand, withContext } from '../../commands/order-commands.ts'
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
      // Paid in cash, the new total is rounded again (today's steps); any other method is not rounded.
      const pricing = repriceOrder(items, orderType, deliveryTermsFor(state, deliveryAreas), {
        paymentMethod: state.paymentMethod,
        currency: config.currency,
        cashRounding: config.cashRounding,
      })
      const command = withContext(deps, actor, { type: 'ChangeOrderItem', item, pricing })
      const { order } = await runOrderCommand(deps, req.params.id, command, {
        expectedVersion: body.version,
        idempotency: idempotencyOf(req),
        view: 'staff',
      })
      return { data: order }
    },
  )
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
