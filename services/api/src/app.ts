import {
  type BranchDirectory,
  type Bus,
  type Db,
  DEFAULT_LIMITS,
  errorHandler,
  frameworkErrors,
  installErrorHandling,
  installInputGuards,
  installRouteSchemas,
  type Limits,
  type Logger,
  metrics,
  registerOpsRoutes,
  trustProxyOption,
} from '@shop/kit'
import { isResourceType, RESOURCE_SCHEMAS } from '@shop/shared/contracts'
import { DEFAULT_LOCALE } from '@shop/shared/i18n'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { authRoutes } from './auth/auth.routes.ts'
import { registerAuth, useSecureCookies } from './auth/guard.ts'
import { branchOperationsRoutes } from './branch-operations/operations.routes.ts'
import { type CommandDeps, defaultIds, mapCommandError } from './commands/order-commands.ts'
import { deviceRoutes } from './devices/devices.routes.ts'
import { createFileBytes, type FileBytes } from './files/file-bytes.ts'
import { fileRoutes } from './files/files.routes.ts'
import { startUploadCleanup } from './files/upload-cleanup.ts'
import { checkConfigFonts } from './fonts/font-catalog.ts'
import { fontRoutes } from './fonts/fonts.routes.ts'
import { localeOf } from './http-helpers.ts'
import { imageTemplateRoutes } from './image-templates/templates.routes.ts'
import { MemoryRateCounter, PgRateCounter } from './limits/rate-counter.ts'
import { registerRateLimits } from './limits/rate-limit.ts'
import { API_DESCRIPTION, openApiRoutes } from './openapi.ts'
import { type Payments, paymentRoutes, startRefunds, testPaymentPages } from './payments/index.ts'
import { printRoutes } from './print/print.routes.ts'
import { initRoutes } from './resources/init.routes.ts'
import { RESOURCES } from './resources/resource-registry.ts'
import { type ResourceSchemas, resourceRoutes } from './resources/resources.routes.ts'
import { analyticsRoutes } from './routes/analytics.routes.ts'
import { availabilityRoutes } from './routes/availability.routes.ts'
import { checkoutRoutes } from './routes/orders/checkout.routes.ts'
import { notificationRoutes } from './routes/orders/notifications.routes.ts'
import { orderItemRoutes } from './routes/orders/order-items.routes.ts'
import { orderListRoutes } from './routes/orders/order-lists.routes.ts'
import { orderRoutes } from './routes/orders/orders.routes.ts'
import { refundRoutes } from './routes/orders/refunds.routes.ts'
import { undoRoutes } from './routes/orders/undo.routes.ts'
import { statisticsRoutes } from './routes/statistics.routes.ts'
import { registerSecurityHeaders } from './security-headers.ts'
import { signageRoutes } from './signage/signage.routes.ts'
import { timeSheetRoutes } from './time-sheets/time-sheets.routes.ts'
import { copyWeekRoutes } from './time-tracking/copy-week.routes.ts'
import { timeTrackingRoutes } from './time-tracking/time-tracking.routes.ts'
import { mapWorkingTimeError } from './time-tracking/working-time-commands.ts'
import { registerWebApps } from './web-apps.ts'

export { registerWebApps, type WebAppsOptions } from './web-apps.ts'

function schemasFor(type: string): ResourceSchemas {
  const def = RESOURCES.find((r) => r.type === type)
  const key = type === 'config' ? 'config' : def?.path
  if (!key || !isResourceType(key)) throw new Error(`no schema for resource ${type}`)
  return RESOURCE_SCHEMAS[key]
}

export type ApiDeps = {
  db: Db
  bus: Bus
  branches: BranchDirectory
  log: Logger
  now?: () => Date
  ids?: CommandDeps['ids']
  /** The online payment providers (services/api/src/payments); without it only offline methods work. */
  payments?: Payments
  /**
   * The refund process (services/api/src/payments/refunds.ts), on whenever `payments` is given;
   * false: not here (tests that drive it themselves).
   */
  refunds?: false | { idlePollMs?: number }
  /** Status links of resent notifications (PUBLIC_URL); default the caller's origin. */
  publicUrl?: string
  /**
   * Abuse limits (docs/security.md; the configuration's SHOP_LIMITS, RATE_LIMITS, TRUST_PROXY);
   * default the defaults. Tests pass their own.
   */
  limits?: Limits
  /** Session cookies only over https (COOKIE_SECURE); default true. */
  cookieSecure?: boolean
  /**
   * Where the rate limits count: 'database' (default; `rate_limit_counters`, shared by every API
   * replica) or 'memory' (one process: the embedded shop, no PGlite work per limited request).
   */
  rateCounters?: 'database' | 'memory'
  /**
   * Where file bytes live (services/api/src/files/file-bytes.ts): the database by default (every
   * replica serves every file); the embedded shop keeps them on disk in DATA_DIR/files.
   */
  files?: FileBytes
  /**
   * The periodic removal of customers' uploads no order uses (limits.uploads.unusedTtlMs).
   * `exclusive` (default): under an advisory lock, one API replica at a time; PGlite needs none.
   * false: not here.
   */
  uploadCleanup?: { exclusive: boolean; dir?: string } | false
  /** The bearer token /metrics asks for; without one only loopback callers read it. */
  metricsToken?: string | undefined
  /**
   * Check every JSON answer against its route's declared schema and fail it with 500 when it does
   * not match (the test suites; installRouteSchemas). Default off: production never strips or
   * refuses an answer for the document's sake.
   */
  checkResponses?: boolean
  /** Adds more routes to the same instance (the all-in-one mode mounts the gateway here). */
  extend?: (app: FastifyInstance) => Promise<void>
  /**
   * The built storefront to serve at / (one origin with the API); default web/storefront/dist
   * when it was built (`npm run build:web`); false serves none.
   */
  storefrontRoot?: string | false
  /**
   * The built back-office to serve under /backend; default web/backoffice/dist when it was built;
   * false serves none.
   */
  backofficeRoot?: string | false
}

/** The /api routes in their own scope with the command error mapping. */
export async function registerApi(app: FastifyInstance, apiDeps: ApiDeps): Promise<void> {
  const deps = { ...apiDeps, limits: apiDeps.limits ?? DEFAULT_LIMITS }
  useSecureCookies(deps.cookieSecure ?? true)
  const files = deps.files ?? createFileBytes(deps.db)
  if (deps.uploadCleanup !== false) {
    const cleanup = startUploadCleanup({
      db: deps.db,
      bus: deps.bus,
      files,
      log: deps.log,
      now: deps.now ?? (() => new Date()),
      ttlMs: deps.limits.uploads.unusedTtlMs,
      exclusive: deps.uploadCleanup?.exclusive ?? true,
      dir: deps.uploadCleanup?.dir,
    })
    app.addHook('onClose', () => cleanup.stop())
  }
  // nosniff, frame and referrer policies on every answer (HTML pages add their CSP).
  await registerSecurityHeaders(app)
  const counter = deps.rateCounters === 'memory' ? new MemoryRateCounter() : new PgRateCounter(deps.db)
  app.addHook('onResponse', async (req, reply) => {
    metrics.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
  })
  const commandDeps: CommandDeps = {
    db: deps.db,
    bus: deps.bus,
    now: deps.now ?? (() => new Date()),
    ids: deps.ids ?? defaultIds,
  }
  // Refunds of canceled, rejected or cheaper paid orders: asked of the provider after the commit.
  if (deps.payments && deps.refunds !== false) {
    const payments = deps.payments
    const idlePollMs = deps.refunds?.idlePollMs
    let refunds: ReturnType<typeof startRefunds> | undefined
    // Once the server listens: the embedded shop loads its demo before, and a reader woken by
    // each of its appends would slow that down (the projectors start after it for the same reason).
    // Nothing is lost meanwhile: the process reads from its checkpoint.
    app.addHook('onListen', async () => {
      refunds ??= startRefunds({
        db: deps.db,
        bus: deps.bus,
        log: deps.log,
        payments,
        now: commandDeps.now,
        ...(idlePollMs !== undefined ? { idlePollMs } : {}),
      })
    })
    app.addHook('onClose', async () => {
      await refunds?.stop()
    })
  }
  // The test provider's hosted payment page: a page for browsers, outside the API's auth scope.
  if (deps.payments?.testProvider) {
    await testPaymentPages(app, { db: deps.db, provider: deps.payments.testProvider, log: deps.log })
  }
  await app.register(async (scope) => {
    scope.setErrorHandler(errorHandler(deps.log, [mapCommandError, mapWorkingTimeError]))
    scope.decorateRequest('locale', DEFAULT_LOCALE)
    scope.addHook('onRequest', async (req) => {
      req.locale = localeOf(req.headers['accept-language'])
    })
    await registerRateLimits(scope, { limits: deps.limits, counter })
    await registerAuth(scope, deps.db)
    await authRoutes(scope, { db: deps.db, limits: deps.limits })
    await checkoutRoutes(scope, { ...commandDeps, payments: deps.payments, limits: deps.limits, counter })
    await orderItemRoutes(scope, { ...commandDeps, branches: deps.branches, limits: deps.limits })
    await refundRoutes(scope, { ...commandDeps, branches: deps.branches })
    await undoRoutes(scope, { ...commandDeps, branches: deps.branches })
    await orderRoutes(scope, { ...commandDeps, branches: deps.branches })
    await paymentRoutes(scope, {
      ...commandDeps,
      branches: deps.branches,
      payments: deps.payments,
      log: deps.log,
    })
    await notificationRoutes(scope, { db: deps.db, branches: deps.branches, publicUrl: deps.publicUrl })
    await resourceRoutes(scope, {
      db: deps.db,
      bus: deps.bus,
      schemas: schemasFor,
      // Bytes on disk go after the delete's commit (chunks go in its transaction).
      checkConfig: (data) => checkConfigFonts(deps.db, data),
      afterDelete: async (type, id) => {
        if ((type === 'upload' || type === 'image') && files.storage === 'disk')
          await files.discard(id, 'disk')
      },
    })
    await initRoutes(scope, { db: deps.db, payments: deps.payments })
    await openApiRoutes(scope)
    await fileRoutes(scope, { db: deps.db, bus: deps.bus, limits: deps.limits, now: commandDeps.now, files })
    await fontRoutes(scope, { db: deps.db, bus: deps.bus, files, now: commandDeps.now })
    await imageTemplateRoutes(scope, { db: deps.db, bus: deps.bus, files, now: commandDeps.now })
    await availabilityRoutes(scope, { db: deps.db, now: commandDeps.now })
    await timeTrackingRoutes(scope, { db: deps.db, bus: deps.bus, now: commandDeps.now })
    await timeSheetRoutes(scope, { db: deps.db, now: commandDeps.now })
    await copyWeekRoutes(scope, { db: deps.db, bus: deps.bus })
    await branchOperationsRoutes(scope, {
      db: deps.db,
      bus: deps.bus,
      branches: deps.branches,
      now: commandDeps.now,
    })
    await orderListRoutes(scope, { db: deps.db, now: commandDeps.now })
    await printRoutes(scope, { db: deps.db, branches: deps.branches, now: commandDeps.now })
    await analyticsRoutes(scope, { db: deps.db, bus: deps.bus, now: commandDeps.now, limits: deps.limits })
    await statisticsRoutes(scope, { db: deps.db, now: commandDeps.now })
    await deviceRoutes(scope, {
      db: deps.db,
      bus: deps.bus,
      now: commandDeps.now,
      limits: deps.limits,
      branches: deps.branches,
    })
    await signageRoutes(scope, { db: deps.db, bus: deps.bus, now: commandDeps.now })
  })
}

/**
 * The API with the web apps (`registerWebApps`) as a Fastify instance that never listens by
 * itself: the all-in-one process and tests decide. The distributed API (main.ts) registers the
 * same routes on the instance its service runner made.
 */
export async function buildApp(deps: ApiDeps): Promise<FastifyInstance> {
  const limits = deps.limits ?? DEFAULT_LIMITS
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // The client address behind the documented proxy (every per-address limit depends on it).
    trustProxy: trustProxyOption(limits),
  })
  // Before any route: the zod compilers, and every route collected for /api/docs.
  await installRouteSchemas(app, {
    checkResponses: deps.checkResponses ?? false,
    description: API_DESCRIPTION,
  })
  installErrorHandling(app, deps.log, [mapCommandError, mapWorkingTimeError])
  installInputGuards(app)
  registerOpsRoutes(
    app,
    async () => {
      await sql`SELECT 1`.execute(deps.db)
      return true
    },
    { metricsToken: deps.metricsToken },
  )
  await registerApi(app, { ...deps, limits })
  if (deps.extend) await deps.extend(app)
  await registerWebApps(app, {
    db: deps.db,
    storefrontRoot: deps.storefrontRoot,
    backofficeRoot: deps.backofficeRoot,
    publicUrl: deps.publicUrl,
  })
  return app
}
