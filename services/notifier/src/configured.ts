import type { BranchDirectory, Bus, Db, Logger } from '@shop/kit'
import type { RetryPolicy } from './backoff.ts'
import { type Notifier, startNotifier } from './notifier.ts'
import { createTransports, loadNotifierSettings, type NotifierSettings } from './settings.ts'

/** Settings that win over the environment's (tests: a local SMTP server, short back-offs). */
export type NotifierOverrides = Partial<Omit<NotifierSettings, 'retry'>> & {
  retry?: Partial<RetryPolicy>
  /** The environment to read instead of process.env (the test stack reads none). */
  env?: NodeJS.ProcessEnv
}

/**
 * The notifier as a process runs it: settings from the environment (with overrides), the
 * transports they name. `defaultPublicUrl` serves when PUBLIC_URL is not set (the embedded
 * shop's own address).
 */
export function startConfiguredNotifier(deps: {
  db: Db
  bus: Bus
  log: Logger
  branches?: BranchDirectory
  defaultPublicUrl: string
  overrides?: NotifierOverrides | undefined
}): Notifier {
  const { env, ...o } = deps.overrides ?? {}
  const loaded = loadNotifierSettings(env ?? process.env)
  const settings: NotifierSettings = {
    ...loaded,
    ...o,
    retry: { ...loaded.retry, ...o.retry },
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
