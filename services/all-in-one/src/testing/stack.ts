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
export async function startTestStack(opts: { now?: () => Date } = {}): Promise<TestStack> {
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
  return {
    url: shop.url,
    app: shop.app,
    db,
    bus: shop.bus,
    branch: TEST_BRANCH,
    async close() {
      await shop.close()
      await db.drop()
    },
  }
}
