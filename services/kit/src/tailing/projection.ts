import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { Cursor, StoredEvent } from '../event-store/types.ts'

/** A row for the live rooms: its subject and its JSON, serialised once. */
export type LiveMessage = { subject: string; json: string }

export type ProjectionContext = {
  subjectRoot: string
  /**
   * Work for once the batch's transaction has committed (the notifier sends the messages of the
   * jobs it just made): run in order after the commit, never after a rollback, never in a rebuild.
   */
  afterCommit?(effect: () => void): void
  /** True while a rebuild replays the feed (nothing may leave the process then). */
  rebuilding?: boolean
}

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
  /** The checkpoint row's id when not `projection:<name>` (the notifier keeps its older 'notifier'). */
  checkpoint?: string
  /**
   * Where a new checkpoint starts: 'beginning' (default: a read model is built from the first
   * event) or 'head', the committed head (the notifier: a shop with history must not mail every
   * past order).
   */
  startAt?: 'beginning' | 'head'
  /**
   * Whether the batch's commit waits for the WAL flush. A read model can be rebuilt from the
   * store, so by default it does not; the notifier's jobs cannot (a job lost in a server crash
   * after its mail went out would be made and sent again).
   */
  durable?: boolean
  /**
   * What a rebuild (a version change at start, `npm run projections:rebuild`) does: 'replay'
   * (default) empties the read model and builds it again from the first event; 'keep' touches
   * neither the rows nor the checkpoint and only records the version: rows that record side
   * effects (the notifier's jobs: mails sent) cannot be made again without making them again.
   */
  rebuild?: 'replay' | 'keep'
  apply(
    trx: Transaction<Database>,
    events: readonly StoredEvent[],
    ctx: ProjectionContext,
  ): Promise<LiveMessage[]>
}

export function checkpointId(projection: Pick<Projection, 'name' | 'checkpoint'>): string {
  return projection.checkpoint ?? `projection:${projection.name}`
}
