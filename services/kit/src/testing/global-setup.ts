import type { TestProject } from 'vitest/node'
import { adminQuery, canConnect, deleteStreams, ensureTemplate, TEST_STREAMS } from './resources.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
    pgTemplate: string
    natsUrl: string
  }
}

type Stoppable = { stop(): Promise<unknown> }

/**
 * Finds PostgreSQL and NATS: DATABASE_URL / NATS_URL when set, else the local servers when they
 * answer, else containers started with testcontainers.
 */
export default async function setup(project: TestProject) {
  const started: Stoppable[] = []
  let pgAdminUrl = process.env.DATABASE_URL
  if (!pgAdminUrl) {
    if (await canConnect('127.0.0.1', 5432)) {
      pgAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
    } else {
      const { GenericContainer, Wait } = await import('testcontainers')
      const c = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .start()
      started.push(c)
      pgAdminUrl = `postgres://postgres:postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`
    }
  }
  let natsUrl = process.env.NATS_URL
  if (!natsUrl) {
    if (await canConnect('127.0.0.1', 4222)) {
      natsUrl = 'nats://127.0.0.1:4222'
    } else {
      const { GenericContainer, Wait } = await import('testcontainers')
      const c = await new GenericContainer('nats:2.10-alpine')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
        .start()
      started.push(c)
      natsUrl = `nats://${c.getHost()}:${c.getMappedPort(4222)}`
    }
  }
  const pgTemplate = await ensureTemplate(pgAdminUrl)
  // Databases left behind by an interrupted run: those nobody is connected to (another run on
  // the same server, e.g. the e2e project beside the int project, keeps its own).
  const leftovers = await adminQuery<{ datname: string }>(
    pgAdminUrl,
    `SELECT datname FROM pg_database d WHERE datname LIKE 'shop\\_t\\_%'
       AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)`,
  )
  for (const { datname } of leftovers) {
    await adminQuery(pgAdminUrl, `DROP DATABASE IF EXISTS "${datname}"`).catch(() => {})
  }
  // Event streams of earlier runs (each test file has a subject root, so a stream, of its own).
  // Another run beside this one (a second checkout, a CI run on a developer's machine) is using
  // its streams: only those of runs that ended long ago go.
  await deleteStreams(natsUrl, TEST_STREAMS, 2 * 60 * 60 * 1000)
  project.provide('pgAdminUrl', pgAdminUrl)
  project.provide('pgTemplate', pgTemplate)
  project.provide('natsUrl', natsUrl)
  return async () => {
    // This run's streams stay until a later run finds them old (another run may still be using
    // streams of the same pattern, and the names do not say whose they are).
    await deleteStreams(natsUrl, TEST_STREAMS, 2 * 60 * 60 * 1000).catch(() => 0)
    for (const c of started) await c.stop().catch(() => {})
  }
}
