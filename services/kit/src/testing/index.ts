import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { connectPostgres, type DbHandle } from '../db/connect.ts'
import { adminQuery, withDatabase } from './resources.ts'

export {
  type NatsCluster,
  type NatsServerProcess,
  natsServerBinary,
  startNatsCluster,
  startNatsServer,
} from './nats-server.ts'
export { freePort, type ServiceProcess, spawnService, spawnServices } from './processes.ts'
export { canConnect, deleteStreams } from './resources.ts'
export { startTcpProxy, type TcpProxy } from './tcp-proxy.ts'

export type TestDatabase = DbHandle & { url: string; name: string; drop(): Promise<void> }

/** A fresh database for one test file: a clone of the migrated template. */
export async function createTestDatabase(opts: { max?: number } = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl')
  const template = inject('pgTemplate')
  const name = `shop_t_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  const url = withDatabase(adminUrl, name)
  const handle = connectPostgres({ url, max: opts.max ?? 10, applicationName: 'shop-test' })
  let dropped = false
  return {
    ...handle,
    url,
    name,
    async drop() {
      if (dropped) return
      dropped = true
      await handle.close()
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    },
  }
}

export function testNatsUrl(): string {
  return inject('natsUrl')
}

/** A subject root of its own, so test files sharing one NATS server never see each other. */
export function uniqueSubjectRoot(): string {
  return `t${randomBytes(5).toString('hex')}`
}

/**
 * What a distributed service process reads, for a test: its database, the test NATS server with a
 * subject root of its own (unless `extra` names one), the branches, a small pool.
 */
export function serviceEnv(
  databaseUrl: string,
  branches: readonly unknown[],
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NATS_URL: testNatsUrl(),
    NATS_SUBJECT_ROOT: uniqueSubjectRoot(),
    SHOP_BRANCHES: JSON.stringify(branches),
    PG_POOL_MAX: '3',
    ...extra,
  }
}
