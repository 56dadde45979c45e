export {
  type AnalyticsHit,
  analyticsFirstDay,
  analyticsHead,
  pollCommittedHits,
  pruneAnalytics,
  recordAnalyticsHits,
  type StoredAnalyticsHit,
} from './analytics/analytics-log.ts'
export { LIVE_TICK_MS, LiveGaps, type LiveTick, liveStamp, stampLive } from './bus/live-sequence.ts'
export { MemoryBus } from './bus/memory-bus.ts'
export { connectNatsBus, ensureEventStream, NatsBus, type NatsBusOptions } from './bus/nats-bus.ts'
export { type Bus, subjectMatches, type Unsubscribe } from './bus/types.ts'
export {
  type AppConfig,
  type BranchAccess,
  type BranchDirectory,
  branchDirectory,
  branchKeyCheck,
  DEFAULT_SETTINGS,
  fromList,
  loadConfig,
  loadConfigOrExit,
  type NotifierSettings,
  notifierSettingsFromEnv,
  type PaymentSettings,
  paymentSettingsFromEnv,
  SHOP_CONFIG_ID,
  type ShopConfig,
  type ShopSettings,
  withDefaultSettings,
} from './config.ts'
export { configurationDoc } from './config-docs.ts'
export {
  CONFIG_GROUPS,
  ConfigError,
  type ConfigGroup,
  type ConfigReader,
  describeVariables,
  type EnvName,
  envSchema,
  envShape,
  type ParsedEnv,
  parseEnv,
  type VariableMeta,
} from './config-schema.ts'
export { connectPglite, connectPostgres, type Db, type DbHandle, guardPool } from './db/connect.ts'
export { migratePostgres, migrateTo, migrateToLatest } from './db/migrate.ts'
export type { Database } from './db/schema.ts'
export {
  checkpointLag,
  ensureCheckpoint,
  lockCheckpoint,
  readCheckpoint,
  readersBehind,
  readLiveSeq,
  saveCheckpoint,
  unreadBy,
} from './event-store/checkpoints.ts'
export {
  type Decider,
  type HandleCommandInput,
  type HandleCommandOutput,
  handleCommand,
  type Idempotency,
  type StoredAnswer,
  storedAnswerFor,
} from './event-store/command-handler.ts'
export {
  GenerationMovedError,
  IdempotencyInProgressError,
  IdempotencyKeyOtherCallerError,
  IdempotencyKeyReusedError,
  isSerializationFailure,
  pgCode,
  WrongExpectedVersionError,
} from './event-store/errors.ts'
export { bumpGeneration, type GenerationGuard, readGeneration } from './event-store/generations.ts'
export {
  type AppendInput,
  type AppendResult,
  appendToStream,
  cursorOf,
  findCommandResult,
  pollCommitted,
  pollCommittedEnvelopes,
  pollCommittedOfType,
  readStream,
} from './event-store/store.ts'
export {
  type Cursor,
  type EventEnvelope,
  type EventMetadata,
  type ExpectedVersion,
  type NewEvent,
  START_CURSOR,
  type StoredEvent,
} from './event-store/types.ts'
export {
  type ErrorItem,
  type ErrorMapper,
  errorBody,
  errorHandler,
  frameworkErrors,
  HttpError,
  installErrorHandling,
  type Message,
  msg,
  onShutdown,
  type ReadyCheck,
  type ReadyChecks,
  registerOpsRoutes,
} from './http.ts'
export {
  decodedUrl,
  hasForbiddenCharacters,
  type InputProblem,
  inputProblemError,
  inspectInput,
  installInputGuards,
  MAX_INPUT_DEPTH,
} from './input-guard.ts'
export {
  DEFAULT_LIMITS,
  type Limits,
  type LimitsOverrides,
  limitsFromEnv,
  limitsFromSettings,
  limitsSchema,
  parseTrustProxy,
  trustProxyOption,
  withLimits,
} from './limits.ts'
export { createLogger, type Logger, logSerializers, redactUrl, silentLogger } from './log.ts'
export { collectProcessMetrics, metrics, registry } from './metrics.ts'
export {
  installRouteSchemas,
  type RouteSchemaOptions,
  type ServedRoute,
  servedRoutes,
  zodValidatorCompiler,
} from './route-schemas.ts'
export { safeEqual } from './secrets.ts'
export { runService, type ServiceContext } from './service.ts'
export { sleep, WakeSignal, yieldToEventLoop } from './signal.ts'
export {
  canActForBranch,
  hasRole,
  ROLE_ADMIN,
  ROLE_EMPLOYEE,
  readCookie,
  SESSION_COOKIE,
  type Session,
  type StaffSessionLookup,
  type StaffUser,
  sessionTokenHash,
  toStaffUser,
} from './staff-session.ts'
export {
  checkpointId,
  type Feed,
  type LiveMessage,
  type Projection,
  type ProjectionContext,
} from './tailing/projection.ts'
export {
  type BatchResult,
  ensureProjectionCheckpoint,
  ensureProjectionVersion,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
  projectionsBehind,
  rebuildProjection,
  runProjectionBatch,
  startProjectionRunner,
} from './tailing/projection-runner.ts'
export {
  type BackoffPolicy,
  backoffDelay,
  FOLLOW_UP_DELAYS_MS,
  startTailer,
  TAIL_BACKOFF,
  type Tailer,
  type TailerOptions,
  type TailState,
  type WakeSource,
} from './tailing/tailer.ts'
export { favourEventLoop, HELPER_NICENESS, lowerHelperThreads } from './thread-priority.ts'
