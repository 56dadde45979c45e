import type { Database, StoredEvent } from '@shop/kit'
import type { Transaction } from 'kysely'

/** A row for the live rooms: its subject and its JSON, serialised once. */
export type LiveMessage = { subject: string; json: string }

export type ProjectionContext = { subjectRoot: string }

/**
 * A read model: `apply` runs inside the transaction that also moves the projection's
 * checkpoint, so every event takes effect exactly once. It returns the live messages to send
 * after that transaction commits.
 */
export type Projection = {
  name: string
  /** The read model's tables, emptied on rebuild. */
  tables: readonly string[]
  /** Only events of these stream types reach `apply` (the checkpoint still passes the others). */
  streamTypes: readonly string[]
  apply(
    trx: Transaction<Database>,
    events: readonly StoredEvent[],
    ctx: ProjectionContext,
  ): Promise<LiveMessage[]>
}

export function checkpointId(projection: Pick<Projection, 'name'>): string {
  return `projection:${projection.name}`
}
