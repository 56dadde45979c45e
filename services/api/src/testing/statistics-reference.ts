import type { Db } from '@shop/kit'
import { sql } from 'kysely'

// The statistics computed straight from the raw order events, with no read model: the
// reference the statistics tests compare the endpoints with, and the baseline of the statistics
// benchmark (a direct aggregate over es_events). Local days and hours in each branch's zone, of
// the time each order is due (an accepted counter-appointment, else its appointment, else when it
// was placed); revenue is the confirmed orders that were not lost or refunded.

const LOST = sql`('rejected', 'canceled', 'failed')`
/** What counts as revenue: confirmed by the shop, not lost, not refunded. */
const REVENUE = sql`confirmed AND outcome NOT IN ${LOST} AND NOT refunded`

/** One row per order: branch, local due day, hour, weekday, type, outcome, confirmed, refunded, last pricing. */
function orderFacts(from: string, to: string, branchIds?: string[]) {
  return sql`
    WITH per_order AS (
      SELECT stream_id,
             (array_agg(data ORDER BY stream_position) FILTER (WHERE event_type = 'OrderCreated'))[1] AS created,
             (array_agg(data->'pricing' ORDER BY stream_position DESC)
                FILTER (WHERE event_type IN ('OrderCreated', 'OrderItemChanged', 'OrderItemRemoved')))[1] AS pricing,
             (array_agg(event_type ORDER BY stream_position DESC)
                FILTER (WHERE event_type IN ('OrderConfirmed', 'OrderRejected', 'OrderCanceled', 'OrderMarkedInDelivery',
                                             'OrderCompleted', 'OrderDelivered', 'OrderFailed',
                                             'CounterAppointmentAccepted', 'CounterAppointmentRejected')))[1] AS last_status,
             (array_agg(data->>'appointment' ORDER BY stream_position DESC)
                FILTER (WHERE event_type = 'CounterAppointmentAccepted'))[1] AS accepted_appointment,
             bool_or(event_type IN ('OrderConfirmed', 'CounterAppointmentAccepted')) AS confirmed,
             bool_or(event_type = 'OrderRefunded') AS refunded
        FROM es_events WHERE stream_type = 'order' GROUP BY stream_id
    ), located AS (
      SELECT o.*, created->>'branchId' AS branch_id,
             (coalesce(accepted_appointment, created->>'appointment', created->>'at')::timestamptz AT TIME ZONE coalesce(
                (SELECT r.data->>'timeZone' FROM rm_resources r WHERE r.type = 'branch' AND r.id = created->>'branchId'),
                'Europe/Zurich')) AS local_at
        FROM per_order o WHERE created IS NOT NULL
    )
    SELECT branch_id, local_at::date AS day, extract(hour FROM local_at)::int AS hour,
           extract(isodow FROM local_at)::int AS weekday,
           CASE WHEN (created->>'isDelivery')::boolean THEN 'delivery'
                WHEN (created->>'isDineIn')::boolean THEN 'dineIn' ELSE 'takeaway' END AS order_type,
           CASE last_status WHEN 'OrderRejected' THEN 'rejected' WHEN 'OrderCanceled' THEN 'canceled'
                WHEN 'CounterAppointmentRejected' THEN 'canceled'
                WHEN 'OrderFailed' THEN 'failed' WHEN 'OrderCompleted' THEN 'completed'
                WHEN 'OrderDelivered' THEN 'completed' ELSE 'open' END AS outcome,
           confirmed, refunded,
           -- a cash order's rounding (tax-free) is taken in: net and gross, not tax
           (pricing->>'totalNet')::bigint + coalesce((pricing->>'cashRounding')::bigint, 0) AS net,
           (pricing->>'totalTax')::bigint AS tax,
           (pricing->>'totalGross')::bigint + coalesce((pricing->>'cashRounding')::bigint, 0) AS gross
      FROM located
     WHERE local_at::date BETWEEN ${from}::date AND ${to}::date
       ${branchIds ? sql`AND branch_id = ANY(${branchIds}::text[])` : sql``}`
}

export type ReferenceFigures = {
  orders: number
  byOutcome: Record<string, number>
  revenue: { orders: number; net: number; tax: number; gross: number }
  revenueByDay: Record<string, number>
  orderTimes: Record<string, number>
}

/** The headline figures of a range from the events alone. */
export async function referenceFigures(
  db: Db,
  from: string,
  to: string,
  branchIds?: string[],
): Promise<ReferenceFigures> {
  const facts = orderFacts(from, to, branchIds)
  const [outcomes, revenue, byDay, times] = await Promise.all([
    sql<{ outcome: string; n: number }>`
      SELECT outcome, count(*)::int AS n FROM (${facts}) f GROUP BY outcome`.execute(db),
    sql<{ orders: number; net: number; tax: number; gross: number }>`
      SELECT count(*)::int AS orders, coalesce(sum(net), 0)::float8 AS net, coalesce(sum(tax), 0)::float8 AS tax,
             coalesce(sum(gross), 0)::float8 AS gross
        FROM (${facts}) f WHERE ${REVENUE}`.execute(db),
    sql<{ day: string; gross: number }>`
      SELECT day::text AS day, sum(gross)::float8 AS gross
        FROM (${facts}) f WHERE ${REVENUE} GROUP BY day`.execute(db),
    sql<{ weekday: number; hour: number; n: number }>`
      SELECT weekday, hour, count(*)::int AS n FROM (${facts}) f GROUP BY weekday, hour`.execute(db),
  ])
  const byOutcome = Object.fromEntries(outcomes.rows.map((r) => [r.outcome, r.n]))
  return {
    orders: outcomes.rows.reduce((a, r) => a + r.n, 0),
    byOutcome,
    revenue: revenue.rows[0]!,
    revenueByDay: Object.fromEntries(byDay.rows.map((r) => [r.day, r.gross])),
    orderTimes: Object.fromEntries(times.rows.map((r) => [`${r.weekday}-${r.hour}`, r.n])),
  }
}
