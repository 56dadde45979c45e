import { type Kysely, sql } from 'kysely'

// The notifier's outbox (docs/notifications.md). The notifier reads order events with its own
// checkpoint and inserts the jobs an event asks for in the transaction that moves the
// checkpoint; the unique key makes a replay insert nothing, so one event never sends twice.
// Jobs are kept after sending: they are the order's notification log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notification_jobs (
      id              uuid PRIMARY KEY,
      order_id        text NOT NULL,
      branch_id       text NOT NULL,
      -- The event id, or 'resend:<id>' for a staff resend.
      source_id       text NOT NULL,
      -- The event type, or 'resend'.
      source_type     text NOT NULL,
      kind            text NOT NULL,
      channel         text NOT NULL CHECK (channel IN ('email', 'sms')),
      audience        text NOT NULL CHECK (audience IN ('customer', 'branch')),
      recipient       text NOT NULL,
      locale          text NOT NULL,
      -- The message as rendered when the job was made: a retry sends the same text.
      from_name       text,
      reply_to        text,
      subject         text,
      body            text NOT NULL,
      html            text,
      status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts        integer NOT NULL DEFAULT 0,
      -- Due time; a claimed job is pushed out by the claim's lease, so a sender that died
      -- mid-send leaves it to another one after the lease.
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error      text,
      -- The transport's id for the sent message (SMTP Message-ID, the SMS gateway's id).
      transport_id    text,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now(),
      sent_at         timestamptz,
      CONSTRAINT notification_jobs_source_key UNIQUE (source_id, kind, channel, audience)
    )`.execute(db)
  await sql`
    CREATE INDEX notification_jobs_due_idx ON notification_jobs (next_attempt_at)
     WHERE status = 'pending'`.execute(db)
  await sql`CREATE INDEX notification_jobs_order_idx ON notification_jobs (order_id, created_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS notification_jobs`.execute(db)
}
