import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
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

/** A directory of a fixed list of branches (lookups by id and by api key, the key in constant time). */
export function fromList(branches: readonly BranchAccess[]) {
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
