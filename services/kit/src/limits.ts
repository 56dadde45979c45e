import { z } from 'zod'

// Every abuse limit of the shop in one place (docs/security.md lists them with their reasons).
// Defaults are what a real shop needs; `SHOP_LIMITS` (JSON, any subset, deep-merged) changes
// them and `RATE_LIMITS=off` switches the per-client rate limits off (benchmarks that load the
// shop from one address). Tests pass their own `Limits` to the app instead of the environment.

const window = z.strictObject({
  /** Requests (or failures) allowed per window. */
  max: z.number().int().positive(),
  /** The window in milliseconds. */
  windowMs: z.number().int().positive(),
})

export const limitsSchema = z.strictObject({
  /** Per-client rate limits (`@fastify/rate-limit`); off only for load benchmarks. */
  rateLimits: z.boolean(),
  /**
   * Fastify's `trustProxy`: false (the peer is the client), true (trust every hop), a number of
   * hops, or a list of proxy addresses / CIDRs. Behind the documented nginx: its address.
   */
  trustProxy: z.union([z.boolean(), z.number().int().nonnegative(), z.array(z.string().min(1))]),
  orders: z.strictObject({
    /** New orders per client address. */
    perAddress: window,
    /** New orders per e-mail address and per phone number. */
    perContact: window,
    /** Orders still awaiting confirmation per e-mail / phone at one time. */
    openPerContact: z.number().int().positive(),
  }),
  uploads: z.strictObject({
    perAddress: window,
    /** Bytes one client address may upload per day. */
    bytesPerAddressPerDay: z.number().int().positive(),
    /** Largest file an anonymous customer may upload. */
    maxAnonymousBytes: z.number().int().positive(),
    /** Largest file staff may upload. */
    maxStaffBytes: z.number().int().positive(),
    /** Uploads no order refers to are removed after this long. */
    unusedTtlMs: z.number().int().positive(),
  }),
  analytics: z.strictObject({
    perAddress: window,
    /** Largest analytics body in bytes. */
    maxBodyBytes: z.number().int().positive(),
    /** New visitor ids one client address may be given per UTC day (more: not counted as visitors). */
    newVisitorsPerAddressPerDay: z.number().int().positive(),
    /** Days raw analytics hits are kept (the statistics' sums stay); then they are pruned. */
    retentionDays: z.number().int().positive(),
  }),
  login: z.strictObject({
    /** Failed logins per address (any usernames) before the address waits out the window. */
    perAddress: window,
    /** Login requests per address, successful ones too (each costs a password hash). */
    requestsPerAddress: window,
    /**
     * Failed logins into one account before each further attempt waits: per account and
     * address, and per account from addresses and devices that never logged into it.
     */
    freeFailures: z.number().int().nonnegative(),
    /** The first wait after the free failures; it doubles with each further failure. */
    baseDelayMs: z.number().int().positive(),
    /** The longest wait. */
    maxDelayMs: z.number().int().positive(),
    /** A key's failures are forgotten after this long without a failure. */
    resetAfterMs: z.number().int().positive(),
    /** An address or device that logged into an account stays known to it this long. */
    knownForMs: z.number().int().positive(),
  }),
  websocket: z.strictObject({
    /** Open sockets per client address (per gateway process). */
    connectionsPerAddress: z.number().int().positive(),
    /** Messages a socket may send per second (a burst of twice that is allowed). */
    messagesPerSecond: z.number().int().positive(),
    /** Largest message a client may send, in bytes. */
    maxMessageBytes: z.number().int().positive(),
    /** Rooms one socket may be in. */
    subscriptionsPerSocket: z.number().int().positive(),
    /** Bytes queued for a socket that does not read before it is closed (back-pressure). */
    maxBufferedBytes: z.number().int().positive(),
  }),
})

export type Limits = z.output<typeof limitsSchema>

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const MB = 1024 * 1024

export const DEFAULT_LIMITS: Limits = {
  rateLimits: true,
  trustProxy: false,
  orders: {
    perAddress: { max: 20, windowMs: 10 * MINUTE },
    perContact: { max: 5, windowMs: HOUR },
    openPerContact: 3,
  },
  uploads: {
    perAddress: { max: 30, windowMs: 10 * MINUTE },
    bytesPerAddressPerDay: 100 * MB,
    maxAnonymousBytes: 5 * MB,
    maxStaffBytes: 10 * MB,
    unusedTtlMs: 24 * HOUR,
  },
  analytics: {
    perAddress: { max: 120, windowMs: MINUTE },
    maxBodyBytes: 2048,
    newVisitorsPerAddressPerDay: 50,
    retentionDays: 90,
  },
  login: {
    perAddress: { max: 30, windowMs: 15 * MINUTE },
    requestsPerAddress: { max: 30, windowMs: MINUTE },
    freeFailures: 5,
    baseDelayMs: 30_000,
    maxDelayMs: 15 * MINUTE,
    resetAfterMs: 24 * HOUR,
    knownForMs: 90 * 24 * HOUR,
  },
  websocket: {
    connectionsPerAddress: 20,
    messagesPerSecond: 10,
    maxMessageBytes: 4096,
    subscriptionsPerSocket: 50,
    maxBufferedBytes: 1 * MB,
  },
}

type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T

export type LimitsOverrides = DeepPartial<Limits>

function merge<T>(base: T, over: unknown): T {
  if (over === undefined) return base
  if (Array.isArray(over) || typeof over !== 'object' || over === null || typeof base !== 'object') {
    return over as T
  }
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
  for (const [k, v] of Object.entries(over)) out[k] = merge(out[k], v)
  return out as T
}

/** The defaults with overrides applied, checked: a typo in SHOP_LIMITS stops the start. */
export function withLimits(overrides: LimitsOverrides = {}, base: Limits = DEFAULT_LIMITS): Limits {
  const merged = merge(base, overrides)
  const parsed = limitsSchema.safeParse(merged)
  if (!parsed.success) {
    throw new Error(
      `invalid limits: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    )
  }
  return parsed.data
}

/** TRUST_PROXY's text: `false`, `true`, a number of hops, or addresses / CIDRs separated by commas. */
export function parseTrustProxy(raw: string): Limits['trustProxy'] {
  const v = raw.trim()
  if (v === '' || v === 'false') return false
  if (v === 'true') return true
  if (/^\d+$/.test(v)) return Number.parseInt(v, 10)
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Limits from the parsed settings: SHOP_LIMITS's overrides, RATE_LIMITS and TRUST_PROXY. */
export function limitsFromSettings(settings: {
  overrides?: LimitsOverrides | undefined
  rateLimits?: 'on' | 'off' | undefined
  trustProxy?: string | undefined
}): Limits {
  let overrides: LimitsOverrides = settings.overrides ?? {}
  if (settings.rateLimits === 'off') overrides = { ...overrides, rateLimits: false }
  if (settings.trustProxy !== undefined)
    overrides = { ...overrides, trustProxy: parseTrustProxy(settings.trustProxy) }
  return withLimits(overrides)
}

/**
 * Limits from an environment's `SHOP_LIMITS` (JSON), `RATE_LIMITS=off` and `TRUST_PROXY` (the
 * processes read them with the configuration schema, `loadConfig`; this reads an env object).
 */
export function limitsFromEnv(env: Readonly<Record<string, string | undefined>> = {}): Limits {
  let overrides: LimitsOverrides = {}
  if (env.SHOP_LIMITS) {
    try {
      overrides = JSON.parse(env.SHOP_LIMITS) as LimitsOverrides
    } catch {
      throw new Error('SHOP_LIMITS is not JSON')
    }
  }
  return limitsFromSettings({
    overrides,
    rateLimits: env.RATE_LIMITS === 'off' ? 'off' : 'on',
    trustProxy: env.TRUST_PROXY,
  })
}

/** Fastify's `trustProxy` option for the limits' setting (a hop count becomes its function). */
export function trustProxyOption(
  limits: Pick<Limits, 'trustProxy'>,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  const t = limits.trustProxy
  if (typeof t === 'number') return (_address, hop) => hop < t
  return t
}
