import { join } from 'node:path'
import { buildApp } from '@shop/api'
import {
  createPayments,
  type Payments,
  type PaymentsOptions,
  serverUrlOf,
  TEST_PAYMENTS_WARNING,
  testPaymentsOn,
} from '@shop/api/payments'
import { createFileBytes } from '@shop/api/resources'
import { registerGateway } from '@shop/gateway'
import {
  type AppConfig,
  type Bus,
  collectProcessMetrics,
  connectNatsBus,
  connectPglite,
  connectPostgres,
  type DbHandle,
  type Limits,
  type Logger,
  MemoryBus,
  migratePostgres,
  migrateToLatest,
  paymentSettingsFromEnv,
  withDefaultSettings,
} from '@shop/kit'
import { type Notifier, type NotifierOverrides, startConfiguredNotifier } from '@shop/notifier'
import { type PrinterService, type PrinterServiceOptions, startPrinterService } from '@shop/printer'
import { startAnalyticsPruning, startProjector } from '@shop/projector'
import { startPublisher } from '@shop/publisher'
import { allProjections, resourceBranchDirectory } from '@shop/read-models'
import type { FastifyInstance } from 'fastify'
import { seedDemo } from './demo/seed-demo.ts'

export type Shop = {
  url: string
  app: FastifyInstance
  db: DbHandle
  bus: Bus
  /** The notifier (absent with `notifier: false`). */
  notifier: Notifier | undefined
  /** The printer service (absent with `printer: false`). */
  printer: PrinterService | undefined
  /** Online payments go to the built-in test provider (docs/payments.md "Test mode"). */
  testPayments: boolean
  /** The payment providers of this process (tests reach the test provider's refunds here). */
  payments: Payments
  close(): Promise<void>
}

/** The embedded demo's days of order history. */
export const DEMO_HISTORY_DAYS = 30

/**
 * API, publisher, projectors and gateway in one process. Without DATABASE_URL / NATS_URL it
 * runs on PGlite in the data folder with the in-process bus: nothing to install. Its settings
 * come from `config` (`loadConfig` in main.ts reads the environment once); those it leaves out
 * take their defaults, and this function reads no environment.
 */
export async function startShop(
  appConfig: AppConfig,
  log: Logger,
  opts: {
    /** Load the demo into an empty shop; default: only on the embedded database. */
    demo?: boolean
    /**
     * Days of generated order history the demo starts with (docs/statistics.md); default 30 on
     * the embedded database (`npm start`), none elsewhere.
     */
    historyDays?: number
    /** The API's clock (tests pin it to a DST day); default the real one. */
    now?: () => Date
    /** Notifier settings over the configuration's (SMTP server, back-off); false: no notifier. */
    notifier?: NotifierOverrides | false
    /**
     * Printer service settings (clock, back-off, transport; docs/devices.md); false: none (tests
     * that run their own).
     */
    printer?: Partial<Omit<PrinterServiceOptions, 'db' | 'bus' | 'log' | 'branches'>> | false
    /**
     * Payment settings over the configuration's (docs/payments.md; `env`: read from this object
     * instead). The built-in test provider is on for the embedded database (`npm start`), else
     * only with PAYMENTS_TEST_PROVIDER=1.
     */
    payments?: Pick<PaymentsOptions, 'env' | 'testProvider' | 'stripeConfig'>
    /** Abuse limits (docs/security.md); default the configuration's. */
    limits?: Limits
    /** Check every JSON answer against its route's schema (the test suites; ApiDeps.checkResponses). */
    checkResponses?: boolean
    /** The storefront's files (default the build in web/storefront/dist; tests may bring their own). */
    storefrontRoot?: string
    /** The back-office's files (default the build in web/backoffice/dist; a test may bring React's development build). */
    backofficeRoot?: string
  } = {},
): Promise<Shop> {
  collectProcessMetrics()
  const config = withDefaultSettings(appConfig)
  const limits = opts.limits ?? config.limits
  const { connectTimeoutMs, queryTimeoutMs } = config.postgres
  const db = config.databaseUrl
    ? connectPostgres({
        url: config.databaseUrl,
        applicationName: 'shop-all-in-one',
        // API, publisher, projector and notifier share it: more commits in flight at once
        // share each WAL flush.
        max: config.postgres.poolMax ?? 20,
        connectTimeoutMs,
        queryTimeoutMs,
        onConnectionLost: (err) =>
          log.warn({ err: err.message }, 'database connection lost; the pool opens a new one'),
      })
    : await connectPglite(join(config.dataDir, 'pglite'))
  if (config.databaseUrl)
    await migratePostgres(config.databaseUrl, 'shop-all-in-one-migrate', { connectTimeoutMs })
  else await migrateToLatest(db.db as never)
  const bus: Bus = config.natsUrl
    ? await connectNatsBus({
        url: config.natsUrl,
        root: config.subjectRoot,
        name: 'shop-all-in-one',
        replicas: config.natsStreamReplicas,
      })
    : new MemoryBus(config.subjectRoot)
  const branches = resourceBranchDirectory(db.db, config.branches)
  // On PGlite the file bytes live on disk beside it (its writes run on the event loop); on
  // PostgreSQL in the database, where every replica reaches them.
  const filesDir = db.kind === 'pglite' ? join(config.dataDir, 'files') : undefined
  const files = createFileBytes(db.db, { dir: filesDir, databaseUrl: config.databaseUrl })
  let gateway: Awaited<ReturnType<typeof registerGateway>> | undefined
  // The built-in test provider: the embedded demo's unless NODE_ENV=production, elsewhere only asked for.
  const paymentSettings = opts.payments?.env ? paymentSettingsFromEnv(opts.payments.env) : config.payments
  const testProvider =
    opts.payments?.testProvider ??
    testPaymentsOn({ embedded: db.kind === 'pglite', settings: paymentSettings })
  const payments = createPayments({
    ...(opts.payments?.stripeConfig ? { stripeConfig: opts.payments.stripeConfig } : {}),
    settings: paymentSettings,
    testProvider,
    // Where the shop reaches itself once it listens (PUBLIC_URL wins for customers' browsers).
    serverUrl: () => serverUrlOf(app.server),
    log,
  })
  const notifierOverrides = opts.notifier === false ? undefined : opts.notifier
  // Resends link where the notifier's mails do (a test's override, else PUBLIC_URL).
  const publicUrl = notifierOverrides?.publicUrl ?? config.publicUrl
  const app = await buildApp({
    ...(opts.now ? { now: opts.now } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    cookieSecure: config.cookieSecure,
    db: db.db,
    bus,
    branches,
    log,
    payments,
    limits,
    metricsToken: config.metricsToken,
    checkResponses: opts.checkResponses ?? false,
    ...(opts.storefrontRoot ? { storefrontRoot: opts.storefrontRoot } : {}),
    ...(opts.backofficeRoot ? { backofficeRoot: opts.backofficeRoot } : {}),
    files,
    // One process on PGlite: no lock (and PGlite's one connection could not hold one).
    uploadCleanup: { exclusive: db.kind === 'postgres', ...(filesDir ? { dir: filesDir } : {}) },
    // One process: the rate limits count in memory on PGlite (no database work per request).
    rateCounters: db.kind === 'pglite' ? 'memory' : 'database',
    extend: async (instance) => {
      gateway = await registerGateway(instance, {
        db: db.db,
        bus,
        branches,
        log,
        limits,
        ...(opts.now ? { now: opts.now } : {}),
      })
    },
  })
  // The demo loads by itself only into the embedded database (`npm start`); a PostgreSQL shop
  // gets it with `npm run seed` or `demo: true`, never unasked.
  if (opts.demo ?? db.kind === 'pglite') {
    const historyDays = opts.historyDays ?? (db.kind === 'pglite' ? DEMO_HISTORY_DAYS : 0)
    const result = await seedDemo({
      db: db.db,
      bus,
      files,
      log,
      historyDays,
      ...(opts.now ? { now: opts.now } : {}),
    })
    if (!result.seeded) log.debug({ reason: result.reason }, 'demo data not loaded')
  }
  // Publisher and projectors start after the demo: they catch up on its thousands of events in
  // full batches rather than chasing each command one by one (on PGlite that took a first start
  // from 6 s to 48 s).
  const publisher = startPublisher({ db: db.db, bus, log, exclusive: db.kind === 'postgres' })
  const projector = startProjector({ db: db.db, bus, log, projections: allProjections })
  const pruning = startAnalyticsPruning({
    db: db.db,
    log,
    retentionDays: limits.analytics.retentionDays,
    ...(opts.now ? { now: opts.now } : {}),
  })
  const address = await app.listen({ port: config.port, host: config.host })
  // After the demo: a new notifier starts at the committed head, so the demo's orders send
  // nothing. Without SMTP_URL mails go to the log; status links point here unless PUBLIC_URL.
  const notifier =
    opts.notifier === false
      ? undefined
      : startConfiguredNotifier({
          db: db.db,
          bus,
          log,
          branches,
          defaultPublicUrl: address.replace('0.0.0.0', '127.0.0.1'),
          settings: config.notifier,
          overrides: opts.notifier,
        })
  // Like the notifier: from the committed head, so the demo's orders print nothing.
  const printer =
    opts.printer === false
      ? undefined
      : startPrinterService({
          db: db.db,
          bus,
          log,
          branches,
          ...(opts.now ? { now: opts.now } : {}),
          ...opts.printer,
        })
  if (payments.testProvider) log.warn(TEST_PAYMENTS_WARNING)
  return {
    url: address,
    app,
    db,
    bus,
    notifier,
    printer,
    testPayments: payments.testProvider !== undefined,
    payments,
    async close() {
      // In order, each step bounded: a step that does not end is named in the log and the
      // shutdown goes on (three CI runs saw this close() hang, the step never identified; a
      // process that is asked to stop must stop).
      const steps: [string, () => Promise<unknown> | undefined][] = [
        ['gateway', () => gateway?.close()],
        ['http', () => app.close()],
        ['notifier', () => notifier?.stop()],
        ['printer', () => printer?.stop()],
        ['publisher', () => publisher.stop()],
        ['analytics pruning', () => pruning.stop()],
        ['projector', () => projector.stop()],
        ['bus', () => bus.close()],
        ['database', () => db.close()],
      ]
      for (const [name, step] of steps) await stopWithin(name, CLOSE_STEP_MS, step, log)
    },
  }
}

/** How long one step of close() may take before the shutdown goes on without it. */
const CLOSE_STEP_MS = 10_000

async function stopWithin(
  name: string,
  ms: number,
  step: () => Promise<unknown> | undefined,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const started = Date.now()
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms)
  })
  try {
    const outcome = await Promise.race([Promise.resolve(step()).then(() => 'done' as const), late])
    if (outcome === 'late') log.error({ step: name, ms }, `shutdown: ${name} did not stop in time; going on`)
  } catch (err) {
    log.error({ err, step: name, ms: Date.now() - started }, `shutdown: ${name} failed to stop`)
  } finally {
    clearTimeout(timer)
  }
}
