import type { OrderType } from '@shop/shared/domain/scheduling'

/**
 * A table's QR code (printed from the back-office's branch editor) opens the branch's menu as
 * `/store/<branch>?table=<table>`: dine-in at that table is chosen for the customer. The table
 * counts only if the branch offers dine-in and has a table of that identifier; anything else in
 * the link is ignored (the customer chooses as usual).
 */
export function tableFromLink(
  search: string,
  tables: readonly string[],
  orderTypes: readonly OrderType[],
): string | null {
  const table = new URLSearchParams(search).get('table')?.trim()
  if (!table || !orderTypes.includes('dineIn')) return null
  return tables.includes(table) ? table : null
}
