import { type Kysely, sql } from 'kysely'

// Append guards and batched appends. A generation is a named counter that writers move inside their transaction
// (`bumpGeneration`); `es_append_if` appends only while a generation still has the value the
// caller read, else it raises ES412 and writes nothing. The checkout keeps the catalogue in
// memory and appends an order only while the 'catalogue' generation it priced the order with is
// current: exact prices without reading the catalogue on every order.
//
// es_append_batch appends several independent commands in ONE transaction (one round trip, one
// commit, one WAL flush): each item runs in its own subtransaction, so a refused item (wrong
// version, moved generation) is reported in its row and changes nothing, while the others
// commit. The API's concurrent commands share a batch (services/kit/src/event-store/append-batcher.ts).
//
// Event data and read-model states are a few kB of JSON: where the server has lz4, it compresses
// them much faster than the default pglz (PGlite has pglz only, and keeps it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE es_generations (
      name       text PRIMARY KEY,
      generation bigint NOT NULL DEFAULT 0
    )`.execute(db)
  await sql`INSERT INTO es_generations (name, generation) VALUES ('catalogue', 0)`.execute(db)

  await sql`
    CREATE FUNCTION es_append_if(
      p_guard_name       text,
      p_guard_generation bigint,
      p_stream_id        text,
      p_stream_type      text,
      p_expected         integer,
      p_events           jsonb,
      p_command_id       text,
      p_request_hash     text,
      p_command_result   jsonb
    ) RETURNS TABLE (duplicate boolean, new_version integer, first_position bigint, last_position bigint,
                     command_result jsonb, request_hash text)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_current bigint;
    BEGIN
      -- A generation never moved counts as 0.
      v_current := coalesce((SELECT g.generation FROM es_generations g WHERE g.name = p_guard_name), 0);
      IF v_current <> p_guard_generation THEN
        RAISE EXCEPTION 'generation % moved: expected %, current %', p_guard_name, p_guard_generation, v_current
          USING ERRCODE = 'ES412', DETAIL = v_current::text;
      END IF;
      RETURN QUERY SELECT * FROM es_append(p_stream_id, p_stream_type, p_expected, p_events, p_command_id,
                                           p_request_hash, p_command_result);
    END
    $$`.execute(db)

  await sql`
    CREATE FUNCTION es_append_batch(p_items jsonb)
    RETURNS TABLE (ord integer, duplicate boolean, new_version integer, first_position bigint,
                   last_position bigint, command_result jsonb, request_hash text, error_code text,
                   error_message text, error_detail text)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_item jsonb;
      v_ord  integer := 0;
      r      record;
    BEGIN
      FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
        v_ord := v_ord + 1;
        ord := v_ord;
        BEGIN
          IF v_item->>'guardName' IS NULL THEN
            SELECT * INTO r FROM es_append(v_item->>'streamId', v_item->>'streamType',
              (v_item->>'expected')::integer, v_item->'events', v_item->>'commandId',
              v_item->>'requestHash', v_item->'commandResult');
          ELSE
            SELECT * INTO r FROM es_append_if(v_item->>'guardName', (v_item->>'guardGeneration')::bigint,
              v_item->>'streamId', v_item->>'streamType', (v_item->>'expected')::integer, v_item->'events',
              v_item->>'commandId', v_item->>'requestHash', v_item->'commandResult');
          END IF;
          duplicate := r.duplicate;
          new_version := r.new_version;
          first_position := r.first_position;
          last_position := r.last_position;
          command_result := r.command_result;
          request_hash := r.request_hash;
          error_code := NULL;
          error_message := NULL;
          error_detail := NULL;
        EXCEPTION WHEN OTHERS THEN
          duplicate := NULL;
          new_version := NULL;
          first_position := NULL;
          last_position := NULL;
          command_result := NULL;
          request_hash := NULL;
          GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_message = MESSAGE_TEXT,
                                  error_detail = PG_EXCEPTION_DETAIL;
        END;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db)

  const { rows } = await sql<{ lz4: boolean }>`
    SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`.execute(db)
  if (rows[0]?.lz4) {
    await sql`ALTER TABLE es_events ALTER COLUMN data SET COMPRESSION lz4`.execute(db)
    await sql`ALTER TABLE rm_orders ALTER COLUMN state SET COMPRESSION lz4`.execute(db)
    await sql`ALTER TABLE rm_resources ALTER COLUMN data SET COMPRESSION lz4`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS es_append_batch`.execute(db)
  await sql`DROP FUNCTION IF EXISTS es_append_if`.execute(db)
  await sql`DROP TABLE IF EXISTS es_generations`.execute(db)
}
