import type { Db } from '@shop/kit'
import { sql } from 'kysely'

// Bytes uploaded per client address and UTC day, counted in the database so every API replica
// sees one budget (limits.uploads.bytesPerAddressPerDay; docs/security.md "Uploads").

const DAY_MS = 24 * 60 * 60 * 1000

export const budgetDay = (now: Date) => now.toISOString().slice(0, 10)

/** Seconds until the budget of `now`'s day is renewed (UTC midnight). */
export function secondsUntilRenewal(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000))
}

/** Bytes the address has uploaded today. */
export async function bytesUsed(db: Db, address: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('upload_budgets')
    .select('bytes')
    .where('address', '=', address)
    .where('day', '=', budgetDay(now))
    .executeTakeFirst()
  return row ? Number(row.bytes) : 0
}

/**
 * Adds `bytes` to the address's day if the sum stays within `limit`, in one statement (two
 * replicas charging at once cannot both pass the last bytes); false when it would not.
 */
export async function chargeBudget(
  db: Db,
  address: string,
  now: Date,
  bytes: number,
  limit: number,
): Promise<boolean> {
  if (bytes > limit) return false
  const { rows } = await sql<{ bytes: string }>`
    INSERT INTO upload_budgets AS b (address, day, bytes) VALUES (${address}, ${budgetDay(now)}, ${bytes})
    ON CONFLICT (address, day) DO UPDATE SET bytes = b.bytes + excluded.bytes
     WHERE b.bytes + excluded.bytes <= ${limit}
    RETURNING b.bytes::text AS bytes`.execute(db)
  return rows.length > 0
}

/** Gives back what an upload that was not stored after all had charged. */
export async function refundBudget(db: Db, address: string, now: Date, bytes: number): Promise<void> {
  await sql`
    UPDATE upload_budgets SET bytes = greatest(0, bytes - ${bytes})
     WHERE address = ${address} AND day = ${budgetDay(now)}`.execute(db)
}

/** Days before yesterday are of no use any more. */
export async function pruneBudgets(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('upload_budgets')
    .where('day', '<', budgetDay(new Date(now.getTime() - DAY_MS)))
    .execute()
}
