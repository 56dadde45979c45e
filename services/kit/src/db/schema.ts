import type { ColumnType, Generated } from 'kysely'

// int8 and xid8 come back from pg as strings; they stay strings in TypeScript.
type Int8 = ColumnType<string, string | bigint | number, string | bigint | number>
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
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
  global_position: Generated<Int8>
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

export interface TicketCountersTable {
  branch_id: string
  business_date: ColumnType<string, string, string>
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

export interface RmResourcesTable {
  type: string
  id: string
  version: number
  data: Json
  created_at: Timestamp
  updated_at: Timestamp
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
  day: ColumnType<string, string, string>
  bytes: Int8
}

/** One consented analytics hit (not an event: pruned after the retention; docs/statistics.md). */
export interface AnalyticsHitsTable {
  id: Generated<Int8>
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
  first_day: ColumnType<string, string, string>
}

/** New visitor ids minted per client address (an HMAC of it) and UTC day. */
export interface AnalyticsVisitorMintsTable {
  day: ColumnType<string, string, string>
  address: string
  minted: number
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

export interface Database {
  es_streams: EsStreamsTable
  es_events: EsEventsTable
  es_commands: EsCommandsTable
  es_checkpoints: EsCheckpointsTable
  rm_orders: RmOrdersTable
  st_orders: StOrdersTable
  rm_resources: RmResourcesTable
  rm_order_tickets: TicketCountersTable
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
}
