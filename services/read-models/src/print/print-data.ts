import { type BranchDirectory, type Db, SHOP_CONFIG_ID } from '@shop/kit'
import type { OrderState } from '@shop/shared/domain/ordering'
import { ticketNumberOf } from '../orders/order-lookups.ts'
import { findResources } from '../resources/resources.ts'
import type { ReceiptBranch, ReceiptConfig, ReceiptContext } from './receipt.ts'

export type PrintData = Pick<ReceiptContext, 'config' | 'branch' | 'ticketNumber' | 'donatee'>

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/**
 * What the receipt shows besides the order: the shop's config, the branch and the donatee
 * from the resources read model, the ticket number from the orders read model (null until
 * the projector has numbered the order). A branch missing from the resources (an installation
 * that lists its branches only in the environment) prints with its name and zone from there.
 */
export async function loadPrintData(
  db: Db,
  branches: Pick<BranchDirectory, 'get'>,
  order: Pick<OrderState, 'orderId' | 'branchId' | 'donateeId'>,
): Promise<PrintData> {
  const [resources, ticketNumber] = await Promise.all([
    findResources(db, [
      { type: 'config', id: SHOP_CONFIG_ID },
      { type: 'branch', id: order.branchId },
      ...(order.donateeId !== null ? [{ type: 'donatee', id: order.donateeId }] : []),
    ]),
    ticketNumberOf(db, order.orderId),
  ])
  const of = (type: string) => resources.find((r) => r.type === type)?.data
  const configData = of('config')
  const branchData = of('branch')
  const donateeData = of('donatee')

  const config: ReceiptConfig | null = configData
    ? {
        shopName: text(configData.shopName),
        businessName: text(configData.businessName),
        currency: text(configData.currency),
        disableTickets: configData.disableTickets === true,
      }
    : null
  let branch: ReceiptBranch | null = branchData
    ? {
        name: text(branchData.name),
        street: text(branchData.street),
        zipCode: text(branchData.zipCode),
        city: text(branchData.city),
        phone: text(branchData.phone),
        timeZone: text(branchData.timeZone),
      }
    : null
  if (!branch) {
    const access = await branches.get(order.branchId)
    branch = access ? { name: access.name, timeZone: access.timeZone } : null
  }
  const donateeName = text(donateeData?.name)
  return {
    config,
    branch,
    ticketNumber,
    donatee: donateeName ? { name: donateeName } : null,
  }
}
