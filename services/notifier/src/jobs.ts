import { randomUUID } from 'node:crypto'
import type { Database } from '@shop/kit'
import { type Kysely, sql, type Transaction } from 'kysely'

type Executor = Kysely<Database> | Transaction<Database>

export const NOTIFICATION_KINDS = [
  'new-order',
  'confirmed',
  'rejected',
  'counter-appointment',
  'ready',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
export type Channel = 'email' | 'sms'
export type Audience = 'customer' | 'branch'
export type JobStatus = 'pending' | 'sent' | 'failed'

/** A message to send, rendered when the job is made: a retry sends the same text. */
export type JobSpec = {
  orderId: string
  branchId: string
  /** The event id, or `resend:<id>`: with kind, channel and audience the job's unique key. */
  sourceId: string
  sourceType: string
  kind: NotificationKind
  channel: Channel
  audience: Audience
  recipient: string
  locale: string
  fromName: string | null
  replyTo: string | null
  subject: string | null
  body: string
  html: string | null
  /** Made as failed (e.g. the message could not be rendered): kept visible, never sent. */
  failedWith?: string
}

/** A stored job: its spec (minus the failure it may have been made with) and its delivery state. */
export type Job = Omit<JobSpec, 'failedWith'> & {
  id: string
  status: JobStatus
  attempts: number
  nextAttemptAt: string
  lastError: string | null
  transportId: string | null
  createdAt: string
  updatedAt: string
  sentAt: string | null
}

type JobRow = {
  id: string
  order_id: string
  branch_id: string
  source_id: string
  source_type: string
  kind: NotificationKind
  channel: Channel
  audience: Audience
  recipient: string
  locale: string
  from_name: string | null
  reply_to: string | null
  subject: string | null
  body: string
  html: string | null
  status: JobStatus
  attempts: number
  next_attempt_at: Date | string
  last_error: string | null
  transport_id: string | null
  created_at: Date | string
  updated_at: Date | string
  sent_at: Date | string | null
}

const iso = (v: Date | string) => new Date(v).toISOString()

function toJob(r: JobRow): Job {
  return {
    id: r.id,
    orderId: r.order_id,
    branchId: r.branch_id,
    sourceId: r.source_id,
    sourceType: r.source_type,
    kind: r.kind,
    channel: r.channel,
    audience: r.audience,
    recipient: r.recipient,
    locale: r.locale,
    fromName: r.from_name,
    replyTo: r.reply_to,
    subject: r.subject,
    body: r.body,
    html: r.html,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: iso(r.next_attempt_at),
    lastError: r.last_error,
    transportId: r.transport_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    sentAt: r.sent_at === null ? null : iso(r.sent_at),
  }
}

const COLUMNS = sql.raw(`id::text AS id, order_id, branch_id, source_id, source_type, kind, channel, audience,
  recipient, locale, from_name, reply_to, subject, body, html, status, attempts, next_attempt_at,
  last_error, transport_id, created_at, updated_at, sent_at`)

/**
 * Inserts jobs; one whose key (source, kind, channel, audience) exists already is skipped, so a
 * replayed event inserts nothing. Returns the jobs inserted now.
 */
export async function insertJobs(db: Executor, specs: readonly JobSpec[]): Promise<Job[]> {
  const inserted: Job[] = []
  for (const s of specs) {
    const failed = s.failedWith !== undefined
    const { rows } = await sql<JobRow>`
      INSERT INTO notification_jobs (id, order_id, branch_id, source_id, source_type, kind, channel, audience,
                                     recipient, locale, from_name, reply_to, subject, body, html, status,
                                     last_error)
      VALUES (${randomUUID()}::uuid, ${s.orderId}, ${s.branchId}, ${s.sourceId}, ${s.sourceType}, ${s.kind},
              ${s.channel}, ${s.audience}, ${s.recipient}, ${s.locale}, ${s.fromName}, ${s.replyTo},
              ${s.subject}, ${s.body}, ${s.html}, ${failed ? 'failed' : 'pending'}, ${s.failedWith ?? null})
      ON CONFLICT ON CONSTRAINT notification_jobs_source_key DO NOTHING
      RETURNING ${COLUMNS}`.execute(db)
    if (rows[0]) inserted.push(toJob(rows[0]))
  }
  return inserted
}

export async function findJobBySource(
  db: Executor,
  key: Pick<JobSpec, 'sourceId' | 'kind' | 'channel' | 'audience'>,
): Promise<Job | undefined> {
  const { rows } = await sql<JobRow>`
    SELECT ${COLUMNS} FROM notification_jobs
     WHERE source_id = ${key.sourceId} AND kind = ${key.kind} AND channel = ${key.channel}
       AND audience = ${key.audience}`.execute(db)
  return rows[0] ? toJob(rows[0]) : undefined
}

/** An order's notifications, oldest first: its notification log. */
export async function listOrderJobs(db: Executor, orderId: string): Promise<Job[]> {
  const { rows } = await sql<JobRow>`
    SELECT ${COLUMNS} FROM notification_jobs WHERE order_id = ${orderId}
     ORDER BY created_at, kind, channel, audience`.execute(db)
  return rows.map(toJob)
}

/**
 * Claims up to `limit` due jobs for one sender: each one's attempt is counted and its due time
 * pushed out by the lease, in one short statement. Rows another sender is claiming right now
 * are skipped (SKIP LOCKED). No transaction stays open while sending: it would hold back the
 * xid horizon every event reader waits for. A sender that dies mid-send leaves the job to be
 * claimed again when the lease is over.
 */
export async function claimDueJobs(db: Executor, limit: number, leaseMs: number): Promise<Job[]> {
  const { rows } = await sql<JobRow>`
    UPDATE notification_jobs
       SET attempts = attempts + 1,
           next_attempt_at = now() + ${leaseMs}::float8 * interval '1 millisecond',
           updated_at = now()
     WHERE id IN (SELECT id FROM notification_jobs
                   WHERE status = 'pending' AND next_attempt_at <= now()
                   ORDER BY next_attempt_at
                   LIMIT ${limit}
                   FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`.execute(db)
  return rows.map(toJob)
}

/**
 * The outcome of the attempt `job.attempts` (a sent job keeps the error of an earlier attempt:
 * the log shows it went out after trouble): written only while the job is still in that claim
 * (a sender whose lease ran out does not overwrite a newer attempt's outcome).
 */
export async function markSent(db: Executor, job: Job, transportId: string | null): Promise<boolean> {
  const result = await sql`
    UPDATE notification_jobs
       SET status = 'sent', sent_at = now(), updated_at = now(), transport_id = ${transportId}
     WHERE id = ${job.id}::uuid AND status = 'pending' AND attempts = ${job.attempts}`.execute(db)
  return Number(result.numAffectedRows ?? 0) > 0
}

/**
 * Keeps a claim while its send runs (the sender renews it every third of the lease): only a
 * sender that died or lost the database lets its lease run out. False: the claim is gone.
 */
export async function renewClaim(db: Executor, job: Job, leaseMs: number): Promise<boolean> {
  const result = await sql`
    UPDATE notification_jobs
       SET next_attempt_at = now() + ${leaseMs}::float8 * interval '1 millisecond'
     WHERE id = ${job.id}::uuid AND status = 'pending' AND attempts = ${job.attempts}`.execute(db)
  return Number(result.numAffectedRows ?? 0) > 0
}

export async function markAttemptFailed(
  db: Executor,
  job: Job,
  outcome: { error: string; retryInMs: number | null },
): Promise<boolean> {
  const result =
    outcome.retryInMs === null
      ? await sql`
          UPDATE notification_jobs SET status = 'failed', last_error = ${outcome.error}, updated_at = now()
           WHERE id = ${job.id}::uuid AND status = 'pending' AND attempts = ${job.attempts}`.execute(db)
      : await sql`
          UPDATE notification_jobs
             SET last_error = ${outcome.error}, updated_at = now(),
                 next_attempt_at = now() + ${outcome.retryInMs}::float8 * interval '1 millisecond'
           WHERE id = ${job.id}::uuid AND status = 'pending' AND attempts = ${job.attempts}`.execute(db)
  return Number(result.numAffectedRows ?? 0) > 0
}

/** When the next pending job is due (ms from now, ≥ 0), or undefined when none is pending. */
export async function msUntilNextDue(db: Executor): Promise<number | undefined> {
  const { rows } = await sql<{ ms: string | number | null }>`
    SELECT greatest(0, extract(epoch FROM min(next_attempt_at) - now()) * 1000) AS ms
      FROM notification_jobs WHERE status = 'pending'`.execute(db)
  const ms = rows[0]?.ms
  return ms === null || ms === undefined ? undefined : Math.ceil(Number(ms))
}

/** The order's view of a job (GET /api/orders/{id}/notifications). */
export function jobView(job: Job) {
  return {
    id: job.id,
    kind: job.kind,
    channel: job.channel,
    audience: job.audience,
    recipient: job.recipient,
    subject: job.subject,
    trigger: job.sourceType === 'resend' ? 'resend' : 'event',
    sourceType: job.sourceType,
    status: job.status,
    attempts: job.attempts,
    lastError: job.lastError,
    nextAttemptAt: job.status === 'pending' ? job.nextAttemptAt : null,
    sentAt: job.sentAt,
    transportId: job.transportId,
    createdAt: job.createdAt,
  }
}
export type JobView = ReturnType<typeof jobView>
