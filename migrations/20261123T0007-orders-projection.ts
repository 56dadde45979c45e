import { type Kysely, sql } from 'kysely'

// The public order view and the frontdesk board become ONE read model, 'orders': a row per
// order with its folded state, the columns the board and the lists filter on, and its ticket
// number. The views are pure functions of the state and are made when read (and for the live
// rooms when a row changes), so a change writes one row of state instead of three JSON
// documents. New orders are numbered from one counter table. The old tables go; the projector
// rebuilds the new one from the store on its first run (ticket numbers are given in feed
// order, so they come out as before); until then a status link is answered from the store.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rm_orders (
      order_id      text PRIMARY KEY,
      uid           text NOT NULL UNIQUE,
      hash          text NOT NULL,
      branch_id     text NOT NULL,
      version       integer NOT NULL,
      status        text NOT NULL,
      is_open       boolean NOT NULL,
      ticket_number integer,
      state         jsonb NOT NULL,
      created_at    timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX rm_orders_branch_idx ON rm_orders (branch_id, is_open, updated_at)`.execute(db)
  await sql`
    CREATE TABLE rm_order_tickets (
      branch_id     text NOT NULL,
      business_date date NOT NULL,
      last          integer NOT NULL,
      PRIMARY KEY (branch_id, business_date)
    )`.execute(db)
  await sql`
    DROP TABLE rm_order_public, rm_frontdesk_board, rm_order_public_tickets, rm_frontdesk_board_tickets`.execute(
    db,
  )
  await sql`
    DELETE FROM es_checkpoints
     WHERE subscription_id IN ('projection:order-public', 'projection:frontdesk-board')`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM es_checkpoints WHERE subscription_id = 'projection:orders'`.execute(db)
  await sql`DROP TABLE IF EXISTS rm_orders, rm_order_tickets`.execute(db)
  // The old tables, empty: their projections rebuild them.
  await sql`
    CREATE TABLE rm_order_public (
      order_id      text PRIMARY KEY,
      uid           text NOT NULL UNIQUE,
      hash          text NOT NULL,
      branch_id     text NOT NULL,
      version       integer NOT NULL,
      state         jsonb NOT NULL,
      view          jsonb NOT NULL,
      updated_at    timestamptz NOT NULL DEFAULT now(),
      ticket_number integer
    )`.execute(db)
  await sql`
    CREATE TABLE rm_frontdesk_board (
      order_id      text PRIMARY KEY,
      branch_id     text NOT NULL,
      version       integer NOT NULL,
      status        text NOT NULL,
      is_open       boolean NOT NULL,
      state         jsonb NOT NULL,
      view          jsonb NOT NULL,
      created_at    timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL,
      ticket_number integer
    )`.execute(db)
  await sql`CREATE INDEX rm_frontdesk_board_branch_idx ON rm_frontdesk_board (branch_id, is_open, updated_at)`.execute(
    db,
  )
  for (const table of ['rm_order_public_tickets', 'rm_frontdesk_board_tickets']) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        branch_id     text NOT NULL,
        business_date date NOT NULL,
        last          integer NOT NULL,
        PRIMARY KEY (branch_id, business_date)
      )`.execute(db)
  }
}
