import { type Kysely, sql } from 'kysely'

// The statistics read model (issue 7): each order's last contribution (st_orders) and the
// pre-aggregated tables the statistics endpoints read, per branch, local day and order type
// (and per hour, tax rate, product, option, outcome and reason). The projector moves them by
// the difference of an order's old and new contribution; a rebuild gives the same sums.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE st_orders (
      order_id     text PRIMARY KEY,
      version      integer NOT NULL,
      state        jsonb NOT NULL,
      contribution jsonb NOT NULL
    )`.execute(db)
  await sql`
    CREATE TABLE st_order_days (
      branch_id        text NOT NULL,
      day              date NOT NULL,
      order_type       text NOT NULL,
      outcome          text NOT NULL,
      orders           integer NOT NULL,
      net              bigint NOT NULL,
      tax              bigint NOT NULL,
      gross            bigint NOT NULL,
      revenue_orders   integer NOT NULL,
      revenue_net      bigint NOT NULL,
      revenue_tax      bigint NOT NULL,
      revenue_gross    bigint NOT NULL,
      confirmed        integer NOT NULL,
      confirm_seconds  bigint NOT NULL,
      completed        integer NOT NULL,
      complete_seconds bigint NOT NULL,
      rated            integer NOT NULL,
      rating_sum       integer NOT NULL,
      PRIMARY KEY (day, branch_id, order_type, outcome)
    )`.execute(db)
  await sql`
    CREATE TABLE st_order_hours (
      branch_id  text NOT NULL,
      day        date NOT NULL,
      hour       smallint NOT NULL,
      order_type text NOT NULL,
      orders     integer NOT NULL,
      PRIMARY KEY (day, branch_id, hour, order_type)
    )`.execute(db)
  await sql`
    CREATE TABLE st_tax_days (
      branch_id  text NOT NULL,
      day        date NOT NULL,
      order_type text NOT NULL,
      rate       text NOT NULL,
      net        bigint NOT NULL,
      tax        bigint NOT NULL,
      gross      bigint NOT NULL,
      PRIMARY KEY (day, branch_id, order_type, rate)
    )`.execute(db)
  await sql`
    CREATE TABLE st_item_days (
      branch_id   text NOT NULL,
      day         date NOT NULL,
      order_type  text NOT NULL,
      product_uid text NOT NULL,
      unit        text NOT NULL,
      name        text NOT NULL,
      lines       integer NOT NULL,
      quantity    numeric NOT NULL,
      gross       bigint NOT NULL,
      PRIMARY KEY (day, branch_id, order_type, product_uid, unit)
    )`.execute(db)
  // A product's latest name in a range (the items and options answers).
  await sql`CREATE INDEX st_item_days_product ON st_item_days (product_uid, day)`.execute(db)
  await sql`
    CREATE TABLE st_option_days (
      branch_id   text NOT NULL,
      day         date NOT NULL,
      order_type  text NOT NULL,
      product_uid text NOT NULL,
      part        text NOT NULL,
      option      text NOT NULL,
      lines       integer NOT NULL,
      quantity    numeric NOT NULL,
      PRIMARY KEY (day, branch_id, order_type, product_uid, part, option)
    )`.execute(db)
  await sql`
    CREATE TABLE st_reason_days (
      branch_id  text NOT NULL,
      day        date NOT NULL,
      order_type text NOT NULL,
      outcome    text NOT NULL,
      reason     text NOT NULL,
      orders     integer NOT NULL,
      PRIMARY KEY (day, branch_id, order_type, outcome, reason)
    )`.execute(db)
  // The consented analytics log: visitors, page views and events per local day ('' = no branch).
  await sql`
    CREATE TABLE st_visitor_days (
      branch_id text NOT NULL,
      day       date NOT NULL,
      visitor   text NOT NULL,
      views     integer NOT NULL,
      PRIMARY KEY (day, branch_id, visitor)
    )`.execute(db)
  // Unique visitors over any range: per day and scope (a branch, '' = no branch, '*' = the whole
  // shop) the exact count, and HyperLogLog sketches per scope and day ('YYYY-MM-DD') and month
  // ('YYYY-MM') to estimate long ranges without counting visitor-days (docs/statistics.md).
  await sql`
    CREATE TABLE st_visitor_counts (
      branch_id text NOT NULL,
      day       date NOT NULL,
      visitors  integer NOT NULL,
      PRIMARY KEY (day, branch_id)
    )`.execute(db)
  await sql`
    CREATE TABLE st_visitor_sketches (
      branch_id text NOT NULL,
      period    text NOT NULL,
      registers bytea NOT NULL,
      PRIMARY KEY (branch_id, period)
    )`.execute(db)
  await sql`
    CREATE TABLE st_page_days (
      branch_id text NOT NULL,
      day       date NOT NULL,
      path      text NOT NULL,
      views     integer NOT NULL,
      PRIMARY KEY (day, branch_id, path)
    )`.execute(db)
  await sql`
    CREATE TABLE st_visit_hours (
      branch_id text NOT NULL,
      day       date NOT NULL,
      hour      smallint NOT NULL,
      views     integer NOT NULL,
      PRIMARY KEY (day, branch_id, hour)
    )`.execute(db)
  await sql`
    CREATE TABLE st_event_days (
      branch_id text NOT NULL,
      day       date NOT NULL,
      type      text NOT NULL,
      category  text NOT NULL,
      action    text NOT NULL,
      events    integer NOT NULL,
      PRIMARY KEY (day, branch_id, type, category, action)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM es_checkpoints WHERE subscription_id = 'projection:statistics'`.execute(db)
  await sql`
    DROP TABLE IF EXISTS st_orders, st_order_days, st_order_hours, st_tax_days, st_item_days,
                         st_option_days, st_reason_days, st_visitor_days, st_visitor_counts, st_visitor_sketches,
                         st_page_days, st_visit_hours,
                         st_event_days`.execute(db)
}
