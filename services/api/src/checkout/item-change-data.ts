import type { Db } from '@shop/kit'
import { itemChangeRows } from '@shop/read-models'
import type { DeliveryArea, Product, Upload } from '@shop/shared/domain/catalogue'
import type { CheckoutConfig } from '@shop/shared/domain/checkout'
import { toCheckoutBranch, toCheckoutConfig, toProduct, toUpload } from './checkout-data.ts'

/** What a staff item change is checked and priced with: today's product, the uploads it names. */
export type ItemChangeData = {
  product: Product | undefined
  uploads: ReadonlyMap<string, Upload>
  /** The branch's areas today: only for orders placed before orders kept their area's terms. */
  deliveryAreas: readonly DeliveryArea[]
  /** The shop's currency and cash rounding: a cash order's new total is rounded again. */
  config: CheckoutConfig
}

/**
 * One read of the product (by uid), the branch and the uploads an item change needs: those the
 * order has already, and others made since `acceptedSince` (as for a new order).
 */
export async function loadItemChangeData(
  db: Db,
  query: {
    /** null: no product (an item removed reprices the others only). */
    productUid: string | null
    branchId: string
    uploadIds: readonly string[]
    orderUploadIds: readonly string[]
    acceptedSince: Date
  },
): Promise<ItemChangeData> {
  const rows = await itemChangeRows(db, query)
  const productRow = rows.find((r) => r.type === 'product')
  const branchRow = rows.find((r) => r.type === 'branch')
  const configRow = rows.find((r) => r.type === 'config')
  return {
    product: productRow ? toProduct(productRow.id, productRow.data) : undefined,
    uploads: new Map(rows.filter((r) => r.type === 'upload').map((r) => [r.id, toUpload(r.id, r.data)])),
    deliveryAreas: branchRow ? toCheckoutBranch(branchRow.id, branchRow.data).deliveryAreas : [],
    config: toCheckoutConfig(configRow?.data ?? {}),
  }
}
