import type { Receipt } from './receipt.ts'

/**
 * The kitchen ticket (issue 21, purpose `kitchenTicket`): the order's receipt for the people who
 * prepare it. The title (ticket number), the badges, when it is due, the table, and the items with
 * their parts, grouped for preparation: the same item with the same parts is one line with the
 * amounts together. No prices, no totals, no taxes, no addresses; the customer's notes stay.
 */
export function kitchenTicketOf(receipt: Receipt): Receipt {
  const groups = new Map<string, Receipt['items'][number]>()
  for (const item of receipt.items) {
    const key = JSON.stringify([item.name, item.details])
    const kept = groups.get(key)
    if (kept) kept.amount = `${kept.amount} + ${item.amount}`
    else groups.set(key, { ...item, price: '', details: [...item.details] })
  }
  return {
    ...receipt,
    header: receipt.header.slice(0, 1),
    // When, the order type and the table: what the kitchen plans by (the facts' first rows).
    facts: receipt.facts.filter((f) => f.strong === true || f === receipt.facts[0]),
    blocks: [],
    columns: { ...receipt.columns, price: '' },
    items: [...groups.values()],
    totals: [],
    taxes: { heading: null, rows: [] },
    footer: receipt.footer.slice(0, 1),
  }
}
