import { z } from 'zod'
import { type LimitsOverrides, withLimits } from './limits.ts'

// Every environment variable a process of the shop reads, in one schema: its check, its default
// and its description (docs/configuration.md is generated from here: `npm run docs:config`).
// The environment is read once, at the start of a process (`loadConfig`: `runService` and the
// all-in-one `main.ts`, the scripts' `openShopDatabase`); the modules get their settings from the
// parsed configuration, never from process.env.

/** Who reads a variable (the documentation says it; every process checks every variable). */
export type ConfigReader =
  | 'api'
  | 'gateway'
  | 'publisher'
  | 'projector'
  | 'notifier'
  | 'all-in-one'
  | 'scripts'

export type VariableMeta = {
  /** The documentation's section. */
  group: ConfigGroup
  description: string
  /** The default as the documentation says it, when the schema's own default does not say it all. */
  defaultText?: string
  /** Never echoed in an error message (credentials). */
  secret?: boolean
  readers: readonly ConfigReader[]
}

export const CONFIG_GROUPS = [
  'Where the shop runs',
  'Database',
  'Logs, metrics, threads',
  'Security and limits',
  'Notifications',
  'Payments',
  'Scripts',
] as const
export type ConfigGroup = (typeof CONFIG_GROUPS)[number]

/** Schemas of variables with their documentation (zod's registry holds it beside each schema). */
export const variableMeta = z.registry<VariableMeta>()

const SERVICES: readonly ConfigReader[] = [
  'api',
  'gateway',
  'publisher',
  'projector',
  'notifier',
  'all-in-one',
]
const EVERYONE: readonly ConfigReader[] = [...SERVICES, 'scripts']
const HTTP: readonly ConfigReader[] = ['api', 'gateway', 'all-in-one']
const NOTIFIER: readonly ConfigReader[] = ['notifier', 'all-in-one']
const NOTIFIER_AND_API: readonly ConfigReader[] = ['notifier', 'api', 'all-in-one']
const PAYMENTS: readonly ConfigReader[] = ['api', 'all-in-one']

const variable = <T extends z.ZodType>(schema: T, meta: VariableMeta): T => {
  variableMeta.add(schema as z.ZodType, meta)
  return schema
}

/** A whole number read from text ("20"), within bounds. */
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number${min > 0 ? ` from ${min}` : ''}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))

/** One of a few words, in any case. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: () => `must be ${values.join(' or ')}` }))

/** JSON text, then checked by `inner`. */
const json = <T extends z.ZodType>(inner: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not JSON' })
        return z.NEVER
      }
    })
    .pipe(inner)

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

const branchEntry = z
  .looseObject({
    id: z.union([z.string().min(1), z.number()], { error: 'needs an id' }),
    name: z.union([z.string(), z.number()]).optional(),
    apiKey: z.union([z.string().min(1), z.number()], { error: 'needs an apiKey' }),
    timeZone: z.string().min(1).optional(),
  })
  .transform((b) => ({
    id: String(b.id),
    name: String(b.name ?? b.id),
    apiKey: String(b.apiKey),
    timeZone: b.timeZone ?? 'Europe/Zurich',
  }))

const notifyNumber = (fallback: number, description: string) =>
  variable(wholeNumber(1).default(fallback), { group: 'Notifications', description, readers: NOTIFIER })

/**
 * Every variable, with its check, default and description. An empty value counts as unset
 * (docker compose passes `${NAME:-}` as an empty string).
 */
export const envShape = {
  // Where the shop runs
  DATABASE_URL: variable(z.string().optional(), {
    group: 'Where the shop runs',
    description:
      'PostgreSQL connection URL (`postgres://user:password@host:5432/shop`). Required for the distributed services; without it `npm start` and the scripts use the embedded PGlite in `DATA_DIR`.',
    defaultText: '(none: embedded PGlite)',
    secret: true,
    readers: EVERYONE,
  }),
  NATS_URL: variable(z.string().optional(), {
    group: 'Where the shop runs',
    description:
      "NATS server URL, or a cluster's URLs separated by commas (the client moves on when one goes). Required for the distributed services; without it the all-in-one process uses its in-process bus.",
    defaultText: '(none: in-process bus)',
    readers: SERVICES,
  }),
  NATS_SUBJECT_ROOT: variable(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'must be one NATS subject token (letters, digits, _ and -)')
      .default('shop'),
    {
      group: 'Where the shop runs',
      description:
        'First token of every NATS subject and the JetStream stream name: shops (or test runs) sharing one NATS server keep apart by it.',
      readers: SERVICES,
    },
  ),
  NATS_STREAM_REPLICAS: variable(wholeNumber(1, 5).default(1), {
    group: 'Where the shop runs',
    description:
      'Copies of the events stream, set when a service creates or updates it at start: 3 on the three-node NATS cluster (any one node may go; docs/runbooks/nats.md).',
    readers: SERVICES,
  }),
  DATA_DIR: variable(z.string().default('./data'), {
    group: 'Where the shop runs',
    description:
      "The embedded shop's folder (relative to the working directory): PGlite's database in `pglite/`, uploaded files in `files/`, the demo branch's api key in `branches.json`.",
    readers: ['all-in-one', 'scripts'],
  }),
  HOST: variable(z.string().default('127.0.0.1'), {
    group: 'Where the shop runs',
    description: 'Address the HTTP server listens on (`0.0.0.0` in a container).',
    readers: SERVICES,
  }),
  PORT: variable(wholeNumber(0, 65535).default(3000), {
    group: 'Where the shop runs',
    description:
      'HTTP port: the API, the gateway and the all-in-one shop serve on it; the publisher, projector and notifier serve `/healthz`, `/readyz` and `/metrics` on it.',
    readers: SERVICES,
  }),
  SHOP_BRANCHES: variable(json(z.array(branchEntry, { error: 'must be a JSON array' })).optional(), {
    group: 'Where the shop runs',
    description:
      'Branches known from configuration only, as JSON: `[{"id","name","apiKey","timeZone"}]` (`name` defaults to the id, `timeZone` to Europe/Zurich). Branches are resources in the database; this may add api keys. Unset without `DATABASE_URL`: the embedded demo makes its branch and key in `DATA_DIR/branches.json`.',
    defaultText: '(none)',
    secret: true,
    readers: SERVICES,
  }),
  // Database
  PG_POOL_MAX: variable(wholeNumber(1).optional(), {
    group: 'Database',
    description: "Connections in the process's PostgreSQL pool.",
    defaultText: '10 (a service process), 20 (the all-in-one process)',
    readers: SERVICES,
  }),
  PG_CONNECT_TIMEOUT_MS: variable(wholeNumber(0).default(3000), {
    group: 'Database',
    description:
      'How long a request waits for a connection (a new one to open, or a busy pool to free one) before it answers 503 (docs/architecture.md "Database connections").',
    readers: SERVICES,
  }),
  PG_QUERY_TIMEOUT_MS: variable(wholeNumber(0).default(30_000), {
    group: 'Database',
    description:
      'How long a statement may go unanswered before it fails (503) and its connection is dropped; 0 for none. Migrations and the scripts run without it.',
    readers: SERVICES,
  }),
  // Logs, metrics, threads
  LOG_LEVEL: variable(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), {
    group: 'Logs, metrics, threads',
    description: 'Lowest level written to the log (JSON lines on standard output).',
    readers: SERVICES,
  }),
  METRICS_TOKEN: variable(z.string().optional(), {
    group: 'Logs, metrics, threads',
    description:
      '`/metrics` answers callers that send it as a bearer token; without it only callers on the same machine (docs/security.md "Logs and metrics").',
    defaultText: '(none: loopback only)',
    secret: true,
    readers: SERVICES,
  }),
  THREAD_PRIORITY: variable(oneOf(['on', 'off']).default('on'), {
    group: 'Logs, metrics, threads',
    description:
      '`off` keeps every thread at the process\'s priority; `on` runs every thread but the event loop\'s at nice 10 on Linux (docs/architecture.md "Thread priorities").',
    readers: SERVICES,
  }),
  // Security and limits
  SHOP_LIMITS: variable(
    json(z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }))
      .superRefine((overrides, ctx) => {
        try {
          withLimits(overrides as LimitsOverrides)
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message })
        }
      })
      .optional(),
    {
      group: 'Security and limits',
      description:
        'Abuse limits over the defaults, as JSON (any subset, deep-merged; docs/security.md lists them), e.g. `{"orders":{"perAddress":{"max":50}}}`. A wrong name or value stops the start.',
      defaultText: '(the defaults)',
      readers: HTTP,
    },
  ),
  RATE_LIMITS: variable(oneOf(['on', 'off']).default('on'), {
    group: 'Security and limits',
    description: '`off` switches the per-client rate limits off (load benchmarks from one address).',
    readers: HTTP,
  }),
  TRUST_PROXY: variable(z.string().optional(), {
    group: 'Security and limits',
    description:
      'Whose `X-Forwarded-For` counts (every per-address limit depends on it): `false` (the peer is the client), `true` (every hop), a number of hops, or proxy addresses / CIDRs separated by commas (behind the documented nginx: its address).',
    defaultText: 'false',
    readers: HTTP,
  }),
  COOKIE_SECURE: variable(oneOf(['true', 'false']).default('true'), {
    group: 'Security and limits',
    description:
      '`false` sends the session cookies over plain http too (trying the shop out on a private network); browsers treat http://localhost as secure anyway.',
    readers: ['api', 'all-in-one'],
  }),
  PUBLIC_URL: variable(httpUrl.optional(), {
    group: 'Security and limits',
    description:
      "Where customers' browsers reach the storefront: the status links in mails (`{PUBLIC_URL}/status/{uid}/{hash}`) and resends, and the payment providers' return addresses.",
    defaultText:
      "the all-in-one's own address; `http://localhost:3000` for the separate notifier; the caller's origin for resends",
    readers: NOTIFIER_AND_API,
  }),
  // Notifications
  SMTP_URL: variable(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    {
      group: 'Notifications',
      description:
        'The mail server, e.g. `smtps://user:password@mail.example.com:465` or `smtp://mail:587` (STARTTLS when offered); without it mails are written to the log and count as sent.',
      defaultText: '(none: mails go to the log)',
      secret: true,
      readers: NOTIFIER,
    },
  ),
  MAIL_FROM: variable(z.string().default('shop@localhost'), {
    group: 'Notifications',
    description:
      "Sender address; with a display name (`Bäckerei <info@…>`) that name is used, else the shop's name. Its domain names the Message-IDs.",
    readers: NOTIFIER,
  }),
  SMS_GATEWAY: variable(oneOf(['log', 'twilio']).optional(), {
    group: 'Notifications',
    description: '`log` (texts go to the log) or `twilio`.',
    defaultText: '`twilio` if `TWILIO_ACCOUNT_SID` is set, else `log`',
    readers: NOTIFIER,
  }),
  TWILIO_ACCOUNT_SID: variable(z.string().optional(), {
    group: 'Notifications',
    description: "Twilio's account SID (needed with `SMS_GATEWAY=twilio`).",
    defaultText: '(none)',
    readers: NOTIFIER,
  }),
  TWILIO_AUTH_TOKEN: variable(z.string().optional(), {
    group: 'Notifications',
    description: "Twilio's auth token (needed with `SMS_GATEWAY=twilio`; a secret: environment only).",
    defaultText: '(none)',
    secret: true,
    readers: NOTIFIER,
  }),
  TWILIO_FROM: variable(z.string().optional(), {
    group: 'Notifications',
    description: 'Sender number or alphanumeric sender id (or `TWILIO_MESSAGING_SERVICE_SID`).',
    defaultText: '(none)',
    readers: NOTIFIER,
  }),
  TWILIO_MESSAGING_SERVICE_SID: variable(z.string().optional(), {
    group: 'Notifications',
    description: 'A Twilio messaging service to send through instead of `TWILIO_FROM`.',
    defaultText: '(none)',
    readers: NOTIFIER,
  }),
  TWILIO_API_URL: variable(httpUrl.optional(), {
    group: 'Notifications',
    description: "Twilio's API (tests point it at a local server).",
    defaultText: '`https://api.twilio.com`',
    readers: NOTIFIER,
  }),
  NOTIFY_RETRY_BASE_MS: notifyNumber(
    5000,
    'First back-off after a failed attempt (ms); it doubles with each further one.',
  ),
  NOTIFY_RETRY_CAP_MS: notifyNumber(900_000, 'Longest back-off (ms).'),
  NOTIFY_MAX_ATTEMPTS: notifyNumber(
    12,
    'Attempts before a job is `failed` (about an hour with the defaults); staff can resend it.',
  ),
  NOTIFY_LEASE_MS: notifyNumber(120_000, 'How long a claimed job stays with its sender (ms).'),
  NOTIFY_POLL_MS: notifyNumber(1000, "Longest sleep of the notifier's loops when nothing wakes them (ms)."),
  NOTIFY_SEND_CONCURRENCY: notifyNumber(
    20,
    'Messages under way at once (each mail on its own SMTP connection); up to 1,000 new jobs wait in memory.',
  ),
  NOTIFY_START: variable(oneOf(['now', 'beginning']).default('now'), {
    group: 'Notifications',
    description:
      'Where a new notifier checkpoint starts: `now` (the committed head: past orders send nothing) or `beginning` (every event; no job is made twice).',
    readers: NOTIFIER,
  }),
  // Payments
  STRIPE_SECRET_KEY: variable(z.string().trim().optional(), {
    group: 'Payments',
    description:
      'With `STRIPE_WEBHOOK_SECRET`: the Stripe adapter serves method `stripe`. One without the other: Stripe stays off (a warning is logged).',
    defaultText: '(none)',
    secret: true,
    readers: PAYMENTS,
  }),
  STRIPE_WEBHOOK_SECRET: variable(z.string().trim().optional(), {
    group: 'Payments',
    description: "Checks the signature of Stripe's webhooks (see `STRIPE_SECRET_KEY`).",
    defaultText: '(none)',
    secret: true,
    readers: PAYMENTS,
  }),
  PAYMENTS_TEST_PROVIDER: variable(oneOf(['1', 'true', '0', 'false']).optional(), {
    group: 'Payments',
    description:
      '`1` (or `true`): the built-in test provider, which moves no money, serves every online method without a real adapter; `0` (or `false`) switches it off everywhere. Unset: only the embedded demo has it, and not with `NODE_ENV=production` (docs/payments.md "Test mode").',
    defaultText: '(unset)',
    readers: PAYMENTS,
  }),
  PAYMENTS_TEST_SECRET: variable(z.string().trim().optional(), {
    group: 'Payments',
    description:
      "Signs the test provider's webhooks. Unset: a random secret per process, which only works with one API process.",
    defaultText: '(random per process)',
    secret: true,
    readers: PAYMENTS,
  }),
  NODE_ENV: variable(z.string().optional(), {
    group: 'Payments',
    description: '`production` (the image sets it): the embedded demo takes no pretend payments unasked.',
    defaultText: '(unset)',
    readers: PAYMENTS,
  }),
  // Scripts
  SHOP_USER_PASSWORD: variable(z.string().optional(), {
    group: 'Scripts',
    description:
      "`npm run user:create`: the new user's password, when neither `--password-stdin` nor `--password` gives it (docs/operations.md).",
    defaultText: '(none)',
    secret: true,
    readers: ['scripts'],
  }),
} as const

export type EnvName = keyof typeof envShape

export const envSchema = z.object(envShape)

/** The environment as the schema parsed it: every default applied. */
export type ParsedEnv = z.output<typeof envSchema>

/** The configuration is wrong: `problems` names every wrong or missing variable. */
export class ConfigError extends Error {
  readonly problems: readonly string[]
  constructor(problems: readonly string[]) {
    super(
      `The configuration is not valid (docs/configuration.md):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    )
    this.name = 'ConfigError'
    this.problems = problems
  }
}

/** Only the schema's variables, and empty ones as unset (docker compose's `${NAME:-}`). */
function relevant(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of Object.keys(envShape)) {
    const value = env[name]
    if (value !== undefined && value !== '') out[name] = value
  }
  return out
}

/** `SHOP_BRANCHES[0].apiKey` from a variable and the path inside its value. */
function where(name: string, path: readonly PropertyKey[]): string {
  return name + path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
}

/**
 * Parses the environment with the schema (or only the variables `names`); throws one
 * `ConfigError` naming every wrong variable and every one `required` names that is missing,
 * with the value given unless it is a secret.
 */
export function parseEnv(
  env: Readonly<Record<string, string | undefined>>,
  opts: { required?: readonly { name: EnvName; why: string }[] } = {},
): ParsedEnv {
  const given = relevant(env)
  const problems: string[] = []
  for (const { name, why } of opts.required ?? [])
    if (given[name] === undefined) problems.push(`${name}: missing: ${why}`)
  // Texts go through Twilio only with its credentials.
  const gateway = given.SMS_GATEWAY?.trim().toLowerCase() ?? (given.TWILIO_ACCOUNT_SID ? 'twilio' : 'log')
  if (gateway === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const)
      if (given[name] === undefined) problems.push(`${name}: missing: SMS_GATEWAY=twilio needs it`)
  }
  const parsed = envSchema.safeParse(given)
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const name = String(issue.path[0] ?? '')
    const meta = variableMeta.get(envShape[name as EnvName])
    const value = given[name]
    const shown =
      value === undefined ? '' : meta?.secret ? ' (value not shown)' : ` (got ${JSON.stringify(value)})`
    problems.push(`${where(name, issue.path.slice(1))}: ${issue.message}${shown}`)
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems)
  return parsed.data
}

/** The variables' documentation, in schema order (docs/configuration.md is made from it). */
export function describeVariables(): {
  name: EnvName
  meta: VariableMeta
  /** The schema's default, when it has one. */
  defaultValue: unknown
}[] {
  return (Object.keys(envShape) as EnvName[]).map((name) => {
    const schema = envShape[name]
    const meta = variableMeta.get(schema)
    if (!meta) throw new Error(`${name} has no description`)
    return {
      name,
      meta,
      defaultValue: schema instanceof z.ZodDefault ? (schema.def.defaultValue as unknown) : undefined,
    }
  })
}
