import type { ColumnType, Generated } from 'kysely'

// Every table of the migrations, with every column: schema.int.test.ts compares this file with
// a migrated database and fails on a table or column missing on either side, or typed wrong.

// int8 and xid8 come back from pg as strings; they stay strings in TypeScript.
type Int8 = ColumnType<string, string | bigint | number, string | bigint | number>
/** An int8 the database fills when the insert leaves it out (a sequence or a default). */
type GeneratedInt8 = ColumnType<string, string | bigint | number | undefined, string | bigint | number>
/** numeric comes back from pg as a string (exact decimals). */
type Numeric = ColumnType<string, string | number, string | number>
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
/** A date column, written and compared as 'YYYY-MM-DD' (select it as `::text`: pg parses a bare date to a Date). */
type DateString = ColumnType<string, string, string>
type Json<T = unknown> = ColumnType<T, string, string>

export interface EsStreamsTable {
  stream_id: string
  stream_type: string
  version: number
  last_xid: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface EsEventsTable {
  global_position: GeneratedInt8
  transaction_id: Generated<string>
  stream_id: string
  stream_type: string
  stream_position: number
  event_id: string
  event_type: string
  schema_version: number
  data: Json
  metadata: Json<Record<string, unknown>>
  created_at: Timestamp
}

export interface EsCommandsTable {
  command_id: string
  stream_id: string
  request_hash: string
  result: Json
  created_at: Timestamp
}

export interface EsCheckpointsTable {
  subscription_id: string
  last_xid: string
  last_position: Int8
  /** The number of the last live message the reader sent (live updates, issue 15). */
  live_seq: ColumnType<string, string | undefined, string>
  updated_at: Timestamp
}

/** A named counter that writers move in their transaction, in commit order (append guards). */
export interface EsGenerationsTable {
  name: string
  generation: GeneratedInt8
}

export interface TicketCountersTable {
  branch_id: string
  business_date: DateString
  last: number
}

/** One row per order: its folded state, what the lists filter on, its ticket number. */
export interface RmOrdersTable {
  order_id: string
  uid: string
  hash: string
  branch_id: string
  version: number
  status: string
  is_open: boolean
  ticket_number: number | null
  state: Json
  created_at: Timestamp
  updated_at: Timestamp
}

/** The statistics projection's memory: each order's folded state and its last contribution. */
export interface StOrdersTable {
  order_id: string
  version: number
  state: Json
  contribution: Json
}

/** Orders per branch, local day, order type and outcome, with their sums (docs/statistics.md). */
export interface StOrderDaysTable {
  branch_id: string
  day: DateString
  order_type: string
  outcome: string
  orders: number
  net: Int8
  tax: Int8
  gross: Int8
  revenue_orders: number
  revenue_net: Int8
  revenue_tax: Int8
  revenue_gross: Int8
  confirmed: number
  confirm_seconds: Int8
  completed: number
  complete_seconds: Int8
  rated: number
  rating_sum: number
}

export interface StOrderHoursTable {
  branch_id: string
  day: DateString
  hour: number
  order_type: string
  orders: number
}

export interface StTaxDaysTable {
  branch_id: string
  day: DateString
  order_type: string
  rate: string
  net: Int8
  tax: Int8
  gross: Int8
}

export interface StItemDaysTable {
  branch_id: string
  day: DateString
  order_type: string
  product_uid: string
  unit: string
  name: string
  lines: number
  quantity: Numeric
  gross: Int8
}

export interface StOptionDaysTable {
  branch_id: string
  day: DateString
  order_type: string
  product_uid: string
  part: string
  option: string
  lines: number
  quantity: Numeric
}

export interface StReasonDaysTable {
  branch_id: string
  day: DateString
  order_type: string
  outcome: string
  reason: string
  orders: number
}

/** The visitors projection (feed: the analytics log): page views per visitor and local day. */
export interface StVisitorDaysTable {
  branch_id: string
  day: DateString
  visitor: string
  views: number
}

export interface StVisitorCountsTable {
  branch_id: string
  day: DateString
  visitors: number
}

/** HyperLogLog registers per scope and period ('YYYY-MM-DD' or 'YYYY-MM'). */
export interface StVisitorSketchesTable {
  branch_id: string
  period: string
  registers: Buffer
}

export interface StPageDaysTable {
  branch_id: string
  day: DateString
  path: string
  views: number
}

export interface StVisitHoursTable {
  branch_id: string
  day: DateString
  hour: number
  views: number
}

export interface StEventDaysTable {
  branch_id: string
  day: DateString
  type: string
  category: string
  action: string
  events: number
}

export interface RmResourcesTable {
  type: string
  id: string
  version: number
  data: Json
  created_at: Timestamp
  updated_at: Timestamp
}

/** One row per branch: its operations (sold out, paused, extra time) folded at the stream's version. */
export interface RmBranchOperationsTable {
  branch_id: string
  version: number
  state: Json
  updated_at: Timestamp
}

/** Time tracking (issue 20): how far each user's `working-time-<userId>` stream is projected. */
export interface TtUsersTable {
  user_id: string
  version: number
}

/** One working activity: the times that count beside the recorded ones, and its decider state. */
export interface TtActivitiesTable {
  activity_id: string
  user_id: string
  branch_id: string
  project_id: string | null
  task_id: string | null
  status: string
  day: DateString
  start_at: Timestamp
  end_at: Timestamp | null
  recorded_start: Timestamp
  recorded_end: Timestamp | null
  is_corrected: boolean
  worked_seconds: number
  break_seconds: number
  state: Json
}

/** Worked and break seconds per user and local day (ended activities). */
export interface TtUserDaysTable {
  user_id: string
  day: DateString
  worked_seconds: number
  break_seconds: number
  activities: number
}

export interface AuthCredentialsTable {
  user_id: string
  password_hash: string
  updated_at: Timestamp
}

export interface AuthSessionsTable {
  token_hash: string
  user_id: string
  csrf_token: string
  created_at: Timestamp
  last_seen_at: Timestamp
  expires_at: Timestamp
}

/** A per-client rate limit's fixed window (UNLOGGED; the distributed layout's shared store). */
export interface RateLimitCountersTable {
  key: string
  count: number
  reset_at: Timestamp
}

/** Login attempts of one key (address, account + address, account): docs/security.md "Login". */
export interface AuthLoginThrottleTable {
  key: string
  failures: number
  window_start: Timestamp
  last_at: Timestamp
}

/** An address or device (by hash) an account logged in from. */
export interface AuthLoginKnownTable {
  account: string
  kind: string
  value_hash: string
  last_seen_at: Timestamp
}

export interface FilesTable {
  id: string
  version: number
  kind: string
  public_hash: string
  mime_type: string
  extension: string
  size: number
  width: number | null
  height: number | null
  /** 'db': the bytes are in file_chunks; 'disk': in the embedded shop's DATA_DIR/files. */
  storage: ColumnType<string, string | undefined, string>
  /** Uploaded without a staff session: removed when no order uses it (docs/security.md). */
  by_customer: ColumnType<boolean, boolean | undefined, boolean>
  created_at: Timestamp
}

/** A file's bytes in 256 KB pieces (no single huge bytea to encode or parse). */
export interface FileChunksTable {
  file_id: string
  seq: number
  data: Buffer
}

/** Bytes uploaded per client address and UTC day (limits.uploads.bytesPerAddressPerDay). */
export interface UploadBudgetsTable {
  address: string
  day: DateString
  bytes: Int8
}

/** One consented analytics hit (not an event: pruned after the retention; docs/statistics.md). */
export interface AnalyticsHitsTable {
  id: GeneratedInt8
  transaction_id: Generated<string>
  at: Timestamp
  type: string
  action: string
  category: string | null
  visitor: string | null
  data: Json<Record<string, unknown> | null> | null
}

/** The first local day whose analytics hits are all kept (one row, once the pruning ran). */
export interface AnalyticsHorizonTable {
  id: Generated<boolean>
  first_day: DateString
}

/** New visitor ids minted per client address (an HMAC of it) and UTC day. */
export interface AnalyticsVisitorMintsTable {
  day: DateString
  address: string
  minted: number
}

/** The notifier's outbox: one job per message, kept after sending as the order's notification log. */
export interface NotificationJobsTable {
  id: string
  order_id: string
  branch_id: string
  source_id: string
  source_type: string
  kind: string
  channel: string
  audience: string
  recipient: string
  locale: string
  from_name: string | null
  reply_to: string | null
  subject: string | null
  /** The rendered text of jobs made before migration 0009; newer ones name `order_version`. */
  body: string | null
  html: string | null
  status: Generated<string>
  attempts: Generated<number>
  next_attempt_at: Timestamp
  last_error: string | null
  transport_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
  sent_at: Timestamp | null
  order_version: number | null
}

/** Secrets the server made for itself (the visitor ids' signing key). */
export interface ServerSecretsTable {
  name: string
  value: string
  created_at: Timestamp
}

/** The version each read model was last built with (a different one in the code rebuilds it). */
export interface ProjectionVersionsTable {
  projection: string
  version: number
  rebuilt_at: Timestamp
}

/** Issue 21 (docs/devices.md): a screen's pairing request; the credential until fetched once. */
export interface DevicePairingsTable {
  pairing_id: string
  kind: string
  code: string
  secret_hash: string
  expires_at: Timestamp
  created_at: Generated<Date>
  device_id: string | null
  credential: string | null
  claimed_at: Timestamp | null
}

/** A paired device's credential, as its sha256 hash. */
export interface DeviceCredentialsTable {
  device_id: string
  credential_hash: string
  kind: string
  paired_at: Timestamp
}

/** Heartbeats of paired devices, reachability of printers. */
export interface DeviceStatusTable {
  device_id: string
  last_seen_at: Timestamp | null
  last_error: string | null
  last_error_at: Timestamp | null
  version: string | null
  info: Json | null
}

/** The last log a device sent on request. */
export interface DeviceLogsTable {
  device_id: string
  requested_at: Timestamp | null
  received_at: Timestamp | null
  lines: ColumnType<string[], string | undefined, string>
}

/** One print job per (order event, printer): the printer service's outbox. */
export interface PrintJobsTable {
  job_id: string
  device_id: string
  branch_id: string
  order_id: string | null
  purpose: string
  source_id: string | null
  /** Rendered at the first send, then kept (a retry prints the same receipt). */
  bytes: Buffer | null
  status: Generated<string>
  attempts: Generated<number>
  due_at: Timestamp
  lease_until: Timestamp | null
  last_error: string | null
  created_at: Timestamp
  printed_at: Timestamp | null
}

export interface Database {
  es_streams: EsStreamsTable
  es_events: EsEventsTable
  es_commands: EsCommandsTable
  es_checkpoints: EsCheckpointsTable
  es_generations: EsGenerationsTable
  rm_orders: RmOrdersTable
  rm_resources: RmResourcesTable
  rm_branch_operations: RmBranchOperationsTable
  tt_users: TtUsersTable
  tt_activities: TtActivitiesTable
  tt_user_days: TtUserDaysTable
  rm_order_tickets: TicketCountersTable
  st_orders: StOrdersTable
  st_order_days: StOrderDaysTable
  st_order_hours: StOrderHoursTable
  st_tax_days: StTaxDaysTable
  st_item_days: StItemDaysTable
  st_option_days: StOptionDaysTable
  st_reason_days: StReasonDaysTable
  st_visitor_days: StVisitorDaysTable
  st_visitor_counts: StVisitorCountsTable
  st_visitor_sketches: StVisitorSketchesTable
  st_page_days: StPageDaysTable
  st_visit_hours: StVisitHoursTable
  st_event_days: StEventDaysTable
  auth_credentials: AuthCredentialsTable
  auth_sessions: AuthSessionsTable
  auth_login_throttle: AuthLoginThrottleTable
  auth_login_known: AuthLoginKnownTable
  rate_limit_counters: RateLimitCountersTable
  files: FilesTable
  file_chunks: FileChunksTable
  upload_budgets: UploadBudgetsTable
  analytics_hits: AnalyticsHitsTable
  analytics_horizon: AnalyticsHorizonTable
  analytics_visitor_mints: AnalyticsVisitorMintsTable
  server_secrets: ServerSecretsTable
  projection_versions: ProjectionVersionsTable
  notification_jobs: NotificationJobsTable
  device_pairings: DevicePairingsTable
  device_credentials: DeviceCredentialsTable
  device_status: DeviceStatusTable
  device_logs: DeviceLogsTable
  print_jobs: PrintJobsTable
}
