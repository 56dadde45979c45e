import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import type { Database } from './db/schema.ts'
import { safeEqual } from './secrets.ts'

/** Branch access until the catalogue issue brings branches as resources. */
export type BranchAccess = {
  id: string
  name: string
  apiKey: string
  timeZone: string
  /**
   * False when the shop's configuration has the frontdesk plugin switched off
   * (`enablePluginFrontdesk`): the key then opens nothing. Absent: on.
   */
  keyAccess?: boolean
}

/**
 * What a branch api key is worth: 'ok', 'denied' (no such branch or another key) or
 * 'disabled' (the right key, but the frontdesk plugin is off; only said to a caller who
 * knows the key).
 */
export function branchKeyCheck(branch: BranchAccess | undefined, key: string): 'ok' | 'denied' | 'disabled' {
  if (!branch || !safeEqual(branch.apiKey, key)) return 'denied'
  return branch.keyAccess === false ? 'disabled' : 'ok'
}

export type BranchDirectory = {
  get(id: string): Promise<BranchAccess | undefined>
  /** The branch whose api key this is, if any (compared in constant time). */
  byApiKey(apiKey: string): Promise<BranchAccess | undefined>
}

function fromList(branches: readonly BranchAccess[]) {
  const byId = new Map(branches.map((b) => [b.id, b]))
  return {
    get: (id: string) => byId.get(id),
    byApiKey: (key: string) => branches.find((b) => safeEqual(b.apiKey, key)),
  }
}

/** The id of the shop's one configuration resource (spec §3 config). */
export const SHOP_CONFIG_ID = 'config'

/** Branches from configuration only (SHOP_BRANCHES or the embedded demo's file). */
export function branchDirectory(branches: readonly BranchAccess[]): BranchDirectory {
  const list = fromList(branches)
  return { get: async (id) => list.get(id), byApiKey: async (key) => list.byApiKey(key) }
}

/**
 * Branches from configuration plus the branch resources of the catalogue (their `apiKey`,
 * `name` and `timeZone`), the catalogue winning for an id both have. Once the shop has a stored
 * configuration, its `enablePluginFrontdesk` decides whether the keys open anything (a server
 * with no stored configuration has only the keys its operator configured: on).
 */
export function resourceBranchDirectory(
  db: Kysely<Database>,
  configured: readonly BranchAccess[],
): BranchDirectory {
  const list = fromList(configured)
  const toAccess = (r: { id: string; data: unknown }): BranchAccess | undefined => {
    const d = r.data as { apiKey?: unknown; name?: unknown; timeZone?: unknown }
    if (typeof d.apiKey !== 'string') return undefined
    return {
      id: r.id,
      name: String(d.name ?? r.id),
      apiKey: d.apiKey,
      timeZone: typeof d.timeZone === 'string' ? d.timeZone : 'Europe/Zurich',
    }
  }
  // The branch rows and the shop's configuration in one read: a key check is one round trip.
  const read = (branch: (eb: ExpressionBuilder<Database, 'rm_resources'>) => Expression<SqlBool>) =>
    db
      .selectFrom('rm_resources')
      .select(['type', 'id', 'data'])
      .where((eb) => eb.or([branch(eb), eb.and([eb('type', '=', 'config'), eb('id', '=', SHOP_CONFIG_ID)])]))
      .execute()
  const withPlugin = (branch: BranchAccess | undefined, rows: { type: string; data: unknown }[]) => {
    if (!branch) return undefined
    const config = rows.find((r) => r.type === 'config')
    const keyAccess = config
      ? (config.data as { enablePluginFrontdesk?: unknown }).enablePluginFrontdesk === true
      : true
    return { ...branch, keyAccess }
  }
  return {
    async get(id) {
      const rows = await read((eb) => eb.and([eb('type', '=', 'branch'), eb('id', '=', id)]))
      const row = rows.find((r) => r.type === 'branch')
      return withPlugin((row && toAccess(row)) ?? list.get(id), rows)
    },
    async byApiKey(key) {
      const rows = await read((eb) => eb('type', '=', 'branch'))
      for (const r of rows) {
        if (r.type !== 'branch') continue
        const b = toAccess(r)
        if (b && safeEqual(b.apiKey, key)) return withPlugin(b, rows)
      }
      return withPlugin(list.byApiKey(key), rows)
    },
  }
}

export type AppConfig = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  natsUrl: string | undefined
  subjectRoot: string
  branches: BranchAccess[]
  /** The bearer token /metrics asks for (`METRICS_TOKEN`); without one only loopback callers get it. */
  metricsToken?: string | undefined
}

function parseBranches(raw: string): BranchAccess[] {
  const list = JSON.parse(raw) as Partial<BranchAccess>[]
  if (!Array.isArray(list)) throw new Error('SHOP_BRANCHES must be a JSON array')
  return list.map((b, i) => {
    if (!b.id || !b.apiKey) throw new Error(`SHOP_BRANCHES[${i}] needs id and apiKey`)
    return {
      id: String(b.id),
      name: String(b.name ?? b.id),
      apiKey: String(b.apiKey),
      timeZone: b.timeZone ?? 'Europe/Zurich',
    }
  })
}

/**
 * The embedded demo's branch, with an api key made on first start and kept in the data folder
 * (never in the repository).
 */
export function demoBranches(dataDir: string): BranchAccess[] {
  const file = join(dataDir, 'branches.json')
  if (existsSync(file)) return parseBranches(readFileSync(file, 'utf8'))
  mkdirSync(dataDir, { recursive: true })
  const branches: BranchAccess[] = [
    {
      id: 'demo',
      name: 'Bäckerei am Markt',
      apiKey: randomBytes(18).toString('base64url'),
      timeZone: 'Europe/Zurich',
    },
  ]
  writeFileSync(file, JSON.stringify(branches, null, 2), { mode: 0o600 })
  return branches
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data')
  const port = Number.parseInt(env.PORT ?? '3000', 10)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`)
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    natsUrl: env.NATS_URL || undefined,
    subjectRoot: env.NATS_SUBJECT_ROOT || 'shop',
    metricsToken: env.METRICS_TOKEN || undefined,
    // Branches are resources in the database (resourceBranchDirectory); SHOP_BRANCHES may add
    // api keys from the environment, and a service on DATABASE_URL starts without it (empty or
    // unset: none, as docker-compose.yml passes it). The embedded demo makes its own.
    branches: env.SHOP_BRANCHES
      ? parseBranches(env.SHOP_BRANCHES)
      : env.DATABASE_URL
        ? []
        : demoBranches(dataDir),
  }
}
