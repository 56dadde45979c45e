import type { Database, LiveMessage, Projection } from '@shop/kit'
import { liveOrderRowSubject } from '@shop/shared/contracts/subjects'
import { isFinal } from '@shop/shared/domain/ordering'
import type { Transaction } from 'kysely'
import type { LiveOrderRow } from './live-rows.ts'
import { applyOrderEvents, type ChangedOrder } from './order-rows.ts'

/**
 * The orders read model (`rm_orders`): one row per order with its folded state, the columns the
 * board and the staff lists filter on, and its ticket number. The customer's status view and
 * the board's view are made from the state when read; a change goes to the live rooms as one
 * message with the state.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  version: 1,
  tables: ['rm_orders', 'rm_order_tickets'],
  streamTypes: ['order'],
  async apply(trx, events, ctx) {
    const changed = await applyOrderEvents(trx, events)
    if (changed.length === 0) return []
    // The state is serialised once: for the row and for the live message.
    const states = changed.map((c) => JSON.stringify(c.state))
    await upsertOrders(trx, changed, states)
    return changed.map((c, i) => liveOrderRow(c, states[i]!, ctx.subjectRoot))
  },
}

/**
 * The live message of a changed row: the state and what the rooms need beside it. Each gateway
 * makes the customer's and the board's view only for rooms someone is in (live-rows.ts).
 */
function liveOrderRow(c: ChangedOrder, stateJson: string, subjectRoot: string): LiveMessage {
  const head: Omit<LiveOrderRow, 'state'> = {
    orderId: c.state.orderId,
    uid: c.state.uid,
    branchId: c.state.branchId,
    version: c.version,
    ticketNumber: c.ticketNumber,
  }
  return {
    subject: liveOrderRowSubject(subjectRoot, c.state.branchId, c.state.uid),
    json: `${JSON.stringify(head).slice(0, -1)},"state":${stateJson}}`,
  }
}

async function upsertOrders(
  trx: Transaction<Database>,
  rows: readonly ChangedOrder[],
  states: readonly string[],
): Promise<void> {
  await trx
    .insertInto('rm_orders')
    .values(
      rows.map(({ state, version, ticketNumber }, i) => ({
        order_id: state.orderId,
        uid: state.uid,
        hash: state.hash,
        branch_id: state.branchId,
        version,
        status: state.lifecycle.status,
        is_open: !isFinal(state),
        ticket_number: ticketNumber,
        state: states[i]!,
        // Event time, not projection time: a rebuild must produce the same rows.
        created_at: state.createdAt,
        updated_at: state.updatedAt,
      })),
    )
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        status: eb.ref('excluded.status'),
        is_open: eb.ref('excluded.is_open'),
        ticket_number: eb.ref('excluded.ticket_number'),
        state: eb.ref('excluded.state'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
}
