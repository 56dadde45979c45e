import type { Db } from '@shop/kit'
import type { Actor } from '@shop/shared/contracts'
import { type ResourceChangeKind, resourceChangeKind } from '@shop/shared/contracts/http/resource-paths.ts'
import { sql } from 'kysely'
import { resourceNameOf } from './resource-names.ts'

// Who changed what (GET /api/logs), from the resources' own events in the store: no table of
// its own. The partial index es_events_resource_idx serves these queries; its predicate is
// repeated so the planner can use it. A resource's name at an event is the one its state had
// then: the event's own state, or for a deletion the state before it (the stream's primary key
// finds it).

export type ResourceLogEntry = {
  /** The event's global position, as text (int8). */
  id: string
  resource: string
  resourceId: string | null
  action: string
  actor: Actor | null
  at: string
  version: number
  kind: ResourceChangeKind
  restoredFrom?: number
  name: string | null
}

/** The log's filters; each one narrows the answer (docs/api.md "Resources"). */
export type ResourceLogFilter = {
  limit: number
  /** Entries before this global position. */
  before?: string | undefined
  /** One resource type. */
  resource?: string | undefined
  /** The acting user's id. */
  user?: string | undefined
  /** At or after this instant. */
  from?: Date | undefined
  /** Before this instant. */
  to?: Date | undefined
  /** Words that must all be in the resource's name (case ignored). */
  q?: string | undefined
}

type LogRow = {
  id: string
  stream_type: string
  stream_position: number
  event_type: string
  data: { id?: string; restoredFrom?: unknown }
  metadata: { actor?: Actor }
  created_at: Date
  name: string | null
}

const toEntry = (r: LogRow): ResourceLogEntry => {
  const restoredFrom = r.data?.restoredFrom
  return {
    id: r.id,
    resource: r.stream_type,
    resourceId: r.data?.id ?? null,
    action: r.event_type,
    actor: r.metadata?.actor ?? null,
    at: new Date(r.created_at).toISOString(),
    version: Number(r.stream_position),
    kind: resourceChangeKind(r.event_type, restoredFrom),
    ...(typeof restoredFrom === 'number' ? { restoredFrom } : {}),
    name: r.name,
  }
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`)

const SELECT = sql`
  SELECT e.global_position::text AS id, e.stream_type, e.stream_position, e.event_type, e.data, e.metadata,
         e.created_at, n.name
    FROM es_events e
    LEFT JOIN LATERAL (
      SELECT ${resourceNameOf(sql`p.data->'data'`)} AS name FROM es_events p
       WHERE p.stream_id = e.stream_id AND p.stream_position <= e.stream_position AND p.data ? 'data'
       ORDER BY p.stream_position DESC LIMIT 1) n ON true`

/** The newest events of resources of these types that pass the filter, newest first. */
export async function resourceLog(
  db: Db,
  types: readonly string[],
  filter: ResourceLogFilter,
): Promise<ResourceLogEntry[]> {
  const words = (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, 10)
  const { rows } = await sql<LogRow>`
    ${SELECT}
     WHERE e.stream_type = ANY(${types}::text[]) AND e.stream_type NOT IN ('order', 'analytics')
           ${filter.before ? sql`AND e.global_position < ${filter.before}::bigint` : sql``}
           ${filter.resource ? sql`AND e.stream_type = ${filter.resource}` : sql``}
           ${filter.user ? sql`AND e.metadata->'actor'->>'id' = ${filter.user}` : sql``}
           ${filter.from ? sql`AND e.created_at >= ${filter.from}` : sql``}
           ${filter.to ? sql`AND e.created_at < ${filter.to}` : sql``}
           ${sql.join(
             words.map((w) => sql`AND n.name ILIKE ${`%${escapeLike(w)}%`}`),
             sql` `,
           )}
     ORDER BY e.global_position DESC LIMIT ${filter.limit}`.execute(db)
  return rows.map(toEntry)
}

/** The event at a global position, when it is one of a resource of these types. */
export async function resourceLogEntry(
  db: Db,
  types: readonly string[],
  position: string,
): Promise<ResourceLogEntry | undefined> {
  const { rows } = await sql<LogRow>`
    ${SELECT}
     WHERE e.global_position = ${position}::bigint AND e.stream_type = ANY(${types}::text[])
       AND e.stream_type NOT IN ('order', 'analytics')`.execute(db)
  return rows[0] ? toEntry(rows[0]) : undefined
}
