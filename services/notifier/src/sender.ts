import type { Db, Logger } from '@shop/kit'
import {
  atVersion,
  batchContexts,
  type ContextDeps,
  claimDueJobs,
  type Job,
  type Message,
  markAttemptFailed,
  markSentMany,
  orderStatesAt,
  productIdsOf,
  releaseClaims,
  renderMessage,
  renewClaim,
} from '@shop/read-models/notifications'
import { nextRetryMs, type RetryPolicy } from './backoff.ts'
import { notifierMetrics } from './metrics.ts'
import { DeliveryError, describeError, isPermanent } from './transports/delivery-error.ts'
import { type MailSender, messageIdFor } from './transports/mail.ts'
import type { SmsSender } from './transports/sms.ts'

export type SenderOptions = {
  db: Db
  log: Logger
  /** Where status links point and who the configured branches are, to render messages. */
  deps: ContextDeps
  mail: MailSender
  sms: SmsSender
  /** MAIL_FROM: its domain names the Message-IDs. */
  mailFrom: string
  retry: RetryPolicy
  /** How long a claimed job stays with its sender before another may take it (ms). */
  leaseMs: number
  /** Jobs claimed (and sent side by side) per round. */
  batchSize: number
}

async function deliver(job: Job, message: Message, opts: SenderOptions): Promise<string> {
  if (job.channel === 'sms') return (await opts.sms.send(job.recipient, message.body)).id
  const sent = await opts.mail.send({
    // The same id on every attempt of this job: a resend after a crash between the server's
    // acceptance and our status update is recognisable as the same message.
    messageId: messageIdFor(job.id, opts.mailFrom),
    to: job.recipient,
    fromName: message.fromName,
    replyTo: message.replyTo,
    subject: message.subject ?? '',
    text: message.body,
    html: message.html,
  })
  return sent.id
}

/**
 * Renews the job's claim every third of the lease until `stop()`, which also waits for a renewal
 * on its way (a late one must not push out the back-off written after it).
 */
function holdClaim(job: Job, opts: SenderOptions): { stop(): Promise<void> } {
  let pending: Promise<void> = Promise.resolve()
  const timer = setInterval(
    () => {
      pending = renewClaim(opts.db, job, opts.leaseMs).then(
        (held) => {
          if (!held)
            opts.log.warn({ jobId: job.id, attempt: job.attempts }, 'notification claim lost while sending')
        },
        (err) => opts.log.warn({ err, jobId: job.id }, 'notification claim not renewed'),
      )
    },
    Math.max(10, Math.floor(opts.leaseMs / 3)),
  )
  timer.unref()
  return {
    stop: () => {
      clearInterval(timer)
      return pending
    },
  }
}

/**
 * Records sent jobs: those that finish in the same turn of the event loop share one UPDATE (a
 * batch of log or fast SMTP sends becomes one statement). A send does not wait for its record,
 * so a slow database never holds up the next message; `idle()` waits for every record.
 */
type SentRecorder = { record(job: Job, transportId: string): void; idle(): Promise<void> }

function sentRecorder(opts: SenderOptions): SentRecorder {
  let pending: { job: Job; transportId: string }[] = []
  let flushing = 0
  let waiters: (() => void)[] = []
  const settle = () => {
    if (pending.length > 0 || flushing > 0) return
    for (const resolve of waiters) resolve()
    waiters = []
  }
  const flush = async () => {
    const batch = pending
    pending = []
    flushing++
    try {
      const recorded = await markSentMany(opts.db, batch)
      for (const { job } of batch) {
        if (!recorded.has(job.id))
          opts.log.warn({ jobId: job.id, attempt: job.attempts }, 'notification sent after its claim ran out')
      }
    } catch (err) {
      // The at-least-once edge: sent, but not recorded; after the lease it goes out again with
      // the same Message-ID (docs/notifications.md).
      for (const { job, transportId } of batch)
        opts.log.error({ err, jobId: job.id, transportId }, 'notification sent but not recorded')
    } finally {
      flushing--
      settle()
    }
  }
  return {
    record(job, transportId) {
      if (pending.length === 0) setImmediate(flush)
      pending.push({ job, transportId })
    },
    idle: () =>
      pending.length === 0 && flushing === 0 ? Promise.resolve() : new Promise((r) => waiters.push(r)),
  }
}

async function sendOne(
  job: Job,
  message: Message | Error,
  opts: SenderOptions,
  recorder: SentRecorder,
  claim: { stop(): Promise<void> } = holdClaim(job, opts),
): Promise<boolean> {
  const labels = { channel: job.channel, kind: job.kind }
  let transportId: string
  try {
    if (message instanceof Error) throw message
    transportId = await deliver(job, message, opts)
  } catch (err) {
    await claim.stop()
    const retryInMs = nextRetryMs(job.attempts, isPermanent(err), opts.retry)
    const error = describeError(err)
    notifierMetrics.failures.inc({ ...labels, final: String(retryInMs === null) })
    const context = {
      err,
      jobId: job.id,
      orderId: job.orderId,
      kind: job.kind,
      channel: job.channel,
      attempt: job.attempts,
      retryInMs,
    }
    if (retryInMs === null) opts.log.error(context, 'notification failed for good')
    else opts.log.warn(context, 'notification attempt failed, retrying')
    try {
      await markAttemptFailed(opts.db, job, { error, retryInMs })
    } catch (dbErr) {
      // The claim's lease runs out and the job is tried again: nothing is lost.
      opts.log.error({ err: dbErr, jobId: job.id }, 'notification failure could not be recorded')
    }
    return false
  }
  await claim.stop()
  notifierMetrics.sent.inc(labels)
  recorder.record(job, transportId)
  return true
}

/**
 * The notifier's own new jobs, claimed when they were made and sent from memory: up to
 * `concurrency` at once, up to `capacity` waiting. A waiting job's claim is renewed like a sending
 * one's, so a slow mail server never lets another notifier take it over.
 */
export type SendQueue = {
  /** How many more jobs may be handed over now. */
  readonly free: number
  push(claimed: readonly { job: Job; message: Message }[]): void
  /**
   * Stops: the sends under way finish and are recorded; the jobs still waiting are given back
   * (due at once for any notifier, e.g. the next process).
   */
  close(): Promise<void>
}

export function createSendQueue(
  opts: SenderOptions,
  limits: { concurrency: number; capacity: number },
): SendQueue {
  const waiting: { job: Job; message: Message; claim: { stop(): Promise<void> } }[] = []
  const recorder = sentRecorder(opts)
  let active = 0
  let closed = false
  let idle: (() => void)[] = []
  const pump = () => {
    while (!closed && active < limits.concurrency && waiting.length > 0) {
      const next = waiting.shift()!
      active++
      void sendOne(next.job, next.message, opts, recorder, next.claim)
        .catch((err) => opts.log.error({ err, jobId: next.job.id }, 'notification send failed'))
        .finally(() => {
          active--
          pump()
        })
    }
    if (active === 0) {
      for (const resolve of idle) resolve()
      idle = []
    }
  }
  return {
    get free() {
      return Math.max(0, limits.capacity - waiting.length - active)
    },
    push(claimed) {
      for (const { job, message } of claimed) waiting.push({ job, message, claim: holdClaim(job, opts) })
      pump()
    },
    async close() {
      closed = true
      const unsent = waiting.splice(0)
      await Promise.all(unsent.map((w) => w.claim.stop()))
      try {
        await releaseClaims(
          opts.db,
          unsent.map((w) => w.job),
        )
      } catch (err) {
        // Their leases run out and they are claimed again then: late, but not lost.
        opts.log.warn({ err, jobs: unsent.length }, 'notification claims not given back')
      }
      if (active > 0) await new Promise<void>((r) => idle.push(r))
      await recorder.idle()
    },
  }
}

/**
 * The messages of claimed jobs: the stored text of an old job, else rendered from the order at
 * the job's version and the branch and shop as they are now (one read of each for the batch).
 * A job whose message cannot be made gets a permanent error.
 */
async function messagesOf(jobs: readonly Job[], opts: SenderOptions): Promise<(Message | Error)[]> {
  const toRender = jobs.filter((j) => j.stored === null)
  const states = toRender.length > 0 ? await orderStatesAt(opts.db, toRender) : new Map()
  const branchIds = [...new Set(toRender.map((j) => j.branchId))]
  const contextFor =
    toRender.length > 0
      ? await batchContexts(opts.db, branchIds, opts.deps, productIdsOf(states.values()))
      : undefined
  return jobs.map((job) => {
    if (job.stored) return job.stored
    const order = states.get(atVersion(job.orderId, job.orderVersion))
    if (!order || !contextFor) return new DeliveryError(`order ${job.orderId} not found`, { permanent: true })
    try {
      return renderMessage(job, contextFor(order))
    } catch (err) {
      return new DeliveryError(`render failed: ${err instanceof Error ? err.message : String(err)}`, {
        permanent: true,
      })
    }
  })
}

/** Claims due jobs and sends them side by side; returns how many were claimed. */
export async function runSendBatch(opts: SenderOptions): Promise<number> {
  const jobs = await claimDueJobs(opts.db, opts.batchSize, opts.leaseMs)
  if (jobs.length === 0) return 0
  const messages = await messagesOf(jobs, opts)
  const recorder = sentRecorder(opts)
  await Promise.all(jobs.map((job, i) => sendOne(job, messages[i]!, opts, recorder)))
  await recorder.idle()
  return jobs.length
}
