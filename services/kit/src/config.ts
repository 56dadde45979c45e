import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ConfigError, type EnvName, type ParsedEnv, parseEnv } from './config-schema.ts'
import { type Limits, type LimitsOverrides, limitsFromSettings } from './limits.ts'
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

/**
 * Where and how a shop process runs: what `startShop` needs at least (tests write it out). The
 * other settings may be left out: they then take the schema's defaults, as with an empty
 * environment (`loadConfig` gives them all, from the environment).
 */
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
} & Partial<ShopSettings>

/** The notifier's settings (docs/notifications.md). */
export type NotifierSettings = {
  smtpUrl: string | undefined
  mailFrom: string
  publicUrl: string | undefined
  sms:
    | { gateway: 'log' }
    | {
        gateway: 'twilio'
        accountSid: string
        authToken: string
        from?: string | undefined
        messagingServiceSid?: string | undefined
        apiUrl?: string | undefined
      }
  retry: { baseMs: number; capMs: number; maxAttempts: number }
  leaseMs: number
  pollMs: number
  /** Messages under way at once (each mail on its own SMTP connection). */
  sendConcurrency: number
  startAt: 'now' | 'beginning'
}

/** The payment providers' settings (docs/payments.md). */
export type PaymentSettings = {
  /** PUBLIC_URL: where the providers send customers back to. */
  publicUrl: string | undefined
  stripeSecretKey: string | undefined
  stripeWebhookSecret: string | undefined
  /** PAYMENTS_TEST_PROVIDER: on, off, or unset (the embedded demo's rule). */
  testProvider: boolean | undefined
  testSecret: string | undefined
  /** NODE_ENV=production. */
  production: boolean
}

/** Every setting beside `AppConfig`'s own, from the environment (docs/configuration.md). */
export type ShopSettings = {
  logLevel: string
  /** THREAD_PRIORITY: helper threads below the event loop, or not. */
  threadPriority: 'on' | 'off'
  postgres: {
    /** Connections in the pool; undefined: the process's own default (10, the all-in-one 20). */
    poolMax: number | undefined
    connectTimeoutMs: number
    queryTimeoutMs: number
  }
  natsStreamReplicas: number
  limits: Limits
  /** Where customers reach the storefront (status links, resends, payment returns). */
  publicUrl: string | undefined
  /** COOKIE_SECURE: session cookies only over https. */
  cookieSecure: boolean
  notifier: NotifierSettings
  payments: PaymentSettings
  /** SHOP_USER_PASSWORD (`npm run user:create`). */
  userPassword: string | undefined
}

/** The whole configuration: what `loadConfig` answers and every service gets. */
export type ShopConfig = AppConfig & ShopSettings

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

function notifierSettingsOf(env: ParsedEnv): NotifierSettings {
  const gateway = env.SMS_GATEWAY ?? (env.TWILIO_ACCOUNT_SID ? 'twilio' : 'log')
  return {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
    // parseEnv made sure Twilio has its credentials.
    sms:
      gateway === 'twilio'
        ? {
            gateway: 'twilio',
            accountSid: env.TWILIO_ACCOUNT_SID ?? '',
            authToken: env.TWILIO_AUTH_TOKEN ?? '',
            from: env.TWILIO_FROM,
            messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
            apiUrl: env.TWILIO_API_URL,
          }
        : { gateway: 'log' },
    retry: {
      baseMs: env.NOTIFY_RETRY_BASE_MS,
      capMs: env.NOTIFY_RETRY_CAP_MS,
      maxAttempts: env.NOTIFY_MAX_ATTEMPTS,
    },
    leaseMs: env.NOTIFY_LEASE_MS,
    pollMs: env.NOTIFY_POLL_MS,
    sendConcurrency: env.NOTIFY_SEND_CONCURRENCY,
    startAt: env.NOTIFY_START,
  }
}

function paymentSettingsOf(env: ParsedEnv): PaymentSettings {
  const flag = env.PAYMENTS_TEST_PROVIDER
  return {
    publicUrl: env.PUBLIC_URL,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    testProvider: flag === undefined ? undefined : flag === '1' || flag === 'true',
    testSecret: env.PAYMENTS_TEST_SECRET || undefined,
    production: env.NODE_ENV === 'production',
  }
}

function settingsOf(env: ParsedEnv): ShopSettings {
  return {
    logLevel: env.LOG_LEVEL,
    threadPriority: env.THREAD_PRIORITY,
    postgres: {
      poolMax: env.PG_POOL_MAX,
      connectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: env.PG_QUERY_TIMEOUT_MS,
    },
    natsStreamReplicas: env.NATS_STREAM_REPLICAS,
    limits: limitsFromSettings({
      overrides: env.SHOP_LIMITS as LimitsOverrides | undefined,
      rateLimits: env.RATE_LIMITS,
      trustProxy: env.TRUST_PROXY,
    }),
    publicUrl: env.PUBLIC_URL,
    cookieSecure: env.COOKIE_SECURE !== 'false',
    notifier: notifierSettingsOf(env),
    payments: paymentSettingsOf(env),
    userPassword: env.SHOP_USER_PASSWORD,
  }
}

/** The settings an empty environment gives: the schema's defaults. */
export const DEFAULT_SETTINGS: ShopSettings = settingsOf(parseEnv({}))

/** The configuration with every setting it leaves out at its default (`startShop`'s tests). */
export function withDefaultSettings(config: AppConfig): ShopConfig {
  return { ...DEFAULT_SETTINGS, ...config }
}

/** The notifier's settings from an environment (a test's env object; processes use `loadConfig`). */
export function notifierSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): NotifierSettings {
  return notifierSettingsOf(parseEnv(pick(env, NOTIFIER_VARIABLES)))
}

/** The payment settings from an environment (a test's env object; processes use `loadConfig`). */
export function paymentSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): PaymentSettings {
  return paymentSettingsOf(parseEnv(pick(env, PAYMENT_VARIABLES)))
}

const NOTIFIER_VARIABLES: readonly EnvName[] = [
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'SMS_GATEWAY',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_MESSAGING_SERVICE_SID',
  'TWILIO_API_URL',
  'NOTIFY_RETRY_BASE_MS',
  'NOTIFY_RETRY_CAP_MS',
  'NOTIFY_MAX_ATTEMPTS',
  'NOTIFY_LEASE_MS',
  'NOTIFY_POLL_MS',
  'NOTIFY_SEND_CONCURRENCY',
  'NOTIFY_START',
]
const PAYMENT_VARIABLES: readonly EnvName[] = [
  'PUBLIC_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYMENTS_TEST_PROVIDER',
  'PAYMENTS_TEST_SECRET',
  'NODE_ENV',
]

function pick(env: Readonly<Record<string, string | undefined>>, names: readonly EnvName[]) {
  return Object.fromEntries(names.map((n) => [n, env[n]]))
}

/**
 * The configuration from the environment, read and checked once at a process's start: every
 * variable of the schema (config-schema.ts, docs/configuration.md). Throws one `ConfigError`
 * naming every wrong variable, and with `distributed` (a service process) a missing
 * DATABASE_URL or NATS_URL too.
 */
export function loadConfig(
  source: Readonly<Record<string, string | undefined>> = process.env,
  opts: { distributed?: boolean } = {},
): ShopConfig {
  const why = 'a service process needs it (npm start runs everything in one process without it)'
  const env = parseEnv(source, {
    required: opts.distributed
      ? [
          { name: 'DATABASE_URL', why },
          { name: 'NATS_URL', why },
        ]
      : [],
  })
  const dataDir = resolve(env.DATA_DIR)
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    natsUrl: env.NATS_URL,
    subjectRoot: env.NATS_SUBJECT_ROOT,
    metricsToken: env.METRICS_TOKEN,
    // Branches are resources in the database (resourceBranchDirectory); SHOP_BRANCHES may add
    // api keys from the environment, and a service on DATABASE_URL starts without it (empty or
    // unset: none, as docker-compose.yml passes it). The embedded demo makes its own.
    branches: env.SHOP_BRANCHES ?? (env.DATABASE_URL ? [] : demoBranches(dataDir)),
    ...settingsOf(env),
  }
}

/**
 * `loadConfig` for an entry point: a wrong configuration is said on standard error, every
 * problem at once, and the process exits with 2.
 */
export function loadConfigOrExit(
  opts: { distributed?: boolean } = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): ShopConfig {
  try {
    return loadConfig(env, opts)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    process.stderr.write(`${err.message}\n`)
    process.exit(2)
  }
}
