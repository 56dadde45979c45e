import { type Kysely, sql } from 'kysely'

// Issue 15 item 2 (docs/architecture.md "Live updates and gaps").
//
// Every live message a projection sends after its commit carries a number from its checkpoint
// row, one more than the one before, taken in the transaction that moves the checkpoint. A
// gateway that sees a number skipped (a message lost while NATS was away, a projector that died
// between its commit and its publish) knows that some rooms may be stale and reads them again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE es_checkpoints ADD COLUMN live_seq bigint NOT NULL DEFAULT 0`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE es_checkpoints DROP COLUMN live_seq`.execute(db)
}
