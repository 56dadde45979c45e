import { type Db, type Logger, pruneAnalytics } from '@shop/kit'

export type AnalyticsPruning = {
  /** Prunes now (the timer does it every `intervalMs`). */
  runOnce(): Promise<{ hits: number; firstDay: string }>
  stop(): Promise<void>
}

/**
 * Prunes the raw analytics log past its retention (`limits.analytics.retentionDays`): at start
 * and then every hour. The statistics' sums of the pruned days stay (docs/statistics.md
 * "Retention"). Several processes may run it at once: the deletes and the horizon agree.
 */
export function startAnalyticsPruning(opts: {
  db: Db
  log: Logger
  retentionDays: number
  intervalMs?: number
  now?: () => Date
}): AnalyticsPruning {
  const now = opts.now ?? (() => new Date())
  let running: Promise<unknown> = Promise.resolve()
  const runOnce = () => {
    const next = running.then(() =>
      pruneAnalytics(opts.db, { now: now(), retentionDays: opts.retentionDays }),
    )
    running = next.then(
      (r) => {
        if (r.hits > 0) opts.log.info(r, 'analytics log pruned')
      },
      (err) => opts.log.error({ err }, 'analytics pruning failed'),
    )
    return next
  }
  void runOnce().catch(() => {})
  const timer = setInterval(() => void runOnce().catch(() => {}), opts.intervalMs ?? 3_600_000)
  timer.unref()
  return {
    runOnce,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
