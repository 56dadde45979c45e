import { type Kysely, sql } from 'kysely'

// Abuse limits (docs/security.md).
// - rate_limit_counters: the per-client rate limits' fixed windows, shared by every API replica
//   (the embedded process keeps them in memory). UNLOGGED: a counter lost in a crash only gives
//   a client a fresh window, and the counters write on every limited request without WAL.
// - auth_login_throttle: login attempts per address, per account and address, and per account
//   from unknown addresses; one row per key, locked while an attempt is reserved.
// - auth_login_known: the addresses and devices (cookie) an account logged in from, by hash:
//   they are spared the account-wide slowdown that unknown addresses get.
// - the open-order cap per contact counts orders awaiting confirmation by e-mail and by phone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE rate_limit_counters (
      key text PRIMARY KEY,
      count integer NOT NULL,
      reset_at timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX rate_limit_counters_reset_idx ON rate_limit_counters (reset_at)`.execute(db)
  await sql`
    CREATE TABLE auth_login_throttle (
      key text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0,
      window_start timestamptz NOT NULL,
      last_at timestamptz NOT NULL
    )`.execute(db)
  await sql`
    CREATE TABLE auth_login_known (
      account text NOT NULL,
      kind text NOT NULL,
      value_hash text NOT NULL,
      last_seen_at timestamptz NOT NULL,
      PRIMARY KEY (account, kind, value_hash)
    )`.execute(db)
  await sql`DROP TABLE auth_login_failures`.execute(db)
  await sql`
    CREATE INDEX rm_orders_open_email_idx ON rm_orders ((lower(state->'customer'->>'email')))
     WHERE status = 'awaitingConfirmation'`.execute(db)
  await sql`
    CREATE INDEX rm_orders_open_phone_idx ON rm_orders ((state->'customer'->>'phone'))
     WHERE status = 'awaitingConfirmation'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX rm_orders_open_phone_idx`.execute(db)
  await sql`DROP INDEX rm_orders_open_email_idx`.execute(db)
  await sql`
    CREATE TABLE auth_login_failures (
      key text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX auth_login_failures_idx ON auth_login_failures (key, failed_at)`.execute(db)
  await sql`DROP TABLE auth_login_known, auth_login_throttle, rate_limit_counters`.execute(db)
}
