import type { Db, Logger } from '@shop/kit'
import { nextRetryMs, type RetryPolicy } from './backoff.ts'
import { claimDueJobs, type Job, markAttemptFailed, markSent, renewClaim } from './jobs.ts'
import { notifierMetrics } from './metrics.ts'
import { describeError, isPermanent } from './transports/delivery-error.ts'
import { type MailSender, messageIdFor } from './transports/mail.ts'
import type { SmsSender } from './transports/sms.ts'

export type SenderOptions = {
  db: Db
  log: Logger
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

async function deliver(job: Job, opts: SenderOptions): Promise<string> {
  if (job.channel === 'sms') return (await opts.sms.send(job.recipient, job.body)).id
  const sent = await opts.mail.send({
    // The same id on every attempt of this job: a resend after a crash between the server's
    // acceptance and our status update is recognisable as the same message.
    messageId: messageIdFor(job.id, opts.mailFrom),
    to: job.recipient,
    fromName: job.fromName,
    replyTo: job.replyTo,
    subject: job.subject ?? '',
    text: job.body,
    html: job.html,
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

async function sendOne(job: Job, opts: SenderOptions): Promise<boolean> {
  const labels = { channel: job.channel, kind: job.kind }
  let transportId: string
  const claim = holdClaim(job, opts)
  try {
    transportId = await deliver(job, opts)
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
  try {
    if (!(await markSent(opts.db, job, transportId))) {
      opts.log.warn({ jobId: job.id, attempt: job.attempts }, 'notification sent after its claim ran out')
    }
  } catch (err) {
    // The at-least-once edge: sent, but not recorded; after the lease it goes out again with
    // the same Message-ID (docs/notifications.md).
    opts.log.error({ err, jobId: job.id, transportId }, 'notification sent but not recorded')
  }
  return true
}

/** Claims due jobs and sends them side by side; returns how many were claimed. */
export async function runSendBatch(opts: SenderOptions): Promise<number> {
  const jobs = await claimDueJobs(opts.db, opts.batchSize, opts.leaseMs)
  await Promise.all(jobs.map((job) => sendOne(job, opts)))
  return jobs.length
}
