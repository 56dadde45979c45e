import { type Kysely, sql } from 'kysely'

// The bytes of a file leave its metadata row (issue 14, item 1). One bytea of 10 MB is one
// synchronous step for the node-postgres driver (hex encoding, parsing) and one long write on
// PGlite's single thread; 256 KB chunks are small steps. In the embedded shop new files go to
// DATA_DIR/files on disk instead (`storage = 'disk'`); rows stored before are moved to chunks
// here and keep being served from them.
//
// `upload_budgets` counts the bytes each client address uploaded per day, so every API replica
// sees the same budget. The expression index finds the orders that use an upload (an order's
// configured parts carry `uploads: [{ id }]`): the clean-up keeps those uploads, and an
// employee sees the uploads of their branches' orders.
const CHUNK = 256 * 1024

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE file_chunks (
      file_id text NOT NULL,
      seq     integer NOT NULL,
      data    bytea NOT NULL,
      PRIMARY KEY (file_id, seq)
    )`.execute(db)
  await sql`
    INSERT INTO file_chunks (file_id, seq, data)
    SELECT f.id, g.seq, substring(f.data FROM g.seq * ${sql.lit(CHUNK)} + 1 FOR ${sql.lit(CHUNK)})
      FROM files f,
           generate_series(0, greatest(0, (length(f.data) - 1) / ${sql.lit(CHUNK)})) AS g(seq)`.execute(db)
  await sql`ALTER TABLE files DROP COLUMN data`.execute(db)
  // 'db': in file_chunks; 'disk': a file named by the id in the embedded shop's DATA_DIR/files.
  await sql`ALTER TABLE files ADD COLUMN storage text NOT NULL DEFAULT 'db'`.execute(db)
  // Made by a customer (no staff session): only those are removed when no order uses them;
  // staff uploads may be content pages' files.
  await sql`ALTER TABLE files ADD COLUMN by_customer boolean NOT NULL DEFAULT false`.execute(db)
  await sql`
    UPDATE files SET by_customer = true
     WHERE kind = 'upload'
       AND EXISTS (SELECT 1 FROM es_events e
                    WHERE e.stream_id = 'upload-' || files.id AND e.stream_position = 1
                      AND e.metadata->'actor'->>'kind' = 'customer')`.execute(db)
  await sql`CREATE INDEX files_customer_uploads_idx ON files (created_at) WHERE by_customer`.execute(db)
  await sql`
    CREATE TABLE upload_budgets (
      address text NOT NULL,
      day     date NOT NULL,
      bytes   bigint NOT NULL,
      PRIMARY KEY (address, day)
    )`.execute(db)
  await sql`
    CREATE INDEX rm_orders_uploads_idx ON rm_orders
     USING gin (jsonb_path_query_array(state, '$.items[*].parts[*].uploads[*].id') jsonb_path_ops)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX rm_orders_uploads_idx`.execute(db)
  await sql`DROP TABLE upload_budgets`.execute(db)
  await sql`ALTER TABLE files ADD COLUMN data bytea`.execute(db)
  await sql`
    UPDATE files SET data = (SELECT string_agg(c.data, ''::bytea ORDER BY c.seq)
                               FROM file_chunks c WHERE c.file_id = files.id)`.execute(db)
  // Files on disk cannot come back into the table from SQL: their rows go.
  await sql`DELETE FROM files WHERE data IS NULL`.execute(db)
  await sql`ALTER TABLE files ALTER COLUMN data SET NOT NULL`.execute(db)
  await sql`DROP INDEX files_customer_uploads_idx`.execute(db)
  await sql`ALTER TABLE files DROP COLUMN by_customer`.execute(db)
  await sql`ALTER TABLE files DROP COLUMN storage`.execute(db)
  await sql`DROP TABLE file_chunks`.execute(db)
}
