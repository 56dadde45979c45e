import { type Kysely, sql } from 'kysely'

// Catalogue and configuration resources (one event stream per resource, projected inline into
// rm_resources in the append's transaction) and staff sessions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rm_resources (
      type       text NOT NULL,
      id         text NOT NULL,
      version    integer NOT NULL,
      data       jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (type, id)
    )`.execute(db)
  // Values that address a resource from outside must be unique: a username at login, a branch
  // identifier in /store/{identifier}, a product uid in carts.
  await sql`CREATE UNIQUE INDEX rm_resources_user_username_idx ON rm_resources (lower(data->>'username')) WHERE type = 'user'`.execute(
    db,
  )
  await sql`CREATE UNIQUE INDEX rm_resources_branch_identifier_idx ON rm_resources (lower(data->>'identifier')) WHERE type = 'branch'`.execute(
    db,
  )
  await sql`CREATE UNIQUE INDEX rm_resources_product_uid_idx ON rm_resources (lower(data->>'uid')) WHERE type = 'product'`.execute(
    db,
  )

  // The initial load's ETag: the newest event of the resource streams, found by index.
  await sql`CREATE INDEX es_events_stream_type_idx ON es_events (stream_type, global_position)`.execute(db)

  // Password hashes stay out of the events (which travel to NATS and into logs).
  await sql`
    CREATE TABLE auth_credentials (
      user_id       text PRIMARY KEY,
      password_hash text NOT NULL,
      updated_at    timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE auth_sessions (
      token_hash   text PRIMARY KEY,
      user_id      text NOT NULL,
      csrf_token   text NOT NULL,
      created_at   timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at   timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id)`.execute(db)

  await sql`
    CREATE TABLE auth_login_failures (
      key        text NOT NULL,
      failed_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX auth_login_failures_idx ON auth_login_failures (key, failed_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS auth_login_failures, auth_sessions, auth_credentials, rm_resources`.execute(
    db,
  )
}
