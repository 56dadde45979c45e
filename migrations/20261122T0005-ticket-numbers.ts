import { type Kysely, sql } from 'kysely'

// Ticket numbers per branch and business day, given by the order projections in the order of
// the committed feed: unique, gap-free, and the same again after a rebuild. Each projection
// keeps its own counters so it can be rebuilt alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rm_order_public ADD COLUMN ticket_number integer`.execute(db)
  await sql`ALTER TABLE rm_frontdesk_board ADD COLUMN ticket_number integer`.execute(db)
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rm_order_public_tickets, rm_frontdesk_board_tickets`.execute(db)
  await sql`ALTER TABLE rm_order_public DROP COLUMN IF EXISTS ticket_number`.execute(db)
  await sql`ALTER TABLE rm_frontdesk_board DROP COLUMN IF EXISTS ticket_number`.execute(db)
}
