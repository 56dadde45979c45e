import type { Payments, PaymentsOptions } from '@shop/api/payments'
import { type SeededCatalogue, seedTestCatalogue } from '@shop/api/testing'
import {
  type BranchAccess,
  type Bus,
  type LimitsOverrides,
  type Logger,
  silentLogger,
  withLimits,
} from '@shop/kit'
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueSubjectRoot } from '@shop/kit/testing'
import type { Notifier, NotifierOverrides } from '@shop/notifier'
import type { PrinterService, PrinterServiceOptions } from '@shop/printer'
import type { FastifyInstance } from 'fastify'
import { startShop } from '../embedded.ts'

export type TestStack = {
  url: string
  app: FastifyInstance
  db: TestDatabase
  bus: Bus
  branch: BranchAccess
  catalogue: SeededCatalogue | null
  notifier: Notifier | undefined
  printer: PrinterService | undefined
  /** The shop's payment providers (the test provider's refunds, issue 18 item 6). */
  payments: Payments
  close(): Promise<void>
}

export const TEST_BRANCH: BranchAccess = {
  id: 'b1',
  name: 'Testfiliale',
  apiKey: 'k-test-0123456789abcdef',
  timeZone: 'Europe/Zurich',
}

/** Signs the test payment provider's webhooks in the test stack (a test value, not a secret). */
export const TEST_PAYMENTS_SECRET = 'test-stack-payments-secret'

/**
 * The all-in-one process's wiring against the real PostgreSQL (a fresh database) and NATS (a
 * subject root of its own), in this process, on a free port.
 */
export async function startTestStack(
  opts: {
    now?: () => Date
    /** Seed the test catalogue (branches b1 and b2, products, menu); default true. */
    catalogue?: boolean
    /** Notifier settings (SMTP server, back-off); default: everything to the log; false: none. */
    notifier?: NotifierOverrides | false
    /** Printer service settings (short back-offs, probes off by default); false: none. */
    printer?: Partial<Omit<PrinterServiceOptions, 'db' | 'bus' | 'log' | 'branches'>> | false
    /** Payment env over the stack's (the test provider is always on; the process env is not read). */
    payments?: Pick<PaymentsOptions, 'env' | 'stripeConfig'>
    /** Limits over the defaults (docs/security.md); the process env is not read. */
    limits?: LimitsOverrides
    /** Where the shop logs; default nowhere. */
    log?: Logger
    /** The storefront's files (default the build in web/storefront/dist, if built). */
    storefrontRoot?: string
  } = {},
): Promise<TestStack> {
  const db = await createTestDatabase({ max: 3 })
  const shop = await startShop(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir: '',
      databaseUrl: db.url,
      natsUrl: testNatsUrl(),
      subjectRoot: uniqueSubjectRoot(),
      branches: [TEST_BRANCH, { ...TEST_BRANCH, id: 'b2', apiKey: 'k-other-branch-key' }],
    },
    opts.log ?? silentLogger,
    {
      demo: false,
      limits: withLimits(opts.limits),
      // Every answer of every test is checked against the route's schema in /api/docs.
      checkResponses: true,
      ...(opts.storefrontRoot ? { storefrontRoot: opts.storefrontRoot } : {}),
      ...(opts.now ? { now: opts.now } : {}),
      // Mails and SMS to the log unless a test names its servers; the process env is not read.
      notifier: opts.notifier === false ? false : { env: {}, ...opts.notifier },
      printer: opts.printer === false ? false : { probeMs: 0, ...opts.printer },
      payments: {
        testProvider: true,
        env: { PAYMENTS_TEST_SECRET: TEST_PAYMENTS_SECRET, ...opts.payments?.env },
        ...(opts.payments?.stripeConfig ? { stripeConfig: opts.payments.stripeConfig } : {}),
      },
    },
  )
  const branches = [
    TEST_BRANCH,
    { ...TEST_BRANCH, id: 'b2', name: 'Zweite Filiale', apiKey: 'k-other-branch-key' },
  ]
  // The checkout needs a catalogue: the test branches exist as resources with the same ids and keys.
  const catalogue =
    opts.catalogue === false ? null : await seedTestCatalogue({ db: shop.db.db, bus: shop.bus }, branches)
  return {
    url: shop.url,
    app: shop.app,
    db,
    bus: shop.bus,
    branch: TEST_BRANCH,
    catalogue,
    notifier: shop.notifier,
    printer: shop.printer,
    payments: shop.payments,
    async close() {
      await shop.close()
      await db.drop()
    },
  }
}
