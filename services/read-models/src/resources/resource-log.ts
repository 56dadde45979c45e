import type { Db } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import { sql } from 'kysely'

// Who changed what (GET /api/logs), from the resources' own events in the store: no table of
// its own. The partial index es_events_resource_idx serves these queries; its predicate is
// repeated so the planner can use it.

export type ResourceLogEntry = {
  /** The event's global position, as text (int8). */
  id: string
  resource: string
  resourceId: string | null
  action: string
  actor: Actor | null
  at: string
}

type LogRow = {
  id: string
  stream_type: string
  event_type: string
  data: { id?: string }
  metadata: { actor?: Actor }
  created_at: Date
}

const toEntry = (r: LogRow): ResourceLogEntry => ({
  id: r.id,
  resource: r.stream_type,
  resourceId: r.data?.id ?? null,
  action: r.event_type,
  actor: r.metadata?.actor ?? null,
  at: new Date(r.created_at).toISOString(),
})

/** The newest events of resources of these types (before the position `before`, when given). */
export async function resourceLog(
  db: Db,
  types: readonly string[],
  page: { limit: number; before?: string | undefined },
): Promise<ResourceLogEntry[]> {
  const { rows } = await sql<LogRow>`
    SELECT global_position::text AS id, stream_type, event_type, data, metadata, created_at FROM es_events
     WHERE stream_type = ANY(${types}::text[]) AND stream_type NOT IN ('order', 'analytics')
           ${page.before ? sql`AND global_position < ${page.before}::bigint` : sql``}
     ORDER BY global_position DESC LIMIT ${page.limit}`.execute(db)
  return rows.map(toEntry)
}

/** The event at a global position, when it is one of a resource of these types. */
export async function resourceLogEntry(
  db: Db,
  types: readonly string[],
  position: string,
): Promise<ResourceLogEntry | undefined> {
  const { rows } = await sql<LogRow>`
    SELECT global_position::text AS id, stream_type, event_type, data, metadata, created_at FROM es_events
     WHERE global_position = ${position}::bigint AND stream_type = ANY(${types}::text[])
       AND stream_type NOT IN ('order', 'analytics')`.execute(db)
  return rows[0] ? toEntry(rows[0]) : undefined
}
