import { type BranchDirectory, HttpError, msg } from '@shop/kit'
import { type CreateOrderItemPart, changeOrderItemBodySchema } from '@shop/shared/contracts'
import type { Upload } from '@shop/shared/domain/catalogue'
import { checkItemShape, priceOrderItem, repriceOrder } from '@shop/shared/domain/checkout'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { toCheckoutBranch, toProduct, toUpload } from '../../checkout/checkout-data.ts'
import { type CommandDeps, loadOrder, runOrderCommand, withContext } from '../../commands/order-commands.ts'
import { idempotencyOf, parseBody } from '../../http-helpers.ts'
import { checkoutErrors } from './checkout.routes.ts'
import { staffOrderAccess } from './staff-access.ts'

/**
 * PUT /api/orders/{id}/items/{itemId} (spec §7): staff change an item's amount, unit or parts
 * (the customer called). The item is checked and priced with the checkout's rules against
 * today's catalogue, the order is repriced (delivery fee and taxes included), and one
 * OrderItemChanged event records both. Online-paid orders keep their items (the machine
 * refuses), and a stale `version` answers 409 like every staff action.
 */
export async function orderItemRoutes(
  app: FastifyInstance,
  deps: CommandDeps & { branches: BranchDirectory },
): Promise<void> {
  const authorize = staffOrderAccess(deps)
  app.put<{ Params: { id: string; itemId: string } }>('/api/orders/:id/items/:itemId', async (req) => {
    const actor = await authorize(req, req.params.id)
    const body = parseBody(changeOrderItemBodySchema, req.body, req.locale)
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
    const { rows } = await sql<{ type: string; id: string; data: Record<string, unknown> }>`
      SELECT type, id, data FROM rm_resources
       WHERE (type = 'product' AND data->>'uid' = ${current.productUid})
          OR (type = 'branch' AND id = ${state.branchId})
          OR (type = 'upload' AND id = ANY(${uploadIds}::text[]))`.execute(deps.db)
    const productRow = rows.find((r) => r.type === 'product')
    if (!productRow)
      throw new HttpError(409, msg('checkout:checkout.productGone', { name: current.name }), 'itemId')
    const product = toProduct(productRow.id, productRow.data)
    const uploads = new Map<string, Upload>(
      rows.filter((r) => r.type === 'upload').map((r) => [r.id, toUpload(r.id, r.data)]),
    )
    const shape = { amount: body.amount ?? current.amount, unit: body.unit ?? current.unit, parts }
    const problems = checkItemShape(product, shape, uploads)
    if (problems.length > 0) throw new HttpError(400, checkoutErrors(problems))

    const orderType = state.isDelivery ? 'delivery' : state.isDineIn ? 'dineIn' : 'takeaway'
    const item = priceOrderItem(
      product,
      { amount: shape.amount, unit: shape.unit as never, parts },
      orderType,
      uploads,
      current.itemId,
    )
    const branchRow = rows.find((r) => r.type === 'branch')
    const areas = branchRow ? toCheckoutBranch(branchRow.id, branchRow.data).deliveryAreas : []
    const area = state.deliveryArea ? (areas.find((a) => a.area === state.deliveryArea) ?? null) : null
    const items = state.items.map((i) => (i.itemId === item.itemId ? item : i))
    const pricing = repriceOrder(items, orderType, area)
    const command = withContext(deps, actor, { type: 'ChangeOrderItem', item, pricing })
    const { order } = await runOrderCommand(deps, req.params.id, command, {
      expectedVersion: body.version,
      idempotency: idempotencyOf(req),
      view: 'staff',
    })
    return { data: order }
  })
}
