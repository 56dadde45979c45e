import { type Kysely, sql } from 'kysely'

// Issue 17 (docs/api.md "Branch operations"): a branch's day-to-day operations, products sold
// out at the branch, online orders paused, extra preparation time. Their events live in one
// stream per branch (`branch-operations-<id>`); this is its read model, one row per branch with
// the folded state at the stream's version, written by the API in the transaction that appends
// the events (services/read-models/src/branch-operations). A branch nobody ever marked has no row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rm_branch_operations (
      branch_id  text PRIMARY KEY,
      version    integer NOT NULL,
      state      jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rm_branch_operations`.execute(db)
}
