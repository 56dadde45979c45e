import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * A generation is a named counter in `es_generations`. A writer moves it inside the transaction
 * that changes what it stands for (the catalogue); a reader that keeps a copy of that data
 * remembers the generation it read, and appends with it as a guard: `es_append_if` writes only
 * while the generation is unchanged, so a decision made on stale data is never stored. The row
 * lock serialises writers, so the counter moves in commit order (unlike event positions).
 */
export type GenerationGuard = { name: string; generation: string }

/** Moves a generation inside the caller's transaction. */
export async function bumpGeneration(trx: Transaction<Database>, name: string): Promise<void> {
  await sql`
    INSERT INTO es_generations (name, generation) VALUES (${name}, 1)
    ON CONFLICT (name) DO UPDATE SET generation = es_generations.generation + 1`.execute(trx)
}

/** The generation's current value ('0' for one never moved). */
export async function readGeneration(db: Executor, name: string): Promise<string> {
  const { rows } = await sql<{ generation: string }>`
    SELECT generation::text AS generation FROM es_generations WHERE name = ${name}`.execute(db)
  return rows[0]?.generation ?? '0'
}
