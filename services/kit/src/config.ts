import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Branch access until the catalogue issue brings branches as resources. */
export type BranchAccess = { id: string; name: string; apiKey: string; timeZone: string }

export type BranchDirectory = {
  get(id: string): BranchAccess | undefined
  list(): BranchAccess[]
}

export function branchDirectory(branches: readonly BranchAccess[]): BranchDirectory {
  const byId = new Map(branches.map((b) => [b.id, b]))
  return { get: (id) => byId.get(id), list: () => [...byId.values()] }
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
