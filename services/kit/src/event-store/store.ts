import { randomUUID } from 'node:crypto'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isSerializationFailure, pgCode, WrongExpectedVersionError } from './errors.ts'
import type { Cursor, EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from './types.ts'

type Executor = Kysely<Database> | Transaction<Database>

export type AppendInput = {
  streamId: string
  streamType: string
  expectedVersion: ExpectedVersion
  events: NewEvent[]
  // Idempotency: the command's id and its stored answer, written in the same statement.
  command?: { id: string; requestHash: string; result: unknown }
}

export type AppendResult =
  | { kind: 'appended'; version: number; firstPosition: string; lastPosition: string; eventIds: string[] }
  | { kind: 'duplicate'; result: unknown; requestHash: string }

type AppendRow = {
  duplicate: boolean
  new_version: number | null
  first_position: string | null
  last_position: string | null
  command_result: unknown
  request_hash: string | null
}

const MAX_XID_RACE_RETRIES = 5

/** Appends events in one round trip; throws WrongExpectedVersionError on a conflict. */
export async function appendToStream(db: Executor, input: AppendInput): Promise<AppendResult> {
  const eventIds = input.events.map((e) => e.eventId ?? randomUUID())
  const expected = input.expectedVersion === 'any' ? null : input.expectedVersion
  const query = sql<AppendRow>`SELECT * FROM es_append(
    ${input.streamId}, ${input.streamType}, ${expected}::integer,
    ${JSON.stringify(
      input.events.map((e, i) => ({
        id: eventIds[i],
        type: e.type,
        schemaVersion: e.schemaVersion ?? 1,
        data: e.data ?? null,
        metadata: e.metadata ?? {},
      })),
    )}::jsonb,
    ${input.command?.id ?? null}::text,
    ${input.command?.requestHash ?? null}::text,
    ${input.command ? JSON.stringify(input.command.result ?? null) : null}::jsonb)`
  for (let attempt = 0; ; attempt++) {
    try {
      const { rows } = await query.execute(db)
      const row = rows[0]
      if (!row) throw new Error('es_append returned no row')
      if (row.duplicate) {
        return { kind: 'duplicate', result: row.command_result, requestHash: row.request_hash ?? '' }
      }
      return {
        kind: 'appended',
        version: row.new_version ?? 0,
        firstPosition: row.first_position ?? '0',
        lastPosition: row.last_position ?? '0',
        eventIds,
      }
    } catch (err) {
      if (pgCode(err) === 'ES409') {
        const current = Number.parseInt((err as { detail?: string }).detail ?? '0', 10) || 0
        throw new WrongExpectedVersionError(input.streamId, expected, current)
      }
      // Only a transaction of our own can be retried here; inside a caller's transaction the
      // caller must retry the whole unit.
      if (isSerializationFailure(err) && !db.isTransaction && attempt < MAX_XID_RACE_RETRIES) continue
      throw err
    }
  }
}

type EventRow = {
  global_position: string
  transaction_id: string
  stream_id: string
  stream_type: string
  stream_position: number
  event_id: string
  event_type: string
  schema_version: number
  data: unknown
  metadata: EventMetadata
  created_at: Date | string
}

function toStored(r: EventRow): StoredEvent {
  return {
    globalPosition: r.global_position,
    transactionId: r.transaction_id,
    streamId: r.stream_id,
    streamType: r.stream_type,
    streamPosition: r.stream_position,
    eventId: r.event_id,
    type: r.event_type,
    schemaVersion: r.schema_version,
    data: r.data,
    metadata: r.metadata ?? {},
    createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
  }
}

export async function readStream(
  db: Executor,
  streamId: string,
): Promise<{ version: number; events: StoredEvent[] }> {
  const { rows } = await sql<EventRow>`
    SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_type, stream_position,
           event_id::text AS event_id, event_type, schema_version, data, metadata, created_at
      FROM es_events WHERE stream_id = ${streamId} ORDER BY stream_position`.execute(db)
  const events = rows.map(toStored)
  return { version: events.at(-1)?.streamPosition ?? 0, events }
}

/**
 * Reads committed events after the cursor in commit-safe order: only transactions older than
 * every running one are visible, so no event can later appear behind the cursor. Must run in
 * READ COMMITTED (a repeatable-read snapshot would freeze the horizon).
 */
export async function pollCommitted(
  db: Executor,
  after: Cursor,
  limit: number,
  streamTypes?: readonly string[],
): Promise<StoredEvent[]> {
  const filter =
    streamTypes && streamTypes.length > 0 ? sql`AND stream_type = ANY(${[...streamTypes]}::text[])` : sql``
  const { rows } = await sql<EventRow>`
    SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_type, stream_position,
           event_id::text AS event_id, event_type, schema_version, data, metadata, created_at
      FROM es_events
     WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       AND (transaction_id, global_position) > (${after.xid}::xid8, ${after.position}::bigint)
       ${filter}
     ORDER BY transaction_id, global_position
     LIMIT ${limit}`.execute(db)
  return rows.map(toStored)
}

export function cursorOf(event: StoredEvent): Cursor {
  return { xid: event.transactionId, position: event.globalPosition }
}

export async function findCommandResult(
  db: Executor,
  commandId: string,
): Promise<{ result: unknown; requestHash: string } | undefined> {
  const row = await db
    .selectFrom('es_commands')
    .select(['result', 'request_hash'])
    .where('command_id', '=', commandId)
    .executeTakeFirst()
  return row ? { result: row.result, requestHash: row.request_hash } : undefined
}
