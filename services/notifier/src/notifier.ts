import {
  type BranchDirectory,
  type Bus,
  backoffDelay,
  type Db,
  type Logger,
  startProjectionRunner,
  WakeSignal,
} from '@shop/kit'
import { DEFAULT_CHECKPOINT, msUntilNextDue, notificationsProjection } from '@shop/read-models/notifications'
import { DEFAULT_RETRY, type RetryPolicy } from './backoff.ts'
import { createSendQueue, runSendBatch } from './sender.ts'
import type { MailSender } from './transports/mail.ts'
import type { SmsSender } from './transports/sms.ts'

export type NotifierOptions = {
  db: Db
  bus: Bus
  log: Logger
  mail: MailSender
  sms: SmsSender
  /** Where the status page lives: links are `{publicUrl}/status/{uid}/{hash}`. */
  publicUrl: string
  mailFrom?: string
  /** Names and zones of branches known only from configuration. */
  branches?: BranchDirectory
  /** Checkpoint row name (one per notifier deployment; instances share it). */
  checkpoint?: string
  startAt?: 'now' | 'beginning'
  retry?: Partial<RetryPolicy>
  leaseMs?: number
  /** Longest sleep of both loops when nothing wakes them (ms). */
  pollMs?: number
  batchSize?: number
  /** Messages sent side by side: new jobs sent at once from memory, and due jobs per claim. */
  sendBatchSize?: number
}

export type Notifier = {
  /** Reads the committed events into jobs until caught up; returns the events read. */
  catchUp(): Promise<number>
  /** Sends every due job now; returns how many were claimed. */
  sendDue(): Promise<number>
  kick(): void
  /** Lets running sends finish, then stops both loops and closes the mail transport. */
  stop(): Promise<void>
}

/**
 * The notifications projection (services/read-models/src/notifications) on the kit's projection
 * runner, as the projector runs the read models: it turns committed order events into jobs in
 * the transaction that moves its checkpoint (woken by the bus, polling as a fallback), and after
 * the commit hands the jobs it claimed to the send queue. The sender loop claims due jobs
 * (retries, resends, what the queue had no room for) and sends them (woken by the projection and
 * by a timer that also meets the next retry). Several notifiers may run on one database: the
 * checkpoint lock and SKIP LOCKED claims split the work.
 */
export function startNotifier(opts: NotifierOptions): Notifier {
  const pollMs = opts.pollMs ?? 1000
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry }
  const senderSignal = new WakeSignal()
  let running = true
  const deps = { publicUrl: opts.publicUrl, branches: opts.branches }
  const senderOptions = {
    db: opts.db,
    log: opts.log,
    deps,
    mail: opts.mail,
    sms: opts.sms,
    mailFrom: opts.mailFrom ?? 'shop@localhost',
    retry,
    leaseMs: opts.leaseMs ?? 120_000,
    // Sent side by side, each on its own SMTP connection: enough for a busy evening, few
    // enough for a mail server's per-client limits (NOTIFY_SEND_CONCURRENCY).
    batchSize: opts.sendBatchSize ?? 20,
  }

  // New jobs are inserted claimed and sent from memory right after their batch commits, as
  // many as the queue takes; the others wait for the sender loop.
  const queue = createSendQueue(senderOptions, {
    concurrency: senderOptions.batchSize,
    capacity: Math.max(1000, senderOptions.batchSize * 10),
  })

  const projection = notificationsProjection({
    deps,
    log: opts.log,
    checkpoint: opts.checkpoint ?? DEFAULT_CHECKPOINT,
    startAt: opts.startAt ?? 'now',
    claim: () => ({ count: queue.free, leaseMs: senderOptions.leaseMs }),
    made({ inserted, claimed }) {
      queue.push(claimed)
      if (inserted.length > claimed.length) senderSignal.notify()
    },
  })
  const runner = startProjectionRunner({
    db: opts.db,
    bus: opts.bus,
    log: opts.log,
    projections: [projection],
    batchSize: opts.batchSize ?? 500,
    idlePollMs: pollMs,
  })

  const sendDue = async (): Promise<number> => {
    let total = 0
    for (;;) {
      const n = await runSendBatch(senderOptions)
      total += n
      if (n < senderOptions.batchSize || !running) return total
    }
  }

  // Not a store-tailing loop: it follows the jobs' due times.
  const senderLoop = async () => {
    let failures = 0
    while (running) {
      let wait = pollMs
      try {
        await sendDue()
        const due = await msUntilNextDue(opts.db)
        if (due !== undefined) wait = Math.min(pollMs, Math.max(due, 10))
        failures = 0
      } catch (err) {
        if (!running) break
        opts.log.error({ err }, 'notification sender round failed')
        wait = backoffDelay(failures++)
      }
      await senderSignal.wait(wait)
    }
  }
  const sending = senderLoop()

  return {
    catchUp: () => runner.catchUp(),
    sendDue,
    kick() {
      runner.kick()
      senderSignal.notify()
    },
    async stop() {
      running = false
      senderSignal.notify()
      await Promise.all([runner.stop(), sending])
      await queue.close()
      await opts.mail.close()
    },
  }
}
