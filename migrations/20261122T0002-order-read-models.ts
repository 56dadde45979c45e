import { type Kysely, sql } from 'kysely'

// First read models: the public order view and the frontdesk board. Each row keeps the folded
// order state next to the view, so a projection applies an event without reading the store.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rm_order_public (
      order_id   text PRIMARY KEY,
      uid        text NOT NULL UNIQUE,
      hash       text NOT NULL,
      branch_id  text NOT NULL,
      version    integer NOT NULL,
      state      jsonb NOT NULL,
      view       jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE rm_frontdesk_board (
      order_id   text PRIMARY KEY,
      branch_id  text NOT NULL,
      version    integer NOT NULL,
      status     text NOT NULL,
      is_open    boolean NOT NULL,
      state      jsonb NOT NULL,
      view       jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db)
  await createUidIndex(db)
  await sql`CREATE INDEX rm_frontdesk_board_branch_idx ON rm_frontdesk_board (branch_id, is_open, updated_at)`.execute(
    db,
  )
}

// Read-your-writes for the public status page: a link opened before the projection caught up
// is answered from the store, found by the order's uid.
async function createUidIndex(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX es_events_order_uid_idx ON es_events ((data->>'uid')) WHERE event_type = 'OrderCreated'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rm_frontdesk_board, rm_order_public`.execute(db)
}
