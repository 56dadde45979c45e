import type { BoardOrder } from './board-model.ts'

// The kitchen view's pure rules (issue 21 point 4): what the bakehouse has to prepare, by pickup
// time. No React, no I/O: unit tested (kitchen-model.unit.test.ts).

/** The board's kitchen view is on when localStorage holds '1' under this key (per device). */
export const KITCHEN_VIEW_KEY = 'boardKitchenView'

/** One line to prepare: a product in one unit with the same options, summed over the slot's orders. */
export type KitchenItem = {
  /** Stable within a slot: product, unit and options. */
  key: string
  name: string
  amount: number
  unit: string
  /** The configured options, part by part ("Füllung: Nuss"), in the order's wording. */
  options: string[]
  /** The ticket numbers (or, without one, nothing) of the orders it belongs to, ascending. */
  tickets: string[]
}

/** The orders due at one time (`at` null: no pickup time, to prepare at once). */
export type KitchenSlot = { at: string | null; items: KitchenItem[]; orderCount: number }

/** What an order's item asks for beyond the product: each part's options and free text. */
export function optionsOf(item: BoardOrder['items'][number]): string[] {
  return (item.parts ?? [])
    .map((part) => {
      const chosen = [...part.options, part.text ?? ''].filter((s) => s.trim() !== '')
      return chosen.length > 0 ? `${part.name}: ${chosen.join(', ')}` : ''
    })
    .filter(Boolean)
}

const ticketOrder = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true })

/**
 * The confirmed, not yet ready orders' items by pickup time, the earliest first (the orders without
 * a pickup time lead: they are due now). Within a slot the same product in the same unit with the
 * same options is one line, its amounts summed and its orders' ticket numbers listed; lines keep
 * the product's name order. Other statuses are not the kitchen's (new ones are not accepted yet,
 * ready ones are done).
 */
export function kitchenSlotsOf(orders: Iterable<BoardOrder>): KitchenSlot[] {
  const slots = new Map<string, { at: string | null; items: Map<string, KitchenItem>; orders: number }>()
  for (const order of orders) {
    if (order.status !== 'confirmed') continue
    const at = order.dueAt ?? null
    const slotKey = at === null ? '' : new Date(Date.parse(at)).toISOString()
    let slot = slots.get(slotKey)
    if (!slot) {
      slot = { at: at === null ? null : slotKey, items: new Map(), orders: 0 }
      slots.set(slotKey, slot)
    }
    slot.orders += 1
    const ticket = order.ticketNumber == null ? '' : String(order.ticketNumber)
    for (const item of order.items) {
      const options = optionsOf(item)
      const key = JSON.stringify([item.productUid, item.unit, options])
      const line = slot.items.get(key)
      if (line) {
        // Sums of decimal amounts (1,5 kg + 0,2 kg) stay exact to the gram.
        line.amount = Math.round((line.amount + item.amount) * 1000) / 1000
        if (ticket && !line.tickets.includes(ticket)) line.tickets.push(ticket)
      } else {
        slot.items.set(key, {
          key,
          name: item.name,
          amount: item.amount,
          unit: item.unit,
          options,
          tickets: ticket ? [ticket] : [],
        })
      }
    }
  }
  return [...slots.values()]
    .sort((a, b) => (a.at === null ? -1 : b.at === null ? 1 : Date.parse(a.at) - Date.parse(b.at)))
    .map((slot) => ({
      at: slot.at,
      orderCount: slot.orders,
      items: [...slot.items.values()]
        .map((line) => ({ ...line, tickets: [...line.tickets].sort(ticketOrder) }))
        .sort(
          (a, b) =>
            a.name.localeCompare(b.name, 'de-CH') ||
            a.unit.localeCompare(b.unit) ||
            a.options.join().localeCompare(b.options.join()),
        ),
    }))
}

/** Reads the remembered mode; `?view=kitchen` (or `?view=board`) in the address wins. */
export function initialKitchenView(search: string, storage: Pick<Storage, 'getItem'> | undefined): boolean {
  const view = new URLSearchParams(search).get('view')
  if (view === 'kitchen') return true
  if (view === 'board') return false
  try {
    return storage?.getItem(KITCHEN_VIEW_KEY) === '1'
  } catch {
    return false
  }
}
