import { type Kysely, sql } from 'kysely'

// The event store: see docs/architecture.md and ../shared/research/event-store.md.
// Frozen once landed: later changes go into new migrations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE es_streams (
      stream_id   text PRIMARY KEY,
      stream_type text NOT NULL,
      version     integer NOT NULL,
      last_xid    xid8 NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE es_events (
      global_position bigint GENERATED ALWAYS AS IDENTITY,
      transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id       text NOT NULL,
      stream_type     text NOT NULL,
      stream_position integer NOT NULL,
      event_id        uuid NOT NULL UNIQUE,
      event_type      text NOT NULL,
      schema_version  integer NOT NULL DEFAULT 1,
      data            jsonb NOT NULL,
      metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at      timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stream_id, stream_position)
    )`.execute(db)
  // The commit-safe poll walks this index.
  await sql`CREATE INDEX es_events_poll_idx ON es_events (transaction_id, global_position)`.execute(db)

  await sql`
    CREATE TABLE es_commands (
      command_id   text PRIMARY KEY,
      stream_id    text NOT NULL,
      request_hash text NOT NULL,
      result       jsonb NOT NULL,
      created_at   timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  await sql`
    CREATE TABLE es_checkpoints (
      subscription_id text PRIMARY KEY,
      last_xid        xid8 NOT NULL DEFAULT '0'::xid8,
      last_position   bigint NOT NULL DEFAULT 0,
      updated_at      timestamptz NOT NULL DEFAULT now()
    )`.execute(db)

  // One round trip per command: idempotency record, optimistic concurrency with the xid guard,
  // and all events in one INSERT. Error codes: ES409 = wrong expected version (detail holds the
  // current version), 40001 = an older transaction id lost the race (retry the command).
  await sql`
    CREATE FUNCTION es_append(
      p_stream_id       text,
      p_stream_type     text,
      p_expected        integer,   -- NULL: any version; 0: the stream must not exist
      -- [{ "id", "type", "schemaVersion", "data", "metadata" }]: one JSON value is cheaper to
      -- send and parse than five parallel arrays.
      p_events          jsonb,
      p_command_id      text,
      p_request_hash    text,
      p_command_result  jsonb
    ) RETURNS TABLE (duplicate boolean, new_version integer, first_position bigint, last_position bigint,
                     command_result jsonb, request_hash text)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_xid     xid8 := pg_current_xact_id();
      v_count   integer := jsonb_array_length(p_events);
      v_next    integer;
      v_current integer;
      v_first   bigint;
      v_last    bigint;
    BEGIN
      IF v_count IS NULL OR v_count = 0 THEN
        RAISE EXCEPTION 'es_append: no events' USING ERRCODE = '22023';
      END IF;

      IF p_command_id IS NOT NULL THEN
        INSERT INTO es_commands (command_id, stream_id, request_hash, result)
        VALUES (p_command_id, p_stream_id, p_request_hash, p_command_result)
        ON CONFLICT (command_id) DO NOTHING;
        IF NOT FOUND THEN
          RETURN QUERY SELECT true, NULL::integer, NULL::bigint, NULL::bigint, c.result, c.request_hash
            FROM es_commands c WHERE c.command_id = p_command_id;
          RETURN;
        END IF;
      END IF;

      IF p_expected = 0 THEN
        INSERT INTO es_streams (stream_id, stream_type, version, last_xid)
        VALUES (p_stream_id, p_stream_type, v_count, v_xid)
        ON CONFLICT (stream_id) DO NOTHING;
        IF NOT FOUND THEN
          SELECT s.version INTO v_current FROM es_streams s WHERE s.stream_id = p_stream_id;
          RAISE EXCEPTION 'wrong expected version for %: expected 0, current %', p_stream_id, v_current
            USING ERRCODE = 'ES409', DETAIL = v_current::text;
        END IF;
        v_next := v_count;
      ELSIF p_expected IS NULL THEN
        INSERT INTO es_streams AS s (stream_id, stream_type, version, last_xid)
        VALUES (p_stream_id, p_stream_type, v_count, v_xid)
        ON CONFLICT (stream_id) DO UPDATE
          SET version = s.version + v_count, last_xid = v_xid, updated_at = now()
          WHERE s.last_xid <= v_xid
        RETURNING s.version INTO v_next;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'older transaction lost the race on %', p_stream_id USING ERRCODE = '40001';
        END IF;
      ELSE
        UPDATE es_streams s
           SET version = s.version + v_count, last_xid = v_xid, updated_at = now()
         WHERE s.stream_id = p_stream_id AND s.version = p_expected AND s.last_xid <= v_xid
        RETURNING s.version INTO v_next;
        IF NOT FOUND THEN
          SELECT s.version INTO v_current FROM es_streams s WHERE s.stream_id = p_stream_id;
          IF v_current = p_expected THEN
            RAISE EXCEPTION 'older transaction lost the race on %', p_stream_id USING ERRCODE = '40001';
          END IF;
          RAISE EXCEPTION 'wrong expected version for %: expected %, current %',
            p_stream_id, p_expected, coalesce(v_current, 0)
            USING ERRCODE = 'ES409', DETAIL = coalesce(v_current, 0)::text;
        END IF;
      END IF;

      WITH ins AS (
        INSERT INTO es_events (stream_id, stream_type, stream_position, event_id, event_type,
                               schema_version, data, metadata)
        SELECT p_stream_id, p_stream_type, v_next - v_count + t.ord::integer, (t.e->>'id')::uuid, t.e->>'type',
               coalesce((t.e->>'schemaVersion')::integer, 1), t.e->'data', coalesce(t.e->'metadata', '{}'::jsonb)
          FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t(e, ord)
        RETURNING global_position
      )
      SELECT min(global_position), max(global_position) INTO v_first, v_last FROM ins;

      RETURN QUERY SELECT false, v_next, v_first, v_last, p_command_result, p_request_hash;
    END
    $$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS es_append`.execute(db)
  await sql`DROP TABLE IF EXISTS es_checkpoints, es_commands, es_events, es_streams`.execute(db)
}
