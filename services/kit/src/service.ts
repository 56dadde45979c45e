import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { connectNatsBus, type NatsBus } from './bus/nats-bus.ts'
import { loadConfigOrExit, type ShopConfig } from './config.ts'
import { connectPostgres, type DbHandle } from './db/connect.ts'
import { migratePostgres } from './db/migrate.ts'
import { isDatabaseUnavailable } from './db/unavailable.ts'
import {
  frameworkErrors,
  installErrorHandling,
  onShutdown,
  type ReadyChecks,
  registerOpsRoutes,
} from './http.ts'
import { installInputGuards } from './input-guard.ts'
import { type Limits, trustProxyOption } from './limits.ts'
import { createLogger, type Logger } from './log.ts'
import { collectProcessMetrics } from './metrics.ts'
import { installRouteSchemas } from './route-schemas.ts'
import { favourEventLoop } from './thread-priority.ts'

/** Longest pause between two attempts to reach a dependency at start. */
export const START_RETRY_CAP_MS = 5000

/**
 * Runs `attempt` until it succeeds, pausing 250 ms, 500 ms, … up to 5 s between tries, and says
 * in the log what it waits for and why (the error of the last try). An error `retryable` refuses
 * is thrown at once.
 */
export async function untilDone<T>(
  log: Logger,
  what: string,
  attempt: () => Promise<T>,
  retryable: (err: unknown) => boolean = () => true,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt()
    } catch (err) {
      if (!retryable(err)) throw err
      const waitMs = Math.min(START_RETRY_CAP_MS, 250 * 2 ** n)
      log.warn({ err: (err as Error).message, retryInMs: waitMs }, `waiting for ${what}`)
      await new Promise((r) => setTimeout(r, waitMs))
    }
  }
}

export type ServiceContext = {
  /** The configuration, read from the environment once at start (docs/configuration.md). */
  config: ShopConfig
  log: Logger
  db: DbHandle
  bus: NatsBus
  http: FastifyInstance
  /** Abuse limits (SHOP_LIMITS, RATE_LIMITS, TRUST_PROXY): `config.limits`. */
  limits: Limits
}

/**
 * The common start of a distributed service process: PostgreSQL and NATS from DATABASE_URL and
 * NATS_URL, migrations applied (the migrator's lock makes concurrent starts safe), an HTTP
 * server for /healthz, /readyz and /metrics, graceful shutdown.
 */
export async function runService(
  name: string,
  start: (ctx: ServiceContext) => Promise<{
    stop(): Promise<unknown>
    /** The service's own /readyz checks beside the database and NATS (e.g. its checkpoint's lag). */
    ready?: ReadyChecks
  }>,
): Promise<void> {
  // Every variable checked before anything starts: a wrong or missing one (DATABASE_URL and
  // NATS_URL are required here) is named on standard error, all at once, and the process exits 2.
  const config = loadConfigOrExit({ distributed: true })
  const log = createLogger(name, config.logLevel)
  collectProcessMetrics()
  // Requests first: the process's helper threads yield the cores to its event loop.
  favourEventLoop(config.threadPriority)
  const { databaseUrl, natsUrl } = config
  if (!databaseUrl || !natsUrl)
    throw new Error('loadConfig lets no service start without DATABASE_URL and NATS_URL')
  const db = connectPostgres({
    url: databaseUrl,
    max: config.postgres.poolMax ?? 10,
    connectTimeoutMs: config.postgres.connectTimeoutMs,
    queryTimeoutMs: config.postgres.queryTimeoutMs,
    applicationName: name,
    onConnectionLost: (err) =>
      log.warn({ err: err.message }, 'database connection lost; the pool opens a new one'),
  })
  // Started before its database or NATS (compose, a reboot): it waits for them instead of exiting.
  // A broken migration is no reason to wait: only an unreachable database is tried again.
  await untilDone(
    log,
    'the database',
    () =>
      migratePostgres(databaseUrl, `${name}-migrate`, { connectTimeoutMs: config.postgres.connectTimeoutMs }),
    isDatabaseUnavailable,
  )
  const bus = await untilDone(log, 'NATS', () =>
    connectNatsBus({ url: natsUrl, root: config.subjectRoot, name, replicas: config.natsStreamReplicas }),
  )
  const limits = config.limits
  const http = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    frameworkErrors,
    trustProxy: trustProxyOption(limits),
  })
  // Before any route: the zod compilers, and the routes collected for the API's document.
  await installRouteSchemas(http)
  installErrorHandling(http, log, [])
  installInputGuards(http)
  // What /readyz shows (docs/operations.md "Health"): the database and NATS, then the service's own.
  const checks: ReadyChecks = {
    database: async () => {
      await sql`SELECT 1`.execute(db.db)
      return { ok: true }
    },
    nats: async () => (bus.connected ? { ok: true } : { ok: false, error: 'not connected, reconnecting' }),
  }
  registerOpsRoutes(http, checks, { metricsToken: config.metricsToken })
  const service = await start({ config, log, db, bus, http, limits })
  Object.assign(checks, service.ready)
  const address = await http.listen({ port: config.port, host: config.host })
  log.info({ address }, `${name} listening`)
  onShutdown(log, [() => http.close(), () => service.stop(), () => bus.close(), () => db.close()])
}
