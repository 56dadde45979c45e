import type { Db, Idempotency, StoredAnswer } from '@shop/kit'
import { sql } from 'kysely'

// Reservations of Idempotency-Keys in es_commands for writes outside the event store's append
// (idempotency.ts `idempotentRoute`): a row whose result is `{ "pending": true }` until the
// answer replaces it.

/** A reservation older than this belongs to a request that died; the key is free again. */
export const ABANDONED_AFTER_SECONDS = 60

/** Reserves the key (or takes over an abandoned reservation); false when it is taken. */
export async function reserveCommand(db: Db, idempotency: Idempotency, streamId: string): Promise<boolean> {
  const pending = JSON.stringify({
    pending: true,
    ...(idempotency.owner ? { owner: idempotency.owner } : {}),
  })
  const { rows } = await sql<{ command_id: string }>`
    INSERT INTO es_commands AS c (command_id, stream_id, request_hash, result)
    VALUES (${idempotency.key}, ${streamId}, ${idempotency.requestHash}, ${pending}::jsonb)
    ON CONFLICT (command_id) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, result = EXCLUDED.result, created_at = now()
     WHERE c.result->>'pending' = 'true'
       AND c.created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})
    RETURNING c.command_id`.execute(db)
  return rows.length > 0
}

/** The answer replaces the reservation. */
export async function completeReservation(
  db: Db,
  idempotency: Idempotency,
  streamId: string | null,
  answer: StoredAnswer,
): Promise<void> {
  await sql`
    UPDATE es_commands
       SET result = ${JSON.stringify(answer)}::jsonb, stream_id = coalesce(${streamId}, stream_id)
     WHERE command_id = ${idempotency.key} AND result->>'pending' = 'true'`.execute(db)
}

/** A failed request frees its key (only its reservation: never a stored answer). */
export async function releaseReservation(db: Db, key: string): Promise<void> {
  await sql`DELETE FROM es_commands WHERE command_id = ${key} AND result->>'pending' = 'true'`.execute(db)
}
