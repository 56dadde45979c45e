import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from './db/schema.ts'
import { safeEqual } from './secrets.ts'

/** Branch access until the catalogue issue brings branches as resources. */
export type BranchAccess = { id: string; name: string; apiKey: string; timeZone: string }

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

/** Branches from configuration only (SHOP_BRANCHES or the embedded demo's file). */
export function branchDirectory(branches: readonly BranchAccess[]): BranchDirectory {
  const list = fromList(branches)
  return { get: async (id) => list.get(id), byApiKey: async (key) => list.byApiKey(key) }
}

/**
 * Branches from configuration plus the branch resources of the catalogue (their `apiKey`,
 * `name` and `timeZone`), the catalogue winning for an id both have.
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
  return {
    async get(id) {
      const row = await db
        .selectFrom('rm_resources')
        .select(['id', 'data'])
        .where('type', '=', 'branch')
        .where('id', '=', id)
        .executeTakeFirst()
      return (row && toAccess(row)) ?? list.get(id)
    },
    async byApiKey(key) {
      const rows = await db
        .selectFrom('rm_resources')
        .select(['id', 'data'])
        .where('type', '=', 'branch')
        .execute()
      for (const r of rows) {
        const b = toAccess(r)
        if (b && safeEqual(b.apiKey, key)) return b
      }
      return list.byApiKey(key)
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
    // Distributed services take branches from SHOP_BRANCHES; the embedded demo makes its own.
    branches: env.SHOP_BRANCHES
      ? parseBranches(env.SHOP_BRANCHES)
      : env.DATABASE_URL
        ? []
        : demoBranches(dataDir),
  }
}
