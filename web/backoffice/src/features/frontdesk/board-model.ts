import { type OrderType, orderTypeOf } from '@shop/shared/domain/common'
import type { BoardOrderView, StaffAction } from '@shop/shared/domain/ordering/order.views.ts'

// The frontdesk board's pure rules: which lane an order is in, what counts as missed, what a
// 409 changed, which orders are still to be announced. No React, no I/O: unit tested.

export type BoardOrder = BoardOrderView & { version: number }

export const LANES = ['new', 'confirmed', 'ready', 'done'] as const
export type Lane = (typeof LANES)[number]

/** Finished orders stay in the "done today" lane this long (the read model's 18 h window). */
export const DONE_RETENTION_MS = 18 * 60 * 60 * 1000
export const DEFAULT_MISSED_ORDER_MINUTES = 4
/** How often the missed flags and the done lane are re-evaluated against the clock. */
export const CLOCK_TICK_MS = 15_000
/** The new-order sound repeats this often until each new order is acknowledged or answered. */
export const ALERT_REPEAT_MS = 5_000

export function laneOf(status: BoardOrder['status']): Lane {
  switch (status) {
    case 'awaitingConfirmation':
      return 'new'
    case 'confirmed':
      return 'confirmed'
    case 'ready':
    case 'inDelivery':
      return 'ready'
    default:
      return 'done'
  }
}

/** When a finished order finished: its last timeline step, else its last change. */
export function finishedAt(order: Pick<BoardOrder, 'timeline' | 'updatedAt'>): number {
  const last = order.timeline.at(-1)
  return Date.parse(last?.at ?? order.updatedAt)
}

export function isMissed(
  order: Pick<BoardOrder, 'status' | 'createdAt'>,
  now: number,
  missedOrderMinutes: number,
): boolean {
  return (
    order.status === 'awaitingConfirmation' &&
    Date.parse(order.createdAt) <= now - missedOrderMinutes * 60_000
  )
}

export type LaneOrders = Record<Lane, BoardOrder[]>

/**
 * The orders by lane, each lane in working order: new and in-progress orders by when they are
 * due (the oldest request first), done orders newest first. Done orders older than 18 h leave.
 * The new orders still announced (`announced`, newest first: alarm-model.ts) lead the new lane,
 * so the newest is seen without scrolling.
 */
export function lanesOf(
  orders: Iterable<BoardOrder>,
  now: number,
  announced: readonly string[] = [],
): LaneOrders {
  const lanes: LaneOrders = { new: [], confirmed: [], ready: [], done: [] }
  for (const order of orders) {
    const lane = laneOf(order.status)
    if (lane === 'done' && finishedAt(order) < now - DONE_RETENTION_MS) continue
    lanes[lane].push(order)
  }
  const due = (o: BoardOrder) => Date.parse(o.dueAt ?? o.createdAt)
  const byDue = (a: BoardOrder, b: BoardOrder) =>
    due(a) - due(b) || Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id)
  const lead = new Map(announced.map((id, index) => [id, index]))
  const rank = (o: BoardOrder) => lead.get(o.id) ?? announced.length
  lanes.new.sort(
    (a, b) =>
      rank(a) - rank(b) || Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id),
  )
  lanes.confirmed.sort(byDue)
  lanes.ready.sort(byDue)
  lanes.done.sort((a, b) => finishedAt(b) - finishedAt(a) || a.id.localeCompare(b.id))
  return lanes
}

export type OrderKind = OrderType

export function orderKindOf(order: Pick<BoardOrder, 'isDelivery' | 'isDineIn'>): OrderKind {
  return orderTypeOf(order)
}

/**
 * The card's buttons, in this order. Cancel (with a reason the customer reads) once the order is
 * accepted; before that the shop rejects it instead.
 */
export const CARD_ACTIONS = [
  'confirm',
  'reject',
  'counter-appointment',
  'in-delivery',
  'completed',
  'delivered',
  'cancel',
] as const satisfies readonly StaffAction[]
export type CardAction = (typeof CARD_ACTIONS)[number]

export function cardActions(order: Pick<BoardOrder, 'allowedActions'>): CardAction[] {
  const allowed = order.allowedActions
  return CARD_ACTIONS.filter((a) => allowed.includes(a) && !(a === 'cancel' && allowed.includes('reject')))
}

/** The card actions a 10 s undo can take back (order.undo.ts on the server decides). */
export const UNDOABLE_ACTIONS: ReadonlySet<CardAction> = new Set([
  'confirm',
  'in-delivery',
  'completed',
  'delivered',
])

/** What changed between the card's copy and the server's current order (shown on a 409). */
export type OrderChange =
  | { field: 'status'; from: BoardOrder['status']; to: BoardOrder['status'] }
  | { field: 'appointment'; from: string | null; to: string | null }
  | { field: 'items'; added: string[]; removed: string[]; changed: string[] }
  | { field: 'paymentStatus'; from: BoardOrder['paymentStatus']; to: BoardOrder['paymentStatus'] }
  | { field: 'total'; from: number; to: number }

const itemLabel = (i: BoardOrder['items'][number]) => `${i.amount} ${i.unit} ${i.name}`.replace(/\s+/g, ' ')

export function diffOrders(
  before: Pick<BoardOrder, 'status' | 'dueAt' | 'items' | 'paymentStatus' | 'totalGross'>,
  after: Pick<BoardOrder, 'status' | 'dueAt' | 'items' | 'paymentStatus' | 'totalGross'>,
): OrderChange[] {
  const changes: OrderChange[] = []
  if (before.status !== after.status) changes.push({ field: 'status', from: before.status, to: after.status })
  if ((before.dueAt ?? null) !== (after.dueAt ?? null))
    changes.push({ field: 'appointment', from: before.dueAt ?? null, to: after.dueAt ?? null })
  const was = new Map(before.items.map((i) => [i.itemId, i]))
  const now = new Map(after.items.map((i) => [i.itemId, i]))
  const added = after.items.filter((i) => !was.has(i.itemId)).map(itemLabel)
  const removed = before.items.filter((i) => !now.has(i.itemId)).map(itemLabel)
  const changed = after.items
    .filter((i) => {
      const old = was.get(i.itemId)
      return old !== undefined && JSON.stringify(old) !== JSON.stringify(i)
    })
    .map(itemLabel)
  if (added.length + removed.length + changed.length > 0)
    changes.push({ field: 'items', added, removed, changed })
  if (before.paymentStatus !== after.paymentStatus)
    changes.push({ field: 'paymentStatus', from: before.paymentStatus, to: after.paymentStatus })
  if (before.totalGross !== after.totalGross)
    changes.push({ field: 'total', from: before.totalGross, to: after.totalGross })
  return changes
}

/** Spec §3 client-side switches: localStorage '1' / '0', both shown by default. */
export const SWITCH_KEYS = { customer: 'showCustomerData', product: 'showProductData' } as const

export function readSwitch(storage: Pick<Storage, 'getItem'> | undefined, key: string): boolean {
  try {
    return storage?.getItem(key) !== '0'
  } catch {
    return true
  }
}
