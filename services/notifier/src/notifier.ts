import {
  type BranchDirectory,
  type Bus,
  type Db,
  type Logger,
  sleep,
  WakeSignal,
  yieldToEventLoop,
} from '@shop/kit'
import { DEFAULT_RETRY, type RetryPolicy } from './backoff.ts'
import { DEFAULT_CHECKPOINT, ensureNotifierCheckpoint, runConsumerBatch } from './consumer.ts'
import { msUntilNextDue } from './jobs.ts'
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

// New events of a transaction that committed just now may still sit behind an older running
// transaction; these short re-polls catch them without waiting for the idle poll.
const FOLLOW_UP_DELAYS_MS = [1, 3, 8, 20, 50]

/**
 * Two loops. The consumer turns committed order events into jobs (woken by the bus, like the
 * projector, and by a timer). The sender claims due jobs and sends them (woken by the consumer,
 * and by a timer that also meets the next retry). Several notifiers may run on one database:
 * the checkpoint lock and SKIP LOCKED claims split the work.
 */
export function startNotifier(opts: NotifierOptions): Notifier {
  const checkpoint = opts.checkpoint ?? DEFAULT_CHECKPOINT
  const pollMs = opts.pollMs ?? 1000
  const batchSize = opts.batchSize ?? 500
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry }
  const consumerSignal = new WakeSignal()
  const senderSignal = new WakeSignal()
  let running = true
  const unsubscribeEvents = opts.bus.onPublished(() => consumerSignal.notify())
  const unsubscribeAppended = opts.bus.onAppended(() => consumerSignal.notify())
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

  let checkpointReady = false

  // New jobs are inserted claimed and sent from memory right after their batch commits, as
  // many as the queue takes; the others wait for the sender loop.
  const queue = createSendQueue(senderOptions, {
    concurrency: senderOptions.batchSize,
    capacity: Math.max(1000, senderOptions.batchSize * 10),
  })

  const catchUp = async (): Promise<number> => {
    if (!checkpointReady) {
      await ensureNotifierCheckpoint(opts.db, checkpoint, opts.startAt ?? 'now')
      checkpointReady = true
    }
    let total = 0
    for (;;) {
      // Let the sends handed over last round get under way first: what they free, this round
      // may claim.
      await yieldToEventLoop()
      const claim = { count: queue.free, leaseMs: senderOptions.leaseMs }
      const r = await runConsumerBatch(opts.db, { checkpoint, batchSize, deps, log: opts.log, claim })
      total += r.polled
      queue.push(r.claimed)
      if (r.inserted.length > r.claimed.length) senderSignal.notify()
      if (r.busy || r.polled < batchSize || !running) return total
    }
  }

  const sendDue = async (): Promise<number> => {
    let total = 0
    for (;;) {
      const n = await runSendBatch(senderOptions)
      total += n
      if (n < senderOptions.batchSize || !running) return total
    }
  }

  const consumerLoop = async () => {
    let followUps = 0
    let failures = 0
    while (running) {
      let polled = 0
      try {
        polled = await catchUp()
        failures = 0
      } catch (err) {
        if (!running) break
        opts.log.error({ err }, 'notification consumer batch failed')
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures++, 6)))
        continue
      }
      if (polled > 0) {
        followUps = 0
        continue
      }
      const delay = FOLLOW_UP_DELAYS_MS[followUps]
      if (delay !== undefined) {
        followUps++
        if (await consumerSignal.wait(delay)) followUps = 0
      } else if (await consumerSignal.wait(pollMs)) {
        followUps = 0
      }
    }
  }

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
        wait = Math.min(5000, 100 * 2 ** Math.min(failures++, 6))
      }
      await senderSignal.wait(wait)
    }
  }

  const done = Promise.all([consumerLoop(), senderLoop()])

  return {
    catchUp,
    sendDue,
    kick() {
      consumerSignal.notify()
      senderSignal.notify()
    },
    async stop() {
      running = false
      unsubscribeEvents()
      unsubscribeAppended()
      consumerSignal.notify()
      senderSignal.notify()
      await done
      await queue.close()
      await opts.mail.close()
    },
  }
}
