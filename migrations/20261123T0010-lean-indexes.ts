import { type Kysely, sql } from 'kysely'

// Fewer index entries per order. The (stream_type, position) index serves the back-office log
// of resource changes only, so order and analytics events (nearly all of them) leave it. A
// notification job's unique key leads with its order, so it also serves the order's
// notification log, and that log's own index goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX es_events_stream_type_idx`.execute(db)
  await sql`
    CREATE INDEX es_events_resource_idx ON es_events (stream_type, global_position)
     WHERE stream_type NOT IN ('order', 'analytics')`.execute(db)
  await sql`ALTER TABLE notification_jobs DROP CONSTRAINT notification_jobs_source_key`.execute(db)
  await sql`
    ALTER TABLE notification_jobs ADD CONSTRAINT notification_jobs_source_key
      UNIQUE (order_id, source_id, kind, channel, audience)`.execute(db)
  await sql`DROP INDEX notification_jobs_order_idx`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX notification_jobs_order_idx ON notification_jobs (order_id, created_at)`.execute(db)
  await sql`ALTER TABLE notification_jobs DROP CONSTRAINT notification_jobs_source_key`.execute(db)
  await sql`
    ALTER TABLE notification_jobs ADD CONSTRAINT notification_jobs_source_key
      UNIQUE (source_id, kind, channel, audience)`.execute(db)
  await sql`DROP INDEX es_events_resource_idx`.execute(db)
  await sql`CREATE INDEX es_events_stream_type_idx ON es_events (stream_type, global_position)`.execute(db)
}
