import { type Kysely, sql } from 'kysely'

// Issue 20 (docs/time-tracking.md): staff time tracking. The events live in one stream per user
// (`working-time-<userId>`); these are the read model of the `time-tracking` projection
// (services/read-models/src/time-tracking), rebuilt from the streams like any projection:
// - tt_users: how far each user's stream is applied (each event once, in stream order);
// - tt_activities: one row per activity, the times that count beside the recorded ones (a
//   correction never overwrites what the terminal recorded), and the decider's state of it;
// - tt_user_days: worked and break seconds per user and local day (the day an activity started,
//   in its branch's zone), of the ended activities.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tt_users (
      user_id text PRIMARY KEY,
      version integer NOT NULL
    )`.execute(db)
  await sql`
    CREATE TABLE tt_activities (
      activity_id     text PRIMARY KEY,
      user_id         text NOT NULL,
      branch_id       text NOT NULL,
      project_id      text,
      task_id         text,
      status          text NOT NULL,
      day             date NOT NULL,
      start_at        timestamptz NOT NULL,
      end_at          timestamptz,
      recorded_start  timestamptz NOT NULL,
      recorded_end    timestamptz,
      is_corrected    boolean NOT NULL,
      worked_seconds  integer NOT NULL,
      break_seconds   integer NOT NULL,
      state           jsonb NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX tt_activities_user_day ON tt_activities (user_id, day)`.execute(db)
  await sql`CREATE INDEX tt_activities_branch_day ON tt_activities (branch_id, day)`.execute(db)
  await sql`
    CREATE TABLE tt_user_days (
      user_id        text NOT NULL,
      day            date NOT NULL,
      worked_seconds integer NOT NULL,
      break_seconds  integer NOT NULL,
      activities     integer NOT NULL,
      PRIMARY KEY (user_id, day)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE tt_user_days`.execute(db)
  await sql`DROP TABLE tt_activities`.execute(db)
  await sql`DROP TABLE tt_users`.execute(db)
}
