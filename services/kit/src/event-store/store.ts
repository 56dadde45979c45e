import { randomUUID } from 'node:crypto'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { appendRefusal, type BatchItem, type BatchOutcome, batcherFor } from './append-batcher.ts'
import { pgCode } from './errors.ts'
import type { GenerationGuard } from './generations.ts'
import type { Cursor, EventEnvelope, EventMetadata, ExpectedVersion, NewEvent, StoredEvent } from './types.ts'

type Executor = Kysely<Database> | Transaction<Database>

export type AppendInput = {
  streamId: string
  streamType: string
  expectedVersion: ExpectedVersion
  events: NewEvent[]
  // Idempotency: the command's id and its stored answer, written in the same statement.
  command?: { id: string; requestHash: string; result: unknown }
  /** Append only while this generation still has the value the caller read (else GenerationMovedError). */
  guard?: GenerationGuard | undefined
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

/**
 * Appends events; throws WrongExpectedVersionError on a conflict (GenerationMovedError when a
 * guard moved). On the pool, concurrent appends share one round trip and one commit
 * (append-batcher.ts); inside a caller's transaction it is one statement of that transaction.
 */
export async function appendToStream(db: Executor, input: AppendInput): Promise<AppendResult> {
  const eventIds = input.events.map((e) => e.eventId ?? randomUUID())
  const expected = input.expectedVersion === 'any' ? null : input.expectedVersion
  const item: BatchItem = {
    streamId: input.streamId,
    streamType: input.streamType,
    expected,
    events: input.events.map((e, i) => ({
      id: eventIds[i]!,
      type: e.type,
      schemaVersion: e.schemaVersion ?? 1,
      data: e.data ?? null,
      metadata: e.metadata ?? {},
    })),
    commandId: input.command?.id ?? null,
    requestHash: input.command?.requestHash ?? null,
    commandResult: input.command ? (input.command.result ?? null) : null,
    guardName: input.guard?.name ?? null,
    guardGeneration: input.guard?.generation ?? null,
  }
  const outcome = db.isTransaction
    ? await appendInTransaction(db, item)
    : await batcherFor(db as Kysely<Database>).append(item)
  if (outcome.duplicate) {
    return { kind: 'duplicate', result: outcome.commandResult, requestHash: outcome.requestHash ?? '' }
  }
  return {
    kind: 'appended',
    version: outcome.newVersion ?? 0,
    firstPosition: outcome.firstPosition ?? '0',
    lastPosition: outcome.lastPosition ?? '0',
    eventIds,
  }
}

/** One es_append call inside the caller's transaction (the caller retries the whole unit). */
async function appendInTransaction(db: Executor, item: BatchItem): Promise<BatchOutcome> {
  const call =
    item.guardName !== null
      ? sql`es_append_if(${item.guardName}, ${item.guardGeneration}::bigint, `
      : sql`es_append(`
  try {
    const { rows } = await sql<AppendRow>`SELECT * FROM ${call}
      ${item.streamId}, ${item.streamType}, ${item.expected}::integer, ${JSON.stringify(item.events)}::jsonb,
      ${item.commandId}::text, ${item.requestHash}::text,
      ${item.commandId === null ? null : JSON.stringify(item.commandResult)}::jsonb)`.execute(db)
    const row = rows[0]
    if (!row) throw new Error('es_append returned no row')
    return {
      duplicate: row.duplicate,
      newVersion: row.new_version,
      firstPosition: row.first_position,
      lastPosition: row.last_position,
      commandResult: row.command_result,
      requestHash: row.request_hash,
    }
  } catch (err) {
    throw appendRefusal(item, pgCode(err), (err as { detail?: string }).detail) ?? err
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
 * The commit-safe window after a cursor: only transactions older than every running one are
 * visible, so no event can later appear behind the cursor. Must run in READ COMMITTED (a
 * repeatable-read snapshot would freeze the horizon).
 */
const committedAfter = (after: Cursor) => sql`
  transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  AND (transaction_id, global_position) > (${after.xid}::xid8, ${after.position}::bigint)`

/**
 * Feed order. It names the table's columns: output columns of the same names are text, which
 * would sort '1000' before '999' and keep the index from giving the order.
 */
const FEED_ORDER = sql`ORDER BY es_events.transaction_id, es_events.global_position`

/** Reads committed events after the cursor in commit-safe feed order (see committedAfter). */
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
     WHERE ${committedAfter(after)} ${filter}
     ${FEED_ORDER}
     LIMIT ${limit}`.execute(db)
  return rows.map(toStored)
}

/**
 * The committed events of one type after the cursor (commit-safe, as pollCommitted), at most
 * `limit`, their data only, and where a reader of them stands afterwards: the last one when there
 * were `limit`, else the last committed event of any type (so a reader moves past the events it
 * does not want without reading them). One statement, so both are read at the same horizon. For
 * a process that acts on one event type (the refund process): a first start on a store with
 * years of events reads no event's data but those.
 */
export async function pollCommittedOfType<T>(
  db: Executor,
  after: Cursor,
  limit: number,
  of: { streamType: string; eventType: string },
): Promise<{ events: T[]; next: Cursor | null }> {
  const { rows } = await sql<{ kind: 'event' | 'head'; xid: string; position: string; data: T | null }>`
    WITH found AS (
      SELECT transaction_id, global_position, data FROM es_events
       WHERE ${committedAfter(after)}
         AND stream_type = ${of.streamType} AND event_type = ${of.eventType}
       ${FEED_ORDER}
       LIMIT ${limit}),
    head AS (
      SELECT transaction_id, global_position FROM es_events
       WHERE ${committedAfter(after)}
       ORDER BY es_events.transaction_id DESC, es_events.global_position DESC
       LIMIT 1)
    SELECT 'event' AS kind, transaction_id::text AS xid, global_position::text AS position, data FROM found
    UNION ALL
    SELECT 'head', transaction_id::text, global_position::text, NULL FROM head`.execute(db)
  const found = rows.filter((r) => r.kind === 'event')
  const head = rows.find((r) => r.kind === 'head')
  const last = found.length === limit ? found.at(-1) : head
  return {
    events: found.map((r) => r.data as T),
    next: last ? { xid: last.xid, position: last.position } : null,
  }
}

/**
 * pollCommitted for the publisher: the same events in the same order, each with its StoredEvent
 * JSON made by the server (the same fields, createdAt in UTC with milliseconds).
 */
export async function pollCommittedEnvelopes(
  db: Executor,
  after: Cursor,
  limit: number,
): Promise<EventEnvelope[]> {
  const { rows } = await sql<{
    global_position: string
    transaction_id: string
    stream_id: string
    stream_type: string
    event_id: string
    event_type: string
    branch_id: string | null
    order_uid: string | null
    created_at: string
    json: string
  }>`
    SELECT global_position::text AS global_position, transaction_id::text AS transaction_id, stream_id, stream_type,
           event_id::text AS event_id, event_type, metadata->>'branchId' AS branch_id,
           metadata->>'orderUid' AS order_uid, e.created_at_text AS created_at,
           json_build_object('globalPosition', global_position::text, 'transactionId', transaction_id::text,
             'streamId', stream_id, 'streamType', stream_type, 'streamPosition', stream_position,
             'eventId', event_id, 'type', event_type, 'schemaVersion', schema_version, 'data', data,
             'metadata', metadata, 'createdAt', e.created_at_text)::text AS json
      FROM es_events,
           LATERAL (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_text) e
     WHERE ${committedAfter(after)}
     ${FEED_ORDER}
     LIMIT ${limit}`.execute(db)
  return rows.map((r) => ({
    globalPosition: r.global_position,
    transactionId: r.transaction_id,
    streamId: r.stream_id,
    streamType: r.stream_type,
    eventId: r.event_id,
    type: r.event_type,
    createdAt: r.created_at,
    metadata: {
      ...(r.branch_id !== null ? { branchId: r.branch_id } : {}),
      ...(r.order_uid !== null ? { orderUid: r.order_uid } : {}),
    },
    json: r.json,
  }))
}

export function cursorOf(event: Pick<StoredEvent, 'transactionId' | 'globalPosition'>): Cursor {
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
