import { type SeededCatalogue, seedTestCatalogue } from '@shop/api/testing'
import { type BranchAccess, type Bus, silentLogger } from '@shop/kit'
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueSubjectRoot } from '@shop/kit/testing'
import type { FastifyInstance } from 'fastify'
import { startShop } from '../embedded.ts'

export type TestStack = {
  url: string
  app: FastifyInstance
  db: TestDatabase
  bus: Bus
  branch: BranchAccess
  catalogue: SeededCatalogue | null
  close(): Promise<void>
}

export const TEST_BRANCH: BranchAccess = {
  id: 'b1',
  name: 'Testfiliale',
  apiKey: 'k-test-0123456789abcdef',
  timeZone: 'Europe/Zurich',
}

/**
 * The all-in-one process's wiring against the real PostgreSQL (a fresh database) and NATS (a
 * subject root of its own), in this process, on a free port.
 */
export async function startTestStack(
  opts: {
    now?: () => Date
    /** Seed the test catalogue (branches b1 and b2, products, menu); default true. */
    catalogue?: boolean
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
    silentLogger,
    { demo: false, ...(opts.now ? { now: opts.now } : {}) },
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
    async close() {
      await shop.close()
      await db.drop()
    },
  }
}
