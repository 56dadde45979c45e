import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, notifierSettingsFromEnv, paymentSettingsFromEnv } from './config.ts'
import { configurationDoc } from './config-docs.ts'
import { ConfigError, describeVariables } from './config-schema.ts'
import { DEFAULT_LIMITS } from './limits.ts'

// One configuration schema (issue 16, item 5): every variable checked at start, one message
// naming every wrong or missing one, the defaults as before, docs/configuration.md made from it.

/** Without DATABASE_URL and SHOP_BRANCHES the demo's branch file would be made in DATA_DIR. */
const NO_DEMO = { SHOP_BRANCHES: '[]' }

function problemsOf(env: Record<string, string>, opts: { distributed?: boolean } = {}): string[] {
  try {
    loadConfig(env, opts)
  } catch (err) {
    if (err instanceof ConfigError) return [...err.problems]
    throw err
  }
  return []
}

describe('loadConfig', () => {
  it('an empty environment gives the defaults every process had', () => {
    const config = loadConfig(NO_DEMO)
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      natsUrl: undefined,
      subjectRoot: 'shop',
      branches: [],
      metricsToken: undefined,
      logLevel: 'info',
      threadPriority: 'on',
      postgres: { poolMax: undefined, connectTimeoutMs: 3000, queryTimeoutMs: 30_000 },
      natsStreamReplicas: 1,
      publicUrl: undefined,
      cookieSecure: true,
      userPassword: undefined,
    })
    expect(config.limits).toEqual(DEFAULT_LIMITS)
    expect(config.notifier).toEqual({
      smtpUrl: undefined,
      mailFrom: 'shop@localhost',
      publicUrl: undefined,
      sms: { gateway: 'log' },
      retry: { baseMs: 5000, capMs: 900_000, maxAttempts: 12 },
      leaseMs: 120_000,
      pollMs: 1000,
      sendConcurrency: 20,
      startAt: 'now',
    })
    expect(config.payments).toEqual({
      publicUrl: undefined,
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      testProvider: undefined,
      testSecret: undefined,
      production: false,
    })
  })

  it('reads what is set, and an empty variable counts as unset (docker compose passes unset ones so)', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      NATS_URL: 'nats://a:4222,nats://b:4222',
      NATS_SUBJECT_ROOT: 'shop2',
      NATS_STREAM_REPLICAS: '3',
      PORT: '8080',
      HOST: '0.0.0.0',
      SHOP_BRANCHES:
        '[{"id":"b1","apiKey":"k1"},{"id":2,"name":"Zwei","apiKey":"k2","timeZone":"Europe/Berlin"}]',
      PG_POOL_MAX: '4',
      PG_QUERY_TIMEOUT_MS: '0',
      LOG_LEVEL: 'WARN',
      THREAD_PRIORITY: 'off',
      RATE_LIMITS: 'off',
      TRUST_PROXY: '172.28.0.10',
      SHOP_LIMITS: '{"orders":{"openPerContact":7}}',
      COOKIE_SECURE: 'false',
      PUBLIC_URL: 'https://shop.example.ch',
      SMTP_URL: '',
      METRICS_TOKEN: '',
      STRIPE_SECRET_KEY: ' sk_test_x ',
      PAYMENTS_TEST_PROVIDER: '0',
      NODE_ENV: 'production',
    })
    expect(config).toMatchObject({
      databaseUrl: 'postgres://shop@db:5432/shop',
      natsUrl: 'nats://a:4222,nats://b:4222',
      subjectRoot: 'shop2',
      natsStreamReplicas: 3,
      port: 8080,
      host: '0.0.0.0',
      branches: [
        { id: 'b1', name: 'b1', apiKey: 'k1', timeZone: 'Europe/Zurich' },
        { id: '2', name: 'Zwei', apiKey: 'k2', timeZone: 'Europe/Berlin' },
      ],
      postgres: { poolMax: 4, connectTimeoutMs: 3000, queryTimeoutMs: 0 },
      logLevel: 'warn',
      threadPriority: 'off',
      cookieSecure: false,
      publicUrl: 'https://shop.example.ch',
      metricsToken: undefined,
      payments: { stripeSecretKey: 'sk_test_x', testProvider: false, production: true },
    })
    expect(config.notifier.smtpUrl).toBeUndefined()
    expect(config.limits.rateLimits).toBe(false)
    expect(config.limits.trustProxy).toEqual(['172.28.0.10'])
    expect(config.limits.orders.openPerContact).toBe(7)
  })

  it('names every wrong or missing variable in one message, never a secret value', () => {
    const env = {
      ...NO_DEMO,
      PORT: '80a',
      LOG_LEVEL: 'loud',
      NOTIFY_START: 'yesterday',
      NOTIFY_POLL_MS: '0',
      SHOP_LIMITS: '{"orders":{"perAdress":{"max":5}}}',
      PUBLIC_URL: 'shop.example.ch',
      SMTP_URL: 'mail.example.com',
      SMS_GATEWAY: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
    }
    const problems = problemsOf(env, { distributed: true })
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'DATABASE_URL',
      'NATS_URL',
      'TWILIO_AUTH_TOKEN',
      'PORT',
      'LOG_LEVEL',
      'SHOP_LIMITS',
      'PUBLIC_URL',
      'SMTP_URL',
      'NOTIFY_POLL_MS',
      'NOTIFY_START',
    ])
    expect(problems).toContain('PORT: must be a whole number (got "80a")')
    expect(problems).toContain('NOTIFY_START: must be now or beginning (got "yesterday")')
    expect(problems.find((p) => p.startsWith('SHOP_LIMITS'))).toMatch(/perAdress/)
    // SMTP_URL may carry a password: its value is not repeated.
    expect(problems.find((p) => p.startsWith('SMTP_URL'))).toBe(
      'SMTP_URL: must be an smtp:// or smtps:// URL (value not shown)',
    )
    expect(() => loadConfig(env)).toThrow(
      /^The configuration is not valid \(docs\/configuration\.md\):\n {2}/,
    )
  })

  it('a service process needs DATABASE_URL and NATS_URL; npm start needs neither', () => {
    expect(problemsOf(NO_DEMO, { distributed: true })).toEqual([
      'DATABASE_URL: missing: a service process needs it (npm start runs everything in one process without it)',
      'NATS_URL: missing: a service process needs it (npm start runs everything in one process without it)',
    ])
    expect(problemsOf(NO_DEMO)).toEqual([])
  })

  it('SHOP_BRANCHES: JSON, an array, each entry with an id and an api key', () => {
    expect(problemsOf({ SHOP_BRANCHES: '[{"id"' })).toEqual(['SHOP_BRANCHES: is not JSON (value not shown)'])
    expect(problemsOf({ SHOP_BRANCHES: '{}' })).toEqual([
      'SHOP_BRANCHES: must be a JSON array (value not shown)',
    ])
    expect(problemsOf({ SHOP_BRANCHES: '[{"id":"b1"}]' })).toEqual([
      'SHOP_BRANCHES[0].apiKey: needs an apiKey (value not shown)',
    ])
  })
})

describe('settings from an env object (tests)', () => {
  it('the notifier: Twilio when its account is set, with the same checks', () => {
    const settings = notifierSettingsFromEnv({
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+41790000000',
      NOTIFY_RETRY_BASE_MS: '100',
      NOTIFY_START: 'beginning',
    })
    expect(settings.sms).toEqual({
      gateway: 'twilio',
      accountSid: 'AC1',
      authToken: 'secret',
      from: '+41790000000',
      messagingServiceSid: undefined,
      apiUrl: undefined,
    })
    expect(settings.retry).toEqual({ baseMs: 100, capMs: 900_000, maxAttempts: 12 })
    expect(settings.startAt).toBe('beginning')
    expect(() => notifierSettingsFromEnv({ SMS_GATEWAY: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID: missing/)
    expect(() => notifierSettingsFromEnv({ SMS_GATEWAY: 'pigeon' })).toThrow(
      /SMS_GATEWAY: must be log or twilio/,
    )
  })

  it('payments: only the payment variables are read', () => {
    expect(paymentSettingsFromEnv({ PAYMENTS_TEST_PROVIDER: 'TRUE', PORT: 'not read here' })).toMatchObject({
      testProvider: true,
    })
  })
})

describe('docs/configuration.md', () => {
  it('documents every variable with its default and meaning', () => {
    const doc = configurationDoc()
    for (const { name } of describeVariables()) expect(doc).toContain(`| \`${name}\` |`)
  })

  it('is what `npm run docs:config` makes from the schema (run it after changing the schema)', () => {
    const file = join(import.meta.dirname, '..', '..', '..', 'docs', 'configuration.md')
    expect(readFileSync(file, 'utf8')).toBe(configurationDoc())
  })
})
