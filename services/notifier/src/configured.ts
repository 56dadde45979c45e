import {
  type BranchDirectory,
  type Bus,
  type Db,
  DEFAULT_SETTINGS,
  type Logger,
  type NotifierSettings,
  notifierSettingsFromEnv,
} from '@shop/kit'
import type { RetryPolicy } from './backoff.ts'
import { type Notifier, startNotifier } from './notifier.ts'
import { createTransports } from './settings.ts'

/** Settings that win over the configuration's (tests: a local SMTP server, short back-offs). */
export type NotifierOverrides = Partial<Omit<NotifierSettings, 'retry'>> & {
  retry?: Partial<RetryPolicy>
  /** An environment to read the settings from instead of the configuration (the test stack's: none). */
  env?: Readonly<Record<string, string | undefined>>
}

/**
 * The notifier as a process runs it: the configuration's settings (`config.notifier`; without
 * them the defaults) with overrides, and the transports they name. `defaultPublicUrl` serves when
 * PUBLIC_URL is not set (the embedded shop's own address).
 */
export function startConfiguredNotifier(deps: {
  db: Db
  bus: Bus
  log: Logger
  branches?: BranchDirectory
  defaultPublicUrl: string
  settings?: NotifierSettings | undefined
  overrides?: NotifierOverrides | undefined
}): Notifier {
  const { env, ...o } = deps.overrides ?? {}
  const base = env ? notifierSettingsFromEnv(env) : (deps.settings ?? DEFAULT_SETTINGS.notifier)
  const settings: NotifierSettings = {
    ...base,
    ...o,
    retry: { ...base.retry, ...o.retry },
  }
  const { mail, sms } = createTransports(settings, deps.log)
  return startNotifier({
    db: deps.db,
    bus: deps.bus,
    log: deps.log,
    mail,
    sms,
    mailFrom: settings.mailFrom,
    publicUrl: settings.publicUrl ?? deps.defaultPublicUrl,
    ...(deps.branches ? { branches: deps.branches } : {}),
    startAt: settings.startAt,
    retry: settings.retry,
    leaseMs: settings.leaseMs,
    pollMs: settings.pollMs,
    sendBatchSize: settings.sendConcurrency,
  })
}
