import type { Db } from '@shop/kit'
import type { BoardUpdateMessage, OrderUpdateMessage } from '@shop/shared/contracts/ws'
import type { OrderState } from '@shop/shared/domain/ordering'
import { boardView } from './frontdesk-board.ts'
import { publicView } from './order-public.ts'

/**
 * What the orders projection sends for a changed row (one NATS message per change, on
 * `<root>_live.orders.<branch>.<uid>`): the folded state and what the rooms need beside it.
 */
export type LiveOrderRow = {
  orderId: string
  uid: string
  branchId: string
  version: number
  ticketNumber: number | null
  state: OrderState
}

/** The update for the order's own room (the customer's status page). */
export function orderRoomUpdate(row: LiveOrderRow): OrderUpdateMessage {
  return {
    type: 'update',
    topic: 'order',
    uid: row.uid,
    version: row.version,
    data: publicView(row.state, row.ticketNumber),
  }
}

/** The update for the branch's board room. */
export function boardRoomUpdate(row: LiveOrderRow): BoardUpdateMessage {
  return {
    type: 'update',
    topic: 'board',
    branchId: row.branchId,
    orderId: row.orderId,
    version: row.version,
    data: boardView(row.state, row.ticketNumber),
  }
}

/**
 * The current rows of these orders, as the projection sends them (a gateway reads its order
 * rooms again after it may have missed messages). Orders not projected yet are not in it.
 */
export async function readLiveOrderRows(db: Db, uids: readonly string[]): Promise<LiveOrderRow[]> {
  const rows: LiveOrderRow[] = []
  for (let i = 0; i < uids.length; i += 500) {
    const found = await db
      .selectFrom('rm_orders')
      .select(['order_id', 'uid', 'branch_id', 'version', 'ticket_number', 'state'])
      .where('uid', 'in', uids.slice(i, i + 500))
      .execute()
    for (const r of found)
      rows.push({
        orderId: r.order_id,
        uid: r.uid,
        branchId: r.branch_id,
        version: r.version,
        ticketNumber: r.ticket_number,
        state: r.state as OrderState,
      })
  }
  return rows
}
