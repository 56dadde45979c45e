// The pickup display (issue 21; docs/devices.md): the ticket numbers of a branch's orders in
// preparation and ready for pickup. Only a number and a state leave the server for it, never a
// name, an item or an address: the screen hangs in the shop for everyone to read.

export const PICKUP_STATES = ['preparing', 'ready'] as const
export type PickupState = (typeof PICKUP_STATES)[number]

/** One order on the pickup display; `state` null: it left the display (collected, canceled…). */
export type PickupEntry = { orderId: string; ticketNumber: number; state: PickupState | null }

/** The parts of an order the display reads. */
export type PickupSource = {
  isDelivery: boolean
  lifecycle: { status: string }
}

/**
 * Where an order stands on the display: confirmed (being made) → preparing, ready → ready;
 * anything else (awaiting confirmation, collected, canceled) and every delivery: not shown.
 */
export function pickupStateOf(order: PickupSource): PickupState | null {
  if (order.isDelivery) return null
  if (order.lifecycle.status === 'confirmed') return 'preparing'
  if (order.lifecycle.status === 'ready') return 'ready'
  return null
}

/** The display's entry for an order row, or null when it has no ticket number. */
export function pickupEntryOf(row: {
  orderId: string
  ticketNumber: number | null
  state: PickupSource
}): PickupEntry | null {
  if (row.ticketNumber === null) return null
  return { orderId: row.orderId, ticketNumber: row.ticketNumber, state: pickupStateOf(row.state) }
}

/** The display's columns: a snapshot with updates applied in order, each column ascending. */
export function pickupColumns(entries: Iterable<PickupEntry>): { preparing: number[]; ready: number[] } {
  const byOrder = new Map<string, PickupEntry>()
  for (const entry of entries) byOrder.set(entry.orderId, entry)
  const preparing: number[] = []
  const ready: number[] = []
  for (const entry of byOrder.values()) {
    if (entry.state === 'preparing') preparing.push(entry.ticketNumber)
    else if (entry.state === 'ready') ready.push(entry.ticketNumber)
  }
  return { preparing: preparing.sort((a, b) => a - b), ready: ready.sort((a, b) => a - b) }
}
