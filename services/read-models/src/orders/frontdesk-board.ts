import type { Db } from '@shop/kit'
import { type OrderState, toBoardOrderView } from '@shop/shared/domain/ordering'
import { sql } from 'kysely'

/** How long a finished order stays on the board ("done today" lane). */
export const BOARD_DONE_RETENTION_MS = 18 * 60 * 60 * 1000

// The frontdesk board and the staff's order lists, from the orders read model: the views are
// made from the rows' states when read.

export type BoardRow = { orderId: string; version: number; view: ReturnType<typeof toBoardOrderView> }

export function boardView(state: OrderState, ticketNumber: number | null) {
  return { ...toBoardOrderView(state), ticketNumber }
}

type StateRow = { order_id: string; version: number; state: unknown; ticket_number: number | null }

const toBoardRow = (r: StateRow): BoardRow => ({
  orderId: r.order_id,
  version: r.version,
  view: boardView(r.state as OrderState, r.ticket_number),
})

const BOARD_COLUMNS = ['order_id', 'version', 'state', 'ticket_number'] as const

/** Current orders of a branch: open ones, and those finished within the retention window. */
export async function listBoard(db: Db, branchId: string, now = new Date()): Promise<BoardRow[]> {
  const since = new Date(now.getTime() - BOARD_DONE_RETENTION_MS)
  const rows = await db
    .selectFrom('rm_orders')
    .select(BOARD_COLUMNS)
    .where('branch_id', '=', branchId)
    .where((eb) => eb.or([eb('is_open', '=', true), eb('updated_at', '>=', since)]))
    .orderBy('created_at')
    .execute()
  return rows.map(toBoardRow)
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
  let q = db.selectFrom('rm_orders').select(BOARD_COLUMNS).where('branch_id', '=', branchId)
  if (opts.before) q = q.where('created_at', '<', opts.before)
  const rows = await q.orderBy('created_at', 'desc').orderBy('order_id').limit(opts.limit).execute()
  return rows.map(toBoardRow)
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

/**
 * What the text filter searches: the customer's name, e-mail and phone, the comment, and of the
 * items what a customer wrote or chose (names, options, texts), never the JSON's field names.
 */
const SEARCHED_TEXT = sql`state->'customer'->>'firstName', state->'customer'->>'lastName',
  state->'customer'->>'companyName', state->'customer'->>'email', state->'customer'->>'phone', state->>'comment',
  jsonb_path_query_array(state->'items', 'lax $[*].name')::text,
  jsonb_path_query_array(state->'items', 'lax $[*].parts[*].options[*]')::text,
  jsonb_path_query_array(state->'items', 'lax $[*].parts[*].text')::text`

/** The staff's order lists, newest first, from the orders read model. */
export async function listOrders(db: Db, f: OrderListFilter): Promise<BoardRow[]> {
  let q = db.selectFrom('rm_orders').select(BOARD_COLUMNS)
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
  if (f.orderType === 'delivery') q = q.where(sql<boolean>`(state->>'isDelivery')::boolean`)
  if (f.orderType === 'dineIn') q = q.where(sql<boolean>`(state->>'isDineIn')::boolean`)
  if (f.orderType === 'takeaway') {
    q = q.where(sql<boolean>`NOT (state->>'isDelivery')::boolean AND NOT (state->>'isDineIn')::boolean`)
  }
  for (const word of (f.text ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    q = q.where(sql<boolean>`concat_ws(' ', ${SEARCHED_TEXT}) ILIKE ${like}`)
  }
  const rows = await q.orderBy('created_at', 'desc').orderBy('order_id').limit(f.limit).execute()
  return rows.map(toBoardRow)
}
