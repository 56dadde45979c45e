import { type Kysely, sql } from 'kysely'

// A notification job names the order version its message describes instead of storing the
// rendered text: the notifier renders a message when it makes the job and sends it right away
// from memory; a retry (or a staff resend) renders it again from the order at that version.
// Rows stay small, so claiming and marking them writes little. Jobs made before keep their text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notification_jobs ADD COLUMN order_version integer`.execute(db)
  await sql`ALTER TABLE notification_jobs ALTER COLUMN body DROP NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE notification_jobs SET body = '' WHERE body IS NULL`.execute(db)
  await sql`ALTER TABLE notification_jobs ALTER COLUMN body SET NOT NULL`.execute(db)
  await sql`ALTER TABLE notification_jobs DROP COLUMN order_version`.execute(db)
}
