import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import net from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrateToLatest } from '../db/migrate.ts'

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../migrations')

export function canConnect(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** A name that changes whenever a migration file changes, so a stale template is never cloned. */
export function templateName(): string {
  const h = createHash('sha256')
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) {
    if (!f.endsWith('.ts')) continue
    h.update(f)
    h.update(readFileSync(join(MIGRATIONS_DIR, f)))
  }
  return `shop_tpl_${h.digest('hex').slice(0, 12)}`
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  adminUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

/** Creates the migrated template database once; every test file clones it. */
export async function ensureTemplate(adminUrl: string): Promise<string> {
  const name = templateName()
  const exists = await adminQuery(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])
  if (exists.length > 0) return name
  const building = `${name}_build_${process.pid}`
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${building}"`)
  await adminQuery(adminUrl, `CREATE DATABASE "${building}"`)
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, building), max: 1 })
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) })
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
  // When it was made: another checkout's run may still clone it (see below).
  await adminQuery(adminUrl, `COMMENT ON DATABASE "${building}" IS 'built ${new Date().toISOString()}'`)
  try {
    await adminQuery(adminUrl, `ALTER DATABASE "${building}" RENAME TO "${name}"`)
  } catch (err) {
    // Another run built the same template at the same time: use theirs.
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${building}"`)
    const again = await adminQuery(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (again.length === 0) throw err
  }
  // Old templates from earlier migration sets are no longer cloned here, but another checkout
  // on the same server (a second worktree, a CI run beside a developer's) may be running with
  // one: only templates made more than a day ago (or before templates said when) are dropped.
  const stale = await adminQuery<{ datname: string }>(
    adminUrl,
    `SELECT d.datname FROM pg_database d
       LEFT JOIN pg_shdescription c ON c.objoid = d.oid AND c.classoid = 'pg_database'::regclass
      WHERE d.datname LIKE 'shop\\_tpl\\_%' AND d.datname <> $1 AND d.datname NOT LIKE '%\\_build\\_%'
        AND (c.description IS NULL OR c.description NOT LIKE 'built %'
             OR substr(c.description, 7)::timestamptz < now() - interval '1 day')`,
    [name],
  )
  for (const { datname } of stale)
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${datname}"`).catch(() => {})
  return name
}

/**
 * Deletes the event streams whose names match `pattern` (the streams of test files or bench
 * runs: each has a subject root of its own, and JetStream keeps them on disk until deleted).
 */
export async function deleteStreams(
  natsUrl: string,
  pattern: RegExp,
  /** Only streams made at least this long ago (another run on the same server uses its own). */
  olderThanMs = 0,
): Promise<number> {
  const { connect } = await import('@nats-io/transport-node')
  const { jetstreamManager } = await import('@nats-io/jetstream')
  const nc = await connect({ servers: natsUrl })
  try {
    const jsm = await jetstreamManager(nc)
    let deleted = 0
    for await (const stream of jsm.streams.list()) {
      if (!pattern.test(stream.config.name)) continue
      if (olderThanMs > 0 && Date.now() - Date.parse(stream.created) < olderThanMs) continue
      await jsm.streams.delete(stream.config.name).catch(() => false)
      deleted++
    }
    return deleted
  } finally {
    await nc.close()
  }
}

/** The streams of uniqueSubjectRoot(): 't' and ten hex digits, upper-cased by jetStreamName. */
export const TEST_STREAMS = /^T[0-9A-F]{10}_EVENTS$/
