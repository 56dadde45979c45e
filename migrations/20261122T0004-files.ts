import { type Kysely, sql } from 'kysely'

// The bytes of uploads and images (by id; `version` is the resource version they came with).
// Their metadata are resources (events and rm_resources); the
// bytes live here, written in the same transaction, so every API replica serves them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE files (
      id          text NOT NULL,
      version     integer NOT NULL,
      kind        text NOT NULL,
      public_hash text NOT NULL,
      mime_type   text NOT NULL,
      extension   text NOT NULL,
      size        integer NOT NULL,
      width       integer,
      height      integer,
      data        bytea NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS files`.execute(db)
}
