import { registerGateway } from '@shop/gateway'
import { type BranchAccess, type Bus, branchDirectory, connectNatsBus, silentLogger } from '@shop/kit'
import { createTestDatabase, type TestDatabase, testNatsUrl, uniqueSubjectRoot } from '@shop/kit/testing'
import { allProjections, startProjector } from '@shop/projector'
import { startPublisher } from '@shop/publisher'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.ts'

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

/** The whole pipeline against the real PostgreSQL and NATS, in this process, on a free port. */
export async function startTestStack(): Promise<TestStack> {
  const db = await createTestDatabase()
  const bus = await connectNatsBus({ url: testNatsUrl(), root: uniqueSubjectRoot(), name: 'test' })
  const branches = branchDirectory([TEST_BRANCH, { ...TEST_BRANCH, id: 'b2', apiKey: 'k-other-branch-key' }])
  const log = silentLogger
  const publisher = startPublisher({ db: db.db, bus, log, exclusive: true })
  const projector = startProjector({ db: db.db, bus, log, projections: allProjections })
  let gateway: Awaited<ReturnType<typeof registerGateway>> | undefined
  const app = await buildApp({
    db: db.db,
    bus,
    branches,
    log,
    extend: async (instance) => {
      gateway = await registerGateway(instance, { db: db.db, bus, branches, log })
    },
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    url,
    app,
    db,
    bus,
    branch: TEST_BRANCH,
    async close() {
      await gateway?.close()
      await app.close()
      await publisher.stop()
      await projector.stop()
      await bus.close()
      await db.drop()
    },
  }
}
