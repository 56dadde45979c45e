import type { Cursor, Database, StoredEvent } from '@shop/kit'
import type { Kysely, Transaction } from 'kysely'

/** A row for the live rooms: its subject and its JSON, serialised once. */
export type LiveMessage = { subject: string; json: string }

export type ProjectionContext = { subjectRoot: string }

/**
 * Where a projection reads from when not from the event store: another table read with the
 * same commit-safe discipline (transaction id, then position; docs/architecture.md "Reading
 * committed events"), its rows handed to `apply` as events.
 */
export type Feed = {
  /** Committed items after the cursor, in feed order, at most `limit`. */
  poll(trx: Transaction<Database>, after: Cursor, limit: number): Promise<StoredEvent[]>
  /** The last item in feed order (a reader there has read everything); null: none yet. */
  head(db: Kysely<Database> | Transaction<Database>): Promise<Cursor | null>
}

/**
 * A read model: `apply` runs inside the transaction that also moves the projection's
 * checkpoint, so every event takes effect exactly once. It returns the live messages to send
 * after that transaction commits.
 */
export type Projection = {
  name: string
  /**
   * The version of what the read model means. Raise it when the code would build other rows from
   * the same events: a projector that finds another version stored rebuilds the read model
   * (in one transaction) before it projects (docs/architecture.md "Projector").
   */
  version: number
  /** The read model's tables, emptied on rebuild. */
  tables: readonly string[]
  /** Only events of these stream types reach `apply` (the checkpoint still passes the others). */
  streamTypes: readonly string[]
  /** Another source than the event store (default: es_events through pollCommitted). */
  feed?: Feed
  /** What a rebuild empties, when not every row of `tables` (a feed whose old items are pruned). */
  clear?(trx: Transaction<Database>): Promise<void>
  apply(
    trx: Transaction<Database>,
    events: readonly StoredEvent[],
    ctx: ProjectionContext,
  ): Promise<LiveMessage[]>
}

export function checkpointId(projection: Pick<Projection, 'name'>): string {
  return `projection:${projection.name}`
}
