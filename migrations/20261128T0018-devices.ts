import { type Kysely, sql } from 'kysely'

// Issue 21 (docs/devices.md): devices and real printing. The `device` resource (rm_resources)
// holds what an admin configures; these tables hold what the devices and the printer service do:
// - device_pairings: a screen's request to pair (a 6-character code, valid 10 minutes; only the
//   hash of its polling secret). `credential` holds the new credential from the pairing until
//   the screen fetched it once, then it is cleared (claimed_at);
// - device_credentials: a paired device's credential, as its sha256 hash only;
// - device_status: heartbeats of paired devices, reachability of printers;
// - device_logs: the last log a device sent on request;
// - print_jobs: one row per (order event, printer), its id made from both: unique, so a replay
//   or a restart never makes a second job. The bytes are rendered at the job's first send (the
//   order then has its ticket number) and kept, so a retry prints the same receipt.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE device_pairings (
      pairing_id  text PRIMARY KEY,
      kind        text NOT NULL,
      code        text NOT NULL,
      secret_hash text NOT NULL,
      expires_at  timestamptz NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      device_id   text,
      credential  text,
      claimed_at  timestamptz
    )`.execute(db)
  await sql`CREATE INDEX device_pairings_code ON device_pairings (code)`.execute(db)
  await sql`
    CREATE TABLE device_credentials (
      device_id       text PRIMARY KEY,
      credential_hash text NOT NULL UNIQUE,
      kind            text NOT NULL,
      paired_at       timestamptz NOT NULL
    )`.execute(db)
  await sql`
    CREATE TABLE device_status (
      device_id     text PRIMARY KEY,
      last_seen_at  timestamptz,
      last_error    text,
      last_error_at timestamptz,
      version       text,
      info          jsonb
    )`.execute(db)
  await sql`
    CREATE TABLE device_logs (
      device_id    text PRIMARY KEY,
      requested_at timestamptz,
      received_at  timestamptz,
      lines        jsonb NOT NULL DEFAULT '[]'
    )`.execute(db)
  await sql`
    CREATE TABLE print_jobs (
      job_id      text PRIMARY KEY,
      device_id   text NOT NULL,
      branch_id   text NOT NULL,
      order_id    text,
      purpose     text NOT NULL,
      source_id   text,
      bytes       bytea,
      status      text NOT NULL DEFAULT 'pending',
      attempts    integer NOT NULL DEFAULT 0,
      due_at      timestamptz NOT NULL,
      lease_until timestamptz,
      last_error  text,
      created_at  timestamptz NOT NULL,
      printed_at  timestamptz
    )`.execute(db)
  await sql`CREATE INDEX print_jobs_due ON print_jobs (due_at) WHERE status = 'pending'`.execute(db)
  await sql`CREATE INDEX print_jobs_device ON print_jobs (device_id, created_at DESC)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE print_jobs`.execute(db)
  await sql`DROP TABLE device_logs`.execute(db)
  await sql`DROP TABLE device_status`.execute(db)
  await sql`DROP TABLE device_credentials`.execute(db)
  await sql`DROP TABLE device_pairings`.execute(db)
}
