import { type Kysely, sql } from 'kysely'

// Issue 14 items 6 and 19 (docs/statistics.md, docs/security.md "Analytics").
//
// The consented analytics log leaves the permanent event store: page views are not business
// facts. Each hit is a row of `analytics_hits`, read by the `visitors` projection in commit-safe
// order exactly like es_events (transaction id, then id: see docs/architecture.md "Reading
// committed events"), and pruned after the retention. The AnalyticsLogged events already stored
// move here, in their feed order, so they still count.
//
// Read models get a version (`projection_versions`): a projector that finds its projection's
// stored version differing from the code's rebuilds it in one transaction before it projects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analytics_hits (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      at             timestamptz NOT NULL,
      type           text NOT NULL,
      action         text NOT NULL,
      category       text,
      -- The server-issued visitor id (its signature checked); null: not counted as a visitor.
      visitor        text,
      data           jsonb
    )`.execute(db)
  // The commit-safe poll walks this index; the pruning the other.
  await sql`CREATE INDEX analytics_hits_poll_idx ON analytics_hits (transaction_id, id)`.execute(db)
  await sql`CREATE INDEX analytics_hits_at_idx ON analytics_hits (at)`.execute(db)

  // The first local day whose hits are all still kept (set by the pruning): the visitors
  // projection counts no hit of an earlier day, and a rebuild keeps the figures of earlier days.
  await sql`
    CREATE TABLE analytics_horizon (
      id        boolean PRIMARY KEY DEFAULT true CHECK (id),
      first_day date NOT NULL
    )`.execute(db)

  // New visitor ids minted per client address (an HMAC of it, never the address) and UTC day.
  await sql`
    CREATE TABLE analytics_visitor_mints (
      day     date NOT NULL,
      address text NOT NULL,
      minted  integer NOT NULL,
      PRIMARY KEY (day, address)
    )`.execute(db)

  // Secrets the server makes for itself on first use (never in the repository or the env).
  await sql`
    CREATE TABLE server_secrets (
      name       text PRIMARY KEY,
      value      text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE projection_versions (
      projection text PRIMARY KEY,
      version    integer NOT NULL,
      rebuilt_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  // What the projections were before versions existed. `statistics` (now version 2: orders on
  // their due day, revenue once confirmed) is rebuilt by the next projector that starts;
  // `visitors` is new (its tables held the counts of the events moved below) and is built then too.
  await sql`INSERT INTO projection_versions (projection, version) VALUES ('orders', 1), ('statistics', 1)`.execute(
    db,
  )

  await sql`
    INSERT INTO analytics_hits (at, type, action, category, visitor, data)
    SELECT (data->>'at')::timestamptz, data->>'type', data->>'action', data->>'category',
           data->>'visitor', data->'data'
      FROM es_events
     WHERE stream_type = 'analytics' AND data->>'at' IS NOT NULL AND data->>'type' IS NOT NULL
       AND data->>'action' IS NOT NULL
     ORDER BY transaction_id, global_position`.execute(db)
  await sql`DELETE FROM es_events WHERE stream_type = 'analytics'`.execute(db)
  await sql`DELETE FROM es_streams WHERE stream_type = 'analytics'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM es_checkpoints WHERE subscription_id = 'projection:visitors'`.execute(db)
  await sql`
    DROP TABLE IF EXISTS analytics_hits, analytics_horizon, analytics_visitor_mints, server_secrets,
                         projection_versions`.execute(db)
}
