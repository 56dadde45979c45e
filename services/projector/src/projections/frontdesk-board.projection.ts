import type { Database, Db } from '@shop/kit'
import { liveBoardSubject } from '@shop/shared/contracts/subjects'
import type { BoardUpdateMessage } from '@shop/shared/contracts/ws'
import { isFinal, type OrderState, toBoardOrderView } from '@shop/shared/domain/ordering'
import { sql, type Transaction } from 'kysely'
import type { LiveMessage, Projection } from '../projection.ts'
import { applyOrderEvents } from './order-rows.ts'

/** How long a finished order stays on the board ("done today" lane). */
export const BOARD_DONE_RETENTION_MS = 18 * 60 * 60 * 1000

/** The frontdesk board: every order of a branch that is open, or finished recently. */
export const frontdeskBoardProjection: Projection = {
  name: 'frontdesk-board',
  tables: ['rm_frontdesk_board', 'rm_frontdesk_board_tickets'],
  streamTypes: ['order'],
  async apply(trx, events, ctx): Promise<LiveMessage[]> {
    const changed = await applyOrderEvents(trx, 'rm_frontdesk_board', events)
    if (changed.length === 0) return []
    await upsert(trx, changed)
    return changed.map(({ state, version, ticketNumber }) => {
      const payload: BoardUpdateMessage = {
        type: 'update',
        topic: 'board',
        branchId: state.branchId,
        orderId: state.orderId,
        version,
        data: { ...toBoardOrderView(state), ticketNumber },
      }
      return { subject: liveBoardSubject(ctx.subjectRoot, state.branchId), payload }
    })
  },
}

async function upsert(
  trx: Transaction<Database>,
  rows: { state: OrderState; version: number; ticketNumber: number | null }[],
) {
  await trx
    .insertInto('rm_frontdesk_board')
    .values(
      rows.map(({ state, version, ticketNumber }) => ({
        order_id: state.orderId,
        branch_id: state.branchId,
        version,
        status: state.lifecycle.status,
        is_open: !isFinal(state),
        state: JSON.stringify(state),
        ticket_number: ticketNumber,
        view: JSON.stringify({ ...toBoardOrderView(state), ticketNumber }),
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
        state: eb.ref('excluded.state'),
        view: eb.ref('excluded.view'),
        ticket_number: eb.ref('excluded.ticket_number'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
}

export type BoardRow = { orderId: string; version: number; view: ReturnType<typeof toBoardOrderView> }

/** Current orders of a branch: open ones, and those finished within the retention window. */
export async function listBoard(db: Db, branchId: string, now = new Date()): Promise<BoardRow[]> {
  const since = new Date(now.getTime() - BOARD_DONE_RETENTION_MS)
  const rows = await db
    .selectFrom('rm_frontdesk_board')
    .select(['order_id', 'version', 'view'])
    .where('branch_id', '=', branchId)
    .where((eb) => eb.or([eb('is_open', '=', true), eb('updated_at', '>=', since)]))
    .orderBy('created_at')
    .execute()
  return rows.map((r) => ({ orderId: r.order_id, version: r.version, view: r.view as BoardRow['view'] }))
}

/**
 * Every order of a branch, newest first, a page at a time (the back-office list): `before` is
 * the createdAt of the last order of the previous page.
 */
export async function listBranchOrders(
  db: Db,
  branchId: string,
  opts: { limit: number; before?: Date | undefined },
): Promise<BoardRow[]> {
  let q = db
    .selectFrom('rm_frontdesk_board')
    .select(['order_id', 'version', 'view'])
    .where('branch_id', '=', branchId)
  if (opts.before) q = q.where('created_at', '<', opts.before)
  const rows = await q.orderBy('created_at', 'desc').orderBy('order_id').limit(opts.limit).execute()
  return rows.map((r) => ({ orderId: r.order_id, version: r.version, view: r.view as BoardRow['view'] }))
}

export type OrderListFilter = {
  /** Only these branches (a staff member's); undefined = every branch. */
  branchIds?: readonly string[] | undefined
  from?: Date | undefined
  to?: Date | undefined
  status?: string | undefined
  orderType?: 'takeaway' | 'delivery' | 'dineIn' | undefined
  /** Words to find in the customer's name, e-mail, phone, the comment or the items. */
  text?: string | undefined
  onlyOpen?: boolean
  /** Awaiting confirmation and created before this instant (the missed orders). */
  unansweredBefore?: Date | undefined
  before?: Date | undefined
  limit: number
}

/** The staff's order lists, newest first, from the board read model. */
export async function listOrders(db: Db, f: OrderListFilter): Promise<BoardRow[]> {
  let q = db.selectFrom('rm_frontdesk_board').select(['order_id', 'version', 'view'])
  if (f.branchIds) {
    if (f.branchIds.length === 0) return []
    q = q.where('branch_id', 'in', [...f.branchIds])
  }
  if (f.from) q = q.where('created_at', '>=', f.from)
  if (f.to) q = q.where('created_at', '<', f.to)
  if (f.before) q = q.where('created_at', '<', f.before)
  if (f.status) q = q.where('status', '=', f.status)
  if (f.onlyOpen) q = q.where('is_open', '=', true)
  if (f.unansweredBefore) {
    q = q.where('status', '=', 'awaitingConfirmation').where('created_at', '<', f.unansweredBefore)
  }
  if (f.orderType === 'delivery') q = q.where(sql<boolean>`(view->>'isDelivery')::boolean`)
  if (f.orderType === 'dineIn') q = q.where(sql<boolean>`(view->>'isDineIn')::boolean`)
  if (f.orderType === 'takeaway') {
    q = q.where(sql<boolean>`NOT (view->>'isDelivery')::boolean AND NOT (view->>'isDineIn')::boolean`)
  }
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where(
      sql<boolean>`concat_ws(' ', view->>'customerName', view->'customer'->>'email', view->'customer'->>'phone', view->>'comment', view->>'items') ILIKE ${like}`,
    )
  }
  const rows = await q.orderBy('created_at', 'desc').orderBy('order_id').limit(f.limit).execute()
  return rows.map((r) => ({ orderId: r.order_id, version: r.version, view: r.view as BoardRow['view'] }))
}
