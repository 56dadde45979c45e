import type { OrderContribution } from '@shop/shared/domain/statistics/order-contribution.ts'
import { SHOP_SCOPE } from '@shop/shared/domain/statistics/visitor-sketch.ts'

// The statistics tables' rows of one contribution, signed: +1 adds an order's contribution, -1
// takes its old one back. Rows of the same key are merged before they are written, so a batch
// writes each key once. Pure: unit tested.

export type StatTable =
  | 'st_order_days'
  | 'st_order_hours'
  | 'st_tax_days'
  | 'st_item_days'
  | 'st_option_days'
  | 'st_reason_days'
  | 'st_visitor_days'
  | 'st_page_days'
  | 'st_visit_hours'
  | 'st_event_days'

/** Per table: the key columns and the summed columns, in the order the upsert sends them. */
export const STAT_TABLES: Record<
  StatTable,
  { keys: readonly string[]; sums: readonly string[]; text?: string }
> = {
  st_order_days: {
    keys: ['day', 'branch_id', 'order_type', 'outcome'],
    sums: [
      'orders',
      'net',
      'tax',
      'gross',
      'revenue_orders',
      'revenue_net',
      'revenue_tax',
      'revenue_gross',
      'confirmed',
      'confirm_seconds',
      'completed',
      'complete_seconds',
      'rated',
      'rating_sum',
    ],
  },
  st_order_hours: { keys: ['day', 'branch_id', 'hour', 'order_type'], sums: ['orders'] },
  st_tax_days: { keys: ['day', 'branch_id', 'order_type', 'rate'], sums: ['net', 'tax', 'gross'] },
  // The product's name is the latest seen, not a sum.
  st_item_days: {
    keys: ['day', 'branch_id', 'order_type', 'product_uid', 'unit'],
    sums: ['lines', 'quantity', 'gross'],
    text: 'name',
  },
  st_option_days: {
    keys: ['day', 'branch_id', 'order_type', 'product_uid', 'part', 'option'],
    sums: ['lines', 'quantity'],
  },
  st_reason_days: { keys: ['day', 'branch_id', 'order_type', 'outcome', 'reason'], sums: ['orders'] },
  st_visitor_days: { keys: ['day', 'branch_id', 'visitor'], sums: ['views'] },
  st_page_days: { keys: ['day', 'branch_id', 'path'], sums: ['views'] },
  st_visit_hours: { keys: ['day', 'branch_id', 'hour'], sums: ['views'] },
  st_event_days: { keys: ['day', 'branch_id', 'type', 'category', 'action'], sums: ['events'] },
}

/** One entry of the consented analytics log, placed on its local day and hour. */
export type AnalyticsHit = {
  day: string
  hour: number
  branchId: string
  visitor: string | null
  type: string
  category: string
  action: string
  path: string | null
}

export type StatRow = { keys: (string | number)[]; sums: number[]; text?: string }

/** Accumulates signed rows per table and key. */
export class StatDeltas {
  readonly tables = new Map<StatTable, Map<string, StatRow>>()

  add(table: StatTable, keys: (string | number)[], sums: number[], text?: string): void {
    let rows = this.tables.get(table)
    if (!rows) {
      rows = new Map()
      this.tables.set(table, rows)
    }
    const k = keys.join('\u0000')
    const row = rows.get(k)
    if (!row) rows.set(k, { keys, sums: [...sums], ...(text !== undefined ? { text } : {}) })
    else {
      sums.forEach((v, i) => {
        row.sums[i] = round(row.sums[i]! + v)
      })
      if (text !== undefined) row.text = text
    }
  }

  /** Every row of a contribution, times the sign. */
  contribute(c: OrderContribution, sign: 1 | -1): void {
    const base = [c.day, c.branchId]
    const s = (v: number) => sign * v
    const revenue = c.revenue ? 1 : 0
    this.add(
      'st_order_days',
      [...base, c.orderType, c.outcome],
      [
        s(1),
        s(c.money.net),
        s(c.money.tax),
        s(c.money.gross),
        s(revenue),
        s(revenue * c.money.net),
        s(revenue * c.money.tax),
        s(revenue * c.money.gross),
        s(c.confirmSeconds === null ? 0 : 1),
        s(c.confirmSeconds ?? 0),
        s(c.completeSeconds === null ? 0 : 1),
        s(c.completeSeconds ?? 0),
        s(c.rating === null ? 0 : 1),
        s(c.rating ?? 0),
      ],
    )
    this.add('st_order_hours', [...base, c.hour, c.orderType], [s(1)])
    if (c.reason !== null && c.outcome !== 'open' && c.outcome !== 'completed') {
      this.add('st_reason_days', [...base, c.orderType, c.outcome, c.reason], [s(1)])
    }
    // What was sold: only orders that count as revenue.
    if (!c.revenue) return
    for (const [rate, m] of Object.entries(c.rates)) {
      this.add('st_tax_days', [...base, c.orderType, rate], [s(m.net), s(m.tax), s(m.gross)])
    }
    for (const i of c.items) {
      this.add(
        'st_item_days',
        [...base, c.orderType, i.productUid, i.unit],
        [s(1), s(i.amount), s(i.gross)],
        i.name,
      )
    }
    for (const o of c.options) {
      this.add('st_option_days', [...base, c.orderType, o.productUid, o.part, o.option], [s(1), s(o.amount)])
    }
  }
}

/** A page view counts for the visitor, the page and the hour; every entry counts as an event. */
export function analyticsRows(deltas: StatDeltas, hit: AnalyticsHit): void {
  const base = [hit.day, hit.branchId]
  if (hit.type === 'pageview') {
    // The visitor counts in its branch and in the whole shop (a visitor of two branches is one).
    if (hit.visitor) {
      deltas.add('st_visitor_days', [...base, hit.visitor], [1])
      deltas.add('st_visitor_days', [hit.day, SHOP_SCOPE, hit.visitor], [1])
    }
    deltas.add('st_page_days', [...base, hit.path ?? '/'], [1])
    deltas.add('st_visit_hours', [...base, hit.hour], [1])
  } else {
    deltas.add('st_event_days', [...base, hit.type, hit.category, hit.action], [1])
  }
}

// Quantities are decimals (1.5 kg): keep the sums free of binary noise.
function round(v: number): number {
  return Math.round(v * 1e6) / 1e6
}
